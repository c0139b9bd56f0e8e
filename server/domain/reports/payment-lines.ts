import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/tx.ts';
import { cairoDayStart } from './filters.ts';

/*
 * The payment lines the financial reports and the dashboard's collections tile add up (decisions 057, 065). A
 * line is a payment (n = 1) read from the base tables, or a row of `report_payment_days` (n = its count): the
 * payments of one Cairo day, kind, gateway, channel, service and place, summed by the `report-summaries` job.
 *
 * Exact at every read: a day is read from its summary only when it is before the summary's `through` day and
 * none of its payments changed since the job last looked (`payments.updated_at` >= `checked_at` less
 * CHANGE_MARGIN: a late payment, a refund, a status change). Every other day of the range (today, and the days
 * with a change not yet summarised) is read from the base tables, each through the paid_at index.
 */

const CAIRO = 'Africa/Cairo';
export const PAYMENT_SUMMARY = 'payments';
/**
 * Writes stamp `updated_at` with the writer's clock when it writes, which can be earlier than its commit: a change
 * made up to this long before the job's own start still marks its day (no write transaction runs that long).
 */
export const CHANGE_MARGIN = '15 minutes';

/** How often the `report-summaries` job runs across processes (server/app.ts). */
export const REPORT_SUMMARIES_EVERY_MS = 5 * 60_000;

export type PaymentStatusKind = 'succeeded' | 'refunded';
/** What a report reads from the summary: days before `through`, except `dirty`. Null: no summary yet. */
export type PaymentSummaryView = { through: string; dirty: readonly string[] } | null;

/** The Cairo calendar day after `day` (YYYY-MM-DD). */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** The Cairo calendar day of an instant (YYYY-MM-DD). */
export function cairoDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: CAIRO, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

const dated = (status: PaymentStatusKind) => sql.raw(status === 'succeeded' ? 'p.paid_at' : 'p.updated_at');

/** A payment's lines from the base tables whose dating instant lies in one of `ranges` ([from, to) instants). */
function baseLines(status: PaymentStatusKind, ranges: readonly (readonly [Date, Date])[], service?: string): SQL | null {
  if (ranges.length === 0) return null;
  const at = dated(status);
  const when = sql.join(
    ranges.map(([a, b]) => sql`(${at} >= ${a.toISOString()}::timestamptz and ${at} < ${b.toISOString()}::timestamptz)`),
    sql` or `,
  );
  return sql`
    select p.gateway, p.channel, coalesce(p.service_slug, 'PAYBILLS') as service_slug, ${at} as at, 1 as n,
      p.total_piastres, p.bills_total_piastres, p.service_fee_piastres, p.gateway_fee_piastres,
      coalesce(r.company_id, m.company_id) as company_id,
      coalesce(r.sector_id, m.sector_id) as sector_id,
      coalesce(r.service_center_id, m.service_center_id) as service_center_id
    from payments p
    left join requests r on p.purpose = 'fee' and r.id = p.request_id
    left join lateral (
      select mt.company_id, mt.sector_id, mt.service_center_id
      from payment_items i join bills b on b.id = i.bill_id join meters mt on mt.id = b.meter_id
      where p.purpose = 'bills' and i.payment_id = p.id
      order by i.bill_id
      limit 1
    ) m on true
    where p.status = ${status} and (${when})
      ${service ? sql`and coalesce(p.service_slug, 'PAYBILLS') = ${service}` : sql``}`;
}

/** The summary's state as a reader sees it: its `through` day and the days changed since it was last kept. */
export async function readPaymentSummary(db: Db): Promise<PaymentSummaryView> {
  const result = await db.execute(
    sql`select s.through::text as through, array(
        select distinct d::text from payments p,
          lateral (values ((p.paid_at at time zone ${CAIRO})::date), ((p.updated_at at time zone ${CAIRO})::date)) v(d)
        where p.updated_at >= s.checked_at - ${CHANGE_MARGIN}::interval and d is not null and d < s.through
      ) as dirty
      from report_summaries s where s.name = ${PAYMENT_SUMMARY}`,
  );
  const row = (result as unknown as { rows: { through: string; dirty: string[] | string }[] }).rows[0];
  if (!row) return null;
  // PGlite and node-postgres both parse a text[]; a driver that does not hands back its literal.
  const dirty = Array.isArray(row.dirty) ? row.dirty : String(row.dirty).replace(/[{}]/g, '').split(',').filter(Boolean);
  return { through: row.through, dirty };
}

export type LineRange = { fromAt: Date; toAt: Date; service?: string | undefined };

/**
 * The payment lines of `status` dated in [fromAt, toAt): the whole Cairo days of the range before the summary's
 * `through` and unchanged since from `report_payment_days`; the rest (part days at either end, today, days not
 * summarised yet, days changed since) from the base tables. Columns: gateway, channel, service_slug, at (a
 * summarised day's first instant), n, the four piastre amounts and the place.
 */
export function placedPaymentLines(f: LineRange, status: PaymentStatusKind, view: PaymentSummaryView): SQL {
  const fromDay = cairoDay(f.fromAt);
  const first = cairoDayStart(fromDay).getTime() === f.fromAt.getTime() ? fromDay : nextDay(fromDay);
  const toDay = cairoDay(f.toAt);
  const end = view === null ? first : view.through < toDay ? view.through : toDay;
  if (view === null || first >= end) return baseLines(status, [[f.fromAt, f.toAt]], f.service)!;
  // Summarised: the days first <= d < end, less the changed ones.
  const firstAt = cairoDayStart(first);
  const endAt = cairoDayStart(end);
  const live: [Date, Date][] = [];
  if (f.fromAt.getTime() < firstAt.getTime()) live.push([f.fromAt, firstAt]);
  if (endAt.getTime() < f.toAt.getTime()) live.push([endAt, f.toAt]);
  const dirty = view.dirty.filter((d) => d >= first && d < end);
  for (const d of dirty) live.push([cairoDayStart(d), cairoDayStart(nextDay(d))]);
  const kind = status === 'succeeded' ? 'paid' : 'refunded';
  const summarised = sql`
    select s.gateway, s.channel, s.service_slug, (s.day::timestamp at time zone ${CAIRO}) as at, s.payments as n,
      s.total_piastres, s.bills_total_piastres, s.service_fee_piastres, s.gateway_fee_piastres,
      s.company_id, s.sector_id, s.service_center_id
    from report_payment_days s
    where s.kind = ${kind} and s.day >= ${first}::date and s.day < ${end}::date
      and s.day <> all(${`{${dirty.join(',')}}`}::date[])
      ${f.service ? sql`and s.service_slug = ${f.service}` : sql``}`;
  const base = baseLines(status, live, f.service);
  return base ? sql`${summarised} union all ${base}` : summarised;
}

export type RefreshResult = { days: number; rows: number };

/**
 * Keeps `report_payment_days` (the `report-summaries` job; decision 065): on the first run every day before today;
 * then the days ended since the last run and the days whose payments changed since it (by updated_at, less
 * CHANGE_MARGIN), each deleted and summed again from the base tables, in one transaction with the state row
 * locked, so two runs never interleave and a reader sees the old days or the new ones.
 */
export async function refreshPaymentDays(db: Db, now = new Date()): Promise<RefreshResult> {
  const today = cairoDay(now);
  const todayAt = cairoDayStart(today);
  return transaction(db, async (tx) => {
    const rowsOf = async <T>(q: SQL) => ((await tx.execute(q)) as unknown as { rows: T[] }).rows;
    const fresh = await rowsOf<{ name: string }>(
      sql`insert into report_summaries (name, through, checked_at) values (${PAYMENT_SUMMARY}, ${today}::date, now())
        on conflict do nothing returning name`,
    );
    let days: string[] | 'all';
    if (fresh.length > 0) {
      days = 'all';
      await tx.execute(sql`delete from report_payment_days`);
    } else {
      const [state] = await rowsOf<{ through: string; dirty: string[] | string }>(
        sql`select s.through::text as through, array(
            select distinct d::text from payments p,
              lateral (values ((p.paid_at at time zone ${CAIRO})::date), ((p.updated_at at time zone ${CAIRO})::date)) v(d)
            where p.updated_at >= s.checked_at - ${CHANGE_MARGIN}::interval and d is not null and d < s.through
          ) as dirty
          from report_summaries s where s.name = ${PAYMENT_SUMMARY} for update`,
      );
      const dirty = Array.isArray(state!.dirty)
        ? state!.dirty
        : String(state!.dirty).replace(/[{}]/g, '').split(',').filter(Boolean);
      const ended: string[] = [];
      for (let d = state!.through; d < today; d = nextDay(d)) ended.push(d);
      days = [...new Set([...dirty, ...ended])].sort();
    }
    const ranges: [Date, Date][] =
      days === 'all'
        ? [[new Date('1970-01-01T00:00:00Z'), todayAt]]
        : days.filter((d) => d < today).map((d) => [cairoDayStart(d), cairoDayStart(nextDay(d))] as [Date, Date]);
    let rows = 0;
    if (ranges.length > 0) {
      if (days !== 'all')
        await tx.execute(sql`delete from report_payment_days where day = any(${`{${days.join(',')}}`}::date[])`);
      for (const status of ['succeeded', 'refunded'] as const) {
        const inserted = await rowsOf<{ n: number }>(
          sql`with ins as (insert into report_payment_days (day, kind, gateway, channel, service_slug, company_id, sector_id,
              service_center_id, payments, total_piastres, bills_total_piastres, service_fee_piastres, gateway_fee_piastres)
            select (x.at at time zone ${CAIRO})::date, ${status === 'succeeded' ? 'paid' : 'refunded'}, x.gateway, x.channel,
              x.service_slug, x.company_id, x.sector_id, x.service_center_id, count(*), sum(x.total_piastres),
              sum(x.bills_total_piastres), sum(x.service_fee_piastres), sum(x.gateway_fee_piastres)
            from (${baseLines(status, ranges)!}) x
            group by 1, 3, 4, 5, 6, 7, 8 returning 1) select count(*)::int as n from ins`,
        );
        rows += Number(inserted[0]?.n ?? 0);
      }
    }
    await tx.execute(
      sql`update report_summaries set through = greatest(through, ${today}::date), checked_at = now() where name = ${PAYMENT_SUMMARY}`,
    );
    return { days: days === 'all' ? -1 : days.length, rows };
  });
}
