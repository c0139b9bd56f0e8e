import { and, count, desc, eq, lt } from 'drizzle-orm';
import type { TService } from '../../../contract/catalog.ts';
import type { TDraft } from '../../../contract/requests.ts';
import type { Db } from '../../db/client.ts';
import { drafts, users } from '../../db/schema.ts';
import { transaction } from '../../db/tx.ts';
import { AppError } from '../app-error.ts';
import type { ServiceLookup } from './store.ts';

/*
 * Drafts kept on the server ("save as draft", continued on another device), under the id the device made. A
 * draft is its owner's only: another user's id is answered as if it did not exist. An account keeps at most
 * `maxDrafts` drafts of at most `maxBytes` of data each (decision 037: QUOTA_EXCEEDED, PAYLOAD_TOO_LARGE).
 */

type DraftRow = typeof drafts.$inferSelect;

const toDraft = (d: DraftRow, service: TService | undefined): TDraft => ({
  id: d.id,
  serviceSlug: d.serviceSlug,
  serviceLabel: service
    ? { ar: service.translations.ar.serviceLabel, en: service.translations.en.serviceLabel }
    : { ar: d.serviceSlug, en: d.serviceSlug },
  activityId: d.activityId,
  stepId: d.stepId,
  data: d.data,
  createdAt: d.createdAt.toISOString(),
  updatedAt: d.updatedAt.toISOString(),
});

export type SaveDraft = {
  userId: string;
  id: string;
  service: TService;
  activityId: string;
  stepId?: string | undefined;
  data: Record<string, unknown>;
  /** The account's quota: drafts kept, and each one's data as JSON text in bytes (contract/limits.ts). */
  maxDrafts: number;
  maxBytes: number;
  now?: Date;
};

/** Creates or replaces the caller's draft. Someone else's id: 404 (their draft stays as it is). */
export async function saveDraft(db: Db, input: SaveDraft): Promise<TDraft> {
  const { service } = input;
  if (!service.activities.some((a) => a.activityId === input.activityId))
    throw new AppError('ACTIVITY_NOT_FOUND', `${service.serviceSlug} has no activity ${input.activityId}`);
  const bytes = Buffer.byteLength(JSON.stringify(input.data));
  if (bytes > input.maxBytes)
    throw new AppError('PAYLOAD_TOO_LARGE', `A draft holds at most ${input.maxBytes} bytes of data (${bytes} sent)`);
  const now = input.now ?? new Date();
  const values = {
    serviceSlug: service.serviceSlug,
    activityId: input.activityId,
    stepId: input.stepId ?? null,
    data: input.data,
    updatedAt: now,
  };
  const row = await transaction(db, async (tx) => {
    // Under the owner's row lock, so that two new drafts at once cannot both pass the count.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('update');
    const [mine] = await tx
      .select({ id: drafts.id })
      .from(drafts)
      .where(and(eq(drafts.id, input.id), eq(drafts.ownerId, input.userId)));
    if (!mine) {
      const [kept] = await tx.select({ n: count() }).from(drafts).where(eq(drafts.ownerId, input.userId));
      if (Number(kept?.n ?? 0) >= input.maxDrafts)
        throw new AppError('QUOTA_EXCEEDED', `At most ${input.maxDrafts} drafts are kept per account`, {
          details: ['drafts', String(input.maxDrafts)],
        });
    }
    const [saved] = await tx
      .insert(drafts)
      .values({ id: input.id, ownerId: input.userId, ...values, createdAt: now })
      .onConflictDoUpdate({ target: drafts.id, set: values, setWhere: eq(drafts.ownerId, input.userId) })
      .returning();
    return saved;
  });
  if (!row) throw new AppError('MODEL_NOT_FOUND', 'No such draft');
  return toDraft(row, service);
}

export async function listDrafts(
  db: Db,
  q: { userId: string; serviceSlug?: string | undefined; limit: number; skip: number },
  lookup: ServiceLookup,
): Promise<{ items: TDraft[]; total: number }> {
  const where = and(eq(drafts.ownerId, q.userId), q.serviceSlug ? eq(drafts.serviceSlug, q.serviceSlug) : undefined);
  const [rows, total] = await Promise.all([
    db.select().from(drafts).where(where).orderBy(desc(drafts.updatedAt), desc(drafts.id)).limit(q.limit).offset(q.skip),
    db.select({ n: count() }).from(drafts).where(where),
  ]);
  return { items: rows.map((d) => toDraft(d, lookup(d.serviceSlug))), total: Number(total[0]?.n ?? 0) };
}

/** Deletes the caller's draft; `deleted: false` when there is none of theirs by that id (gone, or someone else's). */
export async function deleteDraft(db: Db, userId: string, id: string): Promise<{ deleted: boolean }> {
  const gone = await db
    .delete(drafts)
    .where(and(eq(drafts.id, id), eq(drafts.ownerId, userId)))
    .returning({ id: drafts.id });
  return { deleted: gone.length > 0 };
}

/** Retention (issue 28): drafts nobody touched since `before` go; the uploads they named then go as unclaimed. */
export async function purgeStaleDrafts(db: Db, before: Date): Promise<number> {
  const gone = await db.delete(drafts).where(lt(drafts.updatedAt, before)).returning({ id: drafts.id });
  return gone.length;
}
