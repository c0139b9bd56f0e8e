import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZApiError } from '../../contract/error-shape.ts';
import { CONTACT_REFERENCE_RE } from '../../contract/public-forms.ts';
import { clientErrors, contactMessages, newsletterSubscribers, pageViews } from '../db/schema.ts';
import { registerErrorHandler } from '../plugins/errors.ts';
import { registerOriginCheck } from '../plugins/origin-check.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { PUBLIC_FORM_LIMITS } from './public-forms.ts';

let ctx: TestApp;
beforeAll(async () => {
  // Behind a proxy, as in production: the origin check reads X-Forwarded-Proto and -Host. Demo mode refuses a
  // proxy (decision 038), and nothing here needs it.
  ctx = await buildTestApp({ TRUST_PROXY: 'true', DEMO_MODE: 'false', RATE_LIMIT_FACTOR: '1' });
});
afterAll(() => ctx.close());

// Every request comes from its own address unless a test names one, so the rate limits only bite where tested.
let nextIp = 0;
const freshIp = () => {
  nextIp++;
  return `10.20.${nextIp >> 8}.${nextIp & 255}`;
};
const post = (url: string, payload: unknown, opts: { ip?: string; headers?: Record<string, string> } = {}) =>
  ctx.app.inject({
    method: 'POST',
    url,
    remoteAddress: opts.ip ?? freshIp(),
    headers: { 'content-type': 'application/json', 'x-csrf-token': 'anonymous', ...opts.headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
const apiError = (res: { json: () => unknown }) => ZApiError.parse(res.json());

const contact = (over: Record<string, unknown> = {}) => ({
  fullName: 'Mona Hassan',
  email: 'mona@example.com',
  messageType: 'complaint',
  message: 'The meter reading on my last bill is wrong.',
  ...over,
});

describe('POST /api/newsletterSubscriber', () => {
  it('subscribes an e-mail (201) and stores it trimmed and lower-cased', async () => {
    const res = await post('/api/newsletterSubscriber', { email: '  Reader.One@Example.COM ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ subscribed: true });
    const rows = await ctx.database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'reader.one@example.com'));
    expect(rows).toHaveLength(1);
  });

  it('answers 409 VALIDATION_ERROR to an address already subscribed, whatever its case and spaces', async () => {
    expect((await post('/api/newsletterSubscriber', { email: 'twice@example.com' })).statusCode).toBe(201);
    for (const email of ['twice@example.com', 'TWICE@Example.com', '\ttwice@example.com  ']) {
      const res = await post('/api/newsletterSubscriber', { email });
      expect(res.statusCode).toBe(409);
      expect(apiError(res).code).toBe('VALIDATION_ERROR');
    }
  });

  it('lets the unique index decide between simultaneous subscriptions of one address', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        post('/api/newsletterSubscriber', { email: i % 2 ? 'Race@Example.com' : 'race@example.com' }),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(apiError(r).code).toBe('VALIDATION_ERROR');
  });

  it('answers 400 ValidationError to an invalid e-mail', async () => {
    for (const email of ['not-an-email', 'a@b', '', '   ', 'two@@example.com', 'x y@example.com']) {
      const res = await post('/api/newsletterSubscriber', { email });
      expect(res.statusCode, email).toBe(400);
      const body = apiError(res);
      expect(body.code).toBe('ValidationError');
      expect(Object.keys(body.fieldErrors ?? {})).toEqual(['email']);
    }
  });
});

describe('POST /api/contactMessages', () => {
  it('stores a message and answers 201 with distinct CM-<year>-<number> references', async () => {
    const a = await post('/api/contactMessages', contact(), { headers: { 'accept-language': 'en' } });
    const b = await post(
      '/api/contactMessages',
      contact({ messageType: 'inquiry', fullName: '  منى حسن  ', requestId: 'REQ-2026-77' }),
    );
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    const ra = a.json<{ referenceNumber: string }>().referenceNumber;
    const rb = b.json<{ referenceNumber: string }>().referenceNumber;
    expect(ra).toMatch(CONTACT_REFERENCE_RE);
    expect(rb).toMatch(CONTACT_REFERENCE_RE);
    expect(ra).not.toBe(rb);
    const [row] = await ctx.database.db.select().from(contactMessages).where(eq(contactMessages.referenceNumber, rb));
    expect(row).toMatchObject({ fullName: 'منى حسن', messageType: 'inquiry', requestId: 'REQ-2026-77', serviceSlug: null });
    const [rowA] = await ctx.database.db.select().from(contactMessages).where(eq(contactMessages.referenceNumber, ra));
    expect(rowA?.lang).toBe('en');
  });

  it('accepts an existing service slug and refuses an unknown one with fieldErrors.serviceSlug', async () => {
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/dynamic_services' })).json<{ serviceSlug: string }[]>();
    const slug = list[0]!.serviceSlug;
    const ok = await post('/api/contactMessages', contact({ serviceSlug: slug }));
    expect(ok.statusCode).toBe(201);
    const bad = await post('/api/contactMessages', contact({ serviceSlug: 'NO_SUCH_SERVICE' }));
    expect(bad.statusCode).toBe(400);
    const body = apiError(bad);
    expect(body.code).toBe('INVALID_INPUT');
    expect(Object.keys(body.fieldErrors ?? {})).toEqual(['serviceSlug']);
  });

  it('answers 400 INVALID_INPUT with fieldErrors keyed by field name', async () => {
    const res = await post('/api/contactMessages', {
      fullName: 'Al',
      email: 'mona@',
      messageType: 'praise',
      requestId: 'REQ 1; DROP',
      message: 'too short',
    });
    expect(res.statusCode).toBe(400);
    const body = apiError(res);
    expect(body.code).toBe('INVALID_INPUT');
    expect(Object.keys(body.fieldErrors ?? {}).sort()).toEqual(['email', 'fullName', 'message', 'messageType', 'requestId']);

    const missing = apiError(await post('/api/contactMessages', {}));
    expect(Object.keys(missing.fieldErrors ?? {}).sort()).toEqual(['email', 'fullName', 'message', 'messageType']);

    const blank = apiError(await post('/api/contactMessages', contact({ fullName: '      ', message: ' '.repeat(40) })));
    expect(Object.keys(blank.fieldErrors ?? {}).sort()).toEqual(['fullName', 'message']);

    const unknown = apiError(await post('/api/contactMessages', contact({ nickname: 'mo' })));
    expect(unknown.code).toBe('INVALID_INPUT');
    expect(Object.keys(unknown.fieldErrors ?? {})).toEqual(['nickname']);
  });

  it('stores nothing for a refused message', async () => {
    const before = (await ctx.database.db.select().from(contactMessages)).length;
    await post('/api/contactMessages', contact({ email: 'nope' }));
    expect((await ctx.database.db.select().from(contactMessages)).length).toBe(before);
  });
});

describe('POST /api/clientErrors', () => {
  it('stores a render crash with page link and user identity (202)', async () => {
    const res = await post('/api/clientErrors', {
      message: 'Cannot read properties of undefined',
      stack: 'TypeError: Cannot read properties of undefined\n    at Service (service.tsx:12)',
      pageUrl: 'https://kahraba.example/services/CODEMETER',
      userId: 'u-123',
      userSlug: 'citizen',
      lang: 'ar',
      userAgent: 'Mozilla/5.0',
      occurredAt: '2026-03-01T10:00:00.000Z',
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ received: true });
    const [row] = await ctx.database.db.select().from(clientErrors).where(eq(clientErrors.userId, 'u-123'));
    expect(row).toMatchObject({ pageUrl: 'https://kahraba.example/services/CODEMETER', userSlug: 'citizen', lang: 'ar' });
    expect(row?.occurredAt.toISOString()).toBe('2026-03-01T10:00:00.000Z');
  });
});

describe('POST /api/pageViews', () => {
  const view = { pageUrl: 'https://kahraba.example/faq', seconds: 42, lang: 'en' };

  it('accepts the text/plain JSON body that navigator.sendBeacon posts', async () => {
    const res = await post('/api/pageViews', JSON.stringify({ ...view, pageUrl: 'https://kahraba.example/beacon' }), {
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ received: true });
    const rows = await ctx.database.db.select().from(pageViews).where(eq(pageViews.pageUrl, 'https://kahraba.example/beacon'));
    expect(rows).toEqual([expect.objectContaining({ seconds: 42, lang: 'en' })]);
  });

  it('accepts application/json too', async () => {
    expect((await post('/api/pageViews', view)).statusCode).toBe(202);
  });

  it('answers 400 INVALID_INPUT to a text body that is not JSON or not a page view', async () => {
    for (const payload of [
      '{pageUrl: nope',
      '',
      JSON.stringify({ ...view, seconds: 1.5 }),
      JSON.stringify({ ...view, seconds: 86_401 }),
    ]) {
      const res = await post('/api/pageViews', payload, { headers: { 'content-type': 'text/plain;charset=UTF-8' } });
      expect(res.statusCode, payload).toBe(400);
      expect(apiError(res).code).toBe('INVALID_INPUT');
    }
  });

  it('still reads text/plain as text on other routes', async () => {
    const res = await post('/api/newsletterSubscriber', '{"email":"text@example.com"}', {
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.statusCode).toBe(400);
    expect(apiError(res).code).toBe('INVALID_INPUT');
  });
});

describe('rate limits', () => {
  it('answers 429 TOO_MANY_REQUESTS with Retry-After once a client passes the limit, per client', async () => {
    const ip = '10.99.0.1';
    for (let i = 0; i < PUBLIC_FORM_LIMITS.contactMessage; i++) {
      expect((await post('/api/contactMessages', contact(), { ip })).statusCode).toBe(201);
    }
    const limited = await post('/api/contactMessages', contact(), { ip });
    expect(limited.statusCode).toBe(429);
    expect(apiError(limited).code).toBe('TOO_MANY_REQUESTS');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another client, and another route for the same client, are not affected.
    expect((await post('/api/contactMessages', contact(), { ip: '10.99.0.2' })).statusCode).toBe(201);
    expect((await post('/api/pageViews', { pageUrl: '/x', seconds: 1 }, { ip })).statusCode).toBe(202);
  });

  it('counts refused input too, and limits the newsletter at 10 a minute', async () => {
    const ip = '10.99.0.3';
    for (let i = 0; i < PUBLIC_FORM_LIMITS.newsletterSubscribe; i++) {
      expect((await post('/api/newsletterSubscriber', { email: 'bad' }, { ip })).statusCode).toBe(400);
    }
    const limited = await post('/api/newsletterSubscriber', { email: 'late@example.com' }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
  });
});

describe('origin check', () => {
  it('refuses a cross-origin POST with 403 FORBIDDEN and stores nothing', async () => {
    for (const origin of ['https://evil.example', 'null', 'http://localhost.evil.example']) {
      const res = await post('/api/contactMessages', contact({ fullName: 'Cross Origin' }), { headers: { origin } });
      expect(res.statusCode, origin).toBe(403);
      expect(apiError(res).code).toBe('FORBIDDEN');
    }
    const beacon = await post('/api/pageViews', JSON.stringify({ pageUrl: '/evil', seconds: 5 }), {
      headers: { origin: 'https://evil.example', 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect(beacon.statusCode).toBe(403);
    expect(await ctx.database.db.select().from(contactMessages).where(eq(contactMessages.fullName, 'Cross Origin'))).toEqual([]);
  });

  it('lets a same-origin POST through, directly or behind a proxy, and never checks reads', async () => {
    // app.inject addresses http://localhost:80, which a browser names http://localhost.
    expect(
      (await post('/api/pageViews', { pageUrl: '/same', seconds: 3 }, { headers: { origin: 'http://localhost' } })).statusCode,
    ).toBe(202);
    const proxied = await post(
      '/api/pageViews',
      { pageUrl: '/same', seconds: 3 },
      {
        headers: { origin: 'https://kahraba.example', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'kahraba.example' },
      },
    );
    expect(proxied.statusCode).toBe(202);
    const read = await ctx.app.inject({ method: 'GET', url: '/api/faq', headers: { origin: 'https://evil.example' } });
    expect(read.statusCode).toBe(200);
  });

  it('accepts the configured PUBLIC_ORIGIN', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    registerOriginCheck(app, 'https://portal.example/');
    app.post('/api/echo', async () => ({ ok: true }));
    const send = (origin: string) => app.inject({ method: 'POST', url: '/api/echo', headers: { origin, host: 'internal:8080' } });
    expect((await send('https://portal.example')).statusCode).toBe(200);
    expect((await send('http://internal:8080')).statusCode).toBe(200);
    expect((await send('https://other.example')).statusCode).toBe(403);
    await app.close();
  });
});
