import crypto from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drafts, outboxMessages, users } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { purgeSpent } from './retention.ts';

/*
 * Retention (issue 28): each kind of spent row goes after its own RETENTION_* period, and what is still owed or
 * still in use stays; the counts are what the metrics add up.
 */

let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp({ RETENTION_DRAFTS_DAYS: '30', RETENTION_OUTBOX_DAYS: '10' }, { demoUsers: true });
});
afterAll(() => ctx.close());

const DAY = 86_400_000;

describe('the retention clean-up', () => {
  it('removes drafts untouched for RETENTION_DRAFTS_DAYS and old delivered or given-up messages; keeps the rest', async () => {
    const db = ctx.database.db;
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    const [citizen] = await db.select().from(users).where(eq(users.username, 'citizen'));
    const draft = (days: number) => ({
      id: crypto.randomUUID(),
      ownerId: citizen!.id,
      serviceSlug: 'complaint',
      activityId: 'apply',
      data: { note: `${days} days` },
      createdAt: ago(days),
      updatedAt: ago(days),
    });
    const stale = draft(31);
    const recent = draft(29);
    await db.insert(drafts).values([stale, recent]);
    const message = (status: 'pending' | 'sent' | 'failed', days: number) => ({
      channel: 'sms' as const,
      recipient: '01000000000',
      body: `${status} ${days}`,
      status,
      dedupeKey: crypto.randomUUID(),
      createdAt: ago(days),
    });
    const rows = await db
      .insert(outboxMessages)
      .values([message('sent', 11), message('failed', 11), message('pending', 11), message('sent', 9)])
      .returning({ id: outboxMessages.id, body: outboxMessages.body });

    const counts = await purgeSpent(db, ctx.config.retention, now);
    expect(counts.drafts).toBeGreaterThanOrEqual(1);
    expect(counts.outbox).toBeGreaterThanOrEqual(2);
    const left = await db
      .select({ id: drafts.id })
      .from(drafts)
      .where(inArray(drafts.id, [stale.id, recent.id]));
    expect(left.map((d) => d.id)).toEqual([recent.id]);
    const kept = await db
      .select({ body: outboxMessages.body })
      .from(outboxMessages)
      .where(
        inArray(
          outboxMessages.id,
          rows.map((r) => r.id),
        ),
      );
    // Still owed (pending), or younger than 10 days: kept.
    expect(kept.map((r) => r.body).sort()).toEqual(['pending 11', 'sent 9']);
  });

  it('takes its periods from the environment, refusing nonsense', async () => {
    expect(ctx.config.retention).toMatchObject({ draftsMs: 30 * DAY, outboxMs: 10 * DAY, idempotencyMs: 90 * DAY });
    await expect(buildTestApp({ RETENTION_OUTBOX_DAYS: '0' }, { seed: false })).rejects.toThrow(/RETENTION_OUTBOX_DAYS/);
  });
});
