import { and, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oneTimeSecrets, sessions, throttles } from '../../db/schema.ts';

/** How long ended rows are kept (for support questions and the hourly resend counts) before they go. */
export const RETENTION_MS = 24 * 3_600_000;

/**
 * Removes what can no longer be used: sessions that ended (expired or revoked) a day ago, one-time codes,
 * links and steps that expired a day ago, and attempt counters untouched for a day that block nobody.
 */
export async function purgeExpired(
  db: Db,
  now = new Date(),
  keepMs = RETENTION_MS,
): Promise<{ sessions: number; secrets: number; throttles: number }> {
  const before = new Date(now.getTime() - keepMs);
  const s = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, before), lt(sessions.revokedAt, before)))
    .returning({ k: sessions.tokenHash });
  const o = await db.delete(oneTimeSecrets).where(lt(oneTimeSecrets.expiresAt, before)).returning({ id: oneTimeSecrets.id });
  const t = await db
    .delete(throttles)
    .where(and(lt(throttles.windowStart, before), or(isNull(throttles.blockedUntil), lt(throttles.blockedUntil, now))))
    .returning({ k: throttles.key });
  return { sessions: s.length, secrets: o.length, throttles: t.length };
}
