import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDriver, type TestApp } from '../test/test-app.ts';
import { currentTraceId, startTracing, tracingWanted, type Tracing } from './tracing.ts';

/*
 * Traces (decision 072): off unless an OTLP endpoint is configured; on, a request's span reaches the endpoint
 * (a receiver started here speaking OTLP/HTTP with JSON, as the exporter does) and its trace id is the request id:
 * in the `x-request-id` answer header and in the request's log lines.
 */

type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string }[];
};
type OtlpBody = { resourceSpans?: { scopeSpans?: { scope?: { name?: string }; spans?: OtlpSpan[] }[] }[] };

/** OTLP/JSON writes ids in hex; some encoders in base64: hex either way. */
const hex = (id: string): string => (/^[0-9a-f]+$/i.test(id) ? id.toLowerCase() : Buffer.from(id, 'base64').toString('hex'));

let receiver: http.Server;
let endpoint: string;
const received: (OtlpSpan & { scope: string })[] = [];

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpBody;
        for (const rs of body.resourceSpans ?? [])
          for (const ss of rs.scopeSpans ?? [])
            for (const s of ss.spans ?? [])
              received.push({ ...s, traceId: hex(s.traceId), spanId: hex(s.spanId), scope: ss.scope?.name ?? '' });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

describe('tracing off (no OTLP endpoint)', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  it('loads nothing, and the answer carries the request id: the caller plain one, else a fresh one', async () => {
    expect(tracingWanted({})).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SDK_DISABLED: 'true' })).toBe(false);
    expect(await startTracing({})).toBeUndefined();
    expect(currentTraceId()).toBeUndefined();
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/news', headers: { 'x-request-id': 'support-ticket-42' } });
    expect(mine.headers['x-request-id']).toBe('support-ticket-42');
    const fresh = await ctx.app.inject({ method: 'GET', url: '/api/news', headers: { 'x-request-id': 'not plain!' } });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('tracing on (OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  let ctx: TestApp;
  let tracing: Tracing | undefined;
  let base: string;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    tracing = await startTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME: 'kahraba-test' }, '9.5.2');
    ctx = await buildTestApp(
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) } },
    );
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await ctx?.close();
    await tracing?.stop();
  });

  /** The server span of a trace, once exported (flushed again for at most 10 s), or undefined. */
  async function serverSpan(traceId: string): Promise<OtlpSpan | undefined> {
    for (const until = Date.now() + 10_000; ; await new Promise((r) => setTimeout(r, 50))) {
      await tracing!.flush();
      const span = received.find((s) => s.traceId === traceId && s.kind === 2);
      if (span || Date.now() > until) return span;
    }
  }

  it("sends the request's span, whose trace id is the x-request-id answered and the reqId of its log lines", async () => {
    expect(tracing).toBeDefined();
    const res = await fetch(`${base}/api/news`);
    expect(res.status).toBe(200);
    const id = res.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    // The server's span ends when the answer has gone, which can be just after the client has it: flushed until there.
    const server = await serverSpan(id);
    expect(server, JSON.stringify(received.map((s) => [s.name, s.traceId]))).toBeDefined();
    // Named after the route's pattern, not the address.
    expect(server!.name).toBe('GET /api/news');
    // PostgreSQL's statements are spans of the request's trace (PGlite runs in the process: no client to trace).
    if (testDriver() === 'postgres')
      expect(received.some((s) => s.traceId === id && s.scope.includes('pg') && s.parentSpanId)).toBe(true);

    const mine = lines.filter((l) => l.reqId === id);
    expect(mine.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });

  it('records an address with its query values redacted, as the logs do (decision 038: a QR secret, a reset token)', async () => {
    const res = await fetch(`${base}/api/news?lang=en&token=hush-hush`);
    const id = res.headers.get('x-request-id')!;
    const span = await serverSpan(id);
    expect(span).toBeDefined();
    expect(JSON.stringify(span)).not.toContain('hush-hush');
    expect(JSON.stringify(span)).toContain('token=[redacted]');
  });

  it('continues a caller trace (W3C traceparent)', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const res = await fetch(`${base}/api/news`, { headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` } });
    expect(res.headers.get('x-request-id')).toBe(traceId);
  });

  it('leaves probes and scrapes out', async () => {
    const res = await fetch(`${base}/healthz`);
    const id = res.headers.get('x-request-id')!;
    await tracing!.flush();
    expect(received.some((s) => s.traceId === id)).toBe(false);
  });
});
