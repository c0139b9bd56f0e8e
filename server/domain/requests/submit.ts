import { indexed } from './routing.ts';
import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { cairoDate } from '../../../contract/availability.ts';
import type { TService } from '../../../contract/catalog.ts';
import type { TSubmitResult } from '../../../contract/requests.ts';
import type { Db } from '../../db/client.ts';
import { attachments, drafts, requestCounters, requests } from '../../db/schema.ts';
import { transaction } from '../../db/tx.ts';
import { AppError } from '../app-error.ts';
import { hashOwnerToken, type IdempotentWrite } from '../idempotency/idempotency.ts';
import { documentKey, issueReceipt } from '../documents/issue.ts';
import { initialState, recordFiling } from './lifecycle.ts';
import { routingOf, searchValuesOf } from './routing.ts';
import { assertOpen, creatingActivity } from './service.ts';
import { toSummary, unusedUploads } from './store.ts';
import { activityFields, validActivityData } from './validate.ts';
import type { TLang } from '../../../contract/basics.ts';

export type SubmitRequest = {
  service: TService;
  activityId: string;
  data: Record<string, unknown>;
  /** The server draft the data comes from (deleted with the submission). */
  draftId?: string | undefined;
  /** The owner: the signed-in citizen, or null for a visitor (only where the service allows anonymous requests). */
  userId: string | null;
  /** An employee or agent filing on the owner's behalf (decision 025): recorded, and named on the timeline. */
  filedBy?: { id: string; name: string } | undefined;
  lang: TLang;
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

/** The attachment ids the data's file and image fields name (the upload's answer: `{ id, name, ... }`). */
function uploadIds(service: TService, activityId: string, data: Record<string, unknown>): string[] {
  const fields = activityFields(service, activityId) ?? {};
  const ids: string[] = [];
  for (const [k, f] of Object.entries(fields)) {
    const v = data[k];
    if ((f.type !== 'file' && f.type !== 'image') || !Array.isArray(v)) continue;
    for (const item of v) {
      const id = (item as { id?: unknown } | null)?.id;
      if (typeof id === 'string' && ids.length < 200) ids.push(id);
    }
  }
  return ids;
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
  const candidates = uploadIds(service, input.activityId, data);
  const year = Number(cairoDate(now).slice(0, 4));

  // The number is taken in its own statement, before the transaction: the counter row is then locked for one
  // statement, not for the whole write, so submissions of one service do not queue behind each other. A write
  // that fails after this leaves a gap; numbers are unique and increasing, not gapless (decision 020).
  const number = await nextNumber(db, service.serviceSlug, year);
  const routing = await routingOf(db, data, { service, activityId: input.activityId, ownerId: userId });

  return transaction(db, async (tx) => {
    let owner: { firstName: string; lastName: string; email: string | null; mobile: string | null } | undefined;
    if (userId !== null) {
      // A second identical submission while the first is still being written (two taps, two tabs): refused.
      const lock = `submit:${userId}:${service.serviceSlug}:${input.activityId}`;
      const result = await tx.execute(
        sql`select pg_try_advisory_xact_lock(hashtextextended(${lock}, 0)) as ok, first_name, last_name, email, mobile
            from users where id = ${userId}`,
      );
      const [got] = (
        result as unknown as {
          rows: { ok: boolean; first_name: string; last_name: string; email: string | null; mobile: string | null }[];
        }
      ).rows;
      if (got && !got.ok) throw new AppError('DUPLICATE_REQUEST', 'The same request is being filed already');
      if (got) owner = { firstName: got.first_name, lastName: got.last_name, email: got.email, mobile: got.mobile };
    }
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
        ...initialState(service, now),
        ownerId: userId,
        ownerTokenHash: ownerToken ? hashOwnerToken(ownerToken) : null,
        applicantName:
          indexed(service, input.activityId, data, 'applicantName') ?? (owner ? `${owner.firstName} ${owner.lastName}` : null),
        nationalId: indexed(service, input.activityId, data, 'nationalId'),
        data,
        ...routing,
        searchValues: searchValuesOf(service, input.activityId, data),
        filedById: input.filedBy?.id ?? null,
        lang: input.lang,
      })
      .returning();
    // Files filed on a citizen's behalf were uploaded by the employee or agent: they become the citizen's.
    const uploader = input.filedBy?.id ?? userId;
    const used = await unusedUploads(tx, { userId: uploader, ownerTokenHash: null }, service.serviceSlug, candidates);
    if (used.length > 0)
      await tx.update(attachments).set({ requestId: id, ownerId: userId }).where(inArray(attachments.id, used));
    await issueReceipt(tx, key, id, userId, now);
    await recordFiling(tx, {
      row: row!,
      service,
      actor: input.filedBy
        ? { kind: 'staff', id: input.filedBy.id, name: input.filedBy.name, roles: [] }
        : { kind: 'citizen', id: userId },
      owner,
      appOrigin: input.appOrigin,
    });
    if (userId !== null && owner && input.draftId)
      await tx.delete(drafts).where(and(eq(drafts.id, input.draftId), eq(drafts.ownerId, userId)));
    const answer: TSubmitResult = { ...toSummary(row!, service), ...(ownerToken ? { ownerToken } : {}) };
    await input.idempotency?.complete(tx, answer);
    return answer;
  });
}
