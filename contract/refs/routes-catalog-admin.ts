// Written by scripts/gen-route-refs.ts (`npm run gen:routes`) from contract/routes-catalog-admin.ts: do not edit.
// Each route's method and path, and its answer's schema on demand, for the browser (decision 035); the types
import type { RouteRefs } from '../route.ts';
// come from the descriptors.
import type * as contract from '../routes-catalog-admin.ts';

/** The module with the schemas, loaded with the first answer to check (not with the page that calls). */
const schemas = () => import('../routes-catalog-admin.ts');

export const catalogAdminRoutes: RouteRefs<typeof contract.catalogAdminRoutes> = {
  catalogServices: {
    method: 'GET',
    path: '/api/staff/catalog/services',
    response: () => schemas().then((m) => m.catalogAdminRoutes.catalogServices.response),
  },
  catalogService: {
    method: 'GET',
    path: '/api/staff/catalog/services/:serviceSlug',
    response: () => schemas().then((m) => m.catalogAdminRoutes.catalogService.response),
  },
  catalogServiceSettings: {
    method: 'PUT',
    path: '/api/staff/catalog/services/:serviceSlug/settings',
    response: () => schemas().then((m) => m.catalogAdminRoutes.catalogServiceSettings.response),
  },
  catalogServiceForm: {
    method: 'PUT',
    path: '/api/staff/catalog/services/:serviceSlug/form',
    response: () => schemas().then((m) => m.catalogAdminRoutes.catalogServiceForm.response),
  },
};
