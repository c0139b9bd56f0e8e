import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ZApiError } from '../../contract/error-shape.ts';
import { isErrorCode } from '../../contract/errors.ts';
import type { RouteDef } from '../../contract/route.ts';
import { routes } from '../../contract/routes.ts';
import { identityRoutes } from '../../contract/routes-identity.ts';
import { formsRoutes } from '../../contract/routes-forms.ts';
import { requestRoutes } from '../../contract/routes-requests.ts';
import { staffRoutes } from '../../contract/routes-staff.ts';
import { billRoutes } from '../../contract/routes-bills.ts';
import { paymentRoutes } from '../../contract/routes-payments.ts';
import { meterRoutes } from '../../contract/routes-meters.ts';
import { reportRoutes } from '../../contract/routes-reports.ts';
import { dashboardRoutes } from '../../contract/routes-dashboard.ts';
import { qualityRoutes } from '../../contract/routes-quality.ts';
import { contentRoutes } from '../../contract/routes-content.ts';
import { ROLE } from '../../contract/roles.ts';
import { catalogAdminRoutes } from '../../contract/routes-catalog-admin.ts';
import { auditRoutes } from '../../contract/routes-audit.ts';
import { SECURITY_HEADERS } from '../plugins/security-headers.ts';
import {
  BAD_PARAMS,
  BIDI,
  DEEP_JSON,
  EXAMPLES,
  HOSTILE_STRINGS,
  FIELD_VALUES,
  MB,
  anyBody,
  anyFieldValue,
  anyParam,
  schemaKeys,
  unknownKeys,
  unreadable,
} from '../test/fuzz.ts';
import { directSession, fastDemoPasswords, freshIp, type Session } from '../test/identity-helpers.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

/**
 * The fuzz test (quality.md "Security"): EVERY route the server registers under /api gets bad input generated
 * from its contract descriptor (server/test/fuzz.ts), anonymous and signed in with the csrf token: wrong types per
 * field, missing and extra fields, nulls, empty and huge strings, NUL and bidi characters, `__proto__` and
 * `constructor` keys, deep nesting, malformed JSON, wrong content types, bad path parameters, thousands of
 * unknown query keys and malformed cookies through `app.inject`; oversized headers, malformed requests and
 * malformed cookies over real HTTP. Then fast-check draws more (fixed seed). Any 5xx, any error answer over
 * MAX_ERROR_BYTES, without `{ code, message }` (a catalogued code) or without the security headers fails.
 * A registered /api route without a descriptor the generator can read fails the first test.
 */

const captured: { method: string; url: string }[] = [];
/** What each registered route was given to apply (its Fastify config, from the descriptor). */
const registeredConfigs: { method: string; url: string; rateLimit: unknown }[] = [];
vi.mock('fastify', async (importOriginal) => {
  const mod = await importOriginal<{ default: (...args: unknown[]) => FastifyInstance }>();
  const factory = (...args: unknown[]): FastifyInstance => {
    const app = mod.default(...args);
    app.addHook('onRoute', (r) => {
      for (const method of ([] as string[]).concat(r.method)) {
        captured.push({ method, url: r.url });
        registeredConfigs.push({ method, url: r.url, rateLimit: (r.config as { rateLimit?: unknown } | undefined)?.rateLimit });
      }
    });
    return app;
  };
  return { ...mod, default: factory };
});

const SEED = 20_260_309;
const RUNS_PER_ROUTE = 15;
/** An error answer stays small whatever was sent (plugins/errors.ts). */
const MAX_ERROR_BYTES = 8192;
/** The API documentation is served by @fastify/swagger-ui, not by contract routes: fuzzed on query and cookies. */
const DOCS = /^\/api\/(openapi\.json|docs(\/.*)?)$/;
const CITIZEN = 'demo-citizen';
/** Staff routes are fuzzed as the demo employee, whom their policy admits, so that the use cases meet the input. */
const sessionUserFor = (d: RouteDef): string =>
  typeof d.auth === 'object' && d.auth.roles?.some((r) => r === ROLE.auditor)
    ? 'demo-auditor' // the data-access record (issue 28, decision 071)
    : typeof d.auth === 'object' &&
        d.auth.roles?.some((r) => r === ROLE.serviceQuality || r === ROLE.content || r === ROLE.catalog)
      ? 'demo-manager' // service quality, the portal's content and the services (issue 26): the demo manager's roles
      : typeof d.auth === 'object' && (d.auth.kinds?.includes('staff') || d.auth.roles)
        ? 'demo-employee'
        : CITIZEN;

const descriptors: Record<string, RouteDef> = Object.fromEntries(
  Object.values({
    ...routes,
    ...identityRoutes,
    ...requestRoutes,
    ...formsRoutes,
    ...staffRoutes,
    ...billRoutes,
    ...paymentRoutes,
    ...meterRoutes,
    ...reportRoutes,
    ...dashboardRoutes,
    ...qualityRoutes,
    ...contentRoutes,
    ...catalogAdminRoutes,
    ...auditRoutes,
  } as Record<string, RouteDef>).map((r) => [`${r.method} ${r.path}`, r]),
);

let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp({}, { demoUsers: true });
  // Demo passwords are hashed at production cost (~0.3 s a try): re-hashed at the test cost for the sign-in cases.
  await fastDemoPasswords(ctx);
});
afterAll(async () => {
  // The counts the lead quotes: requests sent and answers by status.
  console.log(
    `fuzz: ${stats.sent} requests (${stats.inject} through app.inject, ${stats.http} over HTTP); answers by status ${JSON.stringify(
      Object.fromEntries(Object.entries(stats.byStatus).sort()),
    )}`,
  );
  if (process.env.FUZZ_REPORT) (await import('node:fs')).writeFileSync(process.env.FUZZ_REPORT, failures.join('\n'));
  await ctx?.close();
});

const stats = { sent: 0, inject: 0, http: 0, byStatus: {} as Record<string, number> };
const failures: string[] = [];

type Answer = { status: number; headers: Record<string, unknown>; body: string };

/** Checks one answer against the rules; a broken rule is recorded with what was sent. */
function check(label: string, a: Answer): void {
  stats.sent++;
  stats.byStatus[a.status] = (stats.byStatus[a.status] ?? 0) + 1;
  const fail = (why: string): void => {
    failures.push(`${label}: ${why} (${a.status} ${a.body.slice(0, 200)})`);
  };
  if (a.status >= 500) return fail('5xx');
  if (a.status < 400) return;
  if (Buffer.byteLength(a.body) > MAX_ERROR_BYTES) return fail(`error answer of ${Buffer.byteLength(a.body)} bytes`);
  let json: unknown;
  try {
    json = JSON.parse(a.body);
  } catch {
    return fail('error answer is not JSON');
  }
  const parsed = ZApiError.safeParse(json);
  if (!parsed.success) return fail('error answer without { code, message }');
  if (!isErrorCode(parsed.data.code)) return fail(`uncatalogued code ${parsed.data.code}`);
  for (const h of ['x-content-type-options', 'x-frame-options', 'strict-transport-security'])
    if (a.headers[h] !== SECURITY_HEADERS[h]) return fail(`missing security header ${h}`);
  // The API documentation (@fastify/swagger-ui) sets its own policy: a policy is all that is asked here.
  if (!a.headers['content-security-policy']) return fail('no content-security-policy');
}

type Req = {
  label: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  /** JSON text or anything else as is. */
  payload?: string;
  as?: Session | undefined;
};

async function send(r: Req): Promise<void> {
  const headers: Record<string, string> = {};
  if (r.as) {
    headers.cookie = r.as.cookie;
    if (r.as.agent) headers['x-device'] = 'AGENT';
  }
  if (r.method !== 'GET' && r.method !== 'HEAD') {
    headers['x-csrf-token'] = r.as?.csrf ?? 'anonymous';
    // Replayable writes need a key (decision 020): a fresh one, so that the input itself is what is judged.
    headers['idempotency-key'] = crypto.randomUUID();
  }
  Object.assign(headers, r.headers);
  let res: LightMyRequestResponse;
  try {
    res = await ctx.app.inject({
      method: r.method as 'GET',
      url: r.url,
      remoteAddress: freshIp(),
      headers,
      ...(r.payload !== undefined ? { payload: r.payload } : {}),
    });
  } catch (err) {
    failures.push(`${r.label}: inject threw ${(err as Error).message}`);
    return;
  }
  stats.inject++;
  check(`${r.method} ${r.url.slice(0, 120)} [${r.label}]${r.as ? ' signed in' : ''}`, {
    status: res.statusCode,
    headers: res.headers,
    body: res.body,
  });
}

const json = (v: unknown) => JSON.stringify(v);
const jsonType = { 'content-type': 'application/json' };

/** The route's path with plausible parameters (the caller's own id where one is asked for). */
function pathWith(route: RouteDef, as: Session | undefined, over: Record<string, string> = {}): string {
  // Requests and drafts are named by UUIDs; services by slug.
  const uuidIds = ['/api/requests/', '/api/drafts/', '/api/payments/', '/api/sandbox-gateway/'].some((p) =>
    route.path.startsWith(p),
  );
  const plausible: Record<string, string> = {
    userSlug: 'citizen',
    userId: as?.userId ?? CITIZEN,
    id: uuidIds ? '00000000-0000-4000-8000-000000000000' : (as?.userId ?? CITIZEN),
    serviceSlug: 'FAULTS_COMPLAINTS',
  };
  return route.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => over[name] ?? plausible[name] ?? 'fuzz-id');
}

/** The classes every route gets, as requests. */
function fixedCases(route: RouteDef, as: Session | undefined): Req[] {
  const keys = schemaKeys(route);
  const base = pathWith(route, as);
  const out: Req[] = [];
  const method = route.method;
  const add = (label: string, r: Partial<Req>) => out.push({ label, method, url: base, as, ...r });
  const someBody = keys.body ? Object.fromEntries(keys.body.map((k) => [k, 'x'])) : undefined;
  const withBody = (r: Partial<Req>) => (someBody ? { payload: json(someBody), headers: jsonType, ...r } : r);

  // Query: thousands of unknown keys, prototype keys, each known key with bad values.
  add('2,000 unknown query keys', withBody({ url: `${base}?${unknownKeys(2000)}` }));
  add('__proto__ and constructor query keys', withBody({ url: `${base}?__proto__[a]=1&constructor[prototype]=1&__proto__=x` }));
  // Query, parameters and cookies are refused before the session matters: anonymous only.
  for (const k of as ? [] : keys.query) {
    for (const [label, v] of [
      ['NUL', '%00'],
      ['empty', ''],
      ['bidi', encodeURIComponent(`a${BIDI[4]}b`)],
      ['100 KB', 'z'.repeat(100_000)],
      ['malformed JSON', encodeURIComponent('{"where":')],
      ['depth-1000 JSON', encodeURIComponent(DEEP_JSON)],
      ['prototype JSON', encodeURIComponent('{"where":{"__proto__":{"id":"x"}},"constructor":{"prototype":{}}}')],
      ['NUL in JSON', encodeURIComponent(json({ where: { id: 'a\u0000b', serviceSlug: 'A\u0000' } }))],
    ] as const)
      add(`query ${k} ${label}`, withBody({ url: `${base}?${k}=${v}` }));
    add(`query ${k} repeated`, withBody({ url: `${base}?${k}=a&${k}=b` }));
  }
  // Path parameters.
  for (const p of as ? [] : keys.params)
    for (const bad of BAD_PARAMS) add(`param ${p} ${bad.label}`, withBody({ url: pathWith(route, as, { [p]: bad.raw }) }));
  // Malformed cookies (a bad cookie is no cookie), for both the portal's and the agent's.
  for (const [label, cookie, device] of as
    ? []
    : ([
        ['portal cookie %', 'kahraba_sid=%', undefined],
        ['agent cookie %', 'kahraba_agent_sid=%E0%A4%A', 'AGENT'],
        ['unknown session token', `kahraba_sid=${'a'.repeat(43)}`, undefined],
        ['cookie soup', 'kahraba_sid; =; ;;kahraba_sid==; a=%%', undefined],
      ] as const))
    add(
      label,
      withBody({ as: undefined, headers: { ...(someBody ? jsonType : {}), cookie, ...(device ? { 'x-device': device } : {}) } }),
    );

  if (!keys.body) return out;
  // An otherwise valid body with one hostile string: what reaches the database.
  const example = EXAMPLES[`${route.method} ${route.path}`];
  if (example)
    for (const [k, v] of Object.entries(example()))
      if (typeof v === 'string')
        for (const h of HOSTILE_STRINGS)
          add(`valid body, ${k} ${h.label}`, { payload: json({ ...example(), [k]: h.value }), headers: jsonType });
      // One level down (a request's form data): each nested string too.
      else if (v !== null && typeof v === 'object' && !Array.isArray(v))
        for (const [n, inner] of Object.entries(v as Record<string, unknown>))
          if (typeof inner === 'string')
            for (const h of HOSTILE_STRINGS)
              add(`valid body, ${k}.${n} ${h.label}`, {
                payload: json({ ...example(), [k]: { ...(v as Record<string, unknown>), [n]: h.value } }),
                headers: jsonType,
              });
  // Body: each field with each bad value, alone (validation runs before the session matters: anonymous only).
  for (const k of as ? [] : keys.body)
    for (const v of FIELD_VALUES)
      add(`body ${k} ${v.label}`, { payload: json({ ...someBody, [k]: v.value }), headers: jsonType });
  const k0 = keys.body[0] ?? 'a';
  for (const [label, payload, type] of [
    ['missing fields', '{}', 'application/json'],
    ['extra field', json({ ...someBody, extra: 1 }), 'application/json'],
    ['null body', 'null', 'application/json'],
    ['array body', '[]', 'application/json'],
    ['string body', '"x"', 'application/json'],
    ['number body', '1', 'application/json'],
    ['empty body', '', 'application/json'],
    ['malformed JSON', '{"a":', 'application/json'],
    ['__proto__ key', `{"__proto__":{"isAdmin":true},"${k0}":"x"}`, 'application/json'],
    ['constructor key', `{"constructor":{"prototype":{"isAdmin":true}},"${k0}":"x"}`, 'application/json'],
    ['depth-1000 nesting', `{"${k0}":${DEEP_JSON}}`, 'application/json'],
    ['depth-1000 body', DEEP_JSON, 'application/json'],
    ['1 MB string', json({ ...someBody, [k0]: MB }), 'application/json'],
    ['NUL in a key', `{"${k0}\\u0000":"x"}`, 'application/json'],
    ['wrong content type (xml)', '<a/>', 'application/xml'],
    ['wrong content type (form)', `${k0}=x`, 'application/x-www-form-urlencoded'],
    ['text/plain JSON', json(someBody), 'text/plain;charset=UTF-8'],
    ['bad charset', json(someBody), 'application/json; charset=ebcdic'],
  ] as const)
    add(label, { payload, headers: { 'content-type': type } });
  add('no content type', { payload: json(someBody) });
  add('no csrf token', { payload: json(someBody), headers: { ...jsonType, 'x-csrf-token': '' } });
  return out;
}

const apiRoutes = () => {
  const seen = new Set<string>();
  return captured
    .filter((r) => r.url.startsWith('/api'))
    .filter((r) => !(r.method === 'HEAD' && captured.some((o) => o.method === 'GET' && o.url === r.url)))
    .filter((r) => {
      const key = `${r.method} ${r.url}`;
      return seen.has(key) ? false : (seen.add(key), true);
    });
};

describe('fuzz: bad input to every registered /api route', () => {
  it('every registered /api route has a contract descriptor the generator can read', () => {
    const problems: string[] = [];
    const api = apiRoutes();
    expect(api.length).toBeGreaterThan(40);
    for (const r of api) {
      if (DOCS.test(r.url)) continue;
      const d = descriptors[`${r.method} ${r.url}`];
      if (!d) problems.push(`${r.method} ${r.url}: no route descriptor in contract/routes*.ts`);
      else {
        const why = unreadable(d);
        if (why) problems.push(`${r.method} ${r.url}: ${why}`);
      }
    }
    for (const key of Object.keys(EXAMPLES)) if (!descriptors[key]) problems.push(`example for ${key}: no such route`);
    expect(problems).toEqual([]);
  });

  it('every registered write route declares its rate limit (decision 037), and the registered route applies it', () => {
    const problems: string[] = [];
    for (const r of apiRoutes()) {
      const d = descriptors[`${r.method} ${r.url}`];
      if (!d || !['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method)) continue;
      if (!d.rateLimit || d.rateLimit.length === 0) problems.push(`${r.method} ${r.url}: no rateLimit in its descriptor`);
    }
    expect(problems).toEqual([]);
    for (const r of registeredConfigs) {
      const d = descriptors[`${r.method} ${r.url}`];
      if (d?.rateLimit) expect(r.rateLimit, `${r.method} ${r.url}`).toEqual(d.rateLimit);
    }
  });

  it('answers every generated request in the one error shape, small, with the security headers, never 5xx', async () => {
    const started = stats.sent;
    for (const r of apiRoutes()) {
      const d = descriptors[`${r.method} ${r.url}`];
      if (!d) {
        // Documentation: query and cookies only.
        const url = r.url.replace('*', 'x');
        await send({ label: 'docs unknown keys', method: r.method, url: `${url}?${unknownKeys(2000)}` });
        await send({ label: 'docs cookie', method: r.method, url, headers: { cookie: 'kahraba_sid=%' } });
        continue;
      }
      for (const as of [undefined, await directSession(ctx, sessionUserFor(d))]) for (const c of fixedCases(d, as)) await send(c);
    }
    expect(stats.sent - started).toBeGreaterThan(2000);
    expect(failures.slice(0, 40)).toEqual([]);
  }, 300_000);

  it('answers what fast-check draws (fixed seed) in the one error shape, never 5xx', async () => {
    for (const r of apiRoutes()) {
      const d = descriptors[`${r.method} ${r.url}`];
      if (!d) continue;
      const keys = schemaKeys(d);
      const session = await directSession(ctx, sessionUserFor(d));
      await fc.assert(
        fc.asyncProperty(
          fc.boolean(),
          keys.body ? anyBody(keys.body).map((b) => json(b) as string | undefined) : fc.constant(undefined),
          fc.record(Object.fromEntries(keys.params.map((p) => [p, anyParam]))),
          fc.dictionary(
            fc.constantFrom(...keys.query, 'extra', '__proto__'),
            anyFieldValue.map((v) => encodeURIComponent(typeof v === 'string' ? v : json(v))),
            { maxKeys: 3 },
          ),
          async (signedIn, payload, params, query) => {
            const as = signedIn ? session : undefined;
            const qs = Object.entries(query)
              .map(([k, v]) => `${k}=${v}`)
              .join('&');
            const before = failures.length;
            await send({
              label: 'fast-check',
              method: d.method,
              url: `${pathWith(d, as, params as Record<string, string>)}${qs ? `?${qs}` : ''}`,
              as,
              ...(payload !== undefined ? { payload, headers: jsonType } : {}),
            });
            return failures.length === before;
          },
        ),
        { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    }
    expect(failures.slice(0, 40)).toEqual([]);
  }, 120_000);
});

/* ------------------------------------------ real HTTP ------------------------------------------------------ */

type Raw = { status: number; headers: Record<string, unknown>; body: string };

function httpGet(port: number, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Writes bytes on a socket and parses the answer (the server closes the connection). */
function rawRequest(port: number, text: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const all = Buffer.concat(chunks).toString();
      const [head = '', ...rest] = all.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
  });
}

describe('fuzz over real HTTP: what Node refuses before Fastify sees a request', () => {
  let port = 0;
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as net.AddressInfo).port;
  });

  const cases: { label: string; run: () => Promise<Raw>; status: number; code?: string }[] = [
    {
      label: '20,000-character query string',
      run: () => httpGet(port, `/api/faq?q=${'a'.repeat(20_000)}`),
      status: 431,
      code: 'HEADERS_TOO_LARGE',
    },
    {
      label: '20 KB header',
      run: () => httpGet(port, '/api/news', { 'x-fill': 'b'.repeat(20_000) }),
      status: 431,
      code: 'HEADERS_TOO_LARGE',
    },
    {
      label: '20 KB cookie',
      run: () => httpGet(port, '/api/misc/appData', { cookie: `kahraba_sid=${'c'.repeat(20_000)}` }),
      status: 431,
      code: 'HEADERS_TOO_LARGE',
    },
    {
      label: 'malformed request line',
      run: () => rawRequest(port, 'GET /api/faq HTTP/9.9 nonsense\r\n\r\n'),
      status: 400,
      code: 'INVALID_INPUT',
    },
    {
      label: 'malformed header line',
      run: () => rawRequest(port, 'GET /api/faq HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n'),
      status: 400,
      code: 'INVALID_INPUT',
    },
    {
      label: 'NUL in a header value',
      run: () => rawRequest(port, 'GET /api/faq HTTP/1.1\r\nHost: x\r\nCookie: kahraba_sid=\u0000\r\n\r\n'),
      status: 400,
      code: 'INVALID_INPUT',
    },
    {
      label: 'malformed percent-encoding in a path parameter',
      run: () => httpGet(port, '/api/news/%E0%A4%A'),
      status: 400,
      code: 'INVALID_INPUT',
    },
    {
      label: 'path parameter over 200 characters',
      run: () => httpGet(port, `/api/news/${'n'.repeat(201)}`),
      status: 414,
      code: 'URI_TOO_LONG',
    },
    { label: 'unknown /api route', run: () => httpGet(port, '/api/no/such/route'), status: 404, code: 'NOT_FOUND' },
    ...(['kahraba_sid=%', 'kahraba_sid=%E0%A4%A; kahraba_agent_sid=%'] as const).flatMap((cookie) =>
      ['/api/misc/appData', '/api/faq', '/api/citizen/demo-citizen'].map((path) => ({
        label: `malformed cookie ${cookie} on ${path}`,
        run: () => httpGet(port, path, { cookie }),
        status: path.startsWith('/api/citizen') ? 401 : 200,
      })),
    ),
    {
      label: 'malformed agent cookie',
      run: () => httpGet(port, '/api/agent/demo-agent', { cookie: 'kahraba_agent_sid=%', 'x-device': 'AGENT' }),
      status: 401,
    },
  ];

  for (const c of cases)
    it(`${c.label} -> ${c.status}${c.code ? ` ${c.code}` : ''}`, async () => {
      const res = await c.run();
      stats.http++;
      const before = failures.length;
      check(`HTTP ${c.label}`, res);
      expect(failures.slice(before)).toEqual([]);
      expect(res.status).toBe(c.status);
      if (c.code) expect((JSON.parse(res.body) as { code: string }).code).toBe(c.code);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    });
});
