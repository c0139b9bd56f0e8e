import { openFollowUpFor } from '../quality/follow-ups.ts';
import { indexed, searchValuesOf } from './routing.ts';
import type { TService } from '../../../contract/catalog.ts';
import type { TComment, TRequestDetail } from '../../../contract/requests.ts';
import type { Db } from '../../db/client.ts';
import { requestRatings } from '../../db/schema.ts';
import { transaction } from '../../db/tx.ts';
import { AppError } from '../app-error.ts';
import type { IdempotentWrite } from '../idempotency/idempotency.ts';
import { commentOn, moveRequest, recordRating, type Actor } from './lifecycle.ts';
import { cancelTarget, citizenTransition, statusOf } from './service.ts';
import { ownedRequest, requestDetail, toComment, type RequestCaller } from './store.ts';
import { validActivityData, withOwnerProfile } from './validate.ts';
import { serviceAtVersion } from '../catalog/versions.ts';

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

/** A change that moves the request: the portal's origin, for the links in the owner's e-mail. */
type Moving = Change & { appOrigin: string };

const citizen = (caller: RequestCaller): Actor => ({ kind: 'citizen', id: caller.userId });

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
  input: Moving & { activityId: string; data: Record<string, unknown> },
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
    // The forms of the version the request was filed with (issue 26): a later version does not change its questions.
    const filed = await serviceAtVersion(tx, service, row.serviceVersion);
    const sent = await withOwnerProfile(tx, filed, input.activityId, row.ownerId, input.data);
    const data = validActivityData(filed, input.activityId, sent);
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
      // A low rating, or one with a comment, opens a quality follow-up in the same transaction (issue 26).
      await openFollowUpFor(tx, { requestId: row.id, answer, comment, now });
      await recordRating(tx, { row, service, actor: citizen(caller), activityId: input.activityId, now });
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
      current = await moveRequest(tx, {
        row,
        service,
        to,
        actor: citizen(caller),
        appOrigin: input.appOrigin,
        now,
        cause: { kind: 'activity', data: { activityId: input.activityId } },
        set: {
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
        },
      });
    }
    const answer = await requestDetail(tx, current, service, caller, false);
    await input.idempotency?.complete(tx, answer);
    return answer;
  });
}

/** Cancels a request that is not final, where its workflow lets the citizen (before the work starts). */
export async function cancelRequest(db: Db, input: Moving & { reason?: string | undefined }): Promise<TRequestDetail> {
  const { service, caller } = input;
  const now = input.now ?? new Date();
  return transaction(db, async (tx) => {
    const row = await ownedRequest(tx, caller, service.serviceSlug, { id: input.requestId }, true);
    if (statusOf(service, row.status).final) throw new AppError('REQUEST_FINAL', 'The request is closed');
    const to = cancelTarget(service, row.status);
    if (!to) throw new AppError('FORBIDDEN', 'The work on this request has started: it can no longer be cancelled');
    const moved = await moveRequest(tx, {
      row,
      service,
      to,
      actor: citizen(caller),
      appOrigin: input.appOrigin,
      now,
      // The reason is kept as the citizen's comment; the cancellation's event stands for it on the timeline.
      ...(input.reason ? { comment: { body: input.reason, onTimeline: false } } : {}),
    });
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
    const { comment } = await commentOn(tx, {
      row,
      actor: citizen(caller),
      body: input.body,
      internal: false,
      now,
      touch: true,
      tell: { service },
    });
    const answer = toComment(comment, caller);
    await input.idempotency?.complete(tx, answer);
    return answer;
  });
}
