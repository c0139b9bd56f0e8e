import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZService, type TService } from '../../contract/catalog.ts';
import {
  activityValidatorUrl,
  compileActivity,
  compileContactForm,
  compileSignupForm,
  formValidatorUrl,
  schemasHash,
} from '../../contract/form-schema.ts';
import { ZUserType } from '../../contract/identity.ts';
import { SECURITY_HEADERS } from '../plugins/security-headers.ts';
import { buildFormValidator, type ValidateFns } from '../../src/features/forms/validator.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

let ctx: TestApp;
let service: TService;
const dir = mkdtempSync(join(tmpdir(), 'forms-route-'));
beforeAll(async () => {
  ctx = await buildTestApp();
  const res = await get(
    `/api/dynamic_services/findOne?filter=${encodeURIComponent(JSON.stringify({ where: { serviceSlug: 'CODEMETER' } }))}`,
  );
  service = ZService.parse(res.json());
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await ctx.close();
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url });
const urlFor = (s: TService, activityId: string, version = s.version) => {
  const c = compileActivity(s, activityId, 'ar')!;
  return activityValidatorUrl(s.serviceSlug, activityId, version, schemasHash(c.steps.map((x) => x.schema)));
};

describe('GET /api/forms/validators/:serviceSlug/:activityId/:version/:file', () => {
  it('answers the activity’s validators as an immutable ES module that validates like the server', async () => {
    const res = await get(urlFor(service, 'apply'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe(SECURITY_HEADERS['content-security-policy']);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).not.toContain('unsafe-eval');
    expect(res.body).not.toMatch(/\bimport\b|\brequire\s*\(|\beval\s*\(|new Function/);

    // The browser's path: import the module as served, wrap it with the client loader, validate.
    const file = join(dir, 'apply.mjs');
    writeFileSync(file, res.body);
    const { validateFns } = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { validateFns: ValidateFns };
    const [first] = compileActivity(service, 'apply', 'en')!.steps;
    const errors = buildFormValidator(validateFns, first!.schema).fieldErrors({});
    expect(Object.values(errors).every((e) => e.code === 'required')).toBe(true);
    expect(Object.keys(errors).length).toBeGreaterThan(0);
  });

  it('is the same module in both languages (the schema holds no texts)', async () => {
    const en = compileActivity(service, 'apply', 'en')!;
    const ar = compileActivity(service, 'apply', 'ar')!;
    expect(schemasHash(en.steps.map((s) => s.schema))).toBe(schemasHash(ar.steps.map((s) => s.schema)));
  });

  it('unknown service, activity, version or schema hash: 404 with its code, never a module', async () => {
    const good = urlFor(service, 'apply');
    const cases: [string, string][] = [
      [good.replace('/CODEMETER/', '/NO_SUCH_SERVICE/'), 'MODEL_NOT_FOUND'],
      [good.replace('/apply/', '/nope/'), 'ACTIVITY_NOT_FOUND'],
      [urlFor(service, 'apply', service.version + 1), 'MODEL_NOT_FOUND'],
      [good.replace(/\/[0-9a-f]{16}\.js$/, '/0000000000000000.js'), 'MODEL_NOT_FOUND'],
    ];
    for (const [url, code] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code });
      expect(res.headers['cache-control'] ?? '').not.toContain('immutable');
    }
  });

  it('bad path parameters: 400 INVALID_INPUT', async () => {
    for (const url of [
      '/api/forms/validators/CODEMETER/apply/1/abc.js',
      '/api/forms/validators/CODEMETER/apply/0/0000000000000000.js',
      '/api/forms/validators/CODEMETER/a%20b/1/0000000000000000.js',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_INPUT' });
    }
  });
});

describe('GET /api/forms/validators/forms/:formKey/:file', () => {
  it('contact and sign-up modules; unknown user type or hash: 404', async () => {
    const contact = compileContactForm('ar').schema;
    const res = await get(formValidatorUrl('contact', schemasHash([contact])));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toContain('export const validateFns');

    const type = ZUserType.parse(
      (
        await get(`/api/dynamic_users/findOne?filter=${encodeURIComponent(JSON.stringify({ where: { registration: true } }))}`)
      ).json(),
    );
    const signup = compileSignupForm(type.schema, 'en').schema;
    expect((await get(formValidatorUrl(`signup.${type.userSlug}`, schemasHash([signup])))).statusCode).toBe(200);
    const missing = await get(formValidatorUrl('signup.nobody', schemasHash([signup])));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'MODEL_NOT_FOUND' });
    expect((await get(formValidatorUrl('contact', '0000000000000000'))).statusCode).toBe(404);
    expect((await get('/api/forms/validators/forms/other/0000000000000000.js')).statusCode).toBe(400);
  });
});
