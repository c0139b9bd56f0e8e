import crypto from 'node:crypto';

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

/** A Paymob-shaped transaction object's outcome (shared by the Paymob and sandbox adapters). */
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
  return {
    status,
    transactionId: obj.id === undefined || obj.id === null ? null : String(obj.id),
    amountPiastres: Number.isSafeInteger(amount) ? amount : null,
    merchantReference: typeof order.merchant_order_id === 'string' ? order.merchant_order_id : null,
    orderId: order.id === undefined || order.id === null ? null : String(order.id),
  };
}
