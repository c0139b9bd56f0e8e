import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMeter, TReading, TReadingList, TStaffMeter } from '../../contract/meters.ts';
import { bills, meterReadings, notifications } from '../db/schema.ts';
import { call, directSession, expectError, signUpVerified, type SignedUp, type Session } from '../test/identity-helpers.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

/*
 * Meters and readings (issue 12) through the real routes: add, edit, remove, the one-account-at-a-time number
 * rule, staff decisions in scope with optimistic concurrency and the owner's notification, agents acting for their
 * citizen, and readings: the checks (less than last, rollover, unusual jump), one per period, idempotent replay.
 */

let ctx: TestApp;
let A: SignedUp & { session: Session };
let B: SignedUp & { session: Session };
let employee: Session; // the holding's, APPROVE_METERS
let south: Session; // South Cairo, APPROVE_METERS
let reports: Session; // North Cairo, reports only

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoUsers: true });
  A = await signUpVerified(ctx);
  B = await signUpVerified(ctx);
  employee = await directSession(ctx, 'demo-employee');
  south = await directSession(ctx, 'demo-south');
  reports = await directSession(ctx, 'demo-reports');
});
afterAll(() => ctx.close());

/** The demo citizen (server/seed/data/users.ts), whose approved meters the demo seed makes. */
const DEMO_CITIZEN_NATIONAL_ID = '29001010100015';

let nextNumber = 41_000_000 + Math.floor(Math.random() * 1_000_000);
const meterBody = (over: Record<string, unknown> = {}) => ({
  number: String(nextNumber++),
  type: 'single_phase',
  ownerName: 'Ahmed Ali Hassan',
  ownerNationalId: '28505050100029',
  address: '12 Shubra Street, Cairo',
  serviceCenterId: 'sc-shubra',
  connectionType: 'residential',
  initialReading: 1000,
  ...over,
});

async function add(as: Session, over: Record<string, unknown> = {}): Promise<TMeter> {
  const res = await call(ctx, 'POST', '/api/meters', { as, body: meterBody(over) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TMeter;
}
async function decide(m: { id: string; version: number }, decision: string, reason?: string, as = employee) {
  return call(ctx, 'POST', `/api/staff/meters/${m.id}/decision`, {
    as,
    body: { version: m.version, decision, ...(reason ? { reason } : {}) },
  });
}
async function approved(as: Session = A.session, over: Record<string, unknown> = {}): Promise<TMeter> {
  const m = await add(as, over);
  const res = await decide(m, 'approve');
  expect(res.statusCode, res.body).toBe(200);
  return { ...m, ...(res.json() as TStaffMeter) };
}
const read = (meterId: string, body: Record<string, unknown>, as: Session = A.session, key = crypto.randomUUID()) =>
  call(ctx, 'POST', `/api/meters/${meterId}/readings`, { as, body, headers: { 'idempotency-key': key } });
const day = (iso: string) => new Date(`${iso}T10:00:00Z`).toISOString();

describe('meters', () => {
  it('adds a meter with its place from the service center, lists it under pending, reads it back', async () => {
    const m = await add(A.session, { maker: 'Elsewedy', subscriberCode: '١٢٣-45', chassisNumber: 'CH-9' });
    expect(m).toMatchObject({
      status: 'pending',
      companyId: 'co-north-cairo',
      sectorId: 'sec-nc-shubra',
      governorateId: 'gov-cairo',
      subscriberCode: '123-45',
      version: 1,
      lastReading: null,
    });
    const list = (await call(ctx, 'GET', '/api/meters?status=pending', { as: A.session })).json() as { items: TMeter[] };
    expect(list.items.map((x) => x.id)).toContain(m.id);
    expect((await call(ctx, 'GET', `/api/meters/${m.id}`, { as: A.session })).statusCode).toBe(200);
  });

  it("another citizen's meter does not exist for B (404), for reading, editing, removing and readings", async () => {
    const m = await add(A.session);
    expectError(await call(ctx, 'GET', `/api/meters/${m.id}`, { as: B.session }), 404, 'MODEL_NOT_FOUND');
    expectError(
      await call(ctx, 'PATCH', `/api/meters/${m.id}`, { as: B.session, body: { ...meterBody(), version: 1 } }),
      404,
      'MODEL_NOT_FOUND',
    );
    expectError(
      await call(ctx, 'POST', `/api/meters/${m.id}/remove`, { as: B.session, body: { version: 1 } }),
      404,
      'MODEL_NOT_FOUND',
    );
    expectError(await call(ctx, 'GET', `/api/meters/${m.id}/readings`, { as: B.session }), 404, 'MODEL_NOT_FOUND');
    const list = (await call(ctx, 'GET', '/api/meters', { as: B.session })).json() as { items: TMeter[] };
    expect(list.items.map((x) => x.id)).not.toContain(m.id);
  });

  it('a number approved on another account is METER_NUMBER_TAKEN (409), free again once removed or rejected', async () => {
    // A pending registration takes nothing (decision 037: server/routes/budgets.test.ts); an approved one does.
    const m = await approved(A.session);
    expectError(
      await call(ctx, 'POST', '/api/meters', { as: B.session, body: meterBody({ number: m.number }) }),
      409,
      'METER_NUMBER_TAKEN',
    );
    // Arabic-Indic digits are the same number.
    const arabic = m.number.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    expectError(
      await call(ctx, 'POST', '/api/meters', { as: B.session, body: meterBody({ number: arabic }) }),
      409,
      'METER_NUMBER_TAKEN',
    );
    const removed = await call(ctx, 'POST', `/api/meters/${m.id}/remove`, {
      as: A.session,
      body: { version: m.version, reason: 'Sold the flat' },
    });
    expect(removed.json()).toMatchObject({ status: 'removed', removalReason: 'Sold the flat', version: m.version + 1 });
    const again = await add(B.session, { number: m.number });
    expect(again.status).toBe('pending');
    const rejected = await decide(again, 'reject', 'The papers do not match');
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejectionReason: 'The papers do not match' });
    await add(A.session, { number: m.number });
  });

  it('edits: a stale version is METER_CHANGED naming when; a rejected meter edited goes back to pending; removed ones are not editable', async () => {
    const m = await add(A.session);
    const edited = await call(ctx, 'PATCH', `/api/meters/${m.id}`, {
      as: A.session,
      body: { ...meterBody({ number: m.number, area: 'Rod El Farag' }), version: 1 },
    });
    expect(edited.json()).toMatchObject({ area: 'Rod El Farag', version: 2, status: 'pending' });
    const stale = expectError(
      await call(ctx, 'PATCH', `/api/meters/${m.id}`, {
        as: A.session,
        body: { ...meterBody({ number: m.number }), version: 1 },
      }),
      409,
      'METER_CHANGED',
    );
    expect(stale.conflict).toMatchObject({ version: 2 });
    expect((await decide({ id: m.id, version: 2 }, 'reject', 'Wrong owner name')).statusCode).toBe(200);
    const back = await call(ctx, 'PATCH', `/api/meters/${m.id}`, {
      as: A.session,
      body: { ...meterBody({ number: m.number, ownerName: 'Ahmed Ali Hassan Mahmoud' }), version: 3 },
    });
    expect(back.json()).toMatchObject({ status: 'pending', rejectionReason: null, version: 4 });
    await call(ctx, 'POST', `/api/meters/${m.id}/remove`, { as: A.session, body: { version: 4 } });
    expectError(
      await call(ctx, 'PATCH', `/api/meters/${m.id}`, { as: A.session, body: { ...meterBody(), version: 5 } }),
      409,
      'METER_NOT_EDITABLE',
    );
  });

  it('refuses bad input with codes, never a 500', async () => {
    const bad = [
      { ...meterBody(), number: '12' },
      { ...meterBody(), ownerNationalId: '123' },
      { ...meterBody(), type: 'nuclear' },
      { ...meterBody(), initialReading: 1_000_000 },
      { ...meterBody(), serviceCenterId: 'sc-nowhere' },
      { ...meterBody(), extra: 1 },
    ];
    for (const body of bad) {
      const res = await call(ctx, 'POST', '/api/meters', { as: A.session, body });
      expect(res.statusCode, res.body).toBe(400);
    }
  });
});

describe('staff decisions', () => {
  it('lists pending meters of the scope; another company neither sees nor decides them (404)', async () => {
    const m = await add(A.session);
    const mine = (await call(ctx, 'GET', '/api/staff/meters', { as: employee })).json() as { items: TStaffMeter[] };
    expect(mine.items.find((x) => x.id === m.id)).toMatchObject({ ownerId: A.userId, status: 'pending' });
    const theirs = (await call(ctx, 'GET', '/api/staff/meters', { as: south })).json() as { items: TStaffMeter[] };
    expect(theirs.items.map((x) => x.id)).not.toContain(m.id);
    expectError(await decide(m, 'approve', undefined, south), 404, 'MODEL_NOT_FOUND');
    // Citizens cannot call the staff routes at all.
    expectError(await call(ctx, 'GET', '/api/staff/meters', { as: A.session }), 403, 'FORBIDDEN');
  });

  it('the reports account neither lists nor decides meters (403), even of its own company, and the meter stays pending', async () => {
    const m = await add(A.session); // sc-shubra: North Cairo, the reports account's company
    expectError(await call(ctx, 'GET', '/api/staff/meters', { as: reports }), 403, 'FORBIDDEN');
    for (const decision of ['approve', 'reject', 'delete'])
      expectError(await decide(m, decision, decision === 'approve' ? undefined : 'No.', reports), 403, 'FORBIDDEN');
    const mine = (await call(ctx, 'GET', `/api/meters/${m.id}`, { as: A.session })).json() as TMeter;
    expect(mine).toMatchObject({ status: 'pending', version: 1 });
  });

  it("a meter with no place is the holding's: another company's staff neither list nor decide it (404)", async () => {
    const m = await add(A.session, { serviceCenterId: undefined, address: 'Somewhere without a service center' });
    expect(m.companyId).toBeNull();
    const theirs = (await call(ctx, 'GET', '/api/staff/meters', { as: south })).json() as { items: TStaffMeter[] };
    expect(theirs.items.map((x) => x.id)).not.toContain(m.id);
    expectError(await decide(m, 'approve', undefined, south), 404, 'MODEL_NOT_FOUND');
    const holding = (await call(ctx, 'GET', '/api/staff/meters', { as: employee })).json() as { items: TStaffMeter[] };
    expect(holding.items.map((x) => x.id)).toContain(m.id);
    expect((await decide(m, 'approve')).statusCode).toBe(200);
  });

  it('approves with the version seen, notifies the owner in the same write; a second decision on the old version is METER_CHANGED', async () => {
    const m = await add(A.session);
    const ok = await decide(m, 'approve');
    expect(ok.json()).toMatchObject({ status: 'approved', version: 2 });
    const conflict = expectError(await decide(m, 'reject', 'Too late'), 409, 'METER_CHANGED');
    expect(conflict.conflict).toMatchObject({ by: expect.stringMatching(/\S/), action: 'approved', version: 2 });
    const rows = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, A.userId));
    expect(rows.filter((n) => n.type === 'meter-decided' && n.data.meterId === m.id)).toHaveLength(1);
    const list = (await call(ctx, 'GET', '/api/Notifications', { as: A.session })).json() as { items: { type: string }[] };
    expect(list.items.some((n) => n.type === 'meter-decided')).toBe(true);
  });

  it('reject and delete need a reason; delete by the platform shows under its own status with the reason', async () => {
    const m = await add(A.session);
    expectError(await decide(m, 'reject'), 400, 'INVALID_INPUT');
    expect((await decide(m, 'approve')).statusCode).toBe(200);
    expectError(await decide({ id: m.id, version: 2 }, 'approve'), 409, 'METER_NOT_EDITABLE');
    const del = await decide({ id: m.id, version: 2 }, 'delete', 'Duplicate registration');
    expect(del.json()).toMatchObject({ status: 'deleted_by_platform', rejectionReason: 'Duplicate registration' });
    const list = (await call(ctx, 'GET', '/api/meters?status=deleted_by_platform', { as: A.session })).json() as {
      items: TMeter[];
    };
    expect(list.items.find((x) => x.id === m.id)?.rejectionReason).toBe('Duplicate registration');
  });

  it('an agent adds and reads meters for the citizen they act for, none without one', async () => {
    const agent = await directSession(ctx, 'demo-agent');
    expectError(await call(ctx, 'GET', '/api/meters', { as: agent }), 403, 'INVALID_REQUEST_OWNER_TOKEN');
    const acting = await call(ctx, 'POST', '/api/agent/demo-agent/citizen', {
      as: agent,
      body: { nationalId: B.data.nationalId },
    });
    expect(acting.statusCode, acting.body).toBe(200);
    const m = await add(agent);
    const list = (await call(ctx, 'GET', '/api/meters', { as: B.session })).json() as { items: TMeter[] };
    expect(list.items.map((x) => x.id)).toContain(m.id);
    const ok = await decide(m, 'approve');
    expect(ok.statusCode).toBe(200);
    const r = await read(m.id, { value: 1100, readAt: day('2026-01-05') }, agent);
    expect(r.statusCode, r.body).toBe(201);
    expect((r.json() as TReading).source).toBe('agent');
  });

  it("an agent acting for the demo citizen reads their seeded meters' readings (the seed's ids are not UUIDs)", async () => {
    const agent = await directSession(ctx, 'demo-agent');
    const acting = await call(ctx, 'POST', '/api/agent/demo-agent/citizen', {
      as: agent,
      body: { nationalId: DEMO_CITIZEN_NATIONAL_ID },
    });
    expect(acting.statusCode, acting.body).toBe(200);
    const list = (await call(ctx, 'GET', '/api/meters?status=approved', { as: agent })).json() as { items: TMeter[] };
    expect(list.items.map((m) => m.id)).toEqual(expect.arrayContaining(['demo-meter-home', 'demo-meter-shop']));
    const res = await call(ctx, 'GET', '/api/meters/demo-meter-home/readings', { as: agent });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as TReadingList).items).toHaveLength(12);
    expectError(await call(ctx, 'GET', '/api/meters/no-such-meter/readings', { as: agent }), 404, 'MODEL_NOT_FOUND');
  });
});

describe('readings', () => {
  it('a pending meter takes no reading (METER_NOT_APPROVED); a reading needs an Idempotency-Key', async () => {
    const m = await add(A.session);
    expectError(await read(m.id, { value: 1100, readAt: day('2026-01-05') }), 409, 'METER_NOT_APPROVED');
    const noKey = await call(ctx, 'POST', `/api/meters/${m.id}/readings`, {
      as: A.session,
      body: { value: 1100, readAt: day('2026-01-05') },
    });
    expectError(noKey, 400, 'IDEMPOTENCY_KEY_MISSING');
  });

  it('stores the consumption since the previous reading, one per period; the same key replays the first answer', async () => {
    const m = await approved();
    const key = crypto.randomUUID();
    const first = await read(m.id, { value: 1150, readAt: day('2026-01-05') }, A.session, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ period: '2026-01', value: 1150, consumption: 150, rolledOver: false });
    const replay = await read(m.id, { value: 1150, readAt: day('2026-01-05') }, A.session, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expectError(await read(m.id, { value: 1151, readAt: day('2026-01-05') }, A.session, key), 422, 'IDEMPOTENCY_KEY_REUSED');
    expectError(await read(m.id, { value: 1200, readAt: day('2026-01-20') }), 409, 'READING_PERIOD_TAKEN');
    const second = await read(m.id, { value: 1400, readAt: day('2026-02-04') });
    expect(second.json()).toMatchObject({ period: '2026-02', consumption: 250 });
    const rows = await ctx.database.db.select().from(meterReadings).where(eq(meterReadings.meterId, m.id));
    expect(rows).toHaveLength(2);
    const list = (await call(ctx, 'GET', `/api/meters/${m.id}/readings`, { as: A.session })).json() as TReadingList;
    expect(list.items.map((r) => r.period)).toEqual(['2026-02', '2026-01']);
    expect(list.meter.lastReading).toMatchObject({ value: 1400, period: '2026-02' });
    expect(list.averageDaily).toBeCloseTo(250 / 30, 5);
    // A refused attempt frees its key: the same key with a corrected body is accepted.
    const k2 = crypto.randomUUID();
    expectError(await read(m.id, { value: 1300, readAt: day('2026-03-04') }, A.session, k2), 400, 'reading_less_than_last');
    expect((await read(m.id, { value: 1500, readAt: day('2026-03-04') }, A.session, k2)).statusCode).toBe(201);
  });

  it('less than the last reading is reading_less_than_last, unless the reader declares a rollover', async () => {
    const m = await approved(A.session, { initialReading: 999_900, digits: 6 });
    expectError(await read(m.id, { value: 50, readAt: day('2026-01-05') }), 400, 'reading_less_than_last');
    const rolled = await read(m.id, { value: 50, readAt: day('2026-01-05'), rollover: true });
    expect(rolled.statusCode, rolled.body).toBe(201);
    expect(rolled.json()).toMatchObject({ consumption: 150, rolledOver: true, flags: ['rollover'] });
    expectError(await read(m.id, { value: 1_000_000, readAt: day('2026-02-05') }), 400, 'READING_OVER_MAXIMUM');
  });

  it('an unusual jump against the daily average needs the reader to confirm it', async () => {
    const m = await approved();
    expect((await read(m.id, { value: 1300, readAt: day('2026-01-01') })).statusCode).toBe(201);
    expect((await read(m.id, { value: 1600, readAt: day('2026-02-01') })).statusCode).toBe(201); // ~9.7 kWh a day
    const jump = { value: 4000, readAt: day('2026-03-01') }; // 2400 kWh in 28 days: > 3 x 9.7 x 28
    const refused = expectError(await read(m.id, jump), 400, 'READING_UNUSUAL');
    expect(refused.fieldErrors).toEqual({ value: ['READING_UNUSUAL'] });
    const confirmed = await read(m.id, { ...jump, confirmUnusual: true });
    expect(confirmed.json()).toMatchObject({ consumption: 2400, flags: ['unusual_confirmed'] });
  });

  it('refuses a date in the future; an earlier reading arriving late fits between its neighbours or is refused', async () => {
    const m = await approved();
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString();
    expectError(await read(m.id, { value: 1100, readAt: future }), 400, 'READING_DATE_INVALID');
    expect((await read(m.id, { value: 1300, readAt: day('2026-02-05') })).statusCode).toBe(201);
    // Higher than the later reading: it cannot have been read before it.
    expectError(await read(m.id, { value: 1400, readAt: day('2026-01-05') }), 400, 'READING_DATE_INVALID');
    // In between: stored with its own consumption, and the later reading's consumption follows from it.
    const late = await read(m.id, { value: 1120, readAt: day('2026-01-05') });
    expect(late.json()).toMatchObject({ period: '2026-01', consumption: 120 });
    const list = (await call(ctx, 'GET', `/api/meters/${m.id}/readings`, { as: A.session })).json() as TReadingList;
    expect(list.items.map((r) => [r.period, r.consumption])).toEqual([
      ['2026-02', 180],
      ['2026-01', 120],
    ]);
  });

  it("a stored reading makes its month's bill; a late earlier reading prices the later unpaid bill again", async () => {
    const m = await approved(); // residential, initial reading 1000
    expect((await read(m.id, { value: 1300, readAt: day('2026-02-05') })).statusCode).toBe(201);
    const billsOf = async () =>
      (await call(ctx, 'GET', `/api/bills?meterId=${m.id}`, { as: A.session })).json() as {
        items: { period: string; consumption: number; amountPiastres: number; status: string }[];
      };
    const before = await billsOf();
    expect(before.items).toEqual([expect.objectContaining({ period: '2026-02', consumption: 300, status: 'unpaid' })]);
    // January's reading arrives late: January gets its own bill, February's falls to 180 kWh and costs less.
    expect((await read(m.id, { value: 1120, readAt: day('2026-01-05') })).statusCode).toBe(201);
    const after = await billsOf();
    expect(after.items.map((b) => [b.period, b.consumption])).toEqual([
      ['2026-02', 180],
      ['2026-01', 120],
    ]);
    expect(after.items[0]!.amountPiastres).toBeLessThan(before.items[0]!.amountPiastres);
    // A meter whose connection type has no tariff yet keeps its reading, without a bill.
    const factory = await approved(A.session, { connectionType: 'industrial' });
    expect((await read(factory.id, { value: 1500, readAt: day('2026-01-05') })).statusCode).toBe(201);
    expect(await ctx.database.db.select().from(bills).where(eq(bills.meterId, factory.id))).toEqual([]);
  });

  it('two devices sending the same period at once: one reading, the other READING_PERIOD_TAKEN', async () => {
    const m = await approved();
    const [x, y] = await Promise.all([
      read(m.id, { value: 1100, readAt: day('2026-01-05') }),
      read(m.id, { value: 1120, readAt: day('2026-01-06') }),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([201, 409]);
    const rows = await ctx.database.db.select().from(meterReadings).where(eq(meterReadings.meterId, m.id));
    expect(rows).toHaveLength(1);
  });
});
