import { createRequire } from 'node:module';
// Types only (erased): the SDK itself is loaded by `startTracing`, and only when tracing is configured.
import type * as OtelApiModule from '@opentelemetry/api';
import { redactUrl } from '../http/logging.ts';

/*
 * Traces (issue 28 part 2, decision 072): OpenTelemetry's Node SDK (its tracer provider for Node, the OTLP/HTTP
 * exporter, the HTTP and PostgreSQL instrumentations), off unless an OTLP endpoint is configured
 * (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT; OTEL_SDK_DISABLED=true turns it off again).
 * Nothing of the SDK is loaded when it is off: this module imports none of it, and `startTracing` loads it on demand.
 *
 * When on, a request's trace id is its request id: the `reqId` of each of its log lines and its `x-request-id`
 * answer header (app.ts). The instrumentations patch `http` and `pg` where they are shared (the server prototype,
 * the client's query), so modules loaded before tracing started are traced too. Addresses are recorded with their
 * query values redacted as in the logs (decision 038); SQL is recorded without its parameters.
 */

export type Tracing = {
  /** Sends the spans ended so far (tests; shutdown). */
  flush(): Promise<void>;
  /** Flushes, removes the instrumentations' patches and forgets the SDK (tests; shutdown). */
  stop(): Promise<void>;
};

type OtelApi = typeof OtelApiModule;
/** OpenTelemetry's API while tracing runs (undefined when it is off: nothing loaded). */
let otel: OtelApi | undefined;

/** The active span's trace id (undefined when tracing is off, or no request span is active). */
export function currentTraceId(): string | undefined {
  const ctx = otel?.trace.getActiveSpan()?.spanContext();
  return ctx && otel!.trace.isSpanContextValid(ctx) ? ctx.traceId : undefined;
}

/** Names the request's span after its route's pattern (`GET /api/requests/:id`), never its address. */
export function nameRequestSpan(method: string, route: string | undefined): void {
  if (!otel || !route) return;
  const span = otel.trace.getActiveSpan();
  span?.updateName(`${method} ${route}`);
  span?.setAttribute('http.route', route);
}

/** Whether tracing runs in this process. */
export const tracingOn = (): boolean => otel !== undefined;

type Env = Record<string, string | undefined>;

/** Whether the configuration asks for traces: an OTLP endpoint, and the SDK not disabled. */
export const tracingWanted = (env: Env = process.env): boolean =>
  Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) &&
  env.OTEL_SDK_DISABLED?.toLowerCase() !== 'true';

/** Addresses not worth a trace: probes and scrapes, every few seconds. */
const UNTRACED = new Set(['/healthz', '/readyz', '/metrics']);

/** Where a request's address may carry a secret, the span gets it redacted as in the logs. */
const URL_ATTRIBUTES = ['http.target', 'http.url', 'url.full', 'url.query'];

let running: Tracing | undefined;

/** Where spans go: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as it is, else OTEL_EXPORTER_OTLP_ENDPOINT's `/v1/traces`. */
const tracesUrl = (env: Env): string =>
  env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || `${(env.OTEL_EXPORTER_OTLP_ENDPOINT ?? '').replace(/\/+$/, '')}/v1/traces`;

/**
 * Starts tracing when the configuration asks for it (else returns undefined having loaded nothing). The exporter
 * reads the standard OTEL_EXPORTER_OTLP_* variables (endpoint, headers, timeout); the service is `kahraba` unless
 * OTEL_SERVICE_NAME says otherwise. Once per process: a second call returns the first's.
 */
export async function startTracing(env: Env = process.env, version = 'unknown'): Promise<Tracing | undefined> {
  if (!tracingWanted(env)) return undefined;
  if (running) return running;
  const [
    api,
    { NodeTracerProvider, BatchSpanProcessor },
    { OTLPTraceExporter },
    { HttpInstrumentation },
    { PgInstrumentation },
    { registerInstrumentations },
    { resourceFromAttributes },
  ] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation'),
    import('@opentelemetry/resources'),
  ]);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      'service.name': env.OTEL_SERVICE_NAME || 'kahraba',
      'service.version': version,
    }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: tracesUrl(env) }))],
  });
  // The global tracer provider, the AsyncLocalStorage context manager and the W3C trace context propagator: a
  // caller's `traceparent` continues its trace.
  provider.register();
  // The span's address attributes (old and stable conventions alike), their query values redacted as in the logs.
  const redact = (span: { setAttribute(k: string, v: string): unknown }) => {
    const attrs = (span as { attributes?: Record<string, unknown> }).attributes ?? {};
    for (const k of URL_ATTRIBUTES) {
      const v = attrs[k];
      if (typeof v !== 'string') continue;
      const safe = k === 'url.query' ? redactUrl(`?${v}`).slice(1) : redactUrl(v);
      if (safe !== v) span.setAttribute(k, safe);
    }
  };
  const unregister = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => UNTRACED.has((req.url ?? '').split('?')[0] ?? ''),
        requestHook: (span) => redact(span),
      }),
      // Statements inside a request's trace only (the background jobs' polling would be a trace a second), and
      // without their parameters (the default).
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  // The instrumentations patch a module when it is next required: require the ones the server already loaded
  // (Fastify took `http` before tracing started; `pg` is imported as ESM, which the require hook does not see).
  const require = createRequire(import.meta.url);
  for (const name of ['http', 'https', 'pg', 'pg-pool']) {
    try {
      require(name);
    } catch {
      // not installed: nothing to patch
    }
  }
  otel = api;
  const tracing: Tracing = {
    flush: () => provider.forceFlush(),
    stop: async () => {
      if (running !== tracing) return;
      running = undefined;
      otel = undefined;
      unregister();
      try {
        await provider.shutdown();
      } finally {
        api.trace.disable();
        api.context.disable();
        api.propagation.disable();
      }
    },
  };
  running = tracing;
  return tracing;
}
