import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobRuns } from '../../db/schema.ts';

/*
 * Scheduled work (the hourly clean-up, the payment reconciliation) runs once per period across every process on
 * one database (decision 032). Each process checks its jobs every tenth of their period (at most every minute)
 * and runs one only after claiming it in `job_runs`: a conditional upsert that succeeds when the job's last run
 * is a period old by the database's clock, so of N processes checking at once exactly one gets the row. A job
 * that fails waits for its next period, as a timer's did.
 */

export type Job = {
  name: string;
  /** How often it runs, across all processes. */
  everyMs: number;
  run: () => Promise<unknown>;
};

/** Claims this period's run of a job: true for one caller per period, whichever process asks. */
export async function claimRun(db: Db, name: string, everyMs: number): Promise<boolean> {
  const claimed = await db
    .insert(jobRuns)
    .values({ name, lastRunAt: sql`now()`, runs: 1 })
    .onConflictDoUpdate({
      target: jobRuns.name,
      set: { lastRunAt: sql`now()`, runs: sql`${jobRuns.runs} + 1` },
      setWhere: sql`${jobRuns.lastRunAt} <= now() - make_interval(secs => ${everyMs / 1000})`,
    })
    .returning({ runs: jobRuns.runs });
  return claimed.length > 0;
}

/** How many times a job has run (tests, metrics). */
export async function runsOf(db: Db, name: string): Promise<number> {
  const [row] = await db.select({ runs: jobRuns.runs }).from(jobRuns).where(eq(jobRuns.name, name));
  return row?.runs ?? 0;
}

export type JobOptions = {
  warn: (obj: { err: unknown; job: string }, msg: string) => void;
  /** Multiplies every period (JOBS_INTERVAL_SCALE): 1 in production, small in the scale-out test. */
  scale?: number;
  /** Hears each run this process made: whether it finished, and what it returned (the metrics count purges). */
  onRun?: (job: string, ok: boolean, result?: unknown) => void;
};

/** Starts checking the jobs (the first check at once); returns the stop function, which waits for runs under way. */
export function startJobs(db: Db, jobs: readonly Job[], options: JobOptions): () => Promise<void> {
  const scale = options.scale ?? 1;
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  for (const job of jobs) {
    const everyMs = Math.max(1, Math.round(job.everyMs * scale));
    let busy = false;
    const check = () => {
      if (busy) return;
      busy = true;
      const run = (async () => {
        if (!(await claimRun(db, job.name, everyMs))) return;
        let result: unknown;
        try {
          result = await job.run();
        } catch (err) {
          options.onRun?.(job.name, false);
          throw err;
        }
        options.onRun?.(job.name, true, result);
      })()
        .catch((err: unknown) => options.warn({ err, job: job.name }, `job ${job.name} failed`))
        .finally(() => {
          busy = false;
          running.delete(run);
        });
      running.add(run);
    };
    timers.push(setInterval(check, Math.min(60_000, Math.max(1, Math.round(everyMs / 10)))).unref());
    check();
  }
  return async () => {
    for (const t of timers) clearInterval(t);
    await Promise.all(running);
  };
}
