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

type Case = { url: string; status: number; code: string };
const cases: Record<keyof typeof routes, Case[]> = {
  appData: [{ url: '/api/misc/appData?unknown=1', status: 400, code: 'INVALID_INPUT' }],
  categories: [
    { url: `/api/Categories?filter=${f('{not json')}`, status: 400, code: 'INVALID_FILTER' },
    { url: `/api/Categories?filter=${f({ where: { password: 'x' } })}`, status: 400, code: 'INVALID_FILTER' },
    { url: `/api/Categories?filter=${f({ limit: 'ten' })}`, status: 400, code: 'INVALID_FILTER' },
    { url: `/api/Categories?filter=${f({ limit: 100000 })}`, status: 400, code: 'INVALID_FILTER' },
    { url: `/api/Categories?filter=${f({ skip: -1 })}`, status: 400, code: 'INVALID_FILTER' },
    { url: `/api/Categories?filter=${f({ include: 'users' })}`, status: 400, code: 'INVALID_FILTER' },
    { url: `/api/Categories?filter=${f({ include: { relation: 'services', scope: { fields: ['secret'] } } })}`, status: 400, code: 'INVALID_FILTER' },
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
    { url: `/api/dynamic_services?filter=${f({ where: { serviceSlug: { inq: 'CODEMETER' } } })}`, status: 400, code: 'INVALID_FILTER' },
  ],
  serviceFindOne: [
    { url: '/api/dynamic_services/findOne', status: 400, code: 'INVALID_FILTER' },
    { url: `/api/dynamic_services/findOne?filter=${f({ where: {} })}`, status: 400, code: 'INVALID_FILTER' },
    { url: `/api/dynamic_services/findOne?filter=${f({ where: { serviceSlug: 42 } })}`, status: 400, code: 'INVALID_FILTER' },
    { url: `/api/dynamic_services/findOne?filter=${f({ where: { serviceSlug: 'UNKNOWN_SLUG' } })}`, status: 404, code: 'MODEL_NOT_FOUND' },
    { url: `/api/dynamic_services/findOne?filter=${f({ where: { id: 'svc-does-not-exist' } })}`, status: 404, code: 'MODEL_NOT_FOUND' },
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
};

describe('bad input to every route', () => {
  it('covers every route of the contract', () => {
    expect(Object.keys(cases).sort()).toEqual(Object.keys(routes).sort());
  });

  for (const [name, list] of Object.entries(cases)) {
    for (const c of list) {
      it(`${name}: ${decodeURIComponent(c.url).slice(0, 90)} -> ${c.status} ${c.code}`, async () => {
        const res = await ctx.app.inject({ method: 'GET', url: c.url });
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
    const res = await ctx.app.inject({ method: 'POST', url: '/api/Categories', payload: '{bad json', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(ZApiError.safeParse(res.json()).success).toBe(true);
  });
});
