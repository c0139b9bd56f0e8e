import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_CODES, ZCurrentUser, ZUserType } from '../../contract/identity.ts';
import { notifications, oneTimeSecrets, outboxMessages, sessions, users } from '../db/schema.ts';
import { CODE_POLICY } from '../domain/identity/accounts.ts';
import { sha256 } from '../domain/identity/crypto.ts';
import {
  ageSecrets,
  apiError,
  call,
  expectError,
  freshIp,
  latestCode,
  login,
  loginRaw,
  newCitizenData,
  outboxTo,
  sessionFrom,
  signUp,
  setCookies,
  signUpVerified,
  type Session,
} from '../test/identity-helpers.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

/**
 * Identity accounts through the API (spec sections 3 to 8): user types, sign-up and its field rules, mobile and
 * e-mail verification, profile, password change and forgotten password. What a client notices: status, error
 * code, fieldErrors, cookies, outbox rows and the database state.
 */
let ctx: TestApp;
beforeAll(async () => {
  // The per-address limits are tested here as they are in production (decision 037).
  ctx = await buildTestApp({ RATE_LIMIT_FACTOR: '1' }, { demoUsers: true });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const f = (v: unknown) => encodeURIComponent(JSON.stringify(v));
const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
const me = (s: Session) => call(ctx, 'GET', `/api/${s.userSlug}/${s.userId}`, { as: s });

/* ------------------------------------------------ user types ------------------------------------------------- */

describe('user types (GET /api/dynamic_users, findOne)', () => {
  it('findOne where registration is true is the citizen sign-up type with its form', async () => {
    const res = await call(ctx, 'GET', `/api/dynamic_users/findOne?filter=${f({ where: { registration: true } })}`);
    expect(res.statusCode).toBe(200);
    const t = ZUserType.parse(res.json());
    expect(t).toMatchObject({ userSlug: 'citizen', kind: 'citizen', registration: true });
    expect(Object.keys(t.schema)).toEqual(expect.arrayContaining(['username', 'nationalId', 'mobile', 'password']));
  });

  it('lists the types that do not register (employee slugs from EMPLOYEE_USER_SLUGS, agents, companies), staff and agents with option lists', async () => {
    const res = await call(ctx, 'GET', `/api/dynamic_users?filter=${f({ where: { registration: { neq: true } } })}`);
    expect(res.statusCode).toBe(200);
    const list = (res.json() as unknown[]).map((t) => ZUserType.parse(t));
    // A company's account is opened by the company's records, not by sign-up (decision 061).
    expect(list.map((t) => t.userSlug).sort()).toEqual(
      [...ctx.config.employeeUserSlugs, 'agent', 'agent_employee', 'company'].sort(),
    );
    expect(ctx.config.employeeUserSlugs).toEqual(['employee', 'we_employee', 'xceed_employee']);
    const company = list.find((t) => t.userSlug === 'company');
    expect(company).toMatchObject({ kind: 'citizen', registration: false });
    for (const t of list.filter((x) => x.kind !== 'citizen')) {
      expect(t.registration).toBe(false);
      for (const field of ['company', 'sector', 'serviceCenter']) {
        const options = (t.schema[field] as { uniforms?: { options?: unknown[] } }).uniforms?.options;
        expect(options?.length, `${t.userSlug}.${field}`).toBeGreaterThan(0);
      }
    }
  });

  it('finds a type by userSlug; an unknown one is MODEL_NOT_FOUND; a bad filter is INVALID_FILTER', async () => {
    const one = await call(ctx, 'GET', `/api/dynamic_users/findOne?filter=${f({ where: { userSlug: 'we_employee' } })}`);
    expect(one.json()).toMatchObject({ userSlug: 'we_employee', kind: 'employee' });
    expectError(
      await call(ctx, 'GET', `/api/dynamic_users/findOne?filter=${f({ where: { userSlug: 'nobody' } })}`),
      404,
      'MODEL_NOT_FOUND',
    );
    expectError(
      await call(ctx, 'GET', `/api/dynamic_users?filter=${f({ where: { passwordHash: 'x' } })}`),
      400,
      'INVALID_FILTER',
    );
  });

  it('takes employee slugs from configuration', async () => {
    const other = await buildTestApp({ EMPLOYEE_USER_SLUGS: 'ops_employee, field_employee' }, { demoUsers: false });
    try {
      const res = await other.app.inject({
        method: 'GET',
        url: `/api/dynamic_users?filter=${f({ where: { registration: false } })}`,
      });
      const slugs = (res.json() as { userSlug: string; kind: string }[]).filter((t) => t.kind === 'employee');
      expect(slugs.map((t) => t.userSlug).sort()).toEqual(['field_employee', 'ops_employee']);
    } finally {
      await other.close();
    }
  });
});

/* ------------------------------------------------ sign-up ---------------------------------------------------- */

describe('sign-up (POST /api/citizen)', () => {
  const bad = async (over: Record<string, unknown>, field: string, code: string) => {
    const res = await call(ctx, 'POST', '/api/citizen', { body: { ...newCitizenData(), ...over } });
    const err = expectError(res, 400, 'INVALID_INPUT');
    expect(err.fieldErrors?.[field], JSON.stringify(over)).toContain(code);
  };

  it('applies the username rule: lower-case letters and digits only', async () => {
    for (const username of ['Mona', 'mo na', 'mo_na', 'mona!', 'مني', 'ab'])
      await bad({ username }, 'username', FIELD_CODES.username);
  });

  it('applies the e-mail rule', async () => {
    for (const email of ['not-an-email', 'a@b', 'two@@example.com']) await bad({ email }, 'email', FIELD_CODES.email);
  });

  it('applies the Egyptian mobile rule: 01, then 0, 1, 2 or 5, then 8 digits', async () => {
    for (const mobile of ['01312345678', '0101234567', '010123456789', '11012345678', '0101234567a'])
      await bad({ mobile }, 'mobile', FIELD_CODES.mobile);
  });

  it('applies the password rule: 8 to 15 characters with upper, lower, digit and symbol', async () => {
    for (const password of ['Sh0rt!a', 'nouppercase1!', 'NOLOWERCASE1!', 'NoDigitsHere!', 'NoSymbol123', 'Far2Long!abcdefg'])
      await bad({ password, confirmPassword: password }, 'password', FIELD_CODES.password);
  });

  it('refuses a confirmation that differs', async () => {
    await bad({ password: 'Str0ng!Pass', confirmPassword: 'Str0ng!Pasz' }, 'confirmPassword', FIELD_CODES.passwordMismatch);
  });

  it('checks the national id structure: century digit, a real past date, a governorate', async () => {
    for (const nationalId of [
      '19506150100011', // century digit 1
      '29502300100011', // 30 February
      '29513010100011', // month 13
      '29506159900011', // governorate 99
      '2950615010001', // 13 digits
      '32901010100011', // born in 2029: in the future
    ])
      await bad({ nationalId }, 'nationalId', FIELD_CODES.nationalId);
  });

  it('reports every failing field at once', async () => {
    const res = await call(ctx, 'POST', '/api/citizen', {
      body: { ...newCitizenData(), username: 'BAD', mobile: '123', nationalId: '1' },
    });
    expect(Object.keys(apiError(res).fieldErrors ?? {}).sort()).toEqual(['mobile', 'nationalId', 'username']);
  });

  it('accepts Arabic-Indic digits and stores them as Latin digits', async () => {
    const data = newCitizenData();
    const arabic = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x660 + Number(d)));
    const res = await call(ctx, 'POST', '/api/citizen', {
      body: { ...data, mobile: arabic(data.mobile), nationalId: arabic(data.nationalId) },
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await userRow((res.json() as { userId: string }).userId);
    expect(row).toMatchObject({ mobile: data.mobile, nationalId: data.nationalId, mobileVerified: false });
  });

  it('creates the account with its welcome notification, welcome and verification e-mails and the SMS code', async () => {
    const s = await signUp(ctx);
    const row = await userRow(s.userId);
    expect(row).toMatchObject({ username: s.data.username, email: s.data.email, emailVerified: false, mobileVerified: false });
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(row.passwordHash).not.toContain(s.data.password);
    const notes = await db().select().from(notifications).where(eq(notifications.userId, s.userId));
    expect(notes.map((n) => n.type)).toEqual(['welcome']);
    const mails = await outboxTo(db(), s.data.email);
    expect(mails).toHaveLength(2);
    expect(mails.every((m) => m.channel === 'email' && m.status === 'pending')).toBe(true);
    expect(mails.map((m) => m.dedupeKey)).toContain(`welcome:${s.userId}`);
    expect(mails.some((m) => m.body.includes('/email-verify?token='))).toBe(true);
    const texts = await outboxTo(db(), s.data.mobile);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.channel).toBe('sms');
    // The code is stored hashed, never as sent.
    const code = await latestCode(db(), s.data.mobile);
    const [secret] = await db()
      .select()
      .from(oneTimeSecrets)
      .where(and(eq(oneTimeSecrets.userId, s.userId), eq(oneTimeSecrets.purpose, 'mobile-verify')));
    expect(secret!.secretHash).toBe(sha256(code));
    expect(JSON.stringify(secret)).not.toContain(code);
  });

  it('answers the step in the language of the request (English e-mails with Accept-Language en)', async () => {
    const data = newCitizenData();
    const res = await call(ctx, 'POST', '/api/citizen', { body: data, headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      step: { mobileMasked: `${data.mobile.slice(0, 3)}•••••${data.mobile.slice(-3)}`, expiresInMinutes: 10 },
    });
    const mails = await outboxTo(db(), data.email);
    expect(mails.map((m) => m.subject)).toContain('Welcome to Kahraba');
  });

  it('signs up without an e-mail: no e-mail rows, the SMS still goes', async () => {
    const s = await signUp(ctx, { email: '' });
    expect((await userRow(s.userId)).email).toBeNull();
    expect(await outboxTo(db(), s.data.mobile)).toHaveLength(1);
  });

  it('answers Duplicate_Data to a national id (and a username, mobile or e-mail) already registered', async () => {
    const first = await signUp(ctx);
    for (const key of ['nationalId', 'username', 'mobile', 'email'] as const) {
      const res = await call(ctx, 'POST', '/api/citizen', { body: newCitizenData({ [key]: first.data[key] }) });
      const err = expectError(res, 409, 'Duplicate_Data');
      expect(err.fieldErrors).toEqual({ [key]: ['already-exists'] });
    }
    // Case does not make a new e-mail address.
    const res = await call(ctx, 'POST', '/api/citizen', { body: newCitizenData({ email: first.data.email.toUpperCase() }) });
    expectError(res, 409, 'Duplicate_Data');
  });

  it('an all-digit username may not be another account’s mobile or national id (sign-in takes any of them)', async () => {
    const victim = await signUp(ctx);
    for (const username of [victim.data.mobile, victim.data.nationalId]) {
      const res = await call(ctx, 'POST', '/api/citizen', { body: newCitizenData({ username }) });
      expect(expectError(res, 409, 'Duplicate_Data').fieldErrors).toEqual({ username: ['already-exists'] });
    }
    // And a mobile that is someone's username.
    const digits = await signUp(ctx, { username: '01099887766' });
    const res = await call(ctx, 'POST', '/api/citizen', { body: newCitizenData({ mobile: digits.data.username }) });
    expect(expectError(res, 409, 'Duplicate_Data').fieldErrors).toEqual({ mobile: ['already-exists'] });
  });

  it('sign-in by mobile finds the mobile’s owner even when an older account has it as username', async () => {
    const victim = await signUpVerified(ctx);
    await db()
      .insert(users)
      .values({
        id: `legacy-${victim.userId}`,
        number: 900_000 + Math.floor(Math.random() * 90_000),
        userSlug: 'citizen',
        username: victim.data.mobile,
        firstName: 'Legacy',
        lastName: 'Account',
        passwordHash: (await userRow(victim.userId)).passwordHash,
        mobileVerified: true,
      });
    // A row update moves the victim's row after the legacy one in the table: the database returns the legacy first.
    await db().update(users).set({ updatedAt: new Date() }).where(eq(users.id, victim.userId));
    for (let i = 0; i < 3; i++)
      expect((await login(ctx, 'citizen', victim.data.mobile, victim.data.password)).userId).toBe(victim.userId);
  });

  it('lets the unique index decide between simultaneous sign-ups; the losers leave no rows or messages', async () => {
    const nationalId = newCitizenData().nationalId;
    const bodies = Array.from({ length: 4 }, () => newCitizenData({ nationalId }));
    const results = await Promise.all(bodies.map((body) => call(ctx, 'POST', '/api/citizen', { body })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(apiError(r).code).toBe('Duplicate_Data');
    const winner = bodies[results.findIndex((r) => r.statusCode === 201)]!;
    for (const b of bodies) {
      const rows = await outboxTo(db(), b.email);
      expect(rows.length, b.email).toBe(b === winner ? 2 : 0);
      expect((await outboxTo(db(), b.mobile)).length).toBe(b === winner ? 1 : 0);
    }
    expect(await db().select().from(users).where(eq(users.nationalId, nationalId))).toHaveLength(1);
  });

  it('refuses a user type that does not register (403) and an unknown one (404)', async () => {
    expectError(await call(ctx, 'POST', '/api/employee', { body: newCitizenData() }), 403, 'FORBIDDEN');
    expectError(await call(ctx, 'POST', '/api/agent', { body: newCitizenData() }), 403, 'FORBIDDEN');
    expectError(await call(ctx, 'POST', '/api/nobody', { body: newCitizenData() }), 404, 'NOT_FOUND');
  });

  it('refuses unknown keys (no mass assignment of roles)', async () => {
    const res = await call(ctx, 'POST', '/api/citizen', { body: { ...newCitizenData(), roles: ['TECHNICAL_SUPPORT'] } });
    expect(expectError(res, 400, 'INVALID_INPUT').fieldErrors).toHaveProperty('roles');
  });

  it('answers ALREADY_LOGGED_IN to a signed-in citizen', async () => {
    const { session } = await signUpVerified(ctx);
    expectError(await call(ctx, 'POST', '/api/citizen', { as: session, body: newCitizenData() }), 409, 'ALREADY_LOGGED_IN');
  });

  it('limits sign-ups per client address', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await call(ctx, 'POST', '/api/citizen', { ip, body: { ...newCitizenData(), username: 'BAD' } })).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});

/* ------------------------------------------------ mobile verification ---------------------------------------- */

describe('mobile verification (sendMobileVerification, verifyMobile)', () => {
  const verify = (verificationToken: string, code: string) =>
    call(ctx, 'POST', '/api/citizen/verifyMobile', { body: { verificationToken, code } });
  const resend = (verificationToken: string) =>
    call(ctx, 'POST', '/api/citizen/sendMobileVerification', { body: { verificationToken } });
  /** Rewrites when codes were sent for a handle (seconds ago, oldest first). */
  const sentAgo = async (userId: string, secondsAgo: number[]) => {
    const now = Date.now();
    const sentAt = JSON.stringify(secondsAgo.map((s) => new Date(now - s * 1000).toISOString()));
    await db()
      .update(oneTimeSecrets)
      .set({ data: sql`jsonb_set(${oneTimeSecrets.data}, '{sentAt}', to_jsonb(${sentAt}::text))` })
      .where(and(eq(oneTimeSecrets.userId, userId), eq(oneTimeSecrets.purpose, 'mobile-verify')));
  };

  it('verifies with the SMS code and signs the citizen in (cookie, csrf token)', async () => {
    const s = await signUp(ctx);
    const res = await verify(s.verificationToken, await latestCode(db(), s.data.mobile));
    const session = sessionFrom(res);
    expect(session.userId).toBe(s.userId);
    const user = ZCurrentUser.parse((await me(session)).json());
    expect(user).toMatchObject({ mobileVerified: true, username: s.data.username, nationalId: s.data.nationalId });
    expect(user.age).toBeGreaterThanOrEqual(30);
  });

  it('answers NO_CODE_WAS_SENT to an unknown handle, INVALID_CODE to a wrong code, then accepts the right one', async () => {
    const s = await signUp(ctx);
    expectError(await verify('x'.repeat(43), '123456'), 400, 'NO_CODE_WAS_SENT');
    const code = await latestCode(db(), s.data.mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    expectError(await verify(s.verificationToken, wrong), 400, 'INVALID_CODE');
    expect(expectError(await verify(s.verificationToken, '12ab56'), 400, 'INVALID_INPUT').fieldErrors).toEqual({
      code: [FIELD_CODES.code],
    });
    expect((await verify(s.verificationToken, code)).statusCode).toBe(200);
  });

  it('stops after 5 wrong codes (MAX_OTP_ATTEMPTS), even for the right code', async () => {
    const s = await signUp(ctx);
    const code = await latestCode(db(), s.data.mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    const codes: string[] = [];
    for (let i = 0; i < CODE_POLICY.maxAttempts; i++) codes.push(apiError(await verify(s.verificationToken, wrong)).code);
    expect(codes).toEqual(['INVALID_CODE', 'INVALID_CODE', 'INVALID_CODE', 'INVALID_CODE', 'MAX_OTP_ATTEMPTS']);
    expectError(await verify(s.verificationToken, code), 429, 'MAX_OTP_ATTEMPTS');
    // A new code (after the resend wait) starts the tries again.
    await sentAgo(s.userId, [120]);
    expect((await resend(s.verificationToken)).statusCode).toBe(200);
    expect((await verify(s.verificationToken, await latestCode(db(), s.data.mobile))).statusCode).toBe(200);
  });

  it('answers EXPIRED_CODE after the code lifetime', async () => {
    const s = await signUp(ctx);
    await ageSecrets(db(), s.userId, (CODE_POLICY.codeTtlMinutes + 1) * 60_000, ['mobile-verify']);
    expectError(await verify(s.verificationToken, await latestCode(db(), s.data.mobile)), 400, 'EXPIRED_CODE');
  });

  it('limits resends: NOT_ALLOWED_RESEND within a minute, CODE_ALREADY_SENT after 5 codes in an hour', async () => {
    const s = await signUp(ctx);
    const first = await latestCode(db(), s.data.mobile);
    const wait = expectError(await resend(s.verificationToken), 429, 'NOT_ALLOWED_RESEND');
    expect(Number(wait.details?.[0])).toBeGreaterThan(50);
    await sentAgo(s.userId, [61]);
    const res = await resend(s.verificationToken);
    expect(res.json()).toEqual({ sent: true, resendAfterSeconds: 60, expiresInMinutes: 10 });
    expect(await outboxTo(db(), s.data.mobile)).toHaveLength(2);
    // The old code no longer works; the new one does (checked below after the limit).
    const second = await latestCode(db(), s.data.mobile);
    if (first !== second) expectError(await verify(s.verificationToken, first), 400, 'INVALID_CODE');
    await sentAgo(s.userId, [3000, 2500, 2000, 1500, 100]);
    expectError(await resend(s.verificationToken), 409, 'CODE_ALREADY_SENT');
    // Older than an hour no longer counts.
    await sentAgo(s.userId, [4000, 3900, 3800, 3700, 3650]);
    expect((await resend(s.verificationToken)).statusCode).toBe(200);
  });

  it('answers tokenExpired to an unknown handle, USER_NOT_FOUND_OR_ALREADY_VERIFIED once verified', async () => {
    expectError(await resend('y'.repeat(43)), 400, 'tokenExpired');
    const s = await signUpVerified(ctx);
    expectError(await resend(s.verificationToken), 400, 'USER_NOT_FOUND_OR_ALREADY_VERIFIED');
    expectError(await verify(s.verificationToken, '123456'), 400, 'USER_NOT_FOUND_OR_ALREADY_VERIFIED');
  });

  it('sends a citizen with an unverified mobile to the mobile step at sign-in (no session yet)', async () => {
    const s = await signUp(ctx);
    const res = await loginRaw(ctx, 'citizen', s.data.username, s.data.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'mobile-unverified', step: { expiresInMinutes: 10 } });
    // No session cookie: only the device cookie (the password was proven in this browser).
    expect(setCookies(res).map((c) => c.split('=')[0])).toEqual(['kahraba_device']);
    const step = (res.json() as { step: { verificationToken: string } }).step;
    expect((await verify(step.verificationToken, await latestCode(db(), s.data.mobile))).statusCode).toBe(200);
  });

  it('repeated sign-ins do not send more codes than the resend rules allow (one phone, any handle)', async () => {
    const s = await signUp(ctx);
    const steps: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await loginRaw(ctx, 'citizen', s.data.username, s.data.password);
      expect(res.statusCode).toBe(200);
      steps.push((res.json() as { step: { verificationToken: string } }).step.verificationToken);
    }
    // Within the minute: new handles, the code already sent, no new SMS.
    expect(await outboxTo(db(), s.data.mobile)).toHaveLength(1);
    expect(new Set(steps).size).toBe(4);
    expectError(await resend(steps.at(-1)!), 429, 'NOT_ALLOWED_RESEND');
    // After a minute a sign-in sends a new code; five in an hour is the most (each handle's code was sent 90 s ago).
    let last = '';
    for (let i = 0; i < 6; i++) {
      await sentAgo(s.userId, [90]);
      const res = await loginRaw(ctx, 'citizen', s.data.username, s.data.password);
      expect(res.statusCode).toBe(200);
      last = (res.json() as { step: { verificationToken: string } }).step.verificationToken;
    }
    expect(await outboxTo(db(), s.data.mobile)).toHaveLength(CODE_POLICY.maxSendsPerHour);
    // The step's handle still leads to the last code sent.
    expect((await verify(last, await latestCode(db(), s.data.mobile))).statusCode).toBe(200);
  });

  it('a disabled account cannot verify its mobile', async () => {
    const s = await signUp(ctx);
    await db().update(users).set({ disabled: true }).where(eq(users.id, s.userId));
    const res = await verify(s.verificationToken, await latestCode(db(), s.data.mobile));
    expectError(res, 400, 'USER_NOT_FOUND_OR_ALREADY_VERIFIED');
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

/* ------------------------------------------------ profile ---------------------------------------------------- */

describe('profile (GET/PATCH /api/{userSlug}/{userId})', () => {
  it('shows the signed-in user without secrets', async () => {
    const { session } = await signUpVerified(ctx);
    const res = await me(session);
    expect(res.statusCode).toBe(200);
    const user = ZCurrentUser.parse(res.json());
    expect(user).toMatchObject({ kind: 'citizen', roles: [], mfa: { totp: false, passkeys: [] } });
    expect(res.body).not.toMatch(/passwordHash|password_hash|scrypt|totpSecret/);
  });

  it('edits the editable fields and clears an optional one with an empty string', async () => {
    const { session, userId } = await signUpVerified(ctx);
    const res = await call(ctx, 'PATCH', `/api/citizen/${userId}`, {
      as: session,
      body: { firstName: 'Salma', homeAddress: ' 5 Nile St ', job: 'Engineer', phone: '01234567890' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Salma',
      fullName: 'Salma Hassan',
      profile: { homeAddress: '5 Nile St', job: 'Engineer', phone: '01234567890' },
    });
    const cleared = await call(ctx, 'PATCH', `/api/citizen/${userId}`, { as: session, body: { job: '' } });
    expect((cleared.json() as { profile: object }).profile).toEqual({ homeAddress: '5 Nile St', phone: '01234567890' });
  });

  it('keeps a governorate of the reference data (shown back), refuses an unknown one and clears it', async () => {
    const { session, userId } = await signUpVerified(ctx);
    const set = await call(ctx, 'PATCH', `/api/citizen/${userId}`, { as: session, body: { governorate: 'gov-giza' } });
    expect(set.statusCode, set.body).toBe(200);
    expect((set.json() as { profile: object }).profile).toEqual({ governorate: 'gov-giza' });
    expect(ZCurrentUser.parse((await me(session)).json()).profile.governorate).toBe('gov-giza');
    for (const governorate of ['gov-atlantis', 'Cairo governorate', '<b>']) {
      const err = expectError(
        await call(ctx, 'PATCH', `/api/citizen/${userId}`, { as: session, body: { governorate } }),
        400,
        'INVALID_INPUT',
      );
      expect(err.fieldErrors).toEqual({ governorate: ['value-not-allowed'] });
    }
    expect((await userRow(userId)).profile.governorate).toBe('gov-giza');
    const cleared = await call(ctx, 'PATCH', `/api/citizen/${userId}`, { as: session, body: { governorate: '' } });
    expect((cleared.json() as { profile: object }).profile).toEqual({});
  });

  it('answers NOT_EDITABLE to username, national id, mobile, roles and the like, and changes nothing', async () => {
    const { session, userId, data } = await signUpVerified(ctx);
    for (const body of [
      { username: 'other' },
      { nationalId: '29001010100015' },
      { mobile: '01099999999' },
      { roles: ['TECHNICAL_SUPPORT'] },
      { emailVerified: true },
      { firstName: 'Ok', userSlug: 'employee' },
    ]) {
      const res = await call(ctx, 'PATCH', `/api/citizen/${userId}`, { as: session, body });
      const err = expectError(res, 400, 'NOT_EDITABLE');
      const locked = Object.keys(body).filter((k) => k !== 'firstName');
      expect(err.fieldErrors).toEqual(Object.fromEntries(locked.map((k) => [k, ['not-editable']])));
    }
    expect(await userRow(userId)).toMatchObject({ username: data.username, roles: [], firstName: 'Mona', userSlug: 'citizen' });
  });

  it('validates the fields (unknown keys, names, phone)', async () => {
    const { session, userId } = await signUpVerified(ctx);
    for (const [body, field] of [
      [{ nickname: 'x' }, 'nickname'],
      [{ firstName: 'X' }, 'firstName'],
      [{ phone: '123' }, 'phone'],
      [{ email: 'nope' }, 'email'],
    ] as const) {
      const err = expectError(await call(ctx, 'PATCH', `/api/citizen/${userId}`, { as: session, body }), 400, 'INVALID_INPUT');
      expect(err.fieldErrors).toHaveProperty(field);
    }
  });

  it('a new e-mail address must be verified again (link sent to it); another account’s address is Duplicate_Data', async () => {
    const a = await signUpVerified(ctx);
    const b = await signUpVerified(ctx);
    await db().update(users).set({ emailVerified: true }).where(eq(users.id, a.userId));
    const newEmail = `New.${a.data.username}@Example.com`;
    const res = await call(ctx, 'PATCH', `/api/citizen/${a.userId}`, { as: a.session, body: { email: newEmail } });
    expect(res.json()).toMatchObject({ email: newEmail.toLowerCase(), emailVerified: false });
    const link = (await outboxTo(db(), newEmail.toLowerCase())).find((m) => m.body.includes('/email-verify?token='));
    const token = /token=([A-Za-z0-9_-]+)/.exec(link!.body)![1]!;
    const ok = await call(ctx, 'POST', '/api/citizen/verifyUserEmail', { as: a.session, body: { token } });
    expect(ok.json()).toEqual({ verified: true, email: newEmail.toLowerCase() });
    expect((await userRow(a.userId)).emailVerified).toBe(true);
    const dup = await call(ctx, 'PATCH', `/api/citizen/${b.userId}`, { as: b.session, body: { email: newEmail } });
    expect(expectError(dup, 409, 'Duplicate_Data').fieldErrors).toEqual({ email: ['already-exists'] });
  });
});

describe('profile e-mail changes', () => {
  it('send at most 5 verification links an hour (the address still changes)', async () => {
    const { session, userId } = await signUpVerified(ctx);
    const addresses = Array.from({ length: 6 }, (_, i) => `hop${i}.${userId.slice(0, 8)}@example.com`);
    for (const email of addresses) {
      const res = await call(ctx, 'PATCH', `/api/citizen/${userId}`, { as: session, body: { email } });
      expect(res.json()).toMatchObject({ email, emailVerified: false });
    }
    const sent = await Promise.all(addresses.map(async (a) => (await outboxTo(db(), a)).length));
    expect(sent).toEqual([1, 1, 1, 1, 0, 0]); // the sign-up link was the first of five
  });
});

/* ------------------------------------------------ e-mail verification ---------------------------------------- */

describe('e-mail verification link (verifyUserEmail)', () => {
  const linkToken = async (email: string) => {
    const rows = (await outboxTo(db(), email)).filter((m) => m.body.includes('/email-verify?token='));
    return /token=([A-Za-z0-9_-]+)/.exec(rows.at(-1)!.body)![1]!;
  };
  const verifyEmail = (s: Session, token: string) =>
    call(ctx, 'POST', `/api/${s.userSlug}/verifyUserEmail`, { as: s, body: { token } });
  const resendEmail = (s: Session, userId = s.userId) =>
    call(ctx, 'GET', `/api/${s.userSlug}/verifyUserEmail/${userId}`, { as: s });

  it('verifies with the link sent at sign-up; a second use answers alreadyVerified', async () => {
    const a = await signUpVerified(ctx);
    const token = await linkToken(a.data.email);
    expect((await verifyEmail(a.session, token)).statusCode).toBe(200);
    expect(ZCurrentUser.parse((await me(a.session)).json()).emailVerified).toBe(true);
    expectError(await verifyEmail(a.session, token), 409, 'alreadyVerified');
    expectError(await resendEmail(a.session), 409, 'alreadyVerified');
  });

  it('resends the link (NOT_ALLOWED_RESEND within a minute); the new link works', async () => {
    const a = await signUpVerified(ctx);
    expectError(await resendEmail(a.session), 429, 'NOT_ALLOWED_RESEND');
    await ageSecrets(db(), a.userId, 120_000, ['email-verify']);
    const res = await resendEmail(a.session);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sent: true, emailMasked: `${a.data.email.slice(0, 2)}•••@example.com` });
    expect((await verifyEmail(a.session, await linkToken(a.data.email))).statusCode).toBe(200);
  });

  it('answers tokenExpired to an expired link and to a link for a former address', async () => {
    const a = await signUpVerified(ctx);
    const token = await linkToken(a.data.email);
    await ageSecrets(db(), a.userId, 25 * 3_600_000, ['email-verify']);
    expectError(await verifyEmail(a.session, token), 400, 'tokenExpired');
    const b = await signUpVerified(ctx);
    const old = await linkToken(b.data.email);
    await call(ctx, 'PATCH', `/api/citizen/${b.userId}`, { as: b.session, body: { email: `changed.${b.data.email}` } });
    expectError(await verifyEmail(b.session, old), 400, 'tokenExpired');
  });

  it('answers notAuthorized to another account’s link or an unknown one, 401 without a session', async () => {
    const a = await signUpVerified(ctx);
    const b = await signUpVerified(ctx);
    expectError(await verifyEmail(b.session, await linkToken(a.data.email)), 403, 'notAuthorized');
    expectError(await verifyEmail(b.session, 'z'.repeat(43)), 403, 'notAuthorized');
    expect((await userRow(a.userId)).emailVerified).toBe(false);
    const anon = await call(ctx, 'POST', '/api/citizen/verifyUserEmail', { body: { token: await linkToken(a.data.email) } });
    expectError(anon, 401, 'UNAUTHORIZED');
  });

  it('answers emailNotFound to an account without e-mail; another account’s resend is FORBIDDEN', async () => {
    const a = await signUpVerified(ctx, { email: '' });
    expectError(await resendEmail(a.session), 404, 'emailNotFound');
    const b = await signUpVerified(ctx);
    expectError(await resendEmail(a.session, b.userId), 403, 'FORBIDDEN');
  });
});

/* ------------------------------------------------ change password -------------------------------------------- */

describe('change password (POST /api/{userSlug}/change-password)', () => {
  const change = (s: Session, body: Record<string, string>) =>
    call(ctx, 'POST', `/api/${s.userSlug}/change-password`, { as: s, body });

  it('names what is missing or wrong', async () => {
    const { session, data } = await signUpVerified(ctx);
    expectError(await change(session, { newPassword: 'N3w!Passw' }), 400, 'OLD_PASSWORD_REQUIRED');
    expectError(await change(session, { oldPassword: data.password }), 400, 'NEW_PASSWORD_REQUIRED');
    expectError(await change(session, { oldPassword: 'Wr0ng!Pass', newPassword: 'N3w!Passw' }), 400, 'INVALID_PASSWORD');
    const weak = expectError(
      await change(session, { oldPassword: data.password, newPassword: 'weakpass' }),
      400,
      'INVALID_INPUT',
    );
    expect(weak.fieldErrors).toEqual({ newPassword: [FIELD_CODES.password] });
    const mismatch = await change(session, {
      oldPassword: data.password,
      newPassword: 'N3w!Passw',
      confirmPassword: 'N3w!Passx',
    });
    expect(expectError(mismatch, 400, 'INVALID_INPUT').fieldErrors).toEqual({ confirmPassword: [FIELD_CODES.passwordMismatch] });
    expectError(await change(session, { oldPassword: data.password, newPassword: data.password }), 400, 'ChangePasswordFailed');
    expectError(
      await call(ctx, 'POST', '/api/citizen/change-password', { body: { oldPassword: 'a', newPassword: 'b' } }),
      401,
      'UNAUTHORIZED',
    );
  });

  it('changes it: other sessions end, this one stays, a notification and an e-mail are written', async () => {
    const { session, data, userId } = await signUpVerified(ctx);
    const other = await login(ctx, 'citizen', data.username, data.password);
    const res = await change(session, { oldPassword: data.password, newPassword: 'N3w!Passw', confirmPassword: 'N3w!Passw' });
    expect(res.json()).toEqual({ changed: true });
    expect((await me(session)).statusCode).toBe(200);
    expectError(await me(other), 401, 'UNAUTHORIZED');
    const notes = await db().select().from(notifications).where(eq(notifications.userId, userId));
    expect(notes.map((n) => n.type).sort()).toEqual(['password-changed', 'welcome']);
    expect((await outboxTo(db(), data.email)).some((m) => m.subject === 'تم تغيير كلمة المرور')).toBe(true);
    expectError(await loginRaw(ctx, 'citizen', data.username, data.password), 401, 'WRONG_CREDENTIALS');
    expect((await login(ctx, 'citizen', data.username, 'N3w!Passw')).userId).toBe(userId);
  });

  it('delays after 5 wrong current passwords (429 TOO_MANY_REQUESTS)', async () => {
    const { session, data } = await signUpVerified(ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await change(session, { oldPassword: 'Wr0ng!Pass', newPassword: 'N3w!Passw' })).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    expectError(await change(session, { oldPassword: data.password, newPassword: 'N3w!Passw' }), 429, 'TOO_MANY_REQUESTS');
  });

  it('refuses another user type’s path', async () => {
    const { session, data } = await signUpVerified(ctx);
    expectError(
      await call(ctx, 'POST', '/api/employee/change-password', {
        as: session,
        body: { oldPassword: data.password, newPassword: 'N3w!Passw' },
      }),
      403,
      'FORBIDDEN',
    );
  });
});

/* ------------------------------------------------ forgot password -------------------------------------------- */

describe('forgot password (forgetPassword → validateResetPasswordOTP → reset-password)', () => {
  const forget = (identifier: string, channel: 'sms' | 'email') =>
    call(ctx, 'POST', '/api/citizen/forgetPassword', { body: { identifier, channel } });
  const validate = (resetId: string, code: string) =>
    call(ctx, 'POST', '/api/citizen/validateResetPasswordOTP', { body: { resetId, code } });
  const reset = (token: string | undefined, password = 'R3set!Pass') =>
    call(ctx, 'POST', '/api/citizen/reset-password', {
      body: { password, confirmPassword: password },
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    });

  it('by SMS: the code gives a single-use reset token; the new password works and old sessions end', async () => {
    const { data, session, userId } = await signUpVerified(ctx);
    const res = await forget(data.mobile, 'sms');
    expect(res.statusCode).toBe(200);
    const { resetId } = res.json() as { resetId: string };
    const code = await latestCode(db(), data.mobile);
    const notes = await db().select().from(notifications).where(eq(notifications.userId, userId));
    expect(notes.map((n) => n.type)).toContain('forgot-password');
    const wrong = code === '000000' ? '111111' : '000000';
    expectError(await validate(resetId, wrong), 400, 'INVALID_CODE');
    const ok = await validate(resetId, code);
    expect(ok.statusCode).toBe(200);
    const { resetToken } = ok.json() as { resetToken: string };
    // The code is single use.
    expectError(await validate(resetId, code), 400, 'INVALID_CODE');
    expect((await reset(resetToken)).json()).toEqual({ reset: true });
    expectError(await reset(resetToken, 'An0ther!Pass'), 403, 'notAuthorized');
    expectError(await me(session), 401, 'UNAUTHORIZED');
    expectError(await loginRaw(ctx, 'citizen', data.username, data.password), 401, 'WRONG_CREDENTIALS');
    expect((await login(ctx, 'citizen', data.username, 'R3set!Pass')).userId).toBe(userId);
  });

  const verifiedEmail = async () => {
    const s = await signUpVerified(ctx);
    await db().update(users).set({ emailVerified: true }).where(eq(users.id, s.userId));
    return s;
  };

  it('by e-mail: the code or the link; using one ends the other', async () => {
    const { data, userId } = await verifiedEmail();
    const res = await forget(data.email.toUpperCase(), 'email');
    const { resetId } = res.json() as { resetId: string };
    const mail = (await outboxTo(db(), data.email)).at(-1)!;
    expect(mail.body).toContain('/forget-password/reset?token=');
    const linkToken = /token=([A-Za-z0-9_-]+)/.exec(mail.body)![1]!;
    const code = await latestCode(db(), data.email);
    const { resetToken } = (await validate(resetId, code)).json() as { resetToken: string };
    expect((await reset(resetToken)).statusCode).toBe(200);
    expectError(await reset(linkToken), 403, 'notAuthorized');
    expect((await login(ctx, 'citizen', data.username, 'R3set!Pass')).userId).toBe(userId);
  });

  it('the e-mail link works by itself as the reset token', async () => {
    const { data, userId } = await verifiedEmail();
    await forget(data.username, 'email');
    const linkToken = /token=([A-Za-z0-9_-]+)/.exec((await outboxTo(db(), data.email)).at(-1)!.body)![1]!;
    expect((await reset(linkToken)).statusCode).toBe(200);
    expect((await login(ctx, 'citizen', data.username, 'R3set!Pass')).userId).toBe(userId);
  });

  it('builds the reset and verification links from the configuration, whatever Host the request names', async () => {
    const { data, session, userId } = await verifiedEmail();
    const poisoned = { host: 'attacker.example', 'x-forwarded-host': 'attacker.example' };
    await call(ctx, 'POST', '/api/citizen/forgetPassword', {
      body: { identifier: data.username, channel: 'email' },
      headers: poisoned,
    });
    const resetMail = (await outboxTo(db(), data.email)).at(-1)!;
    // No PUBLIC_ORIGIN in this test app: the fixed local default, http://localhost:PORT.
    expect(resetMail.body).toContain(`http://localhost:${ctx.config.port}/forget-password/reset?token=`);
    expect(resetMail.body).not.toContain('attacker.example');
    // A new e-mail address gets a verification link, built the same way.
    const newEmail = `host-${userId.slice(0, 8)}@example.com`;
    await call(ctx, 'PATCH', `/api/citizen/${userId}`, { as: session, body: { email: newEmail }, headers: poisoned });
    const verifyMail = (await outboxTo(db(), newEmail)).find((m) => m.body.includes('/email-verify?token='))!;
    expect(verifyMail.body).toContain(`http://localhost:${ctx.config.port}/email-verify?token=`);
    expect(verifyMail.body).not.toContain('attacker.example');
  });

  it('uses PUBLIC_ORIGIN for links when it is set', async () => {
    const configured = await buildTestApp({ PUBLIC_ORIGIN: 'https://portal.example/', DEMO_MODE: 'false' }, { demoUsers: false });
    try {
      const s = await signUpVerified(configured);
      await configured.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, s.userId));
      await call(configured, 'POST', '/api/citizen/forgetPassword', {
        body: { identifier: s.data.username, channel: 'email' },
        headers: { host: 'attacker.example' },
      });
      const mail = (await outboxTo(configured.database.db, s.data.email)).at(-1)!;
      expect(mail.body).toContain('https://portal.example/forget-password/reset?token=');
    } finally {
      await configured.close();
    }
  });

  it('gives the same answer for an unknown account, and sends nothing', async () => {
    const before = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(outboxMessages);
    const known = await signUpVerified(ctx);
    const afterSignup = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(outboxMessages);
    const a = await forget(known.data.username, 'sms');
    const b = await forget('nobody-here', 'sms');
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(Object.keys(a.json() as object).sort()).toEqual(Object.keys(b.json() as object).sort());
    expect({ ...(a.json() as object), resetId: '' }).toEqual({ ...(b.json() as object), resetId: '' });
    const after = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(outboxMessages);
    expect(after[0]!.n - afterSignup[0]!.n).toBe(1);
    expect(afterSignup[0]!.n).toBeGreaterThan(before[0]!.n);
    // A code for the unknown account is as wrong as a wrong code for a real one.
    expectError(await validate((b.json() as { resetId: string }).resetId, '123456'), 400, 'INVALID_CODE');
    // And the resend rule applies alike.
    expectError(await forget('nobody-here', 'sms'), 429, 'NOT_ALLOWED_RESEND');
    expectError(await forget(known.data.username, 'sms'), 429, 'NOT_ALLOWED_RESEND');
  });

  it('answers NO_CODE_WAS_SENT, EXPIRED_CODE and MAX_OTP_ATTEMPTS', async () => {
    expectError(await validate('q'.repeat(43), '123456'), 400, 'NO_CODE_WAS_SENT');
    const { data, userId } = await signUpVerified(ctx);
    const { resetId } = (await forget(data.mobile, 'sms')).json() as { resetId: string };
    const code = await latestCode(db(), data.mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    const codes: string[] = [];
    for (let i = 0; i < CODE_POLICY.maxAttempts; i++) codes.push(apiError(await validate(resetId, wrong)).code);
    expect(codes.at(-1)).toBe('MAX_OTP_ATTEMPTS');
    expectError(await validate(resetId, code), 429, 'MAX_OTP_ATTEMPTS');
    await ageSecrets(db(), userId, 3_600_000, ['reset-code']);
    const again = (await forget(data.mobile, 'sms')).json() as { resetId: string };
    await ageSecrets(db(), userId, (CODE_POLICY.codeTtlMinutes + 1) * 60_000, ['reset-code']);
    expectError(await validate(again.resetId, await latestCode(db(), data.mobile)), 400, 'EXPIRED_CODE');
  });

  it('refuses reset without a token (notAuthorized) and with an expired one (tokenExpired)', async () => {
    expectError(await reset(undefined), 403, 'notAuthorized');
    expectError(await reset('not-a-real-token-at-all'), 403, 'notAuthorized');
    const { data, userId } = await verifiedEmail();
    await forget(data.username, 'email');
    const linkToken = /token=([A-Za-z0-9_-]+)/.exec((await outboxTo(db(), data.email)).at(-1)!.body)![1]!;
    await ageSecrets(db(), userId, 3_600_000, ['reset-token']);
    expectError(await reset(linkToken), 400, 'tokenExpired');
    const weak = await reset(linkToken, 'weak');
    expect(expectError(weak, 400, 'INVALID_INPUT').fieldErrors).toHaveProperty('password');
  });

  it('refuses a reset for a disabled account (notAuthorized)', async () => {
    const { data, userId } = await signUpVerified(ctx);
    const { resetId } = (await forget(data.mobile, 'sms')).json() as { resetId: string };
    const { resetToken } = (await validate(resetId, await latestCode(db(), data.mobile))).json() as { resetToken: string };
    await db().update(users).set({ disabled: true }).where(eq(users.id, userId));
    expectError(await reset(resetToken), 403, 'notAuthorized');
  });

  it('does not send a reset SMS to an unverified mobile', async () => {
    const s = await signUp(ctx);
    const res = await forget(s.data.mobile, 'sms');
    expect(res.statusCode).toBe(200);
    expect(await outboxTo(db(), s.data.mobile)).toHaveLength(1); // the sign-up code only
  });

  it('does not send a reset e-mail to an unverified address (same answer)', async () => {
    const s = await signUpVerified(ctx);
    const before = (await outboxTo(db(), s.data.email)).length;
    const res = await forget(s.data.email, 'email');
    expect(res.statusCode).toBe(200);
    expect(await outboxTo(db(), s.data.email)).toHaveLength(before);
    expectError(await validate((res.json() as { resetId: string }).resetId, '123456'), 400, 'INVALID_CODE');
  });
});

/* ------------------------------------------------ sessions stay clean ---------------------------------------- */

describe('database state', () => {
  it('stores only token hashes for sessions', async () => {
    const { session } = await signUpVerified(ctx);
    const token = session.cookie.split('=')[1]!;
    const rows = await db().select().from(sessions).where(eq(sessions.userId, session.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});
