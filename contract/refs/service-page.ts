// Written by scripts/gen-route-refs.ts (`npm run gen:routes`) from contract/service-page.ts: do not edit.
// Each route's method and path, and its answer's schema on demand, for the browser (decision 035); the types
import type { RouteRef } from '../route.ts';
// come from the descriptors.
import type * as contract from '../service-page.ts';

/** The module with the schemas, loaded with the first answer to check (not with the page that calls). */
const schemas = () => import('../service-page.ts');

export const servicePageRead: RouteRef<typeof contract.servicePageRead> = {
  method: 'GET',
  path: '/api/dynamic_services/findOne',
  response: () => schemas().then((m) => m.servicePageRead.response),
};
