import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  CHANGE_MARGIN,
  daysLiteral,
  readSummary,
  refreshDays,
  summaryPlan,
  type RefreshResult,
  type SummaryView,
} from './payment-lines.ts';
import { ageGroupExpression, channelExpression } from './scope.ts';

/*
 * The request lines the requests and channels reports and the dashboard's filed and decided tiles add up (decision
 * 075, the shape of decision 065's payments). A line is a request on the day of one of its events (n = 1) read from
 * the base table, or a row of `report_request_days` (n = its count): the requests of one Cairo day, kind, service,
 * current status and stage, place, channel and age group, summed by the `report-summaries` job.
 *
 * - kind 'filed': dated by created_at; 'moved': dated by status_updated_at (the day the request reached the status
 *   it is in). Decided is "moved into a final status" and open is "filed, in a status that is not final", both
 *   joined with the catalog's workflows when a report reads, so a change of the catalog needs no new summary.
 * - Exact at every read: a day is read from the summary only when it is before the summary's instant and no request
 *   of that day (by either date) changed since the job last looked (`requests.updated_at` >= `checked_at` less
 *   CHANGE_MARGIN: every write to a request stamps it, server/domain/requests/lifecycle.ts).
 */

const CAIRO = 'Africa/Cairo';
export const REQUEST_SUMMARY = 'requests';
export type RequestLineKind = 'filed' | 'moved';

const DIRTY_DAYS = sql`array(
  select distinct d::text from requests r,
    lateral (values ((r.created_at at time zone 'Africa/Cairo')::date), ((r.status_updated_at at time zone 'Africa/Cairo')::date)) v(d)
  where r.updated_at >= s.checked_at - ${CHANGE_MARGIN}::interval
)`;

/** The requests summary's state as a reader sees it: the instant it sums to and the days changed since. */
export const readRequestSummary = (db: Db): Promise<SummaryView> => readSummary(db, REQUEST_SUMMARY, DIRTY_DAYS);

const dated = (kind: RequestLineKind) => sql.raw(kind === 'filed' ? 'r.created_at' : 'r.status_updated_at');

/** Requests dated (by `kind`) in one of `ranges` ([from, to) instants), from the base table, one line each. */
function baseLines(kind: RequestLineKind, ranges: readonly (readonly [Date, Date])[]): SQL | null {
  if (ranges.length === 0) return null;
  const at = dated(kind);
  const when = sql.join(
    ranges.map(([a, b]) => sql`(${at} >= ${a.toISOString()}::timestamptz and ${at} < ${b.toISOString()}::timestamptz)`),
    sql` or `,
  );
  return sql`
    select ${kind}::text as kind, ${at} as at, 1 as n, r.service_slug, r.status, r.stage_id,
      r.company_id, r.sector_id, r.service_center_id,
      ${channelExpression(sql.raw('r.filed_by_id'))} as channel,
      ${ageGroupExpression(sql.raw('r.national_id'), sql.raw('r.created_at'))} as age
    from requests r
    where ${when}`;
}

/**
 * The request lines of `kinds` dated in [fromAt, toAt): from `report_request_days` the Cairo days summed up to the
 * summary's instant and unchanged since, the rest from the base table. Columns: kind, at (a summarised day's first
 * instant), n, service_slug, status, stage_id, the place, channel, age.
 */
export function requestLines(f: { fromAt: Date; toAt: Date }, kinds: readonly RequestLineKind[], view: SummaryView): SQL {
  const { summary, live } = summaryPlan(f.fromAt, f.toAt, view);
  const parts: SQL[] = [];
  if (summary !== null)
    parts.push(sql`
    select s.kind, (s.day::timestamp at time zone ${CAIRO}) as at, s.requests as n, s.service_slug, s.status, s.stage_id,
      s.company_id, s.sector_id, s.service_center_id, s.channel, s.age
    from report_request_days s
    where s.kind in (${sql.join(
      kinds.map((k) => sql`${k}`),
      sql`, `,
    )}) and s.day >= ${summary.first}::date and s.day < ${summary.endDay}::date
      and s.day <> all(${daysLiteral(summary.dirty)})`);
  for (const kind of kinds) {
    const base = baseLines(kind, live);
    if (base) parts.push(base);
  }
  return sql.join(parts, sql` union all `);
}

/** Days from filing to the current status, in tenths of a day (the decision-time report's unit). */
const TENTHS = sql.raw(`round(extract(epoch from (r.status_updated_at - r.created_at)) / 8640)::int`);

/** Requests that reached their status in one of `ranges`, one line each, with their decision time in tenths. */
function baseDecisionLines(ranges: readonly (readonly [Date, Date])[]): SQL | null {
  if (ranges.length === 0) return null;
  const when = sql.join(
    ranges.map(
      ([a, b]) =>
        sql`(r.status_updated_at >= ${a.toISOString()}::timestamptz and r.status_updated_at < ${b.toISOString()}::timestamptz)`,
    ),
    sql` or `,
  );
  return sql`
    select r.status_updated_at as at, 1 as n, ${TENTHS} as tenths, r.service_slug, r.status, r.stage_id,
      r.company_id, r.sector_id, r.service_center_id,
      ${channelExpression(sql.raw('r.filed_by_id'))} as channel,
      ${ageGroupExpression(sql.raw('r.national_id'), sql.raw('r.created_at'))} as age
    from requests r
    where ${when}`;
}

/**
 * The decision lines of [fromAt, toAt) (requests by the day they reached their status, with `tenths`: days from
 * filing to it, in tenths), from `report_decision_days` (kept with the request summary, same state) and the base
 * table. Columns: at, n, tenths, service_slug, status, stage_id, the place, channel, age.
 */
export function decisionLines(f: { fromAt: Date; toAt: Date }, view: SummaryView): SQL {
  const { summary, live } = summaryPlan(f.fromAt, f.toAt, view);
  const base = baseDecisionLines(live);
  if (summary === null) return base!;
  const summarised = sql`
    select (s.day::timestamp at time zone ${CAIRO}) as at, s.requests as n, s.tenths, s.service_slug, s.status, s.stage_id,
      s.company_id, s.sector_id, s.service_center_id, s.channel, s.age
    from report_decision_days s
    where s.day >= ${summary.first}::date and s.day < ${summary.endDay}::date and s.day <> all(${daysLiteral(summary.dirty)})`;
  return base ? sql`${summarised} union all ${base}` : summarised;
}

/**
 * Keeps `report_request_days` and `report_decision_days` (the `report-summaries` job, after the payments';
 * decision 075): the first run sums every request by the day it was filed and by the day it reached its status; a
 * later one the days from the previous run's to today and the days a changed request is dated on (refreshDays).
 */
export async function refreshRequestDays(db: Db): Promise<RefreshResult> {
  return refreshDays(db, {
    name: REQUEST_SUMMARY,
    tables: ['report_request_days', 'report_decision_days'],
    dirtyDays: DIRTY_DAYS,
    insert: async (tx, ranges) => {
      let rows = 0;
      const decisions = (await tx.execute(
        sql`with ins as (insert into report_decision_days (day, service_slug, status, stage_id, company_id, sector_id,
              service_center_id, channel, age, tenths, requests)
            select (x.at at time zone ${CAIRO})::date, x.service_slug, x.status, x.stage_id, x.company_id, x.sector_id,
              x.service_center_id, x.channel, x.age, x.tenths, count(*)
            from (${baseDecisionLines(ranges)!}) x
            group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 returning 1) select count(*)::int as n from ins`,
      )) as unknown as { rows: { n: number }[] };
      rows += Number(decisions.rows[0]?.n ?? 0);
      for (const kind of ['filed', 'moved'] as const) {
        const inserted = (await tx.execute(
          sql`with ins as (insert into report_request_days (day, kind, service_slug, status, stage_id, company_id, sector_id,
              service_center_id, channel, age, requests)
            select (x.at at time zone ${CAIRO})::date, x.kind, x.service_slug, x.status, x.stage_id, x.company_id, x.sector_id,
              x.service_center_id, x.channel, x.age, count(*)
            from (${baseLines(kind, ranges)!}) x
            group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 returning 1) select count(*)::int as n from ins`,
        )) as unknown as { rows: { n: number }[] };
        rows += Number(inserted.rows[0]?.n ?? 0);
      }
      return rows;
    },
  });
}
