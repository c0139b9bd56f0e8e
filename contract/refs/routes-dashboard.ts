// Written by scripts/gen-route-refs.ts (`npm run gen:routes`) from contract/routes-dashboard.ts: do not edit.
// Each route's method and path, and its answer's schema on demand, for the browser (decision 035); the types
import type { RouteRefs } from '../route.ts';
// come from the descriptors.
import type * as contract from '../routes-dashboard.ts';

/** The module with the schemas, loaded with the first answer to check (not with the page that calls). */
const schemas = () => import('../routes-dashboard.ts');

export const dashboardRoutes: RouteRefs<typeof contract.dashboardRoutes> = {
  dashboard: {
    method: 'GET',
    path: '/api/dashboard',
    response: () => schemas().then((m) => m.dashboardRoutes.dashboard.response),
  },
};
