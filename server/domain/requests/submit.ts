import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { cairoDate } from '../../../contract/availability.ts';
import type { TService } from '../../../contract/catalog.ts';
import type { TSubmitResult } from '../../../contract/requests.ts';
import type { Db } from '../../db/client.ts';
import { attachments, drafts, notifications, requestCounters, requestEvents, requests, users } from '../../db/schema.ts';
import { transaction } from '../../db/tx.ts';
import { AppError } from '../../http/app-error.ts';
import { hashOwnerToken, type IdempotentWrite } from '../idempotency/idempotency.ts';
import { email, sms, type Lang } from '../identity/messages.ts';
import { enqueue } from '../outbox/outbox.ts';
import { documentKey, issueReceipt } from './documents.ts';
import { requestLink, requestTemplates } from './messages.ts';
import { assertOpen, creatingActivity, stageIdOf, statusOf } from './service.ts';
import { toSummary, unusedUploads } from './store.ts';
import { activityFields, validActivityData } from './validate.ts';

export type SubmitRequest = {
  service: TService;
  activityId: string;
  data: Record<string, unknown>;
  /** The server draft the data comes from (deleted with the submission). */
  draftId?: string | undefined;
  /** The signed-in filer, or null for a visitor (only where the service allows anonymous requests). */
  userId: string | null;
  lang: Lang;
  appOrigin: string;
  /** Completes the caller's Idempotency-Key in the submit transaction (decision 020). */
  idempotency?: IdempotentWrite | undefined;
  now?: Date;
};

/** The next number of a service in a year: the counter row is locked until the submit transaction ends. */
export async function nextNumber(tx: Db, serviceSlug: string, year: number): Promise<string> {
  const [row] = await tx
    .insert(requestCounters)
    .values({ serviceSlug, year, last: 1 })
    .onConflictDoUpdate({
      target: [requestCounters.serviceSlug, requestCounters.year],
      set: { last: sql`${requestCounters.last} + 1` },
    })
    .returning({ last: requestCounters.last });
  return `${serviceSlug}-${year}-${String(row!.last).padStart(6, '0')}`;
}

/** Every string inside the data (attachment ids are strings in file fields), bounded. */
function stringsIn(data: unknown, out: Set<string> = new Set(), depth = 0): Set<string> {
  if (out.size >= 200 || depth > 6) return out;
  if (typeof data === 'string') {
    if (data.length <= 64) out.add(data);
  } else if (Array.isArray(data)) for (const v of data) stringsIn(v, out, depth + 1);
  else if (data !== null && typeof data === 'object') for (const v of Object.values(data)) stringsIn(v, out, depth + 1);
  return out;
}

/** The value of the field a service marks with a dataIndex (applicantName, nationalId), if it is text. */
function indexed(service: TService, activityId: string, data: Record<string, unknown>, index: string): string | null {
  const fields = activityFields(service, activityId) ?? {};
  const id = Object.keys(fields).find((k) => fields[k]!.dataIndex === index);
  const v = id ? data[id] : undefined;
  return typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, 200) : null;
}

/**
 * Files a request (spec section 7 `POST /{service}`), in one transaction: the number (`SLUG-YYYY-000123`), the
 * request in the workflow's initial status and stage, its `created` event, the "request submitted" notification
 * and its e-mail and SMS (outbox, decision 010), the receipt, the uploads it names, and the caller's
 * Idempotency-Key with this answer. A visitor (allowAnonymous services only) gets an owner token, once; only its
 * hash is kept. The same citizen filing the same activity of the same service twice at once gets
 * DUPLICATE_REQUEST for the second.
 */
export async function submitRequest(db: Db, input: SubmitRequest): Promise<TSubmitResult> {
  const { service, userId } = input;
  const now = input.now ?? new Date();
  assertOpen(service);
  if (userId === null && !service.allowAnonymous) throw new AppError('UNAUTHORIZED', 'Sign in to file this request');
  const activity = creatingActivity(service);
  if (!activity || activity.activityId !== input.activityId)
    throw new AppError('ACTIVITY_NOT_FOUND', `${service.serviceSlug} has no activity ${input.activityId} to file`);
  const data = validActivityData(service, input.activityId, input.data);

  const key = await documentKey(db);
  const ownerToken = userId === null ? crypto.randomBytes(32).toString('base64url') : undefined;
  const candidates = [...stringsIn(data)];
  const status = service.workflow.initialStatus;
  const year = Number(cairoDate(now).slice(0, 4));

  return transaction(db, async (tx) => {
    if (userId !== null) {
      // A second identical submission while the first is still being written (two taps, two tabs).
      const lock = `submit:${userId}:${service.serviceSlug}:${input.activityId}`;
      const [got] = await tx
        .execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(hashtextextended(${lock}, 0)) as ok`)
        .then((r) => (r as unknown as { rows: { ok: boolean }[] }).rows);
      if (!got?.ok) throw new AppError('DUPLICATE_REQUEST', 'The same request is being filed already');
    }
    const owner = userId
      ? (
          await tx
            .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, mobile: users.mobile })
            .from(users)
            .where(eq(users.id, userId))
        )[0]
      : undefined;
    const number = await nextNumber(tx, service.serviceSlug, year);
    const id = crypto.randomUUID();
    const [row] = await tx
      .insert(requests)
      .values({
        id,
        number,
        serviceId: service.id,
        serviceSlug: service.serviceSlug,
        serviceVersion: service.version,
        activityId: input.activityId,
        status,
        stageId: stageIdOf(service, status),
        stageStartedAt: now,
        ownerId: userId,
        ownerTokenHash: ownerToken ? hashOwnerToken(ownerToken) : null,
        applicantName:
          indexed(service, input.activityId, data, 'applicantName') ?? (owner ? `${owner.firstName} ${owner.lastName}` : null),
        nationalId: indexed(service, input.activityId, data, 'nationalId'),
        data,
        lang: input.lang,
        statusUpdatedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(requestEvents).values({
      requestId: id,
      kind: 'created',
      actorKind: 'citizen',
      actorId: userId,
      data: { activityId: input.activityId, to: status },
      at: now,
    });
    const used = await unusedUploads(tx, { userId, ownerTokenHash: null }, service.serviceSlug, candidates);
    if (used.length > 0) await tx.update(attachments).set({ requestId: id }).where(inArray(attachments.id, used));
    await issueReceipt(tx, key, id, userId, now);
    const serviceLabel = { ar: service.translations.ar.serviceLabel, en: service.translations.en.serviceLabel };
    if (userId !== null && owner) {
      const st = statusOf(service, status);
      await tx.insert(notifications).values({
        userId,
        type: 'request-submitted',
        data: {
          requestId: id,
          requestNumber: number,
          serviceSlug: service.serviceSlug,
          serviceLabel,
          status,
          statusLabel: st.label,
        },
        createdAt: now,
      });
      const link = requestLink(input.appOrigin, service.serviceSlug, id);
      if (owner.email)
        await enqueue(
          tx,
          email(
            owner.email,
            input.lang,
            requestTemplates.submitted(owner.firstName, number, serviceLabel, link),
            `request-submitted:${id}:email`,
          ),
        );
      if (owner.mobile)
        await enqueue(
          tx,
          sms(owner.mobile, input.lang, requestTemplates.submittedSms(number, serviceLabel), `request-submitted:${id}:sms`),
        );
      if (input.draftId) await tx.delete(drafts).where(and(eq(drafts.id, input.draftId), eq(drafts.ownerId, userId)));
    }
    const answer: TSubmitResult = { ...toSummary(row!, service), ...(ownerToken ? { ownerToken } : {}) };
    await input.idempotency?.complete(tx, answer);
    return answer;
  });
}
