import type { z } from 'zod/mini';
import type { ZApiError } from './error-shape.ts';

/*
 * The error catalogue. It needs no schema, so the browser's first page reads it without the schema library
 * (decision 035); the shape's schema is in contract/error-shape.ts.
 */

/** The one error shape on the wire (contract/error-shape.ts, `ZApiError`). */
export type TApiError = z.infer<typeof ZApiError>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/**
 * An error answer's body read without the schema library (the browser's bundle has none, decision 035): the
 * `code` and `message` it must have, and those optional parts that have their shape (a part that does not is
 * left out). `undefined` when the body is not the error shape (a proxy's page, an empty answer).
 */
export function readApiError(body: unknown): TApiError | undefined {
  if (!isObject(body) || typeof body.code !== 'string' || typeof body.message !== 'string') return undefined;
  const { code, message, details, fieldErrors, conflict, fieldIssues } = body;
  const error: TApiError = { code, message };
  if (isStrings(details)) error.details = details;
  if (isObject(fieldErrors) && Object.values(fieldErrors).every(isStrings))
    error.fieldErrors = fieldErrors as Record<string, string[]>;
  if (
    isObject(conflict) &&
    (conflict.by === null || typeof conflict.by === 'string') &&
    typeof conflict.action === 'string' &&
    typeof conflict.at === 'string' &&
    typeof conflict.version === 'number'
  )
    error.conflict = conflict as TApiError['conflict'];
  if (isObject(fieldIssues) && Object.values(fieldIssues).every((i) => isObject(i) && typeof i.code === 'string'))
    error.fieldIssues = fieldIssues as TApiError['fieldIssues'];
  return error;
}

/**
 * Every code of spec section 8, with the HTTP status the server answers it with.
 * Codes the client makes itself (no response, cancelled) carry status 0.
 */
export const ERROR_CODES = {
  // Transport and session
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  MAINTENANCE: 418,
  CANCEL: 0,
  'NETWORK-ERROR': 0,
  NETWORK_ERROR: 0,
  ECONNABORTED: 0,
  INVALID_REQUEST_OWNER_TOKEN: 403,
  INTERNAL_SERVER_ERROR: 500,
  GENERAL_ERROR: 500,
  INTEGRATION_ERROR: 502,
  NOT_FOUND: 404,
  MODEL_NOT_FOUND: 404,
  ACTIVITY_NOT_FOUND: 404,
  // Input (ours: the spec leaves the generic validation codes unnamed)
  INVALID_INPUT: 400,
  INVALID_FILTER: 400,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  HEADERS_TOO_LARGE: 431,
  REQUEST_TIMEOUT: 408,
  UNSUPPORTED_MEDIA_TYPE: 415,
  METHOD_NOT_ALLOWED: 405,
  TOO_MANY_REQUESTS: 429,
  // Login and second factor
  WRONG_CREDENTIALS: 401,
  LOGIN_FAILED: 401,
  NO_2FA_REGISTERED: 400,
  WRONG_OTP: 401,
  WRONG_U2F: 401,
  U2F_SIGN_Failed: 401,
  ALREADY_LOGGED_IN: 409,
  GRANT_EXPIRED: 401,
  // Passwords and profile
  INVALID_PASSWORD: 400,
  OLD_PASSWORD_REQUIRED: 400,
  NEW_PASSWORD_REQUIRED: 400,
  ChangePasswordFailed: 400,
  NOT_EDITABLE: 400,
  // Codes (OTP) and account
  NO_CODE_WAS_SENT: 400,
  INVALID_CODE: 400,
  EXPIRED_CODE: 400,
  EXPIRES_IN: 400,
  CODE_ALREADY_SENT: 409,
  TOKEN_SENT: 200,
  NOT_ALLOWED_RESEND: 429,
  MAX_OTP_ATTEMPTS: 429,
  USER_NOT_FOUND_OR_ALREADY_VERIFIED: 400,
  USER_NOT_FOUND: 404,
  /** An agent's or staff member's citizen search found no citizen (not about a phone number). */
  CITIZEN_NOT_FOUND: 404,
  /** Applying for a company (issue 24): no company account has this commercial registration and tax number. */
  COMPANY_NOT_FOUND: 404,
  /** The person named is not the company's authorised person on record. */
  COMPANY_NOT_AUTHORISED: 403,
  /** An agent's registration of a citizen: the handle is unknown, another agent's, or past its life. */
  REGISTRATION_EXPIRED: 400,
  emailNotFound: 404,
  EMAIL_PHONE_MISMATCH: 400,
  EMAIL_NOT_VALID: 400,
  tokenExpired: 400,
  alreadyVerified: 409,
  notAuthorized: 403,
  // Requests and services
  DUPLICATE_REQUEST: 409,
  Duplicate_Data: 409,
  PRICE_INVALID: 400,
  SERVICE_UNAVAILABLE: 409,
  service_unavailable: 409,
  /**
   * Ours: the service exists but is hidden on web (spec section 2: a failed service-visibility check goes to /). The
   * screens send the citizen home; an unknown slug stays MODEL_NOT_FOUND (the not-found page).
   */
  SERVICE_HIDDEN: 404,
  'slot-schema-error': 400,
  reading_less_than_last: 400,
  // Payments
  INVALID_PAYMENT: 400,
  INVALID_PAYMENT_NUMBER: 400,
  PAYMENT_FAILED: 402,
  PAYMENT_INCOMPLETE: 402,
  OLDER_BILLS_FIRST: 400,
  NO_BILLS_DUE: 404,
  PAYMENT_NUMBER_OUT_OF_WINDOW: 400,
  /** Paying bills without choosing any (spec section 5: at least one bill). */
  NO_BILLS_SELECTED: 400,
  /** A chosen bill was paid already. */
  BILL_ALREADY_PAID: 409,
  /** A chosen bill is in another payment that is still waiting for the gateway. */
  PAYMENT_IN_PROGRESS: 409,
  /** The payment code (Fawry reference) expired before it was paid. */
  PAYMENT_EXPIRED: 410,
  /** A gateway callback whose signature does not match: nothing changes. */
  INVALID_SIGNATURE: 401,
  /** A return address that is not a path of this portal (no open redirect). */
  INVALID_RETURN_URL: 400,
  // Other
  NO_DATA: 404,
  UPLOAD_FAILED: 400,
  PRINT_FAILED: 500,
  DOWNLOAD_FAILED: 500,
  LOGOUT_FAILED: 500,
  /** An inspection or estimate (claim) paid after its three months (spec section 9): gone, like PAYMENT_EXPIRED. */
  DEADLINE_EXCEEDED: 410,
  DATE_RANGE_EXCEEDS_LIMIT: 400,
  VALIDATION_ERROR: 409,
  ValidationError: 400,
  INVALID_QR: 401,
  CHATBOT_FAILED: 502,
  /** A chat message that is empty or only blanks (spec section 5 "A chat message cannot be empty"). */
  CHAT_MESSAGE_EMPTY: 400,
  // Replayable writes (decision 020)
  IDEMPOTENCY_KEY_REUSED: 422,
  IDEMPOTENCY_KEY_IN_FLIGHT: 409,
  IDEMPOTENCY_KEY_MISSING: 400,
  // Requests (ours)
  /** The request reached a final status: it can no longer be cancelled or changed. */
  REQUEST_FINAL: 409,
  /** The request was rated already (once per finished request). */
  ALREADY_RATED: 409,
  // Attachments (spec section 5 "Files"; the limits are in contract/files.ts)
  /** More files in one field than it allows. */
  FILE_COUNT_EXCEEDED: 400,
  /** An upload without a file (an empty body). */
  FILE_REQUIRED: 400,
  /** Over the field's maximum size. */
  FILE_TOO_LARGE: 413,
  /** The content (by its signature, not its name) is not among the field's allowed types. */
  FILE_TYPE_NOT_ALLOWED: 415,
  /** The attachment-link check: a field that takes PDF documents wants a file name ending in .pdf. */
  FILE_NOT_PDF: 400,
  // The staff workspace (issue 11)
  /** The service's workflow has no move from the request's status to the one asked for. */
  TRANSITION_NOT_ALLOWED: 409,
  /** The workflow allows the move, but only to roles the caller does not have. */
  TRANSITION_ROLE_REQUIRED: 403,
  /** Someone changed the request since the caller read it (a stale `version`): `conflict` says who, what and when. */
  REQUEST_CHANGED: 409,
  /** Someone changed the service's definition since the caller read it (a stale `version`, issue 26). */
  SERVICE_CHANGED: 409,
  /** A bulk action without any request chosen (spec section 5: at least one record). */
  NO_REQUESTS_SELECTED: 400,
  /** A request chosen for assignment to an installation company is not (or no longer) ready for it. */
  REQUEST_NOT_READY: 409,
  /** The colleague chosen as assignee is not staff who may act on this request. */
  INVALID_ASSIGNEE: 400,
  // Meters and readings (issue 12)
  /**
   * The meter number is approved on an account (one account at a time), or the caller already has it pending or
   * approved. A pending registration by someone else does not take it (decision 037).
   */
  METER_NUMBER_TAKEN: 409,
  /** Someone changed the meter since the caller read it (a stale `version`): `conflict` says who and when. */
  METER_CHANGED: 409,
  /** The meter's status does not allow this (editing a removed meter, deciding on a decided one). */
  METER_NOT_EDITABLE: 409,
  /** Readings are taken for approved meters only. */
  METER_NOT_APPROVED: 409,
  /** The meter already has a reading for this period (month). */
  READING_PERIOD_TAKEN: 409,
  /** The reading is an unusual jump against the meter's average daily consumption: confirm it (`confirmUnusual`). */
  READING_UNUSUAL: 400,
  /** The reading is larger than the meter's display can show. */
  READING_OVER_MAXIMUM: 400,
  /** The reading's date is in the future, or too far in the past. */
  READING_DATE_INVALID: 400,
  // Budgets (decision 037; the numbers are in contract/limits.ts)
  /** An account's quota is used up (meters waiting for a decision, drafts kept): finish or remove some first. */
  QUOTA_EXCEEDED: 409,
  // The finance side of the staff workspace (decision 060)
  /** Setting a fee on a request whose service has a fixed fee (or none): only a variable ("to be estimated") fee is set. */
  FEE_NOT_VARIABLE: 409,
  /** Setting a fee on a request that does not wait for its fee now (not awaiting payment, or paid). */
  FEE_NOT_DUE: 409,
  /** A refund of a payment that was not paid, or was refunded already. */
  PAYMENT_NOT_REFUNDABLE: 409,
  // Service quality (issue 26, decision 066)
  /** A resolved quality follow-up takes no reply or move. */
  FOLLOW_UP_CLOSED: 409,
  /** A closed contact message takes no assignment, reply or second close. */
  CONTACT_MESSAGE_CLOSED: 409,
} as const satisfies Record<string, number>;

export type TErrorCode = keyof typeof ERROR_CODES;

export const isErrorCode = (code: string): code is TErrorCode => Object.prototype.hasOwnProperty.call(ERROR_CODES, code);

/** Codes the UI shows as the not-found page (spec section 8). */
export const NOT_FOUND_CODES: readonly string[] = ['NOT_FOUND', 'MODEL_NOT_FOUND', 'ACTIVITY_NOT_FOUND'];
