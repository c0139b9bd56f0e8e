import type { Db } from './client.ts';

/**
 * The one way to run a transaction: the callback gets the transaction as the same `Db` type every store and use
 * case takes, so a use case runs alike inside or outside one. Drizzle types a transaction as its own class
 * (`PgTransaction`), which has every query method of `Db` besides `$client` and the batch helpers: the cast lives
 * here and nowhere else.
 */
export function transaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Db));
}
