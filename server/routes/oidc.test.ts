import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Provider, { type InteractionResults } from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZApiError } from '../../contract/error-shape.ts';
import { ZAuthMeta, ZCurrentUser, ZSignedIn } from '../../contract/identity.ts';
import { externalIdentities, users } from '../db/schema.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

/*
 * External sign-in against a real OpenID provider (oidc-provider) started on a local port: the test plays the
 * browser (following redirects by hand with its own cookie jar) and the provider's login and consent pages
 * (answered at once for the account the test names), then hands code and state to exchangeToken.
 */

const ORIGIN = 'http://localhost:5173';
const REDIRECT = `${ORIGIN}/auth-callback`;
const CLIENT = { id: 'kahraba-portal', secret: crypto.randomBytes(24).toString('base64url') };

type Person = Record<string, string | boolean>;
const PEOPLE: Record<string, Person> = {
  'sub-alice': {
    email: 'alice.nour@example.com',
    email_verified: true,
    given_name: 'Alice',
    family_name: 'Nour',
    preferred_username: 'Alice.Nour',
  },
  // The demo citizen's verified address: the identity is linked to that account.
  'sub-ahmed': { email: 'citizen@kahraba.local', email_verified: true, given_name: 'Ahmed', family_name: 'Mahmoud' },
  // An unverified address that belongs to someone else: a new account without it.
  'sub-mallory': { email: 'citizen@kahraba.local', email_verified: false, name: 'Mallory Evil' },
};

let issuer: string;
let idp: http.Server;
/** The account the provider's login page signs in next. */
let signInAs = 'sub-alice';

async function startProvider(): Promise<void> {
  idp = http.createServer();
  await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
  const jwk = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        redirect_uris: [REDIRECT],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...jwk, kid: 'test', alg: 'RS256', use: 'sig' }] as never },
    cookies: { keys: [crypto.randomBytes(16).toString('hex')] },
    // PKCE is required of every client (S256 is the only method offered by default).
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username'],
    },
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub, ...PEOPLE[sub] }) }),
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  });
  // The provider's own pages: login and consent are granted at once.
  provider.use(async (koa, next) => {
    if (!koa.path.startsWith('/interaction/')) return next();
    const details = await provider.interactionDetails(koa.req, koa.res);
    let result: InteractionResults;
    if (details.prompt.name === 'login') {
      result = { login: { accountId: signInAs } };
    } else {
      const grant = new provider.Grant({ accountId: details.session!.accountId, clientId: String(details.params.client_id) });
      const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      result = { consent: { grantId: await grant.save() } };
    }
    koa.redirect(await provider.interactionResult(koa.req, koa.res, result, { mergeWithLastSubmission: false }));
  });
  idp.on('request', provider.callback());
}

/** The browser at the provider: follows redirects (keeping cookies) until it is sent back to /auth-callback. */
async function browse(authorizationUrl: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 12; hop++) {
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(';')[0]!;
      const i = pair.indexOf('=');
      const [name, value] = [pair.slice(0, i), pair.slice(i + 1)];
      if (!value || /expires=Thu, 01 Jan 1970/i.test(c)) jar.delete(name);
      else jar.set(name, value);
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`The provider stopped at ${url} with ${res.status}: ${await res.text()}`);
    const next = new URL(location, url);
    if (`${next.origin}${next.pathname}` === REDIRECT) return next;
    url = next.href;
  }
  throw new Error('Too many redirects');
}

let ctx: TestApp;
beforeAll(async () => {
  await startProvider();
  ctx = await buildTestApp(
    {
      PUBLIC_ORIGIN: ORIGIN,
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: CLIENT.id,
      OIDC_CLIENT_SECRET: CLIENT.secret,
      OIDC_PROVIDER_NAME: 'Test ID',
    },
    { demoUsers: true },
  );
});
afterAll(async () => {
  await ctx?.close();
  idp?.closeAllConnections();
  await new Promise((resolve) => idp?.close(resolve));
});

let nextIp = 0;
const freshIp = () => {
  nextIp++;
  return `10.60.${nextIp >> 8}.${nextIp & 255}`;
};
const apiError = (res: { json: () => unknown }) => ZApiError.parse(res.json());
const cookiesOf = (res: { headers: Record<string, unknown> }): string[] => {
  const raw = res.headers['set-cookie'];
  return raw === undefined ? [] : (Array.isArray(raw) ? raw : [raw]).map(String);
};

/** getAuthenticationMeta as the SPA calls it: the answer and the browser-binding cookie. */
async function authMeta(redirectUrl = REDIRECT, userSlug = 'citizen', app = ctx) {
  const res = await app.app.inject({
    method: 'GET',
    url: `/api/${userSlug}/getAuthenticationMeta?redirectUrl=${encodeURIComponent(redirectUrl)}`,
    remoteAddress: freshIp(),
  });
  const binding = cookiesOf(res)
    .find((c) => c.startsWith('kahraba_oidc='))
    ?.split(';')[0];
  return { res, binding };
}

const exchange = (body: Record<string, unknown>, cookie?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/citizen/exchangeToken',
    remoteAddress: freshIp(),
    headers: { 'content-type': 'application/json', 'x-csrf-token': 'anonymous', ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(body),
  });

/** A whole external sign-in as `sub`: authMeta, the provider, exchangeToken. */
async function signIn(sub: string, options: { forwardIss?: boolean } = {}) {
  signInAs = sub;
  const { res, binding } = await authMeta();
  expect(res.statusCode, res.body).toBe(200);
  const meta = ZAuthMeta.parse(res.json());
  const back = await browse(meta.authorizationUrl!);
  const body = {
    token: back.searchParams.get('code'),
    state: back.searchParams.get('state'),
    redirectUrl: REDIRECT,
    ...(options.forwardIss !== false && back.searchParams.get('iss') ? { iss: back.searchParams.get('iss') } : {}),
  };
  const done = await exchange(body, binding);
  return { done, body, binding, meta };
}

async function currentUserOf(res: { headers: Record<string, unknown>; json: () => unknown }) {
  const signedIn = ZSignedIn.parse(res.json());
  const sid = cookiesOf(res).find((c) => c.startsWith('kahraba_sid='));
  expect(sid).toBeDefined();
  const me = await ctx.app.inject({
    method: 'GET',
    url: `/api/citizen/${signedIn.user.id}`,
    headers: { cookie: sid!.split(';')[0]! },
  });
  expect(me.statusCode, me.body).toBe(200);
  return ZCurrentUser.parse(me.json());
}

describe('GET /api/:userSlug/getAuthenticationMeta', () => {
  it('answers the provider and an authorization URL with PKCE (S256), state and nonce', async () => {
    const { res, binding } = await authMeta();
    expect(res.statusCode, res.body).toBe(200);
    const meta = ZAuthMeta.parse(res.json());
    expect(meta).toMatchObject({ enabled: true, providerName: 'Test ID' });
    const url = new URL(meta.authorizationUrl!);
    expect(url.origin).toBe(issuer);
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({
      client_id: CLIENT.id,
      response_type: 'code',
      redirect_uri: REDIRECT,
      code_challenge_method: 'S256',
      scope: 'openid email profile',
    });
    expect(q.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.state).toBeTruthy();
    expect(q.nonce).toBeTruthy();
    expect(binding).toMatch(/^kahraba_oidc=[A-Za-z0-9_-]{32}$/);
    expect(cookiesOf(res)[0]).toMatch(/HttpOnly; SameSite=Lax; Max-Age=600/);
  });

  it('refuses a redirect URL that is not this portal\u2019s /auth-callback, and is off for staff types', async () => {
    for (const bad of ['https://evil.example/auth-callback', `${ORIGIN}/profile`, `${REDIRECT}?next=/x`, 'not a url']) {
      const { res } = await authMeta(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(apiError(res).code).toBe('INVALID_INPUT');
    }
    const staff = await authMeta(REDIRECT, 'employee');
    expect(staff.res.json()).toEqual({ enabled: false, authorizationUrl: null, providerName: null });
    expect((await authMeta(REDIRECT, 'nosuchtype')).res.statusCode).toBe(404);
  });
});

describe('POST /api/:userSlug/exchangeToken', () => {
  let aliceId: string;

  it('creates a citizen account for a new person and signs them in', async () => {
    const { done } = await signIn('sub-alice');
    expect(done.statusCode, done.body).toBe(200);
    const me = await currentUserOf(done);
    aliceId = me.id;
    expect(me).toMatchObject({
      userSlug: 'citizen',
      kind: 'citizen',
      username: 'alicenour',
      firstName: 'Alice',
      lastName: 'Nour',
      email: 'alice.nour@example.com',
      emailVerified: true,
      mobile: null,
      nationalId: null,
    });
    expect(cookiesOf(done).some((c) => /^kahraba_oidc=;.*Max-Age=0/.test(c))).toBe(true);
    const links = await ctx.database.db.select().from(externalIdentities).where(eq(externalIdentities.userId, me.id));
    expect(links).toEqual([expect.objectContaining({ issuer, subject: 'sub-alice' })]);
  });

  it('signs the same person in to the same account the next time (even when the client drops `iss`)', async () => {
    const before = (await ctx.database.db.select({ id: users.id }).from(users)).length;
    const { done } = await signIn('sub-alice', { forwardIss: false });
    expect(done.statusCode, done.body).toBe(200);
    expect((await currentUserOf(done)).id).toBe(aliceId);
    expect((await ctx.database.db.select({ id: users.id }).from(users)).length).toBe(before);
  });

  it('links a verified e-mail address to the existing citizen; an unverified one gets a new account', async () => {
    const linked = await signIn('sub-ahmed');
    expect(linked.done.statusCode, linked.done.body).toBe(200);
    expect((await currentUserOf(linked.done)).id).toBe('demo-citizen');

    const other = await signIn('sub-mallory');
    expect(other.done.statusCode, other.done.body).toBe(200);
    const me = await currentUserOf(other.done);
    expect(me.id).not.toBe('demo-citizen');
    expect(me).toMatchObject({ email: null, emailVerified: false, firstName: 'Mallory', lastName: 'Evil' });
    expect(me.username).toMatch(/^citizen\d{4,6}$/);
  });

  it('refuses a replayed or unknown state, another browser, and a code the provider does not know', async () => {
    const { done, body, binding } = await signIn('sub-alice');
    expect(done.statusCode).toBe(200);
    const replay = await exchange(body, binding);
    expect(replay.statusCode).toBe(401);
    expect(apiError(replay).code).toBe('GRANT_EXPIRED');
    expect(apiError(await exchange({ ...body, state: 'never-issued-state' }, binding)).code).toBe('GRANT_EXPIRED');

    // A code and state started by one browser cannot be used by another (login CSRF).
    signInAs = 'sub-alice';
    const started = await authMeta();
    const back = await browse(ZAuthMeta.parse(started.res.json()).authorizationUrl!);
    const stolen = { token: back.searchParams.get('code'), state: back.searchParams.get('state'), redirectUrl: REDIRECT };
    expect(apiError(await exchange(stolen)).code).toBe('GRANT_EXPIRED');

    // A state this browser started, with a made-up code: the provider refuses it.
    const fresh = await authMeta();
    const state = new URL(ZAuthMeta.parse(fresh.res.json()).authorizationUrl!).searchParams.get('state');
    const refused = await exchange({ token: 'made-up-code', state, redirectUrl: REDIRECT }, fresh.binding);
    expect(refused.statusCode).toBe(401);
    expect(apiError(refused).code).toBe('LOGIN_FAILED');
  });
});

describe('without a configured provider', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await buildTestApp({ PUBLIC_ORIGIN: ORIGIN }, { seed: true });
  });
  afterAll(() => plain?.close());

  it('answers enabled: false, and exchangeToken is not found', async () => {
    const { res } = await authMeta(REDIRECT, 'citizen', plain);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ enabled: false, authorizationUrl: null, providerName: null });
    const ex = await plain.app.inject({
      method: 'POST',
      url: '/api/citizen/exchangeToken',
      headers: { 'content-type': 'application/json', 'x-csrf-token': 'anonymous' },
      payload: JSON.stringify({ token: 'x', state: 'y', redirectUrl: REDIRECT }),
    });
    expect(ex.statusCode).toBe(404);
  });
});
