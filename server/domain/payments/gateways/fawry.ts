import crypto from 'node:crypto';
import { sameDigest } from './paymob-hmac.ts';
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
 * FawryPay reference codes, PAYATFAWRY (decision 027; developer.fawrystaging.com, atfawry.com developer guide):
 * - charge: POST /ECommerceWeb/Fawry/payments/charge, signature = SHA-256(merchantCode + merchantRefNum +
 *   customerProfileId + paymentMethod + amount (two decimals) + secureKey) -> {referenceNumber, expirationTime}
 * - server notification V2 (POST JSON), messageSignature = SHA-256(fawryRefNumber + merchantRefNumber +
 *   paymentAmount (two decimals) + orderAmount (two decimals) + orderStatus + paymentMethod + paymentRefrenceNumber
 *   (empty when absent) + secureKey): matched by the signed fawryRefNumber (our order id) and merchantRefNumber;
 *   its paymentTime is unsigned and ignored
 * - payment status V2: GET /ECommerceWeb/Fawry/payments/status/v2?merchantCode&merchantRefNumber&signature,
 *   signature = SHA-256(merchantCode + merchantRefNumber + secureKey)
 * - cancel unpaid order: POST /ECommerceWeb/api/orders/cancel-unpaid-order {merchantAccount, orderRefNo, lang,
 *   signature = SHA-256(orderRefNo + merchantAccount + lang + secureKey)}
 */

export type FawryConfig = { baseUrl: string; merchantCode: string; secureKey: string };

export const sha256 = (s: string): string => crypto.createHash('sha256').update(s, 'utf8').digest('hex');
export const fawryAmount = (v: unknown): string => {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
  return Number.isFinite(n) ? n.toFixed(2) : '';
};
const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

export function fawryNotificationSignature(n: Record<string, unknown>, secureKey: string): string {
  return sha256(
    str(n.fawryRefNumber) +
      str(n.merchantRefNumber) +
      fawryAmount(n.paymentAmount) +
      fawryAmount(n.orderAmount) +
      str(n.orderStatus) +
      str(n.paymentMethod) +
      str(n.paymentRefrenceNumber) +
      secureKey,
  );
}

/** Fawry's order statuses: NEW, PAID, CANCELED, REFUNDED, EXPIRED, PARTIAL_REFUNDED, FAILED (and UNPAID in inquiries). */
function statusOf(s: unknown): GatewayOutcome['status'] {
  switch (String(s ?? '').toUpperCase()) {
    case 'PAID':
      return 'succeeded';
    case 'EXPIRED':
      return 'expired';
    case 'CANCELED':
    case 'CANCELLED':
      return 'cancelled';
    case 'REFUNDED':
    case 'PARTIAL_REFUNDED':
      return 'refunded';
    case 'FAILED':
      return 'failed';
    default:
      return 'pending';
  }
}

const piastres = (v: unknown): number | null => {
  const s = fawryAmount(v);
  return s === '' ? null : Math.round(Number(s) * 100);
};

export class FawryGateway implements GatewayAdapter {
  readonly id = 'fawry' as const;
  readonly channel = 'code' as const;

  constructor(private readonly cfg: FawryConfig) {}

  async checkout(input: CheckoutInput): Promise<CheckoutResult> {
    const p = input.payment;
    const amount = (p.totalPiastres / 100).toFixed(2);
    const customerProfileId = input.customer.id;
    const expiry = new Date(input.now.getTime() + input.expiryHours * 3_600_000);
    const res = await gatewayJson(`${this.cfg.baseUrl}/ECommerceWeb/Fawry/payments/charge`, {
      method: 'POST',
      body: {
        merchantCode: this.cfg.merchantCode,
        merchantRefNum: p.merchantReference,
        customerProfileId,
        ...(input.customer.mobile ? { customerMobile: input.customer.mobile } : {}),
        ...(input.customer.email ? { customerEmail: input.customer.email } : {}),
        paymentMethod: 'PAYATFAWRY',
        amount: Number(amount),
        currencyCode: 'EGP',
        language: p.lang === 'en' ? 'en-gb' : 'ar-eg',
        description: input.description,
        paymentExpiry: expiry.getTime(),
        chargeItems: [{ itemId: p.id.replaceAll('-', ''), description: input.description, price: Number(amount), quantity: 1 }],
        signature: sha256(
          this.cfg.merchantCode + p.merchantReference + customerProfileId + 'PAYATFAWRY' + amount + this.cfg.secureKey,
        ),
      },
    });
    const j = res.json;
    if (res.status >= 300 || !j || Number(j.statusCode) !== 200 || typeof j.referenceNumber !== 'string')
      throw new GatewayError(`fawry charge: ${res.status} ${str(j?.statusCode)} ${str(j?.statusDescription)}`);
    const expiresAt = typeof j.expirationTime === 'number' ? new Date(j.expirationTime) : expiry;
    return { kind: 'code', referenceNumber: j.referenceNumber, expiresAt, orderId: j.referenceNumber };
  }

  verifyCallback(_query: Record<string, unknown>, body: unknown): VerifiedCallback | null {
    if (!body || typeof body !== 'object') return null;
    const n = body as Record<string, unknown>;
    if (!sameDigest(fawryNotificationSignature(n, this.cfg.secureKey), n.messageSignature)) return null;
    const ref = str(n.fawryRefNumber);
    if (!ref) return null;
    const status = statusOf(n.orderStatus);
    return {
      status,
      kind: String(n.orderStatus ?? 'NEW').toUpperCase(),
      transactionId: ref,
      amountPiastres: piastres(n.orderAmount ?? n.paymentAmount),
      merchantReference: n.merchantRefNumber === undefined ? null : str(n.merchantRefNumber),
      orderId: ref,
      // `paymentTime` is not in the messageSignature: whoever relays the notification could move it. The code's
      // window is judged by when we receive it (or by Fawry's answer to our own status inquiry).
      paidAt: null,
    };
  }

  async inquire(payment: PaymentRow): Promise<GatewayOutcome> {
    const q = new URLSearchParams({
      merchantCode: this.cfg.merchantCode,
      merchantRefNumber: payment.merchantReference,
      signature: sha256(this.cfg.merchantCode + payment.merchantReference + this.cfg.secureKey),
    });
    const res = await gatewayJson(`${this.cfg.baseUrl}/ECommerceWeb/Fawry/payments/status/v2?${q}`, { method: 'GET' });
    const j = res.json;
    if (res.status >= 300 || !j) throw new GatewayError(`fawry status: ${res.status}`);
    return {
      status: statusOf(j.orderStatus ?? j.paymentStatus),
      transactionId: str(j.fawryRefNumber ?? j.referenceNumber) || payment.referenceNumber,
      amountPiastres: piastres(j.orderAmount ?? j.paymentAmount),
      merchantReference: payment.merchantReference,
      orderId: payment.gatewayOrderId,
      paidAt: typeof j.paymentTime === 'number' ? new Date(j.paymentTime) : null,
    };
  }

  async cancel(payment: PaymentRow): Promise<boolean> {
    if (!payment.referenceNumber) return true;
    const lang = payment.lang === 'en' ? 'en-gb' : 'ar-eg';
    const res = await gatewayJson(`${this.cfg.baseUrl}/ECommerceWeb/api/orders/cancel-unpaid-order`, {
      method: 'POST',
      body: {
        merchantAccount: this.cfg.merchantCode,
        orderRefNo: payment.referenceNumber,
        lang,
        signature: sha256(payment.referenceNumber + this.cfg.merchantCode + lang + this.cfg.secureKey),
      },
    });
    return res.status < 300 && Number(res.json?.statusCode ?? 200) === 200;
  }
}
