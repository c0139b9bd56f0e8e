import { z } from 'zod/mini';
import { ZId, ZIsoDate, ZIsoDateTime, ZLocalized, ZSlug, int, wholeNumber } from './common.ts';

/*
 * Reports and the statistics dashboard (issue 25; spec sections 2, 5, 9). Every figure is aggregated by PostgreSQL
 * within the caller's scope (company, sector, service centers: server/domain/staff/scope.ts); financial reports
 * only with ACCESS_FINANCIAL_REPORTS. The browser draws any report from its result alone: the columns say what
 * each cell is (a count, an amount in piastres, days...), the client names each column by its key from the
 * catalogs (never a label sent by the server) and each dimension value from the localized name in the cell.
 */

/** The operational reports (ACCESS_REPORTS; a service's product role for its own service). */
export const OPERATIONAL_REPORTS = [
  /** Requests filed, decided and open, grouped by `by`. */
  'requests',
  /** Time to decision, median and 90th percentile in days, per service (and stage with `by: 'stage'`). */
  'decision-time',
  /** Requests past their time limit, with days overdue, per stage. */
  'sla-breaches',
  /** Filed on behalf (employee, agent) against by the citizen, per service. */
  'channels',
  /** Ratings: count and average per service. */
  'ratings',
  /** Meter readings: on time, late, sent offline, per company. */
  'readings',
  /** Meters by approval state, per company. */
  'meters',
] as const;

/** The financial reports (ACCESS_FINANCIAL_REPORTS only). */
export const FINANCIAL_REPORTS = [
  /** Collections (succeeded payments) grouped by `by`: day, gateway channel, service, company. */
  'collections',
  /** Portal (service) fees, gateway fees and refunds, per gateway. */
  'fees-refunds',
  /** Unpaid bills by age past due: 0-30, 31-60, 61-90, 90+ days, per company. */
  'bills-ageing',
  /** What the gateway reports and the portal does not, the reverse, and amounts that differ. */
  'reconciliation',
] as const;

export const REPORT_IDS = [...OPERATIONAL_REPORTS, ...FINANCIAL_REPORTS] as const;
export type TReportId = (typeof REPORT_IDS)[number];
export const ZReportId = z.enum(REPORT_IDS);
export const isFinancialReport = (id: TReportId) => (FINANCIAL_REPORTS as readonly string[]).includes(id);

/** What a report groups its rows by (each report accepts a subset; another is 400 INVALID_FILTER). */
export const REPORT_DIMENSIONS = [
  'service',
  'status',
  'stage',
  'company',
  'sector',
  'serviceCenter',
  'day',
  'month',
  'gateway',
] as const;
export type TReportDimension = (typeof REPORT_DIMENSIONS)[number];

/** Applicant age groups (spec section 9), from the national id's birth date. */
export const AGE_GROUPS = ['all', 'under60', '60plus'] as const;
/** Who filed a request: the citizen, an employee or an agent on the citizen's behalf. */
export const REPORT_CHANNELS = ['citizen', 'employee', 'agent'] as const;

/** Default of `REPORT_MAX_MONTHS` (server config): a longer range is 400 DATE_RANGE_EXCEEDS_LIMIT. */
export const REPORT_MAX_MONTHS_DEFAULT = 12;
export const REPORT_PAGE_SIZE_MAX = 200;

/**
 * The query string of a report, its export and the dashboard's links (`/reports/:reportId?...` in the employee
 * build uses the same names). `from`/`to` are Cairo calendar days, both included; `to` before `from` or a range
 * longer than REPORT_MAX_MONTHS is DATE_RANGE_EXCEEDS_LIMIT.
 */
export const ZReportQuery = z.strictObject({
  from: ZIsoDate,
  to: ZIsoDate,
  by: z.optional(z.enum(REPORT_DIMENSIONS)),
  service: z.optional(ZSlug),
  status: z.optional(z.string().check(z.maxLength(64))),
  companyId: z.optional(ZId),
  sectorId: z.optional(ZId),
  serviceCenterId: z.optional(ZId),
  ageGroup: z.optional(z.enum(AGE_GROUPS)),
  channel: z.optional(z.enum(REPORT_CHANNELS)),
  page: z.optional(wholeNumber(1, 100000)),
  pageSize: z.optional(wholeNumber(1, REPORT_PAGE_SIZE_MAX)),
});
export type TReportQuery = z.infer<typeof ZReportQuery>;

/** What a column's cells are: the client formats each kind one way (money: EGP from piastres; days: 1 decimal). */
export const COLUMN_KINDS = ['dimension', 'text', 'count', 'money', 'days', 'percent', 'average', 'date'] as const;
export const ZReportColumn = z.object({
  /** The catalog names the column by `report.column.<key>`. */
  key: z.string(),
  kind: z.enum(COLUMN_KINDS),
  /** Shown unless the employee hides it; `false`: an extra column the employee may add. */
  default: z.boolean(),
});
export type TReportColumn = z.infer<typeof ZReportColumn>;

/** A cell: a number (counts, piastres, days), a text or date, a localized name (a dimension's value), or none. */
export const ZReportCell = z.union([z.number(), z.string(), ZLocalized, z.null()]);
export const ZReportRow = z.record(z.string(), ZReportCell);
export type TReportRow = z.infer<typeof ZReportRow>;

export const ZReportResult = z.object({
  report: ZReportId,
  columns: z.array(ZReportColumn),
  rows: z.array(ZReportRow),
  /** The whole result's totals (every page), keyed like the rows; null where a total means nothing. */
  totals: z.nullable(ZReportRow),
  page: z.object({ index: int(1), size: int(1), total: int(0) }),
  generatedAt: ZIsoDateTime,
});
export type TReportResult = z.infer<typeof ZReportResult>;

/** GET /api/dashboard: the statistics dashboard (ANALYTICS_DASHBOARD_USER), each tile linking to its report. */
export const DASHBOARD_TILES = [
  'filed-today',
  'filed-month',
  'decided-today',
  'decided-month',
  'backlog',
  'sla-breaches',
  'decision-time',
  'rating',
  'collections-month',
  'readings-month',
] as const;
export const ZDashboardTile = z.object({
  id: z.enum(DASHBOARD_TILES),
  /** The headline number (a count, piastres, days or an average rating, as `kind` says). */
  value: z.nullable(z.number()),
  kind: z.enum(COLUMN_KINDS),
  /** Breakdown for a small chart or list: a localized label and a number each. */
  parts: z.array(z.object({ key: z.string(), label: z.nullable(ZLocalized), value: z.number() })),
  /** The report it opens, with the same filters. */
  link: z.object({ report: ZReportId, query: ZReportQuery }),
});
export const ZDashboard = z.object({ tiles: z.array(ZDashboardTile), generatedAt: ZIsoDateTime });
export type TDashboard = z.infer<typeof ZDashboard>;
