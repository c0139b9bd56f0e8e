import crypto from 'node:crypto';
import { jsonServer, postJson } from './http-util.ts';

/*
 * A local Paymob Accept that speaks the documented classic API (auth tokens, orders, payment keys, transaction
 * inquiry) and sends the transaction processed callback signed with HMAC-SHA512 over Paymob's field list. It
 * checks what it is sent (API key, auth token, amounts, integration id) like the real one would refuse it.
 * Its signing is written here on its own (not the adapter's code), from the documented field order.
 */

const SIGNED = [
  (o: Txn) => o.amount_cents,
  (o: Txn) => o.created_at,
  (o: Txn) => o.currency,
  (o: Txn) => o.error_occured,
  (o: Txn) => o.has_parent_transaction,
  (o: Txn) => o.id,
  (o: Txn) => o.integration_id,
  (o: Txn) => o.is_3d_secure,
  (o: Txn) => o.is_auth,
  (o: Txn) => o.is_capture,
  (o: Txn) => o.is_refunded,
  (o: Txn) => o.is_standalone_payment,
  (o: Txn) => o.is_voided,
  (o: Txn) => (o.order as Txn).id,
  (o: Txn) => o.owner,
  (o: Txn) => o.pending,
  (o: Txn) => (o.source_data as Txn).pan,
  (o: Txn) => (o.source_data as Txn).sub_type,
  (o: Txn) => (o.source_data as Txn).type,
  (o: Txn) => o.success,
];
const sign = (o: Txn, secret: string) =>
  crypto
    .createHmac('sha512', secret)
    .update(SIGNED.map((f) => String(f(o))).join(''))
    .digest('hex');

type Order = { id: number; amountCents: number; merchantOrderId: string; paymentKey?: string };
type Txn = Record<string, unknown>;

export type PaymobServer = Awaited<ReturnType<typeof startPaymobServer>>;

export async function startPaymobServer(opts: { apiKey: string; hmacSecret: string; integrationId: number }) {
  const tokens = new Set<string>();
  const orders = new Map<number, Order>();
  const transactions = new Map<string, Txn>(); // by merchant_order_id: the latest
  const refused: string[] = [];
  let nextOrder = 7000;
  let nextTxn = 190_000_000;
  const state = { callbackUrl: '' };

  const server = await jsonServer(({ method, path, body }) => {
    if (method === 'POST' && path === '/api/auth/tokens') {
      if (body?.api_key !== opts.apiKey) return refuse('auth', 403, { detail: 'incorrect credentials' });
      const token = crypto.randomBytes(24).toString('base64url');
      tokens.add(token);
      return { status: 201, json: { token, profile: { id: 1 } } };
    }
    if (method === 'POST' && !tokens.has(String(body?.auth_token ?? ''))) return refuse(path, 401, { detail: 'token' });
    if (method === 'POST' && path === '/api/ecommerce/orders') {
      const amount = body?.amount_cents;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0 || body?.currency !== 'EGP')
        return refuse('order', 400, { amount_cents: ['invalid'] });
      const merchantOrderId = String(body.merchant_order_id ?? '');
      if ([...orders.values()].some((o) => o.merchantOrderId === merchantOrderId))
        return refuse('order', 422, { message: 'duplicate' });
      const order = { id: nextOrder++, amountCents: amount, merchantOrderId };
      orders.set(order.id, order);
      return { status: 201, json: { id: order.id, amount_cents: amount, merchant_order_id: merchantOrderId } };
    }
    if (method === 'POST' && path === '/api/acceptance/payment_keys') {
      const order = orders.get(Number(body?.order_id));
      if (
        !order ||
        body?.amount_cents !== order.amountCents ||
        body?.integration_id !== opts.integrationId ||
        !body?.billing_data
      )
        return refuse('payment key', 400, { detail: 'bad payment key request' });
      order.paymentKey = crypto.randomBytes(32).toString('base64url');
      return { status: 201, json: { token: order.paymentKey } };
    }
    if (method === 'POST' && path === '/api/ecommerce/orders/transaction_inquiry') {
      const t = transactions.get(String(body?.merchant_order_id ?? ''));
      return t ? { status: 200, json: t } : { status: 404, json: { detail: 'Not found.' } };
    }
    return { status: 404, json: { detail: 'Not found.' } };
  });

  function refuse(what: string, status: number, json: unknown) {
    refused.push(what);
    return { status, json };
  }

  /** The customer pays on the iframe page: a transaction, and its signed callback to the merchant (unless lost). */
  async function pay(
    paymentToken: string,
    how: { success: boolean; pending?: boolean; sendCallback?: boolean; secret?: string; integrationId?: number },
  ) {
    const order = [...orders.values()].find((o) => o.paymentKey === paymentToken);
    if (!order) throw new Error('no order for that payment token');
    const obj: Txn = {
      id: nextTxn++,
      pending: how.pending ?? false,
      amount_cents: order.amountCents,
      success: how.success,
      is_auth: false,
      is_capture: false,
      is_standalone_payment: true,
      is_voided: false,
      is_refunded: false,
      is_3d_secure: true,
      integration_id: how.integrationId ?? opts.integrationId,
      profile_id: 1,
      has_parent_transaction: false,
      order: { id: order.id, merchant_order_id: order.merchantOrderId, amount_cents: order.amountCents },
      created_at: new Date().toISOString().replace('Z', ''),
      currency: 'EGP',
      source_data: { pan: '2346', type: 'card', sub_type: 'MasterCard' },
      error_occured: false,
      owner: 302852,
    };
    transactions.set(order.merchantOrderId, obj);
    if (how.sendCallback === false) return { obj, status: 0 };
    const hmac = sign(obj, how.secret ?? opts.hmacSecret);
    const res = await postJson(`${state.callbackUrl}?hmac=${hmac}`, { type: 'TRANSACTION', obj });
    return { obj, status: res.status, json: res.json };
  }

  return { url: server.url, close: server.close, state, pay, orders, refused };
}
