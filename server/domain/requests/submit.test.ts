import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TService } from '../../../contract/catalog.ts';
import type { Db } from '../../db/client.ts';
import { sampleData } from '../../seed/sample-data.ts';
import { signUpVerified, type SignedUp } from '../../test/identity-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { AppError } from '../app-error.ts';
import { completion, type ClaimedKey } from '../idempotency/idempotency.ts';
import { submitRequest } from './submit.ts';

/*
 * A submission in two round trips (decision 046): one statement takes the number and reads the owner and the
 * routing, one statement writes the rest, all or nothing.
 */

let ctx: TestApp;
let citizen: SignedUp;
let service: TService;

beforeAll(async () => {
  ctx = await buildTestApp();
  citizen = await signUpVerified(ctx);
  service = (await ctx.app.deps.catalog.services('staff')).find((s) => s.serviceSlug === 'CODEMETER')!;
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

/** The statements the driver sends while `fn` runs (node-postgres pool or PGlite: both `query`), and transactions. */
async function counting<T>(fn: () => Promise<T>): Promise<{ result: T; statements: number; transactions: number }> {
  const client = (db() as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const query = client.query;
  const transaction = db().transaction;
  let statements = 0;
  let transactions = 0;
  client.query = function counted(this: unknown, ...args: unknown[]) {
    statements++;
    return query.apply(this, args);
  };
  (db() as { transaction: unknown }).transaction = (...args: Parameters<Db['transaction']>) => {
    transactions++;
    return transaction.apply(db(), args);
  };
  try {
    return { result: await fn(), statements, transactions };
  } finally {
    client.query = query;
    (db() as { transaction: unknown }).transaction = transaction;
  }
}

const written = async () => {
  const result = await db().execute(
    sql`select (select count(*) from requests)::int as requests, (select count(*) from request_events)::int as events,
        (select count(*) from notifications)::int as notifications, (select count(*) from outbox_messages)::int as outbox,
        (select count(*) from documents)::int as documents`,
  );
  return (result as unknown as { rows: Record<string, number>[] }).rows[0];
};

const filing = () => ({
  service,
  activityId: 'apply',
  data: sampleData(service, 'apply'),
  userId: citizen.userId,
  ownerType: 'citizen',
  lang: 'en' as const,
  appOrigin: 'https://kahraba.example',
});

describe('submitting a request', () => {
  it('is two statements and no transaction: the number, then the whole write', async () => {
    await submitRequest(db(), filing()); // the QR key is read once per process
    const before = await written();
    const { result, statements, transactions } = await counting(() => submitRequest(db(), filing()));
    expect({ statements, transactions }).toEqual({ statements: 2, transactions: 0 });
    // The trio and the rest of the write: one request, its created event, the notification, e-mail and SMS, the receipt.
    expect(await written()).toEqual({
      requests: before!.requests! + 1,
      events: before!.events! + 1,
      notifications: before!.notifications! + 1,
      outbox: before!.outbox! + 2,
      documents: before!.documents! + 1,
    });
    expect(result.ID).toMatch(/^CODEMETER-\d{4}-\d{6}$/);
    expect(result.applicantName).not.toBeNull();
  });

  it('writes nothing when a retry took its Idempotency-Key over (IDEMPOTENCY_KEY_IN_FLIGHT)', async () => {
    // A key this attempt no longer holds: the completion finds no row, and the statement refuses itself whole.
    const lost: ClaimedKey = { scope: `user:${citizen.userId}`, keyHash: 'gone', secret: Buffer.alloc(32), lease: new Date() };
    const before = await written();
    const refused = await submitRequest(db(), {
      ...filing(),
      idempotency: {
        complete: () => Promise.reject(new Error('not called')),
        completion: (tx, answer) => completion(tx, lost, 201, answer),
      },
    }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('IDEMPOTENCY_KEY_IN_FLIGHT');
    expect(await written()).toEqual(before);
  });
});
