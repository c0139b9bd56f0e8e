import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TReportRow } from '../../../contract/reports.ts';
import { generateReportData } from '../../seed/report-data.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { dashboard } from './dashboard.ts';
import { cairoDayStart, type ReportFilters } from './filters.ts';
import { FINANCIAL_RUNNERS, readReconciliationSummary, RECONCILIATION_SUMMARY, refreshReconciliationDays } from './financial.ts';
import { cairoDay, nextDay, readPaymentSummary, refreshPaymentDays } from './payment-lines.ts';
import type { ReportScope } from './scope.ts';

/*
 * The payments' per-day summary (decision 065): collections and fees read whole past days from
 * `report_payment_days` and the rest from the base tables, and stay exact to the piastre when a summarised day
 * changes before the job has run again (a payment recorded late, a refund, a payment found paid by a status
 * inquiry), and after it has. The reconciliation's list (decision 075, `report_reconciliation_rows`) likewise.
 */

let ctx: TestApp;
const NOW = new Date();
const DAY = 86_400_000;
const HOLDING: ReportScope = { companyId: null, sectorId: null, serviceCenterIds: [] };
const NORTH: ReportScope = { companyId: 'co-north-cairo', sectorId: null, serviceCenterIds: [] };
const today = cairoDay(NOW);
const from = cairoDay(new Date(NOW.getTime() - 150 * DAY));

const filters = (over: Partial<ReportFilters> = {}): ReportFilters => ({
  from,
  to: today,
  fromAt: cairoDayStart(from),
  toAt: cairoDayStart(nextDay(today)),
  by: 'day',
  page: 1,
  pageSize: 500,
  services: [],
  now: NOW,
  ...over,
});

type Rows = Record<string, unknown>[];
const q = async (text: ReturnType<typeof sql>) =>
  ((await ctx.database.db.execute(text)) as unknown as { rows: Rows }).rows.map((r) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v])),
  );

/** The ledger per Cairo day: succeeded payments by paid_at, refunded by refunded_at (decision 075). */
async function ledger(f: ReportFilters) {
  const paid = await q(sql`select to_char(paid_at at time zone 'Africa/Cairo', 'YYYY-MM-DD') as day, count(*) as n,
      sum(total_piastres) as amount, sum(service_fee_piastres + gateway_fee_piastres) as fees
    from payments where status = 'succeeded' and paid_at >= ${f.fromAt} and paid_at < ${f.toAt} group by 1`);
  const refunded = await q(sql`select to_char(refunded_at at time zone 'Africa/Cairo', 'YYYY-MM-DD') as day, count(*) as n,
      sum(total_piastres) as amount
    from payments where status = 'refunded' and refunded_at >= ${f.fromAt} and refunded_at < ${f.toAt} group by 1`);
  return {
    collections: Object.fromEntries(paid.map((r) => [r.day, { payments: r.n, amount: r.amount }])),
    fees: Object.fromEntries(paid.map((r) => [r.day, r.fees])),
    refunds: Object.fromEntries(refunded.map((r) => [r.day, { refunds: r.n, refundedAmount: r.amount }])),
  };
}

/** Collections and fees-refunds by day, as the reports say, in the ledger's shape; and the reconciliation's list. */
async function reports(f: ReportFilters, scope = HOLDING) {
  const c = await FINANCIAL_RUNNERS.collections!.run(ctx.database.db, f, scope);
  const fr = await FINANCIAL_RUNNERS['fees-refunds']!.run(ctx.database.db, f, scope);
  const rc = await FINANCIAL_RUNNERS.reconciliation!.run(ctx.database.db, { ...f, by: undefined }, scope);
  const day = (row: TReportRow) => String(row.day);
  return {
    collections: Object.fromEntries(c.rows.map((r) => [day(r), { payments: r.payments, amount: r.amount }])),
    fees: Object.fromEntries(fr.rows.filter((r) => Number(r.payments) > 0).map((r) => [day(r), r.fees])),
    refunds: Object.fromEntries(
      fr.rows.filter((r) => Number(r.refunds) > 0).map((r) => [day(r), { refunds: r.refunds, refundedAmount: r.refundedAmount }]),
    ),
    totals: { collections: c.totals, fees: fr.totals },
    reconciliation: { rows: rc.rows, totals: rc.totals, total: rc.page.total },
  };
}

/** The reconciliation from the base tables alone: its summary's state set aside, then put back as it was. */
async function reconciliationFromBaseTables(f = filters()) {
  const states = await q(sql`delete from report_summaries where name = ${RECONCILIATION_SUMMARY} returning checked_at as at`);
  try {
    const rc = await FINANCIAL_RUNNERS.reconciliation!.run(ctx.database.db, { ...f, by: undefined }, HOLDING);
    return { rows: rc.rows, totals: rc.totals, total: rc.page.total };
  } finally {
    for (const state of states)
      await ctx.database.db.execute(
        sql`insert into report_summaries (name, checked_at) values (${RECONCILIATION_SUMMARY}, ${state.at as Date})`,
      );
  }
}

const refresh = async () => {
  const payments = await refreshPaymentDays(ctx.database.db);
  await refreshReconciliationDays(ctx.database.db);
  return payments;
};

async function expectExact(f = filters()) {
  const [want, got] = await Promise.all([ledger(f), reports(f)]);
  expect(got.collections).toEqual(want.collections);
  expect(got.fees).toEqual(want.fees);
  expect(got.refunds).toEqual(want.refunds);
  return got;
}

let live: Awaited<ReturnType<typeof reports>>;
let liveNorth: Awaited<ReturnType<typeof reports>>;

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoUsers: true });
  await generateReportData(
    ctx.database.db,
    { citizens: 120, metersPerCitizen: 1, readingMonths: 6, billMonths: 6, requests: 900, requestDays: 183 },
    NOW,
  );
  live = await reports(filters());
  liveNorth = await reports(filters({ by: 'company' }), NORTH);
}, 120_000);
afterAll(async () => ctx?.close());

describe('the payments summary', () => {
  it('gives the same figures as the base tables, read from the summary for every past day', async () => {
    expect(await readPaymentSummary(ctx.database.db)).toBeNull();
    const first = await refresh();
    expect(first.rows).toBeGreaterThan(10);
    const view = await readPaymentSummary(ctx.database.db);
    expect(cairoDay(view!.throughAt)).toBe(today);
    const [summarised] = await q(
      sql`select count(distinct day) as days, sum(payments) as n from report_payment_days where kind = 'paid'`,
    );
    expect(summarised!.days).toBeGreaterThan(20);

    const now = await expectExact();
    expect(now).toEqual(live);
    expect(await reports(filters({ by: 'company' }), NORTH)).toEqual(liveNorth);
    // Every grouping adds up to the same totals, and a range starting within a day reads that day live.
    for (const by of ['gateway', 'service', 'company', 'month'] as const) {
      const r = await FINANCIAL_RUNNERS.collections!.run(ctx.database.db, filters({ by }), HOLDING);
      expect({ ...r.totals, [by]: null }, by).toEqual({ ...live.totals.collections, day: undefined, [by]: null });
    }
    const midday = filters({ fromAt: new Date(cairoDayStart(from).getTime() + 13 * 3_600_000) });
    await expectExact(midday);
  });

  it('stays exact when summarised days change before the job runs again, and after it has', async () => {
    await refresh();
    const old = new Date(NOW.getTime() - 40 * DAY);
    // A fee payment recorded late, paid on a summarised day.
    await ctx.database.db.execute(sql`insert into payments (id, purpose, request_id, service_slug, gateway, channel, status,
        service_fee_piastres, gateway_fee_piastres, total_piastres, merchant_reference, created_at, updated_at, paid_at)
      select 'late-pay-1', 'fee', r.id, r.service_slug, 'sandbox', 'card', 'succeeded', 12000, 345, 12345, 'LATE-1',
        ${old}, now(), ${old}
      from requests r where r.id like 'e0000000-0000-4000-8000-%' and r.company_id = 'co-north-cairo' order by r.id limit 1`);
    // A refund of a payment paid weeks ago.
    const [refunded] = await q(sql`update payments set status = 'refunded', refunded_at = now(), updated_at = now()
      where id = (select id from payments where status = 'succeeded' and paid_at < ${old} and paid_at > ${new Date(NOW.getTime() - 120 * DAY)}
        order by id limit 1) returning id, total_piastres as amount, to_char(paid_at at time zone 'Africa/Cairo', 'YYYY-MM-DD') as day`);
    // A failed payment a status inquiry finds paid after all.
    const [found] =
      await q(sql`update payments set status = 'succeeded', failure_reason = null, paid_at = created_at, updated_at = now()
      where id = (select id from payments where status = 'failed' and created_at < ${old}
        and created_at > ${new Date(NOW.getTime() - 120 * DAY)} order by id limit 1)
      returning id, total_piastres as amount, to_char(created_at at time zone 'Africa/Cairo', 'YYYY-MM-DD') as day`);
    expect(refunded && found).toBeTruthy();
    // And one paid today, after the job summed today's part.
    await ctx.database.db.execute(sql`insert into payments (id, purpose, request_id, service_slug, gateway, channel, status,
        service_fee_piastres, gateway_fee_piastres, total_piastres, merchant_reference, created_at, updated_at, paid_at)
      select 'today-pay-1', 'fee', r.id, r.service_slug, 'fawry', 'code', 'succeeded', 1000, 500, 1500, 'TODAY-1', now(), now(), now()
      from requests r where r.id like 'e0000000-0000-4000-8000-%' order by r.id desc limit 1`);

    const view = await readPaymentSummary(ctx.database.db);
    expect(view!.dirty).toEqual(
      expect.arrayContaining([cairoDay(old), String(refunded!.day), String(found!.day), today].filter((d) => d < today)),
    );
    const before = await expectExact();
    expect(before.reconciliation).toEqual(await reconciliationFromBaseTables());
    expect(before.collections[cairoDay(old)]).toEqual({
      payments: Number(live.collections[cairoDay(old)]?.payments ?? 0) + 1,
      amount: Number(live.collections[cairoDay(old)]?.amount ?? 0) + 12345,
    });
    expect(before.totals.collections!.amount).toBe(
      Number(live.totals.collections!.amount) + 12345 - Number(refunded!.amount) + Number(found!.amount) + 1500,
    );
    // North's employee sees the late payment (its request is North's), within North's figures only.
    const north = await reports(filters({ by: 'company' }), NORTH);
    expect(north.totals.collections!.amount).toBeGreaterThanOrEqual(
      Number(liveNorth.totals.collections!.amount) + 12345 - Number(refunded!.amount),
    );

    // The job sums those days again: the summary itself now holds them.
    await refresh();
    expect((await expectExact()).reconciliation).toEqual(before.reconciliation);
    const [row] = await q(sql`select sum(payments) as n, sum(total_piastres) as amount from report_payment_days
      where kind = 'paid' and day = ${cairoDay(old)}::date`);
    expect(row).toEqual({ n: before.collections[cairoDay(old)]!.payments, amount: before.collections[cairoDay(old)]!.amount });
    // Once the changes are older than the margin, nothing is read live but today.
    await ctx.database.db.execute(sql`update report_summaries set checked_at = now() + interval '1 hour'`);
    expect((await readPaymentSummary(ctx.database.db))!.dirty).toEqual([]);
    expect((await readReconciliationSummary(ctx.database.db))!.dirty).toEqual([]);
    expect((await expectExact()).reconciliation).toEqual(before.reconciliation);
  });

  it("keeps the dashboard's collections tile exact over a summarised month", async () => {
    const services = await ctx.app.deps.catalog.services('staff');
    // At this moment: the payment made today by the test before is counted, summarised or not.
    const at = new Date();
    const d = await dashboard(ctx.database.db, { scope: HOLDING, financial: true, services, now: at });
    const [l] = await q(sql`select coalesce(sum(total_piastres), 0) as collected from payments where status = 'succeeded'
      and paid_at >= (date_trunc('month', ${at}::timestamptz at time zone 'Africa/Cairo') at time zone 'Africa/Cairo')
      and paid_at <= ${at}`);
    expect(d.tiles.find((x) => x.id === 'collections-month')!.value).toBe(l!.collected);
  });
});
