import type { FastifyInstance } from 'fastify';
import { count, desc } from 'drizzle-orm';
import { isFinancialReport, type TReportId, type TReportQuery } from '../../contract/reports.ts';
import { ROLE, ROLES_FOR } from '../../contract/roles.ts';
import { reportRoutes as r } from '../../contract/routes-reports.ts';
import type { Db } from '../db/client.ts';
import { reportExports } from '../db/schema.ts';
import { AppError } from '../domain/app-error.ts';
import type { CatalogStore } from '../domain/catalog/catalog-store.ts';
import { exportReport } from '../domain/reports/export.ts';
import { parseReportQuery, type ReportFilterName } from '../domain/reports/filters.ts';
import { reportRunner, type ReportRunner } from '../domain/reports/registry.ts';
import { assertWithinScope, type ReportScope } from '../domain/reports/scope.ts';
import { requireStaffMember } from '../domain/staff/actions.ts';
import type { StaffMember } from '../domain/staff/scope.ts';
import { signedInViewer } from '../http/auth.ts';
import { registerRoute } from '../http/register.ts';
import { lookerOf } from '../http/looker.ts';
import { recordLook } from '../domain/audit/data-access.ts';
import { langOf } from '../http/sign-in.ts';
import { contentDisposition } from './files.ts';

/*
 * Reports (issue 25, decision 056): thin adapters from HTTP to server/domain/reports. The descriptors admit the
 * reports roles (or, on `{service}/reports`, any staff member, the handler asking for a reports role or the
 * service's product role); here: financial ids only with ACCESS_FINANCIAL_REPORTS, the query parsed against the
 * report's dimensions and filters, the caller's scope taken from their account.
 */

const DEFAULT_FILTERS: readonly ReportFilterName[] = ['service', 'companyId', 'sectorId', 'serviceCenterId'];

/** A staff member holds a service's product role (spec `{product}`) when their roles name the service's slug. */
export const holdsProductRole = (m: Pick<StaffMember, 'roles'>, serviceSlug: string) => m.roles.includes(serviceSlug);

function runnerFor(id: TReportId, m: StaffMember): ReportRunner {
  if (isFinancialReport(id) && !m.roles.includes(ROLE.financialReports))
    throw new AppError('FORBIDDEN', 'Financial reports need the financial reports role');
  const runner = reportRunner(id);
  if (!runner) throw new AppError('NOT_FOUND', 'No such report');
  return runner;
}

const scopeOf = (m: StaffMember, serviceSlug?: string): ReportScope => ({
  companyId: m.companyId,
  sectorId: m.sectorId,
  serviceCenterIds: m.serviceCenterIds,
  ...(serviceSlug !== undefined ? { serviceSlug } : {}),
});

/** `db`: the primary (the caller's account, the export log); `reads`: where figures are read (decision 056). */
export function reportRoutes(app: FastifyInstance, db: Db, reads: Db, catalog: CatalogStore): void {
  const maxMonths = app.config.reportMaxMonths;
  const parse = async (runner: ReportRunner, query: TReportQuery, scope: ReportScope) => {
    const f = parseReportQuery(
      query,
      { dimensions: runner.dimensions, filters: runner.filters ?? DEFAULT_FILTERS },
      { maxMonths, services: await catalog.services('staff'), now: new Date() },
    );
    assertWithinScope(scope, f);
    return f;
  };

  registerRoute(app, r.reportRead, async ({ params, query }, req) => {
    const m = await requireStaffMember(db, signedInViewer(req).userId);
    const runner = runnerFor(params.reportId, m);
    const scope = scopeOf(m);
    return runner.run(reads, await parse(runner, query, scope), scope);
  });

  registerRoute(app, r.reportExport, async ({ params, query }, req, reply) => {
    const m = await requireStaffMember(db, signedInViewer(req).userId);
    const runner = runnerFor(params.reportId, m);
    const scope = scopeOf(m);
    const { format, lang, ...filters } = query;
    const f = await parse(runner, filters, scope);
    // An export is a look (decision 071): at no one citizen, recorded for the auditor.
    await recordLook(db, {
      by: lookerOf(req)!,
      citizenId: null,
      kind: 'report_export',
      recordId: params.reportId,
      purpose: 'report',
    });
    const x = await exportReport(db, {
      reads,
      runner,
      id: params.reportId,
      f,
      scope,
      format,
      lang: lang ?? langOf(req),
      user: { id: m.id, name: m.name },
      query: query as Record<string, unknown>,
    });
    x.done.catch((err: unknown) => req.log.error({ err, report: params.reportId }, 'report export failed midway'));
    return reply
      .type(x.contentType)
      .header('content-disposition', contentDisposition(x.fileName))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(x.stream);
  });

  registerRoute(app, r.reportExports, async ({ query }) => {
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(reportExports)
        .orderBy(desc(reportExports.createdAt), desc(reportExports.id))
        .limit(query.limit)
        .offset(query.skip),
      db.select({ n: count() }).from(reportExports),
    ]);
    return {
      items: rows.map((x) => ({
        id: String(x.id),
        userId: x.userId,
        userName: x.userName,
        report: x.report as TReportId,
        format: x.format as 'xlsx' | 'csv',
        filters: x.filters,
        rowCount: x.rowCount,
        createdAt: x.createdAt.toISOString(),
      })),
      total: total?.n ?? 0,
    };
  });

  registerRoute(app, r.serviceReport, async ({ params, query }, req) => {
    const m = await requireStaffMember(db, signedInViewer(req).userId);
    if (!ROLES_FOR.reports.some((role) => m.roles.includes(role)) && !holdsProductRole(m, params.serviceSlug))
      throw new AppError('FORBIDDEN', "This service's reports need a reports role or the service's own role");
    const services = await catalog.services('staff');
    if (!services.some((s) => s.serviceSlug === params.serviceSlug)) throw new AppError('MODEL_NOT_FOUND', 'No such service');
    const runner = runnerFor('requests', m);
    const scope = scopeOf(m, params.serviceSlug);
    return runner.run(reads, await parse(runner, query, scope), scope);
  });
}
