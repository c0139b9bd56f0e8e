// Written by scripts/gen-route-refs.ts (`npm run gen:routes`) from contract/routes-bills.ts: do not edit.
// Each route's method and path, and its answer's schema on demand, for the browser (decision 035); the types
import type { RouteRefs } from '../route.ts';
// come from the descriptors.
import type * as contract from '../routes-bills.ts';

/** The module with the schemas, loaded with the first answer to check (not with the page that calls). */
const schemas = () => import('../routes-bills.ts');

export const billRoutes: RouteRefs<typeof contract.billRoutes> = {
  tariffs: { method: 'GET', path: '/api/tariffs', response: () => schemas().then((m) => m.billRoutes.tariffs.response) },
  billList: { method: 'GET', path: '/api/bills', response: () => schemas().then((m) => m.billRoutes.billList.response) },
  billFindOne: {
    method: 'GET',
    path: '/api/bills/:id',
    response: () => schemas().then((m) => m.billRoutes.billFindOne.response),
  },
};
