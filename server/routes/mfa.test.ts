import crypto from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZApiError } from '../../contract/error-shape.ts';
import { ZCurrentUser, ZSignedIn } from '../../contract/identity.ts';
import { DEMO_PASSWORD, DEMO_TOTP } from '../seed/data/users.ts';
import { oneTimeSecrets, throttles, webauthnCredentials } from '../db/schema.ts';
import { sha256 } from '../domain/identity/crypto.ts';
import { FREE_FAILURES_PER_ADDRESS } from '../domain/identity/throttle.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

/*
 * The second factor through the API: TOTP sign-in (codes from the demo secrets), its failures and growing
 * delays, authenticator-app enrolment, and passkeys with a software authenticator (ES256, attestation "none").
 */

const ORIGIN = 'http://localhost:5173';
const RP_ID = 'localhost';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp({ PUBLIC_ORIGIN: ORIGIN }, { demoUsers: true });
});
afterAll(() => ctx.close());

let nextIp = 0;
const freshIp = () => {
  nextIp++;
  return `10.40.${nextIp >> 8}.${nextIp & 255}`;
};

type Session = { cookie: string; csrf: string; userId: string; userSlug: string };
type Req = { ip?: string; session?: Session; headers?: Record<string, string> };

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload: unknown, opts: Req = {}) =>
  ctx.app.inject({
    method,
    url,
    remoteAddress: opts.ip ?? freshIp(),
    headers: {
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...(method === 'GET' ? {} : { 'x-csrf-token': opts.session?.csrf ?? 'anonymous' }),
      ...(opts.session ? { cookie: opts.session.cookie } : {}),
      ...opts.headers,
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
const apiError = (res: { json: () => unknown }) => ZApiError.parse(res.json());

function sessionOf(res: { headers: Record<string, unknown>; json: () => unknown }): Session {
  const body = ZSignedIn.parse(res.json());
  const raw = res.headers['set-cookie'];
  const cookies = (Array.isArray(raw) ? raw : [raw]).map(String);
  const sid = cookies.find((c) => c.startsWith('kahraba_sid='));
  expect(sid, 'session cookie').toBeDefined();
  expect(sid).toMatch(/HttpOnly/);
  return { cookie: sid!.split(';')[0]!, csrf: body.csrfToken, userId: body.user.id, userSlug: body.user.userSlug };
}

const login = async (userSlug: string, username: string, ip?: string) => {
  const res = await call('POST', `/api/${userSlug}/login`, { username, password: DEMO_PASSWORD }, { ip });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { status: string; mfaToken?: string; methods?: string[]; csrfToken?: string };
};
const mfa = (userSlug: string, token: string | undefined, body: unknown, ip?: string) =>
  call('POST', `/api/${userSlug}/MFA`, body, { ip, headers: token ? { authorization: `Bearer ${token}` } : {} });

/** A code of the time step `offset` steps from now (-1, 0 and +1 are accepted). */
const totp = (secret: string, offset = 0) =>
  new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + offset * 30_000 });

/** The demo employee's session from the first test (another user for the ownership checks). */
let employeeSession: Session;

/**
 * Codes are of 30-second steps: keep a test's codes within one step. Ten seconds of margin, as a sign-in at the
 * demo accounts' full hashing cost can take seconds on a loaded machine.
 */
async function awayFromStepEdge() {
  const into = Date.now() % 30_000;
  if (into > 20_000) await new Promise((r) => setTimeout(r, 30_000 - into + 200));
}

const currentUser = async (s: Session) => {
  const res = await call('GET', `/api/${s.userSlug}/${s.userId}`, undefined, { session: s });
  expect(res.statusCode, res.body).toBe(200);
  return ZCurrentUser.parse(res.json());
};

describe('POST /api/:userSlug/MFA with an authenticator-app code', () => {
  it('signs the demo employee in: a session cookie, the csrf token and the user; the step is single use', async () => {
    await awayFromStepEdge();
    const step = await login('employee', 'employee');
    expect(step).toMatchObject({ status: 'mfa-required', methods: ['totp'] });
    const res = await mfa('employee', step.mfaToken, { method: 'totp', code: totp(DEMO_TOTP.employee, -1) });
    expect(res.statusCode, res.body).toBe(200);
    const s = sessionOf(res);
    expect((await currentUser(s)).username).toBe('employee');
    employeeSession = s;

    const again = await mfa('employee', step.mfaToken, { method: 'totp', code: totp(DEMO_TOTP.employee, 0) });
    expect(again.statusCode).toBe(401);
    expect(apiError(again).code).toBe('GRANT_EXPIRED');
  });

  it('answers WRONG_OTP to a wrong code, and the right one still works on the same step', async () => {
    await awayFromStepEdge();
    const step = await login('employee', 'employee');
    const wrong = await mfa('employee', step.mfaToken, { method: 'totp', code: totp(DEMO_TOTP.reports) });
    expect(wrong.statusCode).toBe(401);
    expect(apiError(wrong).code).toBe('WRONG_OTP');
    const ok = await mfa('employee', step.mfaToken, { method: 'totp', code: totp(DEMO_TOTP.employee, 0) });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses a code used before (replay) and one older than the last accepted', async () => {
    await awayFromStepEdge();
    const first = await login('employee', 'employee');
    const used = totp(DEMO_TOTP.employee, 1);
    expect((await mfa('employee', first.mfaToken, { method: 'totp', code: used })).statusCode).toBe(200);
    const step = await login('employee', 'employee');
    for (const c of [used, totp(DEMO_TOTP.employee, 0), totp(DEMO_TOTP.employee, -1)]) {
      const res = await mfa('employee', step.mfaToken, { method: 'totp', code: c });
      expect(res.statusCode).toBe(401);
      expect(apiError(res).code).toBe('WRONG_OTP');
    }
  });

  it('answers GRANT_EXPIRED without a token, to an unknown or expired one, and on another user type', async () => {
    const c = totp(DEMO_TOTP.employee);
    for (const token of [undefined, 'not-a-real-token-0123456789abcdef']) {
      const res = await mfa('employee', token, { method: 'totp', code: c });
      expect(res.statusCode).toBe(401);
      expect(apiError(res).code).toBe('GRANT_EXPIRED');
    }
    const step = await login('employee', 'employee');
    const other = await mfa('we_employee', step.mfaToken, { method: 'totp', code: c });
    expect(apiError(other).code).toBe('GRANT_EXPIRED');
    await ctx.database.db
      .update(oneTimeSecrets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeSecrets.lookup, sha256(step.mfaToken!)));
    const expired = await mfa('employee', step.mfaToken, { method: 'totp', code: c });
    expect(expired.statusCode).toBe(401);
    expect(apiError(expired).code).toBe('GRANT_EXPIRED');
    expect((await mfa('nosuchtype', step.mfaToken, { method: 'totp', code: c })).statusCode).toBe(404);
  });

  it('grows the delay after repeated wrong codes (429 with the seconds to wait), per account and per IP', async () => {
    const ip = freshIp();
    const step = await login('employee', 'reports', ip);
    // Signed in (first step) before the block: a password hash must not eat into the 2 s being checked below.
    const other = await login('employee', 'employee', ip);
    const wrong = () => mfa('employee', step.mfaToken, { method: 'totp', code: '000000' }, ip);
    for (let i = 0; i < 5; i++) expect(apiError(await wrong()).code).toBe('WRONG_OTP');
    const blocked = await wrong();
    expect(blocked.statusCode).toBe(429);
    expect(apiError(blocked)).toMatchObject({ code: 'TOO_MANY_REQUESTS', details: ['2'] });

    // The address is shared by many people: one account's five wrong codes do not hold back another account there.
    const ipKey = `mfa:ip:${ip}`;
    const [ipRow] = await ctx.database.db.select().from(throttles).where(eq(throttles.key, ipKey));
    expect(ipRow).toMatchObject({ failures: 5, blockedUntil: null });
    // Wrong codes spread over many accounts from one address are: at FREE_FAILURES_PER_ADDRESS the address waits
    // too (the block is stretched: a slow machine may take 2 s here).
    await ctx.database.db
      .update(throttles)
      .set({ failures: FREE_FAILURES_PER_ADDRESS - 1 })
      .where(eq(throttles.key, ipKey));
    const spray = await login('we_employee', 'assigner', ip);
    expect(apiError(await mfa('we_employee', spray.mfaToken, { method: 'totp', code: '000000' }, ip)).code).toBe('WRONG_OTP');
    await ctx.database.db
      .update(throttles)
      .set({ blockedUntil: new Date(Date.now() + 60_000) })
      .where(isNotNull(throttles.blockedUntil));
    const fromIp = await mfa('employee', other.mfaToken, { method: 'totp', code: totp(DEMO_TOTP.employee) }, ip);
    expect(fromIp.statusCode).toBe(429);

    // After the wait, the next failure blocks for twice as long; the exhausted step (5 wrong codes) is over.
    await ctx.database.db.update(throttles).set({ blockedUntil: new Date(Date.now() - 1) });
    const dead = await wrong();
    expect(apiError(dead).code).toBe('GRANT_EXPIRED');
    const next = await login('employee', 'reports', freshIp());
    const ip2 = freshIp();
    expect(apiError(await mfa('employee', next.mfaToken, { method: 'totp', code: '000000' }, ip2)).code).toBe('WRONG_OTP');
    const longer = await mfa('employee', next.mfaToken, { method: 'totp', code: '000000' }, ip2);
    expect(apiError(longer)).toMatchObject({ code: 'TOO_MANY_REQUESTS', details: ['4'] });
  });
});

describe('authenticator-app enrolment', () => {
  it('sets up a pending secret, confirms it with a code, signs in with it, and removes it', async () => {
    await awayFromStepEdge();
    const signedIn = await call('POST', '/api/citizen/login', { username: 'citizen', password: DEMO_PASSWORD });
    const s = sessionOf(signedIn);
    const base = `/api/citizen/${s.userId}/totp`;

    expect(apiError(await call('POST', `${base}/confirm`, { code: '123456' }, { session: s })).code).toBe('NO_CODE_WAS_SENT');
    const setup = await call('POST', base, {}, { session: s });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, otpauthUrl, qrSvg } = setup.json() as { secret: string; otpauthUrl: string; qrSvg: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Kahraba:citizen\?/);
    expect(otpauthUrl).toContain('issuer=Kahraba');
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect((await currentUser(s)).mfa.totp).toBe(false);

    const wrong = await call('POST', `${base}/confirm`, { code: totp(DEMO_TOTP.employee) }, { session: s });
    expect(wrong.statusCode).toBe(401);
    expect(apiError(wrong).code).toBe('WRONG_OTP');
    // The confirming code is kept as sent: regenerated after a slow sign-in it could belong to a newer step.
    await awayFromStepEdge();
    const confirming = totp(secret, -1);
    const confirmed = await call('POST', `${base}/confirm`, { code: confirming }, { session: s });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(ZCurrentUser.parse(confirmed.json()).mfa.totp).toBe(true);

    const step = await login('citizen', 'citizen');
    expect(step).toMatchObject({ status: 'mfa-required', methods: ['totp'] });
    // The confirming code was used: the sign-in needs a newer one.
    expect(apiError(await mfa('citizen', step.mfaToken, { method: 'totp', code: confirming })).code).toBe('WRONG_OTP');
    const res = await mfa('citizen', step.mfaToken, { method: 'totp', code: totp(secret, 0) });
    expect(res.statusCode, res.body).toBe(200);
    const s2 = sessionOf(res);

    // Another account's enrolment is not reachable.
    const forbidden = await call('POST', `/api/citizen/demo-employee/totp`, {}, { session: s2 });
    expect(forbidden.statusCode).toBe(403);

    const removed = await call('DELETE', base, undefined, { session: s2 });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(ZCurrentUser.parse(removed.json()).mfa.totp).toBe(false);
    expect((await login('citizen', 'citizen')).status).toBe('signed-in');
  });

  it('refuses to remove the last second factor of a staff account (NO_2FA_REGISTERED)', async () => {
    await awayFromStepEdge();
    const step = await login('we_employee', 'assigner');
    const res = await mfa('we_employee', step.mfaToken, { method: 'totp', code: totp(DEMO_TOTP.assigner) });
    const s = sessionOf(res);
    const removed = await call('DELETE', `/api/we_employee/${s.userId}/totp`, undefined, { session: s });
    expect(removed.statusCode).toBe(400);
    expect(apiError(removed).code).toBe('NO_2FA_REGISTERED');
    expect((await currentUser(s)).mfa.totp).toBe(true);

    // With a security key added, the app may go; the key is then the last factor and stays.
    const key = softAuthenticator();
    const base = `/api/we_employee/${s.userId}/passkeys`;
    const opts = (await call('POST', `${base}/options`, {}, { session: s })).json() as { options: { challenge: string } };
    expect((await call('POST', base, { name: 'Key', response: key.register(opts.options) }, { session: s })).statusCode).toBe(
      200,
    );
    const noApp = await call('DELETE', `/api/we_employee/${s.userId}/totp`, undefined, { session: s });
    expect(noApp.statusCode, noApp.body).toBe(200);
    expect(ZCurrentUser.parse(noApp.json()).mfa).toMatchObject({ totp: false, passkeys: [{ id: key.id, name: 'Key' }] });
    const lastKey = await call('DELETE', `${base}/${key.id}`, undefined, { session: s });
    expect(apiError(lastKey).code).toBe('NO_2FA_REGISTERED');
    expect((await login('we_employee', 'assigner')).methods).toEqual(['webauthn']);
  });
});

/* ------------------------------------------- a software authenticator ---------------------------------------- */

const b64 = (b: Uint8Array | Buffer) => Buffer.from(b).toString('base64url');
const hash = (b: Uint8Array | string) => crypto.createHash('sha256').update(b).digest();

function softAuthenticator(origin = ORIGIN, rpID = RP_ID) {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = crypto.randomBytes(16);
  let counter = 0;
  const counterBytes = () => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(counter);
    return b;
  };
  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  return {
    id: b64(credentialId),
    register(options: { challenge: string }) {
      const cose = new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
      ]);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        hash(rpID),
        Buffer.from([0x45]), // user present, user verified, attested credential data
        counterBytes(),
        Buffer.alloc(16), // AAGUID
        idLength,
        credentialId,
        Buffer.from(isoCBOR.encode(cose)),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, Parameters<typeof isoCBOR.encode>[0]>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', new Uint8Array(authData)],
        ]),
      );
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64(clientData('webauthn.create', options.challenge)),
          attestationObject: b64(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },
    /** An assertion; `signWith` another key makes the signature wrong. */
    assert(options: { challenge: string }, signWith: crypto.KeyObject = privateKey) {
      counter++;
      const authData = Buffer.concat([hash(rpID), Buffer.from([0x05]), counterBytes()]);
      const cd = clientData('webauthn.get', options.challenge);
      const signature = crypto.sign('sha256', Buffer.concat([authData, hash(cd)]), signWith);
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key',
        response: { clientDataJSON: b64(cd), authenticatorData: b64(authData), signature: b64(signature) },
        clientExtensionResults: {},
      };
    },
    get counter() {
      return counter;
    },
  };
}

describe('passkeys', () => {
  it('registers a passkey, signs in with it, refuses a wrong signature, and removes it', async () => {
    const s = sessionOf(await call('POST', '/api/citizen/login', { username: 'citizen', password: DEMO_PASSWORD }));
    const base = `/api/citizen/${s.userId}/passkeys`;
    const key = softAuthenticator();

    const opts = await call('POST', `${base}/options`, {}, { session: s });
    expect(opts.statusCode, opts.body).toBe(200);
    const creation = (opts.json() as { options: Record<string, unknown> }).options as {
      challenge: string;
      rp: { id: string; name: string };
      authenticatorSelection: Record<string, string>;
    };
    expect(creation.rp).toEqual({ id: RP_ID, name: 'Kahraba' });
    expect(creation.authenticatorSelection).toMatchObject({ residentKey: 'preferred', userVerification: 'preferred' });

    // An answer signed for another origin is refused.
    const evil = softAuthenticator('https://evil.example');
    const refused = await call('POST', base, { name: 'Evil', response: evil.register(creation) }, { session: s });
    expect(apiError(refused).code).toBe('WRONG_U2F');

    const again = (await call('POST', `${base}/options`, {}, { session: s })).json() as { options: { challenge: string } };
    const registered = await call('POST', base, { name: 'My phone', response: key.register(again.options) }, { session: s });
    expect(registered.statusCode, registered.body).toBe(200);
    const passkeys = ZCurrentUser.parse(registered.json()).mfa.passkeys;
    expect(passkeys).toHaveLength(1);
    expect(passkeys[0]).toMatchObject({ id: key.id, name: 'My phone' });
    // The challenge is single use.
    const replayed = await call('POST', base, { name: 'Twice', response: key.register(again.options) }, { session: s });
    expect(apiError(replayed).code).toBe('WRONG_U2F');
    // Registering the same key again is excluded.
    const excl = (await call('POST', `${base}/options`, {}, { session: s })).json() as {
      options: { excludeCredentials: { id: string }[] };
    };
    expect(excl.options.excludeCredentials.map((c) => c.id)).toEqual([key.id]);

    // Sign-in: password, then the key.
    const step = await login('citizen', 'citizen');
    expect(step).toMatchObject({ status: 'mfa-required', methods: ['webauthn'] });
    const noOptions = await mfa('citizen', step.mfaToken, { method: 'webauthn', response: key.assert({ challenge: 'x' }) });
    expect(apiError(noOptions).code).toBe('U2F_SIGN_Failed');
    const optionsFor = async () => {
      const res = await mfa('citizen', step.mfaToken, { method: 'webauthn-options' });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as {
        status: string;
        options: { challenge: string; rpId: string; allowCredentials: { id: string }[] };
      };
      expect(body.status).toBe('webauthn-options');
      expect(body.options.rpId).toBe(RP_ID);
      expect(body.options.allowCredentials.map((c) => c.id)).toEqual([key.id]);
      return body.options;
    };
    const other = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const bad = await mfa('citizen', step.mfaToken, { method: 'webauthn', response: key.assert(await optionsFor(), other) });
    expect(bad.statusCode).toBe(401);
    expect(apiError(bad).code).toBe('WRONG_U2F');
    const unknownKey = softAuthenticator();
    const notMine = await mfa('citizen', step.mfaToken, { method: 'webauthn', response: unknownKey.assert(await optionsFor()) });
    expect(apiError(notMine).code).toBe('WRONG_U2F');
    await optionsFor();
    const malformed = await mfa('citizen', step.mfaToken, { method: 'webauthn', response: { id: key.id } });
    expect(apiError(malformed).code).toBe('U2F_SIGN_Failed');

    const ok = await mfa('citizen', step.mfaToken, { method: 'webauthn', response: key.assert(await optionsFor()) });
    expect(ok.statusCode, ok.body).toBe(200);
    const s2 = sessionOf(ok);
    const [stored] = await ctx.database.db.select().from(webauthnCredentials).where(eq(webauthnCredentials.id, key.id));
    expect(stored?.counter).toBe(key.counter);

    // Another user cannot remove it (404), the owner can.
    const foreign = await call('DELETE', `/api/employee/${employeeSession.userId}/passkeys/${key.id}`, undefined, {
      session: employeeSession,
    });
    expect(foreign.statusCode).toBe(404);
    const removed = await call('DELETE', `${base}/${key.id}`, undefined, { session: s2 });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(ZCurrentUser.parse(removed.json()).mfa.passkeys).toEqual([]);
    const left = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(webauthnCredentials)
      .where(eq(webauthnCredentials.userId, s.userId));
    expect(left[0]?.n).toBe(0);
  });
});
