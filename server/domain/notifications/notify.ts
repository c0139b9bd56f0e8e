import type { Db } from '../../db/client.ts';
import { notifications, type NotificationData } from '../../db/schema.ts';

/*
 * The one writer of in-app notifications (spec section 3 "Notification"; decision 040). A notification is a row
 * written in the transaction of the change it tells about; the client writes its text from `type` and `data` in
 * the reader's language. What a request's owner is told about their request is decided by the request's lifecycle
 * (server/domain/requests/lifecycle.ts); accounts (welcome, password changed), meters and bills call this directly.
 * The reading side (list, counts, read and seen) is server/domain/requests/notifications.ts.
 */

export type NotificationType = (typeof notifications.$inferInsert)['type'];

export async function notify(tx: Db, userId: string, type: NotificationType, data: NotificationData, now?: Date): Promise<void> {
  await notification(tx, userId, type, data, now);
}

/**
 * The same insert as a statement to embed in a larger one (a data-modifying CTE of a write made of one statement,
 * decision 046), or to await.
 */
export function notification(db: Db, userId: string, type: NotificationType, data: NotificationData, now?: Date) {
  return db.insert(notifications).values({ userId, type, data, ...(now ? { createdAt: now } : {}) });
}

/** The same notification to several users (a request's team, decision 051), in one insert. */
export async function notifyMany(
  tx: Db,
  userIds: readonly string[],
  type: NotificationType,
  data: NotificationData,
  now?: Date,
): Promise<void> {
  if (userIds.length === 0) return;
  await tx.insert(notifications).values(userIds.map((userId) => ({ userId, type, data, ...(now ? { createdAt: now } : {}) })));
}
