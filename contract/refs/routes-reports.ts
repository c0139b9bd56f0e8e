// Written by scripts/gen-route-refs.ts (`npm run gen:routes`) from contract/routes-reports.ts: do not edit.
// Each route's method and path, and its answer's schema on demand, for the browser (decision 035); the types
import type { RouteRefs } from '../route.ts';
// come from the descriptors.
import type * as contract from '../routes-reports.ts';

/** The module with the schemas, loaded with the first answer to check (not with the page that calls). */
const schemas = () => import('../routes-reports.ts');

export const reportRoutes: RouteRefs<typeof contract.reportRoutes> = {
  reportRead: {
    method: 'GET',
    path: '/api/reports/:reportId',
    response: () => schemas().then((m) => m.reportRoutes.reportRead.response),
  },
  reportExport: {
    method: 'GET',
    path: '/api/reports/:reportId/export',
    response: () => schemas().then((m) => m.reportRoutes.reportExport.response),
  },
  reportExports: {
    method: 'GET',
    path: '/api/reports/exports',
    response: () => schemas().then((m) => m.reportRoutes.reportExports.response),
  },
  serviceReport: {
    method: 'GET',
    path: '/api/requests/:serviceSlug/reports',
    response: () => schemas().then((m) => m.reportRoutes.serviceReport.response),
  },
};
