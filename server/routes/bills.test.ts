import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBill, TBillPage, TTariffList } from '../../contract/bills.ts';
import { computeBill } from '../../contract/tariff.ts';
import { bills, meterReadings, meters } from '../db/schema.ts';
import { seedDemoBills } from '../seed/demo-bills.ts';
import { transaction } from '../db/tx.ts';
import { generateBillForReading } from '../domain/bills/bills.ts';
import {
  call,
  directSession,
  expectError,
  fastDemoPasswords,
  signUpVerified,
  type SignedUp,
  type Session,
} from '../test/identity-helpers.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

let ctx: TestApp;
let citizen: Session;
let B: SignedUp & { session: Session };
let ids: Record<string, string>;

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoUsers: true });
  ids = await fastDemoPasswords(ctx);
  citizen = await directSession(ctx, 'demo-citizen');
  B = await signUpVerified(ctx);
});
afterAll(() => ctx.close());

const list = async (as: Session | undefined, query = ''): Promise<TBillPage> => {
  const res = await call(ctx, 'GET', `/api/bills${query}`, as ? { as } : {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TBillPage;
};

/** A meter of `ownerId` with one month's reading; answers the reading's id. */
async function meterWithReading(ownerId: string, kWh: number, connectionType = 'residential', period = '2026-03') {
  const db = ctx.database.db;
  const meterId = crypto.randomUUID();
  await db.insert(meters).values({
    id: meterId,
    ownerId,
    number: String(Math.floor(Math.random() * 1e9)),
    type: 'single_phase',
    ownerName: 'x',
    ownerNationalId: '29001010100015',
    address: 'Cairo',
    connectionType,
    status: 'approved',
  });
  const readingId = crypto.randomUUID();
  await db
    .insert(meterReadings)
    .values({ id: readingId, meterId, period, value: kWh, consumption: kWh, readAt: new Date(), source: 'seed' });
  return { meterId, readingId };
}

describe('GET /api/tariffs', () => {
  it('answers the tariffs in force, one per connection type, cacheable, to anyone', async () => {
    const res = await call(ctx, 'GET', '/api/tariffs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const { items } = res.json() as TTariffList;
    expect(items.map((t) => t.connectionType).sort()).toEqual(['commercial', 'residential']);
    const residential = items.find((t) => t.connectionType === 'residential')!;
    expect(computeBill(residential, 101).totalPiastres).toBe(101 * 95 + 600);
  });
});

describe('the demo citizen’s seeded bills', () => {
  it('12 months for each approved meter, newest first; the newest unpaid, older paid; amounts from the tariff', async () => {
    const page = await list(citizen, '?limit=100');
    expect(page.total).toBe(24);
    expect(page.items).toHaveLength(24);
    const periods = page.items.map((b) => b.period);
    expect(periods).toEqual([...periods].sort().reverse());
    const unpaid = page.items.filter((b) => b.status === 'unpaid');
    expect(unpaid.map((b) => b.meterNumber).sort()).toEqual(['10203040', '10203040', '10203040', '50607080', '50607080']);
    expect(page.unpaidTotalPiastres).toBe(unpaid.reduce((s, b) => s + b.amountPiastres, 0));
    for (const b of page.items) {
      expect(b.breakdown!.totalPiastres).toBe(b.amountPiastres);
      expect(b.breakdown!.kWh).toBe(b.consumption);
      expect(new Date(b.dueAt).getTime()).toBeGreaterThan(new Date(b.issuedAt).getTime());
      if (b.status === 'paid') expect(b.paidAt).not.toBeNull();
    }
    // The oldest unpaid bill of a meter is newer than every paid one.
    const home = page.items.filter((b) => b.meterNumber === '10203040');
    const oldestUnpaid = home.filter((b) => b.status === 'unpaid').at(-1)!.period;
    expect(home.filter((b) => b.status === 'paid').every((b) => b.period < oldestUnpaid)).toBe(true);
  });

  it('filters by meter and status and pages', async () => {
    const home = await list(citizen, '?meterId=demo-meter-home&status=unpaid');
    expect(home.total).toBe(3);
    expect(home.items.every((b) => b.meterId === 'demo-meter-home' && b.status === 'unpaid')).toBe(true);
    const first = await list(citizen, '?limit=5&skip=0');
    const second = await list(citizen, '?limit=5&skip=5');
    expect(first.items).toHaveLength(5);
    expect(second.items).toHaveLength(5);
    expect(first.total).toBe(24);
    expect(new Set([...first.items, ...second.items].map((b) => b.id)).size).toBe(10);
    expect((await list(citizen, '?skip=100')).items).toEqual([]);
  });

  it('refuses bad query values (400, never 500)', async () => {
    for (const q of ['?status=overdue', '?limit=0', '?limit=101', '?skip=-1', '?limit=2.5', '?bogus=1'])
      expectError(await call(ctx, 'GET', `/api/bills${q}`, { as: citizen }), 400, 'INVALID_INPUT');
  });

  it('re-running the seed changes nothing (and a bill the citizen paid stays paid)', async () => {
    const before = await list(citizen, '?limit=100');
    const newest = before.items.find((b) => b.status === 'unpaid')!;
    await ctx.database.db.update(bills).set({ status: 'paid', paidAt: new Date() }).where(eq(bills.id, newest.id));
    await seedDemoBills(ctx.database.db);
    const after = await list(citizen, '?limit=100');
    expect(after.total).toBe(24);
    expect(after.items.map((b) => [b.id, b.number, b.amountPiastres])).toEqual(
      before.items.map((b) => [b.id, b.number, b.amountPiastres]),
    );
    expect(after.items.find((b) => b.id === newest.id)!.status).toBe('paid');
    await ctx.database.db.update(bills).set({ status: 'unpaid', paidAt: null }).where(eq(bills.id, newest.id));
  });
});

describe('who reads a bill', () => {
  it('the owner reads one bill with its breakdown; another citizen gets 404, a visitor 401, staff 403', async () => {
    const { items } = await list(citizen, '?limit=1');
    const bill = items[0]!;
    const own = await call(ctx, 'GET', `/api/bills/${bill.id}`, { as: citizen });
    expect(own.statusCode).toBe(200);
    expect((own.json() as TBill).breakdown!.lines.length).toBeGreaterThan(0);
    expectError(await call(ctx, 'GET', `/api/bills/${bill.id}`, { as: B.session }), 404, 'MODEL_NOT_FOUND');
    expectError(await call(ctx, 'GET', `/api/bills/${crypto.randomUUID()}`, { as: citizen }), 404, 'MODEL_NOT_FOUND');
    expectError(await call(ctx, 'GET', `/api/bills/${bill.id}`), 401, 'UNAUTHORIZED');
    expectError(
      await call(ctx, 'GET', `/api/bills/${bill.id}`, { as: await directSession(ctx, ids.employee!) }),
      403,
      'FORBIDDEN',
    );
    expect((await list(B.session)).total).toBe(0);
    // B's own meter's bills are B's only.
    const { readingId } = await meterWithReading(B.userId, 80);
    const made = await transaction(ctx.database.db, (tx) => generateBillForReading(tx, readingId));
    const mine = await list(B.session);
    expect(mine.items.map((b) => b.id)).toEqual([made.id]);
    expect(mine.unpaidTotalPiastres).toBe(50 * 68 + 30 * 78 + 200);
    expect((await list(citizen, '?limit=100')).items.some((b) => b.id === made.id)).toBe(false);
    expectError(await call(ctx, 'GET', `/api/bills/${made.id}`, { as: citizen }), 404, 'MODEL_NOT_FOUND');
  });

  it('an agent reads the bills of the citizen they act for, and none before choosing one', async () => {
    const agent = await directSession(ctx, ids.agent!);
    expect((await list(agent)).total).toBe(0);
    const chosen = await call(ctx, 'POST', `/api/agent/${ids.agent}/citizen`, {
      as: agent,
      body: { nationalId: '29001010100015' },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const page = await list(agent, '?limit=100');
    expect(page.total).toBe(24);
    expect((await call(ctx, 'GET', `/api/bills/${page.items[0]!.id}`, { as: agent })).statusCode).toBe(200);
  });
});

describe('generateBillForReading', () => {
  it('prices the reading with the tariff in force for the meter’s connection type', async () => {
    const { readingId, meterId } = await meterWithReading(B.userId, 300, 'commercial', '2026-04');
    const bill = await transaction(ctx.database.db, (tx) =>
      generateBillForReading(tx, readingId, { issuedAt: new Date('2026-05-02T08:00:00Z') }),
    );
    expect(bill).toMatchObject({
      meterId,
      period: '2026-04',
      consumption: 300,
      tariffId: 'commercial-2024-08',
      status: 'unpaid',
    });
    expect(bill.amountPiastres).toBe(250 * 168 + 50 * 182 + 2000);
    expect(bill.number).toMatch(/^BILL-2026-\d{6}$/);
    expect(bill.dueAt).toBe('2026-06-01T08:00:00.000Z');
  });

  it('is idempotent: a second call, or calls at once, answer the one bill of the meter and month', async () => {
    const { readingId, meterId } = await meterWithReading(B.userId, 120, 'residential', '2026-05');
    const db = ctx.database.db;
    const first = await transaction(db, (tx) => generateBillForReading(tx, readingId));
    const again = await transaction(db, (tx) => generateBillForReading(tx, readingId));
    const together = await Promise.all([1, 2, 3].map(() => transaction(db, (tx) => generateBillForReading(tx, readingId))));
    for (const b of [again, ...together]) expect(b.id).toBe(first.id);
    expect(await db.select().from(bills).where(eq(bills.meterId, meterId))).toHaveLength(1);
  });

  it('refuses an unknown reading (404) and a connection type without a tariff (no bill of 0)', async () => {
    await expect(transaction(ctx.database.db, (tx) => generateBillForReading(tx, 'nope'))).rejects.toMatchObject({
      code: 'MODEL_NOT_FOUND',
    });
    const { readingId, meterId } = await meterWithReading(B.userId, 100, 'industrial');
    await expect(transaction(ctx.database.db, (tx) => generateBillForReading(tx, readingId))).rejects.toThrow(
      /no industrial tariff/,
    );
    expect(await ctx.database.db.select().from(bills).where(eq(bills.meterId, meterId))).toEqual([]);
  });
});
