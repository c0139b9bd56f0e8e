import crypto from 'node:crypto';
import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paymentCallbacks, payments, type PaymentGateway } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { transaction } from '../../db/tx.ts';
import { AppError } from '../app-error.ts';
import { applyContext, applyLocked, TRANSACTION_UNIQUE, type PaymentDeps } from './payments.ts';

/*
 * A gateway's server-to-server callback (decisions 027 and 039): verified first (a bad signature changes nothing
 * and is answered 401 INVALID_SIGNATURE), then recorded and applied in one transaction. The record's unique key
 * (gateway, transaction id, kind) makes a repeat a no-op; the payment's state machine (payments.ts) makes a late or
 * out-of-order one harmless.
 *
 * A callback finds its payment only by what the gateway signed: the gateway's order id, which our checkout stored
 * (Paymob's `order.id`, Fawry's reference number), and the merchant reference where the gateway signs it (Fawry). A
 * field the signature does not cover (Paymob's `merchant_order_id`) finds nothing: a payer holds a genuine signed
 * transaction (the gateway's redirect brings it to the browser), and with such a field changed it would pay someone
 * else's payment. The checks of the outcome against the payment (amount, currency, integration, a transaction id
 * settling one payment only) are `applyLocked`'s. The browser's return never comes here.
 */

/** Of the callbacks refused for their signature, at most this many an hour are kept per gateway, for the record. */
export const REJECTED_SAMPLE_PER_HOUR = 50;
/** And of each, at most this much of its body. */
export const REJECTED_SAMPLE_BYTES = 2048;
/** Refused callbacks are removed after this long (the hourly clean-up, `purgeRejectedCallbacks`). */
export const REJECTED_KEEP_MS = 7 * 24 * 3_600_000;

/**
 * Keeps a bounded sample of a refused callback: what was tried, clipped, and only while the gateway's hour has
 * room; a flood of forged callbacks costs one count per request and no storage.
 */
async function keepRejected(db: Db, gateway: PaymentGateway, body: unknown, now: Date): Promise<void> {
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const [kept] = await db
    .select({ n: count() })
    .from(paymentCallbacks)
    .where(
      and(eq(paymentCallbacks.gateway, gateway), eq(paymentCallbacks.verified, false), gt(paymentCallbacks.receivedAt, hourAgo)),
    );
  if ((kept?.n ?? 0) >= REJECTED_SAMPLE_PER_HOUR) return;
  const text = JSON.stringify(body ?? null) ?? 'null';
  await db
    .insert(paymentCallbacks)
    .values({
      gateway,
      transactionId: `unverified:${crypto.randomUUID()}`,
      kind: 'invalid-signature',
      payload: {
        bytes: Buffer.byteLength(text),
        sha256: crypto.createHash('sha256').update(text).digest('hex'),
        sample: text.slice(0, REJECTED_SAMPLE_BYTES),
      },
      verified: false,
      receivedAt: now,
    })
    .onConflictDoNothing();
}

/** Removes refused callbacks older than a week (the hourly clean-up job). */
export async function purgeRejectedCallbacks(db: Db, now = new Date(), keepMs = REJECTED_KEEP_MS): Promise<number> {
  const gone = await db
    .delete(paymentCallbacks)
    .where(and(eq(paymentCallbacks.verified, false), lt(paymentCallbacks.receivedAt, new Date(now.getTime() - keepMs))))
    .returning({ id: paymentCallbacks.id });
  return gone.length;
}

export async function handleCallback(
  deps: PaymentDeps,
  gateway: PaymentGateway,
  query: Record<string, unknown>,
  body: unknown,
  now = new Date(),
): Promise<{ received: true; applied: boolean }> {
  const adapter = deps.gateways.of(gateway, 'card') ?? deps.gateways.of(gateway, 'code');
  const verified = adapter?.verifyCallback(query, body) ?? null;
  if (!verified) {
    await keepRejected(deps.db, gateway, body, now);
    throw new AppError('INVALID_SIGNATURE', 'The callback signature does not match');
  }
  const ctx = await applyContext(deps);
  const notApplied = { received: true as const, applied: false };
  try {
    return await transaction(deps.db, async (tx) => {
      const recorded = await tx
        .insert(paymentCallbacks)
        .values({
          gateway,
          transactionId: verified.transactionId,
          kind: verified.kind,
          payload: body ?? null,
          verified: true,
          receivedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: paymentCallbacks.id });
      if (recorded.length === 0 || !verified.orderId) return notApplied;
      const [p] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.gateway, gateway), eq(payments.gatewayOrderId, verified.orderId)))
        .for('update');
      if (!p) return notApplied;
      if (verified.merchantReference !== null && verified.merchantReference !== p.merchantReference) {
        deps.log?.warn({ paymentId: p.id, gateway }, 'signed callback names another merchant reference than its order');
        return notApplied;
      }
      await tx.update(paymentCallbacks).set({ paymentId: p.id }).where(eq(paymentCallbacks.id, recorded[0]!.id));
      const result = await applyLocked(deps, tx, p, verified, now, ctx);
      return { received: true as const, applied: result.applied };
    });
  } catch (err) {
    // Two payments settled by one transaction id at the same moment: the unique index refuses the second, whose
    // transaction (record included) is rolled back; the gateway's retry is then refused by applyLocked's check.
    if (isUniqueViolation(err, TRANSACTION_UNIQUE)) {
      deps.log?.warn({ gateway, transactionId: verified.transactionId }, 'transaction id already settles another payment');
      return notApplied;
    }
    throw err;
  }
}
