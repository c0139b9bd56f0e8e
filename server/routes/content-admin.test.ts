import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAppData, ZFaqEntry, ZNewsItem, ZNewsPage } from '../../contract/catalog.ts';
import { ZBannerAdminList, ZContentFile, ZFigures, ZGuideAdminList, ZNewsAdmin, type TNewsBody } from '../../contract/content.ts';
import { ZUserGuides } from '../../contract/staff.ts';
import { sanitizeRichText } from '../domain/content/sanitize.ts';
import { call, directSession, expectError, fastDemoPasswords, type Session } from '../test/identity-helpers.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

/*
 * Managing the portal's content (issue 26 parts 2-4, decision 067), through the API as the content manager does
 * it, and what visitors then see: news written, published, scheduled and withdrawn; pictures and guide PDFs
 * through the file storage; the guide library and the footer; banners in their window; the FAQ; the figures.
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kahraba-content-'));
let ctx: TestApp;
let manager: Session;
let employee: Session;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** Every way a page could be made to run a script, in a news body. */
const HOSTILE = [
  '<p>Safe text</p>',
  '<script>alert(1)</script>',
  '<img src=x onerror="alert(2)">',
  '<a href="javascript:alert(3)">click</a>',
  '<a href="JaVaScRiPt&colon;alert(4)">click</a>',
  '<a href=" javascript:alert(5)">click</a>',
  '<svg onload="alert(6)"></svg>',
  '<p onclick="alert(7)" style="background:url(javascript:alert(8))">hi</p>',
  '<iframe src="https://evil.example"></iframe>',
  '<a href="data:text/html,<script>alert(9)</script>">d</a>',
  '<math><mi xlink:href="javascript:alert(10)">x</mi></math>',
  '<a href="https://example.org/ok">a good link</a>',
].join('\n');
const NEVER = [/<script/i, /javascript:/i, /\son\w+\s*=/i, /<iframe/i, /<svg/i, /data:text/i, /style=/i, /alert\(/i];

beforeAll(async () => {
  ctx = await buildTestApp({ DATA_DIR: dataDir, LOG_LEVEL: 'error' }, { demoUsers: true });
  const ids = await fastDemoPasswords(ctx);
  manager = await directSession(ctx, ids.manager!);
  employee = await directSession(ctx, ids.employee!);
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const upload = (body: Buffer, kind: 'image' | 'pdf', name: string, as: Session = manager) =>
  call(ctx, 'POST', '/api/content/files', {
    as,
    body,
    headers: { 'x-file-name': encodeURIComponent(name), 'x-file-kind': kind, 'idempotency-key': crypto.randomUUID() },
  });
const news = (title: string, body: string, imageId: string | null = null): TNewsBody => ({
  translations: { ar: { title: `خبر ${title}`, body }, en: { title, body } },
  imageId,
});
const publicNews = async () => ZNewsPage.parse((await call(ctx, 'GET', '/api/news?limit=50')).json()).items;
const appData = async () => ZAppData.parse((await call(ctx, 'GET', '/api/misc/appData')).json());

describe('the sanitiser', () => {
  it('keeps formatting and safe links, and drops scripts, event handlers and javascript: links', () => {
    const out = sanitizeRichText(HOSTILE);
    for (const bad of NEVER) expect(out).not.toMatch(bad);
    expect(out).toContain('<p>Safe text</p>');
    expect(out).toContain('<a href="https://example.org/ok" rel="noopener noreferrer">a good link</a>');
  });
});

describe('news', () => {
  it('a draft is written, previewed, published, and withdrawn; the public reads follow, with who did what', async () => {
    const created = await call(ctx, 'POST', '/api/content/news', { as: manager, body: news('Grid works', HOSTILE) });
    expect(created.statusCode, created.body).toBe(201);
    const draft = ZNewsAdmin.parse(created.json());
    expect(draft.state).toBe('draft');
    // The preview is what will be published: sanitised, in both languages.
    for (const lang of ['ar', 'en'] as const) for (const bad of NEVER) expect(draft.translations[lang].body).not.toMatch(bad);
    expect((await publicNews()).map((n) => n.id)).not.toContain(draft.id);
    expect((await call(ctx, 'GET', `/api/news/${draft.id}`)).statusCode).toBe(404);

    const published = ZNewsAdmin.parse(
      (await call(ctx, 'POST', `/api/content/news/${draft.id}/publish`, { as: manager, body: {} })).json(),
    );
    expect(published.state).toBe('published');
    const seen = await publicNews();
    expect(seen[0]!.id).toBe(draft.id);
    const item = ZNewsItem.parse((await call(ctx, 'GET', `/api/news/${draft.id}`)).json());
    for (const bad of NEVER) expect(JSON.stringify(item)).not.toMatch(bad);
    expect(item.translations.en.title).toBe('Grid works');

    const edited = await call(ctx, 'PUT', `/api/content/news/${draft.id}`, {
      as: manager,
      body: news('Grid works, updated', '<p>Done <b>today</b></p>'),
    });
    expect(ZNewsAdmin.parse(edited.json()).translations.en.body).toBe('<p>Done <b>today</b></p>');

    const withdrawn = ZNewsAdmin.parse(
      (await call(ctx, 'POST', `/api/content/news/${draft.id}/withdraw`, { as: manager })).json(),
    );
    expect(withdrawn.state).toBe('withdrawn');
    expect(withdrawn.events.map((e) => e.action)).toEqual(['withdrawn', 'edited', 'published', 'created']);
    expect(new Set(withdrawn.events.map((e) => e.actor))).toEqual(new Set(['manager']));
    expect((await publicNews()).map((n) => n.id)).not.toContain(draft.id);
    expect((await call(ctx, 'GET', `/api/news/${draft.id}`)).statusCode).toBe(404);
    expectError(
      await call(ctx, 'POST', `/api/content/news/${draft.id}/withdraw`, { as: manager }),
      409,
      'TRANSITION_NOT_ALLOWED',
    );
  });

  it('a scheduled item shows from its time, not before; a time in the past is refused', async () => {
    const draft = ZNewsAdmin.parse(
      (await call(ctx, 'POST', '/api/content/news', { as: manager, body: news('Later', '<p>Soon</p>') })).json(),
    );
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = ZNewsAdmin.parse(
      (await call(ctx, 'POST', `/api/content/news/${draft.id}/publish`, { as: manager, body: { publishAt: at } })).json(),
    );
    expect(scheduled.state).toBe('scheduled');
    expect((await publicNews()).map((n) => n.id)).not.toContain(draft.id);
    const past = new Date(Date.now() - 3_600_000).toISOString();
    expectError(
      await call(ctx, 'POST', `/api/content/news/${draft.id}/publish`, { as: manager, body: { publishAt: past } }),
      400,
      'INVALID_INPUT',
    );
    const listed = (await call(ctx, 'GET', '/api/content/news', { as: manager })).json() as {
      items: { id: string; state: string }[];
    };
    expect(listed.items.find((n) => n.id === draft.id)?.state).toBe('scheduled');
  });

  it('bad input is a coded error: empty texts, a body that is only a script, an unknown picture, an unknown item', async () => {
    const empty = await call(ctx, 'POST', '/api/content/news', { as: manager, body: news('', '') });
    expectError(empty, 400, 'INVALID_INPUT');
    expectError(
      await call(ctx, 'POST', '/api/content/news', { as: manager, body: news('Only a script', '<script>x()</script>') }),
      400,
      'INVALID_INPUT',
    );
    expectError(
      await call(ctx, 'POST', '/api/content/news', { as: manager, body: news('Pic', '<p>x</p>', 'no-such-file') }),
      400,
      'INVALID_INPUT',
    );
    expectError(
      await call(ctx, 'PUT', '/api/content/news/no-such', { as: manager, body: news('x', 'y') }),
      404,
      'MODEL_NOT_FOUND',
    );
  });

  it('staff without the content role are refused', async () => {
    expectError(await call(ctx, 'GET', '/api/content/news', { as: employee }), 403, 'FORBIDDEN');
    expectError(await call(ctx, 'POST', '/api/content/news', { as: employee, body: news('x', 'y') }), 403, 'FORBIDDEN');
  });
});

describe('content files', () => {
  it('a picture is kept with a card copy 640 px wide, and shown on the news item', async () => {
    const big = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#1d4ed8' } })
      .jpeg()
      .toBuffer();
    const res = await upload(big, 'image', 'صورة الخبر.jpg');
    expect(res.statusCode, res.body).toBe(201);
    const file = ZContentFile.parse(res.json());
    expect(file).toMatchObject({ kind: 'image', mime: 'image/jpeg', name: 'صورة الخبر.jpg' });
    const card = await call(ctx, 'GET', file.cardUrl!);
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/webp');
    expect((await sharp(card.rawPayload).metadata()).width).toBe(640);
    const original = await call(ctx, 'GET', file.url);
    expect(original.rawPayload.equals(big)).toBe(true);

    const item = ZNewsAdmin.parse(
      (await call(ctx, 'POST', '/api/content/news', { as: manager, body: news('With picture', '<p>x</p>', file.id) })).json(),
    );
    expect(item.imageId).toBe(file.id);
    await call(ctx, 'POST', `/api/content/news/${item.id}/publish`, { as: manager, body: {} });
    const shown = ZNewsItem.parse((await call(ctx, 'GET', `/api/news/${item.id}`)).json());
    expect(shown.featuredImage[0]!.url).toBe(file.url);
  });

  it('checks type by content, size and a PDF name; keeps nothing that fails', async () => {
    expectError(await upload(Buffer.from('not a picture at all'), 'image', 'a.png'), 415, 'FILE_TYPE_NOT_ALLOWED');
    expectError(await upload(PDF, 'image', 'a.png'), 415, 'FILE_TYPE_NOT_ALLOWED');
    expectError(await upload(PDF, 'pdf', 'guide.txt'), 400, 'FILE_NOT_PDF');
    expectError(await upload(Buffer.alloc(6 * 1_048_576, 1), 'image', 'big.png'), 413, 'FILE_TOO_LARGE');
    expectError(await upload(PDF, 'pdf', 'g.pdf', employee), 403, 'FORBIDDEN');
    expectError(await call(ctx, 'GET', '/api/content/files/no-such-file'), 404, 'MODEL_NOT_FOUND');
  });
});

describe('the user-guide library', () => {
  it('a guide with a PDF is added for citizens, stands behind the footer link, is reordered and removed', async () => {
    const pdf = ZContentFile.parse((await upload(PDF, 'pdf', 'citizen guide 2026.pdf')).json());
    const body = {
      name: { ar: 'دليل المواطن ٢٠٢٦', en: 'Citizen guide 2026' },
      kind: 'document' as const,
      url: { ar: pdf.url, en: pdf.url },
      audience: ['citizens' as const],
      footerSlot: 'citizen-guide' as const,
    };
    const created = await call(ctx, 'POST', '/api/content/guides', { as: manager, body });
    expect(created.statusCode, created.body).toBe(201);
    const list = ZGuideAdminList.parse(created.json()).items;
    const guide = list.find((g) => g.name.en === 'Citizen guide 2026')!;
    // The footer place moved from the seed's guide to this one.
    expect(list.filter((g) => g.footerSlot === 'citizen-guide').map((g) => g.id)).toEqual([guide.id]);
    expect((await appData()).config.footerGuides?.citizenGuide).toEqual({ ar: pdf.url, en: pdf.url });
    // A visitor downloads it.
    const download = await call(ctx, 'GET', pdf.url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(PDF)).toBe(true);
    // Staff's library shows what is for staff only.
    const staffList = ZUserGuides.parse((await call(ctx, 'GET', '/api/userGuides', { as: employee })).json()).items;
    expect(staffList.map((g) => g.id)).not.toContain(guide.id);

    const reversed = list.map((g) => g.id).reverse();
    const ordered = ZGuideAdminList.parse(
      (await call(ctx, 'PUT', '/api/content/guide-order', { as: manager, body: { ids: reversed } })).json(),
    ).items;
    expect(ordered.map((g) => g.id)).toEqual(reversed);
    expectError(
      await call(ctx, 'PUT', '/api/content/guide-order', { as: manager, body: { ids: [reversed[0]] } }),
      400,
      'INVALID_INPUT',
    );

    const edited = await call(ctx, 'PUT', `/api/content/guides/${guide.id}`, {
      as: manager,
      body: { ...body, audience: ['citizens', 'staff'] },
    });
    expect(ZGuideAdminList.parse(edited.json()).items.find((g) => g.id === guide.id)?.audience).toEqual(['citizens', 'staff']);

    const removed = ZGuideAdminList.parse((await call(ctx, 'DELETE', `/api/content/guides/${guide.id}`, { as: manager })).json());
    expect(removed.items.map((g) => g.id)).not.toContain(guide.id);
    expect((await appData()).config.footerGuides?.citizenGuide).toBeUndefined();
    expectError(await call(ctx, 'DELETE', `/api/content/guides/${guide.id}`, { as: manager }), 404, 'MODEL_NOT_FOUND');
  });

  it('a javascript: or data: link, or no audience, is refused', async () => {
    for (const url of [
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,x',
      '//evil.example/x',
      'http://plain.example',
    ]) {
      const res = await call(ctx, 'POST', '/api/content/guides', {
        as: manager,
        body: { name: { ar: 'x', en: 'x' }, kind: 'link', url: { ar: url, en: url }, audience: ['citizens'], footerSlot: null },
      });
      expectError(res, 400, 'INVALID_INPUT');
    }
    const none = await call(ctx, 'POST', '/api/content/guides', {
      as: manager,
      body: { name: { ar: 'x', en: 'x' }, kind: 'link', url: { ar: '/a', en: '/a' }, audience: [], footerSlot: null },
    });
    expectError(none, 400, 'INVALID_INPUT');
  });
});

describe('banners, FAQ and figures', () => {
  it('a banner shows in its window only, with its level and whether it may be closed', async () => {
    const now = Date.now();
    const make = (startsAt: number, endsAt: number | null, ar: string) =>
      call(ctx, 'POST', '/api/content/banners', {
        as: manager,
        body: {
          text: { ar, en: `${ar} (en)` },
          level: 'warning',
          startsAt: new Date(startsAt).toISOString(),
          endsAt: endsAt === null ? null : new Date(endsAt).toISOString(),
          dismissible: false,
        },
      });
    expect((await make(now - 60_000, now + 3_600_000, 'صيانة الآن')).statusCode).toBe(201);
    await make(now + 3_600_000, null, 'صيانة لاحقًا');
    const list = ZBannerAdminList.parse((await make(now - 7_200_000, now - 3_600_000, 'صيانة انتهت')).json()).items;
    expect(Object.fromEntries(list.map((b) => [b.text.ar, b.state]))).toMatchObject({
      'صيانة الآن': 'showing',
      'صيانة لاحقًا': 'scheduled',
      'صيانة انتهت': 'ended',
    });
    const alerts = (await appData()).config.alerts;
    expect(alerts.find((a) => a.data.ar === 'صيانة الآن')).toMatchObject({ type: 'warning', dismissible: false });
    expect(alerts.map((a) => a.data.ar)).not.toContain('صيانة لاحقًا');
    expect(alerts.map((a) => a.data.ar)).not.toContain('صيانة انتهت');
    expectError(await make(now, now - 1000, 'backwards'), 400, 'INVALID_INPUT');

    const showing = list.find((b) => b.text.ar === 'صيانة الآن')!;
    await call(ctx, 'DELETE', `/api/content/banners/${showing.id}`, { as: manager });
    expect((await appData()).config.alerts.map((a) => a.data.ar)).not.toContain('صيانة الآن');
  });

  it('a question is added to a group in its order, edited and removed', async () => {
    const body = {
      group: 'billing',
      order: 0,
      translations: {
        ar: { group: 'الفواتير', question: 'متى تصدر الفاتورة؟', answer: 'في أول كل شهر.' },
        en: { group: 'Bills', question: 'When is the bill issued?', answer: 'On the first of each month.' },
      },
    };
    const created = await call(ctx, 'POST', '/api/content/faq', { as: manager, body });
    expect(created.statusCode, created.body).toBe(201);
    const pub = (await call(ctx, 'GET', '/api/faq')).json<unknown[]>().map((f) => ZFaqEntry.parse(f));
    const mine = pub.find((f) => f.translations.en.question === 'When is the bill issued?')!;
    const group = pub.filter((f) => f.group === 'billing');
    expect(group[0]!.id).toBe(mine.id);
    await call(ctx, 'PUT', `/api/content/faq/${mine.id}`, {
      as: manager,
      body: { ...body, translations: { ...body.translations, en: { ...body.translations.en, answer: 'Monthly.' } } },
    });
    const after = (await call(ctx, 'GET', '/api/faq')).json<{ id: string; translations: { en: { answer: string } } }[]>();
    expect(after.find((f) => f.id === mine.id)?.translations.en.answer).toBe('Monthly.');
    await call(ctx, 'DELETE', `/api/content/faq/${mine.id}`, { as: manager });
    expect((await call(ctx, 'GET', '/api/faq')).json<{ id: string }[]>().map((f) => f.id)).not.toContain(mine.id);
    expectError(
      await call(ctx, 'POST', '/api/content/faq', { as: manager, body: { ...body, group: 'Not A Key!' } }),
      400,
      'INVALID_INPUT',
    );
  });

  it('the home figures: services counted from the catalog, clients and centres set', async () => {
    const before = ZFigures.parse((await call(ctx, 'GET', '/api/content/figures', { as: manager })).json());
    expect(before).toMatchObject({ clientsMillions: 6, centres: 400 });
    expect(before.services).toBeGreaterThan(10);
    const set = await call(ctx, 'PUT', '/api/content/figures', { as: manager, body: { clientsMillions: 7, centres: 410 } });
    expect(ZFigures.parse(set.json())).toEqual({ services: before.services, clientsMillions: 7, centres: 410 });
    expect((await appData()).config.figures).toEqual({ services: before.services, clientsMillions: 7, centres: 410 });
    expectError(
      await call(ctx, 'PUT', '/api/content/figures', { as: manager, body: { clientsMillions: -1, centres: 1 } }),
      400,
      'INVALID_INPUT',
    );
  });
});
