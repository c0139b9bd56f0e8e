import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, ZApiError } from '../../contract/errors.ts';
import { routes } from '../../contract/routes.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

/**
 * Bad input to every route gets a catalogued 4xx code in the one error shape, never a 500. Every route of the
 * contract must appear here (checked below), so a new route cannot skip this table.
 */
let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp();
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

describe('bad input to every route', () => {
  it('covers every route of the contract', () => {
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
