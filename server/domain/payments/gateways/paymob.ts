import { inquiredPaymobOutcome, verifiedPaymobCallback } from './paymob-hmac.ts';
import {
  GatewayError,
  gatewayJson,
  type CheckoutInput,
  type CheckoutResult,
  type GatewayAdapter,
  type GatewayOutcome,
  type PaymentRow,
  type VerifiedCallback,
} from './types.ts';

/*
 * Paymob Accept, card payments through the classic API (decision 027; developers.paymob.com):
 *   1. POST /api/auth/tokens {api_key} -> {token}
 *   2. POST /api/ecommerce/orders {auth_token, delivery_needed, amount_cents, currency, merchant_order_id, items} -> {id}
 *   3. POST /api/acceptance/payment_keys {auth_token, amount_cents, expiration, order_id, billing_data, currency,
 *      integration_id, lock_order_when_paid} -> {token}
 *   the browser goes to /api/acceptance/iframes/{iframe_id}?payment_token={token}.
 * The transaction processed callback (POST, JSON {type: "TRANSACTION", obj}) carries ?hmac= (paymob-hmac.ts); it is
 * matched by its signed `order.id`, never by the unsigned `merchant_order_id`, and must be of our integration.
 * Status inquiry: POST /api/ecommerce/orders/transaction_inquiry {auth_token, merchant_order_id} -> a transaction.
 */

export type PaymobConfig = {
  baseUrl: string;
  apiKey: string;
  hmacSecret: string;
  integrationId: number;
  iframeId: number | undefined;
};

export class PaymobGateway implements GatewayAdapter {
  readonly id = 'paymob' as const;
  readonly channel = 'card' as const;

  constructor(private readonly cfg: PaymobConfig) {}

  private async token(): Promise<string> {
    const res = await gatewayJson(`${this.cfg.baseUrl}/api/auth/tokens`, { method: 'POST', body: { api_key: this.cfg.apiKey } });
    const token = res.json?.token;
    if (res.status >= 300 || typeof token !== 'string') throw new GatewayError(`paymob auth: ${res.status}`);
    return token;
  }

  async checkout(input: CheckoutInput): Promise<CheckoutResult> {
    const p = input.payment;
    const auth = await this.token();
    const order = await gatewayJson(`${this.cfg.baseUrl}/api/ecommerce/orders`, {
      method: 'POST',
      body: {
        auth_token: auth,
        delivery_needed: false,
        amount_cents: p.totalPiastres,
        currency: 'EGP',
        merchant_order_id: p.merchantReference,
        items: [
          { name: input.description.slice(0, 50), amount_cents: p.totalPiastres, description: input.description, quantity: 1 },
        ],
      },
    });
    const orderId = order.json?.id;
    if (order.status >= 300 || (typeof orderId !== 'number' && typeof orderId !== 'string'))
      throw new GatewayError(`paymob order: ${order.status}`);
    const c = input.customer;
    const key = await gatewayJson(`${this.cfg.baseUrl}/api/acceptance/payment_keys`, {
      method: 'POST',
      body: {
        auth_token: auth,
        amount_cents: p.totalPiastres,
        expiration: 3600,
        order_id: orderId,
        currency: 'EGP',
        integration_id: this.cfg.integrationId,
        lock_order_when_paid: 'true',
        billing_data: {
          first_name: c.firstName || 'NA',
          last_name: c.lastName || 'NA',
          email: c.email ?? 'NA',
          phone_number: c.mobile ?? 'NA',
          apartment: 'NA',
          floor: 'NA',
          street: 'NA',
          building: 'NA',
          shipping_method: 'NA',
          postal_code: 'NA',
          city: 'NA',
          country: 'EG',
          state: 'NA',
        },
      },
    });
    const token = key.json?.token;
    if (key.status >= 300 || typeof token !== 'string') throw new GatewayError(`paymob payment key: ${key.status}`);
    const url = `${this.cfg.baseUrl}/api/acceptance/iframes/${this.cfg.iframeId ?? this.cfg.integrationId}?payment_token=${encodeURIComponent(token)}`;
    return { kind: 'redirect', url, orderId: String(orderId) };
  }

  verifyCallback(query: Record<string, unknown>, body: unknown): VerifiedCallback | null {
    return verifiedPaymobCallback(query, body, this.cfg.hmacSecret, this.cfg.integrationId);
  }

  async inquire(payment: PaymentRow): Promise<GatewayOutcome> {
    const auth = await this.token();
    const res = await gatewayJson(`${this.cfg.baseUrl}/api/ecommerce/orders/transaction_inquiry`, {
      method: 'POST',
      body: { auth_token: auth, merchant_order_id: payment.merchantReference },
    });
    const base = { merchantReference: payment.merchantReference, orderId: payment.gatewayOrderId };
    // No transaction yet for the order: the citizen has not paid (or not finished) on the page.
    if (res.status === 404) return { status: 'pending', transactionId: null, amountPiastres: null, ...base };
    if (res.status >= 300 || !res.json) throw new GatewayError(`paymob inquiry: ${res.status}`);
    // Our own call answers for our reference; the transaction's order id is still checked against the payment's.
    return { ...inquiredPaymobOutcome(res.json, this.cfg.integrationId), merchantReference: payment.merchantReference };
  }

  /** A card order with no transaction has nothing to cancel at Paymob: it lapses with its payment key. */
  async cancel(): Promise<boolean> {
    return true;
  }
}
