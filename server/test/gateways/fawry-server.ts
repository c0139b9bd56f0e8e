import crypto from 'node:crypto';
import { jsonServer, postJson } from './http-util.ts';

/*
 * A local FawryPay that speaks the documented server APIs: charge (PAYATFAWRY) with its SHA-256 signature checked,
 * payment status V2, cancel unpaid order, and the server notification V2 signed with messageSignature. A wrong
 * signature is answered statusCode 9946 like Fawry's. Besides Fawry's own paths, an outlet a test drives over HTTP
 * (the end-to-end run starts this server as a process): `POST /outlet/pay` {referenceNumber} pays a code there and
 * sends the signed notification; `GET /outlet` says the server is up.
 */

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
const fawryAmount = (v: unknown) => Number(v).toFixed(2);

type Order = {
  merchantRefNum: string;
  referenceNumber: string;
  amount: number;
  expiresAt: number;
  status: 'UNPAID' | 'PAID' | 'CANCELED' | 'EXPIRED';
  paymentTime?: number;
};

export type FawryServer = Awaited<ReturnType<typeof startFawryServer>>;

export async function startFawryServer(opts: { merchantCode: string; secureKey: string; port?: number }) {
  const orders = new Map<string, Order>(); // by reference number
  const seen: { path: string; signatureOk: boolean }[] = [];
  const state = { callbackUrl: '' };
  const bySignature = (ok: boolean, path: string) => seen.push({ path, signatureOk: ok });

  const server = await jsonServer(async ({ method, path, query, body }) => {
    if (method === 'POST' && path === '/ECommerceWeb/Fawry/payments/charge') {
      const b = body ?? {};
      const expected = sha256(
        String(b.merchantCode) +
          String(b.merchantRefNum) +
          String(b.customerProfileId) +
          String(b.paymentMethod) +
          fawryAmount(b.amount) +
          opts.secureKey,
      );
      bySignature(expected === b.signature, path);
      if (expected !== b.signature)
        return { status: 200, json: { type: 'ChargeResponse', statusCode: 9946, statusDescription: 'Wrong Signature' } };
      if (b.paymentMethod !== 'PAYATFAWRY' || b.merchantCode !== opts.merchantCode)
        return { status: 200, json: { type: 'ChargeResponse', statusCode: 9901, statusDescription: 'invalid' } };
      const referenceNumber = String(crypto.randomInt(100_000_000, 999_999_999));
      const order: Order = {
        merchantRefNum: String(b.merchantRefNum),
        referenceNumber,
        amount: Number(b.amount),
        expiresAt: Number(b.paymentExpiry),
        status: 'UNPAID',
      };
      orders.set(referenceNumber, order);
      return {
        status: 200,
        json: {
          type: 'ChargeResponse',
          referenceNumber,
          merchantRefNumber: order.merchantRefNum,
          expirationTime: order.expiresAt,
          statusCode: 200,
          statusDescription: 'Operation done successfully',
        },
      };
    }
    if (method === 'GET' && path === '/ECommerceWeb/Fawry/payments/status/v2') {
      const ref = query.get('merchantRefNumber') ?? '';
      const ok = sha256(String(query.get('merchantCode')) + ref + opts.secureKey) === query.get('signature');
      bySignature(ok, path);
      if (!ok) return { status: 200, json: { statusCode: 9946, statusDescription: 'Wrong Signature' } };
      const o = [...orders.values()].find((x) => x.merchantRefNum === ref);
      if (!o) return { status: 200, json: { statusCode: 9938, statusDescription: 'payment not found' } };
      return {
        status: 200,
        json: {
          type: 'PaymentStatusResponse',
          referenceNumber: o.referenceNumber,
          fawryRefNumber: o.referenceNumber,
          merchantRefNumber: o.merchantRefNum,
          paymentAmount: o.amount,
          orderAmount: o.amount,
          orderStatus: o.status,
          paymentMethod: 'PAYATFAWRY',
          ...(o.paymentTime ? { paymentTime: o.paymentTime } : {}),
          statusCode: 200,
        },
      };
    }
    if (method === 'POST' && path === '/ECommerceWeb/api/orders/cancel-unpaid-order') {
      const b = body ?? {};
      const ok = sha256(String(b.orderRefNo) + String(b.merchantAccount) + String(b.lang) + opts.secureKey) === b.signature;
      bySignature(ok, path);
      if (!ok) return { status: 200, json: { statusCode: 9946, statusDescription: 'Wrong Signature' } };
      const o = orders.get(String(b.orderRefNo));
      if (!o || o.status !== 'UNPAID')
        return { status: 200, json: { statusCode: 9954, statusDescription: 'order is not unpaid' } };
      o.status = 'CANCELED';
      return { status: 200, json: { statusCode: 200, statusDescription: 'Operation done successfully' } };
    }
    if (method === 'GET' && path === '/outlet') return { status: 200, json: { orders: orders.size } };
    if (method === 'POST' && path === '/outlet/pay') {
      if (!orders.has(String(body?.referenceNumber))) return { status: 404, json: { statusCode: 9938 } };
      const sent = await pay(String(body?.referenceNumber));
      return { status: 200, json: { notification: sent.status } };
    }
    return { status: 404, json: { statusCode: 404 } };
  }, opts.port);

  async function notify(o: Order, overrides: Record<string, unknown> = {}, secureKey = opts.secureKey) {
    const n: Record<string, unknown> = {
      requestId: crypto.randomUUID().replaceAll('-', ''),
      fawryRefNumber: o.referenceNumber,
      merchantRefNumber: o.merchantRefNum,
      customerMobile: '01000000000',
      customerMail: 'citizen@example.com',
      paymentAmount: o.amount,
      orderAmount: o.amount,
      fawryFees: 0,
      orderStatus: o.status,
      paymentMethod: 'PAYATFAWRY',
      ...(o.paymentTime ? { paymentTime: o.paymentTime, paymentRefrenceNumber: `R${o.paymentTime}` } : {}),
      orderExpiryDate: o.expiresAt,
      ...overrides,
    };
    n.messageSignature = sha256(
      String(n.fawryRefNumber) +
        String(n.merchantRefNumber) +
        fawryAmount(n.paymentAmount) +
        fawryAmount(n.orderAmount) +
        String(n.orderStatus) +
        String(n.paymentMethod) +
        String(n.paymentRefrenceNumber ?? '') +
        secureKey,
    );
    return postJson(state.callbackUrl, n);
  }

  /** The citizen pays the code at an outlet (at `when`, default now). */
  async function pay(referenceNumber: string, when = Date.now(), sendCallback = true) {
    const o = orders.get(referenceNumber);
    if (!o) throw new Error('no such reference');
    o.status = 'PAID';
    o.paymentTime = when;
    return sendCallback ? notify(o) : { status: 0, json: null };
  }

  async function expire(referenceNumber: string) {
    const o = orders.get(referenceNumber)!;
    o.status = 'EXPIRED';
    return notify(o);
  }

  return { url: server.url, close: server.close, state, orders, seen, pay, expire, notify };
}
