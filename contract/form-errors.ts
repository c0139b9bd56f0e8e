import type { TLocalized } from './common.ts';

/*
 * Field error codes (spec section 5 "Field error wording") and the one mapping from ajv's raw errors to them.
 * The server (server/domain/forms, runtime ajv) and the browser (src/features/forms/validator.ts, the
 * precompiled standalone validators) both call `ajvErrorsToFieldErrors` with the same JSON Schema
 * (contract/form-schema.ts), so the same input gets the same codes on both sides. The screen translates codes
 * with src/lib/field-messages.ts; texts never travel.
 */

/** Codes of the account rules (sign-up, profile, sign-in). */
export const FIELD_CODES = {
  required: 'required',
  username: 'username-invalid',
  email: 'email-invalid',
  mobile: 'mobile-invalid',
  password: 'password-weak',
  passwordMismatch: 'password-mismatch',
  nationalId: 'national-id-invalid',
  name: 'name-invalid',
  code: 'code-invalid',
} as const;

/** Codes of the generic field rules. */
export const RULE_CODES = {
  required: FIELD_CODES.required,
  minLength: 'min-length',
  maxLength: 'max-length',
  numberRange: 'number-range',
  numberGreater: 'number-gt',
  numberLess: 'number-lt',
  wholeNumber: 'whole-number',
  numberExpected: 'number-expected',
  textExpected: 'text-expected',
  notAllowed: 'value-not-allowed',
  alreadyExists: 'already-exists',
  pattern: 'pattern-invalid',
  minCount: 'min-count',
  maxCount: 'max-count',
  minEntries: 'min-entries',
  maxEntries: 'max-entries',
  dateInvalid: 'date-invalid',
  dateMin: 'date-min',
  dateMax: 'date-max',
  dateFuture: 'date-future',
  datePast: 'date-past',
  invalid: 'invalid',
} as const;

export type FieldIssue = {
  code: string;
  min?: number | undefined;
  max?: number | undefined;
  /** A field's own wording for a pattern failure (`customRegexError`). */
  custom?: TLocalized | undefined;
};
/** Field path (dotted: `loads.0.quantity`) -> its first issue. */
export type FieldErrors = Record<string, FieldIssue>;

/** What the mapping reads of an ajv `ErrorObject` (runtime and standalone validators give the same). */
export type AjvErrorLike = {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
};

/** Annotation keywords the schema compiler writes (ajv ignores them; strict mode is off on both sides). */
export const X_FIELD = 'x-field';
export const X_CODE = 'x-code';
export const X_REGEX_ERROR = 'x-regex-error';

/** Custom ajv keywords of the form dialect (server/domain/forms/ajv.ts defines their code). */
export const DATE_KEYWORD_CODES: Readonly<Record<string, string>> = {
  xDate: RULE_CODES.dateInvalid,
  xDateMin: RULE_CODES.dateMin,
  xDateMax: RULE_CODES.dateMax,
  xFuture: RULE_CODES.dateFuture,
  xPast: RULE_CODES.datePast,
};

/** Keywords whose failure only repeats a failure already reported on a sub-schema. */
const WRAPPER_KEYWORDS = new Set(['if', 'allOf', 'anyOf', 'oneOf', 'then', 'else']);

type Schemaish = Record<string, unknown>;
const isObj = (v: unknown): v is Schemaish => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
const decode = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~');

/**
 * Walks the schema along an error's `schemaPath` (`#/properties/a/items/properties/b/minLength`) and the data
 * along its `instancePath`, giving the field path the error belongs to, the schema that holds the failing
 * keyword, and the nearest field schema (the one carrying `x-field`). Scalar array items (choices, files) report
 * on their array field, a location's parts on the location; entries of a `list` are fields of their own
 * (`loads.0.quantity`), and so are the fields of a nested `schema` (`address.street`).
 */
function locate(
  root: Schemaish,
  error: AjvErrorLike,
): { path: string[]; parent: Schemaish | undefined; field: Schemaish | undefined; inItems: boolean } {
  const segs = error.schemaPath.replace(/^#\/?/, '').split('/').filter(Boolean).map(decode);
  const inst = error.instancePath.split('/').slice(1).map(decode);
  let node: unknown = root;
  let field: Schemaish | undefined = isObj(root) && root[X_FIELD] ? root : undefined;
  let parent: Schemaish | undefined = isObj(root) ? root : undefined;
  const path: string[] = [];
  let cursor = 0;
  let scalarItems = false;
  for (let i = 0; i < segs.length - 1; i++) {
    const s = segs[i]!;
    if (!isObj(node) && !Array.isArray(node)) break;
    if (s === 'properties' && isObj(node) && i + 1 < segs.length - 1) {
      const name = segs[++i]!;
      node = isObj(node.properties) ? node.properties[name] : undefined;
      if (!scalarItems) path.push(name);
      cursor++;
    } else if (s === 'items' && isObj(node)) {
      const listOwner = node[X_FIELD] === 'list';
      const index = inst[cursor++];
      node = node.items;
      if (listOwner && index !== undefined && !scalarItems) path.push(index);
      else scalarItems = true;
    } else {
      node = Array.isArray(node) ? node[Number(s)] : (node as Schemaish)[s];
    }
    if (isObj(node)) {
      parent = node;
      if (node[X_FIELD]) field = node;
      // A location is one answer drawn by one widget: its parts report on it.
      if (node[X_FIELD] === 'location') scalarItems = true;
    }
  }
  return { path, parent, field, inItems: scalarItems };
}

function issueFor(error: AjvErrorLike, parent: Schemaish | undefined, field: Schemaish | undefined): FieldIssue {
  const type = field?.[X_FIELD];
  const override = (parent?.[X_CODE] ?? field?.[X_CODE]) as string | undefined;
  const p = parent ?? {};
  if (error.keyword === 'required') return { code: RULE_CODES.required };
  if (override) return { code: override };
  switch (error.keyword) {
    case 'type': {
      const t = error.params.type;
      if (t === 'integer') return { code: RULE_CODES.wholeNumber };
      if (t === 'number') return { code: RULE_CODES.numberExpected };
      if (t === 'string') return { code: RULE_CODES.textExpected };
      return { code: RULE_CODES.notAllowed };
    }
    case 'minLength':
      return { code: RULE_CODES.minLength, min: num(p.minLength), max: num(p.maxLength) };
    case 'maxLength':
      return { code: RULE_CODES.maxLength, min: num(p.minLength), max: num(p.maxLength) };
    case 'minimum':
    case 'maximum':
      return { code: RULE_CODES.numberRange, min: num(p.minimum), max: num(p.maximum) };
    case 'exclusiveMinimum':
      return { code: RULE_CODES.numberGreater, min: num(p.exclusiveMinimum) };
    case 'exclusiveMaximum':
      return { code: RULE_CODES.numberLess, max: num(p.exclusiveMaximum) };
    case 'multipleOf':
      return { code: RULE_CODES.wholeNumber };
    case 'minItems':
      return { code: type === 'list' ? RULE_CODES.minEntries : RULE_CODES.minCount, min: num(p.minItems) };
    case 'maxItems':
      return { code: type === 'list' ? RULE_CODES.maxEntries : RULE_CODES.maxCount, max: num(p.maxItems) };
    case 'enum':
    case 'const':
    case 'additionalProperties':
    case 'uniqueItems':
      return { code: RULE_CODES.notAllowed };
    case 'pattern':
      if (type === 'email') return { code: FIELD_CODES.email };
      if (type === 'phone') return { code: FIELD_CODES.mobile };
      if (type === 'nationalId') return { code: FIELD_CODES.nationalId };
      return { code: RULE_CODES.pattern, custom: (p[X_REGEX_ERROR] ?? field?.[X_REGEX_ERROR]) as TLocalized | undefined };
    case 'xNationalId':
      return { code: FIELD_CODES.nationalId };
    default:
      return { code: DATE_KEYWORD_CODES[error.keyword] ?? RULE_CODES.invalid };
  }
}

/**
 * ajv errors -> field errors: the first issue of each field path, in ajv's order (the order the schema
 * declares its keywords). Server and browser call this with the same schema and get the same result.
 */
export function ajvErrorsToFieldErrors(errors: readonly AjvErrorLike[] | null | undefined, schema: object): FieldErrors {
  const out: FieldErrors = {};
  for (const e of errors ?? []) {
    if (WRAPPER_KEYWORDS.has(e.keyword) || e.keyword === 'not') continue;
    const { path, parent, field, inItems } = locate(schema as Schemaish, e);
    const missing =
      e.keyword === 'required' && typeof e.params.missingProperty === 'string' ? e.params.missingProperty : undefined;
    if (missing !== undefined && !inItems) path.push(missing);
    const key = path.join('.');
    if (out[key]) continue;
    // A malformed entry of a choice or file list is the value's fault, not a missing answer.
    const issue = inItems && missing !== undefined ? { code: RULE_CODES.notAllowed } : issueFor(e, parent, field);
    out[key] = Object.fromEntries(Object.entries(issue).filter(([, v]) => v !== undefined)) as FieldIssue;
  }
  return out;
}

/** Field errors as the API error body carries them (`fieldErrors`: path -> codes; `fieldIssues`: with bounds). */
export function toApiFieldErrors(errors: FieldErrors): { fieldErrors: Record<string, string[]>; fieldIssues: FieldErrors } {
  return {
    fieldErrors: Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v.code]])),
    fieldIssues: errors,
  };
}

/** The other way: an API error body's field errors as issues (bounds kept when the server sent them). */
export function fromApiFieldErrors(body: {
  fieldErrors?: Record<string, string[]> | undefined;
  fieldIssues?: Record<string, FieldIssue> | undefined;
}): FieldErrors {
  const out: FieldErrors = {};
  for (const [k, codes] of Object.entries(body.fieldErrors ?? {}))
    out[k] = body.fieldIssues?.[k] ?? { code: codes[0] ?? 'invalid' };
  for (const [k, v] of Object.entries(body.fieldIssues ?? {})) out[k] ??= v;
  return out;
}

/**
 * An issue as rjsf carries it (its error messages are strings): the browser's validator puts this in each
 * error's `message`, the form's error template decodes it and translates it (src/lib/field-messages.ts).
 */
export const encodeIssue = (issue: FieldIssue): string => JSON.stringify(issue);

export function decodeIssue(message: string): FieldIssue {
  if (message.startsWith('{')) {
    try {
      const v = JSON.parse(message) as FieldIssue;
      if (v && typeof v.code === 'string') return v;
    } catch {
      // not one of ours: fall through
    }
  }
  return { code: message };
}
