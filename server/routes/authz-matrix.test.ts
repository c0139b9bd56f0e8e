import crypto from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuthPolicy, CallerKind } from '../../contract/route.ts';
import QRCode from 'qrcode';
import {
  activityValidatorUrl,
  compileActivity,
  compileContactForm,
  formValidatorUrl,
  schemasHash,
} from '../../contract/form-schema.ts';
import { services as seedServices } from '../seed/data/catalog.ts';
import { settingsOf } from '../../contract/catalog-admin.ts';
import { drafts, meterReadings, meters, requests, services, users } from '../db/schema.ts';
import { generateBillForReading } from '../domain/bills/bills.ts';
import { transaction } from '../db/tx.ts';
import { documentKey, issueReceipt } from '../domain/documents/issue.ts';
import {
  ageSecrets,
  call,
  directSession,
  fastDemoPasswords,
  newCitizenData,
  outboxTo,
  signUpVerified,
  type SignedUp,
  type Session,
} from '../test/identity-helpers.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { submit, validData, withKey } from '../test/request-helpers.ts';
import { newBill, newMeter, RETURN } from '../test/payment-helpers.ts';

/**
 * The authorization matrix (quality.md "Security": broken access control is OWASP's #1): every route the server
 * registers x {anonymous, citizen A, citizen B acting on A's records, employee without the route's role, employee
 * with it, agent}. Each cell states the status (and code) expected; no cell may answer 500, and no one but A (or
 * whom the route exists for) may see A's data. Routes are captured as Fastify registers them, with the auth policy
 * their descriptor declares (contract/route.ts): a new route without a row here, or without a policy, fails the
 * first test. For a route whose policy is not `public`, the expected refusals (401 for a visitor, 403 for a caller
 * the policy does not admit) are derived from the policy; the row only says what the admitted callers get.
 */

const captured: { method: string; url: string; auth: AuthPolicy | undefined }[] = [];
vi.mock('fastify', async (importOriginal) => {
  const mod = await importOriginal<{ default: (...args: unknown[]) => FastifyInstance }>();
  const factory = (...args: unknown[]): FastifyInstance => {
    const app = mod.default(...args);
    app.addHook('onRoute', (r) => {
      for (const method of ([] as string[]).concat(r.method)) captured.push({ method, url: r.url, auth: r.config?.auth });
    });
    return app;
  };
  return { ...mod, default: factory };
});

/**
 * staffReports: a staff account with only reporting roles (ACCESS_REPORTS, ACCESS_FINANCIAL_REPORTS: no request or
 * meter work); staffAssigner: one with only EmployeeAssignExternalCompany (its inbox holds ready requests only);
 * staffWith: the holding's employee with every kind of work (decision 036);
 * staffOther: an employee of another distribution company (South Cairo; A's CODEMETER requests are North Cairo's);
 * agentOther: the agent, in a session acting for citizen B (issue 11);
 * staffContent: the demo manager (MANAGE_CONTENT, with the service-quality and services roles; issue 26).
 */
const PRINCIPALS = [
  'anonymous',
  'citizenA',
  'citizenB',
  'staffReports',
  'staffAssigner',
  'staffWith',
  'agent',
  'staffOther',
  'agentOther',
  'staffContent',
] as const;
type Principal = (typeof PRINCIPALS)[number];

/** A cell: a status, or a status and code; `handled` is any answer that is not 401, 403 or 5xx (the owner got in). */
type Cell = number | { status: number; code: string } | 'handled';
type Req = {
  method: 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
};
type Row = {
  /** `METHOD /path` as registered. */
  route: string;
  req: (p: Principal) => Req | Promise<Req>;
  /** Routes outside the contract and `public` ones: the answers, written out (the handler decides). */
  expect?: Record<Principal, Cell> | 'public' | 'same-for-all';
  /** Other policies: what the callers the policy admits get (`others`: any admitted caller not named; default 200). */
  admitted?: Partial<Record<Principal | 'others', Cell>>;
  /** Principals whose answer may hold citizen A's data (besides A). */
  mayShowA?: Principal[];
  /** Runs after A's cell succeeded. */
  after?: () => Promise<void>;
};

let ctx: TestApp;
let A: SignedUp;
let B: SignedUp;
let aPassword: string;
let ids: Record<string, string>;
let newsId: string;
/** What the policies look at, per signed-in principal: kind from the session plugin's mapping, the rest stored. */
let callers: Record<
  Exclude<Principal, 'anonymous'>,
  { kind: CallerKind; userSlug: string; userId: string; roles: readonly string[] }
>;

/** Routes Fastify or its plugins register outside `registerRoute`: no descriptor, so no policy (all public). */
const OUTSIDE_CONTRACT = [
  'GET /',
  'GET /healthz',
  'GET /readyz',
  'GET /metrics',
  'POST /ops/backup',
  'GET /api/openapi.json',
  'GET /api/docs',
  'HEAD /api/docs/',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/*',
];

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoUsers: true });
  ids = await fastDemoPasswords(ctx);
  A = await signUpVerified(ctx);
  B = await signUpVerified(ctx, { password: 'B0bs!Secret', confirmPassword: 'B0bs!Secret' });
  aPassword = A.data.password;
  // The sign-up link was sent a minute ago or more: A may ask for another.
  await ageSecrets(ctx.database.db, A.userId, 120_000, ['email-verify']);
  const news = (await call(ctx, 'GET', '/api/news')).json() as { items: { id: string }[] };
  newsId = news.items[0]!.id;
  const who = {
    citizenA: A.userId,
    citizenB: B.userId,
    staffReports: ids.reports!,
    staffAssigner: ids.assigner!,
    staffWith: ids.employee!,
    agent: ids.agent!,
    staffOther: ids.south!,
    agentOther: ids.agent!,
    staffContent: ids.manager!,
  };
  const kinds = {
    citizenA: 'citizen',
    citizenB: 'citizen',
    staffReports: 'staff',
    staffAssigner: 'staff',
    staffWith: 'staff',
    agent: 'agent',
    staffOther: 'staff',
    agentOther: 'agent',
    staffContent: 'staff',
  } as const;
  const stored = await ctx.database.db
    .select()
    .from(users)
    .where(inArray(users.id, Object.values(who)));
  const found = {} as typeof callers;
  for (const p of Object.keys(who) as (keyof typeof who)[]) {
    const u = stored.find((row) => row.id === who[p])!;
    found[p] = { kind: kinds[p], userSlug: u.userSlug, userId: u.id, roles: u.roles };
  }
  callers = found;
});

/** The path parameters of a request URL, by the registered path's `:name` segments. */
function paramsOf(route: string, url: string): Record<string, string> {
  const template = route.split(' ')[1]!.split('/');
  const actual = url.split('?')[0]!.split('/');
  return Object.fromEntries(
    template.flatMap((seg, i) => (seg.startsWith(':') ? [[seg.slice(1), decodeURIComponent(actual[i]!)]] : [])),
  );
}

/** What the declared policy answers a principal (contract/route.ts `AuthPolicy`): refused 401/403, or admitted. */
function decide(policy: AuthPolicy, p: Principal, params: Record<string, string>): 401 | 403 | 'admitted' {
  if (policy === 'public') return 'admitted';
  if (p === 'anonymous') return 401;
  const c = callers[p];
  if (policy === 'signedIn') return 'admitted';
  if (policy === 'ownType') return c.userSlug === params.userSlug ? 'admitted' : 403;
  if (policy === 'self') return c.userSlug === params.userSlug && c.userId === params.userId ? 'admitted' : 403;
  const byKind = policy.kinds?.includes(c.kind) ?? false;
  const byRole = c.kind === 'staff' && (policy.roles?.some((r) => c.roles.includes(r)) ?? false);
  return byKind || byRole ? 'admitted' : 403;
}

const policyOf = (route: string): AuthPolicy | undefined =>
  captured.find((c) => `${c.method} ${c.url}` === route && c.auth !== undefined)?.auth;
afterAll(() => ctx.close());

/** A fresh session per cell: a cell that signs out or changes a password cannot affect the next. */
async function sessionOf(p: Principal): Promise<Session | undefined> {
  switch (p) {
    case 'anonymous':
      return undefined;
    case 'citizenA':
      return directSession(ctx, A.userId);
    case 'citizenB':
      return directSession(ctx, B.userId);
    case 'staffReports':
      return directSession(ctx, ids.reports!); // ACCESS_REPORTS, ACCESS_FINANCIAL_REPORTS
    case 'staffContent':
      return directSession(ctx, ids.manager!); // MANAGE_CONTENT, MANAGE_SERVICE_QUALITY, MANAGE_SERVICES
    case 'staffAssigner':
      return directSession(ctx, ids.assigner!); // EmployeeAssignExternalCompany
    case 'staffWith':
      return directSession(ctx, ids.employee!); // every family's requests, APPROVE_METERS, TECHNICAL_SUPPORT, dashboard
    case 'agent':
      return directSession(ctx, ids.agent!);
    case 'staffOther':
      return directSession(ctx, ids.south!); // South Cairo, every family's requests and APPROVE_METERS
    case 'agentOther': {
      const s = await directSession(ctx, ids.agent!);
      const res = await call(ctx, 'POST', `/api/agent/${ids.agent}/citizen`, { as: s, body: { nationalId: B.data.nationalId } });
      expect(res.statusCode, res.body).toBe(200);
      return s;
    }
  }
}

/** The same refusal for everyone: the secret (bearer token, handle, code) decides, not the session. */
const all = (status: number, code: string): Record<Principal, Cell> =>
  Object.fromEntries(PRINCIPALS.map((p) => [p, { status, code }])) as Record<Principal, Cell>;
const f = (v: unknown) => encodeURIComponent(JSON.stringify(v));

/** A request of citizen A per row (made on first use), so that one row's change does not affect another's. */
const aRequests = new Map<string, Promise<string>>();
const aRequest = (row: string): Promise<string> => {
  let id = aRequests.get(row);
  if (!id) {
    id = directSession(ctx, A.userId).then(async (as) => {
      const res = await submit(ctx, 'CODEMETER', { as });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { id: string }).id;
    });
    aRequests.set(row, id);
  }
  return id;
};
/** Citizen A's server draft (made on first use). */
let aDraftId: Promise<string> | undefined;
const aDraft = (): Promise<string> =>
  (aDraftId ??= directSession(ctx, A.userId).then(async (as) => {
    const id = crypto.randomUUID();
    const res = await call(ctx, 'PUT', `/api/drafts/${id}`, {
      as,
      body: { serviceSlug: 'CODEMETER', activityId: 'apply', data: { note: 'A' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    return id;
  }));
const get = (url: string) => (): Req => ({ method: 'GET', url });
/* The portal's content (issue 26): items the content manager made, one per row that changes or removes one. */
const newsBody = (title: string) => ({
  translations: { ar: { title: `خبر ${title}`, body: '<p>نص</p>' }, en: { title, body: '<p>Text</p>' } },
  imageId: null,
});
const guideBody = {
  name: { ar: 'دليل', en: 'Guide' },
  kind: 'link',
  url: { ar: '/help', en: '/help' },
  audience: ['citizens'],
  footerSlot: null,
};
const bannerBody = {
  text: { ar: 'تنبيه', en: 'Notice' },
  level: 'info',
  startsAt: '2026-01-01T00:00:00Z',
  endsAt: null,
  dismissible: true,
};
const faqBody = {
  group: 'general',
  order: 99,
  translations: {
    ar: { group: 'عام', question: 'سؤال؟', answer: 'جواب.' },
    en: { group: 'General', question: 'A question?', answer: 'An answer.' },
  },
};
const made = new Map<string, Promise<string>>();
const byManager = (key: string, url: string, body: unknown, pick: (json: unknown) => string) => {
  let id = made.get(key);
  if (!id) {
    id = directSession(ctx, ids.manager!).then(async (as) => {
      const res = await call(ctx, 'POST', url, { as, body });
      expect(res.statusCode, res.body).toBe(201);
      return pick(res.json());
    });
    made.set(key, id);
  }
  return id;
};
const contentNews = (row = 'news') =>
  byManager(`news-${row}`, '/api/content/news', newsBody(row), (json) => (json as { id: string }).id);
const contentBanner = (row = 'banner') =>
  byManager(
    `banner-${row}`,
    '/api/content/banners',
    { ...bannerBody, text: { ar: row, en: row } },
    (json) => (json as { items: { id: string; text: { en: string } }[] }).items.find((b) => b.text.en === row)!.id,
  );
const contentFaq = (row = 'faq') =>
  byManager(
    `faq-${row}`,
    '/api/content/faq',
    { ...faqBody, translations: { ...faqBody.translations, en: { ...faqBody.translations.en, question: row } } },
    (json) =>
      (json as { items: { id: string; translations: { en: { question: string } } }[] }).items.find(
        (f) => f.translations.en.question === row,
      )!.id,
  );
const guideIds = async () =>
  (
    (await call(ctx, 'GET', '/api/content/guides', { as: await directSession(ctx, ids.manager!) })).json() as {
      items: { id: string }[];
    }
  ).items.map((g) => g.id);

/** A browser's push subscription at a known push service (decision 051). */
const pushBody = (name: string) => ({
  endpoint: `https://fcm.googleapis.com/fcm/send/${name}`,
  keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
  lang: 'ar',
});
let aSubscriptionId: Promise<string> | undefined;
/** Citizen A's subscribed device. */
const aSubscription = (): Promise<string> =>
  (aSubscriptionId ??= directSession(ctx, A.userId).then(async (as) => {
    const res = await call(ctx, 'POST', '/api/push/subscriptions', { as, body: pushBody('authz-A-device') });
    return (res.json() as { id: string }).id;
  }));
/** CODEMETER's apply validators, as the seed writes the service. */
const codemeterValidatorUrl = (): string => {
  const s = seedServices.find((x) => x.serviceSlug === 'CODEMETER')!;
  const c = compileActivity(s, 'apply', 'ar')!;
  return activityValidatorUrl(s.serviceSlug, 'apply', s.version, schemasHash(c.steps.map((x) => x.schema)));
};
const aUrl = (suffix = '') => `/api/citizen/${A.userId}${suffix}`;
const token43 = (c: string) => c.repeat(43);

/** Citizen A's attachment and printed receipt (made once, when the first row needing them runs). */
let aFiles: Promise<{ attachmentId: string; documentId: string }> | undefined;
const filesOfA = () =>
  (aFiles ??= (async () => {
    const up = await call(ctx, 'POST', '/api/requests/CODEMETER/attachments', {
      as: await directSession(ctx, A.userId),
      body: Buffer.from('%PDF-1.4\n%%EOF\n'),
      headers: {
        'x-activity-id': 'apply',
        'x-field-id': 'documents',
        'x-file-name': 'id.pdf',
        'idempotency-key': crypto.randomUUID(),
      },
    });
    expect(up.statusCode, up.body).toBe(201);
    const [svc] = await ctx.database.db.select().from(services).where(eq(services.serviceSlug, 'CODEMETER'));
    const requestId = crypto.randomUUID();
    await ctx.database.db.insert(requests).values({
      id: requestId,
      number: 'CODEMETER-2026-900555',
      serviceId: svc!.id,
      serviceSlug: 'CODEMETER',
      serviceVersion: svc!.version,
      activityId: 'apply',
      status: 'new',
      companyId: 'co-north-cairo',
      ownerId: A.userId,
      data: {},
    });
    const key = await documentKey(ctx.database.db);
    const documentId = await transaction(ctx.database.db, (tx) => issueReceipt(tx, key, requestId, A.userId, new Date()));
    return { attachmentId: (up.json() as { id: string }).id, documentId };
  })());
/** A bill of citizen A's own meter (made once): a meter, its month's reading, and the bill priced from it. */
let aBillId: Promise<string> | undefined;
const aBill = (): Promise<string> =>
  (aBillId ??= (async () => {
    const db = ctx.database.db;
    const meterId = crypto.randomUUID();
    await db.insert(meters).values({
      id: meterId,
      ownerId: A.userId,
      number: '31415926',
      type: 'single_phase',
      ownerName: 'A',
      ownerNationalId: A.data.nationalId,
      address: 'Cairo',
      connectionType: 'residential',
      status: 'approved',
    });
    const readingId = crypto.randomUUID();
    await db
      .insert(meterReadings)
      .values({ id: readingId, meterId, period: '2026-01', value: 150, consumption: 150, readAt: new Date(), source: 'seed' });
    return (await transaction(db, (tx) => generateBillForReading(tx, readingId))).id;
  })());
/** Everyone but A gets 404 for A's records (a stranger does not learn they exist). */
const onlyA = (ok: Cell): Record<Principal, Cell> =>
  Object.fromEntries(PRINCIPALS.map((p) => [p, p === 'citizenA' ? ok : { status: 404, code: 'MODEL_NOT_FOUND' }])) as Record<
    Principal,
    Cell
  >;

/** A payment of citizen A's (card, and a code with its number). */
let aPayments: Promise<{ cardId: string; code: string }> | undefined;
const aPaymentsOf = () =>
  (aPayments ??= (async () => {
    const as = await directSession(ctx, A.userId);
    const pay = async (channel: 'card' | 'code') => {
      const bill = await newBill(ctx, await newMeter(ctx, A.userId), '2026-02', 5_000);
      const res = await call(ctx, 'POST', '/api/payments/bills', {
        as,
        body: { billIds: [bill], channel, ...RETURN },
        headers: withKey(),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { payment: { id: string }; next: { referenceNumber?: string } };
    };
    const card = await pay('card');
    const code = await pay('code');
    return { cardId: card.payment.id, code: code.next.referenceNumber! };
  })());
/** Citizen A's meters per row (made on first use), approved by North Cairo staff when asked. */
const aMeters = new Map<string, Promise<string>>();
let meterNumber = 52_000_000 + Math.floor(Math.random() * 1_000_000);
const meterBody = () => ({
  number: String(meterNumber++),
  type: 'single_phase',
  ownerName: 'Meter Owner Name',
  ownerNationalId: '28505050100029',
  address: '12 Shubra Street, Cairo',
  serviceCenterId: 'sc-shubra',
  connectionType: 'residential',
  initialReading: 100,
});
const aMeter = (row: string, approve = false): Promise<string> => {
  let id = aMeters.get(row);
  if (!id) {
    id = directSession(ctx, A.userId).then(async (as) => {
      const res = await call(ctx, 'POST', '/api/meters', { as, body: meterBody() });
      expect(res.statusCode, res.body).toBe(201);
      const meterId = (res.json() as { id: string }).id;
      if (approve) {
        const ok = await call(ctx, 'POST', `/api/staff/meters/${meterId}/decision`, {
          as: await directSession(ctx, ids.employee!),
          body: { version: 1, decision: 'approve' },
        });
        expect(ok.statusCode, ok.body).toBe(200);
      }
      return meterId;
    });
    aMeters.set(row, id);
  }
  return id;
};
/** The owner's meter routes: A's record is A's only; the agent without a citizen is told to choose one. */
const meterOwnerOnly = (ok: Cell) => ({
  citizenA: ok,
  agent: { status: 403, code: 'INVALID_REQUEST_OWNER_TOKEN' },
  others: { status: 404, code: 'MODEL_NOT_FOUND' },
});

const rows: Row[] = [
  /* ---- outside the API and documentation: public ---- */
  { route: 'GET /', req: get('/'), expect: 'same-for-all' },
  { route: 'GET /healthz', req: get('/healthz'), expect: 'public' },
  { route: 'GET /readyz', req: get('/readyz'), expect: 'public' },
  // The operator's: a session neither opens nor closes it (METRICS_TOKEN or this machine only: metrics.test.ts).
  { route: 'GET /metrics', req: get('/metrics'), expect: 'same-for-all' },
  // The operator's backup of a running portal: the token the portal wrote into its data folder, from this machine,
  // nothing else; a session neither opens nor closes it (404 for all here: no token issued; backup.test.ts).
  {
    route: 'POST /ops/backup',
    req: () => ({ method: 'POST', url: '/ops/backup', body: { to: '/tmp/nowhere' } }),
    expect: 'same-for-all',
  },
  { route: 'GET /api/openapi.json', req: get('/api/openapi.json'), expect: 'public' },
  { route: 'GET /api/docs', req: get('/api/docs'), expect: 'same-for-all' },
  { route: 'HEAD /api/docs/', req: () => ({ method: 'HEAD', url: '/api/docs/' }), expect: 'same-for-all' },
  { route: 'GET /api/docs/static/index.html', req: get('/api/docs/static/index.html'), expect: 'same-for-all' },
  { route: 'GET /api/docs/static/swagger-initializer.js', req: get('/api/docs/static/swagger-initializer.js'), expect: 'public' },
  { route: 'GET /api/docs/json', req: get('/api/docs/json'), expect: 'public' },
  { route: 'GET /api/docs/yaml', req: get('/api/docs/yaml'), expect: 'public' },
  { route: 'GET /api/docs/static/*', req: get('/api/docs/static/swagger-ui.css'), expect: 'public' },

  /* ---- catalog, content and public forms: everyone ---- */
  { route: 'GET /api/misc/appData', req: get('/api/misc/appData'), expect: 'public' },
  // Categories and findOne in their card and page forms (decision 033), as the screens ask; dynamic_services in full.
  {
    route: 'GET /api/Categories',
    req: get(`/api/Categories?view=card&lang=en&filter=${f({ include: 'services' })}`),
    expect: 'public',
  },
  { route: 'GET /api/dynamic_services', req: get('/api/dynamic_services'), expect: 'public' },
  {
    route: 'GET /api/dynamic_services/findOne',
    req: get(`/api/dynamic_services/findOne?view=page&lang=ar&filter=${f({ where: { serviceSlug: 'CODEMETER' } })}`),
    expect: 'public',
  },
  { route: 'GET /api/news', req: get('/api/news'), expect: 'public' },
  // Precompiled form validators (decision 018): immutable modules, the same for everyone.
  {
    route: 'GET /api/forms/validators/:serviceSlug/:activityId/:version/:file',
    req: get(codemeterValidatorUrl()),
    expect: 'public',
  },
  {
    route: 'GET /api/forms/validators/forms/:formKey/:file',
    req: get(formValidatorUrl('contact', schemasHash([compileContactForm('ar').schema]))),
    expect: 'public',
  },
  {
    route: 'GET /api/forms/services/:serviceSlug/versions/:version',
    req: get(`/api/forms/services/CODEMETER/versions/${seedServices.find((x) => x.serviceSlug === 'CODEMETER')!.version}`),
    expect: 'public',
  },
  { route: 'GET /api/news/:id', req: () => ({ method: 'GET', url: `/api/news/${newsId}` }), expect: 'public' },
  { route: 'GET /api/faq', req: get('/api/faq'), expect: 'public' },
  { route: 'GET /api/serviceCenters', req: get('/api/serviceCenters'), expect: 'public' },
  {
    route: 'POST /api/newsletterSubscriber',
    req: (p) => ({ method: 'POST', url: '/api/newsletterSubscriber', body: { email: `news.${p.toLowerCase()}@example.com` } }),
    expect: 'public',
  },
  {
    route: 'POST /api/contactMessages',
    req: () => ({
      method: 'POST',
      url: '/api/contactMessages',
      body: { fullName: 'Mona Hassan', email: 'mona@example.com', messageType: 'inquiry', message: 'When will my meter come?' },
    }),
    expect: 'public',
  },
  {
    route: 'POST /api/askChat',
    req: () => ({ method: 'POST', url: '/api/askChat', body: { message: 'ما رقم الخط الساخن؟', sender: 'matrix' } }),
    expect: 'public',
  },
  {
    route: 'POST /api/clientErrors',
    req: () => ({
      method: 'POST',
      url: '/api/clientErrors',
      body: { message: 'boom', pageUrl: 'http://localhost/', occurredAt: new Date().toISOString() },
    }),
    expect: 'public',
  },
  {
    route: 'POST /api/pageViews',
    req: () => ({ method: 'POST', url: '/api/pageViews', body: { pageUrl: 'http://localhost/', seconds: 5 } }),
    expect: 'public',
  },
  {
    route: 'GET /api/dynamic_users/findOne',
    req: get(`/api/dynamic_users/findOne?filter=${f({ where: { registration: true } })}`),
    expect: 'public',
  },
  { route: 'GET /api/dynamic_users', req: get('/api/dynamic_users'), expect: 'public' },
  // Demo and development mode only (404 otherwise, identity-sessions.test.ts); filtered to a stranger here.
  { route: 'GET /api/dev/mailbox', req: get('/api/dev/mailbox?recipient=stranger%40example.com'), expect: 'public' },

  /* ---- sign-up and sign-in: visitors ---- */
  {
    route: 'POST /api/:userSlug',
    req: () => ({ method: 'POST', url: '/api/citizen', body: newCitizenData() }),
    expect: {
      anonymous: 201,
      citizenA: { status: 409, code: 'ALREADY_LOGGED_IN' },
      citizenB: { status: 409, code: 'ALREADY_LOGGED_IN' },
      staffReports: { status: 409, code: 'ALREADY_LOGGED_IN' },
      staffContent: { status: 409, code: 'ALREADY_LOGGED_IN' },
      staffAssigner: { status: 409, code: 'ALREADY_LOGGED_IN' },
      staffWith: { status: 409, code: 'ALREADY_LOGGED_IN' },
      agent: { status: 409, code: 'ALREADY_LOGGED_IN' },
      staffOther: { status: 409, code: 'ALREADY_LOGGED_IN' },
      agentOther: { status: 409, code: 'ALREADY_LOGGED_IN' },
    },
  },
  {
    route: 'POST /api/:userSlug/login',
    req: () => ({ method: 'POST', url: '/api/citizen/login', body: { username: A.data.username, password: aPassword } }),
    expect: {
      anonymous: 200,
      citizenA: { status: 409, code: 'ALREADY_LOGGED_IN' },
      citizenB: { status: 409, code: 'ALREADY_LOGGED_IN' },
      staffReports: { status: 409, code: 'ALREADY_LOGGED_IN' },
      staffContent: { status: 409, code: 'ALREADY_LOGGED_IN' },
      staffAssigner: { status: 409, code: 'ALREADY_LOGGED_IN' },
      staffWith: { status: 409, code: 'ALREADY_LOGGED_IN' },
      // The agent client's session is another cookie: signing in to the portal does not touch it.
      agent: 200,
      staffOther: { status: 409, code: 'ALREADY_LOGGED_IN' },
      agentOther: 200,
    },
    mayShowA: ['anonymous', 'agent', 'agentOther'],
  },
  {
    route: 'POST /api/:userSlug/MFA',
    req: () => ({ method: 'POST', url: '/api/employee/MFA', body: { method: 'totp', code: '123456' } }),
    expect: all(401, 'GRANT_EXPIRED'),
  },
  {
    route: 'GET /api/:userSlug/getAuthenticationMeta',
    req: get(`/api/citizen/getAuthenticationMeta?redirectUrl=${encodeURIComponent('http://localhost/auth-callback')}`),
    expect: 'public',
  },
  {
    route: 'POST /api/:userSlug/exchangeToken',
    req: () => ({
      method: 'POST',
      url: '/api/citizen/exchangeToken',
      body: { token: 'code', state: 'state', redirectUrl: 'http://localhost/auth-callback' },
    }),
    // External sign-in is off without OIDC_ISSUER (oidc.test.ts covers it on).
    expect: all(404, 'NOT_FOUND'),
  },
  {
    route: 'POST /api/:userSlug/logout',
    req: () => ({ method: 'POST', url: '/api/citizen/logout', body: {} }),
    expect: 'public',
  },

  /* ---- codes and tokens: the secret is the key, the session does not matter ---- */
  {
    route: 'POST /api/:userSlug/forgetPassword',
    req: (p) => ({ method: 'POST', url: '/api/citizen/forgetPassword', body: { identifier: `nobody-${p}`, channel: 'sms' } }),
    expect: 'public',
  },
  {
    route: 'POST /api/:userSlug/validateResetPasswordOTP',
    req: () => ({
      method: 'POST',
      url: '/api/citizen/validateResetPasswordOTP',
      body: { resetId: token43('r'), code: '123456' },
    }),
    expect: all(400, 'NO_CODE_WAS_SENT'),
  },
  {
    route: 'POST /api/:userSlug/reset-password',
    req: () => ({
      method: 'POST',
      url: '/api/citizen/reset-password',
      body: { password: 'Hij4ck!Pass', confirmPassword: 'Hij4ck!Pass' },
    }),
    expect: all(403, 'notAuthorized'),
  },
  {
    route: 'POST /api/:userSlug/sendMobileVerification',
    req: () => ({ method: 'POST', url: '/api/citizen/sendMobileVerification', body: { verificationToken: token43('s') } }),
    expect: all(400, 'tokenExpired'),
  },
  {
    route: 'POST /api/:userSlug/verifyMobile',
    req: () => ({ method: 'POST', url: '/api/citizen/verifyMobile', body: { verificationToken: token43('v'), code: '123456' } }),
    expect: all(400, 'NO_CODE_WAS_SENT'),
  },

  /* ---- the signed-in user's own session and records ---- */
  {
    route: 'POST /api/authTokens/activityHeartbeat',
    req: () => ({ method: 'POST', url: '/api/authTokens/activityHeartbeat', body: { lastActive: new Date().toISOString() } }),
  },
  { route: 'GET /api/:userSlug/:userId', req: get('PLACEHOLDER') },
  {
    route: 'PATCH /api/:userSlug/:userId',
    req: (p) => ({ method: 'PATCH', url: aUrl(), body: { job: `set by ${p}` } }),
    after: async () => {
      const [row] = await ctx.database.db.select().from(users).where(eq(users.id, A.userId));
      expect(row!.profile.job).toBe('set by citizenA');
    },
  },
  {
    route: 'POST /api/:userSlug/change-password',
    req: () => ({
      method: 'POST',
      url: '/api/citizen/change-password',
      body: { oldPassword: aPassword, newPassword: 'Chang3d!Pass' },
    }),
    // B's own account: A's password is not B's. Staff and agents are another user type (the policy refuses them).
    admitted: { citizenA: 200, citizenB: { status: 400, code: 'INVALID_PASSWORD' } },
    after: async () => {
      aPassword = 'Chang3d!Pass';
    },
  },
  {
    route: 'GET /api/:userSlug/verifyUserEmail/:userId',
    req: () => ({ method: 'GET', url: `/api/citizen/verifyUserEmail/${A.userId}` }),
  },
  {
    route: 'POST /api/:userSlug/verifyUserEmail',
    req: async () => {
      const mail = (await outboxTo(ctx.database.db, A.data.email)).filter((m) => m.body.includes('/email-verify?token=')).at(-1)!;
      return {
        method: 'POST',
        url: '/api/citizen/verifyUserEmail',
        body: { token: /token=([A-Za-z0-9_-]+)/.exec(mail.body)![1] },
      };
    },
    // Signed in; the link is A's own (the handler's check).
    admitted: { citizenA: 200, others: { status: 403, code: 'notAuthorized' } },
  },
  { route: 'POST /api/:userSlug/:userId/totp', req: () => ({ method: 'POST', url: aUrl('/totp'), body: {} }) },
  {
    route: 'POST /api/:userSlug/:userId/totp/confirm',
    req: () => ({ method: 'POST', url: aUrl('/totp/confirm'), body: { code: '000000' } }),
    admitted: { citizenA: { status: 401, code: 'WRONG_OTP' } },
  },
  {
    route: 'DELETE /api/:userSlug/:userId/totp',
    req: () => ({ method: 'DELETE', url: aUrl('/totp') }),
    admitted: { citizenA: 'handled' },
  },
  {
    route: 'POST /api/:userSlug/:userId/passkeys/options',
    req: () => ({ method: 'POST', url: aUrl('/passkeys/options'), body: {} }),
  },
  {
    route: 'POST /api/:userSlug/:userId/passkeys',
    req: () => ({ method: 'POST', url: aUrl('/passkeys'), body: { name: 'key', response: { id: 'x' } } }),
    admitted: { citizenA: { status: 401, code: 'WRONG_U2F' } },
  },
  {
    route: 'DELETE /api/:userSlug/:userId/passkeys/:credentialId',
    req: () => ({ method: 'DELETE', url: aUrl('/passkeys/some-credential') }),
    admitted: { citizenA: 'handled' },
  },

  /* ---- attachments, printed documents and tasks: the owner rule in the use case ---- */
  {
    route: 'POST /api/requests/:serviceSlug/attachments',
    req: async () => ({
      method: 'POST',
      url: '/api/requests/FAULTS_COMPLAINTS/attachments',
      body: await QRCode.toBuffer('fault'),
      headers: {
        'x-activity-id': 'apply',
        'x-field-id': 'photo',
        'x-file-name': 'fault.png',
        'idempotency-key': crypto.randomUUID(),
      },
    }),
    // FAULTS_COMPLAINTS takes visitors' requests: anyone may upload for it (CODEMETER's 401 is in files.test.ts).
    // agentOther is the same agent account as agent, whose unused upload for this one-photo field is already there.
    expect: {
      ...Object.fromEntries(PRINCIPALS.map((p) => [p, 201])),
      agentOther: { status: 400, code: 'FILE_COUNT_EXCEEDED' },
    } as Record<Principal, Cell>,
  },
  {
    route: 'GET /api/attachments/:id',
    req: async () => ({ method: 'GET', url: `/api/attachments/${(await filesOfA()).attachmentId}` }),
    expect: onlyA(200),
  },
  { route: 'GET /api/documents', req: get('/api/documents') },
  {
    route: 'GET /api/documents/:id/pdf',
    req: async () => ({ method: 'GET', url: `/api/documents/${(await filesOfA()).documentId}/pdf` }),
    expect: onlyA(200),
  },
  {
    route: 'POST /api/tasks/runTasks',
    req: () => ({
      method: 'POST',
      url: '/api/tasks/runTasks',
      body: { taskIds: ['favoriteServices'], favoriteServices: ['CODEMETER'] },
    }),
    // Favourites are a signed-in citizen's; the QR task is anyone's (files.test.ts).
    expect: {
      anonymous: { status: 401, code: 'UNAUTHORIZED' },
      citizenA: 200,
      citizenB: 200,
      staffReports: { status: 403, code: 'FORBIDDEN' },
      staffContent: { status: 403, code: 'FORBIDDEN' },
      staffAssigner: { status: 403, code: 'FORBIDDEN' },
      staffWith: { status: 403, code: 'FORBIDDEN' },
      agent: { status: 403, code: 'FORBIDDEN' },
      staffOther: { status: 403, code: 'FORBIDDEN' },
      agentOther: { status: 403, code: 'FORBIDDEN' },
    },
  },

  /* ---- meters and readings (issue 12): the owner (or their agent); staff in the meter's scope ---- */
  {
    route: 'GET /api/meters',
    req: get('/api/meters'),
    admitted: { agent: { status: 403, code: 'INVALID_REQUEST_OWNER_TOKEN' }, others: 200 },
  },
  {
    route: 'POST /api/meters',
    req: () => ({ method: 'POST', url: '/api/meters', body: meterBody() }),
    admitted: { agent: { status: 403, code: 'INVALID_REQUEST_OWNER_TOKEN' }, others: 201 },
  },
  {
    route: 'GET /api/meters/:id',
    req: async () => ({ method: 'GET', url: `/api/meters/${await aMeter('read')}` }),
    admitted: meterOwnerOnly(200),
  },
  {
    route: 'PATCH /api/meters/:id',
    req: async () => ({ method: 'PATCH', url: `/api/meters/${await aMeter('edit')}`, body: { ...meterBody(), version: 1 } }),
    admitted: meterOwnerOnly(200),
  },
  {
    route: 'POST /api/meters/:id/remove',
    req: async () => ({ method: 'POST', url: `/api/meters/${await aMeter('remove')}/remove`, body: { version: 1 } }),
    admitted: meterOwnerOnly(200),
  },
  {
    route: 'GET /api/meters/:id/readings',
    req: async () => ({ method: 'GET', url: `/api/meters/${await aMeter('readings', true)}/readings` }),
    admitted: meterOwnerOnly(200),
  },
  {
    route: 'POST /api/meters/:id/readings',
    req: async () => ({
      method: 'POST',
      url: `/api/meters/${await aMeter('read-submit', true)}/readings`,
      body: { value: 150, readAt: new Date().toISOString() },
      headers: { 'idempotency-key': crypto.randomUUID() },
    }),
    admitted: meterOwnerOnly(201),
  },
  /* ---- the services themselves (issue 26): MANAGE_SERVICES only, held by the demo manager (staffContent); the writes
     name a version the service is not at, so the manager is admitted and told it changed (nothing is written) ---- */
  { route: 'GET /api/staff/catalog/services', req: get('/api/staff/catalog/services') },
  { route: 'GET /api/staff/catalog/services/:serviceSlug', req: get('/api/staff/catalog/services/PAYBILLS') },
  {
    route: 'PUT /api/staff/catalog/services/:serviceSlug/settings',
    req: () => {
      const s = seedServices.find((x) => x.serviceSlug === 'PAYBILLS')!;
      return {
        method: 'PUT',
        url: '/api/staff/catalog/services/PAYBILLS/settings',
        body: { ...settingsOf(s), version: s.version + 1000 },
      };
    },
    admitted: { staffContent: { status: 409, code: 'SERVICE_CHANGED' } },
  },
  {
    route: 'PUT /api/staff/catalog/services/:serviceSlug/form',
    req: () => {
      const s = seedServices.find((x) => x.serviceSlug === 'PAYBILLS')!;
      return {
        method: 'PUT',
        url: '/api/staff/catalog/services/PAYBILLS/form',
        body: { version: s.version + 1000, activities: s.activities },
      };
    },
    admitted: { staffContent: { status: 409, code: 'SERVICE_CHANGED' } },
  },
  /* ---- the statistics dashboard (issue 25): ANALYTICS_DASHBOARD_USER; figures, never a citizen's data ---- */
  { route: 'GET /api/dashboard', req: get('/api/dashboard') },
  {
    route: 'GET /api/staff/meters',
    req: get('/api/staff/meters'),
    mayShowA: ['staffWith', 'staffOther'],
  },
  {
    route: 'POST /api/staff/meters/:id/decision',
    // A meter per principal, at its first version.
    req: async (p) => ({
      method: 'POST',
      url: `/api/staff/meters/${await aMeter(`decide-${p}`)}/decision`,
      body: { version: 1, decision: 'approve' },
    }),
    admitted: { staffOther: { status: 404, code: 'MODEL_NOT_FOUND' } },
    mayShowA: ['staffWith'],
  },
  /* ---- the staff workspace (issue 11): staff in the request's scope; another company's staff get 404 ---- */
  {
    route: 'GET /api/staff/requests/:serviceSlug/:id',
    req: async () => ({ method: 'GET', url: `/api/staff/requests/CODEMETER/${await aRequest('staff-read')}` }),
    admitted: { staffOther: { status: 404, code: 'MODEL_NOT_FOUND' } },
    mayShowA: ['staffWith'],
  },
  ...(['assign', 'status', 'comments', 'escalate'] as const).map((action): Row => ({
    route: `POST /api/staff/requests/:serviceSlug/:id/${action}`,
    // A request per principal, at its first version: one caller's change does not make the next one's stale.
    req: async (p) => ({
      method: 'POST',
      url: `/api/staff/requests/CODEMETER/${await aRequest(`staff-${action}-${p}`)}/${action}`,
      body:
        action === 'assign'
          ? { version: 1, assigneeId: null }
          : action === 'status'
            ? { version: 1, to: 'rejected', comment: 'Outside the coverage area.' }
            : action === 'comments'
              ? { version: 1, body: 'Checked.', internal: true }
              : { version: 1, escalated: true },
    }),
    admitted: { staffOther: { status: 404, code: 'MODEL_NOT_FOUND' } },
    mayShowA: ['staffWith'],
  })),
  {
    // A's CODEMETER request has a fixed fee: the holding's employee is told so; South Cairo's does not see it.
    route: 'POST /api/staff/requests/:serviceSlug/:id/fee',
    req: async (p) => ({
      method: 'POST',
      url: `/api/staff/requests/CODEMETER/${await aRequest(`staff-fee-${p}`)}/fee`,
      body: { version: 1, feePiastres: 10_000 },
    }),
    admitted: { staffWith: { status: 409, code: 'FEE_NOT_VARIABLE' }, staffOther: { status: 404, code: 'MODEL_NOT_FOUND' } },
  },
  {
    // A's bills and payments are on a meter of the holding (no company): South Cairo's staff read A's card only,
    // on any page (decision 076: the lists page on their own).
    route: 'GET /api/staff/citizens/:id/finance',
    req: async () => {
      await aPaymentsOf();
      return { method: 'GET', url: `/api/staff/citizens/${A.userId}/finance?limit=5&paymentsSkip=0&billsSkip=0` };
    },
    mayShowA: ['staffWith', 'staffOther'],
  },
  {
    // A's card payment was started, never paid: nothing to refund; outside South Cairo's scope it does not exist.
    route: 'POST /api/staff/payments/:id/refund',
    req: async () => ({
      method: 'POST',
      url: `/api/staff/payments/${(await aPaymentsOf()).cardId}/refund`,
      body: { reason: 'Paid twice' },
    }),
    admitted: {
      staffWith: { status: 409, code: 'PAYMENT_NOT_REFUNDABLE' },
      staffOther: { status: 404, code: 'MODEL_NOT_FOUND' },
    },
  },
  {
    route: 'GET /api/staff/requests/:serviceSlug/:id/colleagues',
    req: async () => ({ method: 'GET', url: `/api/staff/requests/CODEMETER/${await aRequest('staff-read')}/colleagues` }),
    admitted: { staffOther: { status: 404, code: 'MODEL_NOT_FOUND' } },
  },
  {
    route: 'POST /api/staff/assign-requests',
    req: async () => ({
      method: 'POST',
      url: '/api/staff/assign-requests',
      body: { requestIds: [await aRequest('staff-read')], installationCompanyId: 'ic-nour' },
    }),
    // A's request is new: not ready for an installation company (the assigner reaches it: it is the holding's).
    admitted: { staffAssigner: { status: 409, code: 'REQUEST_NOT_READY' } },
  },
  { route: 'GET /api/staff/installation-companies', req: get('/api/staff/installation-companies') },
  { route: 'GET /api/userGuides', req: get('/api/userGuides') },
  {
    route: 'POST /api/staff/owner-token',
    req: () => ({ method: 'POST', url: '/api/staff/owner-token', body: { nationalId: A.data.nationalId } }),
    mayShowA: ['staffWith'],
  },
  {
    // No company has this registration: the employees admitted are told so, nothing more.
    route: 'POST /api/staff/owner-token/company',
    req: () => ({
      method: 'POST',
      url: '/api/staff/owner-token/company',
      body: {
        commercialRegistration: '999999999',
        taxNumber: '999999999',
        companyName: 'No such company',
        authorisedName: 'Nobody Here',
        authorisedNationalId: A.data.nationalId,
      },
    }),
    admitted: { others: { status: 404, code: 'COMPANY_NOT_FOUND' } },
  },
  {
    route: 'GET /api/dynamic_services/inbox',
    req: get(`/api/dynamic_services/inbox?filter=${f({ serviceSlug: 'CODEMETER', limit: 100 })}`),
    mayShowA: ['staffWith'],
  },
  { route: 'GET /api/dynamic_services/inbox/count', req: get(`/api/dynamic_services/inbox/count?filter=${f({})}`) },
  {
    route: 'GET /api/dynamic_services/requestsInbox',
    req: get(`/api/dynamic_services/requestsInbox?filter=${f({ serviceSlug: 'CODEMETER', limit: 100 })}`),
    mayShowA: ['staffWith'],
  },

  /* ---- agents and staff ---- */
  { route: 'GET /api/agent/:id', req: () => ({ method: 'GET', url: `/api/agent/${ids.agent}` }) },
  {
    route: 'POST /api/agent/:id/citizen',
    req: () => ({ method: 'POST', url: `/api/agent/${ids.agent}/citizen`, body: { nationalId: A.data.nationalId } }),
    mayShowA: ['agent', 'agentOther'],
  },
  {
    // A's details: already registered, so the agent admitted is told so and no SMS goes out.
    route: 'POST /api/agent/:id/registrations',
    req: () => ({
      method: 'POST',
      url: `/api/agent/${ids.agent}/registrations`,
      body: { firstName: 'Test', lastName: 'Citizen', nationalId: A.data.nationalId, mobile: A.data.mobile },
    }),
    admitted: { others: { status: 409, code: 'Duplicate_Data' } },
  },
  {
    route: 'POST /api/agent/:id/registrations/confirm',
    req: () => ({
      method: 'POST',
      url: `/api/agent/${ids.agent}/registrations/confirm`,
      body: { registrationToken: 'no-such-registration-handle', code: '123456' },
    }),
    admitted: { others: { status: 400, code: 'REGISTRATION_EXPIRED' } },
  },
  {
    route: 'DELETE /api/agent/:id/citizen',
    req: () => ({ method: 'DELETE', url: `/api/agent/${ids.agent}/citizen` }),
  },
  {
    route: 'POST /api/citizens/search',
    req: () => ({ method: 'POST', url: '/api/citizens/search', body: { nationalId: A.data.nationalId } }),
    mayShowA: ['staffWith', 'agent', 'agentOther'],
  },

  /* ---- service requests: a stranger gets 404 for A's request or draft (never 403: no hint that it exists) ---- */
  {
    route: 'POST /api/requests/:serviceSlug',
    req: () => ({
      method: 'POST',
      url: '/api/requests/CODEMETER',
      body: { activityId: 'apply', data: validData('CODEMETER') },
      headers: withKey(),
    }),
    // CODEMETER does not take anonymous requests (FAULTS_COMPLAINTS does: requests.test.ts). Staff file for a
    // citizen only with an owner token naming them, an agent only while acting for one (decision 025).
    expect: {
      anonymous: { status: 401, code: 'UNAUTHORIZED' },
      citizenA: 201,
      citizenB: 201,
      staffReports: { status: 403, code: 'INVALID_REQUEST_OWNER_TOKEN' },
      staffContent: { status: 403, code: 'INVALID_REQUEST_OWNER_TOKEN' },
      staffAssigner: { status: 403, code: 'INVALID_REQUEST_OWNER_TOKEN' },
      staffWith: { status: 403, code: 'INVALID_REQUEST_OWNER_TOKEN' },
      agent: { status: 403, code: 'INVALID_REQUEST_OWNER_TOKEN' },
      staffOther: { status: 403, code: 'INVALID_REQUEST_OWNER_TOKEN' },
      agentOther: 201,
    },
  },
  { route: 'GET /api/requests/:serviceSlug', req: get('/api/requests/CODEMETER?status=new') },
  { route: 'GET /api/requests', req: get('/api/requests?limit=50') },
  { route: 'GET /api/requests/:serviceSlug/count', req: get('/api/requests/CODEMETER/count') },

  /* ---- tariffs (public) and bills: a citizen's own meters', an agent's for the citizen they act for ---- */
  { route: 'GET /api/tariffs', req: get('/api/tariffs'), expect: 'public' },
  // Reports (issue 25): the reports roles; financial ids with ACCESS_FINANCIAL_REPORTS (demo-reports holds it);
  // `{service}/reports` admits staff and asks the handler for a reports role or the service's product role.
  {
    route: 'GET /api/reports/:reportId',
    req: get('/api/reports/requests?from=2026-01-01&to=2026-01-31'),
  },
  {
    route: 'GET /api/reports/:reportId/export',
    req: get('/api/reports/requests/export?from=2026-01-01&to=2026-01-31&format=csv'),
  },
  {
    route: 'GET /api/reports/exports',
    req: get('/api/reports/exports'),
  },
  // Service quality (issue 26, decision 066): MANAGE_SERVICE_QUALITY only, which the demo manager (staffContent) holds;
  // server/routes/quality.test.ts covers the manager's work and another company's staff. No follow-up or message has
  // the ids below: the manager is admitted and finds nothing.
  { route: 'GET /api/quality/ratings', req: get('/api/quality/ratings?from=2026-01-01&to=2026-01-31') },
  { route: 'GET /api/quality/breaches', req: get('/api/quality/breaches?from=2026-01-01&to=2026-01-31') },
  { route: 'GET /api/quality/comments', req: get('/api/quality/comments') },
  { route: 'GET /api/quality/follow-ups', req: get('/api/quality/follow-ups') },
  {
    route: 'POST /api/quality/follow-ups/:id/reply',
    req: () => ({ method: 'POST', url: '/api/quality/follow-ups/999999999/reply', body: { message: 'hello' } }),
    admitted: { staffContent: { status: 404, code: 'MODEL_NOT_FOUND' } },
  },
  {
    route: 'POST /api/quality/follow-ups/:id/status',
    req: () => ({ method: 'POST', url: '/api/quality/follow-ups/999999999/status', body: { status: 'contacted' } }),
    admitted: { staffContent: { status: 404, code: 'MODEL_NOT_FOUND' } },
  },
  { route: 'GET /api/quality/contact-messages', req: get('/api/quality/contact-messages') },
  {
    route: 'POST /api/quality/contact-messages/:id/assign',
    req: () => ({ method: 'POST', url: '/api/quality/contact-messages/999999999/assign', body: { assigneeId: null } }),
    admitted: { staffContent: { status: 404, code: 'MODEL_NOT_FOUND' } },
  },
  {
    route: 'POST /api/quality/contact-messages/:id/reply',
    req: () => ({
      method: 'POST',
      url: '/api/quality/contact-messages/999999999/reply',
      body: { channel: 'email', message: 'hello' },
    }),
    admitted: { staffContent: { status: 404, code: 'MODEL_NOT_FOUND' } },
  },
  {
    route: 'POST /api/quality/contact-messages/:id/close',
    req: () => ({ method: 'POST', url: '/api/quality/contact-messages/999999999/close' }),
    admitted: { staffContent: { status: 404, code: 'MODEL_NOT_FOUND' } },
  },
  { route: 'GET /api/quality/colleagues', req: get('/api/quality/colleagues') },
  {
    route: 'GET /api/requests/:serviceSlug/reports',
    req: get('/api/requests/CODEMETER/reports?from=2026-01-01&to=2026-01-31'),
    admitted: { staffReports: 200, others: { status: 403, code: 'FORBIDDEN' } },
  },
  {
    route: 'GET /api/bills',
    req: async () => {
      await aBill(); // A has a bill: everyone else's list must still be their own (empty)
      return { method: 'GET', url: '/api/bills?limit=50' };
    },
  },
  {
    route: 'GET /api/bills/:id',
    req: async () => ({ method: 'GET', url: `/api/bills/${await aBill()}` }),
    admitted: { citizenA: 200, others: { status: 404, code: 'MODEL_NOT_FOUND' } },
  },
  {
    route: 'GET /api/requests/:serviceSlug/findOne',
    req: async () => ({
      method: 'GET',
      url: `/api/requests/CODEMETER/findOne?filter=${f({ where: { id: await aRequest('findOne') } })}&withDocuments=true`,
    }),
    expect: { ...all(404, 'MODEL_NOT_FOUND'), citizenA: 200 },
  },
  {
    route: 'PATCH /api/requests/:serviceSlug/:id',
    req: async () => {
      const id = await aRequest('patch');
      // Staff asked for extra information: the citizen completes the form again.
      await ctx.database.db.update(requests).set({ status: 'needs_info' }).where(eq(requests.id, id));
      return {
        method: 'PATCH',
        url: `/api/requests/CODEMETER/${id}`,
        body: { activityId: 'apply', data: validData('CODEMETER') },
        headers: withKey(),
      };
    },
    expect: { ...all(404, 'MODEL_NOT_FOUND'), citizenA: 200 },
  },
  {
    route: 'POST /api/requests/:serviceSlug/:id/cancel',
    req: async () => ({
      method: 'POST',
      url: `/api/requests/CODEMETER/${await aRequest('cancel')}/cancel`,
      body: {},
      headers: withKey(),
    }),
    expect: { ...all(404, 'MODEL_NOT_FOUND'), citizenA: 200 },
  },
  {
    route: 'POST /api/requests/:serviceSlug/:id/comments',
    req: async () => ({
      method: 'POST',
      url: `/api/requests/CODEMETER/${await aRequest('comment')}/comments`,
      body: { body: 'When will the meter come?' },
      headers: withKey(),
    }),
    expect: { ...all(404, 'MODEL_NOT_FOUND'), citizenA: 201 },
  },
  {
    route: 'POST /api/requests/:serviceSlug/fieldHandler',
    req: () => ({
      method: 'POST',
      url: '/api/requests/CODEMETER/fieldHandler',
      body: { activityId: 'apply', fieldId: 'nationalId', data: { nationalId: '123' } },
    }),
    expect: 'public',
  },
  { route: 'GET /api/drafts', req: get('/api/drafts') },
  {
    route: 'PUT /api/drafts/:id',
    req: async (p) => ({
      method: 'PUT',
      url: `/api/drafts/${await aDraft()}`,
      body: { serviceSlug: 'CODEMETER', activityId: 'apply', data: { note: `set by ${p}` } },
    }),
    admitted: { citizenA: 200, others: { status: 404, code: 'MODEL_NOT_FOUND' } },
    after: async () => {
      const [row] = await ctx.database.db
        .select()
        .from(drafts)
        .where(eq(drafts.id, await aDraft()));
      expect(row!.data).toEqual({ note: 'set by citizenA' });
    },
  },
  {
    route: 'DELETE /api/drafts/:id',
    req: async () => ({ method: 'DELETE', url: `/api/drafts/${await aDraft()}` }),
    // Someone else's id: nothing of theirs to delete (200, deleted false); A's draft stays until A deletes it.
    after: async () => {
      expect(
        await ctx.database.db
          .select()
          .from(drafts)
          .where(eq(drafts.id, await aDraft())),
      ).toEqual([]);
    },
  },
  { route: 'GET /api/Notifications', req: get('/api/Notifications') },
  /* ---- payments (decision 027) ---- */
  { route: 'GET /api/payments/methods', req: get('/api/payments/methods'), expect: 'public' },
  {
    route: 'POST /api/payments/bills',
    req: async () => ({
      method: 'POST',
      url: '/api/payments/bills',
      body: { billIds: [await aBill()], channel: 'card', ...RETURN },
      headers: withKey(),
    }),
    admitted: { citizenA: 201, citizenB: { status: 404, code: 'MODEL_NOT_FOUND' } },
  },
  {
    route: 'GET /api/payments/bills/quote',
    req: async () => ({ method: 'GET', url: `/api/payments/bills/quote?ids=${await aBill()}` }),
    admitted: { citizenA: 200, citizenB: { status: 404, code: 'MODEL_NOT_FOUND' } },
  },
  {
    route: 'GET /api/payments/:id',
    req: async () => ({ method: 'GET', url: `/api/payments/${(await aPaymentsOf()).cardId}` }),
    admitted: { citizenA: 200, others: { status: 404, code: 'MODEL_NOT_FOUND' } },
  },
  {
    route: 'GET /api/payments/code/:referenceNumber',
    req: async () => ({ method: 'GET', url: `/api/payments/code/${(await aPaymentsOf()).code}` }),
    admitted: { citizenA: 200, others: { status: 400, code: 'INVALID_PAYMENT_NUMBER' } },
  },
  {
    route: 'GET /api/requests/:serviceSlug/:id/activity/:activityId/paymentDetails',
    req: async () => ({
      method: 'GET',
      url: `/api/requests/CODEMETER/${await aRequest('paymentDetails')}/activity/pay/paymentDetails`,
    }),
    expect: { ...all(404, 'MODEL_NOT_FOUND'), citizenA: 200 },
  },
  {
    route: 'POST /api/requests/:serviceSlug/:id/activity/:activityId/paymentMeans',
    req: async () => ({
      method: 'POST',
      url: `/api/requests/CODEMETER/${await aRequest('paymentMeans')}/activity/pay/paymentMeans`,
      body: { channel: 'card', ...RETURN },
      headers: withKey(),
    }),
    expect: { ...all(404, 'MODEL_NOT_FOUND'), citizenA: 201 },
  },
  {
    route: 'GET /api/requests/:serviceSlug/:id/paymentStatus',
    req: async () => ({ method: 'GET', url: `/api/requests/CODEMETER/${await aRequest('paymentStatus')}/paymentStatus` }),
    expect: { ...all(404, 'MODEL_NOT_FOUND'), citizenA: 200 },
  },
  // Gateways call these: the signature decides, not the session.
  {
    route: 'POST /api/payments/callbacks/paymob',
    req: () => ({ method: 'POST', url: '/api/payments/callbacks/paymob?hmac=00', body: { type: 'TRANSACTION', obj: { id: 1 } } }),
    expect: all(401, 'INVALID_SIGNATURE'),
  },
  {
    route: 'POST /api/payments/callbacks/sandbox',
    req: () => ({
      method: 'POST',
      url: '/api/payments/callbacks/sandbox?hmac=00',
      body: { type: 'TRANSACTION', obj: { id: 1 } },
    }),
    expect: all(401, 'INVALID_SIGNATURE'),
  },
  {
    route: 'POST /api/payments/callbacks/fawry',
    req: () => ({ method: 'POST', url: '/api/payments/callbacks/fawry', body: { fawryRefNumber: '1', messageSignature: 'x' } }),
    expect: all(401, 'INVALID_SIGNATURE'),
  },
  // The sandbox gateway's page: the payment id is the key (as a gateway's payment token is); it shows the amount only.
  {
    route: 'GET /api/sandbox-gateway/:id',
    req: async () => ({ method: 'GET', url: `/api/sandbox-gateway/${(await aPaymentsOf()).cardId}` }),
    expect: 'public',
  },
  {
    route: 'POST /api/sandbox-gateway/:id',
    req: () => ({ method: 'POST', url: `/api/sandbox-gateway/${crypto.randomUUID()}`, body: { cardNumber: '4242424242424242' } }),
    expect: all(404, 'MODEL_NOT_FOUND'),
  },
  { route: 'GET /api/Notifications/count', req: get('/api/Notifications/count') },
  {
    route: 'POST /api/Notifications/markAsRead',
    req: () => ({ method: 'POST', url: '/api/Notifications/markAsRead', body: { all: true } }),
  },
  {
    route: 'POST /api/Notifications/markAsSeen',
    req: () => ({ method: 'POST', url: '/api/Notifications/markAsSeen', body: {} }),
  },
  /* ---- web push (decision 051) ---- */
  { route: 'GET /api/push/key', req: get('/api/push/key'), expect: 'public' },
  { route: 'GET /api/push/subscriptions', req: get('/api/push/subscriptions') },
  {
    route: 'POST /api/push/subscriptions',
    req: (p) => ({ method: 'POST', url: '/api/push/subscriptions', body: pushBody(`authz-${p}`) }),
  },
  {
    route: 'DELETE /api/push/subscriptions/:id',
    req: async () => ({ method: 'DELETE', url: `/api/push/subscriptions/${await aSubscription()}` }),
    // Someone else's device: not found, and A's stays until A removes it.
    admitted: { citizenA: 200, others: { status: 404, code: 'MODEL_NOT_FOUND' } },
    after: async () => {
      const res = await call(ctx, 'GET', '/api/push/subscriptions', { as: await directSession(ctx, A.userId) });
      expect((res.json() as { items: { id: string }[] }).items.map((i) => i.id)).not.toContain(await aSubscription());
    },
  },

  /* ---- the portal's content (issue 26, decision 067): the content manager only ---- */
  { route: 'GET /api/content/news', req: get('/api/content/news') },
  {
    route: 'POST /api/content/news',
    req: () => ({ method: 'POST', url: '/api/content/news', body: newsBody('authz') }),
    admitted: { others: 201 },
  },
  { route: 'GET /api/content/news/:id', req: async () => ({ method: 'GET', url: `/api/content/news/${await contentNews()}` }) },
  {
    route: 'PUT /api/content/news/:id',
    req: async () => ({ method: 'PUT', url: `/api/content/news/${await contentNews()}`, body: newsBody('edited') }),
  },
  {
    route: 'POST /api/content/news/:id/publish',
    req: async () => ({ method: 'POST', url: `/api/content/news/${await contentNews()}/publish`, body: {} }),
  },
  {
    route: 'POST /api/content/news/:id/withdraw',
    // A draft (a fresh item per row) is not withdrawn: only what was published.
    req: async () => ({ method: 'POST', url: `/api/content/news/${await contentNews('withdraw')}/withdraw` }),
    admitted: { others: { status: 409, code: 'TRANSITION_NOT_ALLOWED' } },
  },
  {
    route: 'POST /api/content/files',
    req: () => ({
      method: 'POST',
      url: '/api/content/files',
      body: Buffer.from('%PDF-1.4\n%%EOF\n'),
      headers: { 'x-file-name': 'guide.pdf', 'x-file-kind': 'pdf', 'idempotency-key': crypto.randomUUID() },
    }),
    admitted: { others: 201 },
  },
  { route: 'GET /api/content/files/:id', req: get('/api/content/files/no-such-file'), expect: all(404, 'MODEL_NOT_FOUND') },
  { route: 'GET /api/content/guides', req: get('/api/content/guides') },
  {
    route: 'POST /api/content/guides',
    req: () => ({ method: 'POST', url: '/api/content/guides', body: guideBody }),
    admitted: { others: 201 },
  },
  {
    route: 'PUT /api/content/guides/:id',
    req: () => ({ method: 'PUT', url: '/api/content/guides/guide-staff-workspace', body: { ...guideBody, audience: ['staff'] } }),
  },
  {
    route: 'DELETE /api/content/guides/:id',
    req: () => ({ method: 'DELETE', url: '/api/content/guides/guide-code-of-conduct' }),
  },
  {
    route: 'PUT /api/content/guide-order',
    req: async () => ({ method: 'PUT', url: '/api/content/guide-order', body: { ids: await guideIds() } }),
  },
  { route: 'GET /api/content/banners', req: get('/api/content/banners') },
  {
    route: 'POST /api/content/banners',
    req: () => ({ method: 'POST', url: '/api/content/banners', body: bannerBody }),
    admitted: { others: 201 },
  },
  {
    route: 'PUT /api/content/banners/:id',
    req: async () => ({ method: 'PUT', url: `/api/content/banners/${await contentBanner()}`, body: bannerBody }),
  },
  {
    route: 'DELETE /api/content/banners/:id',
    req: async () => ({ method: 'DELETE', url: `/api/content/banners/${await contentBanner('delete')}` }),
  },
  { route: 'GET /api/content/faq', req: get('/api/content/faq') },
  {
    route: 'POST /api/content/faq',
    req: () => ({ method: 'POST', url: '/api/content/faq', body: faqBody }),
    admitted: { others: 201 },
  },
  {
    route: 'PUT /api/content/faq/:id',
    req: async () => ({ method: 'PUT', url: `/api/content/faq/${await contentFaq()}`, body: faqBody }),
  },
  {
    route: 'DELETE /api/content/faq/:id',
    req: async () => ({ method: 'DELETE', url: `/api/content/faq/${await contentFaq('delete')}` }),
  },
  { route: 'GET /api/content/figures', req: get('/api/content/figures') },
  {
    route: 'PUT /api/content/figures',
    req: () => ({ method: 'PUT', url: '/api/content/figures', body: { clientsMillions: 6, centres: 401 } }),
  },
  // The data-access record (issue 28, decision 071): AUDIT_DATA_ACCESS only, which no principal here holds (the
  // auditor's own reads are server/routes/data-access.test.ts's); each citizen lists their own looks and reports one.
  { route: 'GET /api/audit/data-access', req: get('/api/audit/data-access') },
  { route: 'GET /api/audit/data-access/export', req: get('/api/audit/data-access/export?lang=en') },
  { route: 'GET /api/data-access/mine', req: get('/api/data-access/mine') },
  {
    route: 'POST /api/data-access/mine/:id/report',
    req: () => ({ method: 'POST', url: '/api/data-access/mine/999999999/report', body: {} }),
    admitted: { others: { status: 404, code: 'MODEL_NOT_FOUND' } },
  },
];
// The current-user row needs A's id, known only after sign-up.
rows.find((r) => r.route === 'GET /api/:userSlug/:userId')!.req = () => ({ method: 'GET', url: aUrl() });

/** HEAD routes Fastify adds for GET routes are covered by their GET row. */
const registered = () => {
  const keys = new Set(captured.map((r) => `${r.method} ${r.url}`));
  return [...keys].filter((k) => !(k.startsWith('HEAD ') && keys.has(`GET ${k.slice(5)}`))).sort();
};

describe('authorization matrix', () => {
  it('has a row for every registered route (and no row for a route that does not exist)', () => {
    const inMatrix = rows.map((r) => r.route).sort();
    expect(new Set(inMatrix).size).toBe(inMatrix.length);
    const all = registered();
    expect(
      all.filter((k) => !inMatrix.includes(k)),
      'routes without a matrix row',
    ).toEqual([]);
    expect(
      inMatrix.filter((k) => !all.includes(k)),
      'matrix rows without a route',
    ).toEqual([]);
  });

  it('every registered route declares its auth policy (only the documentation and probes are outside the contract)', () => {
    const withoutPolicy = registered().filter((k) => policyOf(k) === undefined);
    expect(withoutPolicy, 'routes registered without a policy').toEqual([...OUTSIDE_CONTRACT].sort());
    for (const row of rows) {
      const policy = policyOf(row.route) ?? 'public';
      // A public route's answers are the handler's: written out. Any other policy's refusals are derived.
      if (policy === 'public') expect(row.expect !== undefined && row.admitted === undefined, row.route).toBe(true);
      else expect(row.expect === undefined, `${row.route}: derive the refusals from its policy`).toBe(true);
    }
  });

  it('lists every route that is not public, with its policy (a change of who may call is a visible change)', () => {
    // Those who handle requests (decision 036): a service's workflow names which of them move its requests.
    const REQUEST_WORK = [
      'HANDLE_METER_REQUESTS',
      'HANDLE_CONNECTION_REQUESTS',
      'HANDLE_CONTRACT_REQUESTS',
      'HANDLE_BILLING_REQUESTS',
      'HANDLE_CARE_REQUESTS',
      'TECHNICAL_SUPPORT',
    ];
    const declared = Object.fromEntries(
      registered()
        .map((k) => [k, policyOf(k)] as const)
        .filter(([, policy]) => policy !== undefined && policy !== 'public'),
    );
    expect(declared).toEqual({
      'DELETE /api/:userSlug/:userId/passkeys/:credentialId': 'self',
      'DELETE /api/:userSlug/:userId/totp': 'self',
      'DELETE /api/agent/:id/citizen': { kinds: ['agent'] },
      'GET /api/:userSlug/:userId': 'self',
      'GET /api/:userSlug/verifyUserEmail/:userId': 'self',
      'GET /api/agent/:id': { kinds: ['agent'] },
      'PATCH /api/:userSlug/:userId': 'self',
      'POST /api/:userSlug/:userId/passkeys': 'self',
      'POST /api/:userSlug/:userId/passkeys/options': 'self',
      'POST /api/:userSlug/:userId/totp': 'self',
      'POST /api/:userSlug/:userId/totp/confirm': 'self',
      'POST /api/:userSlug/change-password': 'ownType',
      'POST /api/:userSlug/verifyUserEmail': 'signedIn',
      'POST /api/agent/:id/citizen': { kinds: ['agent'] },
      'POST /api/agent/:id/registrations': { kinds: ['agent'] },
      'POST /api/agent/:id/registrations/confirm': { kinds: ['agent'] },
      'POST /api/authTokens/activityHeartbeat': 'signedIn',
      'POST /api/citizens/search': { kinds: ['agent'], roles: ['TECHNICAL_SUPPORT'] },
      'GET /api/documents': 'signedIn',
      'GET /api/requests': 'signedIn',
      'GET /api/bills': { kinds: ['citizen', 'agent'] },
      'GET /api/bills/:id': { kinds: ['citizen', 'agent'] },
      'GET /api/requests/:serviceSlug': 'signedIn',
      'GET /api/requests/:serviceSlug/count': 'signedIn',
      'GET /api/drafts': 'signedIn',
      'PUT /api/drafts/:id': 'signedIn',
      'DELETE /api/drafts/:id': 'signedIn',
      'GET /api/Notifications': 'signedIn',
      'POST /api/payments/bills': { kinds: ['citizen'] },
      'GET /api/payments/bills/quote': { kinds: ['citizen'] },
      'GET /api/payments/:id': 'signedIn',
      'GET /api/payments/code/:referenceNumber': 'signedIn',
      'GET /api/Notifications/count': 'signedIn',
      'POST /api/Notifications/markAsRead': 'signedIn',
      'POST /api/Notifications/markAsSeen': 'signedIn',
      'GET /api/push/subscriptions': 'signedIn',
      'POST /api/push/subscriptions': 'signedIn',
      'DELETE /api/push/subscriptions/:id': 'signedIn',
      'GET /api/staff/requests/:serviceSlug/:id': { roles: REQUEST_WORK },
      'POST /api/staff/requests/:serviceSlug/:id/assign': { roles: REQUEST_WORK },
      'POST /api/staff/requests/:serviceSlug/:id/status': { roles: REQUEST_WORK },
      'POST /api/staff/requests/:serviceSlug/:id/comments': { roles: REQUEST_WORK },
      'POST /api/staff/requests/:serviceSlug/:id/escalate': { roles: REQUEST_WORK },
      'GET /api/staff/requests/:serviceSlug/:id/colleagues': { roles: REQUEST_WORK },
      'POST /api/staff/requests/:serviceSlug/:id/fee': { roles: REQUEST_WORK },
      'GET /api/staff/citizens/:id/finance': { roles: ['TECHNICAL_SUPPORT', 'HANDLE_BILLING_REQUESTS'] },
      'POST /api/staff/payments/:id/refund': { roles: ['HANDLE_BILLING_REQUESTS'] },
      'POST /api/staff/assign-requests': { roles: ['EmployeeAssignExternalCompany'] },
      'GET /api/staff/installation-companies': { roles: ['EmployeeAssignExternalCompany'] },
      'POST /api/staff/owner-token': { roles: ['TECHNICAL_SUPPORT'] },
      'POST /api/staff/owner-token/company': { roles: ['TECHNICAL_SUPPORT'] },
      'GET /api/userGuides': { kinds: ['staff'] },
      'GET /api/dynamic_services/inbox': { roles: [...REQUEST_WORK, 'EmployeeAssignExternalCompany'] },
      'GET /api/dynamic_services/inbox/count': { roles: [...REQUEST_WORK, 'EmployeeAssignExternalCompany'] },
      'GET /api/dynamic_services/requestsInbox': { roles: [...REQUEST_WORK, 'EmployeeAssignExternalCompany'] },
      'GET /api/meters': { kinds: ['citizen', 'agent'] },
      'POST /api/meters': { kinds: ['citizen', 'agent'] },
      'GET /api/meters/:id': { kinds: ['citizen', 'agent'] },
      'PATCH /api/meters/:id': { kinds: ['citizen', 'agent'] },
      'POST /api/meters/:id/remove': { kinds: ['citizen', 'agent'] },
      'GET /api/meters/:id/readings': { kinds: ['citizen', 'agent'] },
      'POST /api/meters/:id/readings': { kinds: ['citizen', 'agent'] },
      'GET /api/staff/meters': { roles: ['APPROVE_METERS'] },
      'GET /api/dashboard': { roles: ['ANALYTICS_DASHBOARD_USER'] },
      'GET /api/staff/catalog/services': { roles: ['MANAGE_SERVICES'] },
      'GET /api/staff/catalog/services/:serviceSlug': { roles: ['MANAGE_SERVICES'] },
      'PUT /api/staff/catalog/services/:serviceSlug/settings': { roles: ['MANAGE_SERVICES'] },
      'PUT /api/staff/catalog/services/:serviceSlug/form': { roles: ['MANAGE_SERVICES'] },
      'POST /api/staff/meters/:id/decision': { roles: ['APPROVE_METERS'] },
      'GET /api/reports/:reportId': { roles: ['ACCESS_REPORTS', 'ACCESS_FINANCIAL_REPORTS'] },
      'GET /api/reports/:reportId/export': { roles: ['ACCESS_REPORTS', 'ACCESS_FINANCIAL_REPORTS'] },
      'GET /api/reports/exports': { roles: ['TECHNICAL_SUPPORT'] },
      'GET /api/requests/:serviceSlug/reports': { kinds: ['staff'] },
      'GET /api/quality/ratings': { roles: ['MANAGE_SERVICE_QUALITY'] },
      'GET /api/quality/breaches': { roles: ['MANAGE_SERVICE_QUALITY'] },
      'GET /api/quality/comments': { roles: ['MANAGE_SERVICE_QUALITY'] },
      'GET /api/quality/follow-ups': { roles: ['MANAGE_SERVICE_QUALITY'] },
      'POST /api/quality/follow-ups/:id/reply': { roles: ['MANAGE_SERVICE_QUALITY'] },
      'POST /api/quality/follow-ups/:id/status': { roles: ['MANAGE_SERVICE_QUALITY'] },
      'GET /api/quality/contact-messages': { roles: ['MANAGE_SERVICE_QUALITY'] },
      'POST /api/quality/contact-messages/:id/assign': { roles: ['MANAGE_SERVICE_QUALITY'] },
      'POST /api/quality/contact-messages/:id/reply': { roles: ['MANAGE_SERVICE_QUALITY'] },
      'POST /api/quality/contact-messages/:id/close': { roles: ['MANAGE_SERVICE_QUALITY'] },
      'GET /api/quality/colleagues': { roles: ['MANAGE_SERVICE_QUALITY'] },
      'GET /api/content/news': { roles: ['MANAGE_CONTENT'] },
      'POST /api/content/news': { roles: ['MANAGE_CONTENT'] },
      'GET /api/content/news/:id': { roles: ['MANAGE_CONTENT'] },
      'PUT /api/content/news/:id': { roles: ['MANAGE_CONTENT'] },
      'POST /api/content/news/:id/publish': { roles: ['MANAGE_CONTENT'] },
      'POST /api/content/news/:id/withdraw': { roles: ['MANAGE_CONTENT'] },
      'POST /api/content/files': { roles: ['MANAGE_CONTENT'] },
      'GET /api/content/guides': { roles: ['MANAGE_CONTENT'] },
      'POST /api/content/guides': { roles: ['MANAGE_CONTENT'] },
      'PUT /api/content/guides/:id': { roles: ['MANAGE_CONTENT'] },
      'DELETE /api/content/guides/:id': { roles: ['MANAGE_CONTENT'] },
      'PUT /api/content/guide-order': { roles: ['MANAGE_CONTENT'] },
      'GET /api/content/banners': { roles: ['MANAGE_CONTENT'] },
      'POST /api/content/banners': { roles: ['MANAGE_CONTENT'] },
      'PUT /api/content/banners/:id': { roles: ['MANAGE_CONTENT'] },
      'DELETE /api/content/banners/:id': { roles: ['MANAGE_CONTENT'] },
      'GET /api/content/faq': { roles: ['MANAGE_CONTENT'] },
      'POST /api/content/faq': { roles: ['MANAGE_CONTENT'] },
      'PUT /api/content/faq/:id': { roles: ['MANAGE_CONTENT'] },
      'DELETE /api/content/faq/:id': { roles: ['MANAGE_CONTENT'] },
      'GET /api/content/figures': { roles: ['MANAGE_CONTENT'] },
      'PUT /api/content/figures': { roles: ['MANAGE_CONTENT'] },
      // The data-access record (decision 071): the auditor reads it; each citizen their own looks.
      'GET /api/audit/data-access': { roles: ['AUDIT_DATA_ACCESS'] },
      'GET /api/audit/data-access/export': { roles: ['AUDIT_DATA_ACCESS'] },
      'GET /api/data-access/mine': { kinds: ['citizen'] },
      'POST /api/data-access/mine/:id/report': { kinds: ['citizen'] },
    });
  });

  for (const row of rows) {
    it(row.route, async () => {
      const results: Partial<Record<Principal, { status: number; code?: string; body: string }>> = {};
      const derived: Partial<Record<Principal, Cell>> = {};
      // A last: the owner's own cell may change what the others would see (a verified e-mail, a new password).
      for (const p of [...PRINCIPALS.filter((x) => x !== 'citizenA'), 'citizenA'] as const) {
        const r = await row.req(p);
        const policy = policyOf(row.route);
        if (policy !== undefined && policy !== 'public') {
          const answer = decide(policy, p, paramsOf(row.route, r.url));
          derived[p] = answer === 'admitted' ? (row.admitted?.[p] ?? row.admitted?.others ?? 200) : answer;
        }
        const res = await call(ctx, r.method, r.url, {
          as: await sessionOf(p),
          ...(r.body !== undefined ? { body: r.body } : {}),
          ...(r.headers ? { headers: r.headers } : {}),
        });
        let code: string | undefined;
        try {
          code = (res.json() as { code?: string }).code;
        } catch {
          code = undefined;
        }
        results[p] = { status: res.statusCode, ...(code ? { code } : {}), body: res.body };
        if (p === 'citizenA' && res.statusCode < 300) await row.after?.();
      }
      const summary = Object.fromEntries(PRINCIPALS.map((p) => [p, `${results[p]!.status} ${results[p]!.code ?? ''}`.trim()]));

      for (const p of PRINCIPALS) {
        const r = results[p]!;
        if (row.route !== 'GET /') expect(r.status, `${p}: ${r.body.slice(0, 200)}`).toBeLessThan(500);
        // Never A's data to anyone else.
        if (p !== 'citizenA' && !row.mayShowA?.includes(p))
          for (const secret of [A.data.nationalId, A.data.mobile, A.data.email, A.userId])
            expect(r.body.includes(secret), `${p} sees ${secret}`).toBe(false);
      }

      const expectation = row.expect ?? (derived as Record<Principal, Cell>);
      if (expectation === 'public') {
        for (const p of PRINCIPALS) expect(results[p]!.status, `${p} ${JSON.stringify(summary)}`).toBeLessThan(300);
      } else if (expectation === 'same-for-all') {
        const first = `${results.anonymous!.status} ${results.anonymous!.code ?? ''}`;
        for (const p of PRINCIPALS) expect(`${results[p]!.status} ${results[p]!.code ?? ''}`, p).toBe(first);
      } else {
        const expected = Object.fromEntries(
          PRINCIPALS.map((p) => {
            const cell = expectation[p];
            const got = results[p]!;
            if (cell === 'handled')
              return [p, got.status < 500 && got.status !== 401 && got.status !== 403 ? summary[p] : 'handled (not 401/403/5xx)'];
            if (typeof cell === 'number') {
              // A refusal must carry its catalogued code.
              const code =
                cell === 401
                  ? got.code === 'GRANT_EXPIRED'
                    ? 'GRANT_EXPIRED'
                    : 'UNAUTHORIZED'
                  : cell === 403
                    ? 'FORBIDDEN'
                    : '';
              return [
                p,
                cell === 401 || cell === 403
                  ? `${cell} ${code}`
                  : cell < 300
                    ? summary[p]!.replace(/^\d+/, String(cell))
                    : `${cell} ${got.code ?? ''}`.trim(),
              ];
            }
            return [p, `${cell.status} ${cell.code}`];
          }),
        );
        expect(summary).toEqual(expected);
      }
    });
  }
});
