import { z } from 'zod/mini';
import { ZFieldOption } from './catalog.ts';
import { ZId, ZIsoDateTime, ZLang, ZLocalized, ZSlug, freeText, int, plainText } from './common.ts';
import { ZCurrentUser } from './identity.ts';

/*
 * Service requests (spec section 3 "Request", "Notification", "Rating", "QR document"; section 7 "Requests per
 * service", "Notifications"). Requests live under `/api/requests/:serviceSlug` (the spec's `/{service}` paths
 * clash with `/{userSlug}` ones). Shapes shared by the server, the filing and tracking screens and the outbox.
 */

const opt = z.optional;

/** A readable request number, unique per service and year: `CODEMETER-2026-000123`. */
export const REQUEST_NUMBER = /^[A-Za-z0-9_-]{2,64}-\d{4}-\d{6,}$/;
export const ZRequestNumber = z.string().check(z.regex(REQUEST_NUMBER));

/** Request ids are UUIDs made by the server. */
export const ZRequestId = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i));

/** A client-made UUID (drafts, outbox records). */
export const ZClientId = ZRequestId;

/**
 * An `Idempotency-Key` header value (IETF draft httpapi-idempotency-key-header): the outbox sends its record's
 * UUID; any 16 to 128 URL-safe characters are accepted.
 */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{16,128}$/;
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** The header an anonymous filer sends to read and act on their request (spec section 7). */
export const OWNER_TOKEN_HEADER = 'request-owner-token';
export const OWNER_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Submitted form data: field id -> value, as the form engine produces it (validated against the activity's schema). */
export const ZFormData = z.record(z.string().check(z.maxLength(64)), z.unknown());
export type TFormData = z.infer<typeof ZFormData>;

/* ----------------------------------------------- status and stage ------------------------------------------ */

/** The request's status (a workflow status of its service), with its label in both languages. */
export const ZRequestStatus = z.object({
  id: z.string(),
  label: ZLocalized,
  final: z.boolean(),
  /** The activity the citizen performs in this status (e.g. `apply` to complete data, `rate`), if any. */
  activityId: z.nullable(z.string()),
});
export type TRequestStatus = z.infer<typeof ZRequestStatus>;

/** The stage the status belongs to, and since when the request is in it. */
export const ZRequestStage = z.object({ stageId: z.string(), label: ZLocalized, startedAt: ZIsoDateTime, days: z.int() });
export type TRequestStage = z.infer<typeof ZRequestStage>;

/* ----------------------------------------------- requests -------------------------------------------------- */

/** One request in a list (without clientHooksData and history, spec section 7). */
export const ZRequestSummary = z.object({
  id: ZRequestId,
  /** The request number (`ID` in the spec). */
  ID: ZRequestNumber,
  serviceSlug: ZSlug,
  serviceLabel: ZLocalized,
  /** The activity that created it (normally `apply`). */
  activityId: z.string(),
  status: ZRequestStatus,
  stage: z.nullable(ZRequestStage),
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
  statusUpdatedAt: ZIsoDateTime,
  actionDate: z.nullable(ZIsoDateTime),
  applicantName: z.nullable(z.string()),
  escalated: z.boolean(),
  paymentTotal: z.nullable(z.number()),
  /** Whether the citizen may cancel it now (not final, and the workflow allows it from this status). */
  cancellable: z.boolean(),
  /** Filed without an account (followed with the owner token). */
  anonymous: z.boolean(),
});
export type TRequestSummary = z.infer<typeof ZRequestSummary>;

export const TIMELINE_KINDS = [
  'created',
  'assigned',
  'unassigned',
  'status',
  'bulk-assigned',
  'payment-started',
  'payment-succeeded',
  'payment-failed',
  'fee-set',
  'payment-refunded',
  'escalated',
  'activity',
  'comment',
  'cancelled',
  'rated',
] as const;
export const ZTimelineKind = z.enum(TIMELINE_KINDS);
export type TTimelineKind = z.infer<typeof ZTimelineKind>;

/** Who caused an event or wrote a comment: the citizen, an employee (by first name), or the system. */
export const ZActor = z.object({ kind: z.enum(['citizen', 'staff', 'system']), name: z.nullable(z.string()) });

/** A timeline event (spec section 3 "Timeline events"); the fields present depend on the kind. */
export const ZTimelineEvent = z.object({
  id: z.string(),
  kind: ZTimelineKind,
  at: ZIsoDateTime,
  by: ZActor,
  /** status: the statuses before and after. */
  from: opt(ZRequestStatus),
  to: opt(ZRequestStatus),
  /** activity: which one the citizen or staff performed. */
  activityId: opt(z.string()),
  activityLabel: opt(ZLocalized),
  /** payment-*: the gateway's transaction id and the total. */
  transactionId: opt(z.string()),
  total: opt(z.number()),
  /** assigned / bulk-assigned: the company or team. */
  assignee: opt(z.string()),
  /** comment: the comment's id; internal (staff only) comments' events reach staff alone. */
  commentId: opt(z.string()),
  /** escalated: whether the request was escalated (true) or the escalation removed (false). */
  escalated: opt(z.boolean()),
  /** bulk-assigned: the installation company. */
  company: opt(ZLocalized),
});
export type TTimelineEvent = z.infer<typeof ZTimelineEvent>;

/** A comment on a request: employees' shown to the citizen, who can reply. */
export const ZComment = z.object({
  id: z.string(),
  body: z.string(),
  at: ZIsoDateTime,
  by: ZActor,
  /** Written by the caller. */
  mine: z.boolean(),
  /** Staff only: a note the citizen never sees. */
  internal: opt(z.boolean()),
});
export type TComment = z.infer<typeof ZComment>;

export const ZCommentBody = z.strictObject({ body: freeText(1, 2000) });

/** A stored upload (spec "File limits"); downloaded at `/api/attachments/:id` by those allowed. */
export const ZAttachmentRef = z.object({
  id: ZId,
  activityId: z.string(),
  fieldId: z.string(),
  /** The original file name, as the user's device named it. */
  name: z.string(),
  /** The type detected from the content's signature. */
  mime: z.string(),
  size: z.int(),
  createdAt: ZIsoDateTime,
});
export type TAttachmentRef = z.infer<typeof ZAttachmentRef>;

/**
 * A printing (a PDF made on the server, with a QR code to `/verify?secret=…`): a request's receipt (`receipt`), or
 * a payment's receipt (`paymentReceipt`, decision 029) of bills (no request) or of a request's fee (both).
 */
export const ZDocumentRef = z.object({
  id: ZId,
  requestId: z.nullable(ZRequestId),
  requestNumber: z.nullable(ZRequestNumber),
  serviceSlug: z.nullable(ZSlug),
  serviceLabel: z.nullable(ZLocalized),
  /** A payment receipt's payment, its reference (what the gateway knows it by) and total in piastres. */
  paymentId: z.nullable(ZId),
  paymentReference: z.nullable(z.string()),
  totalPiastres: z.nullable(z.number()),
  kind: z.enum(['receipt', 'paymentReceipt', 'creditNote']),
  label: ZLocalized,
  /** A payment receipt whose payment was refunded (decision 060): when it was withdrawn. */
  withdrawnAt: opt(z.nullable(ZIsoDateTime)),
  createdAt: ZIsoDateTime,
  /** My papers: the address the paper's QR code opens (its owner may share it, as the paper itself). */
  verifyUrl: opt(z.string()),
});
export type TDocumentRef = z.infer<typeof ZDocumentRef>;

/** The three answers of spec section 3 "Rating": 3 completed easily, 2 with some difficulty, 1 could not complete. */
export const RATING_ANSWERS = [1, 2, 3] as const;
export const ZRating = z.object({ answer: int(1, 3), comment: z.nullable(z.string()), createdAt: ZIsoDateTime });
export type TRating = z.infer<typeof ZRating>;

/** One activity performed on the request (the data as the form submitted it). */
export const ZActivityRecord = z.object({ activityId: z.string(), data: ZFormData, at: ZIsoDateTime, by: ZActor });

/** A request as its owner sees it (findOne). */
export const ZRequestDetail = z.extend(ZRequestSummary, {
  /** The data of the creating activity, as last submitted (a needs-information edit replaces it). */
  data: ZFormData,
  /** Citizen activities performed after the creation (edits), oldest first. */
  activities: z.array(ZActivityRecord),
  timeline: z.array(ZTimelineEvent),
  comments: z.array(ZComment),
  attachments: z.array(ZAttachmentRef),
  /** Printings; present with `withDocuments=true`. */
  documents: opt(z.array(ZDocumentRef)),
  rating: z.nullable(ZRating),
  /** The service version the request was filed against. */
  serviceVersion: z.int(),
});
export type TRequestDetail = z.infer<typeof ZRequestDetail>;

/* ----------------------------------------------- writes ---------------------------------------------------- */

/** POST /api/requests/:serviceSlug: one activity's data (every step's values). */
export const ZSubmitBody = z.strictObject({
  activityId: plainText(1, 64),
  data: ZFormData,
  /** The server draft this submission comes from: deleted with the submission. */
  draftId: opt(ZClientId),
});
export type TSubmitBody = z.input<typeof ZSubmitBody>;

/** The created request; `ownerToken` only for a visitor, once (keep it: it is the way back to the request). */
export const ZSubmitResult = z.extend(ZRequestSummary, { ownerToken: opt(z.string()) });
export type TSubmitResult = z.infer<typeof ZSubmitResult>;

/** PATCH /api/requests/:serviceSlug/:id: the activity the current status asks of the citizen. */
export const ZActivityBody = z.strictObject({ activityId: plainText(1, 64), data: ZFormData });
export type TActivityBody = z.input<typeof ZActivityBody>;

export const ZCancelBody = z.strictObject({ reason: opt(freeText(1, 500)) });

/* ----------------------------------------------- lists ----------------------------------------------------- */

const wholeNumber = (min: number, max: number) =>
  z.coerce.number().check(z.refine(Number.isInteger, { message: 'expected a whole number' }), z.gte(min), z.lte(max));

export const ZPaging = {
  limit: z._default(wholeNumber(1, 50), 10),
  skip: z._default(wholeNumber(0, 100_000), 0),
};

/** A status id or a number (part of one) to search for. */
export const ZStatusId = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/));
export const ZNumberSearch = z.string().check(z.trim(), z.regex(/^[A-Za-z0-9_-]{1,80}$/));

export const ZRequestListQuery = z.object({ status: opt(ZStatusId), number: opt(ZNumberSearch), ...ZPaging });
export const ZInboxQuery = z.object({ serviceSlug: opt(ZSlug), status: opt(ZStatusId), number: opt(ZNumberSearch), ...ZPaging });
export const ZRequestPage = z.object({ items: z.array(ZRequestSummary), total: z.int() });
export type TRequestPage = z.infer<typeof ZRequestPage>;
export const ZCount = z.object({ count: z.int() });

/** findOne: `filter={"where":{"id":…}}` or `{"where":{"ID":…}}`; `withDocuments=true` adds the printings. */
export const ZRequestFindOneFilter = z
  .strictObject({ where: z.strictObject({ id: opt(ZRequestId), ID: opt(ZRequestNumber) }) })
  .check(
    z.refine((f) => f.where.id !== undefined || f.where.ID !== undefined, {
      message: 'where.id or where.ID is required',
      path: ['where'],
    }),
  );
const booleanQuery = z.pipe(
  z.enum(['true', 'false', '1', '0']),
  z.transform((v: 'true' | 'false' | '1' | '0') => v === 'true' || v === '1'),
);
export const ZFindOneQuery = z.object({ withDocuments: opt(booleanQuery) });

/* ----------------------------------------------- field handler --------------------------------------------- */

/** POST /api/requests/:serviceSlug/fieldHandler: a lazy select's options, or one field's server-side check. */
export const ZFieldHandlerBody = z.strictObject({
  activityId: plainText(1, 64),
  fieldId: plainText(1, 200),
  data: opt(ZFormData),
  /** The values of the fields the lazy select depends on (`lazyLoad.apiDependencies`). */
  apiDependencies: opt(ZFormData),
  requestId: opt(ZRequestId),
});
export const ZFieldHandlerResult = z.object({
  options: opt(z.array(ZFieldOption)),
  /** Field path -> codes, as the 400 INVALID_INPUT `fieldErrors`; empty when the value is fine. */
  fieldErrors: opt(z.record(z.string(), z.array(z.string()))),
});
export type TFieldHandlerResult = z.infer<typeof ZFieldHandlerResult>;

/* ----------------------------------------------- drafts ---------------------------------------------------- */

/** A draft kept on the server ("save as draft"), continued on another device. The id is made by the client. */
export const ZDraft = z.object({
  id: ZClientId,
  serviceSlug: ZSlug,
  serviceLabel: ZLocalized,
  activityId: z.string(),
  /** The step the user was on. */
  stepId: z.nullable(z.string()),
  data: ZFormData,
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
});
export type TDraft = z.infer<typeof ZDraft>;
export const ZDraftBody = z.strictObject({
  serviceSlug: ZSlug,
  activityId: plainText(1, 64),
  stepId: opt(plainText(1, 64)),
  data: ZFormData,
});
export type TDraftBody = z.input<typeof ZDraftBody>;
export const ZDraftQuery = z.object({ serviceSlug: opt(ZSlug), ...ZPaging });
export const ZDraftPage = z.object({ items: z.array(ZDraft), total: z.int() });

/* ----------------------------------------------- notifications --------------------------------------------- */

export const NOTIFICATION_TYPES = [
  'welcome',
  'forgot-password',
  'password-changed',
  'request-submitted',
  'status-changed',
  'meter-decided',
  'payment-succeeded',
  'payment-failed',
  'bills-paid',
  'staff-comment',
  'citizen-replied',
  'payment-code',
  'fee-set',
  'payment-refunded',
  'quality-reply',
] as const;

/** An in-app notification (spec section 3 "Notification"); the client writes its text from the type and data. */
export const ZNotification = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  data: z.object({
    name: opt(z.string()),
    requestId: opt(z.string()),
    requestNumber: opt(z.string()),
    serviceSlug: opt(z.string()),
    serviceLabel: opt(ZLocalized),
    status: opt(z.string()),
    statusLabel: opt(ZLocalized),
    /** meter-decided: the meter, its new status (approved, rejected, deleted_by_platform) and the reason. */
    meterId: opt(z.string()),
    meterNumber: opt(z.string()),
    reason: opt(z.string()),
    /** Payments (decision 027): the payment and its total in EGP. */
    paymentId: opt(z.string()),
    total: opt(z.number()),
    /** What staff wrote with the move or the comment: the information needed (decision 051). */
    note: opt(z.string()),
    /** citizen-replied (staff's bell): what the citizen did. */
    reply: opt(z.enum(['completed', 'comment', 'paid', 'rated', 'cancelled'])),
    /** payment-code: the code to pay at an outlet, and until when. */
    code: opt(z.string()),
    expiresAt: opt(z.string()),
  }),
  isSeen: z.boolean(),
  isRead: z.boolean(),
  createdAt: ZIsoDateTime,
});
export type TNotification = z.infer<typeof ZNotification>;
export const ZNotificationPage = z.object({ items: z.array(ZNotification), total: z.int(), unseen: z.int() });
export const ZNotificationQuery = z.object({ ...ZPaging });
const ZNotificationIds = z.array(z.string().check(z.regex(/^[0-9]{1,18}$/))).check(z.maxLength(200));
/** markAsRead: the given ids, or every notification with `all: true`. */
export const ZMarkAsReadBody = z.strictObject({ ids: opt(ZNotificationIds), all: opt(z.boolean()) });
/** markAsSeen: the given ids, or all (the bell was opened). */
export const ZMarkAsSeenBody = z.strictObject({ ids: opt(ZNotificationIds) });
export const ZUpdated = z.object({ updated: z.int() });

/* ----------------------------------------------- web push (decision 051) ---------------------------------- */

/** The server's VAPID public key (base64url), the application server key of `PushManager.subscribe`; null: no pushes. */
export const ZPushKey = z.object({ publicKey: z.nullable(z.string()) });
const base64url = (min: number, max: number) =>
  z.string().check(z.minLength(min), z.maxLength(max), z.regex(/^[A-Za-z0-9_-]+={0,2}$/));
/** A browser's subscription (`PushSubscription.toJSON()`), with the app's language: its pushes' language. */
export const ZPushSubscribeBody = z.strictObject({
  endpoint: z.string().check(z.minLength(12), z.maxLength(1000), z.regex(/^https?:\/\/[^\s]+$/)),
  expirationTime: opt(z.nullable(z.number())),
  keys: z.strictObject({ p256dh: base64url(80, 100), auth: base64url(16, 32) }),
  lang: ZLang,
});
export type TPushSubscribeBody = z.infer<typeof ZPushSubscribeBody>;
/** A subscribed device as its owner sees it (never its endpoint or keys). */
export const ZPushDevice = z.object({ id: z.string(), device: z.string(), lang: ZLang, createdAt: ZIsoDateTime });
export type TPushDevice = z.infer<typeof ZPushDevice>;
export const ZPushDeviceList = z.object({ items: z.array(ZPushDevice) });
export const ZPushUnsubscribed = z.object({ deleted: z.boolean() });

/* ----------------------------------------------- documents and tasks -------------------------------------- */

export const ZDocumentPage = z.object({ items: z.array(ZDocumentRef), total: z.int() });

/**
 * What `/verify` shows for a QR code (spec "QR document"): the document's label, its data and a message. A
 * request's receipt carries `document`, a payment's receipt `payment` (decision 029).
 */
export const ZQrDocument = z.object({
  label: ZLocalized,
  message: ZLocalized,
  payment: z.optional(
    z.object({
      /** The payment's reference (merchantReference), printed on the receipt. */
      reference: z.string(),
      purpose: z.enum(['bills', 'fee']),
      totalPiastres: z.number(),
      paidAt: ZIsoDateTime,
      payerName: z.nullable(z.string()),
      /** A fee's request. */
      requestNumber: z.nullable(ZRequestNumber),
      issuedAt: ZIsoDateTime,
      /** A receipt whose payment was refunded (decision 060): withdrawn then; a credit note says `creditNote`. */
      withdrawnAt: opt(z.nullable(ZIsoDateTime)),
      creditNote: opt(z.boolean()),
    }),
  ),
  document: z.optional(
    z.object({
      requestNumber: ZRequestNumber,
      serviceSlug: ZSlug,
      serviceLabel: ZLocalized,
      status: ZRequestStatus,
      createdAt: ZIsoDateTime,
      issuedAt: ZIsoDateTime,
      applicantName: z.nullable(z.string()),
    }),
  ),
});
export type TQrDocument = z.infer<typeof ZQrDocument>;

export const ZRunTasksBody = z.union([
  z.strictObject({
    taskIds: z.array(z.literal('GetDocumentFromQr')).check(z.minLength(1), z.maxLength(1)),
    token: z.string().check(z.minLength(1), z.maxLength(200)),
  }),
  z.strictObject({
    taskIds: z.array(z.literal('favoriteServices')).check(z.minLength(1), z.maxLength(1)),
    favoriteServices: z.array(ZSlug).check(z.maxLength(200)),
  }),
]);
export const ZRunTasksResult = z.object({ GetDocumentFromQr: opt(ZQrDocument), favoriteServices: opt(ZCurrentUser) });

/** Upload answer: the stored attachment (referenced by id in the form data). */
export const ZAttachmentHeaders = z.object({
  'x-field-id': plainText(1, 200),
  'x-activity-id': plainText(1, 64),
  /** The file's name, URI-encoded (headers are Latin-1). */
  'x-file-name': plainText(1, 600),
});
