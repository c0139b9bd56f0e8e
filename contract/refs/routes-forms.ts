// Written by scripts/gen-route-refs.ts (`npm run gen:routes`) from contract/routes-forms.ts: do not edit.
// Each route's method and path, and its answer's schema on demand, for the browser (decision 035); the types
import type { RouteRefs } from '../route.ts';
// come from the descriptors.
import type * as contract from '../routes-forms.ts';

/** The module with the schemas, loaded with the first answer to check (not with the page that calls). */
const schemas = () => import('../routes-forms.ts');

export const formsRoutes: RouteRefs<typeof contract.formsRoutes> = {
  activityValidator: {
    method: 'GET',
    path: '/api/forms/validators/:serviceSlug/:activityId/:version/:file',
    response: () => schemas().then((m) => m.formsRoutes.activityValidator.response),
  },
  serviceFormVersion: {
    method: 'GET',
    path: '/api/forms/services/:serviceSlug/versions/:version',
    response: () => schemas().then((m) => m.formsRoutes.serviceFormVersion.response),
  },
  formValidator: {
    method: 'GET',
    path: '/api/forms/validators/forms/:formKey/:file',
    response: () => schemas().then((m) => m.formsRoutes.formValidator.response),
  },
};
