import { and, asc, desc, eq, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema.ts';

/**
 * The transactional outbox (quality.md "Reliability"): an e-mail, SMS or web push is a row written with the change that
 * causes it (pass the transaction), so a message exists if and only if its change committed. The worker
 * (worker.ts) delivers due rows through the adapters and retries with growing delays.
 */
export type OutgoingMessage = {
  /** push: the recipient is a push subscription's id, the body the JSON the service worker shows (decision 051). */
  channel: 'email' | 'sms' | 'push';
  recipient: string;
  subject?: string;
  body: string;
  html?: string;
  /** Same key, same message: a repeat is ignored (e.g. `welcome:<userId>`). */
  dedupeKey?: string;
};

export async function enqueue(tx: Db, message: OutgoingMessage): Promise<void> {
  await tx
    .insert(outboxMessages)
    .values({
      channel: message.channel,
      recipient: message.recipient,
      subject: message.subject ?? null,
      body: message.body,
      html: message.html ?? null,
      dedupeKey: message.dedupeKey ?? null,
    })
    .onConflictDoNothing();
}

/** Several messages of one change in one statement (e.g. a request's e-mail and SMS). */
export async function enqueueMany(tx: Db, messages: readonly OutgoingMessage[]): Promise<void> {
  const insert = enqueueStatement(tx, messages);
  if (insert) await insert;
}

/**
 * The insert of {@link enqueueMany} as a statement to embed in a larger one (a data-modifying CTE of a write made
 * of one statement, decision 046); undefined when there is nothing to send.
 */
export function enqueueStatement(tx: Db, messages: readonly OutgoingMessage[]) {
  if (messages.length === 0) return undefined;
  return tx
    .insert(outboxMessages)
    .values(
      messages.map((m) => ({
        channel: m.channel,
        recipient: m.recipient,
        subject: m.subject ?? null,
        body: m.body,
        html: m.html ?? null,
        dedupeKey: m.dedupeKey ?? null,
      })),
    )
    .onConflictDoNothing();
}

export type OutboxRow = typeof outboxMessages.$inferSelect;

/**
 * Rows due for delivery, oldest first. On PostgreSQL the rows are locked (SKIP LOCKED) so two workers never send one
 * twice. "Due" is judged by the database's clock, the one that stamped a new row (`defaultNow()`): the process's
 * clock counts whole milliseconds, so a row written less than a millisecond before looked not due yet.
 */
export async function claimDue(tx: Db, limit: number): Promise<OutboxRow[]> {
  return tx
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.status, 'pending'), lte(outboxMessages.nextAttemptAt, sql`now()`)))
    .orderBy(asc(outboxMessages.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export const MAX_ATTEMPTS = 8;
/** 5 s, 10 s, 20 s, ... capped at 30 minutes. */
export const retryDelayMs = (attempts: number): number => Math.min(30 * 60_000, 5000 * 2 ** Math.max(0, attempts - 1));

/** The rows of one pass that were delivered, in one statement (decision 047). */
export async function markSent(tx: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(outboxMessages)
    .set({ status: 'sent', sentAt: new Date(), attempts: sql`${outboxMessages.attempts} + 1`, lastError: null })
    .where(inArray(outboxMessages.id, [...ids]));
}

/** A failed try: the next one after a growing delay, counted on the database's clock like `claimDue`. */
export async function markFailed(tx: Db, row: OutboxRow, error: string): Promise<void> {
  const attempts = row.attempts + 1;
  await tx
    .update(outboxMessages)
    .set({
      attempts,
      lastError: error.slice(0, 500),
      status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
      nextAttemptAt: sql`now() + ${retryDelayMs(attempts)}::integer * interval '1 millisecond'`,
    })
    .where(eq(outboxMessages.id, row.id));
}

/** The developer mailbox (demo and development only): the latest messages, newest first. */
export async function latestMessages(db: Db, limit = 50, recipient?: string): Promise<OutboxRow[]> {
  return db
    .select()
    .from(outboxMessages)
    .where(recipient ? eq(outboxMessages.recipient, recipient) : undefined)
    .orderBy(desc(outboxMessages.id))
    .limit(limit);
}

/**
 * Retention (issue 28): delivered and given-up messages older than `before` go (their text holds codes, names and
 * request numbers). Pending ones stay whatever their age: they are still owed. At most `batch` a run.
 */
export async function purgeOutbox(db: Db, before: Date, batch = 5000): Promise<number> {
  const old = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(and(ne(outboxMessages.status, 'pending'), lt(outboxMessages.createdAt, before)))
    .limit(batch);
  const gone = await db.delete(outboxMessages).where(inArray(outboxMessages.id, old)).returning({ id: outboxMessages.id });
  return gone.length;
}
