import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZApiError } from '../../contract/error-shape.ts';
import { ERROR_CODES, type TApiError } from '../../contract/errors.ts';
import { routes } from '../../contract/routes.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { MAX_FIELDS } from '../plugins/errors.ts';
import { directSession, freshIp } from '../test/identity-helpers.ts';

/**
 * The exact answer (status and code) to known bad input, route by route for the public routes, and the edge rules
 * (bounded error answers, bad cookies, unstorable characters, plain text). That EVERY registered route answers
 * bad input in the one error shape and never 5xx is the fuzz test's job (fuzz.test.ts), generated from the
 * contract; this table holds the expectations a generator cannot know.
 */
let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp({}, { demoUsers: true });
});
afterAll(() => ctx.close());

const f = (v: unknown) => encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v));

type Case = {
  url: string;
  status: number;
  code: string;
  method?: 'GET' | 'POST';
  /** A string is sent as is (malformed JSON); anything else as JSON. */
  payload?: unknown;
  contentType?: string;
};
const postCase = (
  url: string,
  payload: unknown,
  code = 'INVALID_INPUT',
  status = 400,
  contentType = 'application/json',
): Case => ({
  method: 'POST',
  url,
  payload,
  status,
  code,
  contentType,
});
const contact = {
  fullName: 'Mona Hassan',
  email: 'mona@example.com',
  messageType: 'inquiry',
  message: 'When will my meter be installed?',
};
const crash = { message: 'boom', pageUrl: 'https://kahraba.example/', occurredAt: '2026-03-01T10:00:00Z' };
const view = { pageUrl: 'https://kahraba.example/', seconds: 10 };
const cases: Record<keyof typeof routes, Case[]> = {
  appData: [{ url: '/api/misc/appData?unknown=1', status: 400, code: 'INVALID_INPUT' }],
  categories: [
    { url: `/api/Categories?filter=${f('{not json')}`, status: 400, code: 'INVALID_FILTER' },
    { url: `/api/Categories?filter=${f({ where: { password: 'x' } })}`, status: 400, code: 'INVALID_FILTER' },
    { url: `/api/Categories?filter=${f({ limit: 'ten' })}`, status: 400, code: 'INVALID_FILTER' },
    { url: `/api/Categories?filter=${f({ limit: 100000 })}`, status: 400, code: 'INVALID_FILTER' },
    { url: `/api/Categories?filter=${f({ skip: -1 })}`, status: 400, code: 'INVALID_FILTER' },
    { url: `/api/Categories?filter=${f({ include: 'users' })}`, status: 400, code: 'INVALID_FILTER' },
    {
      url: `/api/Categories?filter=${f({ include: { relation: 'services', scope: { fields: ['secret'] } } })}`,
      status: 400,
      code: 'INVALID_FILTER',
    },
    { url: `/api/Categories?filter=${f({ order: 'name; DROP TABLE categories' })}`, status: 400, code: 'INVALID_FILTER' },
    { url: `/api/Categories?filter=${f({ fields: ['id', 'nope'] })}`, status: 400, code: 'INVALID_FILTER' },
    { url: `/api/Categories?filter=${f([1, 2])}`, status: 400, code: 'INVALID_FILTER' },
    { url: `/api/Categories?filter=${f('null')}`, status: 400, code: 'INVALID_FILTER' },
    { url: `/api/Categories?filter=${'x'.repeat(5000)}`, status: 400, code: 'INVALID_FILTER' },
    { url: '/api/Categories?where=1', status: 400, code: 'INVALID_INPUT' },
  ],
  services: [
    { url: `/api/dynamic_services?filter=${f({ where: { serviceSlug: { like: '%' } } })}`, status: 400, code: 'INVALID_FILTER' },
    { url: `/api/dynamic_services?filter=${f({ where: { deactivated: 'yes' } })}`, status: 400, code: 'INVALID_FILTER' },
    { url: `/api/dynamic_services?filter=${f({ where: { serviceSlug: "x' OR 1=1 --" } })}`, status: 400, code: 'INVALID_FILTER' },
    { url: `/api/dynamic_services?filter=${f({ order: 'hooks ASC' })}`, status: 400, code: 'INVALID_FILTER' },
    { url: `/api/dynamic_services?filter=${f({ include: 'services' })}`, status: 400, code: 'INVALID_FILTER' },
    {
      url: `/api/dynamic_services?filter=${f({ where: { serviceSlug: { inq: 'CODEMETER' } } })}`,
      status: 400,
      code: 'INVALID_FILTER',
    },
  ],
  serviceFindOne: [
    { url: '/api/dynamic_services/findOne', status: 400, code: 'INVALID_FILTER' },
    { url: `/api/dynamic_services/findOne?filter=${f({ where: {} })}`, status: 400, code: 'INVALID_FILTER' },
    { url: `/api/dynamic_services/findOne?filter=${f({ where: { serviceSlug: 42 } })}`, status: 400, code: 'INVALID_FILTER' },
    {
      url: `/api/dynamic_services/findOne?filter=${f({ where: { serviceSlug: 'UNKNOWN_SLUG' } })}`,
      status: 404,
      code: 'MODEL_NOT_FOUND',
    },
    {
      url: `/api/dynamic_services/findOne?filter=${f({ where: { id: 'svc-does-not-exist' } })}`,
      status: 404,
      code: 'MODEL_NOT_FOUND',
    },
  ],
  news: [
    { url: '/api/news?limit=abc', status: 400, code: 'INVALID_INPUT' },
    { url: '/api/news?limit=0', status: 400, code: 'INVALID_INPUT' },
    { url: '/api/news?limit=1000', status: 400, code: 'INVALID_INPUT' },
    { url: '/api/news?skip=-5', status: 400, code: 'INVALID_INPUT' },
  ],
  newsItem: [
    { url: '/api/news/unknown-id', status: 404, code: 'MODEL_NOT_FOUND' },
    { url: `/api/news/${'a'.repeat(100)}`, status: 400, code: 'INVALID_INPUT' },
  ],
  faq: [{ url: '/api/faq?group=1', status: 400, code: 'INVALID_INPUT' }],
  serviceCenters: [
    { url: `/api/serviceCenters?governorateId=${'g'.repeat(80)}`, status: 400, code: 'INVALID_INPUT' },
    { url: '/api/serviceCenters?city=cairo', status: 400, code: 'INVALID_INPUT' },
  ],
  newsletterSubscribe: [
    postCase('/api/newsletterSubscriber', '{"email": '),
    postCase('/api/newsletterSubscriber', undefined),
    postCase('/api/newsletterSubscriber', []),
    postCase('/api/newsletterSubscriber', { email: 42 }),
    postCase('/api/newsletterSubscriber', { email: ['a@example.com'] }),
    postCase('/api/newsletterSubscriber', { email: 'a@example.com', name: 'x' }),
    postCase('/api/newsletterSubscriber', { email: `${'a'.repeat(250)}@example.com` }),
    postCase('/api/newsletterSubscriber', { email: 'not an e-mail' }, 'ValidationError'),
    postCase('/api/newsletterSubscriber', '<email>a@example.com</email>', 'UNSUPPORTED_MEDIA_TYPE', 415, 'application/xml'),
    {
      method: 'POST',
      url: '/api/newsletterSubscriber?email=a@example.com',
      payload: { email: 'a@example.com' },
      status: 400,
      code: 'INVALID_INPUT',
    },
  ],
  contactMessage: [
    postCase('/api/contactMessages', '{"fullName": "Mona",'),
    postCase('/api/contactMessages', 'null'),
    postCase('/api/contactMessages', { ...contact, messageType: 'praise' }),
    postCase('/api/contactMessages', { ...contact, fullName: 7 }),
    postCase('/api/contactMessages', { ...contact, fullName: 'x'.repeat(101) }),
    postCase('/api/contactMessages', { ...contact, message: 'm'.repeat(2001) }),
    postCase('/api/contactMessages', { ...contact, requestId: 'r'.repeat(31) }),
    postCase('/api/contactMessages', { ...contact, serviceSlug: "x' OR 1=1 --" }),
    postCase('/api/contactMessages', { ...contact, serviceSlug: 'NO_SUCH_SERVICE' }),
    postCase('/api/contactMessages', { ...contact, isAdmin: true }),
    postCase('/api/contactMessages', { ...contact, message: 'x'.repeat(40_000) }, 'PAYLOAD_TOO_LARGE', 413),
  ],
  askChat: [
    postCase('/api/askChat', '{"message":'),
    postCase('/api/askChat', { message: '   ', sender: 's1' }, 'CHAT_MESSAGE_EMPTY'),
    postCase('/api/askChat', { message: '', sender: 's1' }, 'CHAT_MESSAGE_EMPTY'),
    postCase('/api/askChat', { message: 'hi' }),
    postCase('/api/askChat', { message: 7, sender: 's1' }),
    postCase('/api/askChat', { message: 'm'.repeat(501), sender: 's1' }),
    postCase('/api/askChat', { message: 'hi', sender: 's1', metadata: { lang: 'fr' } }),
    postCase('/api/askChat', { message: 'hi', sender: 's1', userId: 'someone-else' }),
  ],
  clientErrorReport: [
    postCase('/api/clientErrors', '{not json'),
    postCase('/api/clientErrors', { ...crash, message: 'm'.repeat(2001) }),
    postCase('/api/clientErrors', { ...crash, stack: 's'.repeat(8001) }),
    postCase('/api/clientErrors', { ...crash, pageUrl: 'p'.repeat(2001) }),
    postCase('/api/clientErrors', { ...crash, userAgent: 'u'.repeat(501) }),
    postCase('/api/clientErrors', { ...crash, occurredAt: 'yesterday' }),
    postCase('/api/clientErrors', { ...crash, lang: 'fr' }),
    postCase('/api/clientErrors', { ...crash, userId: 12 }),
    postCase('/api/clientErrors', { ...crash, password: 'x' }),
    postCase('/api/clientErrors', { pageUrl: crash.pageUrl }),
  ],
  pageTime: [
    postCase('/api/pageViews', '{"pageUrl":'),
    postCase('/api/pageViews', '{"pageUrl":', 'INVALID_INPUT', 400, 'text/plain;charset=UTF-8'),
    postCase('/api/pageViews', JSON.stringify({ ...view, seconds: -1 }), 'INVALID_INPUT', 400, 'text/plain;charset=UTF-8'),
    postCase('/api/pageViews', { ...view, seconds: 86_401 }),
    postCase('/api/pageViews', { ...view, seconds: 2.5 }),
    postCase('/api/pageViews', { ...view, seconds: '10' }),
    postCase('/api/pageViews', { ...view, pageUrl: 'p'.repeat(2001) }),
    postCase('/api/pageViews', { ...view, referrer: 'x' }),
    postCase(
      '/api/pageViews',
      JSON.stringify({ ...view, pageUrl: 'p'.repeat(20_000) }),
      'PAYLOAD_TOO_LARGE',
      413,
      'text/plain;charset=UTF-8',
    ),
  ],
};

describe('bad input to the public routes: the exact answers', () => {
  it('covers every public route of the contract', () => {
    expect(Object.keys(cases).sort()).toEqual(Object.keys(routes).sort());
  });

  let n = 0;
  for (const [name, list] of Object.entries(cases)) {
    for (const c of list) {
      // Each case from its own address: the public forms are rate-limited per client IP.
      const remoteAddress = `10.30.${++n >> 8}.${n & 255}`;
      const label =
        c.method === 'POST'
          ? `POST ${c.url} ${String(typeof c.payload === 'string' ? c.payload : JSON.stringify(c.payload)).slice(0, 60)}`
          : decodeURIComponent(c.url).slice(0, 90);
      it(`${name}: ${label} -> ${c.status} ${c.code}`, async () => {
        const res = await ctx.app.inject({
          method: c.method ?? 'GET',
          url: c.url,
          remoteAddress,
          ...(c.method === 'POST'
            ? {
                headers: { 'content-type': c.contentType ?? 'application/json', 'x-csrf-token': 'anonymous' },
                ...(c.payload !== undefined
                  ? { payload: typeof c.payload === 'string' ? c.payload : JSON.stringify(c.payload) }
                  : {}),
              }
            : {}),
        });
        expect(res.statusCode).toBe(c.status);
        const body = ZApiError.parse(res.json());
        expect(body.code).toBe(c.code);
        expect(ERROR_CODES[body.code as keyof typeof ERROR_CODES]).toBe(c.status);
      });
    }
  }

  it('an unknown API path is a 404 NOT_FOUND in the error shape, not the web app', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(ZApiError.parse(res.json()).code).toBe('NOT_FOUND');
  });

  it('a body on a read-only route or a wrong method never gives a 500', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/Categories',
      payload: '{bad json',
      headers: { 'content-type': 'application/json', 'x-csrf-token': 'anonymous' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(ZApiError.safeParse(res.json()).success).toBe(true);
  });
});

describe('the edge: answers stay small, bad cookies are no cookies, unstorable and bidi characters are refused', () => {
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers, remoteAddress: freshIp() });
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url,
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/json', 'x-csrf-token': 'anonymous', ...headers },
      payload: JSON.stringify(body),
    });
  const error = (res: { json: () => unknown }) => ZApiError.parse(res.json());

  it('a GET with 2,000 unknown query keys answers a small 400 INVALID_INPUT with bounded fieldErrors', async () => {
    const query = Array.from({ length: 2000 }, (_, i) => `p${i}=1`).join('&');
    const res = await get(`/api/faq?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.body.length).toBeLessThan(4096);
    const body = error(res);
    expect(body.code).toBe('INVALID_INPUT');
    expect(Object.keys(body.fieldErrors ?? {})).toHaveLength(MAX_FIELDS);
    expect(body.fieldErrors?.p0).toEqual(['unknown-key']);
    expect(body.message).toMatch(/and 1980 more$/);
  });

  it('an unknown key named __proto__ or constructor is reported like any other, not a 500', async () => {
    const res = await post('/api/newsletterSubscriber', JSON.parse('{"email":"a@example.com","constructor":1,"toString":2}'));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(error(res).fieldErrors ?? {}).sort()).toEqual(['constructor', 'toString']);
    // The query parser drops `__proto__` itself; `constructor` is an unknown key.
    const q = await get('/api/faq?__proto__=1&constructor=2');
    expect(q.statusCode).toBe(400);
    expect(Object.keys(error(q).fieldErrors ?? {})).toEqual(['constructor']);
  });

  it('a malformed session cookie (portal or agent) is no cookie: the visitor answer, not a 500', async () => {
    for (const headers of [
      { cookie: 'kahraba_sid=%' } as Record<string, string>,
      { cookie: 'kahraba_sid=%E0%A4%A' },
      { cookie: 'kahraba_agent_sid=%', 'x-device': 'AGENT' },
    ]) {
      expect((await get('/api/misc/appData', headers)).statusCode).toBe(200);
      const me = await get('/api/citizen/demo-citizen', headers);
      expect(me.statusCode).toBe(401);
      expect(error(me).code).toBe('UNAUTHORIZED');
    }
  });

  it('U+0000 in a body, query or path parameter is a 400 INVALID_INPUT (text-invalid), never a 500', async () => {
    const cases = [
      await post('/api/contactMessages', { ...contact, message: 'When will\u0000 my meter come?' }),
      await post('/api/clientErrors', { message: 'boom\u0000', pageUrl: 'https://x/', occurredAt: '2026-03-01T10:00:00Z' }),
      await post('/api/pageViews', { pageUrl: 'https://x/\u0000', seconds: 3 }),
      await post('/api/citizen/login', { username: 'citizen\u0000', password: 'x' }),
      await post('/api/citizen/forgetPassword', { identifier: '\u0000', channel: 'sms' }),
      await get('/api/news/%00'),
      await get('/api/dev/mailbox?recipient=a%00b'),
      // A lone surrogate cannot be stored either.
      await post('/api/contactMessages', { ...contact, message: 'When will \ud800 my meter come?' }),
    ];
    for (const res of cases) {
      expect(res.statusCode, res.body).toBe(400);
      const body = error(res);
      expect(body.code).toBe('INVALID_INPUT');
      expect(Object.values(body.fieldErrors ?? {}).flat()).toContain('text-invalid');
    }
    const session = await directSession(ctx, 'demo-citizen');
    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/citizen/demo-citizen',
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/json', cookie: session.cookie, 'x-csrf-token': session.csrf },
      payload: JSON.stringify({ job: 'Engi\u0000neer' }),
    });
    expect(patch.statusCode).toBe(400);
    expect(error(patch).fieldErrors).toEqual({ job: ['text-invalid'] });
  });

  it('bidi overrides are refused in names, addresses and identifiers, and kept in free text', async () => {
    const name = await post('/api/contactMessages', { ...contact, fullName: 'Mona \u202Enassah' });
    expect(name.statusCode).toBe(400);
    expect(error(name).fieldErrors).toEqual({ fullName: ['text-invalid'] });
    const email = await post('/api/newsletterSubscriber', { email: 'a\u2066@example.com' });
    expect(email.statusCode).toBe(400);
    const message = await post('/api/contactMessages', { ...contact, message: 'Quoting \u2067العنوان\u2069 as typed' });
    expect(message.statusCode).toBe(201);
    const session = await directSession(ctx, 'demo-citizen');
    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/citizen/demo-citizen',
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/json', cookie: session.cookie, 'x-csrf-token': session.csrf },
      payload: JSON.stringify({ homeAddress: '12 \u202DNile Street', nationality: 'Egyptian' }),
    });
    expect(patch.statusCode).toBe(400);
    expect(error(patch).fieldErrors).toEqual({ homeAddress: ['text-invalid'] });
  });

  it('a framework refusal (bad path encoding, over-long parameter, unknown route) has the shape and the security headers', async () => {
    for (const [url, status, code] of [
      ['/api/news/%E0%A4%A', 400, 'INVALID_INPUT'],
      [`/api/news/${'n'.repeat(201)}`, 414, 'URI_TOO_LONG'],
      [`/api/a/b/c/d/e/f/${'x'.repeat(5000)}`, 404, 'NOT_FOUND'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode).toBe(status);
      const body: TApiError = error(res);
      expect(body.code).toBe(code);
      expect(body.message.length).toBeLessThanOrEqual(300);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });
});
