import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bills, payments } from '../db/schema.ts';
import { paymobHmacString } from '../domain/payments/gateways/paymob-hmac.ts';
import { handleCallback } from '../domain/payments/callbacks.ts';
import { fawryNotificationSignature } from '../domain/payments/gateways/fawry.ts';
import { reconcilePayments } from '../domain/payments/reconcile.ts';
import { startFawryServer, type FawryServer } from '../test/gateways/fawry-server.ts';
import { startPaymobServer, type PaymobServer } from '../test/gateways/paymob-server.ts';
import { call, expectError, signUpVerified, type SignedUp, type Session } from '../test/identity-helpers.ts';
import { newBill, newMeter, payBillsCall, started } from '../test/payment-helpers.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

/*
 * The Paymob and Fawry adapters against local servers that speak each gateway's documented protocol (they check
 * our signatures and send signed callbacks over HTTP to the listening app): no adapter is tested against a mock
 * of itself.
 */

const PAYMOB = { apiKey: 'pm-api-key', hmacSecret: 'pm-hmac-secret-0123456789', integrationId: 4097558 };
const FAWRY = { merchantCode: 'is0N+YQzlE4=', secureKey: 'fawry-secure-key-0123' };

let ctx: TestApp;
let paymob: PaymobServer;
let fawry: FawryServer;
let A: SignedUp & { session: Session };

beforeAll(async () => {
  paymob = await startPaymobServer(PAYMOB);
  fawry = await startFawryServer(FAWRY);
  ctx = await buildTestApp({
    PAYMENT_GATEWAY: 'paymob',
    PAYMOB_BASE_URL: paymob.url,
    PAYMOB_API_KEY: PAYMOB.apiKey,
    PAYMOB_HMAC_SECRET: PAYMOB.hmacSecret,
    PAYMOB_INTEGRATION_ID: String(PAYMOB.integrationId),
    PAYMOB_IFRAME_ID: '830',
    FAWRY_BASE_URL: fawry.url,
    FAWRY_MERCHANT_CODE: FAWRY.merchantCode,
    FAWRY_SECURE_KEY: FAWRY.secureKey,
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = ctx.app.server.address() as AddressInfo;
  paymob.state.callbackUrl = `http://127.0.0.1:${port}/api/payments/callbacks/paymob`;
  fawry.state.callbackUrl = `http://127.0.0.1:${port}/api/payments/callbacks/fawry`;
  A = await signUpVerified(ctx);
});
afterAll(async () => {
  await ctx.close();
  await paymob.close();
  await fawry.close();
});

const db = () => ctx.database.db;
const billRow = async (id: string) => (await db().select().from(bills).where(eq(bills.id, id)))[0]!;
const paymentRowOf = async (id: string) => (await db().select().from(payments).where(eq(payments.id, id)))[0]!;
const tokenOf = (url: string) => new URL(url).searchParams.get('payment_token')!;

describe('Paymob (cards)', () => {
  it("signs the documented example exactly (Paymob's HMAC string)", () => {
    const obj = {
      amount_cents: 100000,
      created_at: '2024-06-13T11:33:44.592345',
      currency: 'EGP',
      error_occured: false,
      has_parent_transaction: false,
      id: 192036465,
      integration_id: 4097558,
      is_3d_secure: true,
      is_auth: false,
      is_capture: false,
      is_refunded: false,
      is_standalone_payment: true,
      is_voided: false,
      order: { id: 217503754 },
      owner: 302852,
      pending: false,
      source_data: { pan: '2346', sub_type: 'MasterCard', type: 'card' },
      success: true,
    };
    expect(paymobHmacString(obj)).toBe(
      '1000002024-06-13T11:33:44.592345EGPfalsefalse1920364654097558truefalsefalsefalsetruefalse217503754302852false2346MasterCardcardtrue',
    );
  });

  it('creates the order and payment key, and the signed callback over HTTP pays the bills', async () => {
    const meter = await newMeter(ctx, A.userId);
    const bill = await newBill(ctx, meter, '2026-01', 25_000);
    const res = await payBillsCall(ctx, A.session, [bill]);
    expect(res.statusCode, res.body).toBe(201);
    const { payment, next } = started(res);
    expect(payment.gatewayId).toBe('paymob');
    const url = (next as { url: string }).url;
    expect(url.startsWith(`${paymob.url}/api/acceptance/iframes/830?payment_token=`)).toBe(true);
    const row = await paymentRowOf(payment.id);
    expect(paymob.orders.get(Number(row.gatewayOrderId))).toMatchObject({
      amountCents: payment.totalPiastres,
      merchantOrderId: row.merchantReference,
    });

    // An attacker's callback signed with another secret: refused, nothing changes.
    const forged = await paymob.pay(tokenOf(url), { success: true, secret: 'guessed-secret' });
    expect(forged.status).toBe(401);
    expect((await billRow(bill)).status).toBe('unpaid');
    // The real one (the same transaction id was recorded as unverified only).
    const paid = await paymob.pay(tokenOf(url), { success: true });
    expect(paid.status).toBe(200);
    expect(paid.json).toEqual({ received: true, applied: true });
    expect(await billRow(bill)).toMatchObject({ status: 'paid', paymentId: payment.id });
    expect((await paymentRowOf(payment.id)).gatewayTransactionId).toBe(String(paid.obj.id));
  });

  it('a transaction of another integration of the same account (a test one: same HMAC secret) pays nothing, by callback or inquiry', async () => {
    const meter = await newMeter(ctx, A.userId);
    const bill = await newBill(ctx, meter, '2026-01', 21_000);
    const { payment, next } = started(await payBillsCall(ctx, A.session, [bill]));
    const res = await paymob.pay(tokenOf((next as { url: string }).url), { success: true, integrationId: 4097559 });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ received: true, applied: false });
    const r = await call(ctx, 'GET', `/api/payments/${payment.id}?refresh=true`, { as: A.session });
    expect(r.json()).toMatchObject({ status: 'started' });
    expect((await billRow(bill)).status).toBe('unpaid');
  });

  it('reconciliation finds a card paid whose callback was lost (transaction inquiry)', async () => {
    const meter = await newMeter(ctx, A.userId);
    const bill = await newBill(ctx, meter, '2026-01', 11_000);
    const { payment, next } = started(await payBillsCall(ctx, A.session, [bill]));
    await paymob.pay(tokenOf((next as { url: string }).url), { success: true, sendCallback: false });
    expect((await paymentRowOf(payment.id)).status).toBe('started');
    const r = await call(ctx, 'GET', `/api/payments/${payment.id}?refresh=true`, { as: A.session });
    expect(r.json()).toMatchObject({ status: 'succeeded' });
    expect((await billRow(bill)).status).toBe('paid');
  });

  it('a payment nobody paid stays pending under reconciliation, and expires after a day', async () => {
    const meter = await newMeter(ctx, A.userId);
    const bill = await newBill(ctx, meter, '2026-01', 2_000);
    const { payment } = started(await payBillsCall(ctx, A.session, [bill]));
    const now = Date.now();
    await reconcilePayments(ctx.app.deps.payments, { sweep: 'recent', now: new Date(now + 20 * 60_000) });
    expect((await paymentRowOf(payment.id)).status).toBe('started');
    await reconcilePayments(ctx.app.deps.payments, { sweep: 'daily', now: new Date(now + 25 * 3_600_000) });
    expect((await paymentRowOf(payment.id)).status).toBe('expired');
    expect((await billRow(bill)).status).toBe('unpaid');
  });
});

describe('Fawry reference codes', () => {
  it('issues a signed charge, answers the reference and its expiry; the V2 notification pays the bills once', async () => {
    const meter = await newMeter(ctx, A.userId);
    const bill = await newBill(ctx, meter, '2026-01', 30_000);
    const res = await payBillsCall(ctx, A.session, [bill], { channel: 'code', gatewayId: 'fawry' });
    expect(res.statusCode, res.body).toBe(201);
    const { payment, next } = started(res);
    expect(next.kind).toBe('code');
    const { referenceNumber, expiresAt } = next as { referenceNumber: string; expiresAt: string };
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now() + 47 * 3_600_000);
    expect(fawry.orders.get(referenceNumber)).toMatchObject({ amount: payment.totalPiastres / 100, status: 'UNPAID' });
    expect(fawry.seen.every((s) => s.signatureOk)).toBe(true);
    expect((await call(ctx, 'GET', `/api/payments/code/${referenceNumber}`, { as: A.session })).json()).toMatchObject({
      id: payment.id,
    });

    // A notification with a wrong messageSignature changes nothing.
    const o = fawry.orders.get(referenceNumber)!;
    const bad = await fawry.notify({ ...o, status: 'PAID' }, {}, 'wrong-key');
    expect(bad.status).toBe(401);
    expect((await billRow(bill)).status).toBe('unpaid');

    const paid = await fawry.pay(referenceNumber);
    expect(paid.json).toEqual({ received: true, applied: true });
    expect((await fawry.notify(o)).json).toEqual({ received: true, applied: false });
    expect(await billRow(bill)).toMatchObject({ status: 'paid', paymentId: payment.id, version: 2 });
    // A late EXPIRED for a paid code never undoes it.
    await fawry.notify({ ...o, status: 'EXPIRED' });
    expect((await paymentRowOf(payment.id)).status).toBe('succeeded');
  });

  it('an expired reference: the payment expires and its number is refused with a code', async () => {
    const meter = await newMeter(ctx, A.userId);
    const bill = await newBill(ctx, meter, '2026-01', 5_000);
    const { payment, next } = started(await payBillsCall(ctx, A.session, [bill], { channel: 'code' }));
    const ref = (next as { referenceNumber: string }).referenceNumber;
    expect((await fawry.expire(ref)).json).toEqual({ received: true, applied: true });
    expect((await paymentRowOf(payment.id)).status).toBe('expired');
    expectError(await call(ctx, 'GET', `/api/payments/code/${ref}`, { as: A.session }), 410, 'PAYMENT_EXPIRED');
    expectError(await call(ctx, 'GET', '/api/payments/code/123456789', { as: A.session }), 400, 'INVALID_PAYMENT_NUMBER');
    // A new code can be had for the same bill.
    expect((await payBillsCall(ctx, A.session, [bill], { channel: 'code' })).statusCode).toBe(201);
  });

  it('a code past its expiry is expired by reconciliation (and by looking it up)', async () => {
    const meter = await newMeter(ctx, A.userId);
    const bill = await newBill(ctx, meter, '2026-01', 5_500);
    const { payment } = started(await payBillsCall(ctx, A.session, [bill], { channel: 'code' }));
    await reconcilePayments(ctx.app.deps.payments, { sweep: 'daily', now: new Date(Date.now() + 49 * 3_600_000) });
    expect((await paymentRowOf(payment.id)).status).toBe('expired');
  });

  it('a payment made outside the number’s days is refused (PAYMENT_NUMBER_OUT_OF_WINDOW) by the time Fawry answers our inquiry; the bills stay due', async () => {
    const meter = await newMeter(ctx, A.userId);
    const bill = await newBill(ctx, meter, '2026-01', 6_000);
    const { payment, next } = started(await payBillsCall(ctx, A.session, [bill], { channel: 'code' }));
    const ref = (next as { referenceNumber: string }).referenceNumber;
    await fawry.pay(ref, Date.now() + 72 * 3_600_000, false); // paid late at an outlet; the notification is lost
    await reconcilePayments(ctx.app.deps.payments, { sweep: 'daily', now: new Date(Date.now() + 31 * 60_000) });
    expect((await paymentRowOf(payment.id)).status).toBe('expired');
    expect((await billRow(bill)).status).toBe('unpaid');
    expectError(await call(ctx, 'GET', `/api/payments/code/${ref}`, { as: A.session }), 400, 'PAYMENT_NUMBER_OUT_OF_WINDOW');
  });

  it("a notification's unsigned paymentTime does not decide the number's days: when it is received does", async () => {
    const meter = await newMeter(ctx, A.userId);
    const inTime = await newBill(ctx, meter, '2026-01', 6_100);
    const first = started(await payBillsCall(ctx, A.session, [inTime], { channel: 'code' }));
    const ref = (first.next as { referenceNumber: string }).referenceNumber;
    await fawry.pay(ref, Date.now(), false);
    // Paid now, the notification relayed with its paymentTime moved three days on (outside the signature): paid.
    const moved = await fawry.notify(fawry.orders.get(ref)!, { paymentTime: Date.now() + 72 * 3_600_000 });
    expect(moved.json).toEqual({ received: true, applied: true });
    expect((await billRow(inTime)).status).toBe('paid');

    // Paid, but its notification received after the number's days (whatever time it names): not applied; the
    // status inquiry (our own call) decides, and Fawry knows no payment of it: the number expires.
    const late = await newBill(ctx, await newMeter(ctx, A.userId), '2026-01', 6_200);
    const second = started(await payBillsCall(ctx, A.session, [late], { channel: 'code' }));
    const ref2 = (second.next as { referenceNumber: string }).referenceNumber;
    const o = { ...fawry.orders.get(ref2)!, status: 'PAID', paymentTime: Date.now() };
    const n: Record<string, unknown> = {
      fawryRefNumber: o.referenceNumber,
      merchantRefNumber: o.merchantRefNum,
      paymentAmount: o.amount,
      orderAmount: o.amount,
      orderStatus: 'PAID',
      paymentMethod: 'PAYATFAWRY',
      paymentTime: o.paymentTime,
    };
    n.messageSignature = fawryNotificationSignature(n, FAWRY.secureKey);
    const after = new Date(Date.now() + 49 * 3_600_000);
    expect(await handleCallback(ctx.app.deps.payments, 'fawry', {}, n, after)).toEqual({ received: true, applied: false });
    expect((await paymentRowOf(second.payment.id)).status).toBe('pending');
    expect((await billRow(late)).status).toBe('unpaid');
    await reconcilePayments(ctx.app.deps.payments, { sweep: 'daily', now: after });
    expect((await paymentRowOf(second.payment.id)).status).toBe('expired');
    expect((await billRow(late)).status).toBe('unpaid');
  });

  it('choosing a card instead cancels the unpaid Fawry code at Fawry (signed), then starts the card payment', async () => {
    const meter = await newMeter(ctx, A.userId);
    const bill = await newBill(ctx, meter, '2026-01', 7_000);
    const code = started(await payBillsCall(ctx, A.session, [bill], { channel: 'code' }));
    const ref = (code.next as { referenceNumber: string }).referenceNumber;
    const card = await payBillsCall(ctx, A.session, [bill], { channel: 'card' });
    expect(card.statusCode, card.body).toBe(201);
    expect(fawry.orders.get(ref)!.status).toBe('CANCELED');
    expect(fawry.seen.filter((s) => s.path.endsWith('cancel-unpaid-order')).every((s) => s.signatureOk)).toBe(true);
    expect((await paymentRowOf(code.payment.id)).status).toBe('cancelled');
    expect(started(card).payment.gatewayId).toBe('paymob');
    // Fawry's CANCELED notification for it changes nothing more.
    await fawry.notify(fawry.orders.get(ref)!);
    expect((await paymentRowOf(code.payment.id)).status).toBe('cancelled');
  });

  it('a code Fawry will not cancel (paid meanwhile) blocks a card payment of the same bills', async () => {
    const meter = await newMeter(ctx, A.userId);
    const bill = await newBill(ctx, meter, '2026-01', 8_000);
    const code = started(await payBillsCall(ctx, A.session, [bill], { channel: 'code' }));
    const ref = (code.next as { referenceNumber: string }).referenceNumber;
    await fawry.pay(ref, Date.now(), false); // paid at the outlet, notification not arrived yet
    expectError(await payBillsCall(ctx, A.session, [bill], { channel: 'card' }), 409, 'PAYMENT_IN_PROGRESS');
    // Reconciliation (status V2) then finds it paid.
    await reconcilePayments(ctx.app.deps.payments, { sweep: 'daily', now: new Date(Date.now() + 31 * 60_000) });
    expect((await billRow(bill)).status).toBe('paid');
  });
});
