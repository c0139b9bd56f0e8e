import { z } from 'zod/mini';
import { ZId, ZLang, ZLocalized } from './common.ts';

/*
 * Payments (spec sections 3 "Payment", 4 "Payment", 5 "Payments and bills", 7; decision 027). Every amount is the
 * server's, in piastres (1/100 EGP); the client never sends one: the bodies below are strict, so an `amount` key
 * is refused (400 INVALID_INPUT).
 */

export const PAYMENT_GATEWAYS = ['sandbox', 'paymob', 'fawry'] as const;
export const PAYMENT_CHANNELS = ['card', 'code'] as const;
export const PAYMENT_STATUSES = ['started', 'pending', 'succeeded', 'failed', 'expired', 'refunded', 'cancelled'] as const;
export const ZGatewayId = z.enum(PAYMENT_GATEWAYS);
export const ZChannel = z.enum(PAYMENT_CHANNELS);
export const ZPaymentStatus = z.enum(PAYMENT_STATUSES);
export type TPaymentStatus = z.infer<typeof ZPaymentStatus>;

/** A payment's id: a server-made UUID. */
export const ZPaymentId = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i));

/**
 * Where the browser goes back after the gateway: a path of this portal (`/pay/...`), never another site (no open
 * redirect): starts with one `/`, no `//`, no backslash, no scheme, at most 300 characters.
 */
export const ZReturnPath = z.string().check(z.minLength(1), z.maxLength(300));
export const isSameOriginPath = (s: string): boolean =>
  /^\/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@/%?#]*$/.test(s) && !s.includes('\\') && !/^\/[^?#]*\/\//.test(s);

const means = {
  gatewayId: z.optional(ZGatewayId),
  channel: ZChannel,
  successURL: ZReturnPath,
  failureURL: ZReturnPath,
};

/** Pay bills: which bills (at least one: NO_BILLS_SELECTED), how, and where to come back. */
export const ZPayBillsBody = z.strictObject({
  billIds: z.array(ZId).check(z.maxLength(60)),
  ...means,
});
export type TPayBillsBody = z.infer<typeof ZPayBillsBody>;

/** The spec's paymentMeans (gatewayId, channel, successURL, failureURL). */
export const ZPaymentMeansBody = z.strictObject(means);

export const ZPayment = z.object({
  id: z.string(),
  purpose: z.enum(['bills', 'fee']),
  status: ZPaymentStatus,
  gatewayId: ZGatewayId,
  channel: ZChannel,
  billsTotalPiastres: z.number(),
  serviceFeePiastres: z.number(),
  gatewayFeePiastres: z.number(),
  totalPiastres: z.number(),
  billIds: z.array(z.string()),
  requestId: z.nullable(z.string()),
  serviceSlug: z.nullable(z.string()),
  /** The payment code (Fawry reference number) and until when it can be paid. */
  referenceNumber: z.nullable(z.string()),
  expiresAt: z.nullable(z.string()),
  transactionId: z.nullable(z.string()),
  createdAt: z.string(),
  paidAt: z.nullable(z.string()),
  /** The receipt of a paid payment (a document: `/api/documents/:id/pdf`, listed in my papers; decision 029). */
  receiptId: z.nullable(z.string()),
});
export type TPayment = z.infer<typeof ZPayment>;

/** Where to go next: the gateway's page for a card, or the code to pay at an outlet. */
export const ZPaymentNext = z.union([
  z.object({ kind: z.literal('redirect'), url: z.string() }),
  z.object({
    kind: z.literal('code'),
    referenceNumber: z.string(),
    expiresAt: z.string(),
    /** The mobile number the code was also sent to by SMS, masked (`010•••••678`); absent when none was sent. */
    smsTo: z.optional(z.string()),
  }),
  z.object({ kind: z.literal('done') }),
]);
export const ZPaymentStart = z.object({ payment: ZPayment, next: ZPaymentNext });
export type TPaymentStart = z.infer<typeof ZPaymentStart>;

export const ZPaymentMethod = z.object({ gatewayId: ZGatewayId, channel: ZChannel, label: ZLocalized });
export const ZPaymentMethods = z.object({ items: z.array(ZPaymentMethod) });

/** The spec's paymentDetails: the fee and, per method, the gateway fee and the total (no rates shown). */
export const ZPaymentDetails = z.object({
  requestId: z.string(),
  activityId: z.string(),
  serviceFeePiastres: z.number(),
  methods: z.array(
    z.object({ gatewayId: ZGatewayId, channel: ZChannel, gatewayFeePiastres: z.number(), totalPiastres: z.number() }),
  ),
  payment: z.nullable(ZPayment),
});

/** The spec's paymentStatus: checking (a payment waits for the gateway), paid, or unpaid (retry allowed). */
export const ZPaymentStatusAnswer = z.object({
  state: z.enum(['checking', 'paid', 'unpaid']),
  payment: z.nullable(ZPayment),
});

export const ZPaymentQuery = z.object({ refresh: z.optional(z.enum(['true', 'false'])) });

/** Paymob's transaction processed callback (and the sandbox's, signed alike): `?hmac=` and a JSON body. */
export const ZHmacQuery = z.object({ hmac: z.optional(z.string().check(z.maxLength(256))) });
// Any JSON object (z.record, not z.looseObject: a zod function the client uses nowhere else lands in the framework chunk every page loads).
export const ZGatewayPayload = z.record(z.string(), z.unknown());
export const ZCallbackAnswer = z.object({ received: z.literal(true), applied: z.boolean() });

/** The sandbox gateway's pay form (application/x-www-form-urlencoded). */
export const ZSandboxPayForm = z.strictObject({
  cardNumber: z.string().check(z.maxLength(40)),
  lang: z.optional(ZLang),
});
export const ZSandboxQuery = z.object({ lang: z.optional(ZLang) });
export const ZPaymentParams = z.object({ id: ZPaymentId });

/* --------------------------------------------- the bills' quote ------------------------------------------------ */

/** GET /api/payments/bills/quote?ids=a,b: the bills to pay, comma-separated (at most 60). */
export const ZBillsQuoteQuery = z.object({ ids: z.string().check(z.minLength(0), z.maxLength(60 * 65)) });

/**
 * What paying these bills costs before anything starts (spec section 2 "Pay bills": the total of bills, the
 * service fee and the gateway fee): the same checks as paying (at least one, the caller's own and unpaid, older
 * first), the amounts per way to pay. No rate is shown (spec section 9), only amounts.
 */
export const ZBillsQuote = z.object({
  bills: z.array(
    z.object({
      id: z.string(),
      number: z.string(),
      period: z.string(),
      meterNumber: z.string(),
      amountPiastres: z.number(),
      dueAt: z.string(),
    }),
  ),
  billsTotalPiastres: z.number(),
  serviceFeePiastres: z.number(),
  methods: z.array(
    z.object({ gatewayId: ZGatewayId, channel: ZChannel, gatewayFeePiastres: z.number(), totalPiastres: z.number() }),
  ),
});
export type TBillsQuote = z.infer<typeof ZBillsQuote>;
