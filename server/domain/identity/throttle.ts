import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { throttles } from '../../db/schema.ts';
import { AppError } from '../app-error.ts';

/**
 * Growing delays for guessable secrets (quality.md "Security"): login, code and reset attempts are counted per
 * account and per IP. After FREE_FAILURES failures in a window an account's key is blocked for 2, 4, 8, ...
 * seconds (capped at 15 minutes); a success clears the account's key. An address (`…:ip:…` keys) is shared by
 * many people (a carrier's NAT, an office, a service center's counter), so it is allowed
 * FREE_FAILURES_PER_ADDRESS failures before the same growing delays: enough that one person's typos never lock
 * out their neighbours, few enough that spraying guesses over many accounts from one address is held back.
 * Stored in the database, so every process agrees.
 */
export const FREE_FAILURES = 5;
export const FREE_FAILURES_PER_ADDRESS = 30;
export const WINDOW_MS = 15 * 60_000;
export const MAX_BLOCK_MS = 15 * 60_000;

const isAddressKey = (key: string): boolean => key.includes(':ip:');

export const blockMs = (failures: number, free = FREE_FAILURES): number =>
  failures < free ? 0 : Math.min(MAX_BLOCK_MS, 1000 * 2 ** (failures - free + 1));

/** Throws 429 TOO_MANY_REQUESTS (with the seconds to wait in `details`) while any key is blocked. */
export async function assertNotBlocked(db: Db, keys: string[], now = new Date()): Promise<void> {
  if (keys.length === 0) return;
  const rows = await db.select().from(throttles).where(inArray(throttles.key, keys));
  const until = Math.max(0, ...rows.map((r) => (r.blockedUntil ? r.blockedUntil.getTime() : 0)));
  if (until > now.getTime()) {
    const seconds = Math.ceil((until - now.getTime()) / 1000);
    throw new AppError('TOO_MANY_REQUESTS', `Too many attempts: try again in ${seconds} s`, { details: [String(seconds)] });
  }
}

/** Counts a failure for each key; returns the longest block now in force (ms). */
export async function recordFailure(db: Db, keys: string[], now = new Date()): Promise<number> {
  let longest = 0;
  for (const key of keys) {
    const windowStart = new Date(now.getTime() - WINDOW_MS);
    const [row] = await db
      .insert(throttles)
      .values({ key, failures: 1, windowStart: now })
      .onConflictDoUpdate({
        target: throttles.key,
        set: {
          failures: sql`case when ${throttles.windowStart} < ${windowStart.toISOString()}::timestamptz then 1 else ${throttles.failures} + 1 end`,
          windowStart: sql`case when ${throttles.windowStart} < ${windowStart.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${throttles.windowStart} end`,
        },
      })
      .returning({ failures: throttles.failures });
    const ms = blockMs(row?.failures ?? 1, isAddressKey(key) ? FREE_FAILURES_PER_ADDRESS : FREE_FAILURES);
    if (ms > 0) {
      await db
        .update(throttles)
        .set({ blockedUntil: new Date(now.getTime() + ms) })
        .where(inArray(throttles.key, [key]));
      longest = Math.max(longest, ms);
    }
  }
  return longest;
}

export async function clearFailures(db: Db, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.delete(throttles).where(inArray(throttles.key, keys));
}
