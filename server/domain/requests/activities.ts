import { indexed, searchValuesOf } from './routing.ts';
import { eq, sql } from 'drizzle-orm';
import type { TService } from '../../../contract/catalog.ts';
import type { TComment, TRequestDetail } from '../../../contract/requests.ts';
import type { Db } from '../../db/client.ts';
import { notifications, requestComments, requestEvents, requestRatings, requests } from '../../db/schema.ts';
import { transaction } from '../../db/tx.ts';
import { AppError } from '../../http/app-error.ts';
import type { IdempotentWrite } from '../idempotency/idempotency.ts';
import { cancelTarget, citizenTransition, stageIdOf, statusOf } from './service.ts';
import { ownedRequest, requestDetail, toComment, type RequestCaller, type RequestRow } from './store.ts';
import { validActivityData } from './validate.ts';

/*
 * What the citizen does to a filed request: the activity its status asks for (complete the data when extra
 * information is needed; rate it once finished), cancel it, reply with a comment. Each is one transaction with
 * its timeline events, and completes the caller's Idempotency-Key in it (decision 020).
 */

type Change = {
  service: TService;
  requestId: string;
  caller: RequestCaller;
  idempotency?: IdempotentWrite | undefined;
  now?: Date;
};

export async function statusChanged(tx: Db, row: RequestRow, service: TService, to: string, now: Date): Promise<void> {
  if (!row.ownerId) return;
  await tx.insert(notifications).values({
    userId: row.ownerId,
    type: 'status-changed',
    data: {
      requestId: row.id,
      requestNumber: row.number,
      serviceSlug: row.serviceSlug,
      serviceLabel: { ar: service.translations.ar.serviceLabel, en: service.translations.en.serviceLabel },
      status: to,
      statusLabel: statusOf(service, to).label,
    },
    createdAt: now,
  });
}

async function moveTo(tx: Db, row: RequestRow, service: TService, to: string, actorId: string | null, now: Date) {
  const [moved] = await tx
    .update(requests)
    .set({
      status: to,
      stageId: stageIdOf(service, to),
      statusUpdatedAt: now,
      updatedAt: now,
      version: sql`${requests.version} + 1`,
      ...(stageIdOf(service, to) !== row.stageId ? { stageStartedAt: now } : {}),
    })
    .where(eq(requests.id, row.id))
    .returning();
  await tx.insert(requestEvents).values({
    requestId: row.id,
    kind: 'status',
    actorKind: 'citizen',
    actorId,
    data: { from: row.status, to },
    at: now,
  });
  return moved!;
}

const RATING_FIELD = 'rating';
const COMMENT_FIELD = 'comment';

/**
 * PATCH a request with the activity its current status names: on a final status, the rating (once:
 * ALREADY_RATED); otherwise the citizen's activity (e.g. completing the data when extra information is needed),
 * validated like a submission, which moves the request on where the workflow gives the citizen a transition
 * (needs_info back to review). Any other activity: ACTIVITY_NOT_FOUND; a final request: REQUEST_FINAL.
 */
export async function performActivity(
  db: Db,
  input: Change & { activityId: string; data: Record<string, unknown> },
): Promise<TRequestDetail> {
  const { service, caller } = input;
  const now = input.now ?? new Date();
  return transaction(db, async (tx) => {
    const row = await ownedRequest(tx, caller, service.serviceSlug, { id: input.requestId }, true);
    const status = statusOf(service, row.status);
    if (status.activityId !== input.activityId) {
      if (status.final) throw new AppError('REQUEST_FINAL', 'The request is closed');
      throw new AppError('ACTIVITY_NOT_FOUND', `The request's status does not ask for ${input.activityId}`);
    }
    const data = validActivityData(service, input.activityId, input.data);
    let current = row;
    if (status.final) {
      // The rating of a finished request (spec "Rating"): one of three answers and an optional comment.
      const answer = Number(data[RATING_FIELD]);
      if (![1, 2, 3].includes(answer))
        throw new AppError('INVALID_INPUT', 'Choose one of the answers', { fieldErrors: { [RATING_FIELD]: ['required'] } });
      const text = data[COMMENT_FIELD];
      const comment = typeof text === 'string' && text.trim() !== '' ? text.trim() : null;
      const rated = await tx
        .insert(requestRatings)
        .values({ requestId: row.id, answer, comment, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: requestRatings.requestId });
      if (rated.length === 0) throw new AppError('ALREADY_RATED', 'This request was rated already');
      await tx.insert(requestEvents).values({
        requestId: row.id,
        kind: 'rated',
        actorKind: 'citizen',
        actorId: caller.userId,
        data: { activityId: input.activityId },
        at: now,
      });
    } else {
      const to = citizenTransition(service, row.status);
      // Payments (the pay activity) are moved on by the gateway, not by the citizen's form: a later issue.
      if (!to) throw new AppError('ACTIVITY_NOT_FOUND', `${input.activityId} is not done through this form`);
      const record = {
        activityId: input.activityId,
        data,
        at: now.toISOString(),
        by: { kind: 'citizen' as const, name: null },
      };
      const isCreating = input.activityId === row.activityId;
      const [updated] = await tx
        .update(requests)
        .set({
          // The filing data corrected: what the inbox searches follows it (the routing stays where it was filed).
          ...(isCreating
            ? {
                data,
                searchValues: searchValuesOf(service, input.activityId, data),
                nationalId: indexed(service, input.activityId, data, 'nationalId'),
                applicantName: indexed(service, input.activityId, data, 'applicantName') ?? row.applicantName,
              }
            : {}),
          history: [...row.history, record],
          updatedAt: now,
          // The move just below counts the change (one version per write).
        })
        .where(eq(requests.id, row.id))
        .returning();
      await tx.insert(requestEvents).values({
        requestId: row.id,
        kind: 'activity',
        actorKind: 'citizen',
        actorId: caller.userId,
        data: { activityId: input.activityId },
        at: now,
      });
      current = await moveTo(tx, updated!, service, to, caller.userId, now);
    }
    const answer = await requestDetail(tx, current, service, caller, false);
    await input.idempotency?.complete(tx, answer);
    return answer;
  });
}

/** Cancels a request that is not final, where its workflow lets the citizen (before the work starts). */
export async function cancelRequest(db: Db, input: Change & { reason?: string | undefined }): Promise<TRequestDetail> {
  const { service, caller } = input;
  const now = input.now ?? new Date();
  return transaction(db, async (tx) => {
    const row = await ownedRequest(tx, caller, service.serviceSlug, { id: input.requestId }, true);
    if (statusOf(service, row.status).final) throw new AppError('REQUEST_FINAL', 'The request is closed');
    const to = cancelTarget(service, row.status);
    if (!to) throw new AppError('FORBIDDEN', 'The work on this request has started: it can no longer be cancelled');
    const moved = await moveTo(tx, row, service, to, caller.userId, now);
    if (input.reason) {
      await tx
        .insert(requestComments)
        .values({ requestId: row.id, authorKind: 'citizen', authorId: caller.userId, body: input.reason, createdAt: now });
    }
    await statusChanged(tx, moved, service, to, now);
    const answer = await requestDetail(tx, moved, service, caller, false);
    await input.idempotency?.complete(tx, answer);
    return answer;
  });
}

/** The citizen's reply on a request that is not closed: a comment and its timeline event. */
export async function commentOnRequest(db: Db, input: Change & { body: string }): Promise<TComment> {
  const { service, caller } = input;
  const now = input.now ?? new Date();
  return transaction(db, async (tx) => {
    const row = await ownedRequest(tx, caller, service.serviceSlug, { id: input.requestId }, true);
    if (statusOf(service, row.status).final) throw new AppError('REQUEST_FINAL', 'The request is closed');
    const [comment] = await tx
      .insert(requestComments)
      .values({ requestId: row.id, authorKind: 'citizen', authorId: caller.userId, body: input.body, createdAt: now })
      .returning();
    await tx.insert(requestEvents).values({
      requestId: row.id,
      kind: 'comment',
      actorKind: 'citizen',
      actorId: caller.userId,
      data: { commentId: String(comment!.id) },
      at: now,
    });
    await tx
      .update(requests)
      .set({ updatedAt: now, citizenCommentAt: now, version: sql`${requests.version} + 1` })
      .where(eq(requests.id, row.id));
    const answer = toComment(comment!, caller);
    await input.idempotency?.complete(tx, answer);
    return answer;
  });
}
