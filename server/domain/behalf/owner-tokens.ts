import crypto from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../app-error.ts';
import { documentKey } from '../documents/issue.ts';

/*
 * Applying on behalf of a citizen (spec sections 1, 7 `Request-Owner-Token`, 8 INVALID_REQUEST_OWNER_TOKEN;
 * decision 025): an employee finds the citizen and gets an owner token naming the citizen, the employee and an
 * expiry, signed with a key derived from the server key. The client keeps it as `requestOwnerToken` and sends it
 * as the `Request-Owner-Token` header; a submission by staff is owned by the citizen the token names. A token
 * another employee got, one past its expiry, or a forged one is INVALID_REQUEST_OWNER_TOKEN and nothing is
 * written. Agents file through their session, which names the citizen they act for; the token an agent gets
 * when choosing one only brings that choice back in the agent's next session (decision 055).
 */

export const STAFF_OWNER_TOKEN = /^ot1\.[A-Za-z0-9_-]{10,200}\.[A-Za-z0-9_-]{43}$/;
const TTL_MS = 2 * 3600_000;

async function signingKey(db: Db): Promise<Buffer> {
  return crypto
    .createHmac('sha256', await documentKey(db))
    .update('request-owner-token/v1')
    .digest();
}

const sign = (key: Buffer, payload: string) => crypto.createHmac('sha256', key).update(payload).digest('base64url');

export async function issueOwnerToken(
  db: Db,
  input: { staffId: string; citizenId: string; now?: Date },
): Promise<{ token: string; expiresAt: string }> {
  const expiresAt = new Date((input.now ?? new Date()).getTime() + TTL_MS);
  const payload = Buffer.from(JSON.stringify({ c: input.citizenId, s: input.staffId, e: expiresAt.getTime() })).toString(
    'base64url',
  );
  return { token: `ot1.${payload}.${sign(await signingKey(db), payload)}`, expiresAt: expiresAt.toISOString() };
}

/** The citizen a staff member's owner token names, if the token is theirs, genuine, unexpired and the citizen active. */
export async function ownerOfToken(db: Db, input: { token: string | undefined; staffId: string; now?: Date }): Promise<string> {
  return (await verifyOwnerToken(db, input)).citizenId;
}

/**
 * The same check, with the token's expiry: an agent's next session acts for the citizen again with the token the
 * earlier one got, until that expiry and no longer (decision 055).
 */
export async function verifyOwnerToken(
  db: Db,
  input: { token: string | undefined; staffId: string; now?: Date },
): Promise<{ citizenId: string; expiresAt: string }> {
  const refuse = () => new AppError('INVALID_REQUEST_OWNER_TOKEN', 'Choose the citizen again');
  const token = input.token;
  if (!token || !STAFF_OWNER_TOKEN.test(token)) throw refuse();
  const [, payload, mac] = token.split('.') as [string, string, string];
  const expected = sign(await signingKey(db), payload);
  if (mac.length !== expected.length || !crypto.timingSafeEqual(Buffer.from(mac), Buffer.from(expected))) throw refuse();
  let claims: { c?: unknown; s?: unknown; e?: unknown };
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claims;
  } catch {
    throw refuse();
  }
  const now = (input.now ?? new Date()).getTime();
  if (claims.s !== input.staffId || typeof claims.c !== 'string' || typeof claims.e !== 'number' || claims.e <= now)
    throw refuse();
  const [citizen] = await db
    .select({ id: users.id })
    .from(users)
    // A citizen's account or a company's (decision 061).
    .where(and(eq(users.id, claims.c), inArray(users.userSlug, ['citizen', 'company']), eq(users.disabled, false)));
  if (!citizen) throw refuse();
  return { citizenId: citizen.id, expiresAt: new Date(claims.e).toISOString() };
}
