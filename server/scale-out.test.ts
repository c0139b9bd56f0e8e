import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLEANUP_EVERY_MS } from './app.ts';
import { createScratchDatabase } from './db/scratch.ts';
import { DEMO_PASSWORD } from './seed/data/users.ts';
import { PUBLIC_FORM_LIMITS } from './routes/public-forms.ts';
import { testDriver } from './test/test-app.ts';

/*
 * Scale-out (decision 032): three server processes (`server/main.ts`, production mode) on one fresh PostgreSQL
 * database, started at once, behind a round-robin proxy written here. Through the proxy, as a client would see
 * it: a rate limit counts across the processes, a session opened on one works on the others, an outbox message
 * is delivered once, and scheduled jobs run once per period across the three. PGlite is one process by design
 * (its lock file), so this runs only on PostgreSQL (TEST_DB_DRIVER=postgres with TEST_DATABASE_URL).
 */

const PROCESSES = 3;
/** The clean-up's period under test: 2 s instead of an hour (JOBS_INTERVAL_SCALE). */
const CLEANUP_MS = 2000;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Upstream = { port: number; child: ChildProcess; output: string[] };

/** Forwards each request to the next process in turn, adds X-Forwarded-For, and says which one answered. */
function roundRobinProxy(upstreams: Upstream[]) {
  let next = 0;
  const seen = new Map<string, number[]>();
  const server = http.createServer((req, res) => {
    const i = next++ % upstreams.length;
    const route = `${req.method} ${(req.url ?? '').split('?')[0]}`;
    const counts = seen.get(route) ?? upstreams.map(() => 0);
    counts[i]!++;
    seen.set(route, counts);
    const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const out = http.request(
      {
        host: '127.0.0.1',
        port: upstreams[i]!.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': forwarded },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-upstream': String(i) });
        answer.pipe(res);
      },
    );
    out.on('error', () => res.writeHead(502).end());
    req.pipe(out);
  });
  return { server, seen };
}

async function waitReady(port: number, child: Upstream, until: number): Promise<void> {
  while (Date.now() < until) {
    if (child.child.exitCode !== null) throw new Error(`server on ${port} exited:\n${child.output.join('')}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await sleep(200);
  }
  throw new Error(`server on ${port} did not become ready:\n${child.output.join('')}`);
}

describe.runIf(testDriver() === 'postgres')(
  'three processes on one PostgreSQL behind a proxy (runs with TEST_DB_DRIVER=postgres: PGlite is one process)',
  () => {
    let scratch: { url: string; drop: () => Promise<void> };
    let dataDir: string;
    const upstreams: Upstream[] = [];
    let proxy: ReturnType<typeof roundRobinProxy>;
    let base = '';
    let startedMs = 0;
    /** The clean-up's run count when all three were up, and when that was. */
    let cleanupAtStart = { runs: 0, at: 0 };

    /** Reads the scratch database directly (what the processes wrote). */
    const query = async <T>(text: string, values: unknown[] = []): Promise<T[]> => {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      try {
        return (await client.query(text, values)).rows as T[];
      } finally {
        await client.end();
      }
    };
    const runsOf = async (job: string) =>
      Number((await query<{ runs: number }>('select runs from job_runs where name = $1', [job]))[0]?.runs ?? 0);

    beforeAll(async () => {
      scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'kahraba_scale');
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kahraba-scale-'));
      const t0 = Date.now();
      // All three at once on the empty database: they must take turns to migrate and seed.
      for (let i = 0; i < PROCESSES; i++) {
        const port = await freePort();
        const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
          env: {
            PATH: process.env.PATH,
            NODE_ENV: 'production',
            HOST: '127.0.0.1',
            PORT: String(port),
            EMPLOYEE_PORT: '0',
            AGENT_PORT: '0',
            DATABASE_URL: scratch.url,
            DATABASE_POOL_MAX: '4',
            DATA_DIR: dataDir,
            DIST_DIR: './dist-test-none',
            LOG_LEVEL: 'warn',
            SCRYPT_LOG2N: '12',
            TRUST_PROXY: 'true',
            // Demo mode (the demo citizen, the mailbox) behind the test's own proxy on this machine: on purpose.
            DEMO_MODE_FORCE: 'true',
            OUTBOX_POLL_MS: '50',
            JOBS_INTERVAL_SCALE: String(CLEANUP_MS / CLEANUP_EVERY_MS),
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        const upstream: Upstream = { port, child, output: [] };
        child.stdout?.on('data', (d: Buffer) => upstream.output.push(d.toString()));
        child.stderr?.on('data', (d: Buffer) => upstream.output.push(d.toString()));
        upstreams.push(upstream);
      }
      // An upper bound for a failing start, sized for a machine whose cores are kept busy (three servers start at once).
      const until = Date.now() + 120_000;
      for (const u of upstreams) await waitReady(u.port, u, until);
      startedMs = Date.now() - t0;
      cleanupAtStart = { runs: await runsOf('cleanup'), at: Date.now() };
      proxy = roundRobinProxy(upstreams);
      await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(proxy.server.address() as net.AddressInfo).port}`;
    }, 150_000);

    afterAll(async () => {
      proxy?.server.close();
      await Promise.all(
        upstreams.map(
          (u) =>
            new Promise<void>((resolve) => {
              if (u.child.exitCode !== null) return resolve();
              u.child.once('exit', () => resolve());
              u.child.kill('SIGTERM');
            }),
        ),
      );
      fs.rmSync(dataDir, { recursive: true, force: true });
      await scratch?.drop();
    });

    it('start together on an empty database: one migrates and seeds, the others wait and find it done', () => {
      const seeded = upstreams.filter((u) => u.output.join('').includes('Seeded an empty database'));
      expect(seeded).toHaveLength(1);
      console.log(`three processes ready in ${(startedMs / 1000).toFixed(1)} s`);
    });

    it('count a client address together: the limit bites although each process saw fewer requests', async () => {
      // Keep the burst (well under a second) inside one minute window: windows are aligned to the clock.
      const intoMinute = Date.now() % 60_000;
      if (intoMinute > 56_000) await sleep(60_000 - intoMinute);
      const max = PUBLIC_FORM_LIMITS.contactMessage;
      const send = () =>
        fetch(`${base}/api/contactMessages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': 'anonymous', 'x-forwarded-for': '203.0.113.9' },
          body: JSON.stringify({
            fullName: 'Mona Hassan',
            email: 'mona@example.com',
            messageType: 'inquiry',
            message: 'Is the portal up across all processes?',
          }),
        });
      const statuses: number[] = [];
      for (let i = 0; i <= max; i++) statuses.push((await send()).status);
      expect(statuses).toEqual([...Array<number>(max).fill(201), 429]);
      const perProcess = proxy.seen.get('POST /api/contactMessages')!;
      expect(Math.max(...perProcess)).toBeLessThan(max);
      // Another address is not counted with it.
      const other = await fetch(`${base}/api/contactMessages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': 'anonymous', 'x-forwarded-for': '203.0.113.10' },
        body: JSON.stringify({ fullName: 'Omar Ali', email: 'omar@example.com', messageType: 'inquiry', message: 'And for me?' }),
      });
      expect(other.status).toBe(201);
    });

    it('open a session on one process that every other process honours', async () => {
      const login = await fetch(`${base}/api/citizen/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': 'anonymous', 'x-forwarded-for': '203.0.113.20' },
        body: JSON.stringify({ username: 'citizen', password: DEMO_PASSWORD }),
      });
      expect(login.status, await login.clone().text()).toBe(200);
      const { csrfToken, user } = (await login.json()) as { csrfToken: string; user: { id: string } };
      const cookie = login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0]!)
        .find((c) => c.startsWith('kahraba_sid='));
      expect(cookie).toBeDefined();
      const answeredBy = new Set<string>();
      for (let i = 0; i < PROCESSES; i++) {
        const me = await fetch(`${base}/api/citizen/${user.id}`, {
          headers: { cookie: cookie!, 'x-forwarded-for': '203.0.113.20' },
        });
        expect(me.status).toBe(200);
        expect(((await me.json()) as { username: string }).username).toBe('citizen');
        answeredBy.add(me.headers.get('x-upstream')!);
      }
      expect(answeredBy.size).toBe(PROCESSES);
      // A state change with the csrf token through another process, then signed out everywhere.
      const out = await fetch(`${base}/api/citizen/logout`, {
        method: 'POST',
        headers: {
          cookie: cookie!,
          'content-type': 'application/json',
          'x-csrf-token': csrfToken,
          'x-forwarded-for': '203.0.113.20',
        },
        body: '{}',
      });
      expect(out.status).toBe(200);
      for (let i = 0; i < PROCESSES; i++) {
        const me = await fetch(`${base}/api/citizen/${user.id}`, {
          headers: { cookie: cookie!, 'x-forwarded-for': '203.0.113.20' },
        });
        expect(me.status).toBe(401);
      }
    });

    it('deliver an outbox message once, though three workers poll every 50 ms', async () => {
      const recipient = 'citizen@kahraba.local';
      const before = await query<{ id: number }>('select coalesce(max(id), 0)::int as id from outbox_messages');
      const reset = await fetch(`${base}/api/citizen/forgetPassword`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': 'anonymous', 'x-forwarded-for': '203.0.113.30' },
        body: JSON.stringify({ identifier: 'citizen', channel: 'email' }),
      });
      expect(reset.status).toBe(200);
      type Item = { id: number; status: string; attempts: number };
      let mine: Item[] = [];
      for (let i = 0; i < 100; i++) {
        const box = await fetch(`${base}/api/dev/mailbox?recipient=${recipient}`);
        mine = ((await box.json()) as { items: Item[] }).items.filter((m) => m.id > before[0]!.id);
        if (mine.length > 0 && mine.every((m) => m.status !== 'pending')) break;
        await sleep(100);
      }
      expect(mine.map((m) => ({ status: m.status, attempts: m.attempts }))).toEqual([{ status: 'sent', attempts: 1 }]);
    });

    it('run a scheduled job once per period across the three, not once per process', async () => {
      // The daily reconciliation ran at start, once; its next run is a (scaled) day away.
      expect(await runsOf('payments-daily')).toBe(1);
      await sleep(cleanupAtStart.at + 2 * CLEANUP_MS + 500 - Date.now());
      const periods = (Date.now() - cleanupAtStart.at) / CLEANUP_MS;
      const ran = (await runsOf('cleanup')) - cleanupAtStart.runs;
      // Each process checks every tenth of the period: about one run per period (three a period uncoordinated).
      expect(ran).toBeGreaterThanOrEqual(1);
      expect(ran).toBeLessThanOrEqual(Math.ceil(periods));
    });
  },
);
