import type { FastifyInstance } from 'fastify';
import { ROLE } from '../../contract/roles.ts';
import { dashboardRoutes as r } from '../../contract/routes-dashboard.ts';
import type { Db } from '../db/client.ts';
import type { CatalogStore } from '../domain/catalog/catalog-store.ts';
import { dashboard } from '../domain/reports/dashboard.ts';
import { requireStaffMember } from '../domain/staff/actions.ts';
import { signedInViewer } from '../http/auth.ts';
import { registerRoute } from '../http/register.ts';

/*
 * The statistics dashboard (issue 25, decision 057): the descriptor admits ANALYTICS_DASHBOARD_USER; the use case
 * counts within the caller's scope as stored (company, sector, service centers), with collections only for a
 * caller who also holds ACCESS_FINANCIAL_REPORTS. The caller is read from the primary; the figures from the
 * reports' database (REPORTS_DATABASE_URL's replica when set).
 */
export function dashboardRoutes(app: FastifyInstance, db: Db, reportsDb: Db, catalog: CatalogStore): void {
  registerRoute(app, r.dashboard, async (_input, req) => {
    const v = signedInViewer(req);
    const m = await requireStaffMember(db, v.userId);
    return dashboard(reportsDb, {
      scope: { companyId: m.companyId, sectorId: m.sectorId, serviceCenterIds: m.serviceCenterIds },
      financial: m.roles.includes(ROLE.financialReports),
      services: await catalog.services('staff'),
    });
  });
}
