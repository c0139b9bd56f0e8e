import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { paymentCallbacks, payments, type PaymentGateway } from '../../db/schema.ts';
import { transaction } from '../../db/tx.ts';
import { AppError } from '../../http/app-error.ts';
import { applyContext, applyLocked, type PaymentDeps } from './payments.ts';

/*
 * A gateway's server-to-server callback (decision 027): verified first (a bad signature changes nothing and is
 * answered 401 INVALID_SIGNATURE), then recorded and applied in one transaction. The record's unique key (gateway,
 * transaction id, kind) makes a repeat a no-op; the payment's state machine (payments.ts) makes a late or
 * out-of-order one harmless. The browser's return never comes here.
 */

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
    // Kept for the record (what was tried), never applied.
    await deps.db
      .insert(paymentCallbacks)
      .values({
        gateway,
        transactionId: `unverified:${crypto.randomUUID()}`,
        kind: 'invalid-signature',
        payload: body ?? null,
        verified: false,
        receivedAt: now,
      })
      .onConflictDoNothing();
    throw new AppError('INVALID_SIGNATURE', 'The callback signature does not match');
  }
  const ctx = await applyContext(deps);
  return transaction(deps.db, async (tx) => {
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
    if (recorded.length === 0) return { received: true as const, applied: false };
    const where = verified.merchantReference
      ? eq(payments.merchantReference, verified.merchantReference)
      : verified.orderId
        ? and(eq(payments.gateway, gateway), eq(payments.gatewayOrderId, verified.orderId))
        : undefined;
    if (!where) return { received: true as const, applied: false };
    const [p] = await tx.select().from(payments).where(where).for('update');
    if (!p || p.gateway !== gateway) return { received: true as const, applied: false };
    await tx.update(paymentCallbacks).set({ paymentId: p.id }).where(eq(paymentCallbacks.id, recorded[0]!.id));
    const result = await applyLocked(deps, tx, p, verified, now, ctx);
    return { received: true as const, applied: result.applied };
  });
}
