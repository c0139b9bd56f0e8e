import { and, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TReportColumn, TReportDimension, TReportId } from '../../../contract/reports.ts';
import { meterReadings, meters, requestRatings, requests } from '../../db/schema.ts';
import type { ReportFilters } from './filters.ts';
import { groupedReport, statusMap, timeKey, type Measure } from './grouped.ts';
import type { ReportRunner } from './registry.ts';
import {
  ageGroupCondition,
  channelCondition,
  channelExpression,
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
const rt = alias(requestRatings, 'rt');
const mr = alias(meterReadings, 'mr');
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

const inRange = (at: SQLWrapper, f: ReportFilters) =>
  sql`${at} >= ${f.fromAt.toISOString()}::timestamptz and ${at} < ${f.toAt.toISOString()}::timestamptz`;
const col = (key: string, kind: TReportColumn['kind'], isDefault = true): TReportColumn => ({ key, kind, default: isDefault });
const dim = (by: TReportDimension | undefined): TReportColumn => col(by ?? 'service', 'dimension');
const TIME: readonly TReportDimension[] = ['day', 'month'];

/* ------------------------------------------------ requests ------------------------------------------------- */

/**
 * Filed in the range (by the day it was filed), decided in the range (reached a final status, by that day) and,
 * of those filed in the range, still open. A time dimension counts each on its own day: two branches, each read
 * through its own index (created_at, status_updated_at), added up by group.
 */
const requestsReport: ReportRunner = {
  financial: false,
  dimensions: ['service', 'status', 'stage', 'company', 'sector', 'serviceCenter', 'day', 'month'],
  filters: REQUEST_FILTERS,
  ...groupedReport(
    'requests',
    (by) => [dim(by), col('filed', 'count'), col('decided', 'count'), col('open', 'count')],
    (f, scope) => {
      const by = f.by ?? 'service';
      const map = statusMap(f);
      const key = (at: SQLWrapper) => (TIME.includes(by) ? timeKey(by, at) : requestKey(by));
      const where = requestConditions(f, scope);
      const source = sql`(
      select ${key(r.createdAt)} as k, 1 as filed, 0 as decided, (case when coalesce(m.fin, false) then 0 else 1 end) as open
        from requests r left join ${map} on m.s = r.service_slug and m.st = r.status
        where ${inRange(r.createdAt, f)} and ${where ?? sql`true`}
      union all
      select ${key(r.statusUpdatedAt)} as k, 0, 1, 0
        from requests r join ${map} on m.s = r.service_slug and m.st = r.status and m.fin
        where ${inRange(r.statusUpdatedAt, f)} and ${where ?? sql`true`}
    ) e`;
      const measures: Measure[] = [
        { key: 'filed', expr: sql`sum(e.filed)::int` },
        { key: 'decided', expr: sql`sum(e.decided)::int` },
        { key: 'open', expr: sql`sum(e.open)::int` },
      ];
      return { by, source, key: sql`e.k`, measures, order: TIME.includes(by) ? 'key' : 'filed' };
    },
  ),
};

/* --------------------------------------------- decision time ----------------------------------------------- */

/**
 * Days from filing to the final status, for the requests decided in the range: median and 90th percentile
 * (percentile_cont), average and count. By stage: the stage of the status it was decided in.
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
    (f, scope) => {
      const by = f.by ?? 'service';
      const map = statusMap(f);
      const days = sql`(extract(epoch from (r.status_updated_at - r.created_at)) / 86400.0)`;
      const source = sql`(
      select ${TIME.includes(by) ? timeKey(by, r.statusUpdatedAt) : by === 'stage' ? sql`m.stage` : requestKey(by)} as k,
             ${days} as d
        from requests r join ${map} on m.s = r.service_slug and m.st = r.status and m.fin
        where ${inRange(r.statusUpdatedAt, f)} and ${requestConditions(f, scope) ?? sql`true`}
    ) e`;
      return {
        by,
        source,
        key: sql`e.k`,
        measures: [
          { key: 'decided', expr: sql`count(*)::int` },
          { key: 'medianDays', expr: sql`round(percentile_cont(0.5) within group (order by e.d)::numeric, 1)::float8` },
          { key: 'p90Days', expr: sql`round(percentile_cont(0.9) within group (order by e.d)::numeric, 1)::float8` },
          { key: 'averageDays', expr: sql`round(avg(e.d)::numeric, 1)::float8` },
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

/** Requests filed in the range by the citizen, by an employee and by an agent on the citizen's behalf. */
const channelsReport: ReportRunner = {
  financial: false,
  dimensions: ['service', 'company', 'sector', 'serviceCenter', 'month', 'day'],
  filters: REQUEST_FILTERS,
  ...groupedReport(
    'channels',
    (by) => [dim(by), col('filed', 'count'), col('citizen', 'count'), col('employee', 'count'), col('agent', 'count')],
    (f, scope) => {
      const by = f.by ?? 'service';
      const source = sql`(
      select ${TIME.includes(by) ? timeKey(by, r.createdAt) : requestKey(by)} as k, ${channelExpression(r.filedById)} as c
        from requests r
        where ${inRange(r.createdAt, f)} and ${requestConditions(f, scope) ?? sql`true`}
    ) e`;
      return {
        by,
        source,
        key: sql`e.k`,
        measures: [
          { key: 'filed', expr: sql`count(*)::int` },
          { key: 'citizen', expr: sql`(count(*) filter (where e.c = 'citizen'))::int` },
          { key: 'employee', expr: sql`(count(*) filter (where e.c = 'employee'))::int` },
          { key: 'agent', expr: sql`(count(*) filter (where e.c = 'agent'))::int` },
        ],
        order: TIME.includes(by) ? 'key' : 'filed',
      };
    },
  ),
};

/* ------------------------------------------------- ratings ------------------------------------------------- */

/** Ratings given in the range (3: completed easily, 2: with some difficulty, 1: could not complete). */
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
    (f, scope) => {
      const by = f.by ?? 'service';
      const source = sql`(
      select ${TIME.includes(by) ? timeKey(by, rt.createdAt) : requestKey(by)} as k, rt.answer as a
        from request_ratings rt join requests r on r.id = rt.request_id
        where ${inRange(rt.createdAt, f)} and ${requestConditions(f, scope) ?? sql`true`}
    ) e`;
      return {
        by,
        source,
        key: sql`e.k`,
        measures: [
          { key: 'ratings', expr: sql`count(*)::int` },
          { key: 'averageRating', expr: sql`round(avg(e.a)::numeric, 2)::float8` },
          { key: 'easy', expr: sql`(count(*) filter (where e.a = 3))::int` },
          { key: 'someDifficulty', expr: sql`(count(*) filter (where e.a = 2))::int` },
          { key: 'couldNotComplete', expr: sql`(count(*) filter (where e.a = 1))::int` },
        ],
        order: TIME.includes(by) ? 'key' : 'ratings',
      };
    },
  ),
};

/* ------------------------------------------------- readings ------------------------------------------------ */

/** A reading taken on the device this long before it reached the server was sent offline (the outbox, decision 019). */
export const OFFLINE_AFTER = '1 hour';

/**
 * Readings received in the range, per the meter's place: on time (received within the month they are for), late
 * (received after that month ended, Cairo time) and sent offline (read on the device more than OFFLINE_AFTER
 * before the server received it).
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
    (f, scope) => {
      const by = f.by ?? 'company';
      const place = { company: mt.companyId, sector: mt.sectorId, serviceCenter: mt.serviceCenterId } as const;
      const k = TIME.includes(by) ? timeKey(by, mr.createdAt) : sql`${place[by as keyof typeof place]}`;
      const source = sql`(
      select ${k} as k,
             (to_char(mr.created_at at time zone 'Africa/Cairo', 'YYYY-MM') > mr.period) as late,
             (mr.created_at - mr.read_at > interval '${sql.raw(OFFLINE_AFTER)}') as offline
        from meter_readings mr join meters mt on mt.id = mr.meter_id
        where ${inRange(mr.createdAt, f)} and ${placeCondition(scope, f, mt) ?? sql`true`}
    ) e`;
      return {
        by,
        source,
        key: sql`e.k`,
        measures: [
          { key: 'readings', expr: sql`count(*)::int` },
          { key: 'onTime', expr: sql`(count(*) filter (where not e.late))::int` },
          { key: 'late', expr: sql`(count(*) filter (where e.late))::int` },
          { key: 'offline', expr: sql`(count(*) filter (where e.offline))::int` },
          {
            key: 'offlineShare',
            expr: sql`round(100.0 * count(*) filter (where e.offline) / greatest(count(*), 1), 1)::float8`,
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
