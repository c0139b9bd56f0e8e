import { storedNumber } from '../../../contract/request-number.ts';
import crypto from 'node:crypto';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { TService } from '../../../contract/catalog.ts';
import type {
  TAttachmentRef,
  TComment,
  TDocumentRef,
  TRequestDetail,
  TRequestPage,
  TRequestSummary,
  TTimelineEvent,
} from '../../../contract/requests.ts';
import type { Db } from '../../db/client.ts';
import { attachments, documents, requestComments, requestEvents, requestRatings, requests } from '../../db/schema.ts';
import { AppError } from '../app-error.ts';
import { cancelTarget, stageOf, statusOf } from './service.ts';

/*
 * Reading requests: who may see one (its owner), and the shapes of contract/requests.ts.
 */

export type RequestRow = typeof requests.$inferSelect;

/**
 * Who acts on a request: a signed-in user, and/or the holder of an anonymous request's owner token (the
 * `Request-Owner-Token` header, hashed). A visitor without a token owns nothing.
 */
export type RequestCaller = { userId: string | null; ownerTokenHash: string | null };

/** Finds a service by slug among all services (requests keep their service's texts even once it is hidden). */
export type ServiceLookup = (slug: string) => TService | undefined;

const safeEqual = (a: string, b: string) => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

export function owns(row: Pick<RequestRow, 'ownerId' | 'ownerTokenHash'>, caller: RequestCaller): boolean {
  if (caller.userId !== null && row.ownerId === caller.userId) return true;
  return caller.ownerTokenHash !== null && row.ownerTokenHash !== null && safeEqual(row.ownerTokenHash, caller.ownerTokenHash);
}

const NOT_FOUND = () => new AppError('MODEL_NOT_FOUND', 'No such request');

/**
 * The caller's request of a service, by id or number. Anyone but its owner gets 404, as for a request that does
 * not exist: a stranger does not learn that it does. `forUpdate` locks the row (inside a transaction).
 */
export async function ownedRequest(
  db: Db,
  caller: RequestCaller,
  serviceSlug: string,
  where: { id?: string | undefined; number?: string | undefined },
  forUpdate = false,
): Promise<RequestRow> {
  const conditions: SQL[] = [eq(requests.serviceSlug, serviceSlug)];
  if (where.id !== undefined) conditions.push(eq(requests.id, where.id));
  if (where.number !== undefined) conditions.push(eq(requests.number, where.number));
  if (conditions.length === 1) throw NOT_FOUND();
  const q = db
    .select()
    .from(requests)
    .where(and(...conditions));
  const [row] = forUpdate ? await q.for('update') : await q;
  if (!row || !owns(row, caller)) throw NOT_FOUND();
  return row;
}

const labelsOf = (service: TService | undefined, slug: string) =>
  service ? { ar: service.translations.ar.serviceLabel, en: service.translations.en.serviceLabel } : { ar: slug, en: slug };

/** A request's stored number, for those outside the request area that name it (a receipt, a refund's message). */
export async function requestNumberOf(db: Db, requestId: string): Promise<string | undefined> {
  const [r] = await db.select({ number: requests.number }).from(requests).where(eq(requests.id, requestId));
  return r?.number;
}

export function toSummary(row: RequestRow, service: TService | undefined): TRequestSummary {
  return {
    id: row.id,
    ID: row.number,
    serviceSlug: row.serviceSlug,
    serviceLabel: labelsOf(service, row.serviceSlug),
    activityId: row.activityId,
    status: statusOf(service, row.status),
    stage: stageOf(service, row.status, row.stageStartedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    statusUpdatedAt: row.statusUpdatedAt.toISOString(),
    actionDate: row.actionDate ? row.actionDate.toISOString() : null,
    applicantName: row.applicantName,
    escalated: row.escalated,
    paymentTotal: row.paymentTotalPiastres === null ? null : row.paymentTotalPiastres / 100,
    cancellable: cancelTarget(service, row.status) !== undefined,
    anonymous: row.ownerId === null,
  };
}

type EventRow = typeof requestEvents.$inferSelect;

export function toEvent(e: EventRow, service: TService | undefined): TTimelineEvent {
  const d = e.data;
  const str = (k: string) => (typeof d[k] === 'string' ? (d[k] as string) : undefined);
  const activityId = str('activityId');
  const activityLabel = activityId ? service?.activities.find((a) => a.activityId === activityId)?.label : undefined;
  return {
    id: String(e.id),
    kind: e.kind,
    at: e.at.toISOString(),
    by: { kind: e.actorKind, name: e.actorName },
    ...(str('from') ? { from: statusOf(service, str('from')!) } : {}),
    ...(str('to') ? { to: statusOf(service, str('to')!) } : {}),
    ...(activityId ? { activityId } : {}),
    ...(activityLabel ? { activityLabel } : {}),
    ...(str('transactionId') ? { transactionId: str('transactionId')! } : {}),
    ...(typeof d.total === 'number' ? { total: d.total } : {}),
    ...(str('assignee') ? { assignee: str('assignee')! } : {}),
    ...(str('commentId') ? { commentId: str('commentId')! } : {}),
    ...(typeof d.escalated === 'boolean' ? { escalated: d.escalated } : {}),
    ...(isLocalized(d.company) ? { company: d.company } : {}),
  };
}

const isLocalized = (v: unknown): v is { ar: string; en: string } =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as { ar?: unknown }).ar === 'string' &&
  typeof (v as { en?: unknown }).en === 'string';

type CommentRow = typeof requestComments.$inferSelect;
export const toComment = (c: CommentRow, caller: RequestCaller): TComment => ({
  id: String(c.id),
  body: c.body,
  at: c.createdAt.toISOString(),
  by: { kind: c.authorKind, name: c.authorName },
  mine: c.authorKind === 'citizen' && (c.authorId === null ? caller.userId === null : c.authorId === caller.userId),
  ...(c.internal ? { internal: true } : {}),
});

type AttachmentRow = typeof attachments.$inferSelect;
export const toAttachment = (a: AttachmentRow): TAttachmentRef => ({
  id: a.id,
  activityId: a.activityId,
  fieldId: a.fieldId,
  name: a.originalName,
  mime: a.mime,
  size: a.size,
  createdAt: a.createdAt.toISOString(),
});

type DocumentRow = typeof documents.$inferSelect;
export const toDocument = (
  d: DocumentRow,
  r: Pick<RequestRow, 'number' | 'serviceSlug'>,
  service: TService | undefined,
): TDocumentRef => ({
  id: d.id,
  requestId: d.requestId,
  requestNumber: r.number,
  serviceSlug: r.serviceSlug,
  serviceLabel: labelsOf(service, r.serviceSlug),
  // A fee's payment receipt shows on its request too; the payment's reference and total are in my papers.
  paymentId: d.paymentId,
  paymentReference: null,
  totalPiastres: null,
  kind: d.kind,
  label: d.label,
  createdAt: d.createdAt.toISOString(),
});

/**
 * A request with everything its owner sees (findOne, and the answer of every change); with `staff`, also the
 * internal comments and their events, which the citizen never gets.
 */
export async function requestDetail(
  db: Db,
  row: RequestRow,
  service: TService | undefined,
  caller: RequestCaller,
  withDocuments: boolean,
  staff = false,
): Promise<TRequestDetail> {
  const [events, comments, files, docs, ratings] = await Promise.all([
    db
      .select()
      .from(requestEvents)
      .where(
        and(
          eq(requestEvents.requestId, row.id),
          staff ? undefined : sql`coalesce((${requestEvents.data}->>'internal')::boolean, false) = false`,
        ),
      )
      .orderBy(asc(requestEvents.id)),
    db
      .select()
      .from(requestComments)
      .where(and(eq(requestComments.requestId, row.id), staff ? undefined : eq(requestComments.internal, false)))
      .orderBy(asc(requestComments.id)),
    db.select().from(attachments).where(eq(attachments.requestId, row.id)).orderBy(asc(attachments.createdAt)),
    withDocuments
      ? db.select().from(documents).where(eq(documents.requestId, row.id)).orderBy(asc(documents.createdAt))
      : Promise.resolve(undefined),
    db.select().from(requestRatings).where(eq(requestRatings.requestId, row.id)),
  ]);
  const rating = ratings[0];
  return {
    ...toSummary(row, service),
    data: row.data,
    activities: row.history,
    timeline: events.map((e) => toEvent(e, service)),
    comments: comments.map((c) => toComment(c, caller)),
    attachments: files.map(toAttachment),
    ...(docs ? { documents: docs.map((d) => toDocument(d, row, service)) } : {}),
    rating: rating ? { answer: rating.answer, comment: rating.comment, createdAt: rating.createdAt.toISOString() } : null,
    serviceVersion: row.serviceVersion,
  };
}

export type RequestQuery = {
  ownerId: string;
  serviceSlug?: string | undefined;
  status?: string | undefined;
  /** A request number or part of one. */
  number?: string | undefined;
  limit: number;
  skip: number;
};

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function whereOf(q: Omit<RequestQuery, 'limit' | 'skip'>): SQL | undefined {
  return and(
    eq(requests.ownerId, q.ownerId),
    q.serviceSlug !== undefined ? eq(requests.serviceSlug, q.serviceSlug) : undefined,
    q.status !== undefined ? eq(requests.status, q.status) : undefined,
    // A whole number in either readable form (decision 061) is its stored number; a part is matched as typed.
    q.number !== undefined ? ilike(requests.number, `%${likeEscape(storedNumber(q.number) ?? q.number)}%`) : undefined,
  );
}

/** The caller's requests, newest first (one service, or all: the inbox), without data, history or hooks' data. */
export async function listRequests(db: Db, q: RequestQuery, lookup: ServiceLookup): Promise<TRequestPage> {
  const where = whereOf(q);
  const [rows, total] = await Promise.all([
    db.select().from(requests).where(where).orderBy(desc(requests.createdAt), desc(requests.id)).limit(q.limit).offset(q.skip),
    db.select({ n: count() }).from(requests).where(where),
  ]);
  return { items: rows.map((r) => toSummary(r, lookup(r.serviceSlug))), total: Number(total[0]?.n ?? 0) };
}

export async function countRequests(db: Db, q: Omit<RequestQuery, 'limit' | 'skip' | 'number'>): Promise<number> {
  const [row] = await db.select({ n: count() }).from(requests).where(whereOf(q));
  return Number(row?.n ?? 0);
}

/**
 * Attachments the caller uploaded for this service and not yet used, among the given ids (a condition on
 * `attachments`, for the update that ties them to a new request). A visitor's upload (no account) is used by the
 * visitor submission that names its id: ids are random and known only to the device that uploaded it.
 */
export function unusedUploads(caller: RequestCaller, serviceSlug: string, ids: string[]): SQL | undefined {
  return and(
    inArray(attachments.id, ids.slice(0, 200)),
    eq(attachments.serviceSlug, serviceSlug),
    isNull(attachments.requestId),
    or(
      caller.userId !== null ? eq(attachments.ownerId, caller.userId) : undefined,
      caller.ownerTokenHash !== null ? eq(attachments.ownerTokenHash, caller.ownerTokenHash) : undefined,
      caller.userId === null ? isNull(attachments.ownerId) : undefined,
    ),
  );
}
