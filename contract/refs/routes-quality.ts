// Written by scripts/gen-route-refs.ts (`npm run gen:routes`) from contract/routes-quality.ts: do not edit.
// Each route's method and path, and its answer's schema on demand, for the browser (decision 035); the types
import type { RouteRefs } from '../route.ts';
// come from the descriptors.
import type * as contract from '../routes-quality.ts';

/** The module with the schemas, loaded with the first answer to check (not with the page that calls). */
const schemas = () => import('../routes-quality.ts');

export const qualityRoutes: RouteRefs<typeof contract.qualityRoutes> = {
  qualityRatings: {
    method: 'GET',
    path: '/api/quality/ratings',
    response: () => schemas().then((m) => m.qualityRoutes.qualityRatings.response),
  },
  qualityBreaches: {
    method: 'GET',
    path: '/api/quality/breaches',
    response: () => schemas().then((m) => m.qualityRoutes.qualityBreaches.response),
  },
  qualityComments: {
    method: 'GET',
    path: '/api/quality/comments',
    response: () => schemas().then((m) => m.qualityRoutes.qualityComments.response),
  },
  qualityFollowUps: {
    method: 'GET',
    path: '/api/quality/follow-ups',
    response: () => schemas().then((m) => m.qualityRoutes.qualityFollowUps.response),
  },
  qualityFollowUpReply: {
    method: 'POST',
    path: '/api/quality/follow-ups/:id/reply',
    response: () => schemas().then((m) => m.qualityRoutes.qualityFollowUpReply.response),
  },
  qualityFollowUpStatus: {
    method: 'POST',
    path: '/api/quality/follow-ups/:id/status',
    response: () => schemas().then((m) => m.qualityRoutes.qualityFollowUpStatus.response),
  },
  contactMessages: {
    method: 'GET',
    path: '/api/quality/contact-messages',
    response: () => schemas().then((m) => m.qualityRoutes.contactMessages.response),
  },
  contactAssign: {
    method: 'POST',
    path: '/api/quality/contact-messages/:id/assign',
    response: () => schemas().then((m) => m.qualityRoutes.contactAssign.response),
  },
  contactReply: {
    method: 'POST',
    path: '/api/quality/contact-messages/:id/reply',
    response: () => schemas().then((m) => m.qualityRoutes.contactReply.response),
  },
  contactClose: {
    method: 'POST',
    path: '/api/quality/contact-messages/:id/close',
    response: () => schemas().then((m) => m.qualityRoutes.contactClose.response),
  },
  qualityColleagues: {
    method: 'GET',
    path: '/api/quality/colleagues',
    response: () => schemas().then((m) => m.qualityRoutes.qualityColleagues.response),
  },
};
