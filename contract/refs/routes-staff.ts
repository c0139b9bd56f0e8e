// Written by scripts/gen-route-refs.ts (`npm run gen:routes`) from contract/routes-staff.ts: do not edit.
// The method and path of each route, for the browser (decision 035); the types come from the descriptors.
import type { RouteRefs } from '../route.ts';
import type * as contract from '../routes-staff.ts';

export const staffRoutes: RouteRefs<typeof contract.staffRoutes> = {
  staffRequest: { method: 'GET', path: '/api/staff/requests/:serviceSlug/:id' },
  staffAssign: { method: 'POST', path: '/api/staff/requests/:serviceSlug/:id/assign' },
  staffStatus: { method: 'POST', path: '/api/staff/requests/:serviceSlug/:id/status' },
  staffComment: { method: 'POST', path: '/api/staff/requests/:serviceSlug/:id/comments' },
  staffEscalate: { method: 'POST', path: '/api/staff/requests/:serviceSlug/:id/escalate' },
  staffColleagues: { method: 'GET', path: '/api/staff/requests/:serviceSlug/:id/colleagues' },
  bulkAssign: { method: 'POST', path: '/api/staff/assign-requests' },
  installationCompanies: { method: 'GET', path: '/api/staff/installation-companies' },
  userGuides: { method: 'GET', path: '/api/userGuides' },
  ownerToken: { method: 'POST', path: '/api/staff/owner-token' },
  staffInbox: { method: 'GET', path: '/api/dynamic_services/inbox' },
  staffInboxCount: { method: 'GET', path: '/api/dynamic_services/inbox/count' },
  requestsInbox: { method: 'GET', path: '/api/dynamic_services/requestsInbox' },
};
