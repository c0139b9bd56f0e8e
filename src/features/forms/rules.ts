import type { TFieldSchema, TFieldsSchema } from '../../../contract/catalog.ts';
import { RULE_CODES, type FieldErrors, type FieldIssue } from '../../../contract/form-errors.ts';
import { FIELD_CODES, MOBILE_RE, isValidNationalId, latinDigits } from '../../../contract/identity.ts';
import { isValidEmail } from '../../lib/validation.ts';

/*
 * The form engine's rules (spec section 5 "Generic fields"), as pure functions: what a field schema
 * (contract/catalog.ts) requires of a value. Errors are codes with their bounds, never texts: the screen
 * translates them with src/lib/field-messages.ts in the current language. The server answers with the same
 * kind of codes in `fieldErrors`, mapped onto the same fields.
 */

export type FieldValue = string | boolean | string[];
export type FormValues = Record<string, FieldValue>;
export type { FieldErrors, FieldIssue } from '../../../contract/form-errors.ts';

/** Codes of the generic rules (contract/form-errors.ts; the account rules use FIELD_CODES). */
export { RULE_CODES };

const TEXT_TYPES = new Set<TFieldSchema['type']>(['text', 'textarea', 'password', 'email', 'phone', 'nationalId']);

/** The empty value of a field, by its type. */
export function emptyValue(field: TFieldSchema): FieldValue {
  if (field.type === 'checkbox') return false;
  if (field.multiple || field.type === 'list') return [];
  return '';
}

export const initialValues = (schema: TFieldsSchema, given: Partial<FormValues> = {}): FormValues =>
  Object.fromEntries(Object.entries(schema).map(([id, f]) => [id, given[id] ?? emptyValue(f)]));

export function isEmpty(v: FieldValue | undefined): boolean {
  if (v === undefined) return true;
  if (typeof v === 'boolean') return !v;
  if (Array.isArray(v)) return v.length === 0;
  return v.trim() === '';
}

/** Digits as typed (Arabic-Indic accepted), without spaces and dashes. */
export const normaliseDigits = (s: string): string => latinDigits(s).replace(/[\s-]/g, '');

/** A number as typed: Arabic-Indic digits and the Arabic decimal separator accepted. */
export function parseNumber(s: string): number | undefined {
  const t = latinDigits(s.trim()).replace('٫', '.');
  if (!/^-?\d+(\.\d+)?$/.test(t)) return undefined;
  return Number(t);
}

type Condition = NonNullable<TFieldSchema['conditionalField']>['conditions'][number];

function conditionHolds(c: Condition, values: FormValues): boolean {
  const v = values[c.field];
  const target = c.fieldName;
  const asList = Array.isArray(target) ? target.map(String) : [String(target)];
  const own = Array.isArray(v) ? v : [String(v ?? '')];
  switch (c.relation) {
    case 'filled':
      return !isEmpty(v);
    case 'empty':
      return isEmpty(v);
    case 'eq':
      return own.includes(String(target));
    case 'neq':
      return !own.includes(String(target));
    case 'in':
      return own.some((x) => asList.includes(x));
    case 'notIn':
      return !own.some((x) => asList.includes(x));
    case 'gt':
    case 'lt': {
      const a = typeof v === 'string' ? parseNumber(v) : undefined;
      const b = Number(target);
      if (a === undefined || Number.isNaN(b)) return false;
      return c.relation === 'gt' ? a > b : a < b;
    }
  }
}

function conditionsMet(field: TFieldSchema, values: FormValues): boolean {
  const cf = field.conditionalField;
  if (!cf) return true;
  const results = cf.conditions.map((c) => conditionHolds(c, values));
  return cf.operator === 'and' ? results.every(Boolean) : results.some(Boolean);
}

/** Whether a field is shown: not hidden, and its show/hide condition (if any) allows it. */
export function isVisible(field: TFieldSchema, values: FormValues): boolean {
  if (field.hidden || field.showField === false) return false;
  const cf = field.conditionalField;
  if (!cf || cf.behavior === 'require') return true;
  const met = conditionsMet(field, values);
  return cf.behavior === 'show' ? met : !met;
}

export function isRequired(field: TFieldSchema, values: FormValues): boolean {
  if (field.conditionalField?.behavior === 'require') return conditionsMet(field, values);
  return field.optional !== true;
}

function checkPattern(field: TFieldSchema, s: string): FieldIssue | undefined {
  if (!field.regExp) return undefined;
  let re: RegExp;
  try {
    re = new RegExp(field.regExp, 'u');
  } catch {
    return undefined; // a broken pattern in a service definition is the definition's fault, not the user's
  }
  return re.test(s) ? undefined : { code: RULE_CODES.pattern, custom: field.customRegexError };
}

const isoDate = (s: string): Date | undefined => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return undefined;
  const d = new Date(Date.UTC(Number(s.slice(0, 4)), Number(s.slice(5, 7)) - 1, Number(s.slice(8, 10))));
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== s ? undefined : d;
};

/** One field's rules, for a value that is present (the required rule is checked by `validateField`). */
function checkValue(field: TFieldSchema, v: FieldValue): FieldIssue | undefined {
  const { min, max } = field;
  if (Array.isArray(v)) {
    const list = field.type === 'list';
    if (min !== undefined && v.length < min) return { code: list ? RULE_CODES.minEntries : RULE_CODES.minCount, min };
    if (max !== undefined && v.length > max) return { code: list ? RULE_CODES.maxEntries : RULE_CODES.maxCount, max };
    const allowed = field.uniforms?.options?.map((o) => o.value);
    if (allowed && v.some((x) => !allowed.includes(x))) return { code: RULE_CODES.notAllowed };
    return undefined;
  }
  if (typeof v === 'boolean') return undefined;
  const s = v.trim();
  switch (field.type) {
    case 'email':
      return isValidEmail(s) ? checkPattern(field, s) : { code: FIELD_CODES.email };
    case 'phone':
      return MOBILE_RE.test(normaliseDigits(s)) ? undefined : { code: FIELD_CODES.mobile };
    case 'nationalId':
      return isValidNationalId(normaliseDigits(s)) ? undefined : { code: FIELD_CODES.nationalId };
    case 'number': {
      const n = parseNumber(s);
      if (n === undefined) return { code: RULE_CODES.numberExpected };
      if ((min !== undefined && n < min) || (max !== undefined && n > max)) return { code: RULE_CODES.numberRange, min, max };
      return checkPattern(field, latinDigits(s));
    }
    case 'date':
      return isoDate(s) ? undefined : { code: RULE_CODES.dateInvalid };
    case 'select':
    case 'radio': {
      const allowed = field.uniforms?.options?.map((o) => o.value);
      return allowed && !allowed.includes(s) ? { code: RULE_CODES.notAllowed } : undefined;
    }
    default:
      break;
  }
  if (TEXT_TYPES.has(field.type)) {
    // Length counts what is kept: a password keeps its spaces, the other texts are trimmed.
    const text = field.type === 'password' ? v : s;
    const length = [...text].length;
    if (min !== undefined && length < min) return { code: RULE_CODES.minLength, min, max };
    if (max !== undefined && length > max) return { code: RULE_CODES.maxLength, min, max };
    return checkPattern(field, text);
  }
  return undefined;
}

/** The first rule a field's value breaks, or nothing. Fields not shown and read-only fields are not checked. */
export function validateField(field: TFieldSchema, value: FieldValue | undefined, values: FormValues): FieldIssue | undefined {
  if (!isVisible(field, values) || field.editable === false) return undefined;
  if (isEmpty(value)) return isRequired(field, values) ? { code: RULE_CODES.required } : undefined;
  return checkValue(field, value!);
}

export function validateValues(schema: TFieldsSchema, values: FormValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const [id, field] of Object.entries(schema)) {
    const issue = validateField(field, values[id], values);
    if (issue) errors[id] = issue;
  }
  return errors;
}

/** A zod (contract) failure as field errors: each issue's message is the field code the contract chose. */
export function issuesToFieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const i of issues) {
    const key = i.path[0];
    if (typeof key !== 'string' || errors[key]) continue;
    errors[key] = { code: /^[A-Za-z][\w-]*$/.test(i.message) ? i.message : 'invalid' };
  }
  return errors;
}

/**
 * The server's `fieldErrors` ({ field: [code, ...] }) mapped onto the form's fields. Errors on fields the form does
 * not show are returned apart, for the error summary.
 */
export function mapServerFieldErrors(
  fieldErrors: Record<string, string[]> | undefined,
  fieldIds: readonly string[],
): { fields: FieldErrors; other: FieldIssue[] } {
  const fields: FieldErrors = {};
  const other: FieldIssue[] = [];
  for (const [key, codes] of Object.entries(fieldErrors ?? {})) {
    const code = codes[0] ?? 'invalid';
    if (fieldIds.includes(key)) fields[key] = { code };
    else other.push({ code });
  }
  return { fields, other };
}

/** The ids of the fields with errors, in the order the schema shows them. */
export const failingInOrder = (fieldIds: readonly string[], errors: FieldErrors): string[] =>
  fieldIds.filter((id) => errors[id] !== undefined);
