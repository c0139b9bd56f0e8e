import { z } from 'zod/mini';
import { LIMITS } from './limits.ts';
import { ZId, ZSlug } from './common.ts';
import {
  ZBillsQuote,
  ZBillsQuoteQuery,
  ZCallbackAnswer,
  ZGatewayPayload,
  ZHmacQuery,
  ZPayBillsBody,
  ZPayment,
  ZPaymentDetails,
  ZPaymentMeansBody,
  ZPaymentMethods,
  ZPaymentParams,
  ZPaymentQuery,
  ZPaymentStart,
  ZPaymentStatusAnswer,
  ZSandboxPayForm,
  ZSandboxQuery,
} from './payments.ts';
import { ZRequestId } from './requests.ts';
import { defineRoute } from './route.ts';

/*
 * Payments (issue 12, decision 027): paying bills, a request's service fee (the spec's paymentDetails, paymentMeans
 * and paymentStatus under /api/requests/:serviceSlug), a payment's status, the gateways' callbacks and the sandbox
 * gateway's hosted page. paymentMeans starts a payment, so it is a POST with an Idempotency-Key here (nothing
 * changes on GET, quality.md "Security"), not the spec's GET.
 */

const tags = ['payments'] as const;
const IDEMPOTENCY_ERRORS = ['IDEMPOTENCY_KEY_MISSING', 'IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_KEY_IN_FLIGHT'] as const;
const activity = z.object({ serviceSlug: ZSlug, id: ZRequestId, activityId: ZId });
const START_ERRORS = ['INVALID_RETURN_URL', 'INVALID_PAYMENT', 'INTEGRATION_ERROR', ...IDEMPOTENCY_ERRORS] as const;

export const paymentRoutes = {
  paymentMethods: defineRoute({
    method: 'GET',
    path: '/api/payments/methods',
    summary: 'The ways to pay now: card (the card gateway) and payment code (Fawry reference or the sandbox)',
    tags,
    auth: 'public',
    response: ZPaymentMethods,
    errors: [],
  }),
  billsQuote: defineRoute({
    method: 'GET',
    path: '/api/payments/bills/quote',
    summary:
      "What paying some of the caller's unpaid bills costs (bills, service fee, and per way to pay the gateway fee and total), checked like paying",
    tags,
    auth: { kinds: ['citizen'] },
    query: ZBillsQuoteQuery,
    response: ZBillsQuote,
    errors: ['NO_BILLS_SELECTED', 'MODEL_NOT_FOUND', 'BILL_ALREADY_PAID', 'OLDER_BILLS_FIRST'],
  }),
  payBills: defineRoute({
    method: 'POST',
    path: '/api/payments/bills',
    summary:
      "Pay some of the caller's unpaid bills (older first per meter): the server computes the amounts and answers where to go (the gateway's page, or a payment code)",
    tags,
    rateLimit: [LIMITS.paymentStart],
    auth: { kinds: ['citizen'] },
    idempotency: 'required',
    body: ZPayBillsBody,
    response: ZPaymentStart,
    status: 201,
    errors: [
      'NO_BILLS_SELECTED',
      'MODEL_NOT_FOUND',
      'BILL_ALREADY_PAID',
      'OLDER_BILLS_FIRST',
      'PAYMENT_IN_PROGRESS',
      ...START_ERRORS,
    ],
  }),
  payment: defineRoute({
    method: 'GET',
    path: '/api/payments/:id',
    summary: "One of the caller's payments: status, amounts, code and expiry; refresh=true asks the gateway while pending",
    tags,
    auth: 'signedIn',
    params: ZPaymentParams,
    query: ZPaymentQuery,
    response: ZPayment,
    errors: ['MODEL_NOT_FOUND'],
  }),
  paymentByCode: defineRoute({
    method: 'GET',
    path: '/api/payments/code/:referenceNumber',
    summary:
      "One of the caller's payments by its payment number (Fawry reference): refused once expired (PAYMENT_EXPIRED) or when it was used outside its days (PAYMENT_NUMBER_OUT_OF_WINDOW)",
    tags,
    auth: 'signedIn',
    params: z.object({ referenceNumber: z.string().check(z.regex(/^[0-9]{4,20}$/)) }),
    response: ZPayment,
    errors: ['INVALID_PAYMENT_NUMBER', 'PAYMENT_EXPIRED', 'PAYMENT_NUMBER_OUT_OF_WINDOW'],
  }),
  paymentDetails: defineRoute({
    method: 'GET',
    path: '/api/requests/:serviceSlug/:id/activity/:activityId/paymentDetails',
    summary: 'The fee a request waits for: service fee, and per way to pay the gateway fee and the total',
    tags,
    auth: 'public', // the request's owner (or its owner token), in the use case; anyone else 404
    params: activity,
    response: ZPaymentDetails,
    errors: ['MODEL_NOT_FOUND', 'INVALID_REQUEST_OWNER_TOKEN', 'ACTIVITY_NOT_FOUND', 'INVALID_PAYMENT', 'DEADLINE_EXCEEDED'],
  }),
  paymentMeans: defineRoute({
    method: 'POST',
    path: '/api/requests/:serviceSlug/:id/activity/:activityId/paymentMeans',
    summary:
      "Start (or reuse) the fee's payment by gatewayId and channel: a card's gateway page, or a payment code and its expiry; a code is cancelled when the citizen then chooses a card",
    tags,
    rateLimit: [LIMITS.paymentStart],
    auth: 'public', // owner rule in the use case
    idempotency: 'required',
    params: activity,
    body: ZPaymentMeansBody,
    response: ZPaymentStart,
    status: 201,
    errors: ['MODEL_NOT_FOUND', 'INVALID_REQUEST_OWNER_TOKEN', 'ACTIVITY_NOT_FOUND', 'DEADLINE_EXCEEDED', ...START_ERRORS],
  }),
  paymentStatus: defineRoute({
    method: 'GET',
    path: '/api/requests/:serviceSlug/:id/paymentStatus',
    summary: "The request's payment state: checking, paid or unpaid (retry), with the latest payment",
    tags,
    auth: 'public', // owner rule in the use case
    params: z.object({ serviceSlug: ZSlug, id: ZRequestId }),
    response: ZPaymentStatusAnswer,
    errors: ['MODEL_NOT_FOUND', 'INVALID_REQUEST_OWNER_TOKEN'],
  }),
  paymobCallback: defineRoute({
    method: 'POST',
    path: '/api/payments/callbacks/paymob',
    summary: "Paymob's transaction processed callback: HMAC-SHA512 over its fixed fields in ?hmac=; applied once",
    tags,
    rateLimit: [LIMITS.gatewayCallback],
    auth: 'public', // the gateway calls it; the signature is the key
    csrf: 'none',
    query: ZHmacQuery,
    body: ZGatewayPayload,
    response: ZCallbackAnswer,
    errors: ['INVALID_SIGNATURE'],
  }),
  sandboxCallback: defineRoute({
    method: 'POST',
    path: '/api/payments/callbacks/sandbox',
    summary: "The sandbox gateway's callback, signed exactly like Paymob's (with the sandbox secret)",
    tags,
    rateLimit: [LIMITS.gatewayCallback],
    auth: 'public',
    csrf: 'none',
    query: ZHmacQuery,
    body: ZGatewayPayload,
    response: ZCallbackAnswer,
    errors: ['INVALID_SIGNATURE'],
  }),
  fawryCallback: defineRoute({
    method: 'POST',
    path: '/api/payments/callbacks/fawry',
    summary: "Fawry's server notification V2, verified by its SHA-256 messageSignature; applied once",
    tags,
    rateLimit: [LIMITS.gatewayCallback],
    auth: 'public',
    csrf: 'none',
    body: ZGatewayPayload,
    response: ZCallbackAnswer,
    errors: ['INVALID_SIGNATURE'],
  }),
  sandboxPage: defineRoute({
    method: 'GET',
    path: '/api/sandbox-gateway/:id',
    summary: "The sandbox gateway's hosted payment page (HTML, Arabic or English, no script): test cards only",
    tags,
    auth: 'public', // the gateway's page: the payment id is the key, as a gateway's payment token is
    params: ZPaymentParams,
    query: ZSandboxQuery,
    response: z.unknown(),
    errors: ['MODEL_NOT_FOUND'],
  }),
  sandboxPay: defineRoute({
    method: 'POST',
    path: '/api/sandbox-gateway/:id',
    summary:
      "The sandbox page's form: 4242… succeeds, 4000…0002 fails, 4000…0259 stays pending; sends the signed callback, then redirects the browser (303) to the return path",
    tags,
    rateLimit: [LIMITS.sandboxPay],
    auth: 'public',
    csrf: 'none', // a plain HTML form cannot send the header; the Origin check still applies
    params: ZPaymentParams,
    body: ZSandboxPayForm,
    response: z.unknown(),
    errors: ['MODEL_NOT_FOUND', 'INVALID_PAYMENT'],
  }),
} as const;

export type PaymentRoutes = typeof paymentRoutes;
