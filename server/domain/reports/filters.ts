import { SERVICE_TIME_ZONE } from '../../../contract/availability.ts';
import type { TService } from '../../../contract/catalog.ts';
import { REPORT_PAGE_SIZE_MAX, type TReportDimension, type TReportQuery } from '../../../contract/reports.ts';
import { AppError } from '../app-error.ts';

/*
 * A report's query parsed once for every report (issue 25, decision 056): the Cairo calendar days `from`..`to`
 * (both included) become the instants [fromAt, toAt); a range longer than REPORT_MAX_MONTHS, or backwards, is
 * DATE_RANGE_EXCEEDS_LIMIT before any query runs; a `by` or a filter the report does not take, a service or a
 * status the catalog does not know, is INVALID_FILTER. Places (company, sector, service center) only ever narrow
 * the caller's scope (scope.ts): a filter naming another company answers FORBIDDEN.
 */

/** The filters a report may take besides the date range (each report names its own; another is INVALID_FILTER). */
export type ReportFilterName = 'service' | 'status' | 'companyId' | 'sectorId' | 'serviceCenterId' | 'ageGroup' | 'channel';

export type ReportFilters = Omit<TReportQuery, 'by' | 'page' | 'pageSize'> & {
  /** The first instant of `from` and the first instant after `to`, in Cairo. */
  fromAt: Date;
  toAt: Date;
  by: TReportDimension | undefined;
  page: number;
  pageSize: number;
  /** The catalog (staff audience): labels of services, statuses and stages, and the workflows' final statuses. */
  services: readonly TService[];
  /** When the report is read: SLA breaches and ages are counted at this instant. */
  now: Date;
};

export const REPORT_PAGE_SIZE_DEFAULT = 50;

/** The UTC instant at which a Cairo calendar day (`YYYY-MM-DD`) begins (Egypt's offset changes with summer time). */
export function cairoDayStart(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(y, m - 1, d);
  // The offset of Cairo at that moment (+2 or +3 hours); asked twice, around the change of clocks.
  const offsetAt = (t: number) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: SERVICE_TIME_ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    }).formatToParts(new Date(t));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
    return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute')) - t;
  };
  const guess = utcMidnight - offsetAt(utcMidnight);
  return new Date(utcMidnight - offsetAt(guess));
}

/** The number of whole months from `from` to `to`, counting a month begun as whole (Jan 1 .. Jan 31: 1). */
export function monthsSpanned(from: string, to: string): number {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  let months = (ty - fy) * 12 + (tm - fm);
  if (td >= fd) months += 1;
  return months;
}

/** The range error names the `to` field and says the limit (details: the number of months). */
const rangeExtra = (maxMonths: number) => ({ details: [String(maxMonths)], fieldErrors: { to: ['DATE_RANGE_EXCEEDS_LIMIT'] } });
const fieldError = (field: string) => ({ fieldErrors: { [field]: ['INVALID_FILTER'] } });

export type ReportAccepts = {
  dimensions: readonly TReportDimension[];
  filters: readonly ReportFilterName[];
};

export function parseReportQuery(
  q: TReportQuery,
  accepts: ReportAccepts,
  ctx: { maxMonths: number; services: readonly TService[]; now: Date },
): ReportFilters {
  if (q.to < q.from)
    throw new AppError('DATE_RANGE_EXCEEDS_LIMIT', 'The end of the range is before its start', rangeExtra(ctx.maxMonths));
  if (monthsSpanned(q.from, q.to) > ctx.maxMonths)
    throw new AppError('DATE_RANGE_EXCEEDS_LIMIT', `A report covers at most ${ctx.maxMonths} months`, rangeExtra(ctx.maxMonths));
  if (q.by !== undefined && !accepts.dimensions.includes(q.by))
    throw new AppError('INVALID_FILTER', `This report is not grouped by ${q.by}`, fieldError('by'));
  for (const name of ['service', 'status', 'companyId', 'sectorId', 'serviceCenterId', 'ageGroup', 'channel'] as const) {
    if (q[name] !== undefined && !accepts.filters.includes(name))
      throw new AppError('INVALID_FILTER', `This report does not take ${name}`, fieldError(name));
  }
  if (q.service !== undefined && !ctx.services.some((s) => s.serviceSlug === q.service))
    throw new AppError('INVALID_FILTER', 'No such service', fieldError('service'));
  if (q.status !== undefined) {
    const within = q.service ? ctx.services.filter((s) => s.serviceSlug === q.service) : ctx.services;
    if (!within.some((s) => s.workflow.statuses.some((st) => st.id === q.status)))
      throw new AppError('INVALID_FILTER', 'No such status', fieldError('status'));
  }
  const { by, page, pageSize, ...rest } = q;
  return {
    ...rest,
    fromAt: cairoDayStart(q.from),
    toAt: cairoDayStart(nextDay(q.to)),
    by: by ?? accepts.dimensions[0],
    page: page ?? 1,
    pageSize: Math.min(pageSize ?? REPORT_PAGE_SIZE_DEFAULT, REPORT_PAGE_SIZE_MAX),
    services: ctx.services,
    now: ctx.now,
  };
}

/** The calendar day after `day` (`YYYY-MM-DD`). */
function nextDay(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}
