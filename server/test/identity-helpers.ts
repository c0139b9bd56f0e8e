import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import * as OTPAuth from 'otpauth';
import { expect } from 'vitest';
import { ZApiError } from '../../contract/error-shape.ts';
import { type TApiError } from '../../contract/errors.ts';
import type { TLoginResult, TSignupBody } from '../../contract/identity.ts';
import type { Db } from '../db/client.ts';
import { oneTimeSecrets, outboxMessages, users } from '../db/schema.ts';
import { DEMO_PASSWORD, DEMO_TOTP, demoUsers } from '../seed/data/users.ts';
import { hashPassword } from '../domain/identity/crypto.ts';
import { createSession, type SessionKind } from '../domain/identity/sessions.ts';
import type { TestApp } from './test-app.ts';

/*
 * Sign-in helpers for API tests: a small client over `app.inject` that carries a session (cookie, csrf token,
 * device header), sign-up through the real routes with the code read from the outbox, password sign-in, and the
 * staff second factor. Reusable by any API test that needs a signed-in user.
 */

export { DEMO_PASSWORD };

/** A signed-in client: its cookie (`name=value`), csrf token and whose it is. */
export type Session = {
  cookie: string;
  csrf: string;
  userId: string;
  userSlug: string;
  /** The agent client: sends `x-device: AGENT` so that the agent cookie is used. */
  agent?: boolean;
};

export type CallOptions = {
  as?: Session | undefined;
  body?: unknown;
  headers?: Record<string, string>;
  /** The client address (rate limits key on it); a fresh one per call unless given. */
  ip?: string;
  /** Leave the csrf header out. */
  noCsrf?: boolean;
};

let nextIp = 0;
/** A client address no other call used: per-IP limits only bite where a test means them to. */
export const freshIp = (): string => {
  nextIp++;
  return `10.${(nextIp >> 16) & 255}.${(nextIp >> 8) & 255}.${nextIp & 255}`;
};

const STATE_CHANGING = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

export function call(
  ctx: TestApp,
  method: 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  opts: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  // A Buffer is sent as is (an upload's raw body); anything else as JSON.
  const raw = Buffer.isBuffer(opts.body);
  if (opts.body !== undefined) headers['content-type'] = raw ? 'application/octet-stream' : 'application/json';
  if (opts.as) {
    headers.cookie = opts.as.cookie;
    if (opts.as.agent) headers['x-device'] = 'AGENT';
  }
  if (STATE_CHANGING.has(method) && !opts.noCsrf) headers['x-csrf-token'] = opts.as?.csrf ?? 'anonymous';
  Object.assign(headers, opts.headers);
  return ctx.app.inject({
    method,
    url,
    remoteAddress: opts.ip ?? freshIp(),
    headers,
    ...(opts.body !== undefined ? { payload: raw ? (opts.body as Buffer) : JSON.stringify(opts.body) } : {}),
  });
}

export const apiError = (res: { json: () => unknown }): TApiError => ZApiError.parse(res.json());

/** Asserts an error answer: its status and code (and returns the body). */
export function expectError(res: LightMyRequestResponse, status: number, code: string): TApiError {
  expect({ status: res.statusCode, body: res.json() as unknown }).toMatchObject({ status, body: { code } });
  return apiError(res);
}

/** The `Set-Cookie` headers of an answer, as a list. */
export function setCookies(res: LightMyRequestResponse): string[] {
  const h = res.headers['set-cookie'];
  return h === undefined ? [] : Array.isArray(h) ? h : [h];
}

/** The value a response sets for a cookie (`''` when it clears it), or undefined when it does not touch it. */
export function cookieValue(res: LightMyRequestResponse, name: string): string | undefined {
  for (const c of setCookies(res)) {
    const [pair = ''] = c.split(';');
    const i = pair.indexOf('=');
    if (pair.slice(0, i).trim() === name) return pair.slice(i + 1).trim();
  }
  return undefined;
}

export const USER_COOKIE = 'kahraba_sid';
export const AGENT_COOKIE = 'kahraba_agent_sid';

/** The session a signed-in answer opened (its cookie and csrf token). */
export function sessionFrom(res: LightMyRequestResponse, opts: { agent?: boolean } = {}): Session {
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as TLoginResult;
  expect(body.status, res.body).toBe('signed-in');
  if (body.status !== 'signed-in') throw new Error('not signed in');
  // Over https (PUBLIC_ORIGIN https or SECURE_COOKIES) the cookie has the __Host- prefix.
  const base = opts.agent ? AGENT_COOKIE : USER_COOKIE;
  const name = cookieValue(res, `__Host-${base}`) !== undefined ? `__Host-${base}` : base;
  const token = cookieValue(res, name);
  expect(token, `cookie ${name}`).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return {
    cookie: `${name}=${token}`,
    csrf: body.csrfToken,
    userId: body.user.id,
    userSlug: body.user.userSlug,
    ...(opts.agent ? { agent: true } : {}),
  };
}

/* ------------------------------------------- test data ---------------------------------------------------------- */

let seq = 1000 + Math.floor(Math.random() * 5000);

export type CitizenData = Required<
  Pick<TSignupBody, 'firstName' | 'lastName' | 'username' | 'mobile' | 'nationalId' | 'password'>
> & {
  email: string;
  confirmPassword: string;
};

/** Sign-up data no other account uses (valid national id, mobile and username). */
export function newCitizenData(over: Partial<CitizenData> = {}): CitizenData {
  seq++;
  const n = String(seq).padStart(4, '0').slice(-4);
  const password = over.password ?? 'Str0ng!Pass';
  return {
    firstName: 'Mona',
    lastName: 'Hassan',
    username: `citizen${seq}`,
    email: `citizen${seq}@example.com`,
    mobile: `0101${String(seq).padStart(7, '0')}`,
    // Born 1995-06-15 in Cairo (01), serial n, check digit 1.
    nationalId: `295061501${n}1`,
    password,
    confirmPassword: password,
    ...over,
  };
}

/** The 6-digit code of the latest SMS or e-mail to a recipient, read from the outbox. */
export async function latestCode(db: Db, recipient: string): Promise<string> {
  const [row] = await db
    .select({ body: outboxMessages.body })
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  const m = /\b(\d{6})\b/.exec(row?.body ?? '');
  if (!m) throw new Error(`no code sent to ${recipient}: ${row?.body ?? 'no message'}`);
  return m[1]!;
}

/** Outbox rows to a recipient, oldest first. */
export const outboxTo = (db: Db, recipient: string) =>
  db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient)).orderBy(outboxMessages.id);

export type SignedUp = { data: CitizenData; userId: string; verificationToken: string };

/** Signs a citizen up through POST /api/citizen (201): the account exists, its mobile not yet verified. */
export async function signUp(ctx: TestApp, over: Partial<CitizenData> = {}): Promise<SignedUp> {
  const data = newCitizenData(over);
  const res = await call(ctx, 'POST', '/api/citizen', { body: data });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json() as { userId: string; step: { verificationToken: string } };
  return { data, userId: body.userId, verificationToken: body.step.verificationToken };
}

/** Signs a citizen up and verifies the mobile with the code from the outbox: the citizen is signed in. */
export async function signUpVerified(ctx: TestApp, over: Partial<CitizenData> = {}): Promise<SignedUp & { session: Session }> {
  const s = await signUp(ctx, over);
  const code = await latestCode(ctx.database.db, s.data.mobile);
  const res = await call(ctx, 'POST', '/api/citizen/verifyMobile', {
    body: { verificationToken: s.verificationToken, code },
  });
  return { ...s, session: sessionFrom(res) };
}

/** POST /api/{slug}/login; the raw answer. */
export const loginRaw = (
  ctx: TestApp,
  userSlug: string,
  username: string,
  password: string,
  opts: Omit<CallOptions, 'body'> = {},
) => call(ctx, 'POST', `/api/${userSlug}/login`, { ...opts, body: { username, password } });

/** Password sign-in of an account without a second factor (citizen, agent): its session. */
export async function login(
  ctx: TestApp,
  userSlug: string,
  username: string,
  password: string = DEMO_PASSWORD,
  opts: { agent?: boolean } = {},
): Promise<Session> {
  const res = await loginRaw(ctx, userSlug, username, password, opts.agent ? { headers: { 'x-device': 'AGENT' } } : {});
  return sessionFrom(res, opts);
}

/**
 * The demo accounts' shared password is hashed at production cost (scrypt N = 2^17, ~0.3 s and 128 MiB a try).
 * Tests re-hash it at the test cost once, so that demo sign-ins are fast. Returns the demo user ids by username.
 */
export async function fastDemoPasswords(ctx: TestApp): Promise<Record<string, string>> {
  const demo = demoUsers(ctx.config.employeeUserSlugs);
  const hash = await hashPassword(DEMO_PASSWORD, ctx.config.scryptLog2N);
  await ctx.database.db
    .update(users)
    .set({ passwordHash: hash })
    .where(
      inArray(
        users.id,
        demo.map((u) => u.id),
      ),
    );
  return Object.fromEntries(demo.map((u) => [u.username, u.id]));
}

/** A session made directly in the database (no sign-in): for tests about what a session may do, not how it is got. */
export async function directSession(ctx: TestApp, userId: string, opts: { kind?: SessionKind } = {}): Promise<Session> {
  const [u] = await ctx.database.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw new Error(`no user ${userId}`);
  const kind = opts.kind ?? (u.userSlug === 'agent' || u.userSlug === 'agent_employee' ? 'agent' : 'user');
  const { token, csrfToken } = await createSession(ctx.database.db, {
    userId,
    kind,
    device: kind === 'agent' ? 'AGENT' : 'CITIZEN',
    maxAgeMs: ctx.config.sessionMaxAgeMs,
  });
  return {
    cookie: `${kind === 'agent' ? AGENT_COOKIE : USER_COOKIE}=${token}`,
    csrf: csrfToken,
    userId,
    userSlug: u.userSlug,
    ...(kind === 'agent' ? { agent: true } : {}),
  };
}

/** The current authenticator-app code of a base32 secret. */
export const totpCode = (secret: string, timestamp = Date.now()): string =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp,
  });

/**
 * Staff sign-in with the second factor: password, then POST /api/{slug}/MFA with the authenticator code. It signs
 * in through both steps or fails: there is no fallback to a session made in the database (`directSession` is for
 * tests about what a session may do, and says so).
 */
export async function loginStaff(ctx: TestApp, username: keyof typeof DEMO_TOTP, password = DEMO_PASSWORD): Promise<Session> {
  const demo = demoUsers(ctx.config.employeeUserSlugs).find((u) => u.username === username)!;
  const res = await loginRaw(ctx, demo.userSlug, username, password);
  expect(res.statusCode, res.body).toBe(200);
  const step = res.json() as TLoginResult;
  expect(step.status).toBe('mfa-required');
  if (step.status !== 'mfa-required') throw new Error('expected the second-factor step');
  const secret = DEMO_TOTP[username];
  let mfa = await call(ctx, 'POST', `/api/${demo.userSlug}/MFA`, {
    headers: { authorization: `Bearer ${step.mfaToken}` },
    body: { method: 'totp', code: totpCode(secret) },
  });
  // A code already used in this 30-second window may be refused as a replay: the next window's code is accepted.
  if (mfa.statusCode !== 200)
    mfa = await call(ctx, 'POST', `/api/${demo.userSlug}/MFA`, {
      headers: { authorization: `Bearer ${step.mfaToken}` },
      body: { method: 'totp', code: totpCode(secret, Date.now() + 30_000) },
    });
  return sessionFrom(mfa);
}

/** Makes every one-time secret of a user look older (resend waits, expiry) by `ms`. */
export async function ageSecrets(db: Db, userId: string, ms: number, purposes?: string[]): Promise<void> {
  const interval = `${Math.round(ms / 1000)} seconds`;
  await db
    .update(oneTimeSecrets)
    .set({
      createdAt: sql`${oneTimeSecrets.createdAt} - ${interval}::interval`,
      expiresAt: sql`${oneTimeSecrets.expiresAt} - ${interval}::interval`,
    })
    .where(
      and(
        eq(oneTimeSecrets.userId, userId),
        purposes ? inArray(oneTimeSecrets.purpose, purposes as (typeof oneTimeSecrets.$inferSelect.purpose)[]) : undefined,
      ),
    );
}
