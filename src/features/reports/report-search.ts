/* eslint-disable lingui/no-unlocalized-strings -- the API's names and values, not interface text */
import { cairoDate } from '../../../contract/availability.ts';
import type { TReportDimension, TReportId, TReportQuery } from '../../../contract/reports.ts';

/*
 * A report's query in the address (`/reports/:reportId?from=…&to=…&by=…`): the names of ZReportQuery, checked
 * with plain code (route definitions load on every page of the employee build: no schema library there, decision
 * 035). Anything the address says that the contract would refuse is dropped, except a date range that is too
 * long: that one is kept, so that the form shows DATE_RANGE_EXCEEDS_LIMIT instead of quietly changing the dates.
 *
 * The contract's lists are written again here: contract/reports.ts brings the schema library, which neither the
 * route definitions nor the report screens carry (a unit test keeps both copies equal).
 */

export const OPERATIONAL_REPORTS = [
  'requests',
  'decision-time',
  'sla-breaches',
  'channels',
  'ratings',
  'readings',
  'meters',
] as const;
export const FINANCIAL_REPORTS = ['collections', 'fees-refunds', 'bills-ageing', 'reconciliation'] as const;
export const REPORT_IDS = [...OPERATIONAL_REPORTS, ...FINANCIAL_REPORTS] as const satisfies readonly TReportId[];
export const isFinancialReport = (id: TReportId) => (FINANCIAL_REPORTS as readonly string[]).includes(id);
export const isReportId = (v: unknown): v is TReportId => (REPORT_IDS as readonly unknown[]).includes(v);
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
] as const satisfies readonly TReportDimension[];
export const AGE_GROUPS = ['all', 'under60', '60plus'] as const satisfies readonly NonNullable<TReportQuery['ageGroup']>[];
export const REPORT_CHANNELS = ['citizen', 'employee', 'agent'] as const satisfies readonly NonNullable<
  TReportQuery['channel']
>[];
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
export const REPORT_MAX_MONTHS_DEFAULT = 12;
export const REPORT_PAGE_SIZE_MAX = 200;

/** The search of `/reports/$reportId`: every field optional (absent dates: this month). */
export type ReportSearch = Partial<TReportQuery>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TOKEN = /^[A-Za-z0-9_-]{1,64}$/;
const oneOf = <T extends string>(list: readonly T[], v: unknown): T | undefined =>
  typeof v === 'string' && (list as readonly string[]).includes(v) ? (v as T) : undefined;
const token = (v: unknown): string | undefined => {
  const s = typeof v === 'number' ? String(v) : v;
  return typeof s === 'string' && TOKEN.test(s) ? s : undefined;
};
// A calendar day that exists (30 February does not: a Date would roll it over to March).
const day = (v: unknown): string | undefined => {
  if (typeof v !== 'string' || !DAY.test(v)) return undefined;
  const t = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === v ? v : undefined;
};
const whole = (v: unknown, max: number): number | undefined => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : undefined;
};

/** The route's `validateSearch`: what the address may say, nothing else. */
export function validateReportSearch(s: Record<string, unknown>): ReportSearch {
  const out: ReportSearch = {
    from: day(s.from),
    to: day(s.to),
    by: oneOf(REPORT_DIMENSIONS, s.by),
    service: token(s.service),
    status: token(s.status),
    companyId: token(s.companyId),
    sectorId: token(s.sectorId),
    serviceCenterId: token(s.serviceCenterId),
    ageGroup: oneOf(AGE_GROUPS, s.ageGroup),
    channel: oneOf(REPORT_CHANNELS, s.channel),
    page: whole(s.page, 100_000),
    pageSize: whole(s.pageSize, REPORT_PAGE_SIZE_MAX),
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as ReportSearch;
}

/** This month in Cairo: its first day to today. */
export function thisMonth(now: Date = new Date()): { from: string; to: string } {
  const today = cairoDate(now);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** The calendar day `months` months after `isoDate` (the 31st of a shorter month: its last day). */
export function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return `${first.toISOString().slice(0, 8)}${String(Math.min(d, last)).padStart(2, '0')}`;
}

/**
 * Whether the range is refused (DATE_RANGE_EXCEEDS_LIMIT): `to` before `from`, or longer than `maxMonths` months
 * (from 1 January, 12 months reach 31 December; 1 January of the next year is one day too many).
 */
export function rangeExceeds(from: string, to: string, maxMonths: number = REPORT_MAX_MONTHS_DEFAULT): boolean {
  return to < from || to >= addMonths(from, maxMonths);
}

/** The server's query for what the address says: the dates filled in (this month), page 1 unnamed. */
export function queryOf(search: ReportSearch, now: Date = new Date()): TReportQuery {
  const month = thisMonth(now);
  return { ...search, from: search.from ?? month.from, to: search.to ?? month.to };
}

/** The query as a URL's search string (exports, dashboard links): the contract's names, empty values left out. */
export function searchStringOf(query: Partial<TReportQuery> & Record<string, unknown>): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') sp.set(k, String(v));
  return sp.toString();
}
