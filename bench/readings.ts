import crypto from 'node:crypto';
import { spawn } from 'node:child_process';
import os from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client.ts';
import { meters, users } from '../server/db/schema.ts';
import { createScratchDatabase } from '../server/db/scratch.ts';
import { seedDatabase, seedIdentity } from '../server/seed/seed.ts';
import { createSession } from '../server/domain/identity/sessions.ts';
import { benchDatabaseUrl, waitFor } from './support.ts';

/**
 * `npm run bench:readings`: registering a meter reading (POST /api/meters/:id/readings, issue 12), the whole
 * write: Idempotency-Key claimed and completed, the meter locked, its readings read and checked
 * (contract/reading-check.ts), the reading stored with its consumption, the `onReadingStored` hook, in one
 * transaction. PostgreSQL only (BENCH_DATABASE_URL or TEST_DATABASE_URL: a scratch database is made and dropped),
 * the server in production mode, autocannon at a fixed rate (BENCH_RATE, default 200 requests/s) with a unique
 * Idempotency-Key per request. BENCH_USERS citizens (default 100) own BENCH_METERS approved meters each (default
 * 20); each request is the next month's reading of the next meter, so every reading is accepted and each meter's
 * history grows as a real one does. Goal (as for a request submission, quality.md): p99 <= 50 ms.
 */
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const USERS = Number(process.env.BENCH_USERS ?? 100);
const METERS_PER_USER = Number(process.env.BENCH_METERS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 4413);
const GOAL_MS = 50;
const dbUrl = benchDatabaseUrl('bench:readings');

const count = async (db: Awaited<ReturnType<typeof openDatabase>>['db']): Promise<number> =>
  Number(
    ((await db.execute(sql`select count(*)::int as n from meter_readings`)) as unknown as { rows: { n: number }[] }).rows[0]!.n,
  );

const scratch = await createScratchDatabase(dbUrl, 'kahraba_bench_read');
const database = await openDatabase({ driver: 'postgres', url: scratch.url, poolMax: 2 });
let server: ReturnType<typeof spawn> | undefined;
try {
  await database.migrate();
  await seedDatabase(database.db);
  await seedIdentity(database.db, { employeeSlugs: ['employee'], demo: false });
  // Citizens with sessions and approved meters, made directly (sign-up and approval are not what is measured).
  const owned: { meterId: string; cookie: string; csrf: string }[] = [];
  const added = new Date(Date.UTC(2000, 0, 1));
  for (let i = 0; i < USERS; i++) {
    const id = `bench-${i}`;
    const n = String(i).padStart(4, '0');
    await database.db.insert(users).values({
      id,
      number: sql`nextval('user_number_seq')`,
      userSlug: 'citizen',
      username: `bench${i}`,
      email: `bench${i}@example.com`,
      mobile: `0100${String(i).padStart(7, '0')}`,
      nationalId: `290010101${n}5`,
      firstName: 'منى',
      lastName: 'حسن',
      emailVerified: true,
      mobileVerified: true,
    });
    const s = await createSession(database.db, { userId: id, kind: 'user', device: 'CITIZEN', maxAgeMs: 3_600_000 });
    const rows = Array.from({ length: METERS_PER_USER }, (_, j) => ({
      id: crypto.randomUUID(),
      ownerId: id,
      number: String(80_000_000 + i * 1000 + j),
      type: 'single_phase',
      ownerName: 'منى حسن',
      ownerNationalId: `290010101${n}5`,
      address: 'شارع شبرا، القاهرة',
      companyId: 'co-north-cairo',
      serviceCenterId: 'sc-shubra',
      connectionType: 'residential',
      status: 'approved' as const,
      initialReading: 1000,
      createdAt: added,
      updatedAt: added,
    }));
    await database.db.insert(meters).values(rows);
    for (const r of rows) owned.push({ meterId: r.id, cookie: `kahraba_sid=${s.token}`, csrf: s.csrfToken });
  }

  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: scratch.url,
      DEMO_MODE: 'false',
      // One load generator sends every write: measured with the rate limits counting, not refusing (decision 037).
      RATE_LIMIT_FACTOR: '1000',
      DIST_DIR: './dist-bench-none',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${PORT}`;
  await waitFor(`${base}/readyz`);

  // Request k: meter k mod M, month floor(k / M) after January 2000, 100 kWh more than the month before.
  let next = 0;
  const reading = () => {
    const k = next++;
    const meter = owned[k % owned.length]!;
    const month = Math.floor(k / owned.length);
    const readAt = new Date(Date.UTC(2000, 1 + month, 5, 10)).toISOString();
    return {
      path: `/api/meters/${meter.meterId}/readings`,
      body: JSON.stringify({ value: 1000 + 100 * (month + 1), readAt }),
      headers: {
        'content-type': 'application/json',
        cookie: meter.cookie,
        'x-csrf-token': meter.csrf,
        'idempotency-key': crypto.randomUUID(),
      },
    };
  };
  const run = (seconds: number) =>
    autocannon({
      url: base,
      connections: 20,
      overallRate: RATE,
      duration: seconds,
      requests: [{ method: 'POST', setupRequest: (req) => ({ ...req, ...reading() }) }],
    });
  await run(3); // warm-up: pools filled, code optimised
  // One at a time: the cost of one reading without queueing.
  const single: number[] = [];
  for (let i = 0; i < 50; i++) {
    const r = reading();
    const t = performance.now();
    const res = await fetch(`${base}${r.path}`, { method: 'POST', headers: r.headers, body: r.body });
    await res.arrayBuffer();
    if (res.status !== 201) throw new Error(`a reading was refused: ${res.status}`);
    single.push(performance.now() - t);
  }
  single.sort((a, b) => a - b);
  const before = await count(database.db);
  const r = await run(SECONDS);
  const after = await count(database.db);
  console.log(
    `\nKahraba meter reading benchmark — ${os.cpus().length} cores, PostgreSQL, ${RATE} requests/s for ${SECONDS} s, ${owned.length} meters\n`,
  );
  console.log('| requests/s | p50 (ms) | p90 (ms) | p99 (ms) | max (ms) | 2xx | non-2xx | errors | readings stored |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  console.log(
    `| ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p90} | ${r.latency.p99} | ${r.latency.max} | ${r['2xx']} | ${r.non2xx} | ${r.errors} | ${after - before} |`,
  );
  console.log(`\nOne at a time (50 readings): p50 ${single[25]!.toFixed(1)} ms, max ${single[49]!.toFixed(1)} ms`);
  console.log(
    `Machine load average while measuring: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(`\np99 goal <= ${GOAL_MS} ms: ${r.latency.p99 <= GOAL_MS ? 'met' : 'NOT met'}`);
} finally {
  server?.kill('SIGTERM');
  await new Promise((res) => setTimeout(res, 1500));
  await database.close();
  await scratch.drop();
}
