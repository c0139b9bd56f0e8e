import crypto from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema.ts';
import { AppError } from '../app-error.ts';

/*
 * Idempotency keys of replayable writes (IETF draft httpapi-idempotency-key-header; decision 020).
 *
 * 1. `claimKey` marks the key in flight, in its own statement (committed at once): a second attempt with the same
 *    key sees it and is answered 409 IDEMPOTENCY_KEY_IN_FLIGHT, 422 IDEMPOTENCY_KEY_REUSED for another body, or
 *    the stored first answer once done.
 * 2. The write completes the key **in its own transaction** (`completeKey(tx, ...)`): the request and the stored
 *    answer commit together or not at all. A crash before that commit leaves only the in-flight mark, whose
 *    lease runs out; the retry then takes the key over and runs the write once. A crash after it leaves the
 *    answer, which the retry gets back. Either way one request, never two.
 * 3. A refused write (any error) frees the key (`releaseKey` deletes it only while still in flight), so the
 *    outbox can send the same key again after the user fixed the data.
 */

/** How long an attempt owns its key before a retry may take it over (a crashed process never completes it). */
export const LEASE_MS = 60_000;
/** Keys are kept at least this long (the outbox never expires a write); the hourly clean-up deletes older ones. */
export const RETENTION_MS = 90 * 24 * 3_600_000;

export type ClaimInput = {
  /** The caller: `user:<id>`, `token:<hash>` (an owner token) or `visitor:<hash>` (the visitor id cookie). */
  scope: string;
  /** The raw `Idempotency-Key` value (hashed before it is stored). */
  key: string;
  /** `METHOD /path` as registered. */
  route: string;
  /** SHA-256 of what the write is: route, path, and the body. */
  fingerprint: string;
};

/**
 * The port a use case receives to complete the caller's Idempotency-Key with its answer, inside its own
 * transaction (`registerRoute` makes it for routes that declare `idempotency: 'required'`).
 */
export type IdempotentWrite = {
  complete: (tx: Db, answer: unknown) => Promise<void>;
  /**
   * The same as a statement for a write made of one statement (decision 046): the update storing the answer,
   * returning one row while this attempt holds the key and none otherwise (the write must then refuse itself with
   * IDEMPOTENCY_KEY_IN_FLIGHT, which rolls it back). The key counts as completed once that statement succeeds.
   */
  completion: (db: Db, answer: unknown) => ReturnType<typeof completion>;
  /**
   * Routes whose body the use case streams (an upload, `rawBody`): the key is claimed once the body has been read,
   * with the SHA-256 of its bytes in the fingerprint, so the same key with other bytes is 422
   * IDEMPOTENCY_KEY_REUSED. A repeat of a completed key throws {@link ReplayAnswer}, which `registerRoute` sends.
   */
  claimBody?: (sha256: string) => Promise<void>;
};

/** Thrown by `claimBody` when the key already has its answer: the route sends it again. */
export class ReplayAnswer extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super('idempotent replay');
  }
}

/**
 * A key this attempt owns: complete it with the answer, or release it. `lease` tells this attempt from one that
 * took the key over after this one's lease ran out: only the holder of the current lease can complete or free it.
 */
export type ClaimedKey = { scope: string; keyHash: string; secret: Buffer; lease: Date };

export type Claim = { kind: 'claimed'; key: ClaimedKey } | { kind: 'replay'; status: number; body: string };

const sha256 = (s: string | Buffer) => crypto.createHash('sha256').update(s).digest('hex');

/** The hash of a key as stored, and the secret its answer is encrypted with (derivable only from the raw key). */
function derive(scope: string, key: string, lease: Date): ClaimedKey {
  return {
    scope,
    lease,
    keyHash: sha256(`idempotency-key\0${key}`),
    secret: crypto.createHash('sha256').update(`idempotency-answer\0${scope}\0${key}`).digest(),
  };
}

/** AES-256-GCM: iv.tag.ciphertext, base64url. */
function seal(secret: Buffer, text: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', secret, iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return `${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${body.toString('base64url')}`;
}

function open(secret: Buffer, sealed: string): string {
  const [iv = '', tag = '', body = ''] = sealed.split('.');
  const decipher = crypto.createDecipheriv('aes-256-gcm', secret, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** JSON with object keys sorted: the same body in another key order has the same fingerprint. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const fingerprintOf = (parts: (string | Buffer)[]): string => {
  const h = crypto.createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex');
};

/**
 * The claim of every replayable write, built once per database (decision 047) and, on PostgreSQL, parsed and
 * planned once per connection (a named statement).
 */
const claims = new WeakMap<Db, ReturnType<typeof claimStatement>>();
function claimStatement(db: Db) {
  return db
    .insert(idempotencyKeys)
    .values({
      scope: sql.placeholder('scope'),
      keyHash: sql.placeholder('keyHash'),
      route: sql.placeholder('route'),
      fingerprint: sql.placeholder('fingerprint'),
      leaseUntil: sql.placeholder('leaseUntil'),
    })
    .onConflictDoNothing()
    .returning({ scope: idempotencyKeys.scope })
    .prepare('kahraba_claim_idempotency_key');
}

/**
 * Claims a key for this attempt, or says what to answer instead: the first answer (replay), 409 while another
 * attempt holds it, 422 for another body under the same key.
 */
export async function claimKey(db: Db, input: ClaimInput, now = new Date()): Promise<Claim> {
  const lease = new Date(now.getTime() + LEASE_MS);
  const key = derive(input.scope, input.key, lease);
  let insert = claims.get(db);
  if (!insert) claims.set(db, (insert = claimStatement(db)));
  const inserted = await insert.execute({
    scope: key.scope,
    keyHash: key.keyHash,
    route: input.route,
    fingerprint: input.fingerprint,
    leaseUntil: lease,
  });
  if (inserted.length > 0) return { kind: 'claimed', key };

  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, key.scope), eq(idempotencyKeys.keyHash, key.keyHash)));
  // Deleted in between (the first attempt failed and freed it): claim it again.
  if (!row) return claimKey(db, input, now);
  if (row.fingerprint !== input.fingerprint)
    throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for another request');
  if (!row.inFlight && row.responseStatus !== null && row.response !== null)
    return { kind: 'replay', status: row.responseStatus, body: open(key.secret, row.response) };
  if (row.leaseUntil.getTime() > now.getTime())
    throw new AppError('IDEMPOTENCY_KEY_IN_FLIGHT', 'A request with this Idempotency-Key is still being processed');
  // The attempt that held it is gone (its lease ran out without an answer): take it over.
  const taken = await db
    .update(idempotencyKeys)
    .set({ leaseUntil: lease })
    .where(
      and(
        eq(idempotencyKeys.scope, key.scope),
        eq(idempotencyKeys.keyHash, key.keyHash),
        eq(idempotencyKeys.inFlight, true),
        eq(idempotencyKeys.leaseUntil, row.leaseUntil),
      ),
    )
    .returning({ scope: idempotencyKeys.scope });
  if (taken.length === 0)
    throw new AppError('IDEMPOTENCY_KEY_IN_FLIGHT', 'A request with this Idempotency-Key is still being processed');
  return { kind: 'claimed', key };
}

const held = (key: ClaimedKey) =>
  and(
    eq(idempotencyKeys.scope, key.scope),
    eq(idempotencyKeys.keyHash, key.keyHash),
    eq(idempotencyKeys.inFlight, true),
    eq(idempotencyKeys.leaseUntil, key.lease),
  );

/**
 * Stores the answer of a claimed key. Pass the write's own transaction, so the answer commits with the write
 * (decision 020). `body` is the answer as sent (JSON). When this attempt no longer holds the key (its lease ran
 * out and a retry took it over), it throws 409 IDEMPOTENCY_KEY_IN_FLIGHT, which rolls the write back: the
 * retry's write is the one that stays.
 */
export async function completeKey(tx: Db, key: ClaimedKey, status: number, body: unknown, now = new Date()): Promise<void> {
  const done = await completion(tx, key, status, body, now);
  if (done.length === 0)
    throw new AppError('IDEMPOTENCY_KEY_IN_FLIGHT', 'Another attempt with this Idempotency-Key took it over');
}

/**
 * The update that stores the answer of a claimed key, as a statement to run or to embed in a larger one (a
 * data-modifying CTE of a one-statement write, decision 046): it returns one row while this attempt holds the key,
 * none once a retry took it over (which must then roll the write back with IDEMPOTENCY_KEY_IN_FLIGHT).
 */
export function completion(db: Db, key: ClaimedKey, status: number, body: unknown, now = new Date()) {
  return db
    .update(idempotencyKeys)
    .set({ inFlight: false, responseStatus: status, response: seal(key.secret, JSON.stringify(body)), completedAt: now })
    .where(held(key))
    .returning({ k: idempotencyKeys.keyHash });
}

/** Frees a key whose write was refused or failed (only while this attempt holds it: a completed answer stays). */
export async function releaseKey(db: Db, key: ClaimedKey): Promise<void> {
  await db.delete(idempotencyKeys).where(held(key));
}

/** The hourly clean-up: keys older than the retention (90 days). */
export async function purgeIdempotencyKeys(db: Db, now = new Date(), keepMs = RETENTION_MS): Promise<number> {
  const before = new Date(now.getTime() - keepMs);
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, before))
    .returning({ k: idempotencyKeys.keyHash });
  return gone.length;
}

/** For tests: how many keys a scope holds. */
export async function countKeys(db: Db, scope: string): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.scope, scope));
  return Number(rows[0]?.n ?? 0);
}

export const hashOwnerToken = (token: string): string => sha256(`request-owner-token\0${token}`);
