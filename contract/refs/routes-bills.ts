// Written by scripts/gen-route-refs.ts (`npm run gen:routes`) from contract/routes-bills.ts: do not edit.
// The method and path of each route, for the browser (decision 035); the types come from the descriptors.
import type { RouteRefs } from '../route.ts';
import type * as contract from '../routes-bills.ts';

export const billRoutes: RouteRefs<typeof contract.billRoutes> = {
  tariffs: { method: 'GET', path: '/api/tariffs' },
  billList: { method: 'GET', path: '/api/bills' },
  billFindOne: { method: 'GET', path: '/api/bills/:id' },
};
