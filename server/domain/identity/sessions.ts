import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users, userTypes } from '../../db/schema.ts';
import { randomToken, sha256 } from './crypto.ts';

export type SessionKind = 'user' | 'agent';
export type Device = 'CITIZEN' | 'EMPLOYEE' | 'AGENT';

/** Creates a session: a fresh 256-bit token (only its hash is stored) and its csrf token. */
export async function createSession(
  db: Db,
  input: { userId: string; kind: SessionKind; device: Device; maxAgeMs: number; now?: Date },
): Promise<{ token: string; csrfToken: string; tokenHash: string }> {
  const token = randomToken();
  const csrfToken = randomToken(24);
  const now = input.now ?? new Date();
  const tokenHash = sha256(token);
  await db.insert(sessions).values({
    tokenHash,
    userId: input.userId,
    kind: input.kind,
    device: input.device,
    csrfToken,
    createdAt: now,
    lastActiveAt: now,
    expiresAt: new Date(now.getTime() + input.maxAgeMs),
  });
  return { token, csrfToken, tokenHash };
}

export type SessionWithUser = {
  tokenHash: string;
  kind: SessionKind;
  csrfToken: string;
  lastActiveAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  actingFor: string | null;
  user: typeof users.$inferSelect;
  userKind: (typeof userTypes.$inferSelect)['kind'];
};

/**
 * The session lookup of every signed-in call, built once per database (decision 047): Drizzle's select of two
 * whole rows is costly to build, and on PostgreSQL the named statement is parsed and planned once per connection.
 */
const sessionLookups = new WeakMap<Db, ReturnType<typeof sessionLookup>>();
function sessionLookup(db: Db) {
  return db
    .select({ s: sessions, u: users, kind: userTypes.kind })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(userTypes, eq(userTypes.userSlug, users.userSlug))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('kahraba_find_session');
}

export async function findSession(db: Db, token: string): Promise<SessionWithUser | undefined> {
  let lookup = sessionLookups.get(db);
  if (!lookup) sessionLookups.set(db, (lookup = sessionLookup(db)));
  const rows = await lookup.execute({ tokenHash: sha256(token) });
  const row = rows[0];
  if (!row) return undefined;
  return {
    tokenHash: row.s.tokenHash,
    kind: row.s.kind,
    csrfToken: row.s.csrfToken,
    lastActiveAt: row.s.lastActiveAt,
    expiresAt: row.s.expiresAt,
    revokedAt: row.s.revokedAt,
    actingFor: row.s.actingFor,
    user: row.u,
    userKind: row.kind,
  };
}

export async function revokeSession(db: Db, tokenHash: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

/** Ends every other session of a user (after a password change or reset). */
export async function revokeOtherSessions(db: Db, userId: string, keepTokenHash?: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepTokenHash ? ne(sessions.tokenHash, keepTokenHash) : undefined,
      ),
    );
}

/**
 * Records the user's last activity (the heartbeat); never moves it into the future or backwards. Answers the
 * stored last activity and absolute end, from which the session's end is computed (undefined: no such session).
 */
export async function touchSession(
  db: Db,
  tokenHash: string,
  lastActive: Date,
): Promise<{ lastActiveAt: Date; expiresAt: Date } | undefined> {
  const [row] = await db
    .update(sessions)
    .set({ lastActiveAt: sql`greatest(${sessions.lastActiveAt}, ${lastActive.toISOString()}::timestamptz)` })
    .where(eq(sessions.tokenHash, tokenHash))
    .returning({ lastActiveAt: sessions.lastActiveAt, expiresAt: sessions.expiresAt });
  return row;
}

export async function setActingFor(db: Db, tokenHash: string, citizenId: string | null): Promise<void> {
  await db.update(sessions).set({ actingFor: citizenId }).where(eq(sessions.tokenHash, tokenHash));
}
