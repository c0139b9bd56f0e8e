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

/*
 * The reading lines the readings report and the dashboard's readings tile add up (decision 075, decision 065's
 * shape): a reading received (n = 1) from the base tables, or a row of `report_reading_days` (n = its count): the
 * readings received on one Cairo day, per the meter's place, late or not, sent offline or not.
 *
 * A reading is never changed in what these count (its meter, period, read and received instants); its day changes
 * only when it arrives (`created_at` >= the summary's instant less CHANGE_MARGIN: a reading committed after the job
 * began) or when its meter's place changes (`meters.updated_at`, every meter write stamps it): those days are read
 * from the base tables until the job sums them again.
 */

const CAIRO = 'Africa/Cairo';
export const READING_SUMMARY = 'readings';
/** A reading taken on the device this long before it reached the server was sent offline (the outbox, decision 019). */
export const OFFLINE_AFTER = '1 hour';

const DIRTY_DAYS = sql`array(
  select (mr.created_at at time zone 'Africa/Cairo')::date::text from meter_readings mr
  where mr.created_at >= s.checked_at - ${CHANGE_MARGIN}::interval
  union
  select (mr.created_at at time zone 'Africa/Cairo')::date::text from meters m join meter_readings mr on mr.meter_id = m.id
  where m.updated_at >= s.checked_at - ${CHANGE_MARGIN}::interval
)`;

export const readReadingSummary = (db: Db): Promise<SummaryView> => readSummary(db, READING_SUMMARY, DIRTY_DAYS);

/** Readings received in one of `ranges`, one line each, with the meter's place. */
function baseLines(ranges: readonly (readonly [Date, Date])[]): SQL | null {
  if (ranges.length === 0) return null;
  const when = sql.join(
    ranges.map(
      ([a, b]) => sql`(mr.created_at >= ${a.toISOString()}::timestamptz and mr.created_at < ${b.toISOString()}::timestamptz)`,
    ),
    sql` or `,
  );
  return sql`
    select mr.created_at as at, 1 as n, mt.company_id, mt.sector_id, mt.service_center_id,
      (to_char(mr.created_at at time zone ${CAIRO}, 'YYYY-MM') > mr.period) as late,
      (mr.created_at - mr.read_at > interval '${sql.raw(OFFLINE_AFTER)}') as offline
    from meter_readings mr join meters mt on mt.id = mr.meter_id
    where ${when}`;
}

/**
 * The reading lines received in [fromAt, toAt): summarised days unchanged since, the rest from the base tables.
 * Columns: at, n, company_id, sector_id, service_center_id, late, offline.
 */
export function readingLines(f: { fromAt: Date; toAt: Date }, view: SummaryView): SQL {
  const { summary, live } = summaryPlan(f.fromAt, f.toAt, view);
  const base = baseLines(live);
  if (summary === null) return base!;
  const summarised = sql`
    select (s.day::timestamp at time zone ${CAIRO}) as at, s.readings as n, s.company_id, s.sector_id, s.service_center_id,
      s.late, s.offline
    from report_reading_days s
    where s.day >= ${summary.first}::date and s.day < ${summary.endDay}::date and s.day <> all(${daysLiteral(summary.dirty)})`;
  return base ? sql`${summarised} union all ${base}` : summarised;
}

/** Keeps `report_reading_days` (the `report-summaries` job; refreshDays). */
export async function refreshReadingDays(db: Db): Promise<RefreshResult> {
  return refreshDays(db, {
    name: READING_SUMMARY,
    tables: ['report_reading_days'],
    dirtyDays: DIRTY_DAYS,
    insert: async (tx, ranges) => {
      const inserted = (await tx.execute(
        sql`with ins as (insert into report_reading_days (day, company_id, sector_id, service_center_id, late, offline, readings)
            select (x.at at time zone ${CAIRO})::date, x.company_id, x.sector_id, x.service_center_id, x.late, x.offline, count(*)
            from (${baseLines(ranges)!}) x
            group by 1, 2, 3, 4, 5, 6 returning 1) select count(*)::int as n from ins`,
      )) as unknown as { rows: { n: number }[] };
      return Number(inserted.rows[0]?.n ?? 0);
    },
  });
}
