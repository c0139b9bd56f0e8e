import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { normaliseFormData } from '../../../contract/form-schema.ts';
import processRawValidationErrors from '@rjsf/validator-ajv8/lib/processRawValidationErrors.js';

/*
 * A small validator for our own fixed screens that have no precompiled validator module (password change,
 * forgot password; sign-up and contact until their modules load): flat forms whose rules are JSON Schema's simplest keywords plus the contract's checks (given
 * to <SchemaForm check>, which the server applies too). It interprets the schema directly (no code generation,
 * so the CSP's script-src 'self' is no obstacle) and reports errors in ajv's shape, so they get the same codes.
 * Keywords: type, required, properties, items, enum, const, minLength, maxLength, pattern, minimum, maximum,
 * exclusiveMinimum, exclusiveMaximum, minItems, maxItems, allOf, anyOf, not, if/then/else.
 */

type RawError = { keyword: string; instancePath: string; schemaPath: string; params: Record<string, unknown>; message: string };
type S = RJSFSchema;

const typeOf = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' && Number.isInteger(v) ? 'integer' : typeof v;
const typeMatches = (want: string, v: unknown) => {
  const got = typeOf(v);
  return want === got || (want === 'number' && got === 'integer');
};
const esc = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');

function check(schema: unknown, v: unknown, path: string, sp: string, out: RawError[]): void {
  if (typeof schema !== 'object' || schema === null) return;
  const s = schema as S;
  // The message is never shown: the field's code is (src/lib/field-messages.ts).
  const add = (keyword: string, params: Record<string, unknown>) =>
    out.push({ keyword, instancePath: path, schemaPath: [sp, keyword].join('/'), params, message: keyword });
  if (s.type !== undefined) {
    const types = Array.isArray(s.type) ? s.type : [s.type];
    if (!types.some((t) => typeMatches(t, v))) {
      add('type', { type: types.length === 1 ? types[0] : types });
      return;
    }
  }
  if (s.const !== undefined && JSON.stringify(s.const) !== JSON.stringify(v)) add('const', { allowedValue: s.const });
  if (s.enum && !s.enum.some((e) => JSON.stringify(e) === JSON.stringify(v))) add('enum', { allowedValues: s.enum });
  if (typeof v === 'string') {
    const n = [...v].length;
    if (s.minLength !== undefined && n < s.minLength) add('minLength', { limit: s.minLength });
    if (s.maxLength !== undefined && n > s.maxLength) add('maxLength', { limit: s.maxLength });
    if (s.pattern !== undefined) {
      let ok = true;
      try {
        ok = new RegExp(s.pattern, 'u').test(v);
      } catch {
        ok = true;
      }
      if (!ok) add('pattern', { pattern: s.pattern });
    }
  }
  if (typeof v === 'number') {
    if (s.minimum !== undefined && v < s.minimum) add('minimum', { limit: s.minimum });
    if (s.maximum !== undefined && v > s.maximum) add('maximum', { limit: s.maximum });
    if (typeof s.exclusiveMinimum === 'number' && v <= s.exclusiveMinimum) add('exclusiveMinimum', { limit: s.exclusiveMinimum });
    if (typeof s.exclusiveMaximum === 'number' && v >= s.exclusiveMaximum) add('exclusiveMaximum', { limit: s.exclusiveMaximum });
  }
  if (Array.isArray(v)) {
    if (s.minItems !== undefined && v.length < s.minItems) add('minItems', { limit: s.minItems });
    if (s.maxItems !== undefined && v.length > s.maxItems) add('maxItems', { limit: s.maxItems });
    if (s.items && typeof s.items === 'object' && !Array.isArray(s.items))
      v.forEach((x, i) => check(s.items, x, `${path}/${i}`, `${sp}/items`, out));
  }
  if (typeOf(v) === 'object') {
    const o = v as Record<string, unknown>;
    for (const r of s.required ?? []) if (o[r] === undefined) add('required', { missingProperty: r });
    for (const [k, sub] of Object.entries(s.properties ?? {}))
      if (o[k] !== undefined) check(sub, o[k], `${path}/${esc(k)}`, `${sp}/properties/${esc(k)}`, out);
  }
  (s.allOf ?? []).forEach((sub, i) => check(sub, v, path, `${sp}/allOf/${i}`, out));
  if (s.anyOf && !s.anyOf.some((sub) => valid(sub, v))) add('anyOf', {});
  if (s.not !== undefined && valid(s.not, v)) add('not', {});
  if (s.if !== undefined) {
    if (valid(s.if, v)) check(s.then, v, path, `${sp}/then`, out);
    else check(s.else, v, path, `${sp}/else`, out);
  }
}

function valid(schema: unknown, v: unknown): boolean {
  const out: RawError[] = [];
  check(schema, v, '', '#', out);
  return out.length === 0;
}

export function rawErrors(schema: S, data: unknown): RawError[] {
  const out: RawError[] = [];
  check(schema, data, '', '#', out);
  return out;
}

/** A rjsf validator that interprets the schema (see the file comment). */
export function plainValidator(): ValidatorType {
  const self: ValidatorType = {
    validateFormData(formData, schema, customValidate, transformErrors, uiSchema) {
      // The data as both validators see it (contract/form-schema.ts): trimmed, digits made Latin, empties dropped.
      // Cast, not a link: rjsf's raw errors are Ajv's type; these carry the fields it reads.
      const raw = { errors: rawErrors(schema, normaliseFormData(schema, formData ?? {})) as never[] };
      return processRawValidationErrors(self, raw, formData, schema, customValidate, transformErrors, uiSchema);
    },
    isValid: (schema, formData) => valid(schema, formData),
    // Cast, not a link: as above.
    rawValidation: (schema, formData) => ({ errors: rawErrors(schema, formData) as never[] }),
  };
  return self;
}

/** One instance for every screen (it keeps no state). */
export const plainFormValidator = plainValidator();
