import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZCategoryPartial, ZService, ZServicePartial } from '../../contract/catalog.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import * as t from '../db/schema.ts';

let ctx: TestApp;
beforeAll(async () => {
  // No response cache between requests: the tests change rows and expect to see it.
  ctx = await buildTestApp({ CATALOG_CACHE_MS: '0' });
});
afterAll(() => ctx.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url });
const filterParam = (f: unknown) => `filter=${encodeURIComponent(JSON.stringify(f))}`;

describe('GET /api/Categories', () => {
  it('lists at least six categories in order, with Arabic names by default and both translations', async () => {
    const res = await get('/api/Categories');
    expect(res.statusCode).toBe(200);
    const body = res.json<unknown[]>().map((c) => ZCategoryPartial.parse(c));
    expect(body.length).toBeGreaterThanOrEqual(6);
    const orders = body.map((c) => c.order!);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    for (const c of body) {
      expect(c.name).toBe(c.translations!.ar.name);
      expect(c.name).toMatch(/[\u0600-\u06FF]/);
      expect(c.translations!.en.name).toMatch(/[A-Za-z]/);
      expect(c.services).toBeUndefined();
    }
  });

  it('includes services reduced to the requested fields', async () => {
    const res = await get(
      `/api/Categories?${filterParam({ include: { relation: 'services', scope: { fields: ['id', 'serviceSlug', 'serviceLabel'] } } })}`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<{ services: Record<string, unknown>[] }[]>();
    const all = body.flatMap((c) => c.services);
    expect(all.length).toBeGreaterThanOrEqual(24);
    for (const s of all) expect(Object.keys(s).sort()).toEqual(['id', 'serviceLabel', 'serviceSlug']);
  });

  it('never gives visitors a service hidden on web', async () => {
    const hidden = await ctx.database.db.select().from(t.services);
    const hiddenSlugs = hidden.filter((r) => r.data.hiddenOn.includes('web')).map((r) => r.serviceSlug);
    expect(hiddenSlugs.length).toBeGreaterThan(0);
    const res = await get(`/api/Categories?${filterParam({ include: 'services' })}`);
    const slugs = res.json<{ services: { serviceSlug: string }[] }[]>().flatMap((c) => c.services.map((s) => s.serviceSlug));
    for (const slug of hiddenSlugs) expect(slugs).not.toContain(slug);
  });
});

describe('GET /api/dynamic_services', () => {
  it('returns full, contract-valid services with isActive derived', async () => {
    const res = await get('/api/dynamic_services');
    expect(res.statusCode).toBe(200);
    const services = res.json<unknown[]>().map((s) => ZService.parse(s));
    expect(services.length).toBeGreaterThanOrEqual(24);
    const deactivated = services.find((s) => s.deactivated);
    expect(deactivated?.isActive).toBe(false);
    expect(services.find((s) => s.serviceSlug === 'CODEMETER')?.isActive).toBe(true);
  });

  it('filters by where, orders, pages and projects fields', async () => {
    const res = await get(
      `/api/dynamic_services?${filterParam({ where: { serviceSlug: { inq: ['CODEMETER', 'PAYBILLS', 'LMIFT'] } }, fields: ['serviceSlug'], order: 'serviceSlug DESC', limit: 2, skip: 0 })}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ serviceSlug: 'PAYBILLS' }, { serviceSlug: 'LMIFT' }]);
  });

  it('matches a category id inside categoryIds', async () => {
    const [cat] = await get('/api/Categories').then((r) => r.json<{ id: string }[]>());
    const res = await get(`/api/dynamic_services?${filterParam({ where: { categoryIds: cat!.id }, fields: ['categoryIds'] })}`);
    const rows = res.json<{ categoryIds: string[] }[]>();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.categoryIds).toContain(cat!.id);
  });

  it('omits services hidden on web', async () => {
    const res = await get(`/api/dynamic_services?${filterParam({ fields: ['hiddenOn'] })}`);
    for (const s of res.json<{ hiddenOn: string[] }[]>()) expect(s.hiddenOn).not.toContain('web');
  });

  it('sees a change of the database once the cache time has passed (here: no cache)', async () => {
    await ctx.database.db.update(t.services).set({ deactivated: true }).where(eq(t.services.serviceSlug, 'CCC'));
    const res = await get(
      `/api/dynamic_services/findOne?${filterParam({ where: { serviceSlug: 'CCC' }, fields: ['deactivated', 'isActive'] })}`,
    );
    expect(res.json()).toEqual({ deactivated: true, isActive: false });
    await ctx.database.db.update(t.services).set({ deactivated: false }).where(eq(t.services.serviceSlug, 'CCC'));
  });
});

describe('GET /api/dynamic_services/findOne', () => {
  it('finds a service by slug and by id', async () => {
    const bySlug = await get(`/api/dynamic_services/findOne?${filterParam({ where: { serviceSlug: 'LMIFT' } })}`);
    expect(bySlug.statusCode).toBe(200);
    const service = ZService.parse(bySlug.json());
    expect(service.activities.length).toBeGreaterThan(0);
    const byId = await get(
      `/api/dynamic_services/findOne?${filterParam({ where: { id: service.id }, fields: ['serviceSlug', 'hiddenOn', 'allowAnonymous'] })}`,
    );
    expect(ZServicePartial.parse(byId.json())).toEqual({
      serviceSlug: 'LMIFT',
      hiddenOn: service.hiddenOn,
      allowAnonymous: service.allowAnonymous,
    });
  });

  it('answers 404 MODEL_NOT_FOUND for an unknown slug, and for a service hidden on web', async () => {
    const unknown = await get(`/api/dynamic_services/findOne?${filterParam({ where: { serviceSlug: 'NO_SUCH_SERVICE' } })}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'MODEL_NOT_FOUND' });
    const rows = await ctx.database.db.select().from(t.services);
    const hidden = rows.find((r) => r.data.hiddenOn.includes('web'))!;
    const res = await get(`/api/dynamic_services/findOne?${filterParam({ where: { serviceSlug: hidden.serviceSlug } })}`);
    expect(res.statusCode).toBe(404);
  });

  it('requires a where clause naming the service', async () => {
    for (const url of ['/api/dynamic_services/findOne', `/api/dynamic_services/findOne?${filterParam({ fields: ['id'] })}`]) {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_FILTER' });
    }
  });
});
