import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { TFieldSchema, TFieldsSchema } from '../../../contract/catalog.ts';
import { ZApiError } from '../../../contract/error-shape.ts';
import { fromApiFieldErrors } from '../../../contract/form-errors.ts';
import {
  compileActivity,
  compileContactForm,
  compileProfileForm,
  compileSignupForm,
  type FormSchema,
} from '../../../contract/form-schema.ts';
import { buildFormValidator, type ValidateFns } from '../../../src/features/forms/validator.ts';
import { services } from '../../seed/data/catalog.ts';
import { userTypeSeeds } from '../../seed/data/users.ts';

const userTypes = userTypeSeeds(['employee']);
import {
  activityValidatorModule,
  generateValidatorModule,
  invalidFieldsError,
  validateActivity,
  validateSignupForm,
  validateWithSchema,
} from './validators.ts';

/*
 * Parity (issue 10 "Bad input"): the same inputs are refused by the server's validator (runtime ajv) and by the
 * browser's (the generated standalone module, imported as the browser imports it, through the client loader's
 * wrapper), with the same field codes. Every seeded service activity, the sign-up and profile forms of every
 * user type and the contact form, with empty, wrong and mixed data.
 */

const dir = mkdtempSync(join(tmpdir(), 'forms-parity-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
async function importModule(code: string): Promise<ValidateFns> {
  const file = join(dir, `m${n++}.mjs`);
  writeFileSync(file, code);
  return ((await import(/* @vite-ignore */ pathToFileURL(file).href)) as { validateFns: ValidateFns }).validateFns;
}

/** A deterministic pseudo-random sequence (mulberry32). */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ (t + Math.imul(t ^ (t >>> 14), 71 | t));
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Values a user (or a hostile client) might send for a field: good ones, bad ones, wrong types. */
function valuesFor(f: TFieldSchema): unknown[] {
  const option = f.uniforms?.options?.[0]?.value ?? 'x';
  const common = [undefined, '', '   ', null, 12, true, ['a'], { a: 1 }];
  switch (f.type) {
    case 'number':
    case 'rating':
      return [...common, 0, 3, -5, 1e9, 2.5, '٣', '١٢٫٥', 'abc'];
    case 'date':
      return [...common, '2020-01-01', '2099-12-31', '2026-02-30', 'tomorrow'];
    case 'phone':
      return [...common, '01012345678', '٠١٠١٢٣٤٥٦٧٨', '0131234567', '+201012345678'];
    case 'nationalId':
      return [...common, '29001010100015', '29013010100015', '٢٩٠٠١٠١٠١٠٠٠١٥'];
    case 'email':
      return [...common, 'a@b.eg', 'a@b', 'x'.repeat(300)];
    case 'select':
    case 'radio':
    case 'checkbox':
      return f.multiple ? [...common, [option], [option, 'zzz'], []] : [...common, option, 'zzz', false];
    case 'file':
    case 'image':
      return [...common, [{ id: 'a1', name: 'a.pdf' }], [{ id: 'a1' }, { id: 'a2' }, { id: 'a3' }], [{}], []];
    case 'list': {
      const entry = Object.fromEntries(Object.entries(f.schema ?? {}).map(([k, sub]) => [k, valuesFor(sub)[9]]));
      return [...common, [], [entry], [entry, {}], Array.from({ length: 60 }, () => entry)];
    }
    case 'location':
      return [...common, { governorate: 'cairo', lat: 30, lng: 31 }, { lat: 200 }, {}];
    default:
      return [...common, 'a', 'abcdefghij', 'x'.repeat(6000), '١٢٣٤٥٦٧٨', 'Ahmed Ali Hassan Mahmoud'];
  }
}

function samples(fields: TFieldsSchema, seed: number, count: number): Record<string, unknown>[] {
  const next = rng(seed);
  const out: Record<string, unknown>[] = [{}];
  for (let i = 0; i < count; i++) {
    const data: Record<string, unknown> = {};
    for (const [id, f] of Object.entries(fields)) {
      const vs = valuesFor(f);
      const v = vs[Math.floor(next() * vs.length)];
      if (v !== undefined) data[id] = v;
    }
    out.push(data);
  }
  return out;
}

describe('server and browser validators agree', () => {
  for (const service of services) {
    for (const activity of service.activities) {
      it(`${service.serviceSlug} / ${activity.activityId}`, async () => {
        const forForms = { ...service, id: service.id };
        const module = activityValidatorModule(forForms, activity.activityId)!;
        const fns = await importModule(module.code);
        const compiled = compileActivity(service, activity.activityId, 'en')!;
        const allFields = Object.assign({}, ...activity.steps.map((s) => s.fieldsSchema)) as TFieldsSchema;
        let refused = 0;
        for (const data of samples(allFields, service.serviceSlug.length * 7919 + activity.steps.length, 40)) {
          for (const step of compiled.steps) {
            const server = validateActivity(forForms, activity.activityId, data, { stepId: step.stepId })!;
            const browser = buildFormValidator(fns, step.schema).fieldErrors(data);
            expect(browser, `${step.stepId} ${JSON.stringify(data).slice(0, 200)}`).toEqual(server.ok ? {} : server.fieldErrors);
            if (!server.ok) refused++;
          }
        }
        expect(refused).toBeGreaterThan(0);
      });
    }
  }

  // Sign-up's password confirmation is a cross-field rule outside JSON Schema (signupCrossFieldErrors, the same
  // function on both sides); the schema part is compared here, as the server runs it (validateWithSchema).
  const fixed: [string, FormSchema, TFieldsSchema][] = [
    ['contact', compileContactForm('en').schema, {}],
    ...userTypes.flatMap((t): [string, FormSchema, TFieldsSchema][] => [
      [`profile.${t.userSlug}`, compileProfileForm(t.schema, 'en').schema, t.schema],
      [`signup.${t.userSlug}`, compileSignupForm(t.schema, 'en').schema, t.schema],
    ]),
  ];
  it.each(fixed)('%s', async (_key, schema, extra) => {
    const fns = await importModule(generateValidatorModule([schema]));
    const validator = buildFormValidator(fns, schema);
    const props = Object.keys(schema.properties ?? {});
    const fields = Object.fromEntries(
      props.map((p) => [p, extra[p] ?? { type: 'text', label: { ar: p, en: p } }]),
    ) as TFieldsSchema;
    let refused = 0;
    for (const data of samples(fields, props.length, 40)) {
      const r = validateWithSchema(schema, data);
      expect(validator.fieldErrors(data)).toEqual(r.ok ? {} : r.fieldErrors);
      if (!r.ok) refused++;
    }
    expect(refused).toBeGreaterThan(0);
  });
});

describe('sign-up', () => {
  it('adds the confirmation rule to the schema’s errors', () => {
    const r = validateSignupForm({}, { password: 'Kahraba@2026', confirmPassword: 'Kahraba@2027' });
    expect(r.ok ? {} : r.fieldErrors).toMatchObject({
      confirmPassword: { code: 'password-mismatch' },
      firstName: { code: 'required' },
    });
  });

  it('a refusal leaves as 400 INVALID_INPUT with codes and bounds, in the one error shape', () => {
    const e = invalidFieldsError({ firstName: { code: 'min-length', min: 2, max: 50 } });
    expect(e.status).toBe(400);
    const body = ZApiError.parse(e.toJSON());
    expect(body).toMatchObject({ code: 'INVALID_INPUT', fieldErrors: { firstName: ['min-length'] } });
    expect(fromApiFieldErrors(body)).toEqual({ firstName: { code: 'min-length', min: 2, max: 50 } });
  });
});

describe('the generated module', () => {
  it('has no import, require, eval or new Function, and exports validateFns', async () => {
    const service = services.find((s) => s.serviceSlug === 'CONNECTION_NEW') ?? services[0]!;
    for (const a of service.activities) {
      const { code } = activityValidatorModule({ ...service }, a.activityId)!;
      expect(code).not.toMatch(/\bimport\b/);
      expect(code).not.toMatch(/\brequire\s*\(/);
      expect(code).not.toMatch(/\beval\s*\(|new Function|Function\(/);
      expect(code).toMatch(/export const validateFns = \{/);
      expect(Object.keys(await importModule(code)).length).toBeGreaterThan(0);
    }
  });
});
