// Written by scripts/gen-route-refs.ts (`npm run gen:routes`) from contract/routes-audit.ts: do not edit.
// Each route's method and path, and its answer's schema on demand, for the browser (decision 035); the types
import type { RouteRefs } from '../route.ts';
// come from the descriptors.
import type * as contract from '../routes-audit.ts';

/** The module with the schemas, loaded with the first answer to check (not with the page that calls). */
const schemas = () => import('../routes-audit.ts');

export const auditRoutes: RouteRefs<typeof contract.auditRoutes> = {
  dataAccessList: {
    method: 'GET',
    path: '/api/audit/data-access',
    response: () => schemas().then((m) => m.auditRoutes.dataAccessList.response),
  },
  dataAccessExport: {
    method: 'GET',
    path: '/api/audit/data-access/export',
    response: () => schemas().then((m) => m.auditRoutes.dataAccessExport.response),
  },
  myDataAccess: {
    method: 'GET',
    path: '/api/data-access/mine',
    response: () => schemas().then((m) => m.auditRoutes.myDataAccess.response),
  },
  reportLook: {
    method: 'POST',
    path: '/api/data-access/mine/:id/report',
    response: () => schemas().then((m) => m.auditRoutes.reportLook.response),
  },
};
