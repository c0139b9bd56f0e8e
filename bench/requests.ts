import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import os from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { TService } from '../contract/catalog.ts';
import { openDatabase } from '../server/db/client.ts';
import { users } from '../server/db/schema.ts';
import { createScratchDatabase } from '../server/db/scratch.ts';
import { services } from '../server/seed/data/catalog.ts';
import { sampleData } from '../server/seed/sample-data.ts';
import { seedDatabase, seedIdentity } from '../server/seed/seed.ts';
import { createSession } from '../server/domain/identity/sessions.ts';
import { benchDatabaseUrl, waitFor } from './support.ts';

/**
 * `npm run bench:requests`: filing a request (POST /api/requests/:serviceSlug), the whole write: idempotency key
 * claimed and completed, number, request, `created` event, notification, e-mail and SMS outbox rows, receipt, in
 * two statements (decision 046). PostgreSQL only (BENCH_DATABASE_URL or TEST_DATABASE_URL: a scratch database is made and
 * dropped), the server in production mode, autocannon at a fixed rate (BENCH_RATE, default 200 requests/s) with
 * a unique Idempotency-Key per request, from BENCH_USERS signed-in citizens in turn. Goal: p99 <= 50 ms.
 */
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const USERS = Number(process.env.BENCH_USERS ?? 100);
const PORT = Number(process.env.BENCH_PORT ?? 4412);
const SERVER_CPUS = process.env.BENCH_SERVER_CPUS;
const SLUG = 'FAULTS_COMPLAINTS';
/** Submissions made one at a time (latency without queueing, statements and CPU per submission). */
const SINGLE = Number(process.env.BENCH_SINGLE ?? 200);
const dbUrl = benchDatabaseUrl('bench:requests');

/** A process's CPU time so far (user + system, ms) from /proc/<pid>/stat (Linux; clock ticks of 10 ms). */
function cpuMs(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count the fields after its closing one.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(rest[11]) + Number(rest[12])) * 10; // utime, stime (fields 14 and 15), at 100 ticks a second
  } catch {
    return NaN;
  }
}

/** The cores this process (the load generator) may run on, as taskset gave them (Linux), else "any". */
function affinity(): string {
  try {
    const status = fs.readFileSync('/proc/self/status', 'utf8');
    return /Cpus_allowed_list:\s*(\S+)/.exec(status)?.[1] ?? 'any';
  } catch {
    return 'any';
  }
}

const scratch = await createScratchDatabase(dbUrl, 'kahraba_bench_req');
const database = await openDatabase({ driver: 'postgres', url: scratch.url, poolMax: 2 });
let server: ReturnType<typeof spawn> | undefined;
try {
  await database.migrate();
  await seedDatabase(database.db);
  await seedIdentity(database.db, { employeeSlugs: ['employee'], demo: false });
  // Citizens with sessions, made directly (sign-up's password hash is not what is measured here).
  const sessions: { cookie: string; csrf: string }[] = [];
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
    sessions.push({ cookie: `kahraba_sid=${s.token}`, csrf: s.csrfToken });
  }
  const body = JSON.stringify({
    activityId: 'apply',
    data: sampleData(services.find((s) => s.serviceSlug === SLUG) as unknown as TService, 'apply'),
  });

  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there on exit.
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  // BENCH_SERVER_CPUS=0: the server pinned to these cores (taskset), so that the load generator, started with
  // `taskset -c 1 npm run bench:requests`, has a core of its own and does not queue behind the server.
  const countFile = path.join(os.tmpdir(), `kahraba-bench-queries-${process.pid}`);
  const args = [...prof, '--import', 'tsx', '--import', './bench/count-queries.ts', 'server/main.ts'];
  const [command, argv] = SERVER_CPUS ? ['taskset', ['-c', SERVER_CPUS, process.execPath, ...args]] : [process.execPath, args];
  server = spawn(command, argv, {
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
      BENCH_QUERY_COUNT_FILE: countFile,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${PORT}`;
  await waitFor(`${base}/readyz`);

  let next = 0;
  const run = (seconds: number) =>
    autocannon({
      url: `${base}/api/requests/${SLUG}`,
      connections: 20,
      overallRate: RATE,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => {
            const s = sessions[next++ % sessions.length]!;
            return {
              ...req,
              body,
              headers: {
                'content-type': 'application/json',
                'accept-language': 'ar',
                cookie: s.cookie,
                'x-csrf-token': s.csrf,
                'idempotency-key': crypto.randomUUID(),
              },
            };
          },
        },
      ],
    });
  await run(3); // warm-up: validators compiled, pools filled
  // One at a time: the cost of one submission without queueing, and the statements it sends (count-queries.ts).
  const queries = async () => {
    fs.rmSync(countFile, { force: true });
    server!.kill('SIGUSR2');
    // The server writes the file when its event loop gets to the signal: up to seconds on a busy machine.
    for (let i = 0; i < 100 && !fs.existsSync(countFile); i++) await new Promise((res) => setTimeout(res, 100));
    return Number(fs.readFileSync(countFile, 'utf8'));
  };
  const queriesBefore = await queries();
  const cpuSingleBefore = cpuMs(server.pid);
  const single: number[] = [];
  for (let i = 0; i < SINGLE; i++) {
    const s = sessions[next++ % sessions.length]!;
    const t = performance.now();
    const res = await fetch(`${base}/api/requests/${SLUG}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: s.cookie,
        'x-csrf-token': s.csrf,
        'idempotency-key': crypto.randomUUID(),
      },
      body,
    });
    await res.arrayBuffer();
    single.push(performance.now() - t);
  }
  // Read before the SIGUSR2 (its handler's write is not a submission's cost).
  const cpuSingle = (cpuMs(server.pid) - cpuSingleBefore) / SINGLE;
  const perSubmission = ((await queries()) - queriesBefore) / SINGLE;
  fs.rmSync(countFile, { force: true });
  single.sort((a, b) => a - b);
  const before = Number(
    ((await database.db.execute(sql`select count(*)::int as n from requests`)) as unknown as { rows: { n: number }[] }).rows[0]!
      .n,
  );
  // Let the outbox worker deliver what the series queued before the load's CPU is counted.
  await new Promise((res) => setTimeout(res, 1500));
  const cpuLoadBefore = cpuMs(server.pid);
  const r = await run(SECONDS);
  await new Promise((res) => setTimeout(res, 1500));
  const cpuLoad = cpuMs(server.pid) - cpuLoadBefore;
  const after = Number(
    ((await database.db.execute(sql`select count(*)::int as n from requests`)) as unknown as { rows: { n: number }[] }).rows[0]!
      .n,
  );
  console.log(
    `\nKahraba request submission benchmark — ${os.cpus().length} cores (server on ${SERVER_CPUS ?? 'any'}, load generator on ${affinity()}), PostgreSQL, ${RATE} requests/s for ${SECONDS} s\n`,
  );
  console.log('| requests/s | p50 (ms) | p90 (ms) | p99 (ms) | max (ms) | 2xx | non-2xx | errors | requests stored |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  console.log(
    `| ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p90} | ${r.latency.p99} | ${r.latency.max} | ${r['2xx']} | ${r.non2xx} | ${r.errors} | ${after - before} |`,
  );
  console.log(
    `\nOne at a time (${SINGLE} submissions): p50 ${single[Math.floor(SINGLE / 2)]!.toFixed(1)} ms, max ${single[SINGLE - 1]!.toFixed(1)} ms, ${perSubmission.toFixed(1)} statements (round trips) per submission, server CPU ${cpuSingle.toFixed(2)} ms per submission`,
  );
  console.log(
    `Under load: server CPU ${(cpuLoad / Math.max(1, after - before)).toFixed(2)} ms per stored submission (${Math.round(cpuLoad)} ms for ${after - before}, outbox delivery included; ${((cpuLoad / (SECONDS * 1000 + 1500)) * 100).toFixed(0)} % of one core)`,
  );
  const pending = Number(
    (
      (await database.db.execute(sql`select count(*)::int as n from outbox_messages where status = 'pending'`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n,
  );
  console.log(`Outbox: ${pending} e-mail and SMS rows still pending 1.5 s after the load (2 per submission)`);
  console.log(
    `Machine load average while measuring: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(`\np99 goal <= 50 ms: ${r.latency.p99 <= 50 ? 'met' : 'NOT met'}`);
} finally {
  server?.kill('SIGTERM');
  await new Promise((res) => setTimeout(res, 1500));
  await database.close();
  await scratch.drop();
}
