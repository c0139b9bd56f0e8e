import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAppData, ZFaqEntry, ZNewsItem, ZNewsPage, ZServiceCenters } from '../../contract/catalog.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());
const get = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('application data', () => {
  it('GET /api/misc/appData gives title, translations, alerts, occasion and app links', async () => {
    const res = await get('/api/misc/appData');
    expect(res.statusCode).toBe(200);
    const data = ZAppData.parse(res.json());
    expect(data.translations.ar.title).toMatch(/[\u0600-\u06FF]/);
    expect(data.translations.en.title).toMatch(/[A-Za-z]/);
    expect(data.config.hotline).toBe('121');
    expect(data.config.version).toBe('9.5.2');
    expect(data.config.employeeAppConfig.employeeAppLink).not.toBe('');
  });
});

describe('news', () => {
  it('pages with limit and skip, newest first', async () => {
    const first = ZNewsPage.parse((await get('/api/news?limit=3&skip=0')).json());
    const second = ZNewsPage.parse((await get('/api/news?limit=3&skip=3')).json());
    expect(first.items).toHaveLength(3);
    expect(first.total).toBeGreaterThanOrEqual(6);
    const dates = [...first.items, ...second.items].map((n) => n.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set([...first.items, ...second.items].map((n) => n.id)).size).toBe(first.items.length + second.items.length);
  });

  it('gives one item by id, and 404 for an unknown id', async () => {
    const { items } = ZNewsPage.parse((await get('/api/news?limit=1')).json());
    const item = ZNewsItem.parse((await get(`/api/news/${items[0]!.id}`)).json());
    expect(item.title).toBe(item.translations.ar.title);
    const missing = await get('/api/news/no-such-news');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'MODEL_NOT_FOUND' });
  });
});

describe('FAQ and service centers', () => {
  it('GET /api/faq lists at least 12 entries in both languages', async () => {
    const faq = (await get('/api/faq')).json<unknown[]>().map((f) => ZFaqEntry.parse(f));
    expect(faq.length).toBeGreaterThanOrEqual(12);
    expect(faq.some((f) => f.translations.en.answer.includes('121'))).toBe(true);
  });

  it('GET /api/serviceCenters gives 27 governorates, 9 companies, 40+ centers with hours; filters by governorate', async () => {
    const all = ZServiceCenters.parse((await get('/api/serviceCenters')).json());
    expect(all.governorates).toHaveLength(27);
    expect(all.companies).toHaveLength(9);
    expect(all.serviceCenters.length).toBeGreaterThanOrEqual(40);
    for (const c of all.serviceCenters) expect(c.hours.days).not.toContain(5); // closed on Friday
    const gov = all.serviceCenters[0]!.governorateId;
    const some = ZServiceCenters.parse((await get(`/api/serviceCenters?governorateId=${gov}`)).json());
    expect(some.serviceCenters.length).toBeGreaterThan(0);
    for (const c of some.serviceCenters) expect(c.governorateId).toBe(gov);
  });
});
