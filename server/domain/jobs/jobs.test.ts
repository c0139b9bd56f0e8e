import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../../test/test-app.ts';
import type { Database } from '../../db/client.ts';
import { claimRun, runsOf, startJobs } from './jobs.ts';

const HOUR = 3_600_000;

describe('scheduled jobs', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase('migrated'));
  });
  afterAll(async () => drop());

  /** Moves a job's last run back, as if that much time had passed. */
  const age = (name: string, ms: number) =>
    database.db.execute(
      sql`update job_runs set last_run_at = last_run_at - make_interval(secs => ${ms / 1000}) where name = ${name}`,
    );

  it('claims one run per period, however many processes ask at once', async () => {
    const claims = await Promise.all(Array.from({ length: 6 }, () => claimRun(database.db, 'sweep', HOUR)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimRun(database.db, 'sweep', HOUR)).toBe(false);
    await age('sweep', HOUR / 2);
    expect(await claimRun(database.db, 'sweep', HOUR)).toBe(false);
    await age('sweep', HOUR / 2);
    const again = await Promise.all(Array.from({ length: 6 }, () => claimRun(database.db, 'sweep', HOUR)));
    expect(again.filter(Boolean)).toHaveLength(1);
    expect(await runsOf(database.db, 'sweep')).toBe(2);
  });

  it('runs a job once when several processes start their timers together; a failed run is logged and counted', async () => {
    let ran = 0;
    const warnings: string[] = [];
    const job = { name: 'cleanup-test', everyMs: HOUR, run: async () => void ran++ };
    const failing = {
      name: 'failing-test',
      everyMs: HOUR,
      run: () => Promise.reject(new Error('gateway down')),
    };
    const options = { warn: (_: unknown, msg: string) => void warnings.push(msg) };
    const stops = [1, 2, 3].map(() => startJobs(database.db, [job, failing], options));
    // Each process's first check is under way at start; stopping waits for it.
    await Promise.all(stops.map((stop) => stop()));
    expect(ran).toBe(1);
    expect(await runsOf(database.db, 'cleanup-test')).toBe(1);
    expect(warnings).toEqual(['job failing-test failed']);
  });
});
