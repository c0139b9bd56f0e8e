// Written by scripts/gen-route-refs.ts (`npm run gen:routes`) from contract/routes-forms.ts: do not edit.
// The method and path of each route, for the browser (decision 035); the types come from the descriptors.
import type { RouteRefs } from '../route.ts';
import type * as contract from '../routes-forms.ts';

export const formsRoutes: RouteRefs<typeof contract.formsRoutes> = {
  activityValidator: { method: 'GET', path: '/api/forms/validators/:serviceSlug/:activityId/:version/:file' },
  formValidator: { method: 'GET', path: '/api/forms/validators/forms/:formKey/:file' },
};
