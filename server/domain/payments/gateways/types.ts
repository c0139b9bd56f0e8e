import type { PaymentChannel, PaymentGateway, payments } from '../../../db/schema.ts';

export type PaymentRow = typeof payments.$inferSelect;

/** What a gateway says about a payment: from a verified callback or a status inquiry. */
export type GatewayOutcome = {
  status: 'pending' | 'succeeded' | 'failed' | 'expired' | 'cancelled' | 'refunded';
  /** The gateway's transaction id (Paymob's transaction id, Fawry's reference number). */
  transactionId: string | null;
  /** What the gateway says was (or is to be) paid, in piastres. */
  amountPiastres: number | null;
  /**
   * Our merchant reference, when the gateway vouches for it: signed in a callback (Fawry), or in the answer to our
   * own inquiry. Null when the gateway does not sign it (Paymob's `merchant_order_id`): it never finds a payment.
   */
  merchantReference: string | null;
  /** The gateway's order id (signed by every gateway here): how a callback finds its payment (decision 039). */
  orderId: string | null;
  /** The currency the gateway says it charged (ISO 4217), when it says; anything but EGP pays nothing. */
  currency?: string | null;
  /**
   * When it was paid, by the gateway's clock, only when that is trustworthy (its answer to our inquiry); a
   * callback's unsigned time is not (Fawry's `paymentTime`): the receipt time decides the code's window then.
   */
  paidAt?: Date | null;
  /**
   * Why the adapter will not let this signed outcome pay anything of ours (another integration of the same
   * merchant account, say a test one): the outcome is recorded and applied to nothing.
   */
  refused?: string | null;
};

/** A callback that passed its signature check, with what de-duplicates it. */
export type VerifiedCallback = GatewayOutcome & { transactionId: string; kind: string };

export type CheckoutInput = {
  payment: PaymentRow;
  description: string;
  customer: { id: string; firstName: string; lastName: string; email: string | null; mobile: string | null };
  now: Date;
  expiryHours: number;
};

export type CheckoutResult =
  | { kind: 'redirect'; url: string; orderId: string }
  | { kind: 'code'; referenceNumber: string; expiresAt: Date; orderId: string };

/** One interface for every gateway (decision 027). */
export interface GatewayAdapter {
  readonly id: PaymentGateway;
  readonly channel: PaymentChannel;
  /** Creates the gateway's order: a page to send the browser to, or a code to pay at an outlet. */
  checkout(input: CheckoutInput): Promise<CheckoutResult>;
  /** The callback's outcome if its signature holds, else null (nothing may change). */
  verifyCallback(query: Record<string, unknown>, body: unknown): VerifiedCallback | null;
  /** Asks the gateway where a payment stands (reconciliation, the status screen's refresh). */
  inquire(payment: PaymentRow): Promise<GatewayOutcome>;
  /** Cancels an unpaid order (a Fawry code replaced by a card): true when the gateway no longer takes it. */
  cancel(payment: PaymentRow): Promise<boolean>;
}

export class GatewayError extends Error {
  override name = 'GatewayError';
}

/** A JSON call to a gateway with a time limit; any transport or status failure is a GatewayError. */
export async function gatewayJson(url: string, init: { method: 'GET' | 'POST'; body?: unknown }, timeoutMs = 15_000) {
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method,
      headers: { accept: 'application/json', ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    throw new GatewayError(`${init.method} ${new URL(url).pathname}: ${(err as Error).message}`);
  }
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    throw new GatewayError(`${init.method} ${new URL(url).pathname}: ${res.status}, not JSON`);
  }
  return { status: res.status, json: json as Record<string, unknown> | null };
}
