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
 * The rating lines the ratings report (and the quality screen, which reads it) and the dashboard's rating tile add
 * up (decision 075, decision 065's shape): a rating (n = 1) with its request's service, current status, place,
 * channel and age group from the base tables, or a row of `report_rating_days` (n = its count) per Cairo day it
 * was given, those and the answer.
 *
 * A rating is written once and never changed; its day is dirty when a rating arrives within the margin of the job's
 * instant or its request changes (`requests.updated_at`: a new status, another service center).
 */

const CAIRO = 'Africa/Cairo';
export const RATING_SUMMARY = 'ratings';

const DIRTY_DAYS = sql`array(
  select (rt.created_at at time zone 'Africa/Cairo')::date::text from request_ratings rt
  where rt.created_at >= s.checked_at - ${CHANGE_MARGIN}::interval
  union
  select (rt.created_at at time zone 'Africa/Cairo')::date::text from requests r join request_ratings rt on rt.request_id = r.id
  where r.updated_at >= s.checked_at - ${CHANGE_MARGIN}::interval
)`;

export const readRatingSummary = (db: Db): Promise<SummaryView> => readSummary(db, RATING_SUMMARY, DIRTY_DAYS);

/** Ratings given in one of `ranges`, one line each, with their request's columns. */
function baseLines(ranges: readonly (readonly [Date, Date])[]): SQL | null {
  if (ranges.length === 0) return null;
  const when = sql.join(
    ranges.map(
      ([a, b]) => sql`(rt.created_at >= ${a.toISOString()}::timestamptz and rt.created_at < ${b.toISOString()}::timestamptz)`,
    ),
    sql` or `,
  );
  return sql`
    select rt.created_at as at, 1 as n, rt.answer, r.service_slug, r.status, r.company_id, r.sector_id, r.service_center_id,
      ${channelExpression(sql.raw('r.filed_by_id'))} as channel,
      ${ageGroupExpression(sql.raw('r.national_id'), sql.raw('r.created_at'))} as age
    from request_ratings rt join requests r on r.id = rt.request_id
    where ${when}`;
}

/**
 * The rating lines given in [fromAt, toAt): summarised days unchanged since, the rest from the base tables.
 * Columns: at, n, answer, service_slug, status, the place, channel, age.
 */
export function ratingLines(f: { fromAt: Date; toAt: Date }, view: SummaryView): SQL {
  const { summary, live } = summaryPlan(f.fromAt, f.toAt, view);
  const base = baseLines(live);
  if (summary === null) return base!;
  const summarised = sql`
    select (s.day::timestamp at time zone ${CAIRO}) as at, s.ratings as n, s.answer, s.service_slug, s.status,
      s.company_id, s.sector_id, s.service_center_id, s.channel, s.age
    from report_rating_days s
    where s.day >= ${summary.first}::date and s.day < ${summary.endDay}::date and s.day <> all(${daysLiteral(summary.dirty)})`;
  return base ? sql`${summarised} union all ${base}` : summarised;
}

/** Keeps `report_rating_days` (the `report-summaries` job; refreshDays). */
export async function refreshRatingDays(db: Db): Promise<RefreshResult> {
  return refreshDays(db, {
    name: RATING_SUMMARY,
    tables: ['report_rating_days'],
    dirtyDays: DIRTY_DAYS,
    insert: async (tx, ranges) => {
      const inserted = (await tx.execute(
        sql`with ins as (insert into report_rating_days (day, answer, service_slug, status, company_id, sector_id,
              service_center_id, channel, age, ratings)
            select (x.at at time zone ${CAIRO})::date, x.answer, x.service_slug, x.status, x.company_id, x.sector_id,
              x.service_center_id, x.channel, x.age, count(*)
            from (${baseLines(ranges)!}) x
            group by 1, 2, 3, 4, 5, 6, 7, 8, 9 returning 1) select count(*)::int as n from ins`,
      )) as unknown as { rows: { n: number }[] };
      return Number(inserted.rows[0]?.n ?? 0);
    },
  });
}
