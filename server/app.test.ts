import fs from 'node:fs';
import zlib from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/test-app.ts';
import { routes } from '../contract/routes.ts';
import { formsRoutes } from '../contract/routes-forms.ts';

let ctx: TestApp;
let dist: string;
beforeAll(async () => {
  // A miniature build, so the static rules can be checked without running Vite.
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kahraba-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="ar" dir="rtl"><title>كهرباء</title></html>');
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{}');
  ctx = await buildTestApp({ DIST_DIR: dist });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('health', () => {
  it('/healthz says alive and /readyz says the database is reachable and migrated', async () => {
    expect((await ctx.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready' });
  });
});

describe('OpenAPI', () => {
  it('documents every contract route at /api/openapi.json, and serves the docs page', async () => {
    const res = await ctx.app.inject('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    for (const r of Object.values({ ...routes, ...formsRoutes })) {
      const p = r.path.replace(/:([A-Za-z_]+)/g, '{$1}');
      expect(doc.paths[p]?.[r.method.toLowerCase()], `${r.method} ${r.path}`).toBeDefined();
    }
    const docs = await ctx.app.inject('/api/docs/');
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });
});

describe('security headers', () => {
  it('sends the CSP and transport headers of quality.md on pages and API answers', async () => {
    for (const url of ['/', '/api/misc/appData']) {
      const res = await ctx.app.inject(url);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['strict-transport-security']).toContain('max-age=');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('compresses large answers for clients that accept it, with the same content', async () => {
    const plain = await ctx.app.inject({ url: '/api/dynamic_services' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gz = await ctx.app.inject({ url: '/api/dynamic_services', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    // Asked twice, the cached answer is compressed once and sent the same.
    for (let i = 0; i < 2; i++) {
      const br = await ctx.app.inject({ url: '/api/dynamic_services', headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('accept-encoding');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    }
  });
});

describe('serving the PWA', () => {
  it('serves hashed assets immutable, index.html and sw.js no-cache', async () => {
    const asset = await ctx.app.inject('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const sw = await ctx.app.inject('/sw.js');
    expect(sw.headers['cache-control']).toBe('no-cache');
    const index = await ctx.app.inject('/');
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.body).toContain('dir="rtl"');
  });

  it('falls back to index.html for page paths only', async () => {
    const page = await ctx.app.inject('/services/CODEMETER');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const missingAsset = await ctx.app.inject('/assets/missing-123.js');
    expect(missingAsset.statusCode).toBe(404);
    const api = await ctx.app.inject('/api/unknown/route');
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
  });
});

describe('maintenance', () => {
  it('answers every API call with 418 and the message while MAINTENANCE_MESSAGE is set', async () => {
    const m = await buildTestApp({ MAINTENANCE_MESSAGE: 'صيانة مجدولة حتى الساعة 6 صباحًا' }, { seed: false });
    try {
      const res = await m.app.inject('/api/Categories');
      expect(res.statusCode).toBe(418);
      expect(res.json()).toEqual({ code: 'MAINTENANCE', message: 'صيانة مجدولة حتى الساعة 6 صباحًا' });
      expect((await m.app.inject('/healthz')).statusCode).toBe(200);
    } finally {
      await m.close();
    }
  });
});
