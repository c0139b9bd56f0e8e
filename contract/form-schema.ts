import type { JSONSchema7 } from 'json-schema';
import { z } from 'zod/mini';
import type { TActivity, TFieldSchema, TFieldsSchema } from './catalog.ts';
import type { TLang, TLocalized } from './common.ts';
import { FIELD_CODES, RULE_CODES, X_CODE, X_FIELD, X_REGEX_ERROR, type FieldErrors } from './form-errors.ts';

/*
 * The form dialect (decision 018): a service's field schema (TFieldSchema, contract/catalog.ts) compiles into a
 * JSON Schema (draft-07) that rjsf draws and ajv validates, plus a uiSchema with the texts in one language.
 *
 * - The JSON Schema holds validation only and is the SAME in both languages: texts (label, placeholder, tooltip,
 *   option labels) live in the uiSchema (`ui:title`, `ui:placeholder`, `ui:help`, `ui:options`). So one
 *   precompiled validator module serves both languages and rjsf's precompiled validator (which insists on the
 *   exact root schema) accepts the schema compiled in either language.
 * - Each field schema carries `x-field` (its field type); `ajvErrorsToFieldErrors` (contract/form-errors.ts) reads
 *   it to choose the code (e.g. minItems is min-entries on a list, min-count on choices and files).
 * - Custom keywords (code-generating, so they survive as standalone code): `xDate` (a real ISO day), `xDateMin`,
 *   `xDateMax` (inclusive ISO days), `xFuture` / `xPast` (today in Africa/Cairo or later / earlier, computed when
 *   the validator runs), `xNationalId` (the national id structure of contract/identity.ts).
 * - Conditional fields compile to `if`/`then`/`else` inside `allOf`: a shown field's property lives in `then`
 *   (hidden: in `else`), so rjsf draws it only while the condition holds and ajv requires it only then.
 * - Every string is NFC-normalised (spec section 5).
 * Data goes through `normaliseFormData` before validation on both sides: NFC, trimmed texts, numbers typed in
 * Arabic-Indic digits become numbers, phone and national id digits become Latin, and empty answers ("", blanks,
 * [], false, {}) are dropped so that `required` catches them.
 */

/** Bumped whenever the compiler's output changes: it is part of every validator module's hash. */
export const FORM_DIALECT_VERSION = 1;

export type FormSchema = JSONSchema7 & { [keyword: string]: unknown };
export type FormUiSchema = { [key: string]: unknown };
export type CompiledForm = { schema: FormSchema; uiSchema: FormUiSchema };
export type CompiledStep = CompiledForm & { stepId: string; label: string };
export type CompiledActivity = { activityId: string; label: string; steps: CompiledStep[] };

const DEFAULT_MAX: Partial<Record<TFieldSchema['type'], number>> = {
  text: 500,
  textarea: 5000,
  password: 128,
  meter: 50,
  email: 254,
};
export const EMAIL_PATTERN = z.regexes.email.source;
/** MOBILE_RE of contract/identity.ts (not imported: the form chunk stays free of the account schemas; a test keeps them equal). */
export const MOBILE_PATTERN = '^01[0125]\\d{8}$';
export const NATIONAL_ID_PATTERN = '^[23][0-9]{13}$';
/** An uploaded file as a form value: the attachment id the upload answered, with what the widget shows. */
export const ATTACHMENT_VALUE_SCHEMA: FormSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 100 },
    name: { type: 'string', maxLength: 255 },
    size: { type: 'number', minimum: 0 },
    mime: { type: 'string', maxLength: 100 },
  },
  required: ['id'],
  additionalProperties: false,
};
/** A location answer: governorate, district, address and an optional map point. */
export const LOCATION_VALUE_SCHEMA: FormSchema = {
  type: 'object',
  properties: {
    governorate: { type: 'string', maxLength: 100 },
    district: { type: 'string', maxLength: 100 },
    address: { type: 'string', maxLength: 300 },
    lat: { type: 'number', minimum: -90, maximum: 90 },
    lng: { type: 'number', minimum: -180, maximum: 180 },
  },
  additionalProperties: false,
};

type Condition = NonNullable<TFieldSchema['conditionalField']>['conditions'][number];

/** A service pattern that does not compile in unicode mode is the definition's fault: it is left out. */
function safePattern(re: string | undefined): string | undefined {
  if (!re) return undefined;
  try {
    new RegExp(re, 'u');
    return re;
  } catch {
    return undefined;
  }
}

/** Removes undefined keys (JSON Schema and rjsf's hashing see exactly what is set). */
function clean<T extends Record<string, unknown>>(o: T): T {
  for (const k of Object.keys(o)) if (o[k] === undefined) delete o[k];
  return o;
}

/** Deep NFC of every string and key. */
export function nfc<T>(v: T): T {
  if (typeof v === 'string') return v.normalize('NFC') as T;
  if (Array.isArray(v)) return v.map(nfc) as T;
  if (v && typeof v === 'object') {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k.normalize('NFC'), nfc(x)])) as T;
  }
  return v;
}

const isArrayField = (f: TFieldSchema | undefined): boolean | undefined =>
  f === undefined ? undefined : f.type === 'list' || f.type === 'file' || f.type === 'image' || f.multiple === true;

/** The values a condition target may equal, whatever the other field's type (the old rules compared as text). */
function candidates(target: unknown): (string | number | boolean)[] {
  const list = Array.isArray(target) ? target : [target];
  const out: (string | number | boolean)[] = [];
  const add = (x: string | number | boolean) => {
    if (!out.includes(x)) out.push(x);
  };
  for (const t of list) {
    if (t === null || t === undefined) continue;
    const s = typeof t === 'object' ? JSON.stringify(t) : String(t as string | number | boolean);
    if (typeof t !== 'object') add(t as string | number | boolean);
    add(s);
    if (/^-?\d+(\.\d+)?$/.test(s)) add(Number(s));
    if (s === 'true' || s === 'false') add(s === 'true');
  }
  return out;
}

const NON_EMPTY: FormSchema = {
  anyOf: [
    { type: 'string', pattern: '\\S' },
    { type: 'number' },
    { type: 'boolean', const: true },
    { type: 'array', minItems: 1 },
    { type: 'object', minProperties: 1 },
  ],
};

function matchAny(values: (string | number | boolean)[], arrayField: boolean | undefined): FormSchema {
  const scalar: FormSchema = { enum: values };
  const array: FormSchema = { type: 'array', contains: { enum: values } };
  if (arrayField === undefined) return { anyOf: [scalar, array] };
  return arrayField ? array : scalar;
}

function conditionSchema(c: Condition, siblings: TFieldsSchema): FormSchema {
  const on = (s: FormSchema): FormSchema => ({ required: [c.field], properties: { [c.field]: s } });
  const arrayField = isArrayField(siblings[c.field]);
  switch (c.relation) {
    case 'eq':
    case 'in':
      return on(matchAny(candidates(c.fieldName), arrayField));
    case 'neq':
    case 'notIn':
      return { not: on(matchAny(candidates(c.fieldName), arrayField)) };
    case 'gt':
    case 'lt': {
      const b = Number(c.fieldName);
      if (c.fieldName === null || c.fieldName === '' || !Number.isFinite(b)) return { not: {} };
      return on(c.relation === 'gt' ? { type: 'number', exclusiveMinimum: b } : { type: 'number', exclusiveMaximum: b });
    }
    case 'filled':
      return on(NON_EMPTY);
    case 'empty':
      return { not: on(NON_EMPTY) };
  }
}

function conditionsSchema(cf: NonNullable<TFieldSchema['conditionalField']>, siblings: TFieldsSchema): FormSchema {
  const parts = cf.conditions.map((c) => conditionSchema(c, siblings));
  if (parts.length === 1) return parts[0]!;
  return cf.operator === 'and' ? { allOf: parts } : { anyOf: parts };
}

const text = (l: TLocalized | undefined, lang: TLang): string | undefined => (l ? l[lang] : undefined);

const hasNested = (f: TFieldSchema): boolean => f.schema !== undefined && Object.keys(f.schema).length > 0;

/** The validation schema of one field's value (no texts). */
function valueSchema(f: TFieldSchema): FormSchema {
  const tag = { [X_FIELD]: f.type };
  const { min, max } = f;
  if (f.type === 'list') {
    return clean({
      ...tag,
      type: 'array',
      items: objectSchema(f.schema ?? {}),
      minItems: min,
      maxItems: max,
    });
  }
  if (f.schema && hasNested(f)) return { ...objectSchema(f.schema), ...tag };
  const options = f.lazyLoad ? undefined : f.uniforms?.options?.map((o) => o.value);
  switch (f.type) {
    case 'text':
    case 'textarea':
    case 'password':
    case 'meter':
      return clean({
        ...tag,
        type: 'string',
        minLength: min,
        maxLength: max ?? DEFAULT_MAX[f.type],
        pattern: safePattern(f.regExp),
        [X_REGEX_ERROR]: f.regExp ? f.customRegexError : undefined,
      });
    case 'email': {
      const own = safePattern(f.regExp);
      return clean({
        ...tag,
        type: 'string',
        minLength: min,
        maxLength: max ?? DEFAULT_MAX.email,
        pattern: EMAIL_PATTERN,
        // The service's own pattern reports as a text field's pattern (its own message), not as email-invalid.
        allOf: own ? [clean({ [X_FIELD]: 'text', pattern: own, [X_REGEX_ERROR]: f.customRegexError })] : undefined,
      });
    }
    case 'phone':
      return { ...tag, type: 'string', pattern: MOBILE_PATTERN };
    case 'nationalId':
      return { ...tag, type: 'string', pattern: NATIONAL_ID_PATTERN, xNationalId: true };
    case 'number':
      return clean({ ...tag, type: 'number', minimum: min, maximum: max });
    case 'rating':
      return { ...tag, type: 'integer', minimum: min ?? 1, maximum: max ?? 5 };
    case 'date':
      return clean({
        ...tag,
        type: 'string',
        xDate: true,
        xDateMin: f.minDate,
        xDateMax: f.maxDate,
        xFuture: f.dateWindow === 'future' ? true : undefined,
        xPast: f.dateWindow === 'past' ? true : undefined,
      });
    case 'select':
    case 'radio':
    case 'checkbox': {
      if (f.multiple) {
        return clean({
          ...tag,
          type: 'array',
          items: clean<FormSchema>({ type: 'string', enum: options }),
          minItems: min,
          maxItems: max,
        });
      }
      if (f.type === 'checkbox' && !options) return { ...tag, type: 'boolean' };
      return clean({ ...tag, type: 'string', enum: options });
    }
    case 'file':
    case 'image':
      return clean({
        ...tag,
        type: 'array',
        items: ATTACHMENT_VALUE_SCHEMA,
        minItems: min,
        maxItems: f.multiple ? max : 1,
      });
    case 'location':
      return { ...LOCATION_VALUE_SCHEMA, ...tag };
  }
}

function fieldUi(f: TFieldSchema, lang: TLang): FormUiSchema {
  const hidden = f.hidden === true || f.showField === false;
  const options = clean({
    fieldType: f.type,
    postfix: text(f.postfix, lang),
    lowestRatingText: text(f.lowestRatingText, lang),
    highestRatingText: text(f.highestRatingText, lang),
    accept: f.accept,
    multiple: f.multiple,
    lazyLoad: f.lazyLoad ? { apiDependencies: f.lazyLoad.apiDependencies } : undefined,
    editable: f.editable,
    customRegexError: text(f.customRegexError, lang),
    options: f.uniforms?.options?.map((o) => ({ value: o.value, label: o.label[lang] })),
    minDate: f.minDate,
    maxDate: f.maxDate,
    dateWindow: f.dateWindow,
  });
  const ui: FormUiSchema = clean({
    // A list and a field with a nested schema are drawn by rjsf's array and object fields, not by one widget.
    'ui:widget': hidden ? 'hidden' : f.type === 'list' || hasNested(f) ? undefined : f.type,
    'ui:title': f.label[lang],
    'ui:placeholder': text(f.placeholder, lang) ?? f.uniforms?.placeholder,
    'ui:help': text(f.tooltip, lang),
    'ui:readonly': f.editable === false ? true : undefined,
    'ui:options': options,
  });
  if (f.schema && hasNested(f)) {
    const nested = objectUi(f.schema, lang);
    if (f.type === 'list') ui.items = nested;
    else Object.assign(ui, nested);
  }
  return ui;
}

/** A value schema without its rules: the shape rjsf needs to draw (or hide) a field that is not checked. */
function shapeOnly(s: FormSchema): FormSchema {
  const out: FormSchema = {};
  if (s[X_FIELD] !== undefined) out[X_FIELD] = s[X_FIELD];
  if (s.type !== undefined) out.type = s.type;
  if (s.items && typeof s.items === 'object' && !Array.isArray(s.items)) out.items = shapeOnly(s.items as FormSchema);
  if (s.properties) {
    out.properties = Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, shapeOnly(v as FormSchema)]));
  }
  return out;
}

function objectSchema(fields: TFieldsSchema): FormSchema {
  const properties: Record<string, FormSchema> = {};
  const required: string[] = [];
  const allOf: FormSchema[] = [];
  for (const [id, f] of Object.entries(fields)) {
    const hidden = f.hidden === true || f.showField === false;
    const readOnly = f.editable === false;
    // Fields not shown and read-only fields are not checked (their value is the system's, not the user's).
    if (hidden || readOnly) {
      properties[id] = clean({ ...shapeOnly(valueSchema(f)), readOnly: readOnly ? true : undefined });
      continue;
    }
    const s = valueSchema(f);
    const req = f.optional !== true;
    const cf = f.conditionalField;
    if (!cf) {
      properties[id] = s;
      if (req) required.push(id);
    } else if (cf.behavior === 'require') {
      properties[id] = s;
      allOf.push({ if: conditionsSchema(cf, fields), then: { required: [id] } });
    } else {
      const branch: FormSchema = req ? { properties: { [id]: s }, required: [id] } : { properties: { [id]: s } };
      allOf.push(
        cf.behavior === 'show'
          ? { if: conditionsSchema(cf, fields), then: branch, else: {} }
          : { if: conditionsSchema(cf, fields), then: {}, else: branch },
      );
    }
  }
  return clean({
    type: 'object',
    properties,
    required: required.length ? required : undefined,
    allOf: allOf.length ? allOf : undefined,
  });
}

function objectUi(fields: TFieldsSchema, lang: TLang): FormUiSchema {
  const ui: FormUiSchema = { 'ui:order': [...Object.keys(fields), '*'] };
  for (const [id, f] of Object.entries(fields)) ui[id] = fieldUi(f, lang);
  return ui;
}

/** A fields schema -> JSON Schema (language-independent) + uiSchema (texts in `lang`). */
export function compileFields(fields: TFieldsSchema, lang: TLang): CompiledForm {
  return { schema: nfc(objectSchema(fields)), uiSchema: nfc(objectUi(fields, lang)) };
}

/** One schema per step of a service activity, or undefined when the activity does not exist. */
export function compileActivity(
  service: { activities: readonly TActivity[] },
  activityId: string,
  lang: TLang,
): CompiledActivity | undefined {
  const activity = service.activities.find((a) => a.activityId === activityId);
  if (!activity) return undefined;
  return {
    activityId,
    label: activity.label[lang],
    steps: activity.steps.map((s) => ({ stepId: s.stepId, label: s.label[lang], ...compileFields(s.fieldsSchema, lang) })),
  };
}

/* -------------------------------------------- hashes and URLs --------------------------------------------- */

/** Two FNV-1a 32-bit passes over a string: 16 hex digits. Not a security hash: a cache key the client can compute. */
export function stableHash(s: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c ^ (i & 0xff), 0x5bd1e995) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

/** The hash of a set of validation schemas (what a validator module is generated from). */
export const schemasHash = (schemas: readonly FormSchema[]): string =>
  stableHash(`${FORM_DIALECT_VERSION}:${JSON.stringify(schemas)}`);

/**
 * URL of a service activity's validator module (immutable; the hash changes whenever the schema does, so a
 * client holding an older service definition gets a 404 and refetches it).
 */
export function activityValidatorUrl(serviceSlug: string, activityId: string, version: number, hash: string): string {
  return `/api/forms/validators/${encodeURIComponent(serviceSlug)}/${encodeURIComponent(activityId)}/${version}/${hash}.js`;
}

/** The fixed forms (sign-up and profile per user type, contact). */
export type FormKey = 'contact' | `signup.${string}` | `profile.${string}`;
export const formValidatorUrl = (formKey: FormKey, hash: string): string =>
  `/api/forms/validators/forms/${encodeURIComponent(formKey)}/${hash}.js`;

/* -------------------------------------------- data normalisation ------------------------------------------ */

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The schema a property may take in an object schema: its own `properties` or any conditional branch. */
function propertySchema(schema: Obj | undefined, key: string): Obj | undefined {
  if (!schema) return undefined;
  const own = isObj(schema.properties) ? schema.properties[key] : undefined;
  if (isObj(own)) return own;
  for (const part of Array.isArray(schema.allOf) ? schema.allOf : []) {
    if (!isObj(part)) continue;
    for (const branch of [part.then, part.else]) {
      const s = isObj(branch) && isObj(branch.properties) ? branch.properties[key] : undefined;
      if (isObj(s)) return s;
    }
  }
  return undefined;
}

/** Arabic-Indic and Persian digits become Latin ones (latinDigits of contract/identity.ts). */
const latinDigits = (s: string): string =>
  s
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x6f0));

/** A number as typed: Arabic-Indic digits and the Arabic decimal separator accepted. */
export function parseNumber(s: string): number | undefined {
  const t = latinDigits(s.trim()).replace('٫', '.');
  if (!/^-?\d+(\.\d+)?$/.test(t)) return undefined;
  return Number(t);
}

function normaliseValue(schema: Obj | undefined, value: unknown, keepEmptyObject = false): unknown {
  const type = schema?.[X_FIELD] as TFieldSchema['type'] | undefined;
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') {
    const s = value.normalize('NFC');
    if (type === 'password') return s === '' ? undefined : s;
    const t = s.trim();
    if (t === '') return undefined;
    if (type === 'number' || type === 'rating') return parseNumber(t) ?? t;
    if (type === 'phone' || type === 'nationalId') return latinDigits(t).replace(/[\s-]/g, '');
    return t;
  }
  if (typeof value === 'boolean') return value ? true : undefined;
  if (Array.isArray(value)) {
    const items = isObj(schema?.items) ? schema.items : undefined;
    const list = type === 'list';
    const out = value
      .map((x) => normaliseValue(items, x, list))
      .filter((x, i) => x !== undefined || (list && value[i] !== undefined));
    return out.length === 0 ? undefined : out;
  }
  if (isObj(value)) {
    const out: Obj = {};
    for (const [k, v] of Object.entries(value)) {
      const n = normaliseValue(propertySchema(schema, k), v);
      if (n !== undefined) out[k.normalize('NFC')] = n;
    }
    return Object.keys(out).length === 0 && !keepEmptyObject ? undefined : out;
  }
  return value;
}

/**
 * Form data as both validators see it (see the file comment). Returns a new object; what the user typed in the
 * form stays as typed.
 */
export function normaliseFormData(schema: object, data: unknown): Record<string, unknown> {
  return (normaliseValue(schema as Obj, isObj(data) ? data : {}, true) as Record<string, unknown>) ?? {};
}

/**
 * Keeps only what the schema declares (object properties, conditional branches included, list entries field by
 * field): what the server stores of a submission. Call it on normalised, valid data.
 */
export function pruneFormData(schema: object, data: unknown): unknown {
  const s = schema as Obj;
  if (Array.isArray(data)) return isObj(s.items) ? data.map((x) => pruneFormData(s.items as Obj, x)) : data;
  if (!isObj(data) || (s.type !== 'object' && !isObj(s.properties))) return data;
  const out: Obj = {};
  for (const id of declaredFields(s)) {
    if (data[id] === undefined) continue;
    const sub = propertySchema(s, id);
    out[id] = sub ? pruneFormData(sub, data[id]) : data[id];
  }
  return out;
}

/** The ids of every field an object schema declares (own properties and conditional branches). */
export function declaredFields(schema: object): string[] {
  const s = schema as Obj;
  const ids = new Set(Object.keys(isObj(s.properties) ? s.properties : {}));
  for (const part of Array.isArray(s.allOf) ? s.allOf : []) {
    if (!isObj(part)) continue;
    for (const branch of [part.then, part.else])
      if (isObj(branch) && isObj(branch.properties)) for (const k of Object.keys(branch.properties)) ids.add(k);
  }
  return [...ids];
}

/* -------------------------------------------- fixed forms ------------------------------------------------- */

const L = (ar: string, en: string): TLocalized => ({ ar, en });
const NAME_PATTERN = "^[\\p{L}\\p{M}' .-]{2,50}$";
const USERNAME_PATTERN = '^[a-z0-9]{3,32}$';
const PASSWORD_PATTERN = '^(?=.*[A-Z])(?=.*[a-z])(?=.*[0-9])(?=.*[^A-Za-z0-9\\s])\\S{8,15}$';

/** Sign-up's own fields (mirror ZSignupBody of contract/identity.ts); the user type's schema follows them. */
export const SIGNUP_FIELDS: TFieldsSchema = {
  firstName: { type: 'text', label: L('الاسم الأول', 'First name'), regExp: NAME_PATTERN },
  lastName: { type: 'text', label: L('اسم العائلة', 'Last name'), regExp: NAME_PATTERN },
  username: { type: 'text', label: L('اسم المستخدم', 'Username'), regExp: USERNAME_PATTERN },
  email: { type: 'email', label: L('البريد الإلكتروني', 'E-mail'), optional: true },
  mobile: { type: 'phone', label: L('رقم الهاتف المحمول', 'Mobile number') },
  nationalId: { type: 'nationalId', label: L('الرقم القومي', 'National ID') },
  password: { type: 'password', label: L('كلمة المرور', 'Password'), regExp: PASSWORD_PATTERN },
  confirmPassword: { type: 'password', label: L('تأكيد كلمة المرور', 'Confirm password') },
};
const SIGNUP_CODES: Record<string, string> = {
  firstName: FIELD_CODES.name,
  lastName: FIELD_CODES.name,
  username: FIELD_CODES.username,
  password: FIELD_CODES.password,
};

/** Profile's own editable fields (EDITABLE_PROFILE_FIELDS of contract/identity.ts). */
export const PROFILE_FIELDS: TFieldsSchema = {
  firstName: SIGNUP_FIELDS.firstName!,
  lastName: SIGNUP_FIELDS.lastName!,
  email: SIGNUP_FIELDS.email!,
  homeAddress: { type: 'text', label: L('عنوان السكن', 'Home address'), optional: true, max: 300 },
  nationality: { type: 'text', label: L('الجنسية', 'Nationality'), optional: true, max: 100 },
  passportNumber: {
    type: 'text',
    label: L('رقم جواز السفر', 'Passport number'),
    optional: true,
    regExp: '^[A-Za-z0-9]{6,20}$',
  },
  job: { type: 'text', label: L('الوظيفة', 'Job'), optional: true, max: 100 },
  phone: { type: 'text', label: L('هاتف آخر', 'Other phone'), optional: true, regExp: '^[0-9+ -]{6,20}$' },
};
const PROFILE_CODES: Record<string, string> = {
  firstName: FIELD_CODES.name,
  lastName: FIELD_CODES.name,
  passportNumber: 'passport-invalid',
};

/** Contact message (mirror ZContactMessageBody of contract/public-forms.ts). */
export const CONTACT_FIELDS: TFieldsSchema = {
  fullName: { type: 'text', label: L('الاسم بالكامل', 'Full name'), min: 3, max: 100 },
  email: { type: 'email', label: L('البريد الإلكتروني', 'E-mail') },
  mobile: {
    type: 'phone',
    label: L('رقم الهاتف المحمول (للرد برسالة نصية)', 'Mobile number (for a reply by SMS)'),
    optional: true,
  },
  messageType: {
    type: 'radio',
    label: L('نوع الرسالة', 'Message type'),
    uniforms: {
      options: [
        { value: 'complaint', label: L('شكوى', 'Complaint') },
        { value: 'inquiry', label: L('استفسار', 'Inquiry') },
        { value: 'suggestion', label: L('اقتراح', 'Suggestion') },
      ],
    },
  },
  serviceSlug: {
    type: 'select',
    label: L('الخدمة', 'Service'),
    optional: true,
    lazyLoad: { apiDependencies: [] },
    regExp: '^[A-Za-z0-9_-]{1,64}$',
  },
  requestId: { type: 'text', label: L('رقم الطلب', 'Request number'), optional: true, regExp: '^[A-Za-z0-9-]{1,30}$' },
  message: { type: 'textarea', label: L('الرسالة', 'Message'), min: 10, max: 2000 },
};

function withCodes(form: CompiledForm, codes: Record<string, string>): CompiledForm {
  const props = (form.schema.properties ?? {}) as Record<string, FormSchema>;
  for (const [id, code] of Object.entries(codes)) if (props[id]) props[id] = { ...props[id], [X_CODE]: code };
  return form;
}

/** Sign-up form: the account fields, then the registration user type's own fields. */
export const compileSignupForm = (userTypeSchema: TFieldsSchema, lang: TLang): CompiledForm =>
  withCodes(compileFields({ ...SIGNUP_FIELDS, ...userTypeSchema }, lang), SIGNUP_CODES);

/** Profile form: the editable account fields, then the user type's own fields. */
export const compileProfileForm = (userTypeSchema: TFieldsSchema, lang: TLang): CompiledForm =>
  withCodes(compileFields({ ...PROFILE_FIELDS, ...userTypeSchema }, lang), PROFILE_CODES);

export const compileContactForm = (lang: TLang): CompiledForm => compileFields(CONTACT_FIELDS, lang);

/** Sign-up's one cross-field rule, which JSON Schema cannot say: the confirmation repeats the password. */
export function signupCrossFieldErrors(data: { password?: unknown; confirmPassword?: unknown }): FieldErrors {
  if (data.confirmPassword === undefined || data.confirmPassword === '')
    return { confirmPassword: { code: RULE_CODES.required } };
  return data.password === data.confirmPassword ? {} : { confirmPassword: { code: FIELD_CODES.passwordMismatch } };
}
