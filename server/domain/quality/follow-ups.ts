import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { TService } from '../../../contract/catalog.ts';
import {
  LOW_RATING_MAX,
  QUALITY_FOLLOW_UP_DAYS,
  type TFollowUp,
  type TFollowUpStatus,
  type TQualityComment,
} from '../../../contract/quality.ts';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/tx.ts';
import { qualityFollowUps, requestRatings, requests } from '../../db/schema.ts';
import { AppError } from '../app-error.ts';
import { tellQualityReply } from '../requests/lifecycle.ts';
import { scopeCondition, type StaffMember } from '../staff/scope.ts';

/*
 * Quality follow-ups (issue 26, decision 066): a rating of 1 or 2, or a rating with a comment, opens one (in the
 * rating's transaction); the service-quality staff reply to the citizen (told through the request's lifecycle:
 * in the app, e-mail, SMS, push) and move it open -> contacted -> resolved. Only requests in the staff member's
 * scope (company, sector, service centers): another's is 404.
 */

export type QualityContext = {
  member: StaffMember;
  services: (slug: string) => TService | undefined;
  appOrigin: string;
};

const DAY_MS = 86_400_000;
const labelOf = (s: TService | undefined) =>
  s ? { ar: s.translations.ar.serviceLabel, en: s.translations.en.serviceLabel } : null;

/** Whether a rating opens a follow-up: a low answer, or a comment (a complaint the portal cannot tell from praise). */
export const opensFollowUp = (answer: number, comment: string | null): boolean =>
  answer <= LOW_RATING_MAX || (comment !== null && comment.trim() !== '');

/** Opens the request's follow-up when its rating asks for one (once per request). */
export async function openFollowUpFor(
  tx: Db,
  r: { requestId: string; answer: number; comment: string | null; now: Date },
): Promise<void> {
  if (!opensFollowUp(r.answer, r.comment)) return;
  await tx.insert(qualityFollowUps).values({ requestId: r.requestId, createdAt: r.now, updatedAt: r.now }).onConflictDoNothing();
}

const assignee = sql<
  string | null
>`(select u.first_name || ' ' || u.last_name from users u where u.id = ${qualityFollowUps.assigneeId})`;
const citizen = sql<string | null>`(select u.first_name || ' ' || u.last_name from users u where u.id = ${requests.ownerId})`;

const followUpColumns = {
  id: qualityFollowUps.id,
  status: qualityFollowUps.status,
  reply: qualityFollowUps.reply,
  repliedAt: qualityFollowUps.repliedAt,
  createdAt: qualityFollowUps.createdAt,
  requestId: requests.id,
  number: requests.number,
  serviceSlug: requests.serviceSlug,
  answer: requestRatings.answer,
  comment: requestRatings.comment,
  assigneeName: assignee,
  citizenName: citizen,
};
type FollowUpRaw = {
  id: number;
  status: TFollowUpStatus;
  reply: string | null;
  repliedAt: Date | null;
  createdAt: Date;
  requestId: string;
  number: string;
  serviceSlug: string;
  answer: number;
  comment: string | null;
  assigneeName: string | null;
  citizenName: string | null;
};

function toFollowUp(x: FollowUpRaw, ctx: QualityContext, now: Date): TFollowUp {
  const due = new Date(x.createdAt.getTime() + QUALITY_FOLLOW_UP_DAYS * DAY_MS);
  return {
    id: String(x.id),
    requestId: x.requestId,
    requestNumber: x.number,
    serviceSlug: x.serviceSlug,
    serviceLabel: labelOf(ctx.services(x.serviceSlug)),
    citizenName: x.citizenName?.trim() || null,
    answer: x.answer,
    comment: x.comment,
    status: x.status,
    assigneeName: x.assigneeName?.trim() || null,
    reply: x.reply,
    repliedAt: x.repliedAt?.toISOString() ?? null,
    createdAt: x.createdAt.toISOString(),
    dueAt: due.toISOString(),
    overdue: x.status !== 'resolved' && due < now,
  };
}

const joined = (db: Db) =>
  db
    .select(followUpColumns)
    .from(qualityFollowUps)
    .innerJoin(requests, eq(requests.id, qualityFollowUps.requestId))
    .innerJoin(requestRatings, eq(requestRatings.requestId, qualityFollowUps.requestId));

/** The follow-ups in scope: unresolved ones first, the oldest (most overdue) first; resolved ones newest first. */
export async function listFollowUps(
  db: Db,
  ctx: QualityContext,
  q: { status?: TFollowUpStatus | undefined; limit: number; skip: number },
  now = new Date(),
): Promise<{ items: TFollowUp[]; total: number }> {
  const where = and(scopeCondition(ctx.member), q.status ? eq(qualityFollowUps.status, q.status) : undefined);
  const [rows, [count]] = await Promise.all([
    joined(db)
      .where(where)
      .orderBy(
        sql`(${qualityFollowUps.status} = 'resolved')`,
        q.status === 'resolved' ? desc(qualityFollowUps.createdAt) : asc(qualityFollowUps.createdAt),
        asc(qualityFollowUps.id),
      )
      .limit(q.limit)
      .offset(q.skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(qualityFollowUps)
      .innerJoin(requests, eq(requests.id, qualityFollowUps.requestId))
      .where(where),
  ]);
  return { items: rows.map((x) => toFollowUp(x as FollowUpRaw, ctx, now)), total: Number(count?.n ?? 0) };
}

/** One follow-up in scope, its row locked for a change; else 404. */
async function followUpFor(tx: Db, ctx: QualityContext, id: string, lock: boolean): Promise<FollowUpRaw> {
  if (!/^\d{1,15}$/.test(id)) throw new AppError('MODEL_NOT_FOUND', 'No such follow-up');
  const base = joined(tx).where(and(eq(qualityFollowUps.id, Number(id)), scopeCondition(ctx.member)));
  const [row] = lock ? await base.for('update', { of: qualityFollowUps }) : await base;
  if (!row) throw new AppError('MODEL_NOT_FOUND', 'No such follow-up');
  return row as FollowUpRaw;
}

/**
 * A reply to the citizen: told through the request's lifecycle (in the app, e-mail, SMS, push through the outbox),
 * kept on the follow-up, which becomes contacted (and assigned to who replied, if nobody was).
 */
export async function replyToFollowUp(
  db: Db,
  ctx: QualityContext,
  input: { id: string; message: string },
  now = new Date(),
): Promise<TFollowUp> {
  return transaction(db, async (tx) => {
    const f = await followUpFor(tx, ctx, input.id, true);
    if (f.status === 'resolved') throw new AppError('FOLLOW_UP_CLOSED', 'This follow-up is resolved');
    const [row] = await tx.select().from(requests).where(eq(requests.id, f.requestId));
    const service = ctx.services(f.serviceSlug);
    if (!row || !service) throw new AppError('MODEL_NOT_FOUND', 'No such request');
    const [updated] = await tx
      .update(qualityFollowUps)
      .set({
        status: 'contacted',
        reply: input.message,
        repliedAt: now,
        updatedAt: now,
        assigneeId: sql`coalesce(${qualityFollowUps.assigneeId}, ${ctx.member.id})`,
      })
      .where(eq(qualityFollowUps.id, f.id))
      .returning({ id: qualityFollowUps.id });
    await tellQualityReply(tx, {
      row,
      service,
      note: input.message,
      key: `${updated!.id}:${now.getTime()}`,
      appOrigin: ctx.appOrigin,
      now,
    });
    return toFollowUp(await followUpFor(tx, ctx, input.id, false), ctx, now);
  });
}

/** open -> contacted -> resolved; a resolved follow-up is final (FOLLOW_UP_CLOSED). */
export async function moveFollowUp(
  db: Db,
  ctx: QualityContext,
  input: { id: string; status: 'contacted' | 'resolved' },
  now = new Date(),
): Promise<TFollowUp> {
  return transaction(db, async (tx) => {
    const f = await followUpFor(tx, ctx, input.id, true);
    if (f.status === 'resolved') throw new AppError('FOLLOW_UP_CLOSED', 'This follow-up is resolved');
    await tx
      .update(qualityFollowUps)
      .set({
        status: input.status,
        updatedAt: now,
        ...(input.status === 'resolved' ? { resolvedAt: now } : {}),
        assigneeId: sql`coalesce(${qualityFollowUps.assigneeId}, ${ctx.member.id})`,
      })
      .where(eq(qualityFollowUps.id, f.id));
    return toFollowUp(await followUpFor(tx, ctx, input.id, false), ctx, now);
  });
}

/* ------------------------------------------------- comments ------------------------------------------------- */

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The citizens' ratings in scope, newest first: with a comment only unless an answer is chosen; `q` searches the
 * comment's words and the request number (case-insensitive).
 */
export async function listComments(
  db: Db,
  ctx: QualityContext,
  q: { q?: string | undefined; service?: string | undefined; answer?: number | undefined; limit: number; skip: number },
): Promise<{ items: TQualityComment[]; total: number }> {
  const words = (q.q ?? '').split(/\s+/).filter((w) => w !== '');
  const conditions: (SQL | undefined)[] = [
    scopeCondition(ctx.member),
    q.service ? eq(requests.serviceSlug, q.service) : undefined,
    q.answer !== undefined ? eq(requestRatings.answer, q.answer) : sql`${requestRatings.comment} is not null`,
    ...words.map((w) => sql`(${requestRatings.comment} ilike ${likeText(w)} or ${requests.number} ilike ${likeText(w)})`),
  ];
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        requestId: requests.id,
        number: requests.number,
        serviceSlug: requests.serviceSlug,
        answer: requestRatings.answer,
        comment: requestRatings.comment,
        createdAt: requestRatings.createdAt,
        followUpId: qualityFollowUps.id,
      })
      .from(requestRatings)
      .innerJoin(requests, eq(requests.id, requestRatings.requestId))
      .leftJoin(qualityFollowUps, eq(qualityFollowUps.requestId, requestRatings.requestId))
      .where(where)
      .orderBy(desc(requestRatings.createdAt), asc(requests.id))
      .limit(q.limit)
      .offset(q.skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(requestRatings)
      .innerJoin(requests, eq(requests.id, requestRatings.requestId))
      .where(where),
  ]);
  return {
    items: rows.map((x) => ({
      requestId: x.requestId,
      requestNumber: x.number,
      serviceSlug: x.serviceSlug,
      serviceLabel: labelOf(ctx.services(x.serviceSlug)),
      answer: x.answer,
      comment: x.comment,
      createdAt: x.createdAt.toISOString(),
      followUpId: x.followUpId === null ? null : String(x.followUpId),
    })),
    total: Number(count?.n ?? 0),
  };
}
