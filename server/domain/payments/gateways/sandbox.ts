import crypto from 'node:crypto';
import type { PaymentChannel } from '../../../db/schema.ts';
import { paymobHmac, verifiedPaymobCallback } from './paymob-hmac.ts';
import type { CheckoutInput, CheckoutResult, GatewayAdapter, GatewayOutcome, PaymentRow, VerifiedCallback } from './types.ts';

/*
 * The sandbox gateway (the default, decision 027): a hosted payment page served by this server
 * (`/api/sandbox-gateway/:id`, plain HTML, no script) with test cards, which signs its server-to-server callback
 * exactly like Paymob's (HMAC-SHA512 over Paymob's field list, with SANDBOX_GATEWAY_SECRET), so the callback path
 * is the one a real gateway takes. What the "bank" decided is kept in memory (a restart forgets it, as a test
 * gateway may).
 */

export const TEST_CARDS = {
  succeeds: '4242424242424242',
  fails: '4000000000000002',
  hangs: '4000000000000259',
} as const;

/** The sandbox's one integration (Paymob's callbacks name theirs; another integration's transaction pays nothing). */
export const SANDBOX_INTEGRATION_ID = 0;

type Decision = 'succeeded' | 'failed' | 'hanging';
type Record_ = { decision: Decision; transactionId: string; amountPiastres: number; createdAt: string };

let nextTransaction = 1;

export class SandboxGateway implements GatewayAdapter {
  readonly id = 'sandbox' as const;
  /** What the sandbox "bank" decided per payment id. */
  private readonly decided = new Map<string, Record_>();

  constructor(
    readonly channel: PaymentChannel,
    private readonly secret: string,
  ) {}

  async checkout(input: CheckoutInput): Promise<CheckoutResult> {
    const orderId = `sbx-${crypto.randomUUID()}`;
    if (this.channel === 'card')
      return { kind: 'redirect', url: `/api/sandbox-gateway/${input.payment.id}?lang=${input.payment.lang}`, orderId };
    const referenceNumber = String(crypto.randomInt(100_000_000, 999_999_999));
    return {
      kind: 'code',
      referenceNumber,
      expiresAt: new Date(input.now.getTime() + input.expiryHours * 3_600_000),
      orderId,
    };
  }

  /** The test card's answer: a code payment (paid at a pretend outlet) always succeeds. */
  decide(payment: PaymentRow, cardNumber: string): Decision | 'invalid' {
    const digits = cardNumber.replace(/[\s-]/g, '');
    if (payment.channel === 'code') return 'succeeded';
    if (digits === TEST_CARDS.succeeds) return 'succeeded';
    if (digits === TEST_CARDS.fails) return 'failed';
    if (digits === TEST_CARDS.hangs) return 'hanging';
    return 'invalid';
  }

  /** Records the decision and builds the signed callback (a hanging card sends none until inquired). */
  charge(payment: PaymentRow, decision: Decision, now: Date): { query: { hmac: string }; body: unknown } | null {
    const transactionId = String(Date.now() * 1000 + (nextTransaction++ % 1000));
    this.decided.set(payment.id, {
      decision,
      transactionId,
      amountPiastres: payment.totalPiastres,
      createdAt: now.toISOString(),
    });
    if (decision === 'hanging') return null;
    return this.signed(payment, decision, transactionId, now.toISOString());
  }

  private transaction(payment: PaymentRow, decision: Decision, transactionId: string, createdAt: string) {
    return {
      id: Number(transactionId),
      amount_cents: payment.totalPiastres,
      created_at: createdAt,
      currency: 'EGP',
      error_occured: false,
      has_parent_transaction: false,
      integration_id: SANDBOX_INTEGRATION_ID,
      is_3d_secure: payment.channel === 'card',
      is_auth: false,
      is_capture: false,
      is_refunded: false,
      is_standalone_payment: true,
      is_voided: false,
      order: { id: payment.gatewayOrderId ?? '', merchant_order_id: payment.merchantReference },
      owner: 0,
      pending: decision === 'hanging',
      source_data:
        payment.channel === 'card'
          ? { pan: '4242', sub_type: 'Visa', type: 'card' }
          : { pan: payment.referenceNumber ?? '', sub_type: 'AGGREGATOR', type: 'aggregator' },
      success: decision === 'succeeded',
    };
  }

  signed(payment: PaymentRow, decision: Decision, transactionId: string, createdAt: string) {
    const obj = this.transaction(payment, decision, transactionId, createdAt);
    return { query: { hmac: paymobHmac(obj, this.secret) }, body: { type: 'TRANSACTION', obj } };
  }

  verifyCallback(query: Record<string, unknown>, body: unknown): VerifiedCallback | null {
    return verifiedPaymobCallback(query, body, this.secret, SANDBOX_INTEGRATION_ID);
  }

  /** A hanging card is approved once someone asks (the bank answered late); an untouched page is still pending. */
  async inquire(payment: PaymentRow): Promise<GatewayOutcome> {
    const d = this.decided.get(payment.id);
    const base = { merchantReference: payment.merchantReference, orderId: payment.gatewayOrderId };
    if (!d) return { status: 'pending', transactionId: null, amountPiastres: null, ...base };
    if (d.decision === 'hanging') d.decision = 'succeeded';
    return { status: d.decision, transactionId: d.transactionId, amountPiastres: d.amountPiastres, currency: 'EGP', ...base };
  }

  async cancel(payment: PaymentRow): Promise<boolean> {
    const d = this.decided.get(payment.id);
    return !d || d.decision === 'failed';
  }
}
