// Written by scripts/gen-route-refs.ts (`npm run gen:routes`) from contract/routes-meters.ts: do not edit.
// The method and path of each route, for the browser (decision 035); the types come from the descriptors.
import type { RouteRefs } from '../route.ts';
import type * as contract from '../routes-meters.ts';

export const meterRoutes: RouteRefs<typeof contract.meterRoutes> = {
  meterList: { method: 'GET', path: '/api/meters' },
  meterAdd: { method: 'POST', path: '/api/meters' },
  meterOne: { method: 'GET', path: '/api/meters/:id' },
  meterUpdate: { method: 'PATCH', path: '/api/meters/:id' },
  meterRemove: { method: 'POST', path: '/api/meters/:id/remove' },
  readingList: { method: 'GET', path: '/api/meters/:id/readings' },
  readingSubmit: { method: 'POST', path: '/api/meters/:id/readings' },
  staffMeterList: { method: 'GET', path: '/api/staff/meters' },
  staffMeterDecide: { method: 'POST', path: '/api/staff/meters/:id/decision' },
};
