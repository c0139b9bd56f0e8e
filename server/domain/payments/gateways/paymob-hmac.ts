import crypto from 'node:crypto';
import type { GatewayOutcome, VerifiedCallback } from './types.ts';

/**
 * Paymob's transaction processed callback HMAC (developers.paymob.com, "HMAC Transaction Callback"): the values of
 * these fields of `obj`, in this order, concatenated without separators, HMAC-SHA512 with the HMAC secret, hex.
 * Booleans are written `true`/`false`. The sandbox gateway signs its callbacks the same way.
 */
export const PAYMOB_HMAC_FIELDS = [
  'amount_cents',
  'created_at',
  'currency',
  'error_occured',
  'has_parent_transaction',
  'id',
  'integration_id',
  'is_3d_secure',
  'is_auth',
  'is_capture',
  'is_refunded',
  'is_standalone_payment',
  'is_voided',
  'order.id',
  'owner',
  'pending',
  'source_data.pan',
  'source_data.sub_type',
  'source_data.type',
  'success',
] as const;

function valueAt(obj: unknown, path: string): string {
  let v: unknown = obj;
  for (const key of path.split('.')) {
    if (v === null || typeof v !== 'object') return '';
    v = (v as Record<string, unknown>)[key];
  }
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return '';
  return String(v);
}

export const paymobHmacString = (obj: unknown): string => PAYMOB_HMAC_FIELDS.map((f) => valueAt(obj, f)).join('');

export const paymobHmac = (obj: unknown, secret: string): string =>
  crypto.createHmac('sha512', secret).update(paymobHmacString(obj), 'utf8').digest('hex');

/** Constant-time comparison of two hex digests (a wrong length is simply false). */
export function sameDigest(expectedHex: string, givenHex: unknown): boolean {
  if (typeof givenHex !== 'string' || !/^[0-9a-fA-F]+$/.test(givenHex)) return false;
  const a = Buffer.from(expectedHex, 'hex');
  const b = Buffer.from(givenHex.toLowerCase(), 'hex');
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/**
 * A Paymob-shaped transaction object's outcome (shared by the Paymob and sandbox adapters). Every field read here
 * but `order.merchant_order_id` is covered by the HMAC: a callback's adapter drops the reference (`signedOnly`).
 */
export function paymobOutcome(obj: Record<string, unknown>) {
  const order = (obj.order ?? {}) as Record<string, unknown>;
  const yes = (v: unknown) => v === true || v === 'true';
  const status =
    yes(obj.is_refunded) || yes(obj.is_voided)
      ? ('refunded' as const)
      : yes(obj.pending)
        ? ('pending' as const)
        : yes(obj.success)
          ? ('succeeded' as const)
          : ('failed' as const);
  const amount = Number(obj.amount_cents);
  const integration = Number(obj.integration_id);
  return {
    status,
    transactionId: obj.id === undefined || obj.id === null ? null : String(obj.id),
    amountPiastres: Number.isSafeInteger(amount) ? amount : null,
    merchantReference: typeof order.merchant_order_id === 'string' ? order.merchant_order_id : null,
    orderId: order.id === undefined || order.id === null || order.id === '' ? null : String(order.id),
    currency: typeof obj.currency === 'string' ? obj.currency : null,
    integrationId: Number.isSafeInteger(integration) ? integration : null,
  };
}

/**
 * A signed Paymob-shaped callback's outcome, as the adapter whose integration is `integrationId` accepts it:
 * the unsigned merchant reference dropped, and another integration's transaction (a test integration of the same
 * account signs with the same secret) refused. Null when the signature does not hold.
 */
export function verifiedPaymobCallback(
  query: Record<string, unknown>,
  body: unknown,
  secret: string,
  integrationId: number,
): VerifiedCallback | null {
  const obj = (body as { obj?: unknown } | null)?.obj;
  if (!obj || typeof obj !== 'object') return null;
  if (!sameDigest(paymobHmac(obj, secret), query.hmac)) return null;
  const { integrationId: integration, ...outcome } = paymobOutcome(obj as Record<string, unknown>);
  if (!outcome.transactionId) return null;
  return {
    ...outcome,
    merchantReference: null,
    transactionId: outcome.transactionId,
    kind: outcome.status,
    refused: integration === integrationId ? null : 'integration-mismatch',
  };
}

/** An inquiry's answer (our own call, over TLS) for the adapter whose integration is `integrationId`. */
export function inquiredPaymobOutcome(json: Record<string, unknown>, integrationId: number): GatewayOutcome {
  const { integrationId: integration, ...outcome } = paymobOutcome(json);
  return { ...outcome, refused: integration === integrationId ? null : 'integration-mismatch' };
}
