import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TReportRow } from '../../../contract/reports.ts';
import { generateReportData, type ReportDataSize } from '../../seed/report-data.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import type { ReportFilters } from './filters.ts';
import { dashboard } from './dashboard.ts';
import { FINANCIAL_RUNNERS, RECONCILIATION_KINDS } from './financial.ts';
import { cairoDay } from './payment-lines.ts';
import type { ReportScope } from './scope.ts';

/*
 * The financial reports agree to the piastre with the payments and bills tables (issue 25, decision 057), on
 * generated data (server/seed/report-data.ts: months of payments, bills, callbacks), on either database: each
 * figure is read again here with plain queries on the ledger, per company, and the scope keeps another
 * company's money out even of the totals.
 */

let ctx: TestApp;
const NOW = new Date();
const DAY = 86_400_000;
const day = (t: Date) => t.toISOString().slice(0, 10);
const SIZE: ReportDataSize = {
  citizens: 120,
  metersPerCitizen: 1,
  readingMonths: 6,
  billMonths: 6,
  requests: 900,
  requestDays: 183,
};
const HOLDING: ReportScope = { companyId: null, sectorId: null, serviceCenterIds: [] };
const NORTH: ReportScope = { companyId: 'co-north-cairo', sectorId: null, serviceCenterIds: [] };

const filters = (over: Partial<ReportFilters> = {}): ReportFilters => ({
  from: day(new Date(NOW.getTime() - 200 * DAY)),
  to: day(NOW),
  fromAt: new Date(NOW.getTime() - 200 * DAY),
  toAt: new Date(NOW.getTime() + DAY),
  by: undefined,
  page: 1,
  pageSize: 200,
  services: [],
  now: NOW,
  ...over,
});

type Rows = Record<string, unknown>[];
const q = async (text: ReturnType<typeof sql>) =>
  ((await ctx.database.db.execute(text)) as unknown as { rows: Rows }).rows.map((r) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v])),
  );

/** A payment's company as the ledger says: its request's (fee), its first bill's meter's (bills). */
const PAYMENT_COMPANY = sql`coalesce(
  (select r.company_id from requests r where p.purpose = 'fee' and r.id = p.request_id),
  (select m.company_id from payment_items i join bills b on b.id = i.bill_id join meters m on m.id = b.meter_id
    where p.purpose = 'bills' and i.payment_id = p.id order by i.bill_id limit 1))`;

const nameOf = (cell: TReportRow[string]) => (cell && typeof cell === 'object' ? cell.en : cell);

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoUsers: true });
  await generateReportData(ctx.database.db, SIZE, NOW);
}, 120_000);
afterAll(async () => ctx?.close());

describe('generated data', () => {
  it('covers the reports: requests, readings (this month too), bills in every age, payments by card and code, refunds, ratings', async () => {
    const [c] = await q(sql`select
      (select count(*) from requests where id like 'e0000000-0000-4000-8000-%') as requests,
      (select count(distinct company_id) from requests where id like 'e0000000-0000-4000-8000-%') as companies,
      (select count(*) from meter_readings where id like 'gen-reading-%') as readings,
      (select count(*) from payments where id like 'gen-pay-%' and channel = 'code' and status = 'succeeded') as code,
      (select count(*) from payments where id like 'gen-pay-%' and channel = 'card' and status = 'succeeded') as card,
      (select count(*) from payments where id like 'gen-pay-%' and status = 'refunded') as refunded,
      (select count(*) from request_ratings where request_id like 'e0000000-0000-4000-8000-%') as ratings,
      (select count(*) from meter_readings where id like 'gen-reading-%'
        and created_at >= (date_trunc('month', ${NOW}::timestamptz at time zone 'Africa/Cairo') at time zone 'Africa/Cairo')) as readings_this_month,
      (select count(*) from requests where owner_id = 'demo-citizen' and id like 'gen-%') as demo`);
    expect(c).toMatchObject({ requests: SIZE.requests, demo: 0 });
    for (const k of ['companies', 'readings', 'code', 'card', 'refunded', 'ratings', 'readings_this_month'] as const)
      expect(c![k], k).toBeGreaterThan(1);
  });
});

describe('collections', () => {
  it('totals the succeeded payments of the range to the piastre, and per company', async () => {
    const f = filters({ by: 'company' });
    const r = await FINANCIAL_RUNNERS.collections!.run(ctx.database.db, f, HOLDING);
    const [ledger] = await q(sql`select count(*) as n, coalesce(sum(total_piastres), 0) as total from payments
      where status = 'succeeded' and paid_at >= ${f.fromAt} and paid_at < ${f.toAt}`);
    expect(ledger!.total).toBeGreaterThan(0);
    expect(r.totals).toMatchObject({ payments: ledger!.n, amount: ledger!.total });
    const perCompany = await q(sql`select ${PAYMENT_COMPANY} as company, sum(p.total_piastres) as total, count(*) as n
      from payments p where p.status = 'succeeded' and p.paid_at >= ${f.fromAt} and p.paid_at < ${f.toAt} group by 1`);
    const names = await q(sql`select id, data->'name'->>'en' as name from distribution_companies`);
    const expected = Object.fromEntries(
      perCompany.map((row) => [names.find((n) => n.id === row.company)?.name ?? null, { amount: row.total, payments: row.n }]),
    );
    const got = Object.fromEntries(
      r.rows.map((row) => [nameOf(row.company!) ?? null, { amount: row.amount, payments: row.payments }]),
    );
    expect(got).toEqual(expected);
    expect(r.page.total).toBe(perCompany.length);
  });

  it('agrees by day, gateway and service too (same total), and each part adds up', async () => {
    for (const by of ['day', 'gateway', 'service', 'month'] as const) {
      const r = await FINANCIAL_RUNNERS.collections!.run(ctx.database.db, filters({ by, pageSize: 200 }), HOLDING);
      const [all] = await q(sql`select coalesce(sum(total_piastres), 0) as total from payments
        where status = 'succeeded' and paid_at >= ${filters().fromAt} and paid_at < ${filters().toAt}`);
      expect(r.totals!.amount, by).toBe(all!.total);
      expect(
        r.rows.reduce((n, row) => n + (row.amount as number), 0),
        by,
      ).toBe(all!.total);
      for (const row of r.rows)
        expect(row.amount).toBe((row.billsAmount as number) + (row.serviceFees as number) + (row.gatewayFees as number));
    }
    const gateways = await FINANCIAL_RUNNERS.collections!.run(ctx.database.db, filters({ by: 'gateway' }), HOLDING);
    expect(gateways.rows.map((row) => nameOf(row.gateway!)).sort()).toEqual(['Fawry - Payment code', 'Sandbox gateway - Card']);
  });

  it("keeps another company out of a company employee's figures, totals included", async () => {
    const f = filters({ by: 'company' });
    const r = await FINANCIAL_RUNNERS.collections!.run(ctx.database.db, f, NORTH);
    const [north] = await q(sql`select coalesce(sum(p.total_piastres), 0) as total from payments p
      where p.status = 'succeeded' and p.paid_at >= ${f.fromAt} and p.paid_at < ${f.toAt} and ${PAYMENT_COMPANY} = 'co-north-cairo'`);
    expect(north!.total).toBeGreaterThan(0);
    expect(r.totals!.amount).toBe(north!.total);
    expect(r.rows.map((row) => nameOf(row.company!))).toEqual(['North Cairo Electricity Distribution Company']);
    // Asking for another company's figures is refused (never zeros that would say it exists).
    await expect(
      FINANCIAL_RUNNERS.collections!.run(ctx.database.db, filters({ companyId: 'co-south-cairo' }), NORTH),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('pages the groups, the totals of every page on each', async () => {
    const first = await FINANCIAL_RUNNERS.collections!.run(ctx.database.db, filters({ by: 'day', pageSize: 5 }), HOLDING);
    const second = await FINANCIAL_RUNNERS.collections!.run(
      ctx.database.db,
      filters({ by: 'day', pageSize: 5, page: 2 }),
      HOLDING,
    );
    expect(first.rows).toHaveLength(5);
    expect(first.totals).toEqual(second.totals);
    expect(first.rows[0]!.day! > second.rows[0]!.day!).toBe(true);
    const all: TReportRow[] = [];
    for await (const row of FINANCIAL_RUNNERS.collections!.rows(ctx.database.db, filters({ by: 'day' }), HOLDING)) all.push(row);
    expect(all).toHaveLength(first.page.total);
    expect(all.reduce((n, row) => n + (row.amount as number), 0)).toBe(first.totals!.amount);
  });
});

describe('fees and refunds', () => {
  it("counts the portal's and the gateways' fees of the kept payments, and the refunds of the range", async () => {
    const f = filters();
    const r = await FINANCIAL_RUNNERS['fees-refunds']!.run(ctx.database.db, f, HOLDING);
    const [ledger] = await q(sql`select
      (select coalesce(sum(service_fee_piastres), 0) from payments where status = 'succeeded' and paid_at >= ${f.fromAt} and paid_at < ${f.toAt}) as service,
      (select coalesce(sum(gateway_fee_piastres), 0) from payments where status = 'succeeded' and paid_at >= ${f.fromAt} and paid_at < ${f.toAt}) as gateway,
      (select count(*) from payments where status = 'refunded' and refunded_at >= ${f.fromAt} and refunded_at < ${f.toAt}) as refunds,
      (select coalesce(sum(total_piastres), 0) from payments where status = 'refunded' and refunded_at >= ${f.fromAt} and refunded_at < ${f.toAt}) as refunded`);
    expect(ledger!.refunds).toBeGreaterThan(0);
    expect(r.totals).toMatchObject({
      serviceFees: ledger!.service,
      gatewayFees: ledger!.gateway,
      fees: (ledger!.service as number) + (ledger!.gateway as number),
      refunds: ledger!.refunds,
      refundedAmount: ledger!.refunded,
    });
  });
});

describe('bills ageing', () => {
  it('totals the unpaid bills, per company, in buckets that add up', async () => {
    // Taken now (the range ends after now): every unpaid bill, the demo citizen's too.
    const f = filters();
    const r = await FINANCIAL_RUNNERS['bills-ageing']!.run(ctx.database.db, f, HOLDING);
    const [ledger] = await q(
      sql`select count(*) as n, coalesce(sum(amount_piastres), 0) as total from bills where status = 'unpaid'`,
    );
    expect(r.totals).toMatchObject({ bills: ledger!.n, amount: ledger!.total });
    const perCompany = await q(sql`select c.data->'name'->>'en' as name, sum(b.amount_piastres) as total
      from bills b join meters m on m.id = b.meter_id left join distribution_companies c on c.id = m.company_id
      where b.status = 'unpaid' group by 1`);
    expect(Object.fromEntries(r.rows.map((row) => [nameOf(row.company!) ?? null, row.amount]))).toEqual(
      Object.fromEntries(perCompany.map((row) => [row.name ?? null, row.total])),
    );
    for (const row of r.rows) {
      const buckets = ['notDue', 'days0to30', 'days31to60', 'days61to90', 'days90plus'].map((k) => row[k] as number);
      expect(buckets.reduce((n, v) => n + v, 0)).toBe(row.amount);
    }
    for (const k of ['days0to30', 'days31to60', 'days61to90', 'days90plus']) expect(r.totals![k], k).toBeGreaterThan(0);
  });

  it('as of the end of an earlier range: the bills unpaid then, including those paid since', async () => {
    const f = filters({ toAt: new Date(NOW.getTime() - 45 * DAY) });
    const r = await FINANCIAL_RUNNERS['bills-ageing']!.run(ctx.database.db, f, HOLDING);
    const [ledger] = await q(sql`select coalesce(sum(amount_piastres), 0) as total from bills where issued_at < ${f.toAt}
      and (status = 'unpaid' or (status = 'paid' and paid_at >= ${f.toAt}))`);
    expect(r.totals!.amount).toBe(ledger!.total);
  });
});

describe('reconciliation', () => {
  it("lists the gateway's successes the portal does not hold, the portal's with no callback, and amounts that differ", async () => {
    const wide = filters({ fromAt: new Date(NOW.getTime() - 365 * DAY) });
    const r = await FINANCIAL_RUNNERS.reconciliation!.run(ctx.database.db, wide, HOLDING);
    const kinds = (k: keyof typeof RECONCILIATION_KINDS) =>
      r.rows.filter((row) => nameOf(row.kind!) === RECONCILIATION_KINDS[k].en);
    const gatewayOnly = kinds('gateway-only');
    expect(gatewayOnly.filter((row) => row.paymentStatus === null)).toHaveLength(2);
    expect(gatewayOnly.filter((row) => row.paymentStatus === 'failed')).toHaveLength(2);
    const [ledger] = await q(sql`select
      (select count(*) from payments p where p.status in ('succeeded', 'refunded') and p.paid_at >= ${wide.fromAt} and p.paid_at < ${wide.toAt}
        and not exists (select 1 from payment_callbacks c where c.payment_id = p.id and c.kind in ('succeeded', 'PAID'))) as missing,
      (select count(*) from payments p join payment_callbacks c on c.payment_id = p.id and c.kind in ('succeeded', 'PAID')
        where p.status in ('succeeded', 'refunded') and p.paid_at >= ${wide.fromAt} and p.paid_at < ${wide.toAt}
        and coalesce((c.payload->'obj'->>'amount_cents')::numeric, round((c.payload->>'orderAmount')::numeric * 100)) <> p.total_piastres) as differ`);
    expect(kinds('portal-only')).toHaveLength(ledger!.missing as number);
    expect(kinds('amount-differs')).toHaveLength(ledger!.differ as number);
    expect((ledger!.missing as number) + (ledger!.differ as number)).toBeGreaterThan(0);
    for (const row of kinds('amount-differs'))
      expect(row.difference).toBe((row.gatewayAmount as number) - (row.portalAmount as number));
    expect(r.page.total).toBe(r.rows.length);
    // A company's employee does not see the holding's (an orphan callback names no company).
    const north = await FINANCIAL_RUNNERS.reconciliation!.run(ctx.database.db, wide, NORTH);
    expect(north.rows.some((row) => row.paymentStatus === null)).toBe(false);
  });
});

describe('the dashboard', () => {
  const monthAt = sql`(date_trunc('month', now() at time zone 'Africa/Cairo') at time zone 'Africa/Cairo')`;
  it("counts this month's requests and collections within the scope; collections only with the financial role", async () => {
    const services = await ctx.app.deps.catalog.services('staff');
    const all = await dashboard(ctx.database.db, { scope: HOLDING, financial: true, services });
    const tile = (d: typeof all, id: string) => d.tiles.find((x) => x.id === id);
    const [ledger] = await q(sql`select
      (select count(*) from requests where created_at >= ${monthAt}) as filed,
      (select coalesce(sum(total_piastres), 0) from payments where status = 'succeeded' and paid_at >= ${monthAt}) as collected,
      (select count(*) from requests where created_at >= ${monthAt} and company_id = 'co-north-cairo') as north`);
    expect(tile(all, 'filed-month')!.value).toBe(ledger!.filed);
    expect(tile(all, 'collections-month')!.value).toBe(ledger!.collected);
    expect(tile(all, 'collections-month')!.link).toMatchObject({ report: 'collections', query: { by: 'gateway' } });
    const north = await dashboard(ctx.database.db, { scope: NORTH, financial: false, services });
    expect(tile(north, 'filed-month')!.value).toBe(ledger!.north);
    expect(tile(north, 'collections-month')).toBeUndefined();
    expect(north.tiles.map((x) => x.id)).toEqual(all.tiles.map((x) => x.id).filter((id) => id !== 'collections-month'));
  });
});

describe('a refund', () => {
  it('is dated by when it was refunded, not by a later write to the payment', async () => {
    // A fee payment paid 60 days ago, refunded 30 days ago, and written to again today (a status inquiry, a note).
    const refundedAt = new Date(NOW.getTime() - 30 * DAY);
    const [p] = await q(sql`update payments set status = 'refunded', refunded_at = ${refundedAt}, updated_at = now()
      where id = (select id from payments where purpose = 'fee' and status = 'succeeded'
        and paid_at < ${new Date(NOW.getTime() - 45 * DAY)} order by id limit 1)
      returning id, total_piastres as amount`);
    expect(p).toBeTruthy();
    const around = filters({
      by: 'day',
      fromAt: new Date(refundedAt.getTime() - 3 * DAY),
      toAt: new Date(refundedAt.getTime() + 3 * DAY),
    });
    const r = await FINANCIAL_RUNNERS['fees-refunds']!.run(ctx.database.db, around, HOLDING);
    const [ledger] = await q(sql`select count(*) as n, coalesce(sum(total_piastres), 0) as amount from payments
      where status = 'refunded' and refunded_at >= ${around.fromAt} and refunded_at < ${around.toAt}`);
    expect(r.totals).toMatchObject({ refunds: ledger!.n, refundedAmount: ledger!.amount });
    const refundDay = r.rows.find((row) => row.day === cairoDay(refundedAt));
    expect(refundDay?.refunds).toBeGreaterThanOrEqual(1);
    expect(refundDay?.refundedAmount).toBeGreaterThanOrEqual(p!.amount as number);
    // Today's figures do not count it again: a range of today alone holds no refund written 30 days ago.
    const today = filters({ by: 'day', fromAt: new Date(NOW.getTime() - DAY / 2) });
    const [todays] = await q(sql`select count(*) as n from payments
      where status = 'refunded' and refunded_at >= ${today.fromAt} and refunded_at < ${today.toAt}`);
    expect((await FINANCIAL_RUNNERS['fees-refunds']!.run(ctx.database.db, today, HOLDING)).totals!.refunds).toBe(todays!.n);
  });
});
