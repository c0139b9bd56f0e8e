import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod/mini';
import { ZCategoryCard, ZCategoryPartial, ZService, ZServiceCard, ZServicePartial } from '../../contract/catalog.ts';
import { ZServicePage } from '../../contract/service-page.ts';
import { call, directSession } from '../test/identity-helpers.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import * as t from '../db/schema.ts';

let ctx: TestApp;
beforeAll(async () => {
  // No response cache between requests: the tests change rows and expect to see it.
  ctx = await buildTestApp({ CATALOG_CACHE_MS: '0' }, { demoUsers: true });
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

  it('answers 404 MODEL_NOT_FOUND for an unknown slug, and 404 SERVICE_HIDDEN for a service hidden on web', async () => {
    const unknown = await get(`/api/dynamic_services/findOne?${filterParam({ where: { serviceSlug: 'NO_SUCH_SERVICE' } })}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'MODEL_NOT_FOUND' });
    const rows = await ctx.database.db.select().from(t.services);
    const hidden = rows.find((r) => r.data.hiddenOn.includes('web'))!;
    const res = await get(`/api/dynamic_services/findOne?${filterParam({ where: { serviceSlug: hidden.serviceSlug } })}`);
    expect(res.statusCode).toBe(404);
    // The screens send the citizen home for this one (spec section 2), and show nothing of the service.
    expect(res.json()).toMatchObject({ code: 'SERVICE_HIDDEN' });
    expect(JSON.stringify(res.json())).not.toContain(hidden.data.translations.ar.serviceLabel);
  });

  it('requires a where clause naming the service', async () => {
    for (const url of ['/api/dynamic_services/findOne', `/api/dynamic_services/findOne?${filterParam({ fields: ['id'] })}`]) {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_FILTER' });
    }
  });
});

describe('the card and page forms (decision 033)', () => {
  const HOME = filterParam({ order: 'order ASC', include: 'services' });
  const strictCards = z.array(z.strictObject({ ...ZCategoryCard.shape, services: z.array(z.strictObject(ZServiceCard.shape)) }));
  const full = async () => {
    const res = await get(`/api/dynamic_services`);
    return new Map(
      res
        .json<unknown[]>()
        .map((s) => ZService.parse(s))
        .map((s) => [s.serviceSlug, s]),
    );
  };

  it("answers the home page's categories as cards: the card fields only, texts in the language asked for", async () => {
    const services = await full();
    for (const lang of ['ar', 'en'] as const) {
      const res = await get(`/api/Categories?view=card&lang=${lang}&${HOME}`);
      expect(res.statusCode).toBe(200);
      // Strict: a field beyond the card's (translations, description, activities) fails the parse.
      const categories = strictCards.parse(res.json());
      expect(categories.length).toBeGreaterThanOrEqual(6);
      const other = lang === 'ar' ? 'en' : 'ar';
      for (const s of categories.flatMap((c) => c.services)) {
        const texts = services.get(s.serviceSlug)!.translations;
        expect(s.serviceLabel).toBe(texts[lang].serviceLabel);
        expect(res.body).not.toContain(JSON.stringify(texts[other].serviceLabel));
        expect(res.body).not.toContain(JSON.stringify(texts[lang].description));
      }
      expect(categories.flatMap((c) => c.services).length).toBeGreaterThanOrEqual(24);
      for (const c of categories) expect(c.name).toMatch(lang === 'ar' ? /[\u0600-\u06FF]/ : /^[^\u0600-\u06FF]+$/);
    }
  });

  it('is a fraction of the full answer the cards used to get', async () => {
    const fullHome = await get(
      `/api/Categories?${filterParam({ order: 'order ASC', include: { relation: 'services', scope: { fields: ['id', 'serviceSlug', 'serviceLabel', 'translations', 'categoryIds', 'deactivated', 'isActive'] } } })}`,
    );
    const cards = await get(`/api/Categories?view=card&lang=en&${HOME}`);
    expect(cards.body.length * 3).toBeLessThan(fullHome.body.length);
  });

  it('takes the language from Accept-Language without lang, and says the answer varies with it', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/Categories?view=card&${HOME}`,
      headers: { 'accept-language': 'en' },
    });
    expect(strictCards.parse(res.json())[0]!.name).toMatch(/^[^\u0600-\u06FF]+$/);
    expect(res.headers.vary).toBe('accept-encoding, accept-language');
    const byAddress = await get(`/api/Categories?view=card&lang=en&${HOME}`);
    expect(byAddress.headers.vary).toBe('accept-encoding');
    expect(byAddress.body).toBe(res.body);
  });

  it('answers the services list as cards', async () => {
    const res = await get(`/api/dynamic_services?view=card&lang=en&${filterParam({ where: { serviceSlug: 'CODEMETER' } })}`);
    expect(res.statusCode).toBe(200);
    const [card, ...rest] = z.array(z.strictObject(ZServiceCard.shape)).parse(res.json());
    expect(rest).toEqual([]);
    expect(card).toMatchObject({
      serviceSlug: 'CODEMETER',
      serviceLabel: (await full()).get('CODEMETER')!.translations.en.serviceLabel,
    });
  });

  it("answers a service's page: its texts in one language, without its forms, workflow or the other language", async () => {
    const codemeter = (await full()).get('CODEMETER')!;
    const res = await get(
      `/api/dynamic_services/findOne?view=page&lang=ar&${filterParam({ where: { serviceSlug: 'CODEMETER' } })}`,
    );
    expect(res.statusCode).toBe(200);
    const page = z.strictObject(ZServicePage.shape).parse(res.json());
    expect(page.texts).toEqual(codemeter.translations.ar);
    expect(page).toMatchObject({
      serviceSlug: 'CODEMETER',
      businessAttributes: codemeter.businessAttributes,
      activation: codemeter.activation,
    });
    // Its guided tour's steps (decision 073), in the page's language.
    expect(page.tour).toEqual(codemeter.tour.map((s) => ({ selector: s.selector, text: s.text.ar })));
    expect(page.tour.length).toBeGreaterThan(0);
    expect(res.body).not.toContain(JSON.stringify(codemeter.translations.en.description));
    // The full answer is unchanged for those who ask for it.
    const whole = await get(`/api/dynamic_services/findOne?${filterParam({ where: { serviceSlug: 'CODEMETER' } })}`);
    expect(ZService.parse(whole.json()).translations.en).toEqual(codemeter.translations.en);
  });

  it('keeps the audience: a visitor never gets a service hidden on web, staff do', async () => {
    const rows = await ctx.database.db.select().from(t.services);
    const hidden = rows.find((r) => r.data.hiddenOn.includes('web'))!.serviceSlug;
    const url = `/api/Categories?view=card&lang=en&${HOME}`;
    const slugs = (body: string) => strictCards.parse(JSON.parse(body)).flatMap((c) => c.services.map((s) => s.serviceSlug));
    expect(slugs((await get(url)).body)).not.toContain(hidden);
    const employee = await directSession(ctx, 'demo-employee');
    expect(slugs((await call(ctx, 'GET', url, { as: employee })).body)).toContain(hidden);
    const page = `/api/dynamic_services/findOne?view=page&lang=en&${filterParam({ where: { serviceSlug: hidden } })}`;
    expect((await get(page)).statusCode).toBe(404);
    expect((await call(ctx, 'GET', page, { as: employee })).statusCode).toBe(200);
  });

  it('documents both forms of each answer and the view parameter in the OpenAPI document', async () => {
    const doc = (await get('/api/openapi.json')).json<{ paths: Record<string, { get: Record<string, unknown> }> }>();
    for (const [path, view, field] of [
      ['/api/Categories', 'card', 'icon'],
      ['/api/dynamic_services', 'card', 'hideServiceTable'],
      ['/api/dynamic_services/findOne', 'page', 'texts'],
    ] as const) {
      const op = JSON.stringify(doc.paths[path]!.get);
      expect(op, path).toContain(`"${view}"`);
      expect(op, path).toContain('"lang"');
      const ok = (doc.paths[path]!.get.responses as Record<string, { content: Record<string, { schema: unknown }> }>)['200']!;
      const schema = Object.values(ok.content)[0]!.schema as { anyOf?: unknown[] };
      // The full answer, then the view's: one language's texts, no `translations`.
      expect(schema.anyOf, path).toHaveLength(2);
      expect(JSON.stringify(schema.anyOf![0]), path).toContain('"translations"');
      expect(JSON.stringify(schema.anyOf![1]), path).toContain(`"${field}"`);
      expect(JSON.stringify(schema.anyOf![1]), path).not.toContain('"translations"');
    }
  });

  it('refuses an unknown view, an unknown language, lang without a view and fields with one: 400 with a code', async () => {
    const one = filterParam({ where: { serviceSlug: 'CODEMETER' } });
    const cases: [string, string][] = [
      [`/api/Categories?view=full&${HOME}`, 'INVALID_INPUT'],
      [`/api/Categories?view=page&${HOME}`, 'INVALID_INPUT'],
      [`/api/dynamic_services/findOne?view=card&${one}`, 'INVALID_INPUT'],
      [`/api/Categories?view=card&lang=fr&${HOME}`, 'INVALID_INPUT'],
      [`/api/Categories?view=card&view=card&${HOME}`, 'INVALID_INPUT'],
      [`/api/Categories?lang=en&${HOME}`, 'INVALID_INPUT'],
      [`/api/dynamic_services?lang=en`, 'INVALID_INPUT'],
      [`/api/dynamic_services?view=card&${filterParam({ fields: ['id'] })}`, 'INVALID_FILTER'],
      [
        `/api/Categories?view=card&${filterParam({ include: { relation: 'services', scope: { fields: ['id'] } } })}`,
        'INVALID_FILTER',
      ],
      [
        `/api/dynamic_services/findOne?view=page&${filterParam({ where: { serviceSlug: 'CODEMETER' }, fields: ['id'] })}`,
        'INVALID_FILTER',
      ],
    ];
    for (const [url, code] of cases) {
      const res = await get(url);
      expect(`${res.statusCode} ${res.json<{ code: string }>().code}`, url).toBe(`400 ${code}`);
      expect(typeof res.json<{ message: string }>().message).toBe('string');
    }
  });
});
