import { z } from 'zod/mini';
import { LIMITS } from './limits.ts';
import { ZId, ZLang, ZSlug } from './common.ts';
import {
  ZActivityBody,
  ZAttachmentHeaders,
  ZAttachmentRef,
  ZCancelBody,
  ZClientId,
  ZComment,
  ZCommentBody,
  ZCount,
  ZDocumentPage,
  ZDraft,
  ZDraftBody,
  ZDraftPage,
  ZDraftQuery,
  ZFieldHandlerBody,
  ZFieldHandlerResult,
  ZFindOneQuery,
  ZInboxQuery,
  ZMarkAsReadBody,
  ZMarkAsSeenBody,
  ZNotificationPage,
  ZPushDevice,
  ZPushDeviceList,
  ZPushKey,
  ZPushSubscribeBody,
  ZPushUnsubscribed,
  ZNotificationQuery,
  ZPaging,
  ZRequestDetail,
  ZRequestFindOneFilter,
  ZRequestId,
  ZRequestListQuery,
  ZRequestPage,
  ZRunTasksBody,
  ZRunTasksResult,
  ZStatusId,
  ZSubmitBody,
  ZSubmitResult,
  ZUpdated,
} from './requests.ts';
import { defineRoute } from './route.ts';

/*
 * Service requests, drafts, attachments, documents, tasks and notifications (spec section 7; issue 10 plan:
 * requests live under /api/requests/:serviceSlug). Replayable writes declare `idempotency: 'required'`
 * (decision 020). `public` routes check the owner in the use case: the signed-in owner, or for a request filed
 * without an account the `Request-Owner-Token` header; anyone else gets 404 (never 403: a stranger does not learn
 * that a request exists).
 */

const tags = ['requests'] as const;
const service = z.object({ serviceSlug: ZSlug });
const serviceAndId = z.object({ serviceSlug: ZSlug, id: ZRequestId });
const OWNER_ERRORS = ['MODEL_NOT_FOUND', 'INVALID_REQUEST_OWNER_TOKEN'] as const;
const IDEMPOTENCY_ERRORS = ['IDEMPOTENCY_KEY_MISSING', 'IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_KEY_IN_FLIGHT'] as const;

export const requestRoutes = {
  requestSubmit: defineRoute({
    method: 'POST',
    path: '/api/requests/:serviceSlug',
    summary:
      'Submit an activity (normally apply): the request with its number, initial status and stage; a visitor (allowAnonymous services only) also gets an owner token, once',
    tags,
    rateLimit: [LIMITS.requestSubmit, LIMITS.requestSubmitHourly],
    auth: 'public', // a visitor only where the service allows anonymous requests (the use case answers 401 otherwise)
    idempotency: 'required',
    params: service,
    body: ZSubmitBody,
    response: ZSubmitResult,
    status: 201,
    errors: [
      'UNAUTHORIZED',
      'MODEL_NOT_FOUND',
      'ACTIVITY_NOT_FOUND',
      'SERVICE_UNAVAILABLE',
      'DUPLICATE_REQUEST',
      'FORBIDDEN',
      ...IDEMPOTENCY_ERRORS,
    ],
  }),
  requestList: defineRoute({
    method: 'GET',
    path: '/api/requests/:serviceSlug',
    summary:
      "The caller's requests of one service, newest first (without clientHooksData and history), paged, by status or number",
    tags,
    auth: 'signedIn',
    params: service,
    query: ZRequestListQuery,
    response: ZRequestPage,
    errors: ['MODEL_NOT_FOUND'],
  }),
  requestInbox: defineRoute({
    method: 'GET',
    path: '/api/requests',
    summary: "All the caller's requests across services, newest first: by service, status or number, paged",
    tags,
    auth: 'signedIn',
    query: ZInboxQuery,
    response: ZRequestPage,
    errors: [],
  }),
  requestCount: defineRoute({
    method: 'GET',
    path: '/api/requests/:serviceSlug/count',
    summary: 'How many requests the caller has for one service (optionally in one status)',
    tags,
    auth: 'signedIn',
    params: service,
    query: z.object({ status: z.optional(ZStatusId) }),
    response: ZCount,
    errors: ['MODEL_NOT_FOUND'],
  }),
  requestFindOne: defineRoute({
    method: 'GET',
    path: '/api/requests/:serviceSlug/findOne',
    summary:
      'One request by id or number (filter where id or ID), with timeline, comments, attachments, and printings with withDocuments=true; owner only (Request-Owner-Token for a visitor)',
    tags,
    auth: 'public', // the owner, or the anonymous filer's token (use case); anyone else 404
    params: service,
    filter: ZRequestFindOneFilter,
    query: ZFindOneQuery,
    response: ZRequestDetail,
    errors: ['INVALID_FILTER', ...OWNER_ERRORS],
  }),
  requestUpdate: defineRoute({
    method: 'PATCH',
    path: '/api/requests/:serviceSlug/:id',
    summary:
      "The activity the request's status asks of the citizen: complete the data (needs extra information), or rate a finished request once",
    tags,
    rateLimit: [LIMITS.requestWrite],
    auth: 'public', // owner rule in the use case
    idempotency: 'required',
    params: serviceAndId,
    body: ZActivityBody,
    response: ZRequestDetail,
    errors: [...OWNER_ERRORS, 'ACTIVITY_NOT_FOUND', 'REQUEST_FINAL', 'ALREADY_RATED', ...IDEMPOTENCY_ERRORS],
  }),
  requestCancel: defineRoute({
    method: 'POST',
    path: '/api/requests/:serviceSlug/:id/cancel',
    summary: 'Cancel a request that is not final (where its workflow allows the citizen to)',
    tags,
    rateLimit: [LIMITS.requestWrite],
    auth: 'public', // owner rule in the use case
    idempotency: 'required',
    params: serviceAndId,
    body: ZCancelBody,
    response: ZRequestDetail,
    errors: [...OWNER_ERRORS, 'REQUEST_FINAL', 'FORBIDDEN', ...IDEMPOTENCY_ERRORS],
  }),
  requestComment: defineRoute({
    method: 'POST',
    path: '/api/requests/:serviceSlug/:id/comments',
    summary: "The citizen's reply on a request (shown in its comments and timeline)",
    tags,
    rateLimit: [LIMITS.requestWrite],
    auth: 'public', // owner rule in the use case
    idempotency: 'required',
    params: serviceAndId,
    body: ZCommentBody,
    response: ZComment,
    status: 201,
    errors: [...OWNER_ERRORS, 'REQUEST_FINAL', ...IDEMPOTENCY_ERRORS],
  }),
  fieldHandler: defineRoute({
    method: 'POST',
    path: '/api/requests/:serviceSlug/fieldHandler',
    summary: "A lazy select's options (from reference data, by its apiDependencies), or one field's check",
    tags,
    rateLimit: [LIMITS.fieldHandler],
    auth: 'public',
    params: service,
    body: ZFieldHandlerBody,
    response: ZFieldHandlerResult,
    errors: ['MODEL_NOT_FOUND', 'ACTIVITY_NOT_FOUND'],
  }),

  /* ---- drafts (server side: "save as draft") ---- */
  draftList: defineRoute({
    method: 'GET',
    path: '/api/drafts',
    summary: "The caller's drafts, newest first",
    tags,
    auth: 'signedIn',
    query: ZDraftQuery,
    response: ZDraftPage,
    errors: [],
  }),
  draftSave: defineRoute({
    method: 'PUT',
    path: '/api/drafts/:id',
    summary: 'Save a draft under its client-made id (created or replaced; only the owner can replace it)',
    tags,
    rateLimit: [LIMITS.draftSave],
    auth: 'signedIn',
    params: z.object({ id: ZClientId }),
    body: ZDraftBody,
    response: ZDraft,
    errors: ['MODEL_NOT_FOUND', 'ACTIVITY_NOT_FOUND', 'QUOTA_EXCEEDED', 'PAYLOAD_TOO_LARGE'],
  }),
  draftDelete: defineRoute({
    method: 'DELETE',
    path: '/api/drafts/:id',
    summary: "Delete one of the caller's drafts",
    tags,
    rateLimit: [LIMITS.draftDelete],
    auth: 'signedIn',
    params: z.object({ id: ZClientId }),
    response: z.object({ deleted: z.boolean() }),
    errors: ['MODEL_NOT_FOUND'],
  }),

  /* ---- attachments, documents and tasks (handlers: files-docs) ---- */
  attachmentUpload: defineRoute({
    method: 'POST',
    path: '/api/requests/:serviceSlug/attachments',
    summary:
      "Upload one file for a form's file field (raw body; x-field-id, x-activity-id, x-file-name headers): type by content, size and count limits from the field",
    tags,
    rateLimit: [LIMITS.upload, LIMITS.uploadHourly],
    auth: 'public', // a visitor only where the service allows anonymous requests (use case)
    idempotency: 'required',
    params: service,
    headers: ZAttachmentHeaders,
    rawBody: { maxBytes: 20 * 1_048_576 },
    response: ZAttachmentRef,
    status: 201,
    errors: [
      'UNAUTHORIZED',
      'MODEL_NOT_FOUND',
      'ACTIVITY_NOT_FOUND',
      'SERVICE_UNAVAILABLE',
      'UPLOAD_FAILED',
      'FILE_REQUIRED',
      'FILE_TOO_LARGE',
      'FILE_TYPE_NOT_ALLOWED',
      'FILE_COUNT_EXCEEDED',
      'FILE_NOT_PDF',
      ...IDEMPOTENCY_ERRORS,
    ],
  }),
  attachmentDownload: defineRoute({
    method: 'GET',
    path: '/api/attachments/:id',
    summary: 'Download an attachment (its uploader or the request owner; Content-Disposition: attachment)',
    tags,
    auth: 'public', // owner rule (or Request-Owner-Token) in the use case
    params: z.object({ id: ZId }),
    response: z.unknown(),
    errors: [...OWNER_ERRORS, 'DOWNLOAD_FAILED'],
  }),
  documentList: defineRoute({
    method: 'GET',
    path: '/api/documents',
    summary: 'My papers: every document issued to the caller, newest first',
    tags,
    auth: 'signedIn',
    query: z.object({ ...ZPaging }),
    response: ZDocumentPage,
    errors: [],
  }),
  documentPdf: defineRoute({
    method: 'GET',
    path: '/api/documents/:id/pdf',
    summary: 'A document as PDF, made on demand from its request, with a QR code to /verify',
    tags,
    rateLimit: [LIMITS.documentPdf],
    auth: 'public', // owner rule (or Request-Owner-Token) in the use case
    params: z.object({ id: ZId }),
    /** The paper's language (a link cannot send Accept-Language): else the request's own. */
    query: z.object({ lang: z.optional(ZLang) }),
    response: z.unknown(),
    errors: [...OWNER_ERRORS, 'PRINT_FAILED'],
  }),
  runTasks: defineRoute({
    method: 'POST',
    path: '/api/tasks/runTasks',
    summary:
      'Tasks: GetDocumentFromQr (a QR code token: the document it certifies) or favoriteServices (a signed-in citizen: the new list; answers the current user)',
    tags,
    rateLimit: [LIMITS.tasks],
    auth: 'public', // favourites: a signed-in citizen (use case)
    body: ZRunTasksBody,
    response: ZRunTasksResult,
    errors: ['INVALID_QR', 'UNAUTHORIZED', 'GRANT_EXPIRED', 'FORBIDDEN', 'MODEL_NOT_FOUND'],
  }),

  /* ---- notifications ---- */
  notifications: defineRoute({
    method: 'GET',
    path: '/api/Notifications',
    summary: "The caller's notifications, newest first, paged, with the unseen count",
    tags,
    auth: 'signedIn',
    query: ZNotificationQuery,
    response: ZNotificationPage,
    errors: [],
  }),
  notificationCount: defineRoute({
    method: 'GET',
    path: '/api/Notifications/count',
    summary: "How many of the caller's notifications are unseen",
    tags,
    auth: 'signedIn',
    response: ZCount,
    errors: [],
  }),
  notificationsMarkAsRead: defineRoute({
    method: 'POST',
    path: '/api/Notifications/markAsRead',
    summary: 'Mark notifications read (and seen): the given ids, or all',
    tags,
    rateLimit: [LIMITS.notificationsMark],
    auth: 'signedIn',
    body: ZMarkAsReadBody,
    response: ZUpdated,
    errors: [],
  }),
  notificationsMarkAsSeen: defineRoute({
    method: 'POST',
    path: '/api/Notifications/markAsSeen',
    summary: 'Mark notifications seen (the bell was opened): the given ids, or all',
    tags,
    rateLimit: [LIMITS.notificationsMark],
    auth: 'signedIn',
    body: ZMarkAsSeenBody,
    response: ZUpdated,
    errors: [],
  }),

  /* ---- web push (decision 051) ---- */
  pushKey: defineRoute({
    method: 'GET',
    path: '/api/push/key',
    summary: "The server's VAPID public key, to subscribe a browser to pushes (null: pushes are off)",
    tags,
    auth: 'public',
    response: ZPushKey,
    errors: [],
  }),
  pushSubscriptions: defineRoute({
    method: 'GET',
    path: '/api/push/subscriptions',
    summary: "The caller's devices subscribed to pushes",
    tags,
    auth: 'signedIn',
    response: ZPushDeviceList,
    errors: [],
  }),
  pushSubscribe: defineRoute({
    method: 'POST',
    path: '/api/push/subscriptions',
    summary:
      "Subscribe this browser to the caller's pushes (its endpoint must be a known push service); a browser subscribed by another account is now the caller's",
    tags,
    rateLimit: [LIMITS.pushSubscription],
    auth: 'signedIn',
    body: ZPushSubscribeBody,
    response: ZPushDevice,
    errors: ['INVALID_INPUT', 'NOT_FOUND'],
  }),
  pushUnsubscribe: defineRoute({
    method: 'DELETE',
    path: '/api/push/subscriptions/:id',
    summary: "Stop pushes to one of the caller's devices",
    tags,
    rateLimit: [LIMITS.pushSubscription],
    auth: 'signedIn',
    params: z.strictObject({ id: ZId }),
    response: ZPushUnsubscribed,
    errors: ['MODEL_NOT_FOUND'],
  }),
} as const;

export type RequestRoutes = typeof requestRoutes;
