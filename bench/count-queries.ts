import fs from 'node:fs';
import pg from 'pg';

/*
 * Preloaded into the server by `bench:requests` (`--import ./bench/count-queries.ts`): counts the statements the
 * process sends to PostgreSQL (every `Client.query`: BEGIN and COMMIT included, each one round trip). On SIGUSR2
 * the count so far is written to BENCH_QUERY_COUNT_FILE, which the benchmark reads before and after a series of
 * submissions made one at a time.
 */
let count = 0;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function counted(this: unknown, ...args: unknown[]) {
  count++;
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

const file = process.env.BENCH_QUERY_COUNT_FILE;
if (file) process.on('SIGUSR2', () => fs.writeFileSync(file, String(count)));
