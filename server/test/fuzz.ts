import fc from 'fast-check';
import type { z } from 'zod/mini';
import type { RouteDef } from '../../contract/route.ts';
import type { TService } from '../../contract/catalog.ts';
import { services } from '../seed/data/catalog.ts';
import { sampleData } from '../seed/sample-data.ts';

const seedService = (slug: string) => services.find((s) => s.serviceSlug === slug) as unknown as TService;

/*
 * Bad-input generation from the contract's route descriptors, read generically from their zod schemas: which keys
 * a body, query or path has. The values are not derived from the field types: every field gets every kind of
 * wrong value, so a new field or route is covered without writing anything here. A descriptor whose parts
 * cannot be read (a body that is neither an object nor a union of objects nor a record, a path parameter
 * missing from `params`) is reported by `unreadable`, and the fuzz test fails on it.
 */

type Def = { type: string; shape?: Record<string, unknown>; options?: unknown[]; in?: unknown; innerType?: unknown };
const defOf = (s: unknown): Def | undefined => (s as { _zod?: { def?: Def } } | undefined)?._zod?.def;

/** The keys of an object schema (or of every option of a union of objects), or undefined when it has none. */
export function keysOf(schema: unknown): string[] | undefined {
  const def = defOf(schema);
  if (!def) return undefined;
  switch (def.type) {
    case 'object':
      return Object.keys(def.shape ?? {});
    case 'union': {
      const all = (def.options ?? []).map(keysOf);
      return all.every((k) => k !== undefined) ? Array.from(new Set(all.flat() as string[])) : undefined;
    }
    case 'record':
      return [];
    case 'pipe':
      return keysOf(def.in);
    case 'optional':
    case 'default':
    case 'nullable':
      return keysOf(def.innerType);
    default:
      return undefined;
  }
}

export const pathParams = (path: string): string[] => Array.from(path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g), (m) => m[1]!);

/** Why the generator cannot cover a descriptor, or undefined when it can. */
export function unreadable(route: RouteDef): string | undefined {
  const params = pathParams(route.path);
  if (params.length > 0) {
    const keys = route.params ? keysOf(route.params) : undefined;
    const missing = params.filter((p) => !keys?.includes(p));
    if (missing.length > 0) return `path parameters without a schema: ${missing.join(', ')}`;
  }
  if (route.query && keysOf(route.query) === undefined) return 'the query schema is not an object';
  if (route.body && keysOf(route.body) === undefined)
    return 'the body schema is neither an object, a union of objects nor a record';
  if ((route.method === 'GET' || route.method === 'DELETE') && route.body) return 'a body on a GET or DELETE route';
  return undefined;
}

/* ------------------------------------------ the bad values ------------------------------------------------- */

export const MB = 'x'.repeat(1_048_576);
export const BIDI = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
/** `[[[...]]]` 1,000 deep, as JSON text. */
export const DEEP_JSON = `${'['.repeat(1000)}${']'.repeat(1000)}`;
export const deepObject = (depth: number): unknown => {
  let v: unknown = {};
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
};

/** Wrong types, nulls, empty, huge, NUL and bidi strings: each field of each route gets every one of these. */
export const FIELD_VALUES: readonly { label: string; value: unknown }[] = [
  { label: 'null', value: null },
  { label: 'number', value: 42 },
  { label: 'negative float', value: -1.5 },
  { label: 'boolean', value: true },
  { label: 'array', value: ['a', 1] },
  { label: 'object', value: { a: 1 } },
  { label: 'empty string', value: '' },
  { label: 'spaces', value: '   ' },
  { label: 'NUL', value: 'ab\u0000cd' },
  { label: 'only NUL', value: '\u0000' },
  { label: 'bidi override', value: 'abc\u202Edef' },
  { label: 'bidi isolate', value: '\u2067name\u2069' },
  { label: '100 KB string', value: 'y'.repeat(100_000) },
  { label: 'SQL', value: "x' OR 1=1 --" },
  { label: '__proto__ string', value: '__proto__' },
  { label: 'deep object', value: deepObject(200) },
];

/** A value for one field, as fast-check draws them: plausible strings and numbers mixed with the wrong ones. */
export const anyFieldValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.stringMatching(/^[0-9]{1,16}$/),
  fc.emailAddress(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(
    ...FIELD_VALUES.filter((v) => typeof v.value === 'string' && v.value.length < 100).map((v) => v.value as string),
  ),
  fc.array(fc.string({ maxLength: 8 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
  fc.string({ maxLength: 20 }).map((s) => `${s}\u0000${s}`),
  fc.constantFrom(...BIDI).map((b) => `Mona${b}Hassan`),
);

/** A body for a route: some of its keys (any value), maybe unknown or prototype keys too. */
export const anyBody = (keys: readonly string[]): fc.Arbitrary<Record<string, unknown>> =>
  fc
    .tuple(
      fc.record(Object.fromEntries(keys.map((k) => [k, anyFieldValue])), { requiredKeys: [] }),
      fc.dictionary(fc.constantFrom('extra', 'isAdmin', 'constructor', 'toString', 'nickname'), anyFieldValue, {
        maxKeys: 2,
      }),
      fc.boolean(),
    )
    .map(([known, extra, withExtra]) => (withExtra ? { ...known, ...extra } : known));

/** A path parameter value, URI-encoded as a client would send it (or not, where the point is a malformed one). */
export const BAD_PARAMS: readonly { label: string; raw: string }[] = [
  { label: 'NUL', raw: '%00' },
  { label: 'NUL inside', raw: 'ab%00cd' },
  { label: 'bidi', raw: encodeURIComponent('ab\u202Ecd') },
  { label: 'malformed percent', raw: '%' },
  { label: 'malformed UTF-8', raw: '%E0%A4%A' },
  { label: 'three dots', raw: '...' },
  { label: '__proto__', raw: '__proto__' },
  { label: 'constructor', raw: 'constructor' },
  { label: 'spaces', raw: '%20%20' },
  { label: '201 characters', raw: 'p'.repeat(201) },
  { label: '65 characters', raw: 'q'.repeat(65) },
  { label: 'SQL', raw: encodeURIComponent("x' OR 1=1 --") },
];

export const anyParam: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 70 }).map(encodeURIComponent),
  fc.constantFrom(...BAD_PARAMS.map((p) => p.raw)),
  fc.stringMatching(/^[A-Za-z0-9_-]{1,80}$/),
);

/** `k=v&...` of `n` unknown keys. */
export const unknownKeys = (n: number): string => Array.from({ length: n }, (_, i) => `p${i}=1`).join('&');

export type SchemaKeys = { body?: string[]; query: string[]; params: string[] };

export function schemaKeys(route: RouteDef): SchemaKeys {
  return {
    ...(route.body ? { body: keysOf(route.body) ?? [] } : {}),
    query: [...(route.query ? (keysOf(route.query as z.ZodMiniType) ?? []) : []), ...(route.filter ? ['filter'] : [])],
    params: pathParams(route.path),
  };
}

/*
 * Valid bodies for the routes that store or look up text. Bad values are most dangerous in a body that is
 * otherwise valid (it reaches the database): each string field of these examples is also sent with NUL, bidi
 * controls and other hostile strings, the rest of the body valid. A route without an example still gets every
 * other class; add one here when a new route stores text.
 */
export const EXAMPLES: Record<string, () => Record<string, unknown>> = {
  // Payments (decision 027): a client body, a gateway's notification, the sandbox page's form.
  'POST /api/payments/bills': () => ({ billIds: ['b1'], channel: 'card', successURL: '/pay/ok', failureURL: '/pay/no' }),
  'POST /api/payments/callbacks/fawry': () => ({
    fawryRefNumber: '970177',
    merchantRefNumber: 'KH1',
    orderStatus: 'PAID',
    paymentMethod: 'PAYATFAWRY',
    messageSignature: 'ab',
  }),
  'POST /api/sandbox-gateway/:id': () => ({ cardNumber: '4242424242424242' }),
  'POST /api/contactMessages': () => ({
    fullName: 'Mona Hassan',
    email: 'mona@example.com',
    messageType: 'inquiry',
    serviceSlug: 'CODEMETER',
    requestId: 'R-2026-1',
    message: 'When will my meter be installed?',
  }),
  'POST /api/askChat': () => ({ message: 'عليا فلوس كام؟', sender: 'fuzz-1', metadata: { page: '/', lang: 'ar' } }),
  'POST /api/newsletterSubscriber': () => ({ email: `fuzz${Math.random().toString(36).slice(2, 8)}@example.com` }),
  'POST /api/clientErrors': () => ({
    message: 'boom',
    stack: 'Error: boom',
    pageUrl: 'https://kahraba.example/',
    userId: 'u1',
    userSlug: 'citizen',
    lang: 'ar',
    userAgent: 'Mozilla/5.0',
    occurredAt: '2026-03-01T10:00:00Z',
  }),
  'POST /api/pageViews': () => ({ pageUrl: 'https://kahraba.example/', seconds: 10, userId: 'u1', lang: 'en' }),
  'POST /api/:userSlug/login': () => ({ username: 'citizen', password: 'Wr0ng!pass' }),
  'POST /api/:userSlug/forgetPassword': () => ({ identifier: 'nobody@example.com', channel: 'email' }),
  'PATCH /api/:userSlug/:userId': () => ({
    homeAddress: '12 Nile Street',
    governorate: 'gov-cairo',
    nationality: 'Egyptian',
    job: 'Engineer',
  }),
  'POST /api/:userSlug/:userId/passkeys': () => ({ name: 'My key', response: {} }),
  'POST /api/citizens/search': () => ({ passportNumber: 'A1234567' }),
  'POST /api/agent/:id/citizen': () => ({ passportNumber: 'A1234567' }),
  'POST /api/agent/:id/registrations': () => ({
    firstName: 'Fuzz',
    lastName: 'Citizen',
    nationalId: '29001010100015',
    mobile: '01000000001',
    landline: '0223456789',
  }),
  'POST /api/agent/:id/registrations/confirm': () => ({ registrationToken: 'no-such-registration-handle', code: '123456' }),
  'POST /api/staff/owner-token/company': () => ({
    commercialRegistration: '123456',
    taxNumber: '100-200-300',
    companyName: 'Nile Contracting',
    authorisedName: 'Karim Fouad',
    authorisedNationalId: '28505050100081',
  }),
  'POST /api/:userSlug/exchangeToken': () => ({ token: 'code', state: 'state', redirectUrl: 'https://kahraba.example/' }),
  'POST /api/:userSlug/logout': () => ({ redirectUrl: '/' }),
  'POST /api/tasks/runTasks': () => ({ taskIds: ['GetDocumentFromQr'], token: 'qr-secret-from-a-paper' }),
  // Requests (FAULTS_COMPLAINTS: visitors may file it too). Form data is stored as typed: its strings get the
  // hostile values through the nested object below (the field rules refuse control characters in one-line text).
  'POST /api/requests/:serviceSlug': () => ({
    activityId: 'apply',
    data: faultData(),
    draftId: '00000000-0000-4000-8000-000000000001',
  }),
  'PATCH /api/requests/:serviceSlug/:id': () => ({ activityId: 'apply', data: faultData() }),
  'POST /api/requests/:serviceSlug/:id/comments': () => ({ body: 'When will the team come?' }),
  'POST /api/requests/:serviceSlug/:id/cancel': () => ({ reason: 'Filed by mistake' }),
  'POST /api/requests/:serviceSlug/fieldHandler': () => ({ activityId: 'apply', fieldId: 'faultType', data: faultData() }),
  'PUT /api/drafts/:id': () => ({ serviceSlug: 'FAULTS_COMPLAINTS', activityId: 'apply', stepId: 'fault', data: faultData() }),
};

/** Form data for FAULTS_COMPLAINTS with every text field filled (the fuzz examples' nested strings). */
const faultData = (): Record<string, unknown> => sampleData(seedService('FAULTS_COMPLAINTS'), 'apply');

/** Hostile strings put in one field of an otherwise valid example. */
export const HOSTILE_STRINGS: readonly { label: string; value: string }[] = [
  { label: 'NUL', value: 'ab\u0000cd' },
  { label: 'trailing NUL', value: 'Mona Hassan\u0000' },
  ...BIDI.map((b) => ({ label: `bidi U+${b.charCodeAt(0).toString(16).toUpperCase()}`, value: `Mona ${b}Hassan` })),
  { label: 'C0 control', value: 'Mona\u0007Hassan' },
  { label: 'lone surrogate', value: 'Mona\uD800Hassan' },
];
