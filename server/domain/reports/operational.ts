import { and, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TReportColumn, TReportDimension, TReportId } from '../../../contract/reports.ts';
import { meters, requests } from '../../db/schema.ts';
import type { ReportFilters } from './filters.ts';
import { groupedReport, statusMap, timeKey, type Measure } from './grouped.ts';
import { scopeSql } from './financial.ts';
import type { ReportRunner } from './registry.ts';
import { ratingLines, readRatingSummary } from './rating-lines.ts';
import { readingLines, readReadingSummary } from './reading-lines.ts';
import { decisionLines, readRequestSummary, requestLines } from './request-lines.ts';
import {
  ageGroupCondition,
  assertWithinScope,
  channelCondition,
  placeCondition,
  serviceCondition,
  type ReportScope,
} from './scope.ts';

/*
 * The operational reports (issue 25, decision 056): requests, decision time, SLA breaches, channels, ratings,
 * readings and meters. Each is one grouped statement (grouped.ts): PostgreSQL filters by the date range through
 * an index on the instant the report counts, ANDs in the caller's scope, and groups; the total row comes from the
 * same statement (GROUPING SETS), so it is the total of what the caller may see and nothing else.
 */

const r = alias(requests, 'r');
const mt = alias(meters, 'mt');

const REQUEST_FILTERS = ['service', 'status', 'companyId', 'sectorId', 'serviceCenterId', 'ageGroup', 'channel'] as const;
const PLACE_FILTERS = ['companyId', 'sectorId', 'serviceCenterId'] as const;

/** A request's own group key for a non-time dimension. */
function requestKey(by: TReportDimension): SQL {
  switch (by) {
    case 'service':
      return sql`${r.serviceSlug}`;
    case 'status':
      return sql`${r.status}`;
    case 'stage':
      return sql`${r.stageId}`;
    case 'company':
      return sql`${r.companyId}`;
    case 'sector':
      return sql`${r.sectorId}`;
    case 'serviceCenter':
      return sql`${r.serviceCenterId}`;
    default:
      throw new Error(`requests are not grouped by ${by} here`);
  }
}

/** The conditions every request report applies: scope, service, status, places, age group, channel. */
function requestConditions(f: ReportFilters, scope: ReportScope): SQL | undefined {
  return and(
    placeCondition(scope, f, r),
    serviceCondition(scope, f, r.serviceSlug),
    f.status !== undefined ? sql`${r.status} = ${f.status}` : undefined,
    ageGroupCondition(f.ageGroup, r.nationalId, r.createdAt),
    channelCondition(f.channel, r.filedById),
  );
}

/** A request line's group key (request-lines.ts: columns named as the requests table's, `at` its day or instant). */
function lineKey(by: TReportDimension): SQL {
  if (TIME.includes(by)) return timeKey(by, sql.raw('x.at'));
  const column: Partial<Record<TReportDimension, string>> = {
    service: 'x.service_slug',
    status: 'x.status',
    stage: 'x.stage_id',
    company: 'x.company_id',
    sector: 'x.sector_id',
    serviceCenter: 'x.service_center_id',
  };
  const c = column[by];
  if (!c) throw new Error(`request lines are not grouped by ${by}`);
  return sql.raw(c);
}

/** The caller's scope and the place filters on lines (alias x) with the three place columns. */
function linePlaceConditions(f: ReportFilters, scope: ReportScope): SQL {
  assertWithinScope(scope, f);
  const parts: SQL[] = [scopeSql(scope, 'x')];
  if (f.companyId !== undefined) parts.push(sql`x.company_id = ${f.companyId}`);
  if (f.sectorId !== undefined) parts.push(sql`x.sector_id = ${f.sectorId}`);
  if (f.serviceCenterId !== undefined) parts.push(sql`x.service_center_id = ${f.serviceCenterId}`);
  return sql.join(parts, sql` and `);
}

/** requestConditions on request lines (alias x): scope, service, status, places, age group, channel. */
function lineConditions(f: ReportFilters, scope: ReportScope): SQL {
  const parts: SQL[] = [linePlaceConditions(f, scope)];
  for (const slug of [scope.serviceSlug, f.service]) if (slug !== undefined) parts.push(sql`x.service_slug = ${slug}`);
  if (f.status !== undefined) parts.push(sql`x.status = ${f.status}`);
  if (f.ageGroup !== undefined && f.ageGroup !== 'all') parts.push(sql`x.age = ${f.ageGroup}`);
  if (f.channel !== undefined) parts.push(sql`x.channel = ${f.channel}`);
  return sql.join(parts, sql` and `);
}

const inRange = (at: SQLWrapper, f: ReportFilters) =>
  sql`${at} >= ${f.fromAt.toISOString()}::timestamptz and ${at} < ${f.toAt.toISOString()}::timestamptz`;
const col = (key: string, kind: TReportColumn['kind'], isDefault = true): TReportColumn => ({ key, kind, default: isDefault });
const dim = (by: TReportDimension | undefined): TReportColumn => col(by ?? 'service', 'dimension');
const TIME: readonly TReportDimension[] = ['day', 'month'];

/* ------------------------------------------------ requests ------------------------------------------------- */

/**
 * Filed in the range (by the day it was filed), decided in the range (reached a final status, by that day) and,
 * of those filed in the range, still open. A time dimension counts each on its own day. Read from the request
 * lines (request-lines.ts: whole past days from the per-day summary, the rest from the base table), joined with
 * the catalog's workflows for what is final.
 */
const requestsReport: ReportRunner = {
  financial: false,
  dimensions: ['service', 'status', 'stage', 'company', 'sector', 'serviceCenter', 'day', 'month'],
  filters: REQUEST_FILTERS,
  ...groupedReport(
    'requests',
    (by) => [dim(by), col('filed', 'count'), col('decided', 'count'), col('open', 'count')],
    async (f, scope, db) => {
      const by = f.by ?? 'service';
      const map = statusMap(f);
      const lines = requestLines(f, ['filed', 'moved'], await readRequestSummary(db));
      const source = sql`(
      select ${lineKey(by)} as k, x.kind, x.n, coalesce(m.fin, false) as fin
        from (${lines}) x left join ${map} on m.s = x.service_slug and m.st = x.status
        where (x.kind = 'filed' or m.fin) and ${lineConditions(f, scope)}
    ) e`;
      // A group's count of none is 0; the total of no groups at all has none (null), as a plain sum would.
      const count = (where: string) =>
        sql.raw(`(case when count(*) = 0 then null else coalesce(sum(e.n) filter (where ${where}), 0) end)::int`);
      const measures: Measure[] = [
        { key: 'filed', expr: count(`e.kind = 'filed'`) },
        { key: 'decided', expr: count(`e.kind = 'moved'`) },
        { key: 'open', expr: count(`e.kind = 'filed' and not e.fin`) },
      ];
      return { by, source, key: sql`e.k`, measures, order: TIME.includes(by) ? 'key' : 'filed' };
    },
  ),
};

/* --------------------------------------------- decision time ----------------------------------------------- */

/**
 * Days from filing to the final status, for the requests decided in the range: median and 90th percentile
 * (percentile_cont), average and count. By stage: the stage of the status it was decided in. A decision time is
 * counted in tenths of a day (rounded): the decision lines (request-lines.ts) hold a histogram of whole past days,
 * each of its rows unfolded into its count of values, so the percentiles are those of the requests one by one.
 */
const decisionTimeReport: ReportRunner = {
  financial: false,
  dimensions: ['service', 'stage', 'company', 'sector', 'serviceCenter', 'month'],
  filters: REQUEST_FILTERS,
  ...groupedReport(
    'decision-time',
    (by) => [
      dim(by),
      col('decided', 'count'),
      col('medianDays', 'days'),
      col('p90Days', 'days'),
      col('averageDays', 'days', false),
    ],
    async (f, scope, db) => {
      const by = f.by ?? 'service';
      const map = statusMap(f);
      const lines = decisionLines(f, await readRequestSummary(db));
      const source = sql`(
      select ${by === 'stage' ? sql`m.stage` : lineKey(by)} as k, x.tenths as t, (x.tenths / 10.0)::float8 as d
        from (${lines}) x join ${map} on m.s = x.service_slug and m.st = x.status and m.fin
        cross join lateral generate_series(1, x.n) unfolded
        where ${lineConditions(f, scope)}
    ) e`;
      return {
        by,
        source,
        key: sql`e.k`,
        measures: [
          { key: 'decided', expr: sql`count(*)::int` },
          { key: 'medianDays', expr: sql`round(percentile_cont(0.5) within group (order by e.d)::numeric, 1)::float8` },
          { key: 'p90Days', expr: sql`round(percentile_cont(0.9) within group (order by e.d)::numeric, 1)::float8` },
          // An exact numeric average of the tenths, then days.
          { key: 'averageDays', expr: sql`round(avg(e.t) / 10, 1)::float8` },
        ],
        order: TIME.includes(by) ? 'key' : 'decided',
      };
    },
  ),
};

/* ---------------------------------------------- SLA breaches ----------------------------------------------- */

/**
 * Of the requests filed in the range and open now, those past their stage's days (the inbox's rule,
 * contract/workflow.ts `slaOf`: whole days elapsed since the stage began, more than the stage's days), with the
 * days overdue (average and most).
 */
const slaBreachesReport: ReportRunner = {
  financial: false,
  dimensions: ['stage', 'service', 'company', 'sector', 'serviceCenter'],
  filters: REQUEST_FILTERS,
  ...groupedReport(
    'sla-breaches',
    (by) => [
      dim(by ?? 'stage'),
      col('open', 'count'),
      col('breached', 'count'),
      col('breachedShare', 'percent'),
      col('averageDaysOverdue', 'days'),
      col('maxDaysOverdue', 'days', false),
    ],
    (f, scope) => {
      const by = f.by ?? 'stage';
      const map = statusMap(f);
      const elapsed = sql`floor(extract(epoch from (${f.now.toISOString()}::timestamptz - r.stage_started_at)) / 86400.0)`;
      const source = sql`(
      select ${by === 'stage' ? sql`m.stage` : requestKey(by)} as k,
             (case when m.days > 0 and ${elapsed} > m.days then ${elapsed} - m.days end) as overdue
        from requests r left join ${map} on m.s = r.service_slug and m.st = r.status
        where ${inRange(r.createdAt, f)} and not coalesce(m.fin, false) and ${requestConditions(f, scope) ?? sql`true`}
    ) e`;
      return {
        by,
        source,
        key: sql`e.k`,
        measures: [
          { key: 'open', expr: sql`count(*)::int` },
          { key: 'breached', expr: sql`count(e.overdue)::int` },
          {
            key: 'breachedShare',
            expr: sql`round(100.0 * count(e.overdue) / greatest(count(*), 1), 1)::float8`,
          },
          { key: 'averageDaysOverdue', expr: sql`round(avg(e.overdue)::numeric, 1)::float8` },
          { key: 'maxDaysOverdue', expr: sql`max(e.overdue)::float8` },
        ],
        order: 'breached',
      };
    },
  ),
};

/* ------------------------------------------------ channels ------------------------------------------------- */

/**
 * Requests filed in the range by the citizen, by an employee and by an agent on the citizen's behalf (the request
 * lines, as the requests report).
 */
const channelsReport: ReportRunner = {
  financial: false,
  dimensions: ['service', 'company', 'sector', 'serviceCenter', 'month', 'day'],
  filters: REQUEST_FILTERS,
  ...groupedReport(
    'channels',
    (by) => [dim(by), col('filed', 'count'), col('citizen', 'count'), col('employee', 'count'), col('agent', 'count')],
    async (f, scope, db) => {
      const by = f.by ?? 'service';
      const lines = requestLines(f, ['filed'], await readRequestSummary(db));
      const source = sql`(
      select ${lineKey(by)} as k, x.channel as c, x.n
        from (${lines}) x
        where ${lineConditions(f, scope)}
    ) e`;
      const count = (where?: string) => sql.raw(`coalesce(sum(e.n)${where ? ` filter (where ${where})` : ''}, 0)::int`);
      return {
        by,
        source,
        key: sql`e.k`,
        measures: [
          { key: 'filed', expr: count() },
          { key: 'citizen', expr: count(`e.c = 'citizen'`) },
          { key: 'employee', expr: count(`e.c = 'employee'`) },
          { key: 'agent', expr: count(`e.c = 'agent'`) },
        ],
        order: TIME.includes(by) ? 'key' : 'filed',
      };
    },
  ),
};

/* ------------------------------------------------- ratings ------------------------------------------------- */

/**
 * Ratings given in the range (3: completed easily, 2: with some difficulty, 1: could not complete), from the rating
 * lines (rating-lines.ts: whole past days from the per-day summary).
 */
const ratingsReport: ReportRunner = {
  financial: false,
  dimensions: ['service', 'company', 'sector', 'serviceCenter', 'month'],
  filters: REQUEST_FILTERS,
  ...groupedReport(
    'ratings',
    (by) => [
      dim(by),
      col('ratings', 'count'),
      col('averageRating', 'average'),
      col('easy', 'count', false),
      col('someDifficulty', 'count', false),
      col('couldNotComplete', 'count', false),
    ],
    async (f, scope, db) => {
      const by = f.by ?? 'service';
      const lines = ratingLines(f, await readRatingSummary(db));
      const source = sql`(
      select ${lineKey(by)} as k, x.answer as a, x.n
        from (${lines}) x
        where ${lineConditions(f, scope)}
    ) e`;
      const count = (where?: string) => sql.raw(`coalesce(sum(e.n)${where ? ` filter (where ${where})` : ''}, 0)::int`);
      return {
        by,
        source,
        key: sql`e.k`,
        measures: [
          { key: 'ratings', expr: count() },
          // The average of the answers (an exact numeric quotient, as avg() of the answers one by one).
          {
            key: 'averageRating',
            expr: sql`round(sum(e.a * e.n)::numeric / nullif(sum(e.n), 0)::numeric, 2)::float8`,
          },
          { key: 'easy', expr: count('e.a = 3') },
          { key: 'someDifficulty', expr: count('e.a = 2') },
          { key: 'couldNotComplete', expr: count('e.a = 1') },
        ],
        order: TIME.includes(by) ? 'key' : 'ratings',
      };
    },
  ),
};

/* ------------------------------------------------- readings ------------------------------------------------ */

/**
 * Readings received in the range, per the meter's place: on time (received within the month they are for), late
 * (received after that month ended, Cairo time) and sent offline (read on the device more than OFFLINE_AFTER
 * before the server received it). Read from the reading lines (reading-lines.ts: whole past days from the per-day
 * summary, the rest from the base tables).
 */
const readingsReport: ReportRunner = {
  financial: false,
  dimensions: ['company', 'sector', 'serviceCenter', 'month', 'day'],
  filters: PLACE_FILTERS,
  ...groupedReport(
    'readings',
    (by) => [
      dim(by ?? 'company'),
      col('readings', 'count'),
      col('onTime', 'count'),
      col('late', 'count'),
      col('offline', 'count'),
      col('offlineShare', 'percent', false),
    ],
    async (f, scope, db) => {
      const by = f.by ?? 'company';
      const lines = readingLines(f, await readReadingSummary(db));
      const source = sql`(
      select ${lineKey(by)} as k, x.n, x.late, x.offline
        from (${lines}) x
        where ${linePlaceConditions(f, scope)}
    ) e`;
      const count = (where?: string) => sql.raw(`coalesce(sum(e.n)${where ? ` filter (where ${where})` : ''}, 0)::int`);
      return {
        by,
        source,
        key: sql`e.k`,
        measures: [
          { key: 'readings', expr: count() },
          { key: 'onTime', expr: count('not e.late') },
          { key: 'late', expr: count('e.late') },
          { key: 'offline', expr: count('e.offline') },
          {
            key: 'offlineShare',
            expr: sql`round(100.0 * coalesce(sum(e.n) filter (where e.offline), 0) / greatest(coalesce(sum(e.n), 0), 1), 1)::float8`,
          },
        ],
        order: TIME.includes(by) ? 'key' : 'readings',
      };
    },
  ),
};

/* -------------------------------------------------- meters ------------------------------------------------- */

/** Meters registered in the range by approval state (pending, approved, rejected, removed or deleted). */
const metersReport: ReportRunner = {
  financial: false,
  dimensions: ['company', 'sector', 'serviceCenter', 'month'],
  filters: PLACE_FILTERS,
  ...groupedReport(
    'meters',
    (by) => [
      dim(by ?? 'company'),
      col('meters', 'count'),
      col('pending', 'count'),
      col('approved', 'count'),
      col('rejected', 'count'),
      col('removed', 'count', false),
    ],
    (f, scope) => {
      const by = f.by ?? 'company';
      const place = { company: mt.companyId, sector: mt.sectorId, serviceCenter: mt.serviceCenterId } as const;
      const k = TIME.includes(by) ? timeKey(by, mt.createdAt) : sql`${place[by as keyof typeof place]}`;
      const source = sql`(
      select ${k} as k, mt.status as s
        from meters mt
        where ${inRange(mt.createdAt, f)} and ${placeCondition(scope, f, mt) ?? sql`true`}
    ) e`;
      return {
        by,
        source,
        key: sql`e.k`,
        measures: [
          { key: 'meters', expr: sql`count(*)::int` },
          { key: 'pending', expr: sql`(count(*) filter (where e.s = 'pending'))::int` },
          { key: 'approved', expr: sql`(count(*) filter (where e.s = 'approved'))::int` },
          { key: 'rejected', expr: sql`(count(*) filter (where e.s = 'rejected'))::int` },
          { key: 'removed', expr: sql`(count(*) filter (where e.s in ('removed', 'deleted_by_platform')))::int` },
        ],
        order: TIME.includes(by) ? 'key' : 'meters',
      };
    },
  ),
};

export const OPERATIONAL_RUNNERS: Partial<Record<TReportId, ReportRunner>> = {
  requests: requestsReport,
  'decision-time': decisionTimeReport,
  'sla-breaches': slaBreachesReport,
  channels: channelsReport,
  ratings: ratingsReport,
  readings: readingsReport,
  meters: metersReport,
};
