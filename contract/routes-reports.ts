import { z } from 'zod/mini';
import { LIMITS } from './limits.ts';
import { ZId, ZIsoDateTime, ZLang, ZSlug, int, wholeNumber } from './common.ts';
import { ZReportId, ZReportQuery, ZReportResult } from './reports.ts';
import { defineRoute } from './route.ts';
import { ROLE, ROLES_FOR } from './roles.ts';

/*
 * Reports (issue 25, decision 056): a report's page with its totals, its export (xlsx or CSV, every row) and the
 * log of exports. The server counts within the caller's scope (company, sector, service centers); financial
 * reports answer 403 without ACCESS_FINANCIAL_REPORTS; a range longer than REPORT_MAX_MONTHS is
 * DATE_RANGE_EXCEEDS_LIMIT, a grouping or filter the report does not take INVALID_FILTER.
 */

const tags = ['reports'] as const;
const reports = { roles: ROLES_FOR.reports } as const;
const READ_ERRORS = ['DATE_RANGE_EXCEEDS_LIMIT', 'INVALID_FILTER', 'NOT_FOUND', 'TOO_MANY_REQUESTS'] as const;

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type TExportFormat = (typeof EXPORT_FORMATS)[number];

const { page: _page, pageSize: _pageSize, ...filterShape } = ZReportQuery.shape;
const { service: _service, ...serviceReportShape } = ZReportQuery.shape;

/** An export's query: the report's filters (every row: no page), the format and the language of its headers. */
export const ZReportExportQuery = z.strictObject({
  ...filterShape,
  format: z.enum(EXPORT_FORMATS),
  /** The language of the sheet (names, headers, direction); default: Accept-Language. */
  lang: z.optional(ZLang),
});
export type TReportExportQuery = z.infer<typeof ZReportExportQuery>;

/** `{service}/reports` (spec section 7): the requests report of one service; its filters but the service. */
export const ZServiceReportQuery = z.strictObject(serviceReportShape);

export const ZReportExportRecord = z.object({
  id: z.string(),
  userId: z.nullable(ZId),
  userName: z.nullable(z.string()),
  report: ZReportId,
  format: z.enum(EXPORT_FORMATS),
  filters: z.record(z.string(), z.unknown()),
  /** Rows written; null while it streams, or when it failed midway. */
  rowCount: z.nullable(int(0)),
  createdAt: ZIsoDateTime,
});
export type TReportExportRecord = z.infer<typeof ZReportExportRecord>;
export const ZReportExportPage = z.object({ items: z.array(ZReportExportRecord), total: int(0) });

export const reportRoutes = {
  reportRead: defineRoute({
    method: 'GET',
    path: '/api/reports/:reportId',
    summary: "A report's page and the totals of every page, counted within the caller's scope",
    tags,
    auth: reports,
    rateLimit: [LIMITS.reportRead],
    params: z.object({ reportId: ZReportId }),
    query: ZReportQuery,
    response: ZReportResult,
    errors: [...READ_ERRORS, 'FORBIDDEN'],
  }),
  reportExport: defineRoute({
    method: 'GET',
    path: '/api/reports/:reportId/export',
    summary:
      'A whole report as an xlsx workbook (streamed, right to left in Arabic, a header with the filters used) or CSV (UTF-8 with a BOM); recorded',
    tags,
    auth: reports,
    rateLimit: [LIMITS.reportExport, LIMITS.reportExportHourly],
    params: z.object({ reportId: ZReportId }),
    query: ZReportExportQuery,
    response: z.unknown(),
    errors: [...READ_ERRORS, 'FORBIDDEN'],
  }),
  reportExports: defineRoute({
    method: 'GET',
    path: '/api/reports/exports',
    summary: 'The exports made: who, which report, which filters, which format, when and how many rows (technical support)',
    tags,
    auth: { roles: [ROLE.technicalSupport] },
    rateLimit: [LIMITS.reportRead],
    query: z.object({
      limit: z._default(wholeNumber(1, 100), 20),
      skip: z._default(wholeNumber(0, 100_000), 0),
    }),
    response: ZReportExportPage,
    errors: ['TOO_MANY_REQUESTS'],
  }),
  serviceReport: defineRoute({
    method: 'GET',
    path: '/api/requests/:serviceSlug/reports',
    summary:
      "One service's requests report (spec section 7 `{service}/reports`): reports roles, or the service's product role (its slug)",
    tags,
    auth: { kinds: ['staff'] },
    rateLimit: [LIMITS.reportRead],
    params: z.object({ serviceSlug: ZSlug }),
    query: ZServiceReportQuery,
    response: ZReportResult,
    errors: [...READ_ERRORS, 'FORBIDDEN', 'MODEL_NOT_FOUND'],
  }),
} as const;
