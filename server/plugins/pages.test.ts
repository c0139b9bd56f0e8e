import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

/*
 * The public pages drawn by the server (decision 031), with a miniature build: the template, and a renderer that
 * draws what it was asked (address, language) and reads the catalog through the app, as the real one does.
 */
let dist: string;
let ctx: TestApp;
const SHELL =
  '<!doctype html><html lang="ar" dir="rtl"><head><title>كهرباء</title><script type="module" crossorigin src="/assets/index-abc.js"></script><link rel="modulepreload" crossorigin href="/assets/framework-abc.js"><link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head><body><div id="root"></div></body></html>';
const CSS = '.btn-primary{color:#fff}';

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kahraba-pages-'));
  fs.mkdirSync(path.join(dist, '.ssr'));
  fs.writeFileSync(path.join(dist, 'index.html'), SHELL);
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc.css'), CSS);
  fs.writeFileSync(
    path.join(dist, '.ssr', 'entry-server.js'),
    `export const SSR_STATE_ID = 'kahraba-ssr';
let renders = 0;
export async function renderPage(url, lang, transport) {
  renders++;
  if (url.startsWith('/news/broken')) throw new Error('a screen failed');
  if (url.startsWith('/news/slow')) await new Promise((r) => setTimeout(r, 200));
  const res = await transport.fetch(new Request(transport.origin + '/api/Categories', { headers: { 'x-csrf-token': 'anonymous', 'accept-language': lang } }));
  const categories = await res.json();
  return {
    status: url.startsWith('/services/NOPE') ? 404 : url.startsWith('/faq') && lang === 'en' ? 500 : 200,
    lang, dir: lang === 'ar' ? 'rtl' : 'ltr',
    html: '<main><h1>' + lang + ' ' + url + '</h1><p>categories ' + categories.length + '</p><p>render ' + renders + '</p><p>fee $& $1</p></main>',
    state: JSON.stringify({ lang, queries: { mutations: [], queries: [] } }).replace(/</g, '\\\\u003c'),
    title: lang === 'ar' ? 'كهرباء' : 'Kahraba',
  };
}
`,
  );
  ctx = await buildTestApp({ DIST_DIR: dist, CATALOG_CACHE_MS: '60000' });
});

afterAll(async () => {
  await ctx.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
const renderCount = (body: string) => Number(/render (\d+)/.exec(body)?.[1]);

describe('public pages drawn by the server', () => {
  it('answers a public page with the page in Arabic by default: lang, dir, title, markup, data and headers', async () => {
    const res = await get('/services');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-language']).toBe('ar');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(res.body).toContain('<html lang="ar" dir="rtl">');
    expect(res.body).toContain('<div id="root"><main><h1>ar /services</h1>');
    expect(res.body).toMatch(/<p>categories [1-9]\d*<\/p>/); // read from the app's own API
    expect(res.body).toContain('<script type="application/json" id="kahraba-ssr">{"lang":"ar"');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    // Its text as drawn (no replacement pattern expanded), and its stylesheet inline (no round trip before the paint).
    expect(res.body).toContain('<p>fee $& $1</p>');
    expect(res.body).toContain(`<style>${CSS}</style>`);
    expect(res.body).not.toContain('<link rel="stylesheet"');
    // Its code comes after what it shows (the shell, below, keeps its code at the browser's priority).
    expect(res.body).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-abc.js">');
    expect(res.body).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/framework-abc.js">');
  });

  it('speaks the language of ?lang=, else of the lang cookie', async () => {
    const byQuery = await get('/news?lang=en');
    expect(byQuery.body).toContain('<html lang="en" dir="ltr">');
    expect(byQuery.body).toContain('<title>Kahraba</title>');
    expect(byQuery.body).toContain('<h1>en /news</h1>'); // the parameter is not part of the page's address
    const byCookie = await get('/about', { cookie: 'theme=dark; lang=en' });
    expect(byCookie.headers['content-language']).toBe('en');
    const unknown = await get('/about?lang=fr', { cookie: 'lang=xx' });
    expect(unknown.headers['content-language']).toBe('ar');
  });

  it('keeps a page for the catalog cache time, per language and address', async () => {
    const first = await get('/reach-us');
    const again = await get('/reach-us');
    expect(renderCount(again.body)).toBe(renderCount(first.body));
    const english = await get('/reach-us?lang=en');
    expect(renderCount(english.body)).toBeGreaterThan(renderCount(first.body));
    const filtered = await get('/services?category=x');
    expect(filtered.body).toContain('<h1>ar /services?category=x</h1>');
  });

  it('answers 404 with the drawn not-found page for an unknown service', async () => {
    const res = await get('/services/NOPE');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<h1>ar /services/NOPE</h1>');
  });

  it('sends the app shell when a render fails or its data could not be read, and for other pages', async () => {
    for (const url of ['/news/broken', '/faq?lang=en', '/login', '/services/CODEMETER/add', '/inbox']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(SHELL);
    }
  });

  it('sends the shell instead of queueing renders without bound', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => get(`/news/slow-${i}`)));
    const drawn = answers.filter((a) => a.body.includes('<main>')).length;
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThanOrEqual(16);
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
  });
});

describe('compression', () => {
  it('sends the page compressed as the client accepts (brotli, else gzip), else as it is', async () => {
    const plain = await get('/privacyPolicy');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('/privacyPolicy', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get('/privacyPolicy', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    // The home page is a route of its own: compressed once, not twice.
    const home = await get('/', { 'accept-encoding': 'br' });
    expect(home.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(home.rawPayload).toString()).toContain('<h1>ar /</h1>');
  });
});
