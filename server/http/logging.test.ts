import { eq } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import { call, outboxTo, signUpVerified } from '../test/identity-helpers.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { errSerializer, redactUrl, requestIdOf } from './logging.ts';

describe('request ids', () => {
  it("keeps a client's plain x-request-id and replaces anything else with a fresh id", () => {
    expect(requestIdOf('abc-123_X.y')).toBe('abc-123_X.y');
    expect(requestIdOf('a'.repeat(64))).toBe('a'.repeat(64));
    const uuid = /^[0-9a-f-]{36}$/;
    for (const bad of ['a'.repeat(65), 'evil\nid', 'x y', '{"json":1}', '\u202Eabc', '', undefined, ['a', 'b']])
      expect(requestIdOf(bad as string | undefined)).toMatch(uuid);
  });
});

describe('error logging', () => {
  it('logs a failed query without its parameters or the values PostgreSQL quotes', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email"'), {
      detail: 'Key (email)=(mona@example.com) already exists.',
    });
    const err = new DrizzleQueryError(
      'insert into users (email, mobile) values ($1, $2)',
      ['mona@example.com', '01012345678'],
      cause,
    );
    const logged = JSON.stringify(errSerializer(err));
    expect(logged).toContain('insert into users');
    expect(logged).not.toContain('mona@example.com');
    expect(logged).not.toContain('01012345678');
  });
});

describe('addresses in the logs', () => {
  it('keeps the path and the harmless values, and redacts every other query value', () => {
    expect(redactUrl('/api/news?limit=5&skip=10&lang=en')).toBe('/api/news?limit=5&skip=10&lang=en');
    expect(redactUrl('/forget-password/reset?token=abc&lang=ar')).toBe('/forget-password/reset?token=[redacted]&lang=ar');
    expect(redactUrl('/verify?secret=s3cr3t')).toBe('/verify?secret=[redacted]');
    expect(redactUrl('/auth-callback?code=c0de&state=st4te&iss=x')).toBe(
      '/auth-callback?code=[redacted]&state=[redacted]&iss=[redacted]',
    );
    // A bare value, or one under a name that is not a name, may be the secret itself.
    expect(redactUrl('/x?abcdefgh12345678')).toBe('/x?[redacted]');
    expect(redactUrl('/x?a%20b=1&=2')).toBe('/x?[redacted]&[redacted]');
    expect(redactUrl('/x')).toBe('/x');
    expect(redactUrl('/x?')).toBe('/x?');
  });
});

describe('the access log of a running app', () => {
  let ctx: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    ctx = await buildTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(() => ctx.close());

  it('never carries a reset, verification, QR, sign-in or mobile secret from an address', async () => {
    // A real reset link, mailed and then opened (the page), as the finding had it.
    const s = await signUpVerified(ctx);
    await ctx.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, s.userId));
    const forgot = await call(ctx, 'POST', '/api/citizen/forgetPassword', {
      body: { identifier: s.data.username, channel: 'email' },
    });
    expect(forgot.statusCode, forgot.body).toBe(200);
    const mail = (await outboxTo(ctx.database.db, s.data.email)).at(-1)!;
    const link = /https?:\/\/[^/\s]+(\/forget-password\/reset\?token=([A-Za-z0-9_-]+))/.exec(mail.body)!;
    const resetToken = link[2]!;
    const secrets = {
      resetToken,
      verification: 'verify-token-0123456789abcdef',
      qr: 'qr-secret-0123456789abcdef',
      code: 'oidc-code-0123456789abcdef',
      state: 'oidc-state-0123456789abcdef',
      mobile: s.verificationToken,
      nationalId: s.data.nationalId,
    };
    lines.length = 0;
    for (const url of [
      link[1]!,
      `/email-verify?token=${secrets.verification}`,
      `/verify?secret=${secrets.qr}&lang=en`,
      `/auth-callback?code=${secrets.code}&state=${secrets.state}`,
      `/mobileNumber-validate?token=${secrets.mobile}&masked=x`,
      `/login?redirect=${encodeURIComponent(`/email-verify?token=${secrets.verification}`)}`,
      `/api/requests/CODEMETER?limit=5&filter=${encodeURIComponent(JSON.stringify({ where: { nationalId: secrets.nationalId } }))}`,
    ])
      await call(ctx, 'GET', url, { as: s.session });
    const log = lines.join('');
    // The requests were logged, under their paths, with what may be kept.
    expect(log).toContain('/forget-password/reset?token=[redacted]');
    expect(log).toContain('/verify?secret=[redacted]&lang=en');
    expect(log).toContain('/api/requests/CODEMETER?limit=5&filter=[redacted]');
    for (const [what, secret] of Object.entries(secrets)) expect(log, what).not.toContain(secret);
  });
});
