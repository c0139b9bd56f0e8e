// Written by scripts/gen-route-refs.ts (`npm run gen:routes`) from contract/service-page.ts: do not edit.
// The method and path of each route, for the browser (decision 035); the types come from the descriptors.
import type { RouteRef } from '../route.ts';
import type * as contract from '../service-page.ts';

export const servicePageRead: RouteRef<typeof contract.servicePageRead> = {
  method: 'GET',
  path: '/api/dynamic_services/findOne',
};
