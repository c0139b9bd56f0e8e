import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCitizenFinance, TStaffPayment } from '../../contract/finance.ts';
import type { TStaffMeter } from '../../contract/meters.ts';
import type { TPaymentStart } from '../../contract/payments.ts';
import type { TDocumentRef, TSubmitResult } from '../../contract/requests.ts';
import type { TInboxCount, TInboxPage, TStaffRequestDetail } from '../../contract/staff.ts';
import { bills, meters, notifications, payments, requests } from '../db/schema.ts';
import {
  call,
  directSession,
  expectError,
  outboxTo,
  signUpVerified,
  type SignedUp,
  type Session,
} from '../test/identity-helpers.ts';
import { newBill, newMeter, payBillsCall, RETURN, sandboxPay } from '../test/payment-helpers.ts';
import { submit, withKey } from '../test/request-helpers.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

/*
 * The finance side of the staff workspace (decision 060): a variable fee set by staff and paid by the citizen, a
 * refund that withdraws the receipt and issues a credit note, a citizen's bills and payments read by support within
 * the company scope, the inbox finding a request by its payment, and the staff meter list paged.
 */

let ctx: TestApp;
let citizen: SignedUp & { session: Session };
let employee: Session; // the holding's: every family's requests, TECHNICAL_SUPPORT, HANDLE_BILLING_REQUESTS
let south: Session; // South Cairo: handler roles only
let reports: Session; // reporting roles only

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoUsers: true });
  citizen = await signUpVerified(ctx);
  employee = await directSession(ctx, 'demo-employee');
  south = await directSession(ctx, 'demo-south');
  reports = await directSession(ctx, 'demo-reports');
});
afterAll(() => ctx.close());

const staffUrl = (r: { serviceSlug: string; id: string }, tail = '') => `/api/staff/requests/${r.serviceSlug}/${r.id}${tail}`;

async function file(slug: string): Promise<TSubmitResult> {
  const res = await submit(ctx, slug, { as: citizen.session });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TSubmitResult;
}

/** An LMIFT request (its fee is to be estimated) moved by the holding's employee to awaiting payment. */
async function awaitingEstimate(): Promise<{ serviceSlug: string; id: string; version: number }> {
  const r = await file('LMIFT');
  let d = (await call(ctx, 'GET', staffUrl(r), { as: employee })).json() as TStaffRequestDetail;
  for (const to of ['in_review', 'awaiting_payment']) {
    if (d.status.id === to) continue;
    const res = await call(ctx, 'POST', staffUrl(r, '/status'), { as: employee, body: { version: d.version, to } });
    expect(res.statusCode, res.body).toBe(200);
    d = res.json() as TStaffRequestDetail;
  }
  expect(d.status.id).toBe('awaiting_payment');
  return { serviceSlug: 'LMIFT', id: r.id, version: d.version };
}

describe('a variable fee set by staff', () => {
  it('waits unpayable until set; set, the citizen is told in the app, by e-mail and SMS, and pays it', async () => {
    const r = await awaitingEstimate();
    const pay = `/api/requests/LMIFT/${r.id}/activity/pay`;
    expectError(await call(ctx, 'GET', `${pay}/paymentDetails`, { as: citizen.session }), 400, 'INVALID_PAYMENT');
    const before = (await call(ctx, 'GET', staffUrl(r), { as: employee })).json() as TStaffRequestDetail;
    expect(before.feeSettable).toBe(true);

    const set = await call(ctx, 'POST', staffUrl(r, '/fee'), {
      as: employee,
      body: { version: r.version, feePiastres: 125_050 },
    });
    expect(set.statusCode, set.body).toBe(200);
    const d = set.json() as TStaffRequestDetail;
    expect(d.paymentTotal).toBe(1250.5);
    expect(d.timeline.at(-1)).toMatchObject({ kind: 'fee-set', by: { kind: 'staff' } });

    const told = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, citizen.userId));
    expect(told.find((n) => n.type === 'fee-set')?.data).toMatchObject({ requestId: r.id, total: 1250.5 });
    const key = `request-fee:${r.id}:${d.version}`;
    expect((await outboxTo(ctx.database.db, citizen.data.email)).some((m) => m.dedupeKey === `${key}:email`)).toBe(true);
    expect((await outboxTo(ctx.database.db, citizen.data.mobile)).some((m) => m.dedupeKey === `${key}:sms`)).toBe(true);

    const details = await call(ctx, 'GET', `${pay}/paymentDetails`, { as: citizen.session });
    expect(details.statusCode, details.body).toBe(200);
    expect((details.json() as { serviceFeePiastres: number }).serviceFeePiastres).toBe(125_050);
    const started = await call(ctx, 'POST', `${pay}/paymentMeans`, {
      as: citizen.session,
      body: { gatewayId: 'sandbox', channel: 'card', ...RETURN },
      headers: withKey(),
    });
    expect(started.statusCode, started.body).toBe(201);
    const paymentId = (started.json() as TPaymentStart).payment.id;
    // Under way, the fee cannot change under the citizen's feet.
    const again = (await call(ctx, 'GET', staffUrl(r), { as: employee })).json() as TStaffRequestDetail;
    expectError(
      await call(ctx, 'POST', staffUrl(r, '/fee'), { as: employee, body: { version: again.version, feePiastres: 500 } }),
      409,
      'PAYMENT_IN_PROGRESS',
    );
    expect((await sandboxPay(ctx, paymentId, '4242 4242 4242 4242')).statusCode).toBeLessThan(400);
    const [row] = await ctx.database.db.select().from(requests).where(eq(requests.id, r.id));
    expect(row!.status).not.toBe('awaiting_payment');
    // Paid, it waits for no fee any more.
    expect(((await call(ctx, 'GET', staffUrl(r), { as: employee })).json() as TStaffRequestDetail).feeWait).toBeNull();
  });

  it('refuses a fixed fee, a request not waiting for its fee, bad amounts, a stale version, and out of scope', async () => {
    const fixed = await file('CODEMETER');
    expectError(
      await call(ctx, 'POST', staffUrl(fixed, '/fee'), { as: employee, body: { version: 1, feePiastres: 10_000 } }),
      409,
      'FEE_NOT_VARIABLE',
    );
    const fresh = await file('LMIFT');
    expectError(
      await call(ctx, 'POST', staffUrl(fresh, '/fee'), { as: employee, body: { version: 1, feePiastres: 10_000 } }),
      409,
      'FEE_NOT_DUE',
    );
    const r = await awaitingEstimate();
    for (const feePiastres of [0, 99, -5, 1.5, 2_000_000_000, '100'])
      expectError(
        await call(ctx, 'POST', staffUrl(r, '/fee'), { as: employee, body: { version: r.version, feePiastres } }),
        400,
        'INVALID_INPUT',
      );
    expectError(
      await call(ctx, 'POST', staffUrl(r, '/fee'), { as: employee, body: { version: r.version - 1, feePiastres: 10_000 } }),
      409,
      'REQUEST_CHANGED',
    );
    const [row] = await ctx.database.db.select().from(requests).where(eq(requests.id, r.id));
    if (row!.companyId !== 'co-south-cairo')
      expectError(
        await call(ctx, 'POST', staffUrl(r, '/fee'), { as: south, body: { version: r.version, feePiastres: 10_000 } }),
        404,
        'MODEL_NOT_FOUND',
      );
    expectError(
      await call(ctx, 'POST', staffUrl(r, '/fee'), { as: reports, body: { version: r.version, feePiastres: 10_000 } }),
      403,
      'FORBIDDEN',
    );
  });
});

/** A paid bills payment of the citizen, on a meter of `companyId` (null: the holding's). */
async function paidBills(companyId: string | null): Promise<{ paymentId: string; billId: string; meterId: string }> {
  const meterId = await newMeter(ctx, citizen.userId);
  if (companyId) await ctx.database.db.update(meters).set({ companyId }).where(eq(meters.id, meterId));
  const billId = await newBill(ctx, meterId, '2026-03', 12_345);
  const res = await payBillsCall(ctx, citizen.session, [billId]);
  expect(res.statusCode, res.body).toBe(201);
  const paymentId = (res.json() as TPaymentStart).payment.id;
  expect((await sandboxPay(ctx, paymentId, '4242 4242 4242 4242')).statusCode).toBeLessThan(400);
  return { paymentId, billId, meterId };
}

const papers = async () =>
  ((await call(ctx, 'GET', '/api/documents?limit=50', { as: citizen.session })).json() as { items: TDocumentRef[] }).items;

describe('a refund', () => {
  it('withdraws the receipt (its QR says so), issues a credit note in My papers, and the bills are owed again', async () => {
    const { paymentId, billId } = await paidBills(null);
    const receipt = (await papers()).find((d) => d.paymentId === paymentId && d.kind === 'paymentReceipt')!;
    expect(receipt.withdrawnAt ?? null).toBeNull();
    const secret = new URL(receipt.verifyUrl!).searchParams.get('secret')!;
    const qr = () => call(ctx, 'POST', '/api/tasks/runTasks', { body: { taskIds: ['GetDocumentFromQr'], token: secret } });
    expect((await qr()).json().GetDocumentFromQr.payment.withdrawnAt ?? null).toBeNull();

    const res = await call(ctx, 'POST', `/api/staff/payments/${paymentId}/refund`, {
      as: employee,
      body: { reason: 'Paid twice at the cashier' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const refunded = res.json() as TStaffPayment;
    expect(refunded).toMatchObject({ status: 'refunded', refundReason: 'Paid twice at the cashier' });

    const after = await qr();
    expect(after.json().GetDocumentFromQr.payment.withdrawnAt).toBeTruthy();
    expect(after.json().GetDocumentFromQr.message.en).toMatch(/withdrawn/);
    const mine = await papers();
    expect(mine.find((d) => d.id === receipt.id)?.withdrawnAt).toBeTruthy();
    const note = mine.find((d) => d.paymentId === paymentId && d.kind === 'creditNote')!;
    expect(note.label.en).toMatch(/^Credit note/);
    const pdf = await call(ctx, 'GET', `/api/documents/${note.id}/pdf`, { as: citizen.session });
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    const [bill] = await ctx.database.db.select().from(bills).where(eq(bills.id, billId));
    expect(bill!.status).toBe('unpaid');
    const told = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, citizen.userId));
    expect(told.some((n) => n.type === 'payment-refunded' && n.data.paymentId === paymentId)).toBe(true);
    // Told by e-mail and SMS too, in the language the payment was made in, with the way to the credit note.
    const [paid] = await ctx.database.db.select({ lang: payments.lang }).from(payments).where(eq(payments.id, paymentId));
    const mail = (await outboxTo(ctx.database.db, citizen.data.email)).find(
      (m) => m.dedupeKey === `payment-refund:${paymentId}:email`,
    );
    expect(mail?.body).toContain('Paid twice at the cashier');
    expect(mail?.body).toContain('/papers');
    expect(mail?.subject).toMatch(paid!.lang === 'en' ? /refunded/ : /تم رد مبلغ/);
    const text = (await outboxTo(ctx.database.db, citizen.data.mobile)).find(
      (m) => m.dedupeKey === `payment-refund:${paymentId}:sms`,
    );
    expect(text?.body).toMatch(paid!.lang === 'en' ? /refunded/ : /تم رد مبلغ/);
    expect(text?.body).toContain('/papers');

    expectError(
      await call(ctx, 'POST', `/api/staff/payments/${paymentId}/refund`, { as: employee, body: { reason: 'Again' } }),
      409,
      'PAYMENT_NOT_REFUNDABLE',
    );
  });

  it('refuses an unpaid payment, a missing reason, another company, and roles without refunds', async () => {
    const meterId = await newMeter(ctx, citizen.userId);
    const unpaid = await payBillsCall(ctx, citizen.session, [await newBill(ctx, meterId, '2026-04', 5_000)]);
    const id = (unpaid.json() as TPaymentStart).payment.id;
    expectError(
      await call(ctx, 'POST', `/api/staff/payments/${id}/refund`, { as: employee, body: { reason: 'No reason' } }),
      409,
      'PAYMENT_NOT_REFUNDABLE',
    );
    const { paymentId } = await paidBills('co-north-cairo');
    expectError(
      await call(ctx, 'POST', `/api/staff/payments/${paymentId}/refund`, { as: employee, body: {} }),
      400,
      'INVALID_INPUT',
    );
    expectError(
      await call(ctx, 'POST', `/api/staff/payments/${paymentId}/refund`, { as: south, body: { reason: 'Not ours' } }),
      404,
      'MODEL_NOT_FOUND',
    );
    expectError(
      await call(ctx, 'POST', `/api/staff/payments/${paymentId}/refund`, { as: reports, body: { reason: 'No role' } }),
      403,
      'FORBIDDEN',
    );
    const [p] = await ctx.database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(p!.status).toBe('succeeded');
  });
});

describe("a citizen's bills and payments for support", () => {
  it('shows what is in the staff member scope only', async () => {
    const north = await paidBills('co-north-cairo');
    const southern = await paidBills('co-south-cairo');
    const read = async (as: Session) => {
      const res = await call(ctx, 'GET', `/api/staff/citizens/${citizen.userId}/finance`, { as });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as TCitizenFinance;
    };
    const all = await read(employee);
    expect(all.citizen.id).toBe(citizen.userId);
    expect(all.citizen.mobile).toContain('•');
    expect(all.bills.map((b) => b.id)).toEqual(expect.arrayContaining([north.billId, southern.billId]));
    expect(all.payments.map((p) => p.id)).toEqual(expect.arrayContaining([north.paymentId, southern.paymentId]));
    expect(all.documents.some((d) => d.paymentId === north.paymentId && d.kind === 'paymentReceipt')).toBe(true);

    const theirs = await read(south);
    expect(theirs.bills.map((b) => b.id)).toContain(southern.billId);
    expect(theirs.bills.map((b) => b.id)).not.toContain(north.billId);
    expect(theirs.payments.map((p) => p.id)).toEqual([southern.paymentId]);
    expect(theirs.documents.every((d) => d.paymentId === southern.paymentId)).toBe(true);
  });

  it('answers CITIZEN_NOT_FOUND for a staff account or no one, and refuses roles without support', async () => {
    expectError(await call(ctx, 'GET', '/api/staff/citizens/demo-employee/finance', { as: employee }), 404, 'CITIZEN_NOT_FOUND');
    expectError(
      await call(ctx, 'GET', '/api/staff/citizens/00000000-0000-4000-8000-000000000000/finance', { as: employee }),
      404,
      'CITIZEN_NOT_FOUND',
    );
    expectError(
      await call(ctx, 'GET', `/api/staff/citizens/${citizen.userId}/finance?limit=0`, { as: employee }),
      400,
      'INVALID_INPUT',
    );
    expectError(await call(ctx, 'GET', `/api/staff/citizens/${citizen.userId}/finance`, { as: reports }), 403, 'FORBIDDEN');
    expectError(
      await call(ctx, 'GET', `/api/staff/citizens/${citizen.userId}/finance`, { as: citizen.session }),
      403,
      'FORBIDDEN',
    );
  });
});

describe("a citizen's finance view pages (decision 076)", () => {
  it('pages the payments (with their papers) and the bills each on its own, and counts them all', async () => {
    // A citizen of their own: three paid bills payments, and two more unpaid bills.
    const payer = await signUpVerified(ctx);
    const paid: string[] = [];
    for (const period of ['2025-01', '2025-02', '2025-03']) {
      const meterId = await newMeter(ctx, payer.userId);
      const res = await payBillsCall(ctx, payer.session, [await newBill(ctx, meterId, period, 1_000)]);
      expect(res.statusCode, res.body).toBe(201);
      const id = (res.json() as TPaymentStart).payment.id;
      expect((await sandboxPay(ctx, id, '4242 4242 4242 4242')).statusCode).toBeLessThan(400);
      paid.push(id);
    }
    const spare = await newMeter(ctx, payer.userId);
    await newBill(ctx, spare, '2025-04', 2_000);
    await newBill(ctx, spare, '2025-05', 3_000);
    const read = async (query: string) => {
      const res = await call(ctx, 'GET', `/api/staff/citizens/${payer.userId}/finance?${query}`, { as: employee });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as TCitizenFinance;
    };

    const first = await read('limit=2');
    expect(first.paymentsTotal).toBe(3);
    expect(first.billsTotal).toBe(5);
    expect(first.payments).toHaveLength(2);
    expect(first.bills).toHaveLength(2);
    // The papers are those of the payments on the page: one receipt each.
    expect(first.documents.map((d) => d.paymentId).sort()).toEqual(first.payments.map((p) => p.id).sort());
    // The unpaid total is the whole selection's, whatever the page.
    expect(first.unpaidTotalPiastres).toBe(5_000);

    const second = await read('limit=2&paymentsSkip=2');
    expect(second.payments).toHaveLength(1);
    expect([...first.payments, ...second.payments].map((p) => p.id).sort()).toEqual([...paid].sort());
    expect(second.documents.map((d) => d.paymentId)).toEqual([second.payments[0]!.id]);
    // The bills stayed on their first page.
    expect(second.bills.map((b) => b.id)).toEqual(first.bills.map((b) => b.id));

    const bills = await Promise.all([read('limit=2&billsSkip=2'), read('limit=2&billsSkip=4')]);
    const billIds = [first, ...bills].flatMap((f) => f.bills.map((b) => b.id));
    expect(billIds).toHaveLength(5);
    expect(new Set(billIds).size).toBe(5);
    expect(bills[0].payments.map((p) => p.id)).toEqual(first.payments.map((p) => p.id));

    // Past the end: an empty page with the totals, not an error.
    const past = await read('paymentsSkip=50&billsSkip=50');
    expect(past).toMatchObject({ payments: [], bills: [], documents: [], paymentsTotal: 3, billsTotal: 5 });
    // By default a page is 20 rows.
    expect((await read('')).payments).toHaveLength(3);
  });

  it('refuses a bad page or page size with a coded error, never a 500', async () => {
    const url = `/api/staff/citizens/${citizen.userId}/finance`;
    for (const query of [
      'limit=0',
      'limit=101',
      'limit=2.5',
      'limit=many',
      'paymentsSkip=-1',
      'paymentsSkip=1.5',
      'billsSkip=-20',
      'billsSkip=100001',
      'page=2',
    ])
      expectError(await call(ctx, 'GET', `${url}?${query}`, { as: employee }), 400, 'INVALID_INPUT');
  });
});

describe('the inbox finds a request by its payment', () => {
  it("by the receipt's number (merchant reference) and by the payment code", async () => {
    const r = await awaitingEstimate();
    const set = await call(ctx, 'POST', staffUrl(r, '/fee'), { as: employee, body: { version: r.version, feePiastres: 20_000 } });
    expect(set.statusCode, set.body).toBe(200);
    const started = await call(ctx, 'POST', `/api/requests/LMIFT/${r.id}/activity/pay/paymentMeans`, {
      as: citizen.session,
      body: { gatewayId: 'sandbox', channel: 'code', ...RETURN },
      headers: withKey(),
    });
    expect(started.statusCode, started.body).toBe(201);
    const [p] = await ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, (started.json() as TPaymentStart).payment.id));
    const search = async (q: string) => {
      const filter = encodeURIComponent(JSON.stringify({ q }));
      const res = await call(ctx, 'GET', `/api/dynamic_services/inbox?filter=${filter}`, { as: employee });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as TInboxPage).items.map((i) => i.id);
    };
    expect(await search(p!.merchantReference)).toEqual([r.id]);
    expect(await search(p!.merchantReference.toLowerCase())).toEqual([r.id]);
    expect(await search(p!.referenceNumber!)).toEqual([r.id]);
    expect(await search('KH0000NOSUCHREF')).toEqual([]);
  });
});

describe('the inbox names the requests that wait for their fee', () => {
  const inbox = async (filter: object) => {
    const q = encodeURIComponent(JSON.stringify(filter));
    const res = await call(ctx, 'GET', `/api/dynamic_services/inbox?filter=${q}`, { as: employee });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TInboxPage;
  };
  const count = async (filter: object) => {
    const q = encodeURIComponent(JSON.stringify(filter));
    const res = await call(ctx, 'GET', `/api/dynamic_services/inbox/count?filter=${q}`, { as: employee });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TInboxCount;
  };

  it('says whether the fee waits for its amount or for the payment; a list and a count of them', async () => {
    const fresh = await file('LMIFT'); // new: waits for no fee yet
    const r = await awaitingEstimate();
    const all = await inbox({ serviceSlug: 'LMIFT', limit: 100 });
    expect(all.items.find((i) => i.id === fresh.id)?.feeWait).toBeNull();
    expect(all.items.find((i) => i.id === r.id)?.feeWait).toBe('amount');
    const waiting = await inbox({ serviceSlug: 'LMIFT', feeDue: true, limit: 100 });
    expect(waiting.items.map((i) => i.id)).toContain(r.id);
    expect(waiting.items.map((i) => i.id)).not.toContain(fresh.id);
    expect(waiting.items.every((i) => i.feeWait !== null)).toBe(true);
    const counted = await count({ serviceSlug: 'LMIFT' });
    expect(counted.feeDue).toBe(waiting.total);
    expect((await count({ serviceSlug: 'LMIFT', feeDue: true })).count).toBe(waiting.total);

    const set = await call(ctx, 'POST', staffUrl(r, '/fee'), { as: employee, body: { version: r.version, feePiastres: 9_900 } });
    expect(set.statusCode, set.body).toBe(200);
    expect((set.json() as TStaffRequestDetail).feeWait).toBe('payment');
    expect((await inbox({ serviceSlug: 'LMIFT', feeDue: true, limit: 100 })).items.find((i) => i.id === r.id)?.feeWait).toBe(
      'payment',
    );
  });
});

describe('the staff meter list pages', () => {
  it('answers a page and the total, oldest first', async () => {
    const as = await directSession(ctx, 'demo-employee');
    for (let i = 0; i < 3; i++) {
      const id = await newMeter(ctx, citizen.userId);
      await ctx.database.db.update(meters).set({ status: 'pending' }).where(eq(meters.id, id));
    }
    const page = async (skip: number) => {
      const res = await call(ctx, 'GET', `/api/staff/meters?limit=2&skip=${skip}`, { as });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { items: TStaffMeter[]; total: number };
    };
    const first = await page(0);
    expect(first.items).toHaveLength(2);
    expect(first.total).toBeGreaterThanOrEqual(3);
    const second = await page(2);
    expect(second.items[0]?.id).not.toBe(first.items[0]?.id);
    expect(second.items.every((m) => !first.items.some((f) => f.id === m.id))).toBe(true);
    expectError(await call(ctx, 'GET', '/api/staff/meters?limit=101', { as }), 400, 'INVALID_INPUT');
  });
});
