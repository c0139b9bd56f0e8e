/* What the PostgreSQL benchmarks share: the database they need, and waiting for the server they start. */

/** BENCH_DATABASE_URL or TEST_DATABASE_URL; without one the benchmark says so and stops. */
export function benchDatabaseUrl(script: string): string {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    console.error(`${script} needs PostgreSQL: set TEST_DATABASE_URL (or BENCH_DATABASE_URL)`);
    process.exit(1);
  }
  return url;
}

/** Polls `url` until it answers 2xx (up to 100 s). */
export async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not become ready`);
}

/** Nearest-rank percentile of sorted values (with 50 runs p99 is the slowest run). */
export const percentile = (sorted: number[], p: number): number => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
