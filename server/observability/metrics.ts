import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import client from 'prom-client';
import type { Database, Db } from '../db/client.ts';

/*
 * Metrics (issue 28, decision 070): what an operator watches, in Prometheus's text format at `/metrics`.
 * - The process's own (memory, CPU, event-loop delay, GC) are collected once per process, whatever number of apps
 *   it builds (the tests build hundreds); each app has its registry for the rest.
 * - Counters and histograms move where the thing happens (a request answered, a callback checked, a job run);
 *   gauges of stored state (outbox depth and age, payments by state) are read from the database at scrape time,
 *   so every process of a scaled-out portal reports the same truth and a scrape of any one is enough.
 * - `/metrics` is for the operator only: with METRICS_TOKEN set, a bearer token is required; without it, only a
 *   scrape from this machine (the socket's own address, never a forwarded one) is answered, anyone else gets 404.
 */

let processRegistry: client.Registry | undefined;
/** The process's metrics (one set per process). */
function processMetrics(): client.Registry {
  if (!processRegistry) {
    processRegistry = new client.Registry();
    client.collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });
  }
  return processRegistry;
}

const PREFIX = 'kahraba_';

export type Metrics = {
  registry: client.Registry;
  /** An HTTP request answered (`route` is the route's pattern, never the address, so labels stay few). */
  request(method: string, route: string, status: number, seconds: number): void;
  /** A payment callback checked: `accepted` (signature good) or `refused` (bad signature). */
  callback(gateway: string, result: 'accepted' | 'refused'): void;
  /** A write made offline reached the server `waitedMs` after it was made on the device. */
  lateWrite(kind: 'reading', waitedMs: number): void;
  /** A scheduled job ran (`ok`) or threw (`failed`); `result` may carry counts of rows purged. */
  jobRun(job: string, ok: boolean, result?: unknown): void;
  /** The text a scrape answers. */
  scrape(): Promise<string>;
  contentType: string;
};

/** Counts inside a job's result: `{ sessions: 3 }`, `[2, { a: 1 }]` → purged by name (`job`, `job.sessions`…). */
export function countsOf(job: string, result: unknown, into: Map<string, number> = new Map()): Map<string, number> {
  if (typeof result === 'number' && Number.isFinite(result)) into.set(job, (into.get(job) ?? 0) + result);
  else if (Array.isArray(result)) result.forEach((r) => countsOf(job, r, into));
  else if (result && typeof result === 'object')
    for (const [k, v] of Object.entries(result))
      if (typeof v === 'number' && Number.isFinite(v)) into.set(`${job}.${k}`, (into.get(`${job}.${k}`) ?? 0) + v);
  return into;
}

const rowsOf = <T>(res: unknown): T[] => ((res as { rows?: T[] }).rows ?? (res as T[])) as T[];

export function createMetrics(database: Database, opts: { timeQueries?: boolean } = {}): Metrics {
  const registry = new client.Registry();
  const db: Db = database.db;

  const http = new client.Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const callbacks = new client.Counter({
    name: `${PREFIX}payment_callbacks_total`,
    help: "Payment gateways' callbacks, accepted (signature verified) or refused",
    labelNames: ['gateway', 'result'] as const,
    registers: [registry],
  });
  const late = new client.Histogram({
    name: `${PREFIX}offline_write_delay_seconds`,
    help: 'How long a write made offline waited on the device before it reached the server',
    labelNames: ['kind'] as const,
    buckets: [60, 600, 3600, 6 * 3600, 86_400, 3 * 86_400, 7 * 86_400, 30 * 86_400],
    registers: [registry],
  });
  const jobs = new client.Counter({
    name: `${PREFIX}jobs_runs_total`,
    help: 'Scheduled jobs run by this process, by job and result (ok or failed)',
    labelNames: ['job', 'result'] as const,
    registers: [registry],
  });
  const purged = new client.Counter({
    name: `${PREFIX}retention_purged_total`,
    help: 'Rows removed by the retention jobs of this process, by what',
    labelNames: ['what'] as const,
    registers: [registry],
  });
  const queries = new client.Histogram({
    name: `${PREFIX}db_query_duration_seconds`,
    help: 'Database statements, time from sent to answered (PostgreSQL pool)',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    registers: [registry],
  });
  if (opts.timeQueries !== false) database.observeQueries?.((seconds) => queries.observe(seconds));

  new client.Gauge({
    name: `${PREFIX}db_pool_connections`,
    help: 'Database pool connections by state (PostgreSQL): total, idle, waiting clients, max',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const s = database.poolStats?.();
      if (!s) return;
      for (const [state, n] of Object.entries(s)) this.set({ state }, Number(n));
    },
  });
  new client.Gauge({
    name: `${PREFIX}outbox_messages`,
    help: 'Outbox messages by channel and status (pending, failed) waiting or given up',
    labelNames: ['channel', 'status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = rowsOf<{ channel: string; status: string; n: number }>(
        await db.execute(
          sql`select channel, status, count(*)::int as n from outbox_messages where status <> 'sent' group by channel, status`,
        ),
      );
      for (const r of rows) this.set({ channel: r.channel, status: r.status }, Number(r.n));
    },
  });
  new client.Gauge({
    name: `${PREFIX}outbox_oldest_pending_seconds`,
    help: 'Age of the oldest pending outbox message, by channel (0 when none waits)',
    labelNames: ['channel'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const channel of ['email', 'sms', 'push']) this.set({ channel }, 0);
      const rows = rowsOf<{ channel: string; age: number }>(
        await db.execute(
          sql`select channel, extract(epoch from now() - min(created_at))::float8 as age from outbox_messages where status = 'pending' group by channel`,
        ),
      );
      for (const r of rows) this.set({ channel: r.channel }, Math.max(0, Number(r.age)));
    },
  });
  new client.Gauge({
    name: `${PREFIX}payments`,
    help: 'Payments by gateway and status',
    labelNames: ['gateway', 'status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = rowsOf<{ gateway: string; status: string; n: number }>(
        await db.execute(sql`select gateway, status, count(*)::int as n from payments group by gateway, status`),
      );
      for (const r of rows) this.set({ gateway: r.gateway, status: r.status }, Number(r.n));
    },
  });
  new client.Gauge({
    name: `${PREFIX}payments_stuck`,
    help: 'Payments started or pending for more than 30 minutes, by gateway (the reconciliation should settle them)',
    labelNames: ['gateway'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = rowsOf<{ gateway: string; n: number }>(
        await db.execute(
          sql`select gateway, count(*)::int as n from payments where status in ('started', 'pending') and created_at < now() - interval '30 minutes' group by gateway`,
        ),
      );
      for (const r of rows) this.set({ gateway: r.gateway }, Number(r.n));
    },
  });

  return {
    registry,
    contentType: registry.contentType,
    request: (method, route, status, seconds) => http.observe({ method, route, status: String(status) }, seconds),
    callback: (gateway, result) => callbacks.inc({ gateway, result }),
    lateWrite: (kind, waitedMs) => late.observe({ kind }, Math.max(0, waitedMs) / 1000),
    jobRun(job, ok, result) {
      jobs.inc({ job, result: ok ? 'ok' : 'failed' });
      for (const [what, n] of countsOf(job, result)) if (n > 0) purged.inc({ what }, n);
    },
    async scrape() {
      // A database that does not answer must not hide the process's own metrics.
      const own = await registry.metrics().catch(() => '');
      return `${await processMetrics().metrics()}\n${own}`;
    },
  };
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function allowed(req: FastifyRequest, token: string | undefined): 'ok' | 'unauthorized' | 'hidden' {
  if (token) {
    const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const a = crypto.createHash('sha256').update(given).digest();
    const b = crypto.createHash('sha256').update(token).digest();
    return crypto.timingSafeEqual(a, b) ? 'ok' : 'unauthorized';
  }
  return LOOPBACK.has(req.socket.remoteAddress ?? '') ? 'ok' : 'hidden';
}

/** Times every answer, and serves `/metrics` to the operator (see the top of this file). */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  app.addHook('onResponse', async (req, reply) => {
    metrics.request(req.method, req.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    const verdict = allowed(req, token);
    if (verdict === 'hidden') return reply.status(404).send({ code: 'NOT_FOUND', message: 'Not found' });
    if (verdict === 'unauthorized')
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ code: 'UNAUTHORIZED', message: 'A metrics token is required' });
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.contentType)
      .send(await metrics.scrape());
  });
}
