import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { TNotification } from '../../../contract/requests.ts';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';

/*
 * In-app notifications (spec section 7 "Notifications"): the list, the unseen count for the header bell, and
 * marking read (opened) or seen (the bell was opened). A user reaches only their own.
 */

type Row = typeof notifications.$inferSelect;

const toNotification = (n: Row): TNotification => ({
  id: String(n.id),
  type: n.type,
  data: n.data,
  isSeen: n.isSeen,
  isRead: n.isRead,
  createdAt: n.createdAt.toISOString(),
});

export async function unseenCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isSeen, false)));
  return Number(row?.n ?? 0);
}

export async function listNotifications(
  db: Db,
  q: { userId: string; limit: number; skip: number },
): Promise<{ items: TNotification[]; total: number; unseen: number }> {
  const where = eq(notifications.userId, q.userId);
  const [rows, total, unseen] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(q.limit)
      .offset(q.skip),
    db.select({ n: count() }).from(notifications).where(where),
    unseenCount(db, q.userId),
  ]);
  return { items: rows.map(toNotification), total: Number(total[0]?.n ?? 0), unseen };
}

const mine = (userId: string, ids: string[] | undefined): SQL | undefined =>
  and(eq(notifications.userId, userId), ids ? inArray(notifications.id, ids.map(Number)) : undefined);

/** Marks the given notifications (or all, `all: true`) read, and so seen. Nothing named: nothing changes. */
export async function markAsRead(db: Db, userId: string, body: { ids?: string[] | undefined; all?: boolean | undefined }) {
  if (!body.all && (!body.ids || body.ids.length === 0)) return { updated: 0 };
  const done = await db
    .update(notifications)
    .set({ isRead: true, isSeen: true })
    .where(and(mine(userId, body.all ? undefined : body.ids), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return { updated: done.length };
}

/** Marks the given notifications (or all of them) seen. */
export async function markAsSeen(db: Db, userId: string, body: { ids?: string[] | undefined }) {
  const done = await db
    .update(notifications)
    .set({ isSeen: true })
    .where(and(mine(userId, body.ids && body.ids.length > 0 ? body.ids : undefined), eq(notifications.isSeen, false)))
    .returning({ id: notifications.id });
  return { updated: done.length };
}
