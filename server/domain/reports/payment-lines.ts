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
/**
 * What a report reads from the summary: the payments dated before `throughAt` (the job's last run), per day,
 * except the `dirty` days (a payment of theirs changed since). Null: no summary yet.
 */
export type SummaryView = { throughAt: Date; dirty: readonly string[] } | null;
export type PaymentSummaryView = SummaryView;

/** The Cairo calendar day after `day` (YYYY-MM-DD). */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** The Cairo calendar day of an instant (YYYY-MM-DD). */
export function cairoDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: CAIRO, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/**
 * The instant that dates a line: a payment kept is dated by when it was paid, a refund by when it was refunded
 * (`refunded_at`, written with the refund, decision 060; not `updated_at`, which a later write to the row moves).
 */
const dated = (status: PaymentStatusKind) => sql.raw(status === 'succeeded' ? 'p.paid_at' : 'p.refunded_at');

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

const DIRTY_DAYS = sql`array(
  select distinct d::text from payments p,
    lateral (values ((p.paid_at at time zone 'Africa/Cairo')::date), ((p.refunded_at at time zone 'Africa/Cairo')::date),
      ((p.updated_at at time zone 'Africa/Cairo')::date)) v(d)
  where p.updated_at >= s.checked_at - ${CHANGE_MARGIN}::interval and d is not null
)`;
export const parseDays = (v: string[] | string): string[] =>
  // PGlite and node-postgres both parse a text[]; a driver that does not hands back its literal.
  Array.isArray(v) ? v : String(v).replace(/[{}]/g, '').split(',').filter(Boolean);

/**
 * A summary's state as a reader sees it (`name` in report_summaries): the instant it sums to and the days changed
 * since it was kept (`dirtyDays`: an array of Cairo days, reading the state row as `s`).
 */
export async function readSummary(db: Db, name: string, dirtyDays: SQL): Promise<SummaryView> {
  const result = await db.execute(
    sql`select (extract(epoch from s.checked_at) * 1000)::float8 as ms, ${dirtyDays} as dirty
      from report_summaries s where s.name = ${name}`,
  );
  const row = (result as unknown as { rows: { ms: number | string; dirty: string[] | string }[] }).rows[0];
  if (!row) return null;
  return { throughAt: new Date(Number(row.ms)), dirty: parseDays(row.dirty) };
}

/** The payments summary's state as a reader sees it. */
export const readPaymentSummary = (db: Db): Promise<PaymentSummaryView> => readSummary(db, PAYMENT_SUMMARY, DIRTY_DAYS);

/**
 * Which part of [fromAt, toAt) a reader takes from a summary and which from the base tables (decisions 065, 075):
 * the Cairo days from `first` to before `endDay` come from the summary but the `dirty` ones (a row of theirs
 * changed since the summary was kept); `live` lists the instant ranges read from the base tables (part days at the
 * start or end of the range, what came after the summary's instant, the dirty days). `summary` null: all live.
 */
export function summaryPlan(
  fromAt: Date,
  toAt: Date,
  view: SummaryView,
): { summary: { first: string; endDay: string; dirty: string[] } | null; live: [Date, Date][] } {
  if (view === null) return { summary: null, live: [[fromAt, toAt]] };
  const fromDay = cairoDay(fromAt);
  const first = cairoDayStart(fromDay).getTime() === fromAt.getTime() ? fromDay : nextDay(fromDay);
  // The summarised span [first's start, endAt): up to the summary's instant when the range goes past it (its last
  // day partly summed), else the whole days before the range's end.
  const upToSummary = view.throughAt.getTime() <= toAt.getTime();
  const endDay = upToSummary ? nextDay(cairoDay(view.throughAt)) : cairoDay(toAt);
  const endAt = upToSummary ? view.throughAt : cairoDayStart(endDay);
  const firstAt = cairoDayStart(first);
  if (firstAt.getTime() >= endAt.getTime()) return { summary: null, live: [[fromAt, toAt]] };
  const live: [Date, Date][] = [];
  if (fromAt.getTime() < firstAt.getTime()) live.push([fromAt, firstAt]);
  if (endAt.getTime() < toAt.getTime()) live.push([endAt, toAt]);
  const dirty = view.dirty.filter((d) => d >= first && d < endDay);
  for (const d of dirty) {
    const dayEnd = cairoDayStart(nextDay(d));
    live.push([cairoDayStart(d), dayEnd.getTime() < endAt.getTime() ? dayEnd : endAt]);
  }
  return { summary: { first, endDay, dirty }, live };
}

/** A date[] literal of days, for `day <> all(...)` and `day = any(...)`. */
export const daysLiteral = (days: readonly string[]) => sql`${`{${days.join(',')}}`}::date[]`;

export type LineRange = { fromAt: Date; toAt: Date; service?: string | undefined };

/**
 * The payment lines of `status` dated in [fromAt, toAt): from `report_payment_days` the Cairo days of the range
 * summed up to the summary's instant (whole days, and the part of today before it) and unchanged since; the rest
 * (part days at the start or end of the range, what came after the summary's instant, days changed since) from
 * the base tables. Columns: gateway, channel, service_slug, at (a summarised day's first instant), n, the four
 * piastre amounts and the place.
 */
export function placedPaymentLines(f: LineRange, status: PaymentStatusKind, view: PaymentSummaryView): SQL {
  const { summary, live } = summaryPlan(f.fromAt, f.toAt, view);
  if (summary === null) return baseLines(status, live, f.service)!;
  const kind = status === 'succeeded' ? 'paid' : 'refunded';
  const summarised = sql`
    select s.gateway, s.channel, s.service_slug, (s.day::timestamp at time zone ${CAIRO}) as at, s.payments as n,
      s.total_piastres, s.bills_total_piastres, s.service_fee_piastres, s.gateway_fee_piastres,
      s.company_id, s.sector_id, s.service_center_id
    from report_payment_days s
    where s.kind = ${kind} and s.day >= ${summary.first}::date and s.day < ${summary.endDay}::date
      and s.day <> all(${daysLiteral(summary.dirty)})
      ${f.service ? sql`and s.service_slug = ${f.service}` : sql``}`;
  const base = baseLines(status, live, f.service);
  return base ? sql`${summarised} union all ${base}` : summarised;
}

export type RefreshResult = { days: number; rows: number };

/**
 * Keeps `report_payment_days` (the `report-summaries` job; decision 065). Its instant T is the transaction's
 * `now()` to the millisecond. The first run sums every payment dated before T; a later one sums again the days
 * from the previous T's day to T's (today's part up to T) and the days whose payments changed since the previous
 * run (updated_at, less CHANGE_MARGIN), each deleted and summed again from the base tables, in one transaction
 * with the state row locked, so two runs never interleave and a reader sees the old days or the new ones. A
 * payment dated before T but committed after the run began was written after T less the margin: its day is
 * changed, and read live, until the next run.
 */
export async function refreshPaymentDays(db: Db): Promise<RefreshResult> {
  return refreshDays(db, {
    name: PAYMENT_SUMMARY,
    tables: ['report_payment_days'],
    dirtyDays: DIRTY_DAYS,
    insert: async (tx, ranges) => {
      let rows = 0;
      for (const status of ['succeeded', 'refunded'] as const) {
        const inserted = (await tx.execute(
          sql`with ins as (insert into report_payment_days (day, kind, gateway, channel, service_slug, company_id, sector_id,
              service_center_id, payments, total_piastres, bills_total_piastres, service_fee_piastres, gateway_fee_piastres)
            select (x.at at time zone ${CAIRO})::date, ${status === 'succeeded' ? 'paid' : 'refunded'}, x.gateway, x.channel,
              x.service_slug, x.company_id, x.sector_id, x.service_center_id, count(*), sum(x.total_piastres),
              sum(x.bills_total_piastres), sum(x.service_fee_piastres), sum(x.gateway_fee_piastres)
            from (${baseLines(status, ranges)!}) x
            group by 1, 3, 4, 5, 6, 7, 8 returning 1) select count(*)::int as n from ins`,
        )) as unknown as { rows: { n: number }[] };
        rows += Number(inserted.rows[0]?.n ?? 0);
      }
      return rows;
    },
  });
}

/**
 * Keeps one per-day summary table (the `report-summaries` job; decisions 065, 075). Its instant T is the
 * transaction's `now()` to the millisecond. The first run sums every row dated before T; a later one sums again the
 * days from the previous T's day to T's (today's part up to T) and the days whose rows changed since the previous
 * run (`dirtyDays`: updated_at, less CHANGE_MARGIN), each deleted and summed again from the base tables by
 * `insert` (given the instant ranges to sum), in one transaction with the state row locked, so two runs never
 * interleave and a reader sees the old days or the new ones.
 */
export async function refreshDays(
  db: Db,
  o: {
    name: string;
    /** The summary's tables (a state row may keep several, summed from the same days). */
    tables: readonly string[];
    dirtyDays: SQL;
    insert: (tx: Db, ranges: [Date, Date][]) => Promise<number>;
  },
): Promise<RefreshResult> {
  return transaction(db, async (tx) => {
    const rowsOf = async <T>(q: SQL) => ((await tx.execute(q)) as unknown as { rows: T[] }).rows;
    const T = sql`date_trunc('milliseconds', now())`;
    const fresh = await rowsOf<{ ms: number | string }>(
      sql`insert into report_summaries (name, checked_at) values (${o.name}, ${T})
        on conflict do nothing returning (extract(epoch from checked_at) * 1000)::float8 as ms`,
    );
    let days: string[] | 'all';
    let at: Date;
    if (fresh.length > 0) {
      days = 'all';
      at = new Date(Number(fresh[0]!.ms));
      for (const table of o.tables) await tx.execute(sql`delete from ${sql.identifier(table)}`);
    } else {
      const [state] = await rowsOf<{ before: number | string; ms: number | string; dirty: string[] | string }>(
        sql`select (extract(epoch from s.checked_at) * 1000)::float8 as before, (extract(epoch from ${T}) * 1000)::float8 as ms,
            ${o.dirtyDays} as dirty
          from report_summaries s where s.name = ${o.name} for update`,
      );
      at = new Date(Number(state!.ms));
      const today = cairoDay(at);
      const span: string[] = [];
      for (let d = cairoDay(new Date(Number(state!.before))); d <= today; d = nextDay(d)) span.push(d);
      days = [...new Set([...parseDays(state!.dirty), ...span])].filter((d) => d <= today).sort();
    }
    const until = (d: string) => {
      const end = cairoDayStart(nextDay(d));
      return end.getTime() < at.getTime() ? end : at;
    };
    const ranges: [Date, Date][] =
      days === 'all' ? [[new Date('1970-01-01T00:00:00Z'), at]] : days.map((d) => [cairoDayStart(d), until(d)] as [Date, Date]);
    let rows = 0;
    if (days !== 'all' && days.length > 0)
      for (const table of o.tables)
        await tx.execute(sql`delete from ${sql.identifier(table)} where day = any(${daysLiteral(days)})`);
    if (ranges.length > 0) rows = await o.insert(tx, ranges);
    await tx.execute(sql`update report_summaries set checked_at = ${T} where name = ${o.name}`);
    return { days: days === 'all' ? -1 : days.length, rows };
  });
}
