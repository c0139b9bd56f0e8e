// Written by scripts/gen-route-refs.ts (`npm run gen:routes`) from contract/routes-meters.ts: do not edit.
// Each route's method and path, and its answer's schema on demand, for the browser (decision 035); the types
import type { RouteRefs } from '../route.ts';
// come from the descriptors.
import type * as contract from '../routes-meters.ts';

/** The module with the schemas, loaded with the first answer to check (not with the page that calls). */
const schemas = () => import('../routes-meters.ts');

export const meterRoutes: RouteRefs<typeof contract.meterRoutes> = {
  meterList: { method: 'GET', path: '/api/meters', response: () => schemas().then((m) => m.meterRoutes.meterList.response) },
  meterAdd: { method: 'POST', path: '/api/meters', response: () => schemas().then((m) => m.meterRoutes.meterAdd.response) },
  meterOne: { method: 'GET', path: '/api/meters/:id', response: () => schemas().then((m) => m.meterRoutes.meterOne.response) },
  meterUpdate: {
    method: 'PATCH',
    path: '/api/meters/:id',
    response: () => schemas().then((m) => m.meterRoutes.meterUpdate.response),
  },
  meterRemove: {
    method: 'POST',
    path: '/api/meters/:id/remove',
    response: () => schemas().then((m) => m.meterRoutes.meterRemove.response),
  },
  readingList: {
    method: 'GET',
    path: '/api/meters/:id/readings',
    response: () => schemas().then((m) => m.meterRoutes.readingList.response),
  },
  readingSubmit: {
    method: 'POST',
    path: '/api/meters/:id/readings',
    response: () => schemas().then((m) => m.meterRoutes.readingSubmit.response),
  },
  staffMeterList: {
    method: 'GET',
    path: '/api/staff/meters',
    response: () => schemas().then((m) => m.meterRoutes.staffMeterList.response),
  },
  staffMeterDecide: {
    method: 'POST',
    path: '/api/staff/meters/:id/decision',
    response: () => schemas().then((m) => m.meterRoutes.staffMeterDecide.response),
  },
};
