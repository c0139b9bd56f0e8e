import { schemaParser, type RJSFSchema } from '@rjsf/utils';
import type { ValidateFunction } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import type { TActivity, TFieldsSchema } from '../../../contract/catalog.ts';
import { ajvErrorsToFieldErrors, toApiFieldErrors, type FieldErrors } from '../../../contract/form-errors.ts';
import { AppError } from '../app-error.ts';
import {
  compileActivity,
  compileContactForm,
  compileFields,
  compileProfileForm,
  compileSignupForm,
  normaliseFormData,
  pruneFormData,
  schemasHash,
  signupCrossFieldErrors,
  type FormKey,
  type FormSchema,
} from '../../../contract/form-schema.ts';
import { RUNTIME_INLINE, createFormAjv } from './ajv.ts';

/*
 * Validation of form data on the server, and the browser's precompiled validator modules (decision 018).
 * Both are compiled once per schema (keyed by service id + version + activity, or by form key + schema hash)
 * and kept in small bounded caches.
 */

export type ServiceForForms = { id: string; serviceSlug: string; version: number; activities: readonly TActivity[] };
export type ValidationResult = { ok: true; data: Record<string, unknown> } | { ok: false; fieldErrors: FieldErrors };

class Lru<V> {
  private map = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string, make: () => V): V {
    const hit = this.map.get(key);
    if (hit !== undefined) {
      this.map.delete(key);
      this.map.set(key, hit);
      return hit;
    }
    const v = make();
    this.map.set(key, v);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
    return v;
  }
  clear(): void {
    this.map.clear();
  }
}

/* ------------------------------------------------- server validation ------------------------------------- */

const ajv = createFormAjv();
type Compiled = { schema: FormSchema; validate: ValidateFunction };
const compiledBySchema = new Lru<Compiled>(500);

function compiled(schema: FormSchema): Compiled {
  return compiledBySchema.get(schemasHash([schema]), () => ({ schema, validate: ajv.compile(schema) }));
}

/** Validates (normalised) data against one compiled form schema. */
export function validateWithSchema(schema: FormSchema, data: unknown): ValidationResult {
  const { validate } = compiled(schema);
  const normalised = normaliseFormData(schema, data);
  if (validate(normalised)) return { ok: true, data: normalised };
  return { ok: false, fieldErrors: ajvErrorsToFieldErrors(validate.errors, schema) };
}

type ActivitySchemas = { steps: { stepId: string; schema: FormSchema }[]; hash: string };
const activityCache = new Lru<ActivitySchemas | null>(500);

/** The validation schemas of a service activity (language-independent), cached per id + version + activity. */
export function activitySchemas(service: ServiceForForms, activityId: string): ActivitySchemas | undefined {
  const key = `${service.id}:${service.version}:${activityId}`;
  return (
    activityCache.get(key, () => {
      const c = compileActivity(service, activityId, 'ar');
      if (!c) return null;
      const steps = c.steps.map((s) => ({ stepId: s.stepId, schema: s.schema }));
      return { steps, hash: schemasHash(steps.map((s) => s.schema)) };
    }) ?? undefined
  );
}

/**
 * A service activity's submission: every step (or only `stepId`) validated against the whole data, which is one
 * object across the steps (field ids are unique within an activity). Answers the normalised data restricted to
 * the activity's declared fields, or the field errors. `undefined` when the activity (or step) does not exist:
 * the caller answers 404 ACTIVITY_NOT_FOUND.
 */
export function validateActivity(
  service: ServiceForForms,
  activityId: string,
  data: unknown,
  opts: { stepId?: string | undefined } = {},
): ValidationResult | undefined {
  const schemas = activitySchemas(service, activityId);
  if (!schemas) return undefined;
  const steps = opts.stepId === undefined ? schemas.steps : schemas.steps.filter((s) => s.stepId === opts.stepId);
  if (steps.length === 0) return undefined;
  const fieldErrors: FieldErrors = {};
  const out: Record<string, unknown> = {};
  for (const step of steps) {
    const r = validateWithSchema(step.schema, data);
    if (!r.ok) {
      for (const [k, v] of Object.entries(r.fieldErrors)) fieldErrors[k] ??= v;
      continue;
    }
    Object.assign(out, pruneFormData(step.schema, r.data));
  }
  return Object.keys(fieldErrors).length ? { ok: false, fieldErrors } : { ok: true, data: out };
}

/** Sign-up data against the account fields and the registration user type's fields (plus the confirmation). */
export function validateSignupForm(userTypeSchema: TFieldsSchema, data: unknown): ValidationResult {
  const r = validateWithSchema(compileSignupForm(userTypeSchema, 'ar').schema, data);
  const cross = signupCrossFieldErrors((data ?? {}) as Record<string, unknown>);
  if (r.ok && Object.keys(cross).length === 0) return r;
  return { ok: false, fieldErrors: { ...cross, ...(r.ok ? {} : r.fieldErrors) } };
}

export const validateProfileForm = (userTypeSchema: TFieldsSchema, data: unknown): ValidationResult =>
  validateWithSchema(compileProfileForm(userTypeSchema, 'ar').schema, data);

export const validateContactForm = (data: unknown): ValidationResult => validateWithSchema(compileContactForm('ar').schema, data);

/** Any fields schema (e.g. a user type's own fields alone). */
export const validateFields = (fields: TFieldsSchema, data: unknown): ValidationResult =>
  validateWithSchema(compileFields(fields, 'ar').schema, data);

/** The 400 a refused submission answers: INVALID_INPUT with `fieldErrors` (codes) and `fieldIssues` (bounds). */
export const invalidFieldsError = (fieldErrors: FieldErrors): AppError =>
  new AppError('INVALID_INPUT', 'Some fields are not valid', toApiFieldErrors(fieldErrors));

/* ------------------------------------------------- standalone modules ------------------------------------ */

const exportName = (key: string) => `v${key.replace(/[^A-Za-z0-9_$]/g, '_')}`;

/**
 * ES module source with rjsf's precompiled validator functions for the given root schemas: every sub-schema
 * rjsf may validate (`schemaParser`, as `compileSchemaValidatorsCode` of @rjsf/validator-ajv8 does), keyed by
 * rjsf's schema hash, exported as `validateFns`. No import, no require, no eval: the browser imports it as-is.
 */
export function generateValidatorModule(schemas: readonly FormSchema[]): string {
  const map: Record<string, RJSFSchema> = {};
  for (const s of schemas) Object.assign(map, schemaParser(s as RJSFSchema));
  const gen = createFormAjv({ schemas: Object.values(map) as object[] });
  const refs = Object.fromEntries(Object.keys(map).map((k) => [exportName(k), k]));
  let code = standaloneCode(gen, refs);
  for (const [from, to] of Object.entries(RUNTIME_INLINE)) code = code.split(from).join(to);
  if (/^\s*(import|export\s+\*\s+from)\s|\bimport\s*\(|\brequire\s*\(|\bnew Function\b|\beval\s*\(/m.test(code)) {
    throw new Error('validator module: generated code still depends on a runtime import');
  }
  const table = Object.keys(map)
    .map((k) => `${JSON.stringify(k)}: ${exportName(k)}`)
    .join(', ');
  return `${code}\nexport const validateFns = { ${table} };\n`;
}

export type ValidatorModule = { code: string; hash: string };
const moduleCache = new Lru<ValidatorModule>(200);

/** The validator module of a service activity (all its steps), cached per id + version + activity. */
export function activityValidatorModule(service: ServiceForForms, activityId: string): ValidatorModule | undefined {
  const schemas = activitySchemas(service, activityId);
  if (!schemas) return undefined;
  return moduleCache.get(`${service.id}:${service.version}:${activityId}:${schemas.hash}`, () => ({
    code: generateValidatorModule(schemas.steps.map((s) => s.schema)),
    hash: schemas.hash,
  }));
}

/** The schema of a fixed form (`contact`, `signup.<userSlug>`, `profile.<userSlug>`), given the user type's fields. */
export function fixedFormSchema(formKey: FormKey, userTypeSchema: TFieldsSchema | undefined): FormSchema | undefined {
  if (formKey === 'contact') return compileContactForm('ar').schema;
  if (!userTypeSchema) return undefined;
  if (formKey.startsWith('signup.')) return compileSignupForm(userTypeSchema, 'ar').schema;
  if (formKey.startsWith('profile.')) return compileProfileForm(userTypeSchema, 'ar').schema;
  return undefined;
}

export function fixedFormValidatorModule(schema: FormSchema): ValidatorModule {
  const hash = schemasHash([schema]);
  return moduleCache.get(`form:${hash}`, () => ({ code: generateValidatorModule([schema]), hash }));
}

/** Warms the caches when a service version is written or loaded (the first visitor then waits for nothing). */
export function prepareServiceValidators(service: ServiceForForms): void {
  for (const a of service.activities) activityValidatorModule(service, a.activityId);
}

/** For tests. */
export function clearFormCaches(): void {
  compiledBySchema.clear();
  activityCache.clear();
  moduleCache.clear();
}
