import crypto from 'node:crypto';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { TService } from '../../../contract/catalog.ts';
import { checkBillSelection } from '../../../contract/bills.ts';
import { waitsForFee as waitsForFeeRule } from '../../../contract/workflow.ts';
import { isSameOriginPath, type TBillsQuote, type TPayment, type TPaymentStart } from '../../../contract/payments.ts';
import type { PaymentsConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import {
  bills,
  documents,
  meters,
  paymentItems,
  payments,
  users,
  type PaymentChannel,
  type PaymentGateway,
  type PaymentStatus,
} from '../../db/schema.ts';
import { transaction } from '../../db/tx.ts';
import { AppError } from '../app-error.ts';
import type { IdempotentWrite } from '../idempotency/idempotency.ts';
import { notify } from '../notifications/notify.ts';
import { documentKey, issuePaymentReceipt } from '../documents/issue.ts';
import { feeDue, feePaid, feePaymentFailed, feePaymentStarted } from '../requests/lifecycle.ts';
import { ownedRequest, requestNumberOf, type RequestCaller, type RequestRow } from '../requests/store.ts';
import type { Gateways } from './adapters.ts';
import { billAmounts, feeAmounts, type Amounts } from './fees.ts';
import { maskMobile, paymentCodeSms, receiptLabel } from './messages.ts';
import { enqueue } from '../outbox/outbox.ts';
import { GatewayError, type GatewayAdapter, type GatewayOutcome, type PaymentRow } from './gateways/types.ts';
import { assertClaimValid } from './claim.ts';
import { GATEWAY_REFUND, refundLocked } from './refunds.ts';
import type { TLang } from '../../../contract/basics.ts';

/*
 * One payment model behind the gateway adapters (decision 027). States: started (our row, the gateway has the
 * order or is about to) -> pending (the gateway holds it: a code to pay at an outlet, a card the bank has not
 * answered) -> succeeded | failed | expired; succeeded -> refunded; a live payment -> cancelled (a Fawry code
 * replaced by a card, a card page left for another attempt). A change is applied under the payment's row lock with
 * a version check, in the same transaction as its consequences (bills paid; the request moved on with its
 * timeline and notification), so a callback that arrives twice, late or out of order changes nothing twice, and
 * a late "failed" never undoes a "paid". Gateways are called outside transactions.
 */

export type PaymentDeps = {
  db: Db;
  gateways: Gateways;
  config: PaymentsConfig;
  appOrigin: string;
  /** Every service, hidden ones included (a fee's request keeps its service). */
  services: () => Promise<readonly TService[]>;
  log?: { warn: (obj: object, msg: string) => void };
};

const LIVE: PaymentStatus[] = ['started', 'pending'];
export const isLive = (s: PaymentStatus) => LIVE.includes(s);
export const PAY_ACTIVITY = 'pay';

/* ------------------------------------------------ reading ------------------------------------------------------ */

/** How a payment was paid, as the payment screens and the receipt name it. */
export const METHOD_LABELS = {
  card: { ar: 'بطاقة بنكية', en: 'Bank card' },
  code: { ar: 'رقم سداد (فوري)', en: 'Payment number (Fawry)' },
} as const;

export function toPayment(p: PaymentRow, billIds: string[], receiptId: string | null = null): TPayment {
  return {
    id: p.id,
    purpose: p.purpose,
    status: p.status,
    gatewayId: p.gateway,
    channel: p.channel,
    billsTotalPiastres: p.billsTotalPiastres,
    serviceFeePiastres: p.serviceFeePiastres,
    gatewayFeePiastres: p.gatewayFeePiastres,
    totalPiastres: p.totalPiastres,
    billIds,
    requestId: p.requestId,
    serviceSlug: p.serviceSlug,
    referenceNumber: p.referenceNumber,
    expiresAt: p.expiresAt?.toISOString() ?? null,
    transactionId: p.gatewayTransactionId,
    createdAt: p.createdAt.toISOString(),
    paidAt: p.paidAt?.toISOString() ?? null,
    receiptId,
  };
}

async function billIdsOf(db: Db, paymentId: string): Promise<string[]> {
  const rows = await db.select({ id: paymentItems.billId }).from(paymentItems).where(eq(paymentItems.paymentId, paymentId));
  return rows.map((r) => r.id).sort();
}

export async function paymentView(db: Db, p: PaymentRow): Promise<TPayment> {
  const [receipt] =
    p.status === 'succeeded' || p.status === 'refunded'
      ? await db
          .select({ id: documents.id })
          .from(documents)
          .where(and(eq(documents.paymentId, p.id), eq(documents.kind, 'paymentReceipt')))
      : [];
  return toPayment(p, p.purpose === 'bills' ? await billIdsOf(db, p.id) : [], receipt?.id ?? null);
}

/** The payer's own payment, else 404 (a stranger does not learn it exists). */
export async function ownPayment(db: Db, payerId: string, id: string): Promise<PaymentRow> {
  const [p] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.payerId, payerId)));
  if (!p) throw new AppError('MODEL_NOT_FOUND', 'No such payment');
  return p;
}

/**
 * A payment by its payment number (spec section 5: valid, and within its days). Past its expiry it expires and
 * is refused; one the gateway reported paid outside its days is refused with that code.
 */
export async function paymentByCode(
  deps: PaymentDeps,
  payerId: string,
  referenceNumber: string,
  now = new Date(),
): Promise<TPayment> {
  const [p] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.referenceNumber, referenceNumber), eq(payments.payerId, payerId)));
  if (!p || p.status === 'cancelled') throw new AppError('INVALID_PAYMENT_NUMBER', 'No such payment number');
  const window = [p.createdAt.toISOString(), p.expiresAt?.toISOString() ?? ''];
  if (p.failureReason === 'paid-out-of-window')
    throw new AppError('PAYMENT_NUMBER_OUT_OF_WINDOW', 'The payment number was used outside its days', { details: window });
  if (p.status === 'expired' || (isLive(p.status) && p.expiresAt && p.expiresAt <= now)) {
    if (isLive(p.status)) await applyById(deps, p.id, { ...noOutcome(p), status: 'expired' }, now);
    throw new AppError('PAYMENT_EXPIRED', 'The payment number expired', { details: window });
  }
  if (now < p.createdAt)
    throw new AppError('PAYMENT_NUMBER_OUT_OF_WINDOW', 'The payment number is not open yet', { details: window });
  return paymentView(deps.db, p);
}

/* ------------------------------------------------ starting ----------------------------------------------------- */

type Means = {
  gatewayId?: PaymentGateway | undefined;
  channel: PaymentChannel;
  successURL: string;
  failureURL: string;
  lang: TLang;
  idempotency?: IdempotentWrite | undefined;
  now?: Date;
};

function adapterFor(deps: PaymentDeps, m: Means): GatewayAdapter {
  for (const [field, value] of [
    ['successURL', m.successURL],
    ['failureURL', m.failureURL],
  ] as const)
    if (!isSameOriginPath(value))
      throw new AppError('INVALID_RETURN_URL', `${field} must be a path of this portal`, {
        fieldErrors: { [field]: ['invalid'] },
      });
  const adapter = deps.gateways.forChannel(m.channel);
  if (!adapter)
    throw new AppError('INVALID_PAYMENT', `No gateway takes ${m.channel} payments now`, {
      fieldErrors: { channel: ['invalid'] },
    });
  if (m.gatewayId && m.gatewayId !== adapter.id)
    throw new AppError('INVALID_PAYMENT', `${m.gatewayId} does not take ${m.channel} payments now`, {
      fieldErrors: { gatewayId: ['invalid'] },
    });
  return adapter;
}

const nextOf = (p: PaymentRow, url?: string): TPaymentStart['next'] =>
  p.status === 'succeeded'
    ? { kind: 'done' }
    : p.channel === 'code' && p.referenceNumber && p.expiresAt
      ? { kind: 'code', referenceNumber: p.referenceNumber, expiresAt: p.expiresAt.toISOString() }
      : { kind: 'redirect', url: url ?? '' };

/**
 * What to do with the live payments that hold the same bills or request: reuse a code for the same thing by the
 * same way, cancel a code when the citizen now pays by card (spec section 4) or asks for another, drop a card page
 * that was never paid; a card the bank has not answered yet blocks (PAYMENT_IN_PROGRESS: no double charge).
 */
async function settleLive(
  deps: PaymentDeps,
  live: PaymentRow[],
  wanted: { adapter: GatewayAdapter; sameAs: (p: PaymentRow) => Promise<boolean> },
  now: Date,
): Promise<PaymentRow | null> {
  for (const p of live) {
    if (p.channel === 'code' && p.expiresAt && p.expiresAt <= now) {
      await applyById(deps, p.id, { ...noOutcome(p), status: 'expired' }, now);
      continue;
    }
    if (p.status === 'pending' && p.channel === 'card')
      throw new AppError('PAYMENT_IN_PROGRESS', 'A card payment is waiting for the bank');
    if (p.channel === 'code' && wanted.adapter.channel === 'code' && p.gateway === wanted.adapter.id && (await wanted.sameAs(p)))
      return p;
    const gw = deps.gateways.of(p.gateway, p.channel);
    let cancelled = false;
    try {
      cancelled = gw ? await gw.cancel(p) : true;
    } catch (err) {
      deps.log?.warn({ err, paymentId: p.id }, 'gateway cancellation failed');
    }
    if (!cancelled) throw new AppError('PAYMENT_IN_PROGRESS', 'The earlier payment could not be cancelled at the gateway');
    await applyById(deps, p.id, { ...noOutcome(p), status: 'cancelled' }, now);
  }
  return null;
}

const noOutcome = (p: PaymentRow): GatewayOutcome => ({
  status: 'pending',
  transactionId: null,
  amountPiastres: null,
  merchantReference: p.merchantReference,
  orderId: p.gatewayOrderId,
});

const sameSet = (a: string[], b: string[]) => a.length === b.length && [...a].sort().every((x, i) => x === [...b].sort()[i]);

async function customerOf(db: Db, userId: string | null) {
  const [u] = userId
    ? await db
        .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, mobile: users.mobile })
        .from(users)
        .where(eq(users.id, userId))
    : [];
  return {
    id: userId ?? 'visitor',
    firstName: u?.firstName ?? '',
    lastName: u?.lastName ?? '',
    email: u?.email ?? null,
    mobile: u?.mobile ?? null,
  };
}

/** Calls the gateway for a new payment row and stores what it answered; a gateway failure fails the payment. */
async function checkout(
  deps: PaymentDeps,
  adapter: GatewayAdapter,
  p: PaymentRow,
  description: string,
  m: Means,
  now: Date,
): Promise<TPaymentStart> {
  let result;
  const customer = await customerOf(deps.db, p.payerId);
  try {
    result = await adapter.checkout({
      payment: p,
      description,
      customer,
      now,
      expiryHours: deps.config.codeExpiryHours,
    });
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    await deps.db
      .update(payments)
      .set({ status: 'failed', failureReason: 'gateway-unreachable', updatedAt: now, version: sql`${payments.version} + 1` })
      .where(and(eq(payments.id, p.id), eq(payments.status, 'started')));
    deps.log?.warn({ err, paymentId: p.id }, 'gateway checkout failed');
    throw new AppError('INTEGRATION_ERROR', 'The payment gateway cannot be reached; try again later');
  }
  return transaction(deps.db, async (tx) => {
    const [updated] = await tx
      .update(payments)
      .set({
        gatewayOrderId: result.orderId,
        ...(result.kind === 'code'
          ? { referenceNumber: result.referenceNumber, expiresAt: result.expiresAt, status: 'pending' as const }
          : {}),
        updatedAt: now,
        version: sql`${payments.version} + 1`,
      })
      // Only while still started: a concurrent start may have replaced (cancelled) it meanwhile.
      .where(and(eq(payments.id, p.id), eq(payments.status, 'started')))
      .returning();
    if (!updated) throw new AppError('PAYMENT_IN_PROGRESS', 'Another payment of the same was started meanwhile');
    // A payment code is also sent by SMS (decision 049), written with the payment that holds it (the outbox).
    if (result.kind === 'code' && customer.mobile)
      await enqueue(tx, {
        channel: 'sms',
        recipient: customer.mobile,
        body: paymentCodeSms(updated.lang as TLang, {
          referenceNumber: result.referenceNumber,
          totalPiastres: updated.totalPiastres,
          expiresAt: result.expiresAt,
          createdAt: updated.createdAt,
        }),
        dedupeKey: `payment:${updated.id}:code-sms`,
      });
    const next = nextOf(updated);
    const answer: TPaymentStart = {
      payment: await paymentView(tx, updated),
      next:
        result.kind === 'redirect'
          ? { kind: 'redirect', url: result.url }
          : next.kind === 'code' && customer.mobile
            ? { ...next, smsTo: maskMobile(customer.mobile) }
            : next,
    };
    await m.idempotency?.complete(tx, answer);
    return answer;
  });
}

async function reuse(deps: PaymentDeps, p: PaymentRow, m: Means): Promise<TPaymentStart> {
  const answer: TPaymentStart = { payment: await paymentView(deps.db, p), next: nextOf(p) };
  await transaction(deps.db, async (tx) => m.idempotency?.complete(tx, answer));
  return answer;
}

const newRow = (
  purpose: 'bills' | 'fee',
  payerId: string | null,
  adapter: GatewayAdapter,
  amounts: Amounts,
  m: Means,
  now: Date,
) => ({
  id: crypto.randomUUID(),
  payerId,
  purpose,
  gateway: adapter.id,
  channel: adapter.channel,
  status: 'started' as const,
  ...amounts,
  merchantReference: `KH${now.getTime().toString(36).toUpperCase()}${crypto.randomBytes(5).toString('hex').toUpperCase()}`,
  successPath: m.successURL,
  failurePath: m.failureURL,
  lang: m.lang,
  createdAt: now,
  updatedAt: now,
});

/**
 * The checks of paying bills, for a quote and for a payment: the payer's own bills (else 404), each unpaid and
 * older first per meter (the selection rule), and the live payments they are already in. `lock` takes the
 * bills' rows for the payment's transaction.
 */
async function checkBills(tx: Db, payerId: string, ids: string[], lock: boolean) {
  const q = tx
    .select({ bill: bills, ownerId: meters.ownerId, meterNumber: meters.number })
    .from(bills)
    .innerJoin(meters, eq(meters.id, bills.meterId))
    .where(inArray(bills.id, ids));
  const found = lock ? await q.for('update', { of: bills }) : await q;
  if (found.length !== ids.length || found.some((f) => f.ownerId !== payerId))
    throw new AppError('MODEL_NOT_FOUND', 'No such bill');
  const meterIds = [...new Set(found.map((f) => f.bill.meterId))];
  const unpaid = await tx
    .select()
    .from(bills)
    .where(and(inArray(bills.meterId, meterIds), eq(bills.status, 'unpaid')));
  // The selection rule of the bills page (contract/bills.ts), per meter over its unpaid bills, oldest first.
  for (const meterId of meterIds) {
    const due = unpaid.filter((b) => b.meterId === meterId).sort((a, b) => a.period.localeCompare(b.period));
    const chosen = found.filter((f) => f.bill.meterId === meterId).map((f) => f.bill.id);
    const r = checkBillSelection(due, chosen);
    // The ids are for the log and API users (the English message); `details` are human messages the screens show
    // as they are (contract/error-shape.ts), so a refusal carries none: its code says it (decision 049).
    if (!r.ok) throw new AppError(r.code, `Bills ${r.billIds.slice(0, 20).join(', ')}: ${r.code}`);
  }
  const live = await tx
    .selectDistinct({ payment: payments })
    .from(paymentItems)
    .innerJoin(payments, eq(payments.id, paymentItems.paymentId))
    .where(and(inArray(paymentItems.billId, ids), inArray(payments.status, LIVE)));
  return { found, live: live.map((l) => l.payment) };
}

/**
 * What paying these bills costs before anything starts (spec section 2 "Pay bills": the total of bills, the
 * service fee and, per way to pay, the gateway fee and the total), after the same checks as paying. Writes nothing.
 */
export async function quoteBills(deps: PaymentDeps, input: { payerId: string; billIds: string[] }): Promise<TBillsQuote> {
  const ids = [...new Set(input.billIds)];
  if (ids.length === 0) throw new AppError('NO_BILLS_SELECTED', 'Choose at least one bill');
  const { found } = await checkBills(deps.db, input.payerId, ids, false);
  const billsTotal = found.reduce((n, f) => n + f.bill.amountPiastres, 0);
  const methods = deps.gateways.methods().map((m) => {
    const a = billAmounts(billsTotal, deps.config.serviceFee, m.channel === 'card' ? deps.config.cardFee : deps.config.codeFee);
    return {
      gatewayId: m.gatewayId,
      channel: m.channel,
      gatewayFeePiastres: a.gatewayFeePiastres,
      totalPiastres: a.totalPiastres,
    };
  });
  return {
    bills: found
      .map((f) => ({
        id: f.bill.id,
        number: f.bill.number,
        period: f.bill.period,
        meterNumber: f.meterNumber,
        amountPiastres: f.bill.amountPiastres,
        dueAt: f.bill.dueAt.toISOString(),
      }))
      .sort((a, b) => a.meterNumber.localeCompare(b.meterNumber) || a.period.localeCompare(b.period)),
    billsTotalPiastres: billsTotal,
    serviceFeePiastres: billAmounts(billsTotal, deps.config.serviceFee, { fixedPiastres: 0, bps: 0 }).serviceFeePiastres,
    methods,
  };
}

/** Pay some of the payer's bills (spec sections 2 "Pay bills", 5 "Payments and bills"). */
export async function payBills(deps: PaymentDeps, input: Means & { payerId: string; billIds: string[] }): Promise<TPaymentStart> {
  const now = input.now ?? new Date();
  const ids = [...new Set(input.billIds)];
  if (ids.length === 0) throw new AppError('NO_BILLS_SELECTED', 'Choose at least one bill');
  const adapter = adapterFor(deps, input);
  const { db } = deps;

  const check = (tx: Db, lock: boolean) => checkBills(tx, input.payerId, ids, lock);

  const first = await check(db, false);
  const reused = await settleLive(
    deps,
    first.live,
    { adapter, sameAs: async (p) => sameSet(await billIdsOf(db, p.id), ids) },
    now,
  );
  if (reused) return reuse(deps, reused, input);

  const billsTotal = first.found.reduce((n, f) => n + f.bill.amountPiastres, 0);
  const amounts = billAmounts(
    billsTotal,
    deps.config.serviceFee,
    adapter.channel === 'card' ? deps.config.cardFee : deps.config.codeFee,
  );
  const row = await transaction(db, async (tx) => {
    const again = await check(tx, true);
    if (again.live.length > 0) throw new AppError('PAYMENT_IN_PROGRESS', 'These bills are in another payment');
    const [p] = await tx
      .insert(payments)
      .values(newRow('bills', input.payerId, adapter, amounts, input, now))
      .returning();
    await tx
      .insert(paymentItems)
      .values(again.found.map((f) => ({ paymentId: p!.id, billId: f.bill.id, amountPiastres: f.bill.amountPiastres })));
    return p!;
  });
  const numbers = first.found.map((f) => f.bill.number).join(', ');
  return checkout(deps, adapter, row, `Electricity bills ${numbers}`.slice(0, 200), input, now);
}

/* ------------------------------------------------ a request's fee ---------------------------------------------- */

/** Whether the request waits for its fee now: in awaiting_payment, or where the gateway's move leads there. */
export const waitsForFee = (service: TService, status: string): boolean => waitsForFeeRule(service, status);

/** The fee a request owes (the lifecycle keeps the request's fee, decision 040). */
export { feeDue };

function payableFee(service: TService, row: RequestRow, activityId: string, now: Date): number {
  if (activityId !== PAY_ACTIVITY || !service.activities.some((a) => a.activityId === PAY_ACTIVITY))
    throw new AppError('ACTIVITY_NOT_FOUND', `${activityId} is not this service's payment`);
  if (!waitsForFee(service, row.status)) throw new AppError('ACTIVITY_NOT_FOUND', 'The request does not wait for a payment');
  // An estimate (claim) is payable for three months from its date (spec section 9).
  assertClaimValid(service, row, now);
  const fee = feeDue(service, row);
  if (fee === null) throw new AppError('INVALID_PAYMENT', 'The fee of this request is not set yet');
  return fee;
}

type FeeTarget = { service: TService; requestId: string; activityId: string; caller: RequestCaller; now?: Date };

/** The spec's paymentDetails: the fee and, per way to pay, the gateway's fee and the total. */
export async function paymentDetails(deps: PaymentDeps, t: FeeTarget) {
  const row = await ownedRequest(deps.db, t.caller, t.service.serviceSlug, { id: t.requestId });
  const fee = payableFee(t.service, row, t.activityId, t.now ?? new Date());
  const methods = deps.gateways.methods().map((m) => {
    const a = feeAmounts(fee, m.channel === 'card' ? deps.config.cardFee : deps.config.codeFee);
    return { ...m, gatewayFeePiastres: a.gatewayFeePiastres, totalPiastres: a.totalPiastres };
  });
  const [live] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.requestId, row.id), inArray(payments.status, LIVE)));
  return {
    requestId: row.id,
    activityId: t.activityId,
    serviceFeePiastres: fee,
    methods,
    payment: live ? await paymentView(deps.db, live) : null,
  };
}

/** The spec's paymentMeans: starts (or reuses) the fee's payment. */
export async function payFee(deps: PaymentDeps, input: Means & FeeTarget): Promise<TPaymentStart> {
  const now = input.now ?? new Date();
  const adapter = adapterFor(deps, input);
  const { db } = deps;
  const slug = input.service.serviceSlug;
  const row0 = await ownedRequest(db, input.caller, slug, { id: input.requestId });
  payableFee(input.service, row0, input.activityId, now);
  const live0 = await db
    .select()
    .from(payments)
    .where(and(eq(payments.requestId, row0.id), inArray(payments.status, LIVE)));
  const reused = await settleLive(deps, live0, { adapter, sameAs: async () => true }, now);
  if (reused) return reuse(deps, reused, input);

  const p = await transaction(db, async (tx) => {
    const row = await ownedRequest(tx, input.caller, slug, { id: input.requestId }, true);
    const fee = payableFee(input.service, row, input.activityId, now);
    const live = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.requestId, row.id), inArray(payments.status, LIVE)));
    if (live.length > 0) throw new AppError('PAYMENT_IN_PROGRESS', 'A payment of this fee is in progress');
    const amounts = feeAmounts(fee, adapter.channel === 'card' ? deps.config.cardFee : deps.config.codeFee);
    const [created] = await tx
      .insert(payments)
      .values({
        ...newRow('fee', row.ownerId, adapter, amounts, input, now),
        requestId: row.id,
        activityId: input.activityId,
        serviceSlug: slug,
      })
      .returning();
    await feePaymentStarted(tx, {
      requestId: row.id,
      actor: { kind: 'citizen', id: input.caller.userId },
      payment: created!,
      now,
    });
    return created!;
  });
  return checkout(deps, adapter, p, `${input.service.translations.en.serviceLabel} ${row0.number}`.slice(0, 200), input, now);
}

/** The spec's paymentStatus: checking while a payment waits, paid, or unpaid (retry allowed). */
export async function requestPaymentStatus(deps: PaymentDeps, t: Omit<FeeTarget, 'activityId'>) {
  const row = await ownedRequest(deps.db, t.caller, t.service.serviceSlug, { id: t.requestId });
  const list = await deps.db
    .select()
    .from(payments)
    .where(eq(payments.requestId, row.id))
    .orderBy(sql`${payments.createdAt} desc`);
  const paid = list.find((p) => p.status === 'succeeded');
  const live = list.find((p) => isLive(p.status));
  const latest = paid ?? live ?? list[0];
  return {
    state: paid ? ('paid' as const) : live ? ('checking' as const) : ('unpaid' as const),
    payment: latest ? await paymentView(deps.db, latest) : null,
  };
}

/* ------------------------------------------------ applying an outcome ----------------------------------------- */

/** The move an outcome makes from the current status, or null: nothing to apply (the state machine's guards). */
export function nextStatus(current: PaymentStatus, outcome: GatewayOutcome['status']): PaymentStatus | null {
  if (outcome === current) return null;
  switch (current) {
    case 'started':
      return outcome === 'refunded' ? null : outcome;
    case 'pending':
      return outcome === 'refunded' ? null : outcome;
    case 'succeeded':
      // A late "failed" (or expired, cancelled) never undoes a paid payment; only a refund follows it.
      return outcome === 'refunded' ? 'refunded' : null;
    case 'failed':
    case 'expired':
    case 'cancelled':
      // Money taken after all (a retry on the gateway's page, a late bank answer): applied if still owed.
      return outcome === 'succeeded' ? 'succeeded' : null;
    case 'refunded':
      return null;
  }
}

export type Applied = { applied: boolean; status: PaymentStatus; reason?: string };

/** Applies a gateway's outcome to a payment, under its row lock, with its consequences, in one transaction. */
export async function applyById(deps: PaymentDeps, paymentId: string, outcome: GatewayOutcome, now: Date): Promise<Applied> {
  const ctx = await applyContext(deps);
  return transaction(deps.db, async (tx) => {
    const [p] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!p) return { applied: false, status: 'failed' as const, reason: 'unknown payment' };
    return applyLocked(deps, tx, p, outcome, now, ctx);
  });
}

/**
 * What applying an outcome reads besides the locked rows: the documents' QR key and the catalog. Read before the
 * transaction opens: inside it, a read through the pool (a cold catalog cache) waits for a connection the
 * transaction holds, and on the embedded database, which runs one transaction at a time, it waits forever.
 */
export type ApplyContext = { key: Buffer; services: readonly TService[] };
export async function applyContext(deps: PaymentDeps): Promise<ApplyContext> {
  const [key, services] = await Promise.all([documentKey(deps.db), deps.services()]);
  return { key, services };
}

/**
 * Applies an outcome to a payment whose row the caller has locked in `tx`. `ctx` is read before the
 * transaction (`applyContext`): a paid payment's receipt is issued here, with the payment.
 */
export async function applyLocked(
  deps: PaymentDeps,
  tx: Db,
  p: PaymentRow,
  outcome: GatewayOutcome,
  now: Date,
  ctx: ApplyContext,
): Promise<Applied> {
  const to = nextStatus(p.status, outcome.status);
  if (!to) return { applied: false, status: p.status };
  const foreign = await notThisPayments(tx, p, outcome);
  if (foreign) {
    deps.log?.warn({ paymentId: p.id, reason: foreign, transactionId: outcome.transactionId }, 'gateway outcome refused');
    return { applied: false, status: p.status, reason: foreign };
  }
  const set = async (values: Partial<typeof payments.$inferInsert>) => {
    const done = await tx
      .update(payments)
      .set({ ...values, updatedAt: now, checkedAt: now, version: sql`${payments.version} + 1` })
      .where(and(eq(payments.id, p.id), eq(payments.version, p.version)))
      .returning({ id: payments.id });
    return done.length === 1;
  };
  const transactionId = outcome.transactionId ?? p.gatewayTransactionId;

  if (to === 'succeeded') {
    // The amount the gateway took must be the amount we asked for, in our currency (a tampered or mistaken order is
    // not "paid").
    const mismatch =
      outcome.amountPiastres !== p.totalPiastres
        ? 'amount-mismatch'
        : outcome.currency != null && outcome.currency !== CURRENCY
          ? 'currency-mismatch'
          : null;
    if (mismatch) {
      if (isLive(p.status)) await set({ status: 'failed', failureReason: mismatch, gatewayTransactionId: transactionId });
      deps.log?.warn(
        { paymentId: p.id, amount: outcome.amountPiastres, currency: outcome.currency, expected: p.totalPiastres },
        `payment ${mismatch}`,
      );
      return { applied: false, status: isLive(p.status) ? 'failed' : p.status, reason: mismatch };
    }
    // A payment code is good only within its window (spec section 5), by the gateway's time when it vouches for it
    // (its answer to our inquiry), else by ours on receipt. Received after the window with no trustworthy time (a
    // notification that was late, whatever its unsigned paymentTime says): left to the inquiry, which knows.
    const paidAt = outcome.paidAt ?? now;
    if (p.channel === 'code' && p.expiresAt && !outcome.paidAt && paidAt > p.expiresAt && isLive(p.status)) {
      deps.log?.warn({ paymentId: p.id }, 'code paid after its window by receipt time: left to the status inquiry');
      return { applied: false, status: p.status, reason: 'ask-the-gateway' };
    }
    if (p.channel === 'code' && p.expiresAt && (paidAt > p.expiresAt || paidAt < p.createdAt)) {
      if (isLive(p.status)) await set({ status: 'expired', failureReason: 'paid-out-of-window' });
      return { applied: false, status: isLive(p.status) ? 'expired' : p.status, reason: 'out-of-window' };
    }
    const owed =
      p.purpose === 'bills' ? await settleBills(tx, p, now) : await settleFee(deps, ctx.services, tx, p, transactionId, now);
    if (!owed) {
      // Paid after it was replaced, for bills or a request no longer owed: recorded for a refund by hand.
      await set({ failureReason: 'paid-when-not-owed: refund due', gatewayTransactionId: transactionId });
      deps.log?.warn({ paymentId: p.id }, 'payment succeeded for what is no longer owed: refund due');
      return { applied: false, status: p.status, reason: 'not-owed' };
    }
    await set({ status: 'succeeded', gatewayTransactionId: transactionId, paidAt, failureReason: null });
    // The receipt (decision 029): one a payment, in the same transaction as the payment becoming paid.
    await issuePaymentReceipt(tx, ctx.key, p, now, await receiptLabelOf(tx, p, ctx.services));
    return { applied: true, status: 'succeeded' };
  }

  if (to === 'refunded') {
    // The gateway refunded it (its dashboard, a dispute): the same consequences as a refund staff record (decision 060).
    const ok = await refundLocked(tx, ctx.key, p, GATEWAY_REFUND, now, deps.appOrigin);
    return { applied: ok, status: ok ? 'refunded' : p.status };
  }

  const ok = await set({
    status: to,
    ...(transactionId ? { gatewayTransactionId: transactionId } : {}),
    ...(to === 'failed' || to === 'expired' || to === 'cancelled' ? { failureReason: to } : {}),
  });
  if (ok && p.purpose === 'fee' && p.requestId && (to === 'failed' || to === 'expired'))
    await feePaymentFailed(tx, {
      payment: { ...p, requestId: p.requestId },
      transactionId,
      reason: to,
      now,
      service: ctx.services.find((s) => s.serviceSlug === p.serviceSlug),
      appOrigin: deps.appOrigin,
    });
  return { applied: ok, status: ok ? to : p.status };
}

/** Every amount we ask a gateway for is in Egyptian pounds (piastres). */
export const CURRENCY = 'EGP';
/** The unique index that lets one gateway transaction settle one payment only (server/db/schema.ts). */
export const TRANSACTION_UNIQUE = 'payments_gateway_transaction_uq';

/**
 * Why a gateway's outcome is not this payment's to apply (decision 039), or null: the adapter refused it (another
 * integration), it is another order's, or its transaction id already belongs to another payment of the gateway.
 * Checked under the payment's row lock, whatever brought the outcome (a callback, an inquiry); the unique index on
 * (gateway, transaction id) holds the last rule against two transactions at once.
 */
async function notThisPayments(tx: Db, p: PaymentRow, outcome: GatewayOutcome): Promise<string | null> {
  if (outcome.refused) return outcome.refused;
  if (outcome.orderId && p.gatewayOrderId && outcome.orderId !== p.gatewayOrderId) return 'order-mismatch';
  if (outcome.transactionId && outcome.transactionId !== p.gatewayTransactionId) {
    const [other] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(eq(payments.gateway, p.gateway), eq(payments.gatewayTransactionId, outcome.transactionId), ne(payments.id, p.id)),
      )
      .limit(1);
    if (other) return 'transaction-reused';
  }
  return null;
}

/** What a receipt pays, as its label: the bills' months, or the request's service and number (decision 049). */
async function receiptLabelOf(tx: Db, p: PaymentRow, services: readonly TService[]) {
  if (p.purpose === 'bills') {
    const rows = await tx
      .select({ period: bills.period })
      .from(paymentItems)
      .innerJoin(bills, eq(bills.id, paymentItems.billId))
      .where(eq(paymentItems.paymentId, p.id));
    return receiptLabel({ kind: 'bills', periods: rows.map((r) => r.period) });
  }
  const requestNumber = p.requestId ? await requestNumberOf(tx, p.requestId) : undefined;
  const service = services.find((s) => s.serviceSlug === p.serviceSlug);
  return receiptLabel({
    kind: 'fee',
    service: service ? { ar: service.translations.ar.serviceLabel, en: service.translations.en.serviceLabel } : null,
    requestNumber: requestNumber ?? null,
  });
}

/** The bills become paid with the payment, if every one is still unpaid. */
async function settleBills(tx: Db, p: PaymentRow, now: Date): Promise<boolean> {
  const items = await tx.select({ id: paymentItems.billId }).from(paymentItems).where(eq(paymentItems.paymentId, p.id));
  const ids = items.map((i) => i.id);
  if (ids.length === 0) return false;
  const locked = await tx.select({ id: bills.id, status: bills.status }).from(bills).where(inArray(bills.id, ids)).for('update');
  if (locked.length !== ids.length || locked.some((b) => b.status !== 'unpaid')) return false;
  await tx
    .update(bills)
    .set({ status: 'paid', paidAt: now, paymentId: p.id, version: sql`${bills.version} + 1` })
    .where(and(inArray(bills.id, ids), eq(bills.status, 'unpaid')));
  if (p.payerId) await notify(tx, p.payerId, 'bills-paid', { paymentId: p.id, billIds: ids, total: p.totalPiastres / 100 }, now);
  return true;
}

/** The request moves on along its workflow's gateway moves: the request's lifecycle does it (decision 040). */
async function settleFee(
  deps: PaymentDeps,
  services: readonly TService[],
  tx: Db,
  p: PaymentRow,
  transactionId: string | null,
  now: Date,
): Promise<boolean> {
  if (!p.requestId || !p.serviceSlug) return false;
  return feePaid(tx, {
    payment: { ...p, requestId: p.requestId },
    transactionId,
    service: services.find((s) => s.serviceSlug === p.serviceSlug),
    appOrigin: deps.appOrigin,
    now,
  });
}
