// Written by scripts/gen-route-refs.ts (`npm run gen:routes`) from contract/routes-staff.ts: do not edit.
// Each route's method and path, and its answer's schema on demand, for the browser (decision 035); the types
import type { RouteRefs } from '../route.ts';
// come from the descriptors.
import type * as contract from '../routes-staff.ts';

/** The module with the schemas, loaded with the first answer to check (not with the page that calls). */
const schemas = () => import('../routes-staff.ts');

export const staffRoutes: RouteRefs<typeof contract.staffRoutes> = {
  staffRequest: {
    method: 'GET',
    path: '/api/staff/requests/:serviceSlug/:id',
    response: () => schemas().then((m) => m.staffRoutes.staffRequest.response),
  },
  staffAssign: {
    method: 'POST',
    path: '/api/staff/requests/:serviceSlug/:id/assign',
    response: () => schemas().then((m) => m.staffRoutes.staffAssign.response),
  },
  staffStatus: {
    method: 'POST',
    path: '/api/staff/requests/:serviceSlug/:id/status',
    response: () => schemas().then((m) => m.staffRoutes.staffStatus.response),
  },
  staffComment: {
    method: 'POST',
    path: '/api/staff/requests/:serviceSlug/:id/comments',
    response: () => schemas().then((m) => m.staffRoutes.staffComment.response),
  },
  staffEscalate: {
    method: 'POST',
    path: '/api/staff/requests/:serviceSlug/:id/escalate',
    response: () => schemas().then((m) => m.staffRoutes.staffEscalate.response),
  },
  staffColleagues: {
    method: 'GET',
    path: '/api/staff/requests/:serviceSlug/:id/colleagues',
    response: () => schemas().then((m) => m.staffRoutes.staffColleagues.response),
  },
  bulkAssign: {
    method: 'POST',
    path: '/api/staff/assign-requests',
    response: () => schemas().then((m) => m.staffRoutes.bulkAssign.response),
  },
  installationCompanies: {
    method: 'GET',
    path: '/api/staff/installation-companies',
    response: () => schemas().then((m) => m.staffRoutes.installationCompanies.response),
  },
  userGuides: {
    method: 'GET',
    path: '/api/userGuides',
    response: () => schemas().then((m) => m.staffRoutes.userGuides.response),
  },
  ownerToken: {
    method: 'POST',
    path: '/api/staff/owner-token',
    response: () => schemas().then((m) => m.staffRoutes.ownerToken.response),
  },
  companyOwnerToken: {
    method: 'POST',
    path: '/api/staff/owner-token/company',
    response: () => schemas().then((m) => m.staffRoutes.companyOwnerToken.response),
  },
  staffSetFee: {
    method: 'POST',
    path: '/api/staff/requests/:serviceSlug/:id/fee',
    response: () => schemas().then((m) => m.staffRoutes.staffSetFee.response),
  },
  citizenFinance: {
    method: 'GET',
    path: '/api/staff/citizens/:id/finance',
    response: () => schemas().then((m) => m.staffRoutes.citizenFinance.response),
  },
  refundPayment: {
    method: 'POST',
    path: '/api/staff/payments/:id/refund',
    response: () => schemas().then((m) => m.staffRoutes.refundPayment.response),
  },
  staffInbox: {
    method: 'GET',
    path: '/api/dynamic_services/inbox',
    response: () => schemas().then((m) => m.staffRoutes.staffInbox.response),
  },
  staffInboxCount: {
    method: 'GET',
    path: '/api/dynamic_services/inbox/count',
    response: () => schemas().then((m) => m.staffRoutes.staffInboxCount.response),
  },
  requestsInbox: {
    method: 'GET',
    path: '/api/dynamic_services/requestsInbox',
    response: () => schemas().then((m) => m.staffRoutes.requestsInbox.response),
  },
};
