import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { rateLimitCounters } from '../db/schema.ts';
import { createTestDatabase } from '../test/test-app.ts';
import type { Database } from '../db/client.ts';
import { DatabaseRateLimitStore, FixedWindowLimiter, MemoryRateLimitStore, purgeRateLimits } from './rate-limit.ts';

describe('FixedWindowLimiter', () => {
  it('allows max hits per key in a window, then says how long to wait; a new window starts afresh', () => {
    let now = 120_000 + 15_000; // 15 s into a minute window
    const limiter = new FixedWindowLimiter(3, 60_000, { now: () => now });
    for (let i = 0; i < 3; i++) expect(limiter.hit('a')).toEqual({ allowed: true });
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 45 });
    expect(limiter.hit('b')).toEqual({ allowed: true });
    now += 45_000;
    expect(limiter.hit('a')).toEqual({ allowed: true });
    expect(limiter.size).toBe(1);
  });

  it('keeps at most maxClients keys, forgetting the oldest', () => {
    const limiter = new FixedWindowLimiter(1, 60_000, { maxClients: 100, now: () => 0 });
    for (let i = 0; i < 1000; i++) limiter.hit(`ip-${i}`);
    expect(limiter.size).toBe(100);
    expect(limiter.hit('ip-999')).toMatchObject({ allowed: false });
  });
});

describe('MemoryRateLimitStore', () => {
  it('keeps one count per limit name', async () => {
    const store = new MemoryRateLimitStore({ now: () => 0 });
    const contact = { name: 'contact', max: 1, windowMs: 60_000 };
    expect(await store.hit(contact, 'a')).toEqual({ allowed: true });
    expect(await store.hit({ name: 'login', max: 1, windowMs: 60_000 }, 'a')).toEqual({ allowed: true });
    expect(await store.hit(contact, 'a')).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });
});

describe('DatabaseRateLimitStore', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase('migrated'));
  });
  afterAll(async () => drop());

  it('counts a client across the processes sharing the database, per limit name and window; the clean-up drops ended windows', async () => {
    let now = Date.UTC(2026, 0, 1, 10, 0, 15); // 15 s into a minute window
    // Two stores on one database: two server processes.
    const [a, b] = [new DatabaseRateLimitStore(database.db, () => now), new DatabaseRateLimitStore(database.db, () => now)];
    const contact = { name: 'contact', max: 3, windowMs: 60_000 };
    expect(await a.hit(contact, '192.0.2.1')).toEqual({ allowed: true });
    expect(await b.hit(contact, '192.0.2.1')).toEqual({ allowed: true });
    expect(await a.hit(contact, '192.0.2.1')).toEqual({ allowed: true });
    expect(await b.hit(contact, '192.0.2.1')).toEqual({ allowed: false, retryAfterSeconds: 45 });
    expect(await a.hit(contact, '192.0.2.2')).toEqual({ allowed: true });
    expect(await a.hit({ ...contact, name: 'newsletter' }, '192.0.2.1')).toEqual({ allowed: true });

    now += 45_000; // the next window
    expect(await b.hit(contact, '192.0.2.1')).toEqual({ allowed: true });
    expect(await purgeRateLimits(database.db, new Date(now))).toBe(3);
    expect(await a.hit(contact, '192.0.2.1')).toEqual({ allowed: true });
    expect(await a.hit(contact, '192.0.2.1')).toEqual({ allowed: true });
    expect(await a.hit(contact, '192.0.2.1')).toMatchObject({ allowed: false });
  });

  it('takes several counts in one statement, stopping at the first over its limit as counting in turn would', async () => {
    const now = Date.UTC(2026, 0, 1, 11, 0, 50); // 50 s into a minute window
    const store = new DatabaseRateLimitStore(database.db, () => now);
    const address = { limit: { name: 'file:known', max: 2, windowMs: 60_000 }, client: '203.0.113.9' };
    const caller = { limit: { name: 'file:caller', max: 1, windowMs: 3_600_000 }, client: 'user-1' };
    const other = { limit: { name: 'file:caller', max: 1, windowMs: 3_600_000 }, client: 'user-2' };
    const count = async (name: string, client: string) =>
      (
        await database.db
          .select({ count: rateLimitCounters.count })
          .from(rateLimitCounters)
          .where(and(eq(rateLimitCounters.name, name), eq(rateLimitCounters.client, client)))
      )[0]?.count ?? 0;

    expect(await store.hitMany([address, caller])).toEqual({ allowed: true });
    // The caller's budget is spent: refused with the caller's window (an hour), the address's count still taken.
    expect(await store.hitMany([address, caller])).toEqual({ allowed: false, retryAfterSeconds: 3_550 });
    expect([await count('file:known', '203.0.113.9'), await count('file:caller', 'user-1')]).toEqual([2, 2]);
    // The address is over its limit: refused with its window (10 s), and the other caller's count is not taken.
    expect(await store.hitMany([address, other])).toEqual({ allowed: false, retryAfterSeconds: 10 });
    expect(await count('file:known', '203.0.113.9')).toBe(3);
    expect(await count('file:caller', 'user-2')).toBe(0);
  });

  it('counts hits sent at once without losing any', async () => {
    const store = new DatabaseRateLimitStore(database.db);
    const limit = { name: 'burst', max: 10, windowMs: 3_600_000 };
    const results = await Promise.all(Array.from({ length: 25 }, () => store.hit(limit, '198.51.100.7')));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });
});
