import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bills,
  documents,
  notifications,
  outboxMessages,
  paymentCallbacks,
  payments,
  requestEvents,
  requests,
  services,
} from '../db/schema.ts';
import { readableNumber } from '../../contract/request-number.ts';
import { hashOwnerToken } from '../domain/idempotency/idempotency.ts';
import { paymobHmac } from '../domain/payments/gateways/paymob-hmac.ts';
import { TEST_CARDS } from '../domain/payments/gateways/sandbox.ts';
import { purgeRejectedCallbacks, REJECTED_SAMPLE_BYTES, REJECTED_SAMPLE_PER_HOUR } from '../domain/payments/callbacks.ts';
import { applyById } from '../domain/payments/payments.ts';
import { reconcilePayments } from '../domain/payments/reconcile.ts';
import { call, expectError, signUpVerified, type SignedUp, type Session } from '../test/identity-helpers.ts';
import { newBill, newMeter, payBillsCall, RETURN, sandboxPay, started } from '../test/payment-helpers.ts';
import { submit, withKey } from '../test/request-helpers.ts';
import { pdfTextRuns } from '../test/pdf-text.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

/*
 * Payments through the sandbox gateway (the default; decision 027): bills and a request's fee, end to end (the
 * hosted page's form, the signed server-to-server callback, the browser's return), the selection rules, duplicate,
 * late, out-of-order, tampered and badly signed callbacks, reconciliation of a hanging card, and who may see what.
 */

const SECRET = 'sandbox-secret-for-the-tests-0123456789';
let ctx: TestApp;
let A: SignedUp & { session: Session };
let B: SignedUp & { session: Session };

beforeAll(async () => {
  ctx = await buildTestApp({ SANDBOX_GATEWAY_SECRET: SECRET });
  A = await signUpVerified(ctx);
  B = await signUpVerified(ctx, { password: 'B0bs!Secret', confirmPassword: 'B0bs!Secret' });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const billRow = async (id: string) => (await db().select().from(bills).where(eq(bills.id, id)))[0]!;
const paymentRowOf = async (id: string) => (await db().select().from(payments).where(eq(payments.id, id)))[0]!;

/** Transaction ids the tests' own callbacks use unless they name one: one transaction settles one payment. */
let nextTransaction = 900_000;

/** A callback signed by the sandbox exactly like Paymob's, with `obj` fields changed as given. */
function signedCallback(p: typeof payments.$inferSelect, over: Record<string, unknown>, secret = SECRET) {
  const obj = {
    id: nextTransaction++,
    amount_cents: p.totalPiastres,
    created_at: new Date().toISOString(),
    currency: 'EGP',
    error_occured: false,
    has_parent_transaction: false,
    integration_id: 0,
    is_3d_secure: true,
    is_auth: false,
    is_capture: false,
    is_refunded: false,
    is_standalone_payment: true,
    is_voided: false,
    order: { id: p.gatewayOrderId, merchant_order_id: p.merchantReference },
    owner: 0,
    pending: false,
    source_data: { pan: '4242', sub_type: 'Visa', type: 'card' },
    success: true,
    ...over,
  };
  return { hmac: paymobHmac(obj, secret), body: { type: 'TRANSACTION', obj } };
}
const postCallback = (cb: { hmac: string; body: unknown }) =>
  call(ctx, 'POST', `/api/payments/callbacks/sandbox?hmac=${cb.hmac}`, { body: cb.body, noCsrf: true });

describe('paying bills through the sandbox gateway', () => {
  it('pays the chosen bills end to end: the page, the signed callback, the bills paid, the browser sent back', async () => {
    const meter = await newMeter(ctx, A.userId);
    const older = await newBill(ctx, meter, '2026-01', 12_345);
    const newer = await newBill(ctx, meter, '2026-02', 20_000);
    const res = await payBillsCall(ctx, A.session, [older, newer]);
    expect(res.statusCode, res.body).toBe(201);
    const { payment, next } = started(res);
    // The server's amounts: 1 EGP service fee; card 2 EGP + 2.5 % of bills and service fee, rounded up.
    expect(payment).toMatchObject({
      status: 'started',
      billsTotalPiastres: 32_345,
      serviceFeePiastres: 100,
      gatewayId: 'sandbox',
    });
    expect(payment.gatewayFeePiastres).toBe(200 + Math.ceil((32_445 * 250) / 10_000));
    expect(payment.totalPiastres).toBe(32_445 + payment.gatewayFeePiastres);
    expect(next.kind).toBe('redirect');
    const url = (next as { url: string }).url;
    expect(url).toBe(`/api/sandbox-gateway/${payment.id}?lang=ar`);

    const page = await ctx.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toContain('<script');
    expect(page.body).toContain('dir="rtl"');
    expect(page.body).toContain((payment.totalPiastres / 100).toFixed(2));

    const paid = await sandboxPay(ctx, payment.id, '4242 4242 4242 4242');
    expect(paid.statusCode, paid.body).toBe(303);
    expect(paid.headers.location).toBe(`${RETURN.successURL}&paymentId=${payment.id}`);

    for (const id of [older, newer])
      expect(await billRow(id)).toMatchObject({ status: 'paid', paymentId: payment.id, version: 2 });
    const row = await paymentRowOf(payment.id);
    expect(row.status).toBe('succeeded');
    expect(row.gatewayTransactionId).toMatch(/^\d+$/);
    const mine = await call(ctx, 'GET', `/api/payments/${payment.id}`, { as: A.session });
    expect(mine.json()).toMatchObject({
      status: 'succeeded',
      billIds: [older, newer].sort(),
      totalPiastres: payment.totalPiastres,
    });
    // The citizen is told.
    const told = await db().select().from(notifications).where(eq(notifications.userId, A.userId));
    expect(told.some((n) => n.type === 'bills-paid')).toBe(true);

    // Paying them again: already paid, with nothing raw for the screen to show.
    expect(expectError(await payBillsCall(ctx, A.session, [older]), 409, 'BILL_ALREADY_PAID').details).toBeUndefined();
    const quote = await call(ctx, 'GET', `/api/payments/bills/quote?ids=${older}`, { as: A.session });
    expect(expectError(quote, 409, 'BILL_ALREADY_PAID').details).toBeUndefined();
  });

  it('refuses an amount from the client, no bills, an open redirect, a newer bill before an older one, and unknown gateways', async () => {
    const meter = await newMeter(ctx, A.userId);
    const jan = await newBill(ctx, meter, '2026-01', 5000);
    const feb = await newBill(ctx, meter, '2026-02', 6000);
    expectError(await payBillsCall(ctx, A.session, [jan], { amount: 1 }), 400, 'INVALID_INPUT');
    expectError(await payBillsCall(ctx, A.session, [jan], { totalPiastres: 1 }), 400, 'INVALID_INPUT');
    expectError(await payBillsCall(ctx, A.session, []), 400, 'NO_BILLS_SELECTED');
    for (const bad of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)'])
      expectError(await payBillsCall(ctx, A.session, [jan], { successURL: bad }), 400, 'INVALID_RETURN_URL');
    const refused = expectError(await payBillsCall(ctx, A.session, [feb]), 400, 'OLDER_BILLS_FIRST');
    // The older bill is named for the log and API users, never in `details`, which the screens show as they are.
    expect(refused.message).toContain(jan);
    expect(refused.details).toBeUndefined();
    expectError(await payBillsCall(ctx, A.session, [jan], { gatewayId: 'fawry' }), 400, 'INVALID_PAYMENT');
    // Nothing was written by the refusals.
    expect((await billRow(jan)).status).toBe('unpaid');
    // Another meter's older bill does not hold this one back.
    const other = await newMeter(ctx, A.userId);
    await newBill(ctx, other, '2025-12', 1000);
    expect((await payBillsCall(ctx, A.session, [jan])).statusCode).toBe(201);
  });

  it("another citizen's bills and payments are not found (404), nor are they paid", async () => {
    const meter = await newMeter(ctx, A.userId);
    const bill = await newBill(ctx, meter, '2026-03', 7000);
    expectError(await payBillsCall(ctx, B.session, [bill]), 404, 'MODEL_NOT_FOUND');
    expectError(await payBillsCall(ctx, B.session, [bill, crypto.randomUUID()]), 404, 'MODEL_NOT_FOUND');
    const { payment } = started(await payBillsCall(ctx, A.session, [bill]));
    expectError(await call(ctx, 'GET', `/api/payments/${payment.id}`, { as: B.session }), 404, 'MODEL_NOT_FOUND');
    expectError(await call(ctx, 'GET', `/api/payments/${payment.id}`), 401, 'UNAUTHORIZED');
    expect((await call(ctx, 'GET', `/api/payments/${payment.id}`, { as: A.session })).statusCode).toBe(200);
  });

  it('applies a callback once: a repeat, a late failure after paid and an out-of-order pending change nothing', async () => {
    const meter = await newMeter(ctx, A.userId);
    const bill = await newBill(ctx, meter, '2026-01', 9900);
    const { payment } = started(await payBillsCall(ctx, A.session, [bill]));
    const p = await paymentRowOf(payment.id);
    const ok = signedCallback(p, { id: 4_242_001 });
    expect((await postCallback(ok)).json()).toEqual({ received: true, applied: true });
    expect((await postCallback(ok)).json()).toEqual({ received: true, applied: false });
    const late = signedCallback(p, { id: 4_242_002, success: false });
    expect((await postCallback(late)).json()).toEqual({ received: true, applied: false });
    const pending = signedCallback(p, { id: 4_242_003, success: false, pending: true });
    expect((await postCallback(pending)).json()).toEqual({ received: true, applied: false });
    expect(await paymentRowOf(payment.id)).toMatchObject({ status: 'succeeded', gatewayTransactionId: '4242001' });
    expect(await billRow(bill)).toMatchObject({ status: 'paid', version: 2, paymentId: payment.id });
    const recorded = await db().select().from(paymentCallbacks).where(eq(paymentCallbacks.paymentId, payment.id));
    expect(recorded.map((r) => r.kind).sort()).toEqual(['failed', 'pending', 'succeeded']);
  });

  it('refuses a bad signature (401 INVALID_SIGNATURE) and a tampered amount; nothing is paid', async () => {
    const meter = await newMeter(ctx, A.userId);
    const bill = await newBill(ctx, meter, '2026-01', 15_000);
    const { payment } = started(await payBillsCall(ctx, A.session, [bill]));
    const p = await paymentRowOf(payment.id);
    const forged = signedCallback(p, { id: 5_000_001 }, 'not-the-secret-at-all-0000');
    expectError(await postCallback(forged), 401, 'INVALID_SIGNATURE');
    // A signature over other values: the body was changed after signing.
    const good = signedCallback(p, { id: 5_000_002 });
    (good.body.obj as { amount_cents: number }).amount_cents = 1;
    expectError(await postCallback(good), 401, 'INVALID_SIGNATURE');
    expectError(await postCallback({ hmac: 'zz', body: { nothing: true } }), 401, 'INVALID_SIGNATURE');
    expectError(
      await call(ctx, 'POST', '/api/payments/callbacks/sandbox', { body: { obj: {} }, noCsrf: true }),
      401,
      'INVALID_SIGNATURE',
    );
    expect((await paymentRowOf(payment.id)).status).toBe('started');
    // Correctly signed, but for another amount than asked: not paid.
    const cheap = signedCallback(p, { id: 5_000_003, amount_cents: 100 });
    expect((await postCallback(cheap)).json()).toEqual({ received: true, applied: false });
    expect(await paymentRowOf(payment.id)).toMatchObject({ status: 'failed', failureReason: 'amount-mismatch' });
    expect((await billRow(bill)).status).toBe('unpaid');
    // The bill can be paid again.
    expect((await payBillsCall(ctx, A.session, [bill])).statusCode).toBe(201);
  });

  it('a declined card fails the payment and sends the browser to the failure path; the bills stay due', async () => {
    const meter = await newMeter(ctx, A.userId);
    const bill = await newBill(ctx, meter, '2026-01', 4000);
    const { payment } = started(await payBillsCall(ctx, A.session, [bill]));
    const res = await sandboxPay(ctx, payment.id, TEST_CARDS.fails);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${RETURN.failureURL}&paymentId=${payment.id}`);
    expect((await paymentRowOf(payment.id)).status).toBe('failed');
    expect((await billRow(bill)).status).toBe('unpaid');
    expectError(await sandboxPay(ctx, payment.id, TEST_CARDS.succeeds), 400, 'INVALID_PAYMENT');
    expectError(await sandboxPay(ctx, crypto.randomUUID(), TEST_CARDS.succeeds), 404, 'MODEL_NOT_FOUND');
  });

  it('a hanging card stays pending (another payment of its bills waits) until reconciliation asks the gateway', async () => {
    const meter = await newMeter(ctx, A.userId);
    const bill = await newBill(ctx, meter, '2026-01', 8000);
    const { payment } = started(await payBillsCall(ctx, A.session, [bill]));
    expect((await sandboxPay(ctx, payment.id, TEST_CARDS.hangs)).statusCode).toBe(303);
    expect((await paymentRowOf(payment.id)).status).toBe('started');
    // The bank has not answered: the browser's return changed nothing; a refresh asks the gateway.
    const now = new Date();
    expect(await reconcilePayments(ctx.app.deps.payments, { sweep: 'recent', now })).toMatchObject({ changed: 0 });
    const later = new Date(now.getTime() + 20 * 60_000);
    const report = await reconcilePayments(ctx.app.deps.payments, { sweep: 'recent', now: later });
    expect(report.changed).toBeGreaterThanOrEqual(1);
    expect((await paymentRowOf(payment.id)).status).toBe('succeeded');
    expect(await billRow(bill)).toMatchObject({ status: 'paid', paymentId: payment.id });
  });

  it('a card page left unpaid is replaced by a new attempt; a code for the same bills is reused', async () => {
    const meter = await newMeter(ctx, A.userId);
    const bill = await newBill(ctx, meter, '2026-01', 3000);
    const first = started(await payBillsCall(ctx, A.session, [bill])).payment;
    const second = started(await payBillsCall(ctx, A.session, [bill])).payment;
    expect(second.id).not.toBe(first.id);
    expect((await paymentRowOf(first.id)).status).toBe('cancelled');
    const code = started(await payBillsCall(ctx, A.session, [bill], { channel: 'code' }));
    expect(code.next).toMatchObject({
      kind: 'code',
      smsTo: `${A.data.mobile.slice(0, 3)}•••••${A.data.mobile.slice(-3)}`,
    });
    expect(code.payment.status).toBe('pending');
    expect((await paymentRowOf(second.id)).status).toBe('cancelled');
    const again = started(await payBillsCall(ctx, A.session, [bill], { channel: 'code' }));
    expect(again.payment.id).toBe(code.payment.id);
    // The code went by SMS once (the same code again sends nothing more): the number, the total with the outlet's
    // fee, and until when, in the payer's language.
    const texts = await smsTo(A.data.mobile, code.payment.id);
    expect(texts).toHaveLength(1);
    const ref = (code.next as { referenceNumber: string }).referenceNumber;
    expect(texts[0]).toContain(ref);
    expect(texts[0]).toContain(`${(code.payment.totalPiastres / 100).toFixed(2)} ج.م`);
    expect(texts[0]).toContain('صالح لمدة 48 ساعة');
    // The code is paid at the (pretend) outlet.
    expect((await sandboxPay(ctx, code.payment.id, '')).statusCode).toBe(303);
    expect((await billRow(bill)).status).toBe('paid');
  });

  it('a replayed start answers the first answer; concurrent starts and callbacks leave one live payment and one payment', async () => {
    const meter = await newMeter(ctx, A.userId);
    const bill = await newBill(ctx, meter, '2026-01', 4_500);
    const key = withKey();
    const body = { billIds: [bill], channel: 'card', ...RETURN };
    const first = await call(ctx, 'POST', '/api/payments/bills', { as: A.session, body, headers: key });
    const replay = await call(ctx, 'POST', '/api/payments/bills', { as: A.session, body, headers: key });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(started(replay).payment.id).toBe(started(first).payment.id);

    const meter2 = await newMeter(ctx, A.userId);
    const bill2 = await newBill(ctx, meter2, '2026-01', 4_600);
    const answers = await Promise.all([1, 2, 3].map(() => payBillsCall(ctx, A.session, [bill2])));
    expect(
      answers.every((a) => a.statusCode === 201 || a.statusCode === 409),
      answers.map((a) => a.body).join(),
    ).toBe(true);
    const live = (await db().select().from(payments)).filter(
      (p) => (p.status === 'started' || p.status === 'pending') && p.billsTotalPiastres === 4_600,
    );
    expect(live).toHaveLength(1);

    const p = await paymentRowOf(live[0]!.id);
    const cb = signedCallback(p, { id: 7_777_001 });
    const results = await Promise.all([1, 2, 3, 4].map(() => postCallback(cb)));
    expect(results.filter((r) => (r.json() as { applied: boolean }).applied)).toHaveLength(1);
    expect(await billRow(bill2)).toMatchObject({ status: 'paid', version: 2 });
  });

  it('lists the ways to pay to anyone', async () => {
    const res = await call(ctx, 'GET', '/api/payments/methods');
    expect(res.json()).toEqual({
      items: [
        { gatewayId: 'sandbox', channel: 'card', label: { ar: 'بطاقة بنكية', en: 'Bank card' } },
        { gatewayId: 'sandbox', channel: 'code', label: { ar: 'رقم سداد (فوري)', en: 'Payment number (Fawry)' } },
      ],
    });
  });
});

describe('one charge pays one payment (issue 21, decision 039)', () => {
  /** Two payments of two citizens' bills, both waiting for the gateway. */
  async function twoPayments(amountA: number, amountB: number) {
    const billA = await newBill(ctx, await newMeter(ctx, A.userId), '2026-01', amountA);
    const billB = await newBill(ctx, await newMeter(ctx, B.userId), '2026-01', amountB);
    const pa = await paymentRowOf(started(await payBillsCall(ctx, A.session, [billA])).payment.id);
    const pb = await paymentRowOf(started(await payBillsCall(ctx, B.session, [billB])).payment.id);
    return { billA, billB, pa, pb };
  }
  const sandbox = () => ctx.app.deps.payments.gateways.sandboxCard;

  it("a genuine signed transaction with another payment's reference pays its own payment, never the other; its refresh pays nothing twice", async () => {
    const { billA, billB, pa, pb } = await twoPayments(30_850, 30_850);
    // The sandbox "bank" charges A's card; the payer holds the signed transaction (Paymob's redirect brings it).
    const genuine = sandbox().charge(pa, 'succeeded', new Date())!;
    const forged = structuredClone(genuine.body) as { obj: { order: { merchant_order_id: string } } };
    forged.obj.order.merchant_order_id = pb.merchantReference; // not covered by the HMAC
    const res = await postCallback({ hmac: genuine.query.hmac, body: forged });
    expect(res.statusCode).toBe(200);
    // Matched by the signed order id: it is A's transaction, so A is paid, and B is not.
    expect((await paymentRowOf(pb.id)).status).toBe('started');
    expect((await billRow(billB)).status).toBe('unpaid');
    expect((await paymentRowOf(pa.id)).status).toBe('succeeded');
    // A's own callback is a repeat; A's status refresh (the reconciliation path) finds nothing more to do.
    expect((await postCallback({ hmac: genuine.query.hmac, body: genuine.body })).json()).toEqual({
      received: true,
      applied: false,
    });
    const refreshed = await call(ctx, 'GET', `/api/payments/${pa.id}?refresh=true`, { as: A.session });
    expect(refreshed.json()).toMatchObject({ status: 'succeeded' });
    const paid = (await db().select().from(payments)).filter((p) => [pa.id, pb.id].includes(p.id) && p.status === 'succeeded');
    expect(paid.map((p) => p.id)).toEqual([pa.id]);
    expect(await billRow(billA)).toMatchObject({ status: 'paid', paymentId: pa.id, version: 2 });
  });

  it('a callback naming no order of ours, or an order of ours under a reference only, pays nothing', async () => {
    const { billB, pb } = await twoPayments(11_000, 11_100);
    // The transaction of an order we never made, with B's reference: the reference alone finds nothing.
    const stray = signedCallback({ ...pb, gatewayOrderId: 'sbx-not-ours' }, {});
    expect((await postCallback(stray)).json()).toEqual({ received: true, applied: false });
    expect((await paymentRowOf(pb.id)).status).toBe('started');
    expect((await billRow(billB)).status).toBe('unpaid');
  });

  it('a signed transaction in another currency, or of another integration, pays nothing', async () => {
    const { billA, pa, billB, pb } = await twoPayments(12_000, 12_100);
    const usd = signedCallback(pa, { currency: 'USD' });
    expect((await postCallback(usd)).json()).toEqual({ received: true, applied: false });
    expect(await paymentRowOf(pa.id)).toMatchObject({ status: 'failed', failureReason: 'currency-mismatch' });
    expect((await billRow(billA)).status).toBe('unpaid');
    // A test integration of the same account signs with the same secret: its transactions are not money.
    const test = signedCallback(pb, { integration_id: 4_242 });
    expect((await postCallback(test)).json()).toEqual({ received: true, applied: false });
    expect((await paymentRowOf(pb.id)).status).toBe('started');
    expect((await billRow(billB)).status).toBe('unpaid');
  });

  it('a transaction id settles one payment only, whatever brings it (a callback, an inquiry), and the database holds it', async () => {
    const { pa, billB, pb } = await twoPayments(13_000, 13_000);
    expect((await postCallback(signedCallback(pa, { id: 6_100_001 }))).json()).toEqual({ received: true, applied: true });
    // The same transaction reported for B's order (an inquiry's answer, a gateway's mistake): refused.
    const deps = ctx.app.deps.payments;
    const outcome = {
      status: 'succeeded' as const,
      transactionId: '6100001',
      amountPiastres: pb.totalPiastres,
      merchantReference: pb.merchantReference,
      orderId: pb.gatewayOrderId,
      currency: 'EGP',
    };
    expect(await applyById(deps, pb.id, outcome, new Date())).toMatchObject({ applied: false, reason: 'transaction-reused' });
    expect((await paymentRowOf(pb.id)).status).toBe('started');
    expect((await billRow(billB)).status).toBe('unpaid');
    // Another order's transaction is not this payment's either.
    expect(
      await applyById(deps, pb.id, { ...outcome, transactionId: '6100002', orderId: pa.gatewayOrderId }, new Date()),
    ).toMatchObject({
      applied: false,
      reason: 'order-mismatch',
    });
    // And the database refuses a second payment with the same gateway transaction.
    await expect(db().update(payments).set({ gatewayTransactionId: '6100001' }).where(eq(payments.id, pb.id))).rejects.toThrow();
  });

  it('a flood of badly signed callbacks keeps a bounded, clipped sample, purged after a week', async () => {
    const before = await db().select().from(paymentCallbacks).where(eq(paymentCallbacks.verified, false));
    const big = { type: 'TRANSACTION', obj: { id: 1, pad: 'x'.repeat(60_000) } };
    for (let i = 0; i < REJECTED_SAMPLE_PER_HOUR + 30; i++)
      expectError(await postCallback({ hmac: 'ab'.repeat(64), body: big }), 401, 'INVALID_SIGNATURE');
    const kept = await db().select().from(paymentCallbacks).where(eq(paymentCallbacks.verified, false));
    expect(kept.length).toBeLessThanOrEqual(REJECTED_SAMPLE_PER_HOUR);
    expect(kept.length).toBeGreaterThan(before.length);
    expect(Math.max(...kept.map((k) => JSON.stringify(k.payload).length))).toBeLessThan(REJECTED_SAMPLE_BYTES + 200);
    expect(await purgeRejectedCallbacks(db(), new Date(Date.now() + 8 * 24 * 3_600_000))).toBe(kept.length);
    expect(await db().select().from(paymentCallbacks).where(eq(paymentCallbacks.verified, false))).toHaveLength(0);
  });
});

describe("a request's fee (CODEMETER)", () => {
  it('paymentDetails, paymentMeans, the sandbox page and the callback move the request on with its timeline', async () => {
    const sub = await submit(ctx, 'CODEMETER', { as: A.session });
    expect(sub.statusCode, sub.body).toBe(201);
    const id = (sub.json() as { id: string }).id;
    const base = `/api/requests/CODEMETER/${id}`;
    const details = await call(ctx, 'GET', `${base}/activity/pay/paymentDetails`, { as: A.session });
    expect(details.statusCode, details.body).toBe(200);
    // CODEMETER's inspection fee: EGP 300.
    expect(details.json()).toMatchObject({ serviceFeePiastres: 30_000, payment: null });
    const card = (details.json() as { methods: { channel: string; totalPiastres: number }[] }).methods.find(
      (m) => m.channel === 'card',
    )!;
    expect(card.totalPiastres).toBe(30_000 + 200 + 750);

    expectError(await call(ctx, 'GET', `${base}/activity/pay/paymentDetails`, { as: B.session }), 404, 'MODEL_NOT_FOUND');
    expectError(await call(ctx, 'GET', `${base}/activity/rate/paymentDetails`, { as: A.session }), 404, 'ACTIVITY_NOT_FOUND');
    expectError(
      await call(ctx, 'POST', `${base}/activity/pay/paymentMeans`, {
        as: B.session,
        body: { channel: 'card', ...RETURN },
        headers: withKey(),
      }),
      404,
      'MODEL_NOT_FOUND',
    );
    expectError(
      await call(ctx, 'POST', `${base}/activity/pay/paymentMeans`, {
        as: A.session,
        body: { channel: 'card', ...RETURN, amount: 1 },
        headers: withKey(),
      }),
      400,
      'INVALID_INPUT',
    );

    const meansRes = await call(ctx, 'POST', `${base}/activity/pay/paymentMeans`, {
      as: A.session,
      body: { gatewayId: 'sandbox', channel: 'card', ...RETURN },
      headers: withKey(),
    });
    expect(meansRes.statusCode, meansRes.body).toBe(201);
    const { payment } = started(meansRes);
    expect((await call(ctx, 'GET', `${base}/paymentStatus`, { as: A.session })).json()).toMatchObject({ state: 'checking' });
    expect((await sandboxPay(ctx, payment.id, TEST_CARDS.succeeds)).statusCode).toBe(303);

    const [req] = await db().select().from(requests).where(eq(requests.id, id));
    expect(req!.status).toBe('in_review');
    expect(req!.version).toBeGreaterThan(1);
    const events = await db().select().from(requestEvents).where(eq(requestEvents.requestId, id)).orderBy(requestEvents.id);
    const kinds = events.map((e) => e.kind);
    expect(kinds).toEqual(['created', 'payment-started', 'payment-succeeded', 'status', 'status']);
    const succeeded = events.find((e) => e.kind === 'payment-succeeded')!;
    const row = await paymentRowOf(payment.id);
    expect(succeeded.data).toMatchObject({ transactionId: row.gatewayTransactionId, totalPiastres: payment.totalPiastres });
    expect(events.filter((e) => e.kind === 'status').map((e) => e.data)).toEqual([
      { from: 'new', to: 'awaiting_payment' },
      { from: 'awaiting_payment', to: 'in_review' },
    ]);
    const told = await db().select().from(notifications).where(eq(notifications.userId, A.userId));
    expect(told.some((n) => n.type === 'payment-succeeded' && n.data.requestId === id)).toBe(true);
    expect((await call(ctx, 'GET', `${base}/paymentStatus`, { as: A.session })).json()).toMatchObject({ state: 'paid' });
    // Nothing more to pay.
    expectError(
      await call(ctx, 'POST', `${base}/activity/pay/paymentMeans`, {
        as: A.session,
        body: { channel: 'card', ...RETURN },
        headers: withKey(),
      }),
      404,
      'ACTIVITY_NOT_FOUND',
    );
  });

  it('a failed fee payment is on the timeline with its transaction id and total; the citizen may retry', async () => {
    const id = ((await submit(ctx, 'CODEMETER', { as: A.session })).json() as { id: string }).id;
    const base = `/api/requests/CODEMETER/${id}`;
    const means = () =>
      call(ctx, 'POST', `${base}/activity/pay/paymentMeans`, {
        as: A.session,
        body: { channel: 'card', ...RETURN },
        headers: withKey(),
      });
    const { payment } = started(await means());
    await sandboxPay(ctx, payment.id, TEST_CARDS.fails);
    const failed = (await db().select().from(requestEvents).where(eq(requestEvents.requestId, id))).find(
      (e) => e.kind === 'payment-failed',
    );
    expect(failed?.data).toMatchObject({
      transactionId: (await paymentRowOf(payment.id)).gatewayTransactionId,
      totalPiastres: payment.totalPiastres,
    });
    expect((await call(ctx, 'GET', `${base}/paymentStatus`, { as: A.session })).json()).toMatchObject({ state: 'unpaid' });
    const [req] = await db().select().from(requests).where(eq(requests.id, id));
    expect(req!.status).toBe('new');
    expect((await means()).statusCode).toBe(201);
  });
});

/* ------------------------------------------------ receipts (decision 029) ------------------------------------ */

type Paper = {
  id: string;
  kind: string;
  paymentId: string | null;
  paymentReference: string | null;
  totalPiastres: number | null;
  requestNumber: string | null;
  label: { ar: string; en: string };
  verifyUrl: string;
};
/** The SMS of a payment's code to a mobile number (the outbox, whatever the worker did with it). */
async function smsTo(mobile: string, paymentId: string): Promise<string[]> {
  const rows = await db()
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.channel, 'sms'), eq(outboxMessages.dedupeKey, `payment:${paymentId}:code-sms`)));
  return rows.filter((r) => r.recipient === mobile).map((r) => r.body);
}

const papersOf = async (as: Session) =>
  ((await call(ctx, 'GET', '/api/documents?limit=50', { as })).json() as { items: Paper[] }).items;
const receiptsOf = async (paymentId: string) => db().select().from(documents).where(eq(documents.paymentId, paymentId));
const secretOf = (verifyUrl: string) => new URL(verifyUrl).searchParams.get('secret')!;
const verify = (token: string) => call(ctx, 'POST', '/api/tasks/runTasks', { body: { taskIds: ['GetDocumentFromQr'], token } });
const reversed = (s: string) => Array.from(s).reverse().join('');

describe('payment receipts', () => {
  it('paid bills give the payer one receipt, even when the callback comes twice: in my papers, a PDF for the payer only, verifiable', async () => {
    const meter = await newMeter(ctx, A.userId);
    const bill = await newBill(ctx, meter, '2026-03', 12_345);
    const { payment } = started(await payBillsCall(ctx, A.session, [bill]));
    expect(payment.receiptId).toBeNull();
    const p = await paymentRowOf(payment.id);
    const ok = signedCallback(p, { id: 4_343_001 });
    expect((await postCallback(ok)).json()).toEqual({ received: true, applied: true });
    expect((await postCallback(ok)).json()).toEqual({ received: true, applied: false });
    // The same success reported again later under another transaction id: still one.
    expect((await postCallback(signedCallback(p, { id: 4_343_002 }))).json()).toEqual({ received: true, applied: false });
    const issued = await receiptsOf(payment.id);
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ kind: 'paymentReceipt', userId: A.userId, requestId: null });

    // The status screen's payment names its receipt.
    const mine = (await call(ctx, 'GET', `/api/payments/${payment.id}`, { as: A.session })).json() as { receiptId: string };
    expect(mine.receiptId).toBe(issued[0]!.id);

    // My papers lists it with the payment's reference and total; the other citizen's papers do not.
    const paper = (await papersOf(A.session)).find((d) => d.paymentId === payment.id);
    expect(paper).toMatchObject({
      id: mine.receiptId,
      kind: 'paymentReceipt',
      // Named by what it pays (decision 049), not by the gateway's reference.
      label: { ar: 'إيصال سداد فاتورة كهرباء مارس ٢٠٢٦', en: 'Receipt - electricity bill March 2026' },
      paymentReference: p.merchantReference,
      totalPiastres: payment.totalPiastres,
      requestNumber: null,
    });
    expect((await papersOf(B.session)).some((d) => d.paymentId === payment.id)).toBe(false);

    // The PDF: for the payer, in English and (the payment's language) Arabic; 404 for anyone else.
    const en = await call(ctx, 'GET', `/api/documents/${paper!.id}/pdf?lang=en`, { as: A.session });
    expect(en.statusCode, en.body).toBe(200);
    expect(en.headers['content-type']).toBe('application/pdf');
    expect(en.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    // Its file is named by what it pays too.
    expect(en.headers['content-disposition']).toContain(`filename*=UTF-8''Receipt%20-%20electricity%20bill%20March%202026.pdf`);
    // (one run per drawn line: a wrapped value reads on with a space)
    const runs = pdfTextRuns(en.rawPayload).join(' ');
    expect(runs).toContain('Receipt - electricity bill March 2026');
    expect(runs).toContain(p.merchantReference);
    expect(runs).toContain(`Bill ${(await billRow(bill)).number}`);
    expect(runs).toContain('Mona Hassan');
    // 12,345 + 100 service fee + card fee 2 EGP + 2.5 % (rounded up) = 12,957 piastres.
    expect(payment.totalPiastres).toBe(12_957);
    expect(runs).toContain('EGP 129.57');
    expect(runs).toContain('one hundred and twenty-nine Egyptian pounds and fifty-seven piastres only');
    const ar = await call(ctx, 'GET', `/api/documents/${paper!.id}/pdf`, { as: A.session });
    expect(ar.statusCode).toBe(200);
    const arRuns = pdfTextRuns(ar.rawPayload).join(' ');
    expect(arRuns).toContain(reversed('إيصال سداد'));
    expect(arRuns).toContain(reversed('فقط مائة وتسعة وعشرون'));
    expect(arRuns).toContain(reversed('وسبعة وخمسون'));
    expectError(await call(ctx, 'GET', `/api/documents/${paper!.id}/pdf`, { as: B.session }), 404, 'MODEL_NOT_FOUND');
    expectError(await call(ctx, 'GET', `/api/documents/${paper!.id}/pdf`), 404, 'MODEL_NOT_FOUND');

    // Its QR secret opens the payment on /verify for anyone: reference, total, paid date, payer's name.
    const res = await verify(secretOf(paper!.verifyUrl));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      GetDocumentFromQr: {
        label: { en: 'Receipt - electricity bill March 2026' },
        payment: {
          reference: p.merchantReference,
          purpose: 'bills',
          totalPiastres: 12_957,
          payerName: 'Mona Hassan',
          paidAt: (await paymentRowOf(payment.id)).paidAt!.toISOString(),
        },
      },
    });
    expect(res.body).not.toContain(A.userId);
  });

  it('a declined payment issues no receipt', async () => {
    const meter = await newMeter(ctx, A.userId);
    const bill = await newBill(ctx, meter, '2026-01', 5000);
    const { payment } = started(await payBillsCall(ctx, A.session, [bill]));
    await sandboxPay(ctx, payment.id, TEST_CARDS.fails);
    expect(await receiptsOf(payment.id)).toHaveLength(0);
    expect((await call(ctx, 'GET', `/api/payments/${payment.id}`, { as: A.session })).json()).toMatchObject({ receiptId: null });
  });

  it("a request's fee gives a receipt naming the request, on the request and in my papers", async () => {
    const id = ((await submit(ctx, 'CODEMETER', { as: A.session })).json() as { id: string }).id;
    const base = `/api/requests/CODEMETER/${id}`;
    const { payment } = started(
      await call(ctx, 'POST', `${base}/activity/pay/paymentMeans`, {
        as: A.session,
        body: { channel: 'card', ...RETURN },
        headers: withKey(),
      }),
    );
    expect((await sandboxPay(ctx, payment.id, TEST_CARDS.succeeds)).statusCode).toBe(303);
    const [req] = await db().select().from(requests).where(eq(requests.id, id));
    const paper = (await papersOf(A.session)).find((d) => d.paymentId === payment.id);
    expect(paper).toMatchObject({
      kind: 'paymentReceipt',
      requestNumber: req!.number,
      totalPiastres: 30_950,
      label: { en: `Receipt - Code meter installation fee, request ${readableNumber(req!.number, 'en')}` },
    });
    const pdf = await call(ctx, 'GET', `/api/documents/${paper!.id}/pdf?lang=en`, { as: A.session });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const runs = pdfTextRuns(pdf.rawPayload).join(' ');
    expect(runs).toContain(`Code meter installation — ${readableNumber(req!.number, 'en')}`);
    expect(runs).toContain('three hundred and nine Egyptian pounds and fifty piastres only');
    expectError(await call(ctx, 'GET', `/api/documents/${paper!.id}/pdf`, { as: B.session }), 404, 'MODEL_NOT_FOUND');
    expect((await verify(secretOf(paper!.verifyUrl))).json()).toMatchObject({
      GetDocumentFromQr: { payment: { purpose: 'fee', requestNumber: req!.number, totalPiastres: 30_950 } },
    });
  });

  it("an anonymous filer's fee receipt is tied to the request: its owner token downloads it, nobody else", async () => {
    const [svc] = await db().select().from(services).where(eq(services.serviceSlug, 'CODEMETER'));
    const token = crypto.randomBytes(32).toString('base64url');
    const requestId = crypto.randomUUID();
    await db()
      .insert(requests)
      .values({
        id: requestId,
        number: `CODEMETER-2026-9${crypto.randomInt(10_000, 99_999)}`,
        serviceId: svc!.id,
        serviceSlug: 'CODEMETER',
        serviceVersion: svc!.version,
        activityId: 'apply',
        status: 'new',
        ownerId: null,
        ownerTokenHash: hashOwnerToken(token),
        applicantName: 'منى حسن',
        nationalId: '29001011234567',
        data: {},
      });
    const asOwner = { 'request-owner-token': token };
    const meansRes = await call(ctx, 'POST', `/api/requests/CODEMETER/${requestId}/activity/pay/paymentMeans`, {
      body: { channel: 'card', ...RETURN },
      headers: withKey(asOwner),
    });
    expect(meansRes.statusCode, meansRes.body).toBe(201);
    const { payment } = started(meansRes);
    expect((await sandboxPay(ctx, payment.id, TEST_CARDS.succeeds)).statusCode).toBe(303);
    const [receipt] = await receiptsOf(payment.id);
    expect(receipt).toMatchObject({ kind: 'paymentReceipt', userId: null, requestId });
    const pdf = await call(ctx, 'GET', `/api/documents/${receipt!.id}/pdf?lang=en`, { headers: asOwner });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    // The payer is the applicant named on the request.
    expect(pdfTextRuns(pdf.rawPayload).join('|')).toContain(reversed('حسن'));
    expectError(await call(ctx, 'GET', `/api/documents/${receipt!.id}/pdf`, { as: A.session }), 404, 'MODEL_NOT_FOUND');
    expectError(await call(ctx, 'GET', `/api/documents/${receipt!.id}/pdf`), 404, 'MODEL_NOT_FOUND');
  });
});
