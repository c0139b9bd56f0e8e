import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../../db/schema.ts';
import { createTestDatabase } from '../../test/test-app.ts';
import type { Database } from '../../db/client.ts';
import { claimKey, completeKey, countKeys, LEASE_MS, purgeIdempotencyKeys, releaseKey, RETENTION_MS } from './idempotency.ts';

/* The idempotency store's rules (decision 020), on the database: claim, replay, 422, 409, take-over, free, purge. */

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase('migrated'));
});
afterAll(() => drop());

const input = (key: string, fingerprint = 'f1') => ({ scope: 'user:u1', key, route: 'POST /x', fingerprint });

describe('idempotency keys', () => {
  it('claims, refuses a second attempt in flight (409) and another body (422), replays once done', async () => {
    const db = database.db;
    const first = await claimKey(db, input('key-aaaaaaaaaaaaaaaa'));
    expect(first.kind).toBe('claimed');
    await expect(claimKey(db, input('key-aaaaaaaaaaaaaaaa'))).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_FLIGHT' });
    await expect(claimKey(db, input('key-aaaaaaaaaaaaaaaa', 'f2'))).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    if (first.kind !== 'claimed') throw new Error('not claimed');
    await completeKey(db, first.key, 201, { id: 'r1', ownerToken: 'secret' });
    expect(await claimKey(db, input('key-aaaaaaaaaaaaaaaa'))).toEqual({
      kind: 'replay',
      status: 201,
      body: JSON.stringify({ id: 'r1', ownerToken: 'secret' }),
    });
    // Stored sealed: neither the key nor the answer is readable in the table.
    const rows = await db.select().from(idempotencyKeys);
    expect(JSON.stringify(rows)).not.toContain('secret');
    expect(JSON.stringify(rows)).not.toContain('key-aaaaaaaaaaaaaaaa');
  });

  it('a crashed attempt’s key is taken over after its lease; the late attempt can no longer complete it', async () => {
    const db = database.db;
    const now = new Date();
    const crashed = await claimKey(db, input('key-bbbbbbbbbbbbbbbb'), now);
    const later = new Date(now.getTime() + LEASE_MS + 1000);
    const retry = await claimKey(db, input('key-bbbbbbbbbbbbbbbb'), later);
    expect(retry.kind).toBe('claimed');
    if (crashed.kind !== 'claimed' || retry.kind !== 'claimed') throw new Error('not claimed');
    await expect(completeKey(db, crashed.key, 201, { id: 'late' })).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_FLIGHT' });
    // The late attempt's refusal does not free the retry's key.
    await releaseKey(db, crashed.key);
    await completeKey(db, retry.key, 201, { id: 'retry' });
    expect(await claimKey(db, input('key-bbbbbbbbbbbbbbbb'), later)).toMatchObject({ kind: 'replay', body: '{"id":"retry"}' });
  });

  it('a refused write frees its key; keys older than 90 days are purged', async () => {
    const db = database.db;
    const c = await claimKey(db, input('key-cccccccccccccccc'));
    if (c.kind !== 'claimed') throw new Error('not claimed');
    await releaseKey(db, c.key);
    expect((await claimKey(db, input('key-cccccccccccccccc', 'other'))).kind).toBe('claimed');
    const before = await countKeys(db, 'user:u1');
    expect(await purgeIdempotencyKeys(db, new Date(Date.now() + RETENTION_MS - 60_000))).toBe(0);
    expect(await purgeIdempotencyKeys(db, new Date(Date.now() + RETENTION_MS + 60_000))).toBe(before);
    expect(await countKeys(db, 'user:u1')).toBe(0);
  });
});
