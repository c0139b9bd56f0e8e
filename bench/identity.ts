import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashPassword, SCRYPT_DEFAULT_LOG2N, verifyPassword } from '../server/domain/identity/crypto.ts';
import { IDENTITY_LIMITS } from '../server/routes/identity/limits.ts';

/**
 * `npm run bench:identity`: what sign-in costs (quality.md "Security" asks for a slow password hash).
 * 1. The password hash at the production cost (scrypt N = 2^17, r = 8, p = 1): median and worst of 10.
 * 2. Sign-in throughput against the real server in production mode, with the demo citizen's password:
 *    a) many clients (one address each, behind TRUST_PROXY): the hash-bound capacity of one process;
 *    b) one address past its limit (IDENTITY_LIMITS.login a minute): how fast the refusals (429) come,
 *       i.e. what a brute-force series costs the server once it is over the edge.
 */
const PORT = 4393;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONNECTIONS ?? 16);

async function timeHashes(): Promise<{ median: number; worst: number }> {
  const times: number[] = [];
  const stored = await hashPassword('Kahraba@2026');
  for (let i = 0; i < 10; i++) {
    const t = performance.now();
    await verifyPassword('Kahraba@2026', stored);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { median: Math.round(times[5]!), worst: Math.round(times[9]!) };
}

async function waitFor(url: string): Promise<void> {
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

async function loginLoad(base: string, addressOf: (n: number) => string) {
  const until = Date.now() + SECONDS * 1000;
  const statuses = new Map<number, number>();
  const latencies: number[] = [];
  let n = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < until) {
        const ip = addressOf(n++);
        const t = performance.now();
        const res = await fetch(`${base}/api/citizen/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': 'bench', 'x-forwarded-for': ip, origin: base },
          body: JSON.stringify({ username: 'citizen', password: 'Kahraba@2026' }),
        });
        await res.arrayBuffer();
        latencies.push(performance.now() - t);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    rps: Math.round((latencies.length / SECONDS) * 10) / 10,
    p50: Math.round(latencies[Math.floor(latencies.length / 2)] ?? 0),
    p99: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0),
    statuses: Object.fromEntries(statuses),
  };
}

const hash = await timeHashes();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kahraba-bench-id-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    TRUST_PROXY: 'true',
    DEMO_MODE: 'true',
    // The demo citizen's password, behind TRUST_PROXY on this machine: demo mode refuses a proxy unless forced.
    DEMO_MODE_FORCE: 'true',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  const base = `http://127.0.0.1:${PORT}`;
  await waitFor(`${base}/readyz`);
  // Every sign-in from its own address: only the hash limits the rate.
  const spread = await loginLoad(base, (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`);
  // One address: the first IDENTITY_LIMITS.login of the minute are answered, the rest refused.
  const single = await loginLoad(base, () => '192.0.2.7');
  console.log(`\nKahraba sign-in benchmark — ${os.cpus().length} cores, ${CONCURRENCY} concurrent clients, ${SECONDS} s each\n`);
  console.log(
    `Password hash (scrypt N=2^${SCRYPT_DEFAULT_LOG2N}, r=8, p=1): median ${hash.median} ms, worst ${hash.worst} ms of 10`,
  );
  console.log('| load | requests/s | p50 (ms) | p99 (ms) | answers |');
  console.log('|---|---:|---:|---:|---|');
  console.log(
    `| sign-ins from many addresses | ${spread.rps} | ${spread.p50} | ${spread.p99} | ${JSON.stringify(spread.statuses)} |`,
  );
  console.log(
    `| one address past ${IDENTITY_LIMITS.login}/min | ${single.rps} | ${single.p50} | ${single.p99} | ${JSON.stringify(single.statuses)} |`,
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
