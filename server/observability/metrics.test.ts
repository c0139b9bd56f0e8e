import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../db/schema.ts';
import { startJobs } from '../domain/jobs/jobs.ts';
import { TEST_CARDS } from '../domain/payments/gateways/sandbox.ts';
import { call, signUpVerified, type SignedUp, type Session } from '../test/identity-helpers.ts';
import { newBill, newMeter, payBillsCall, sandboxPay, started } from '../test/payment-helpers.ts';
import { withKey } from '../test/request-helpers.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { countsOf } from './metrics.ts';

/*
 * `/metrics` as an operator's Prometheus sees it (issue 28): the text format parses, the figures move when requests,
 * payments, callbacks, offline readings and outbox messages happen, and nobody but the operator may scrape it.
 */

const SECRET = 'sandbox-secret-for-the-metrics-0123456789';
const TOKEN = 'metrics-token-for-the-tests-0123';
let ctx: TestApp;
let A: SignedUp & { session: Session };

beforeAll(async () => {
  ctx = await buildTestApp({ SANDBOX_GATEWAY_SECRET: SECRET });
  A = await signUpVerified(ctx);
});
afterAll(() => ctx.close());

type Sample = { name: string; labels: Record<string, string>; value: number };

/** Prometheus's text exposition format, parsed strictly: every line a comment, blank, or `name{labels} value`. */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?[0-9.e+-]+|NaN|Nan|\+Inf|-Inf)$/.exec(line);
    if (!m) throw new Error(`not in the exposition format: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[k!] = v!;
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return samples;
}

async function scrape(): Promise<Sample[]> {
  const res = await ctx.app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parse(res.body);
}

const value = (samples: Sample[], name: string, labels: Record<string, string> = {}): number =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);

describe('the scrape', () => {
  it("parses, and carries the process's own figures: memory, event-loop delay", async () => {
    const samples = await scrape();
    expect(value(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(samples.some((s) => s.name.startsWith('nodejs_eventloop_lag'))).toBe(true);
    expect(samples.some((s) => s.name === 'kahraba_http_request_duration_seconds_bucket')).toBe(true);
  });

  it('counts requests by route pattern and status, never by address', async () => {
    const route = { method: 'GET', route: '/api/news/:id', status: '404' };
    const before = value(await scrape(), 'kahraba_http_request_duration_seconds_count', route);
    await call(ctx, 'GET', '/api/news/no-such-news-1');
    await call(ctx, 'GET', '/api/news/no-such-news-2');
    const after = await scrape();
    expect(value(after, 'kahraba_http_request_duration_seconds_count', route)).toBe(before + 2);
    expect(after.some((s) => s.labels.route?.includes('no-such-news'))).toBe(false);
  });

  it('shows the outbox waiting by channel, and the age of its oldest message', async () => {
    const before = value(await scrape(), 'kahraba_outbox_messages', { channel: 'sms', status: 'pending' });
    await ctx.database.db.insert(outboxMessages).values({
      channel: 'sms',
      recipient: '01000000000',
      body: 'metrics test',
      createdAt: new Date(Date.now() - 120_000),
    });
    const after = await scrape();
    expect(value(after, 'kahraba_outbox_messages', { channel: 'sms', status: 'pending' })).toBe(before + 1);
    expect(value(after, 'kahraba_outbox_oldest_pending_seconds', { channel: 'sms' })).toBeGreaterThanOrEqual(119);
  });

  it('moves with payments: their states, the callbacks accepted and refused', async () => {
    const before = await scrape();
    const meter = await newMeter(ctx, A.userId);
    const bill = await newBill(ctx, meter, '2026-03', 10_000);
    const { payment } = started(await payBillsCall(ctx, A.session, [bill]));
    expect((await sandboxPay(ctx, payment.id, TEST_CARDS.succeeds)).statusCode).toBeLessThan(400);
    const refused = await call(ctx, 'POST', '/api/payments/callbacks/sandbox?hmac=00', {
      body: { type: 'TRANSACTION', obj: { id: 1 } },
      noCsrf: true,
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    const after = await scrape();
    const succeeded = { gateway: 'sandbox', status: 'succeeded' };
    expect(value(after, 'kahraba_payments', succeeded)).toBe(value(before, 'kahraba_payments', succeeded) + 1);
    for (const result of ['accepted', 'refused']) {
      const labels = { gateway: 'sandbox', result };
      expect(value(after, 'kahraba_payment_callbacks_total', labels), result).toBe(
        value(before, 'kahraba_payment_callbacks_total', labels) + 1,
      );
    }
  });

  it('records how long an offline reading waited on the device', async () => {
    const name = 'kahraba_offline_write_delay_seconds';
    const before = await scrape();
    const meter = await newMeter(ctx, A.userId);
    const readAt = new Date(Date.now() - 3 * 3_600_000).toISOString();
    const res = await call(ctx, 'POST', `/api/meters/${meter}/readings`, {
      as: A.session,
      body: { value: 1234, readAt },
      headers: withKey(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const after = await scrape();
    expect(value(after, `${name}_count`, { kind: 'reading' })).toBe(value(before, `${name}_count`, { kind: 'reading' }) + 1);
    const waited = value(after, `${name}_sum`, { kind: 'reading' }) - value(before, `${name}_sum`, { kind: 'reading' });
    expect(waited).toBeGreaterThanOrEqual(3 * 3600 - 5);
    // Waited between 6 hours (bucket) and 1 hour: in the 6-hour bucket, not the 1-hour one.
    const bucket = (le: string, s: Sample[]) => value(s, `${name}_bucket`, { kind: 'reading', le });
    expect(bucket('21600', after) - bucket('21600', before)).toBe(1);
    expect(bucket('3600', after) - bucket('3600', before)).toBe(0);
  });
});

describe('who may scrape', () => {
  it('without a token, only this machine: another address is told there is nothing here', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('kahraba_');
    // A forwarded address claiming to be local changes nothing: the socket's address decides.
    const forwarded = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(forwarded.statusCode).toBe(404);
  });

  it('with METRICS_TOKEN, the bearer token and nothing else, from anywhere', async () => {
    const guarded = await buildTestApp({ METRICS_TOKEN: TOKEN }, { seed: false });
    try {
      const get = (headers: Record<string, string> = {}, remoteAddress = '203.0.113.9') =>
        guarded.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });
      const tries: Record<string, string>[] = [
        {},
        { authorization: 'Bearer wrong' },
        { authorization: TOKEN },
        { authorization: `Basic ${TOKEN}` },
      ];
      for (const headers of tries) {
        const res = await get(headers);
        expect(res.statusCode, JSON.stringify(headers)).toBe(401);
        expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
      }
      expect((await get({}, '127.0.0.1')).statusCode).toBe(401);
      const ok = await get({ authorization: `Bearer ${TOKEN}` });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('kahraba_http_request_duration_seconds');
    } finally {
      await guarded.close();
    }
  });
});

describe('jobs', () => {
  it('tell the metrics each run and what the retention jobs purged', async () => {
    const runs: [string, boolean, unknown][] = [];
    const stop = startJobs(
      ctx.database.db,
      [
        { name: `metrics-ok-${Date.now()}`, everyMs: 3_600_000, run: async () => [{ sessions: 2, secrets: 0 }, 3] },
        { name: `metrics-failing-${Date.now()}`, everyMs: 3_600_000, run: () => Promise.reject(new Error('boom')) },
      ],
      { warn: () => undefined, onRun: (job, ok, result) => runs.push([job, ok, result]) },
    );
    await stop();
    expect(runs.map(([job, ok]) => [job.split('-')[1], ok]).sort()).toEqual([
      ['failing', false],
      ['ok', true],
    ]);
    expect(Object.fromEntries(countsOf('cleanup', [{ sessions: 2, secrets: 0 }, 3]))).toEqual({
      'cleanup.sessions': 2,
      'cleanup.secrets': 0,
      cleanup: 3,
    });
  });
});
