import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAgentView, ZCitizenSummary, ZCurrentUser, ZMailbox } from '../../contract/identity.ts';
import { oneTimeSecrets, outboxMessages, sessions, throttles, users } from '../db/schema.ts';
import { DEMO_TOTP } from '../seed/data/users.ts';
import type { MessageAdapter } from '../domain/outbox/adapters.ts';
import { enqueue } from '../domain/outbox/outbox.ts';
import { OutboxWorker } from '../domain/outbox/worker.ts';
import { sha256 } from '../domain/identity/crypto.ts';
import { issueOwnerToken } from '../domain/behalf/owner-tokens.ts';
import { FREE_FAILURES_PER_ADDRESS } from '../domain/identity/throttle.ts';
import { API_HEADERS, pageHeaders } from '../plugins/security-headers.ts';
import {
  AGENT_COOKIE,
  DEMO_PASSWORD,
  USER_COOKIE,
  apiError,
  call,
  cookieValue,
  directSession,
  expectError,
  fastDemoPasswords,
  freshIp,
  latestCode,
  login,
  loginRaw,
  loginStaff,
  sessionFrom,
  setCookies,
  signUp,
  signUpVerified,
  totpCode,
  type Session,
} from '../test/identity-helpers.ts';
import type { RouteDef } from '../../contract/route.ts';
import { routes } from '../../contract/routes.ts';
import { identityRoutes } from '../../contract/routes-identity.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

/**
 * Sessions through the API: sign-in (no account enumeration, growing delays, a new session each time), sign-out,
 * heartbeat and idle timeout, csrf and Origin checks, staff second factor, agents, the developer mailbox and the
 * outbox worker.
 */
let ctx: TestApp;
let ids: Record<string, string>;
beforeAll(async () => {
  ctx = await buildTestApp({}, { demoUsers: true });
  ids = await fastDemoPasswords(ctx);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const me = (s: Session) => call(ctx, 'GET', `/api/${s.userSlug}/${s.userId}`, { as: s });
const heartbeat = (s: Session | undefined, lastActive = new Date().toISOString()) =>
  call(ctx, 'POST', '/api/authTokens/activityHeartbeat', { as: s, body: { lastActive } });
const tokenOf = (s: Session) => s.cookie.split('=')[1]!;
const moveLastActive = (s: Session, msAgo: number) =>
  db()
    .update(sessions)
    .set({ lastActiveAt: new Date(Date.now() - msAgo) })
    .where(eq(sessions.tokenHash, sha256(tokenOf(s))));

/* ------------------------------------------------ sign-in ---------------------------------------------------- */

describe('sign-in (POST /api/{userSlug}/login)', () => {
  it('signs a citizen in: an HttpOnly SameSite=Lax cookie of 256 random bits, the csrf token and the user', async () => {
    const res = await loginRaw(ctx, 'citizen', 'citizen', DEMO_PASSWORD);
    const s = sessionFrom(res);
    const cookie = setCookies(res).find((c) => c.startsWith(`${USER_COOKIE}=`))!;
    expect(cookie).toMatch(/; Path=\/; HttpOnly; SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/); // plain http in tests; PUBLIC_ORIGIN https turns it on
    const body = res.json() as { user: unknown; csrfToken: string; idleTimeoutMs: number };
    expect(ZCurrentUser.parse(body.user)).toMatchObject({ id: ids.citizen, username: 'citizen' });
    expect(body.idleTimeoutMs).toBe(3_600_000);
    expect(s.csrf).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(res.body).not.toContain(tokenOf(s)); // the token is only in the cookie
  });

  it('accepts the e-mail, the mobile (Arabic-Indic digits too) or the national id as identifier', async () => {
    for (const identifier of ['CITIZEN@kahraba.local', '01000000001', '٠١٠٠٠٠٠٠٠٠١', ' 29001010100015 '])
      expect((await login(ctx, 'citizen', identifier)).userId, identifier).toBe(ids.citizen);
  });

  it('answers WRONG_CREDENTIALS alike for an unknown user and a wrong password (no enumeration)', async () => {
    const unknown = await loginRaw(ctx, 'citizen', 'nobody123', 'Wr0ng!Pass');
    const wrong = await loginRaw(ctx, 'citizen', 'assigner', 'Wr0ng!Pass', {});
    const wrongCitizen = await loginRaw(ctx, 'citizen', 'citizen', 'Wr0ng!Pass');
    for (const r of [unknown, wrong, wrongCitizen]) {
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual(unknown.json());
      expect(setCookies(r)).toEqual([]);
    }
    expect(apiError(unknown).code).toBe('WRONG_CREDENTIALS');
  });

  it('answers 404 to an unknown user type and 400 to an empty body', async () => {
    expectError(await loginRaw(ctx, 'nobody', 'citizen', DEMO_PASSWORD), 404, 'NOT_FOUND');
    const err = expectError(
      await call(ctx, 'POST', '/api/citizen/login', { body: { username: '', password: '' } }),
      400,
      'INVALID_INPUT',
    );
    expect(Object.keys(err.fieldErrors ?? {}).sort()).toEqual(['password', 'username']);
  });

  it('delays after 5 failures for an account (429 TOO_MANY_REQUESTS, growing), even with the right password', async () => {
    const { data, userId } = await signUpVerified(ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await loginRaw(ctx, 'citizen', data.username, 'Wr0ng!Pass')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const blocked = expectError(await loginRaw(ctx, 'citizen', data.username, data.password), 429, 'TOO_MANY_REQUESTS');
    expect(Number(blocked.details?.[0])).toBeGreaterThanOrEqual(1);
    // The account is blocked whichever identifier names it.
    for (const identifier of [data.email, data.mobile, data.nationalId])
      expectError(await loginRaw(ctx, 'citizen', identifier, data.password), 429, 'TOO_MANY_REQUESTS');
    const keys = [`login:id:${sha256(`citizen:${data.username}`)}`, `login:user:${userId}`];
    const row = async () => (await db().select().from(throttles).where(eq(throttles.key, keys[1]!)))[0]!;
    const unblock = () =>
      db()
        .update(throttles)
        .set({ blockedUntil: new Date(Date.now() - 1) })
        .where(inArray(throttles.key, keys));
    const first = await row();
    // The block ends; one more failure blocks twice as long.
    await unblock();
    expect((await loginRaw(ctx, 'citizen', data.mobile, 'Wr0ng!Pass')).statusCode).toBe(401);
    const second = await row();
    expect(second.failures).toBe(first.failures + 1);
    const firstMs = first.blockedUntil!.getTime() - Date.now();
    const secondMs = second.blockedUntil!.getTime() - Date.now();
    expect(secondMs).toBeGreaterThan(firstMs + 1000);
    // After the block, the right password signs in and clears the account's counts.
    await unblock();
    expect((await login(ctx, 'citizen', data.username, data.password)).userId).toBe(userId);
    expect(await db().select().from(throttles).where(inArray(throttles.key, keys))).toEqual([]);
  });

  it('a stranger guessing the password does not lock the owner out of a browser they signed in from before', async () => {
    const owner = await signUpVerified(ctx);
    const other = await signUpVerified(ctx);
    // The owner signs in once in their browser: it gets a device cookie (HttpOnly, half a year).
    const first = await loginRaw(ctx, 'citizen', owner.data.username, owner.data.password);
    expect(first.statusCode).toBe(200);
    const device = cookieValue(first, 'kahraba_device');
    expect(device).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(setCookies(first).find((c) => c.startsWith('kahraba_device='))).toMatch(/HttpOnly; SameSite=Lax; Max-Age=15552000/);
    const otherDevice = cookieValue(await loginRaw(ctx, 'citizen', other.data.username, other.data.password), 'kahraba_device')!;
    const fromDevice = (token: string, password: string) =>
      loginRaw(ctx, 'citizen', owner.data.username, password, { headers: { cookie: `kahraba_device=${token}` } });

    // A stranger keeps guessing, from address after address: the account is blocked for strangers...
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await loginRaw(ctx, 'citizen', owner.data.mobile, 'Wr0ng!Pass')).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
    expectError(await loginRaw(ctx, 'citizen', owner.data.username, owner.data.password), 429, 'TOO_MANY_REQUESTS');
    // ...and for a made-up device cookie or another account's...
    expectError(await fromDevice('A'.repeat(43), owner.data.password), 429, 'TOO_MANY_REQUESTS');
    expectError(await fromDevice(otherDevice, owner.data.password), 429, 'TOO_MANY_REQUESTS');
    // ...but the owner's own browser signs in.
    const back = await fromDevice(device!, owner.data.password);
    expect(back.statusCode, back.body).toBe(200);
    expect(sessionFrom(back).userId).toBe(owner.userId);
    // The stranger is still blocked.
    expectError(await loginRaw(ctx, 'citizen', owner.data.username, 'Wr0ng!Pass'), 429, 'TOO_MANY_REQUESTS');

    // Wrong guesses from the device itself block the device (its own budget), not the other way round.
    for (let i = 0; i < 5; i++) expectError(await fromDevice(device!, 'Wr0ng!Pass'), 401, 'WRONG_CREDENTIALS');
    expectError(await fromDevice(device!, owner.data.password), 429, 'TOO_MANY_REQUESTS');
  });

  it('a password reset forgets the devices that signed in with the old password', async () => {
    const owner = await signUpVerified(ctx);
    const device = cookieValue(await loginRaw(ctx, 'citizen', owner.data.username, owner.data.password), 'kahraba_device')!;
    const rows = () =>
      db()
        .select()
        .from(oneTimeSecrets)
        .where(and(eq(oneTimeSecrets.purpose, 'device'), eq(oneTimeSecrets.userId, owner.userId)));
    expect((await rows()).length).toBe(1);
    // Sign-in from the trusted device does not add another.
    const again = await loginRaw(ctx, 'citizen', owner.data.username, owner.data.password, {
      headers: { cookie: `kahraba_device=${device}` },
    });
    expect(again.statusCode).toBe(200);
    expect(cookieValue(again, 'kahraba_device')).toBeUndefined();
    expect((await rows()).length).toBe(1);
    const forgot = await call(ctx, 'POST', '/api/citizen/forgetPassword', {
      body: { identifier: owner.data.mobile, channel: 'sms' },
    });
    const { resetId } = forgot.json() as { resetId: string };
    const code = await latestCode(db(), owner.data.mobile);
    const { resetToken } = (
      await call(ctx, 'POST', '/api/citizen/validateResetPasswordOTP', { body: { resetId, code } })
    ).json() as { resetToken: string };
    const reset = await call(ctx, 'POST', '/api/citizen/reset-password', {
      body: { password: 'R3set!Pass', confirmPassword: 'R3set!Pass' },
      headers: { authorization: `Bearer ${resetToken}` },
    });
    expect(reset.statusCode).toBe(200);
    expect(await rows()).toEqual([]);
  });

  it('delays one client address that fails on many accounts', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    // An address is shared (a carrier's NAT, an office): six people's typos there lock nobody out.
    for (let i = 0; i < 6; i++) statuses.push((await loginRaw(ctx, 'citizen', `ghost${i}x`, 'Wr0ng!Pass', { ip })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401]);
    // Guesses sprayed over many accounts are held back at FREE_FAILURES_PER_ADDRESS.
    await ctx.database.db
      .update(throttles)
      .set({ failures: FREE_FAILURES_PER_ADDRESS - 1 })
      .where(eq(throttles.key, `login:ip:${ip}`));
    for (let i = 6; i < 8; i++) statuses.push((await loginRaw(ctx, 'citizen', `ghost${i}x`, 'Wr0ng!Pass', { ip })).statusCode);
    expect(statuses.slice(6)).toEqual([401, 429]);
    expectError(await loginRaw(ctx, 'citizen', 'citizen', DEMO_PASSWORD, { ip }), 429, 'TOO_MANY_REQUESTS');
  });

  it('opens a new session at each sign-in; a signed-in client gets ALREADY_LOGGED_IN', async () => {
    const a = await login(ctx, 'citizen', 'citizen');
    const b = await login(ctx, 'citizen', 'citizen');
    expect(tokenOf(a)).not.toBe(tokenOf(b));
    expect(a.csrf).not.toBe(b.csrf);
    expect((await me(a)).statusCode).toBe(200);
    expect((await me(b)).statusCode).toBe(200);
    expectError(await loginRaw(ctx, 'citizen', 'citizen', DEMO_PASSWORD, { as: a }), 409, 'ALREADY_LOGGED_IN');
  });

  it('never adopts a token the client brings (session fixation); an expired session is replaced', async () => {
    const planted = 'A'.repeat(43);
    const res = await loginRaw(ctx, 'citizen', 'citizen', DEMO_PASSWORD, {
      as: { cookie: `${USER_COOKIE}=${planted}`, csrf: 'x', userId: '', userSlug: 'citizen' },
    });
    const s = sessionFrom(res);
    expect(tokenOf(s)).not.toBe(planted);
    await moveLastActive(s, ctx.config.idleTimeoutMs + 1000);
    const replaced = await loginRaw(ctx, 'citizen', 'citizen', DEMO_PASSWORD, { as: s });
    // One Set-Cookie for the cookie: the new session, not a clearing one next to it.
    expect(setCookies(replaced).filter((c) => c.startsWith(`${USER_COOKIE}=`))).toHaveLength(1);
    const again = sessionFrom(replaced);
    expect(tokenOf(again)).not.toBe(tokenOf(s));
    expectError(await me(s), 401, 'GRANT_EXPIRED');
    expect((await me(again)).statusCode).toBe(200);
  });

  it('does not sign a disabled account in (same answer as a wrong password)', async () => {
    const { data, session, userId } = await signUpVerified(ctx);
    await db().update(users).set({ disabled: true }).where(eq(users.id, userId));
    expectError(await loginRaw(ctx, 'citizen', data.username, data.password), 401, 'WRONG_CREDENTIALS');
    expectError(await me(session), 401, 'UNAUTHORIZED');
  });
});

/* ------------------------------------------------ staff second factor ---------------------------------------- */

describe('staff sign-in needs the second factor', () => {
  it('answers mfa-required with the methods, and no session cookie, after the password', async () => {
    const res = await loginRaw(ctx, 'employee', 'employee', DEMO_PASSWORD);
    expect(res.json()).toMatchObject({ status: 'mfa-required', methods: ['totp'] });
    // Only the device cookie: the password was proven in this browser (its own guess budget), no session yet.
    expect(setCookies(res).map((c) => c.split('=')[0])).toEqual(['kahraba_device']);
  });

  it('answers NO_2FA_REGISTERED to staff without a second factor', async () => {
    await db().update(users).set({ totpEnabled: false }).where(eq(users.id, ids.assigner!));
    try {
      expectError(await loginRaw(ctx, 'we_employee', 'assigner', DEMO_PASSWORD), 400, 'NO_2FA_REGISTERED');
    } finally {
      await db().update(users).set({ totpEnabled: true }).where(eq(users.id, ids.assigner!));
    }
  });

  it('signs staff in with the authenticator code, and refuses a code of another step', async () => {
    const s = await loginStaff(ctx, 'reports');
    const user = ZCurrentUser.parse((await me(s)).json());
    expect(user).toMatchObject({
      username: 'reports',
      roles: ['ACCESS_REPORTS', 'ACCESS_FINANCIAL_REPORTS', 'ANALYTICS_DASHBOARD_USER'],
    });
    const step = (await loginRaw(ctx, 'employee', 'employee', DEMO_PASSWORD)).json() as { mfaToken: string };
    const wrong = totpCode(DEMO_TOTP.employee, Date.now() - 10 * 60_000);
    const res = await call(ctx, 'POST', '/api/employee/MFA', {
      headers: { authorization: `Bearer ${step.mfaToken}` },
      body: { method: 'totp', code: wrong },
    });
    expectError(res, 401, 'WRONG_OTP');
    expect(setCookies(res).filter((c) => !c.includes('Max-Age=0'))).toEqual([]);
  });
});

/* ------------------------------------------------ sign-out, heartbeat, idle ---------------------------------- */

describe('sign-out, heartbeat and idle timeout', () => {
  it('logout clears the cookie and revokes the session', async () => {
    const s = await login(ctx, 'citizen', 'citizen');
    const res = await call(ctx, 'POST', '/api/citizen/logout', { as: s, body: { redirectUrl: '/services' } });
    expect(res.json()).toEqual({ signedOut: true, redirectUrl: '/services' });
    expect(setCookies(res).find((c) => c.startsWith(`${USER_COOKIE}=;`))).toMatch(/Max-Age=0/);
    const row = (
      await db()
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, sha256(tokenOf(s))))
    )[0]!;
    expect(row.revokedAt).toBeInstanceOf(Date);
    expectError(await me(s), 401, 'UNAUTHORIZED');
    expectError(await heartbeat(s), 401, 'UNAUTHORIZED');
  });

  it('logout only redirects within the site, and works without a session', async () => {
    for (const redirectUrl of ['//evil.example/x', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)'])
      expect((await call(ctx, 'POST', '/api/citizen/logout', { body: { redirectUrl } })).json()).toEqual({
        signedOut: true,
        redirectUrl: '/',
      });
  });

  it('heartbeat records activity and answers when the session would end', async () => {
    const s = await login(ctx, 'citizen', 'citizen');
    await moveLastActive(s, ctx.config.idleTimeoutMs - 60_000);
    const lastActive = new Date(Date.now() - 5000).toISOString();
    const res = await heartbeat(s, lastActive);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { expiresAt: string; idleTimeoutMs: number };
    expect(new Date(body.expiresAt).getTime()).toBe(new Date(lastActive).getTime() + ctx.config.idleTimeoutMs);
    const row = (
      await db()
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, sha256(tokenOf(s))))
    )[0]!;
    expect(row.lastActiveAt.toISOString()).toBe(lastActive);
    // A time in the future is taken as now.
    const future = await heartbeat(s, new Date(Date.now() + 3_600_000).toISOString());
    expect(new Date((future.json() as { expiresAt: string }).expiresAt).getTime()).toBeLessThanOrEqual(
      Date.now() + ctx.config.idleTimeoutMs,
    );
    expectError(await heartbeat(undefined), 401, 'UNAUTHORIZED');
  });

  it('an idle session ends: GRANT_EXPIRED and the cookie cleared', async () => {
    const s = await login(ctx, 'citizen', 'citizen');
    await moveLastActive(s, ctx.config.idleTimeoutMs + 1000);
    const res = await me(s);
    expectError(res, 401, 'GRANT_EXPIRED');
    expect(cookieValue(res, USER_COOKIE)).toBe('');
    expectError(await heartbeat(s), 401, 'GRANT_EXPIRED');
  });

  it('honours IDLE_TIMEOUT_MS; over https the cookie is Secure with the __Host- prefix', async () => {
    const short = await buildTestApp(
      { IDLE_TIMEOUT_MS: '10000', PUBLIC_ORIGIN: 'https://kahraba.example', DEMO_MODE: 'false' },
      { demoUsers: false },
    );
    try {
      const signed = await signUpVerified(short);
      expect(signed.session.cookie).toMatch(/^__Host-kahraba_sid=/);
      const session = signed.session;
      const login2 = await loginRaw(short, 'citizen', signed.data.username, signed.data.password);
      const cookie = setCookies(login2)[0]!;
      expect(cookie).toMatch(/^__Host-kahraba_sid=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Secure$/);
      expect(setCookies(login2).some((c) => c.startsWith(`${USER_COOKIE}=`))).toBe(false);
      const res = await call(short, 'POST', '/api/authTokens/activityHeartbeat', {
        as: session,
        body: { lastActive: new Date().toISOString() },
      });
      expect((res.json() as { idleTimeoutMs: number }).idleTimeoutMs).toBe(10_000);
      await short.database.db
        .update(sessions)
        .set({ lastActiveAt: new Date(Date.now() - 11_000) })
        .where(eq(sessions.userId, session.userId));
      expectError(await call(short, 'GET', `/api/citizen/${session.userId}`, { as: session }), 401, 'GRANT_EXPIRED');
    } finally {
      await short.close();
    }
  });

  it('a session past its absolute lifetime ends too', async () => {
    const s = await login(ctx, 'citizen', 'citizen');
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(sessions.tokenHash, sha256(tokenOf(s))));
    expectError(await me(s), 401, 'GRANT_EXPIRED');
  });
});

/* ------------------------------------------------ csrf and origin -------------------------------------------- */

describe('csrf token and Origin', () => {
  it('a signed-in state change needs the session’s own csrf token', async () => {
    const s = await login(ctx, 'citizen', 'citizen');
    expectError(await heartbeat({ ...s, csrf: '' }), 403, 'FORBIDDEN');
    expectError(
      await call(ctx, 'POST', '/api/authTokens/activityHeartbeat', {
        as: s,
        noCsrf: true,
        body: { lastActive: new Date().toISOString() },
      }),
      403,
      'FORBIDDEN',
    );
    expectError(await heartbeat({ ...s, csrf: 'guessed-token' }), 403, 'FORBIDDEN');
    const other = await login(ctx, 'citizen', 'citizen');
    expectError(await heartbeat({ ...s, csrf: other.csrf }), 403, 'FORBIDDEN');
    const patch = await call(ctx, 'PATCH', `/api/citizen/${s.userId}`, { as: { ...s, csrf: 'wrong' }, body: { job: 'Hacked' } });
    expectError(patch, 403, 'FORBIDDEN');
    expect((await db().select().from(users).where(eq(users.id, s.userId)))[0]!.profile.job).toBeUndefined();
    expect((await heartbeat(s)).statusCode).toBe(200);
  });

  it('an anonymous state change needs a non-empty csrf header; GET needs none', async () => {
    const res = await call(ctx, 'POST', '/api/citizen/forgetPassword', {
      noCsrf: true,
      body: { identifier: 'x', channel: 'sms' },
    });
    expectError(res, 403, 'FORBIDDEN');
    expect((await call(ctx, 'GET', '/api/dynamic_users')).statusCode).toBe(200);
  });

  it('follows each route’s declared csrf rule: sign-in and sign-out lenient, beacon reports none', async () => {
    const declared = (Object.values({ ...routes, ...identityRoutes }) as RouteDef[])
      .filter((r) => r.method !== 'GET' && (r.csrf ?? 'required') !== 'required')
      .map((r) => `${r.csrf} ${r.method} ${r.path}`)
      .sort();
    expect(declared).toEqual([
      'lenient POST /api/:userSlug/login',
      'lenient POST /api/:userSlug/logout',
      'none POST /api/clientErrors',
      'none POST /api/pageViews',
    ]);
    // A client that lost its token still signs out (any non-empty value), but not with none.
    const s = await login(ctx, 'citizen', 'citizen');
    expectError(await call(ctx, 'POST', '/api/citizen/logout', { as: s, noCsrf: true, body: {} }), 403, 'FORBIDDEN');
    expect((await call(ctx, 'POST', '/api/citizen/logout', { as: { ...s, csrf: 'stale' }, body: {} })).statusCode).toBe(200);
    // A beacon sends no header at all.
    const beacon = await call(ctx, 'POST', '/api/pageViews', { noCsrf: true, body: { pageUrl: '/x', seconds: 3 } });
    expect(beacon.statusCode).toBe(202);
  });

  it('refuses a state change from another origin, accepts its own', async () => {
    const s = await login(ctx, 'citizen', 'citizen');
    for (const origin of ['https://evil.example', 'null', 'http://localhost.evil.example'])
      expectError(
        await call(ctx, 'POST', '/api/authTokens/activityHeartbeat', {
          as: s,
          headers: { origin },
          body: { lastActive: new Date().toISOString() },
        }),
        403,
        'FORBIDDEN',
      );
    expectError(
      await loginRaw(ctx, 'citizen', 'citizen', DEMO_PASSWORD, { headers: { origin: 'https://evil.example' } }),
      403,
      'FORBIDDEN',
    );
    const own = await call(ctx, 'POST', '/api/authTokens/activityHeartbeat', {
      as: s,
      headers: { origin: 'http://localhost' },
      body: { lastActive: new Date().toISOString() },
    });
    expect(own.statusCode).toBe(200);
  });

  it('sends the security headers on identity answers: the API set on JSON, the whole set on a page', async () => {
    for (const res of [
      await loginRaw(ctx, 'citizen', 'nobody', 'x'),
      await call(ctx, 'GET', '/api/dynamic_users'),
      await call(ctx, 'GET', `/api/citizen/${ids.citizen}`),
    ]) {
      for (const [name, value] of Object.entries(API_HEADERS)) expect(res.headers[name], name).toBe(value);
      // A JSON answer allows nothing to run or frame it; what only a document reads is not sent.
      expect(String(res.headers['content-security-policy'])).toMatch(/default-src 'none'.*frame-ancestors 'none'/);
      expect(res.headers['permissions-policy']).toBeUndefined();
    }
    const page = await ctx.app.inject({ method: 'GET', url: '/login' });
    const pageSet = pageHeaders(ctx.config.map ? [ctx.config.map.origin] : []);
    for (const [name, value] of Object.entries(pageSet)) expect(page.headers[name], name).toBe(value);
    expect(String(page.headers['content-security-policy'])).toMatch(/script-src 'self'.*object-src 'none'.*base-uri 'none'/);
  });

  it("keeps a signed-in user's answers out of every cache, and leaves public answers cacheable", async () => {
    const citizen = await login(ctx, 'citizen', 'citizen');
    const own = await call(ctx, 'GET', `/api/citizen/${ids.citizen}`, { as: citizen });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    const anonymous = await call(ctx, 'GET', '/api/dynamic_users');
    expect(anonymous.headers['cache-control']).toBeUndefined();
  });
});

/* ------------------------------------------------ agents and staff search ------------------------------------ */

describe('agents', () => {
  const agentLogin = () => login(ctx, 'agent', 'agent', DEMO_PASSWORD, { agent: true });

  it('signs an agent in with the agent cookie (x-device: AGENT) only', async () => {
    const res = await loginRaw(ctx, 'agent', 'agent', DEMO_PASSWORD, { headers: { 'x-device': 'AGENT' } });
    expect(cookieValue(res, AGENT_COOKIE)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookieValue(res, USER_COOKIE)).toBeUndefined();
    const s = sessionFrom(res, { agent: true });
    const row = (
      await db()
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, sha256(tokenOf(s))))
    )[0]!;
    expect(row).toMatchObject({ kind: 'agent', device: 'AGENT' });
    // The agent cookie without the agent device header is not a session; nor is it under the citizen cookie name.
    expectError(await call(ctx, 'GET', `/api/agent/${ids.agent}`, { as: { ...s, agent: false } }), 401, 'UNAUTHORIZED');
    const renamed = { ...s, agent: false, cookie: `${USER_COOKIE}=${tokenOf(s)}` };
    expectError(await call(ctx, 'GET', `/api/agent/${ids.agent}`, { as: renamed }), 401, 'UNAUTHORIZED');
  });

  it('a citizen session and an agent session live side by side', async () => {
    const citizen = await login(ctx, 'citizen', 'citizen');
    const agent = await agentLogin();
    const both = { cookie: `${citizen.cookie}; ${agent.cookie}` };
    expect((await call(ctx, 'GET', `/api/citizen/${ids.citizen}`, { as: { ...citizen, ...both } })).statusCode).toBe(200);
    expect((await call(ctx, 'GET', `/api/agent/${ids.agent}`, { as: { ...agent, ...both } })).statusCode).toBe(200);
    const out = await call(ctx, 'POST', '/api/agent/logout', { as: { ...agent, ...both }, body: {} });
    expect(cookieValue(out, AGENT_COOKIE)).toBe('');
    expect(cookieValue(out, USER_COOKIE)).toBeUndefined();
    expect((await call(ctx, 'GET', `/api/citizen/${ids.citizen}`, { as: { ...citizen, ...both } })).statusCode).toBe(200);
  });

  it('signing in to the portal from the agent client leaves the agent session alone', async () => {
    const agent = await agentLogin();
    const res = await loginRaw(ctx, 'citizen', 'citizen', DEMO_PASSWORD, { as: agent });
    expect(res.statusCode).toBe(200);
    expect(cookieValue(res, AGENT_COOKIE)).toBeUndefined();
    expect((await call(ctx, 'GET', `/api/agent/${agent.userId}`, { as: agent })).statusCode).toBe(200);
  });

  it('acts for a citizen: the view shows the citizen’s name and national id, until it stops', async () => {
    const s = await agentLogin();
    const view0 = ZAgentView.parse((await call(ctx, 'GET', `/api/agent/${s.userId}`, { as: s })).json());
    expect(view0.citizen).toBeNull();
    expect(view0.agent.username).toBe('agent');
    const act = await call(ctx, 'POST', `/api/agent/${s.userId}/citizen`, { as: s, body: { nationalId: '29001010100015' } });
    expect(act.statusCode, act.body).toBe(200);
    const view = ZAgentView.parse((await call(ctx, 'GET', `/api/agent/${s.userId}`, { as: s })).json());
    expect(view.citizen).toEqual({
      id: ids.citizen,
      fullName: 'أحمد محمود',
      nationalId: '29001010100015',
      mobileMasked: '010•••••001',
    });
    const byMobile = await call(ctx, 'POST', `/api/agent/${s.userId}/citizen`, { as: s, body: { mobile: '01000000001' } });
    expect(ZAgentView.parse(byMobile.json()).citizen?.id).toBe(ids.citizen);
    const stop = await call(ctx, 'DELETE', `/api/agent/${s.userId}/citizen`, { as: s });
    expect(ZAgentView.parse(stop.json()).citizen).toBeNull();
  });

  it('acts for the citizen again in the next session with the owner token the first one got, until it expires', async () => {
    const first = await agentLogin();
    const act = ZAgentView.parse(
      (
        await call(ctx, 'POST', `/api/agent/${first.userId}/citizen`, { as: first, body: { nationalId: '29001010100015' } })
      ).json(),
    );
    const owner = act.ownerToken!;
    expect(Date.parse(owner.expiresAt) - Date.now()).toBeGreaterThan(3600_000);
    // A browser restart: a new session, acting for nobody, until the device sends its token.
    const next = await agentLogin();
    expect(ZAgentView.parse((await call(ctx, 'GET', `/api/agent/${next.userId}`, { as: next })).json()).citizen).toBeNull();
    const back = await call(ctx, 'POST', `/api/agent/${next.userId}/citizen`, { as: next, body: { ownerToken: owner.token } });
    expect(back.statusCode, back.body).toBe(200);
    expect(ZAgentView.parse(back.json())).toMatchObject({ citizen: { id: ids.citizen }, ownerToken: owner });
    expect(ZAgentView.parse((await call(ctx, 'GET', `/api/agent/${next.userId}`, { as: next })).json()).citizen?.id).toBe(
      ids.citizen,
    );
    // Past its expiry, another staff member's, or altered: refused, and the session still acts for nobody new.
    const fresh = await agentLogin();
    const refused = [
      (await issueOwnerToken(db(), { staffId: fresh.userId, citizenId: ids.citizen!, now: new Date(Date.now() - 3 * 3600_000) }))
        .token,
      (await issueOwnerToken(db(), { staffId: ids.employee!, citizenId: ids.citizen! })).token,
      `${owner.token.slice(0, -2)}${owner.token.endsWith('AA') ? 'BB' : 'AA'}`,
    ];
    for (const ownerToken of refused)
      expectError(
        await call(ctx, 'POST', `/api/agent/${fresh.userId}/citizen`, { as: fresh, body: { ownerToken } }),
        403,
        'INVALID_REQUEST_OWNER_TOKEN',
      );
    expect(ZAgentView.parse((await call(ctx, 'GET', `/api/agent/${fresh.userId}`, { as: fresh })).json()).citizen).toBeNull();
  });

  it('finds a citizen by the other phone of their profile; an account mobile wins over another’s other phone', async () => {
    const s = await agentLogin();
    const other = await signUp(ctx);
    const actBy = async (mobile: string) =>
      ZAgentView.parse((await call(ctx, 'POST', `/api/agent/${s.userId}/citizen`, { as: s, body: { mobile } })).json()).citizen
        ?.id;
    // Their other phone, typed on the profile page (PATCH checks it as a mobile number).
    const phone = `012${String(Date.now()).slice(-8)}`;
    await db()
      .update(users)
      .set({ profile: sql`${users.profile} || ${JSON.stringify({ phone })}::jsonb` })
      .where(eq(users.id, other.userId));
    expect(await actBy(phone)).toBe(other.userId);
    // The demo citizen's account mobile, given as the other phone of the new citizen: the account's owner.
    await db()
      .update(users)
      .set({ profile: sql`${users.profile} || ${JSON.stringify({ phone: '01000000001' })}::jsonb` })
      .where(eq(users.id, other.userId));
    expect(await actBy('01000000001')).toBe(ids.citizen);
    expectError(
      await call(ctx, 'POST', `/api/agent/${s.userId}/citizen`, { as: s, body: { mobile: phone } }),
      404,
      'CITIZEN_NOT_FOUND',
    );
  });

  it('act-for needs a national id, passport or phone, and a citizen that exists', async () => {
    const s = await agentLogin();
    const err = expectError(await call(ctx, 'POST', `/api/agent/${s.userId}/citizen`, { as: s, body: {} }), 400, 'INVALID_INPUT');
    expect(err.fieldErrors).toEqual({ nationalId: ['citizen-search-required'] });
    expectError(
      await call(ctx, 'POST', `/api/agent/${s.userId}/citizen`, { as: s, body: { nationalId: '29506150199991' } }),
      404,
      'CITIZEN_NOT_FOUND',
    );
    // Staff accounts are not citizens.
    expectError(
      await call(ctx, 'POST', `/api/agent/${s.userId}/citizen`, { as: s, body: { nationalId: '28505050100029' } }),
      404,
      'CITIZEN_NOT_FOUND',
    );
  });

  it('an agent reaches only its own agent view', async () => {
    const s = await agentLogin();
    const [other] = await db()
      .insert(users)
      .values({ id: 'second-agent', number: 99_001, userSlug: 'agent', username: 'agent2', firstName: 'A', lastName: 'B' })
      .returning();
    expectError(await call(ctx, 'GET', `/api/agent/${other!.id}`, { as: s }), 403, 'FORBIDDEN');
    expectError(
      await call(ctx, 'POST', `/api/agent/${other!.id}/citizen`, { as: s, body: { mobile: '01000000001' } }),
      403,
      'FORBIDDEN',
    );
    const citizen = await login(ctx, 'citizen', 'citizen');
    expectError(await call(ctx, 'GET', `/api/agent/${s.userId}`, { as: citizen }), 403, 'FORBIDDEN');
  });

  it('citizen search needs TECHNICAL_SUPPORT or an agent', async () => {
    const body = { nationalId: '29001010100015' };
    const support = await directSession(ctx, ids.employee!);
    const reports = await directSession(ctx, ids.reports!);
    const agent = await agentLogin();
    const citizen = await login(ctx, 'citizen', 'citizen');
    const found = await call(ctx, 'POST', '/api/citizens/search', { as: support, body });
    expect(ZCitizenSummary.parse(found.json())).toMatchObject({ id: ids.citizen, nationalId: '29001010100015' });
    expect(found.body).not.toContain('01000000001');
    expect((await call(ctx, 'POST', '/api/citizens/search', { as: agent, body })).statusCode).toBe(200);
    expectError(await call(ctx, 'POST', '/api/citizens/search', { as: reports, body }), 403, 'FORBIDDEN');
    expectError(await call(ctx, 'POST', '/api/citizens/search', { as: citizen, body }), 403, 'FORBIDDEN');
    expectError(await call(ctx, 'POST', '/api/citizens/search', { body }), 401, 'UNAUTHORIZED');
    expectError(
      await call(ctx, 'POST', '/api/citizens/search', { as: support, body: { passportNumber: 'A1234567' } }),
      404,
      'CITIZEN_NOT_FOUND',
    );
  });
});

/* ------------------------------------------------ outbox and mailbox ----------------------------------------- */

describe('outbox worker and developer mailbox', () => {
  it('the worker delivers pending rows through the adapters', async () => {
    await ctx.app.deps.outbox.runOnce();
    await enqueue(db(), { channel: 'email', recipient: 'deliver@example.com', subject: 'Hi', body: 'Hello' });
    const delivered = await ctx.app.deps.outbox.runOnce();
    expect(delivered).toBeGreaterThanOrEqual(1);
    const [row] = await db().select().from(outboxMessages).where(eq(outboxMessages.recipient, 'deliver@example.com'));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });

  it('a message written just before a pass goes out with that pass (due by the clock that stamped it)', async () => {
    await ctx.app.deps.outbox.runOnce();
    // The process's clock counts whole milliseconds, the database's microseconds: judged by the first, a row
    // written less than a millisecond before the pass was not due yet (about one pass in six on PostgreSQL).
    for (let i = 0; i < 50; i++) {
      await enqueue(db(), { channel: 'email', recipient: `at-once-${i}@example.com`, subject: 'Hi', body: 'Hello' });
      expect(await ctx.app.deps.outbox.runOnce()).toBe(1);
    }
  });

  it('retries a failing adapter later, then delivers; a dedupe key makes a repeat a no-op', async () => {
    await ctx.app.deps.outbox.runOnce();
    const seen: number[] = [];
    let fail = true;
    const adapter: MessageAdapter = {
      name: 'flaky',
      deliver: async (m) => {
        seen.push(m.id);
        if (fail) throw new Error('SMTP 451 try later');
      },
    };
    const worker = new OutboxWorker(db(), { email: adapter, sms: adapter, push: adapter }, ctx.app.log, 1000);
    await enqueue(db(), { channel: 'sms', recipient: '01099990000', body: 'code 123456', dedupeKey: 'once:1' });
    await enqueue(db(), { channel: 'sms', recipient: '01099990000', body: 'code 123456', dedupeKey: 'once:1' });
    const rows = () => db().select().from(outboxMessages).where(eq(outboxMessages.recipient, '01099990000'));
    expect(await rows()).toHaveLength(1);
    expect(await worker.runOnce()).toBe(0);
    const failed = (await rows())[0]!;
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMTP 451 try later' });
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: not tried again.
    await worker.runOnce();
    expect(seen).toHaveLength(1);
    fail = false;
    await db()
      .update(outboxMessages)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(outboxMessages.id, failed.id));
    expect(await worker.runOnce()).toBe(1);
    expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('the mailbox shows the latest messages in demo mode, filtered by recipient', async () => {
    const s = await signUpVerified(ctx);
    const res = await call(ctx, 'GET', `/api/dev/mailbox?recipient=${encodeURIComponent(s.data.email.toUpperCase())}`);
    const box = ZMailbox.parse(res.json());
    expect(box.items.length).toBe(2);
    expect(box.items.every((m) => m.recipient === s.data.email)).toBe(true);
    const sms = ZMailbox.parse((await call(ctx, 'GET', `/api/dev/mailbox?recipient=${s.data.mobile}`)).json());
    expect(sms.items[0]!.body).toMatch(/\d{6}/);
  });

  it('the mailbox does not exist outside demo mode, in development too', async () => {
    const prod = await buildTestApp({ DEMO_MODE: 'false', NODE_ENV: 'development' }, { seed: false });
    try {
      await enqueue(prod.database.db, { channel: 'sms', recipient: '01000000000', body: 'Your code is 123456' });
      const res = await prod.app.inject({ method: 'GET', url: '/api/dev/mailbox?recipient=01000000000' });
      expectError(res, 404, 'NOT_FOUND');
      expect(res.body).not.toContain('123456');
    } finally {
      await prod.close();
    }
  });

  it('the mailbox and its page answer only a request addressed to a loopback name (DNS rebinding)', async () => {
    await enqueue(db(), { channel: 'sms', recipient: '01000000077', body: 'Your code is 774411' });
    const box = (host: string, url = '/api/dev/mailbox?recipient=01000000077') =>
      ctx.app.inject({ method: 'GET', url, headers: { host } });
    for (const host of ['localhost', 'localhost:8080', '127.0.0.1:9', '[::1]:8080', 'app.localhost:3000']) {
      const res = await box(host);
      expect(res.statusCode, host).toBe(200);
      expect(res.body).toContain('774411');
    }
    // A rebinding page's requests name its own host, whatever address the name resolves to.
    for (const host of [
      'attacker.example',
      'attacker.example:8080',
      '127.0.0.1.nip.io',
      'localhost.attacker.example',
      '10.0.0.5',
    ]) {
      const res = await box(host);
      expectError(res, 404, 'NOT_FOUND');
      expect(res.body).not.toContain('774411');
      const page = await box(host, '/dev/mailbox?recipient=01000000077');
      expect([page.statusCode, page.body], host).toEqual([404, JSON.stringify({ code: 'NOT_FOUND', message: 'Not available' })]);
    }
    // On this machine the page is the app's (here the tests' missing build), not the refusal.
    expect((await box('localhost:8080', '/dev/mailbox')).body).not.toContain('Not available');
  });

  it('a shared demo on purpose (DEMO_MODE_FORCE) is also reached by its public name or an address, never another name', async () => {
    const shared = await buildTestApp(
      { DEMO_MODE_FORCE: 'true', HOST: '0.0.0.0', PUBLIC_ORIGIN: 'https://demo.example', TRUST_PROXY: 'true' },
      { seed: false },
    );
    try {
      const get = (headers: Record<string, string>) => shared.app.inject({ method: 'GET', url: '/api/dev/mailbox', headers });
      expect((await get({ host: 'demo.example' })).statusCode).toBe(200);
      expect((await get({ host: '10.0.0.5:8080' })).statusCode).toBe(200);
      expect((await get({ host: '127.0.0.1', 'x-forwarded-host': 'demo.example' })).statusCode).toBe(200);
      expectError(await get({ host: 'attacker.example' }), 404, 'NOT_FOUND');
      // Behind the trusted proxy, the name the browser used is the forwarded one.
      expectError(await get({ host: '127.0.0.1', 'x-forwarded-host': 'attacker.example' }), 404, 'NOT_FOUND');
    } finally {
      await shared.close();
    }
  });
});

/* ------------------------------------------------ leftovers -------------------------------------------------- */

describe('throttle rows', () => {
  it('are keyed by hashes, never by the typed identifier', async () => {
    await loginRaw(ctx, 'citizen', 'secret-identifier-xyz', 'Wr0ng!Pass');
    expect(await db().select().from(throttles).where(like(throttles.key, '%secret-identifier%'))).toEqual([]);
    const n = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(throttles)
      .where(and(like(throttles.key, 'login:%')));
    expect(n[0]!.n).toBeGreaterThan(0);
  });
});
