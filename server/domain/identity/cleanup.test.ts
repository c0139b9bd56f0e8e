import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeSecrets, sessions, throttles, users } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { purgeExpired, RETENTION_MS } from './cleanup.ts';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp({}, { demoUsers: true });
});
afterAll(() => ctx.close());

const HOUR = 3_600_000;

describe('identity clean-up', () => {
  it('removes ended sessions, expired codes and stale counters a day later, and nothing still in use', async () => {
    const db = ctx.database.db;
    const now = new Date('2026-11-23T12:00:00Z');
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const [user] = await db.select().from(users).where(eq(users.username, 'citizen'));
    const session = (tokenHash: string, over: Partial<typeof sessions.$inferInsert>) => ({
      tokenHash,
      userId: user!.id,
      kind: 'user' as const,
      csrfToken: 'x',
      device: 'CITIZEN',
      expiresAt: new Date(now.getTime() + HOUR),
      ...over,
    });
    await db
      .insert(sessions)
      .values([
        session('live', {}),
        session('expired-long-ago', { expiresAt: ago(RETENTION_MS + HOUR) }),
        session('expired-recently', { expiresAt: ago(HOUR) }),
        session('revoked-long-ago', { revokedAt: ago(RETENTION_MS + HOUR) }),
      ]);
    const secret = (lookup: string, expiresAt: Date) => ({ purpose: 'reset-code' as const, lookup, userId: user!.id, expiresAt });
    await db
      .insert(oneTimeSecrets)
      .values([secret('old', ago(RETENTION_MS + HOUR)), secret('recent', ago(HOUR)), secret('live', now)]);
    await db.insert(throttles).values([
      { key: 'stale', failures: 3, windowStart: ago(RETENTION_MS + HOUR) },
      { key: 'still-blocked', failures: 9, windowStart: ago(RETENTION_MS + HOUR), blockedUntil: new Date(now.getTime() + HOUR) },
      { key: 'fresh', failures: 2, windowStart: ago(HOUR) },
    ]);

    expect(await purgeExpired(db, now)).toEqual({ sessions: 2, secrets: 1, throttles: 1 });
    expect((await db.select({ k: sessions.tokenHash }).from(sessions)).map((r) => r.k).sort()).toEqual([
      'expired-recently',
      'live',
    ]);
    expect((await db.select({ l: oneTimeSecrets.lookup }).from(oneTimeSecrets)).map((r) => r.l).sort()).toEqual([
      'live',
      'recent',
    ]);
    expect((await db.select({ k: throttles.key }).from(throttles)).map((r) => r.k).sort()).toEqual(['fresh', 'still-blocked']);
  });
});
