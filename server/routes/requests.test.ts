import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRequestDetail, TSubmitResult } from '../../contract/requests.ts';
import { storedNumber, textNumber } from '../../contract/request-number.ts';
import { serviceCenters } from '../seed/data/reference.ts';
import { documents, drafts, notifications, outboxMessages, requestEvents, requests } from '../db/schema.ts';
import { transaction } from '../db/tx.ts';
import {
  call,
  directSession,
  expectError,
  setCookies,
  signUpVerified,
  type SignedUp,
  type Session,
} from '../test/identity-helpers.ts';
import { newKey, submit, validData, withKey } from '../test/request-helpers.ts';
import { buildTestApp, testDriver, type TestApp } from '../test/test-app.ts';

let ctx: TestApp;
let A: SignedUp & { session: Session };
let B: SignedUp & { session: Session };

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoUsers: true });
  A = await signUpVerified(ctx);
  B = await signUpVerified(ctx);
});
afterAll(() => ctx.close());

const year = new Date().getFullYear();

describe('submit', () => {
  it('files CODEMETER: number, initial status and stage, created event, notification, outbox, receipt', async () => {
    const res = await submit(ctx, 'CODEMETER', { as: A.session });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as TSubmitResult;
    expect(body.ID).toMatch(new RegExp(`^CODEMETER-${year}-\\d{6}$`));
    expect(body.status.id).toBe('new');
    expect(body.status.label.ar).toBeTruthy();
    expect(body.ownerToken).toBeUndefined();
    const db = ctx.database.db;
    const [row] = await db.select().from(requests).where(eq(requests.id, body.id));
    expect(row!.ownerId).toBe(A.userId);
    expect((await db.select().from(requestEvents).where(eq(requestEvents.requestId, body.id))).map((e) => e.kind)).toEqual([
      'created',
    ]);
    const notes = await db.select().from(notifications).where(eq(notifications.userId, A.userId));
    expect(notes.some((n) => n.type === 'request-submitted' && n.data.requestNumber === body.ID)).toBe(true);
    const mail = await db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.dedupeKey, `request-submitted:${body.id}:email`));
    // The number as people read it (decision 061): Arabic by default (the request's language).
    expect(mail[0]!.body).toContain(textNumber(body.ID, 'ar'));
    expect(mail[0]!.body).not.toContain(body.ID);
    expect((await db.select().from(documents).where(eq(documents.requestId, body.id))).map((d) => d.kind)).toEqual(['receipt']);
  });

  it("the e-mail and the SMS of a filing say the readable number in the filer's language, never the stored one", async () => {
    const db = ctx.database.db;
    for (const [lang, prefix] of [
      ['ar', 'شك-\u200E'],
      ['en', 'CMP-'],
    ] as const) {
      const res = await submit(ctx, 'FAULTS_COMPLAINTS', { as: A.session, headers: { 'accept-language': lang } });
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json() as TSubmitResult;
      const rest = body.ID.slice('FAULTS_COMPLAINTS-'.length);
      const sent = await db
        .select()
        .from(outboxMessages)
        .where(sql`${outboxMessages.dedupeKey} like ${`request-submitted:${body.id}:%`}`);
      expect(sent.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
      for (const m of sent) {
        expect(/[\u0600-\u06FF]/.test(m.body.replace(prefix, ''))).toBe(lang === 'ar');
        expect(m.body).toContain(`${prefix}${rest}`);
        expect(m.body).not.toContain(body.ID);
      }
      expect(sent.find((m) => m.channel === 'email')!.subject).toContain(`${prefix}${rest}`);
      // Copied from the SMS into the search, it finds the request.
      expect(storedNumber(`${prefix}${rest}`)).toBe(body.ID);
    }
  });

  it('refuses invalid data with field errors (400 INVALID_INPUT)', async () => {
    const res = await submit(ctx, 'CODEMETER', {
      as: A.session,
      data: { ...validData('CODEMETER'), nationalId: '123', bogus: 'x' },
    });
    const err = expectError(res, 400, 'INVALID_INPUT');
    expect(err.fieldErrors).toEqual({ nationalId: ['national-id-invalid'] });
  });

  it('needs an Idempotency-Key', async () => {
    expectError(await submit(ctx, 'CODEMETER', { as: A.session, key: null }), 400, 'IDEMPOTENCY_KEY_MISSING');
  });

  it('a repeat answers the first answer; another body under the key is 422', async () => {
    const key = newKey();
    const first = await submit(ctx, 'FAULTS_COMPLAINTS', { as: A.session, key });
    expect(first.statusCode, first.body).toBe(201);
    const again = await submit(ctx, 'FAULTS_COMPLAINTS', { as: A.session, key });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const other = await submit(ctx, 'FAULTS_COMPLAINTS', {
      as: A.session,
      key,
      data: { ...validData('FAULTS_COMPLAINTS'), extra: 1 },
    });
    expectError(other, 422, 'IDEMPOTENCY_KEY_REUSED');
  });

  it('a visitor files FAULTS_COMPLAINTS and follows it with the owner token; not CODEMETER', async () => {
    const res = await submit(ctx, 'FAULTS_COMPLAINTS');
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as TSubmitResult;
    expect(body.ownerToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.anonymous).toBe(true);
    const url = `/api/requests/FAULTS_COMPLAINTS/findOne?filter=${encodeURIComponent(JSON.stringify({ where: { id: body.id } }))}`;
    const seen = await call(ctx, 'GET', url, { headers: { 'request-owner-token': body.ownerToken! } });
    expect(seen.statusCode, seen.body).toBe(200);
    expect((seen.json() as TRequestDetail).ID).toBe(body.ID);
    expectError(await call(ctx, 'GET', url), 404, 'MODEL_NOT_FOUND');
    expectError(await call(ctx, 'GET', url, { as: B.session }), 404, 'MODEL_NOT_FOUND');
    expectError(await submit(ctx, 'CODEMETER'), 401, 'UNAUTHORIZED');
  });

  it('unavailable and unknown services', async () => {
    expectError(await submit(ctx, 'APPOINTMENT_BOOKING', { as: A.session, data: {} }), 409, 'SERVICE_UNAVAILABLE');
    expectError(await submit(ctx, 'NO_ARREARS_CERT', { as: A.session, data: {} }), 409, 'SERVICE_UNAVAILABLE');
    expectError(await submit(ctx, 'FIELD_INSPECTION', { as: A.session, data: {} }), 404, 'MODEL_NOT_FOUND');
    expectError(await submit(ctx, 'NOPE', { as: A.session, data: {} }), 404, 'MODEL_NOT_FOUND');
    expectError(await submit(ctx, 'CODEMETER', { as: A.session, activityId: 'rate' }), 404, 'ACTIVITY_NOT_FOUND');
  });
});

describe('reading', () => {
  it('lists, counts and finds my requests; a stranger gets 404', async () => {
    const filed = (await submit(ctx, 'CODEMETER', { as: A.session })).json() as TSubmitResult;
    const list = await call(ctx, 'GET', '/api/requests/CODEMETER?limit=50', { as: A.session });
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json() as { items: { id: string }[] }).items.some((i) => i.id === filed.id)).toBe(true);
    const inbox = await call(ctx, 'GET', `/api/requests?number=${filed.ID}`, { as: A.session });
    expect((inbox.json() as { items: { id: string }[]; total: number }).total).toBe(1);
    const count = await call(ctx, 'GET', '/api/requests/CODEMETER/count', { as: A.session });
    expect((count.json() as { count: number }).count).toBeGreaterThan(0);
    expect(((await call(ctx, 'GET', '/api/requests/CODEMETER/count', { as: B.session })).json() as { count: number }).count).toBe(
      0,
    );
    const byNumber = `/api/requests/CODEMETER/findOne?filter=${encodeURIComponent(JSON.stringify({ where: { ID: filed.ID } }))}&withDocuments=true`;
    const one = await call(ctx, 'GET', byNumber, { as: A.session });
    expect(one.statusCode, one.body).toBe(200);
    const detail = one.json() as TRequestDetail;
    expect(detail.timeline.map((e) => e.kind)).toEqual(['created']);
    expect(detail.documents!.map((d) => d.kind)).toEqual(['receipt']);
    expectError(await call(ctx, 'GET', byNumber, { as: B.session }), 404, 'MODEL_NOT_FOUND');
  });
});

describe('changes', () => {
  it('cancel, then cancel again is REQUEST_FINAL; comments; a stranger cannot', async () => {
    const filed = (await submit(ctx, 'CODEMETER', { as: A.session })).json() as TSubmitResult;
    const base = `/api/requests/CODEMETER/${filed.id}`;
    expectError(
      await call(ctx, 'POST', `${base}/comments`, { as: B.session, body: { body: 'hi' }, headers: withKey() }),
      404,
      'MODEL_NOT_FOUND',
    );
    const c = await call(ctx, 'POST', `${base}/comments`, {
      as: A.session,
      body: { body: 'متى يتم التركيب؟' },
      headers: withKey(),
    });
    expect(c.statusCode, c.body).toBe(201);
    expectError(
      await call(ctx, 'POST', `${base}/cancel`, { as: B.session, body: {}, headers: withKey() }),
      404,
      'MODEL_NOT_FOUND',
    );
    const cancelled = await call(ctx, 'POST', `${base}/cancel`, { as: A.session, body: {}, headers: withKey() });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const d = cancelled.json() as TRequestDetail;
    expect(d.status.id).toBe('cancelled');
    expect(d.timeline.map((e) => e.kind)).toEqual(['created', 'comment', 'status']);
    expectError(await call(ctx, 'POST', `${base}/cancel`, { as: A.session, body: {}, headers: withKey() }), 409, 'REQUEST_FINAL');
  });
});

const findUrl = (slug: string, where: Record<string, string>, docs = false) =>
  `/api/requests/${slug}/findOne?filter=${encodeURIComponent(JSON.stringify({ where }))}${docs ? '&withDocuments=true' : ''}`;
const setStatus = (id: string, status: string) => ctx.database.db.update(requests).set({ status }).where(eq(requests.id, id));
const requestCount = async () => (await ctx.database.db.select({ id: requests.id }).from(requests)).length;

describe('the activity the status asks for', () => {
  it('needs extra information: the citizen completes the form again and it goes back to review', async () => {
    const filed = (await submit(ctx, 'CODEMETER', { as: A.session })).json() as TSubmitResult;
    const url = `/api/requests/CODEMETER/${filed.id}`;
    const data = validData('CODEMETER');
    // Nothing is asked of the citizen while the request is new.
    expectError(
      await call(ctx, 'PATCH', url, { as: A.session, body: { activityId: 'apply', data }, headers: withKey() }),
      404,
      'ACTIVITY_NOT_FOUND',
    );
    await setStatus(filed.id, 'needs_info');
    const bad = await call(ctx, 'PATCH', url, {
      as: A.session,
      body: { activityId: 'apply', data: { ...data, nationalId: 'x' } },
      headers: withKey(),
    });
    expect(expectError(bad, 400, 'INVALID_INPUT').fieldErrors).toHaveProperty('nationalId');
    expectError(
      await call(ctx, 'PATCH', url, { as: B.session, body: { activityId: 'apply', data }, headers: withKey() }),
      404,
      'MODEL_NOT_FOUND',
    );
    const res = await call(ctx, 'PATCH', url, { as: A.session, body: { activityId: 'apply', data }, headers: withKey() });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json() as TRequestDetail;
    expect(d.status.id).toBe('in_review');
    expect(d.timeline.map((e) => [e.kind, e.to?.id])).toEqual([
      ['created', 'new'],
      ['activity', undefined],
      ['status', 'in_review'],
    ]);
    expect(d.activities.map((a) => a.activityId)).toEqual(['apply']);
  });

  it('a finished request is rated once (ALREADY_RATED after); a closed one takes no other change', async () => {
    const filed = (await submit(ctx, 'CODEMETER', { as: A.session })).json() as TSubmitResult;
    const url = `/api/requests/CODEMETER/${filed.id}`;
    await setStatus(filed.id, 'installed');
    expectError(
      await call(ctx, 'PATCH', url, {
        as: A.session,
        body: { activityId: 'apply', data: validData('CODEMETER') },
        headers: withKey(),
      }),
      409,
      'REQUEST_FINAL',
    );
    expectError(
      await call(ctx, 'POST', `${url}/comments`, { as: A.session, body: { body: 'x' }, headers: withKey() }),
      409,
      'REQUEST_FINAL',
    );
    expectError(await call(ctx, 'POST', `${url}/cancel`, { as: A.session, body: {}, headers: withKey() }), 409, 'REQUEST_FINAL');
    const rate = { activityId: 'rate', data: { rating: 3, comment: 'سريع ومنظم' } };
    const res = await call(ctx, 'PATCH', url, { as: A.session, body: rate, headers: withKey() });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as TRequestDetail).rating).toMatchObject({ answer: 3, comment: 'سريع ومنظم' });
    expectError(await call(ctx, 'PATCH', url, { as: A.session, body: rate, headers: withKey() }), 409, 'ALREADY_RATED');
  });

  it('cancelling is refused once the work started', async () => {
    const filed = (await submit(ctx, 'CODEMETER', { as: A.session })).json() as TSubmitResult;
    await setStatus(filed.id, 'approved');
    expectError(
      await call(ctx, 'POST', `/api/requests/CODEMETER/${filed.id}/cancel`, { as: A.session, body: {}, headers: withKey() }),
      403,
      'FORBIDDEN',
    );
  });

  it('a visitor comments on and cancels their request with the owner token', async () => {
    const filed = (await submit(ctx, 'FAULTS_COMPLAINTS')).json() as TSubmitResult;
    const headers = { 'request-owner-token': filed.ownerToken! };
    const url = `/api/requests/FAULTS_COMPLAINTS/${filed.id}`;
    expectError(await call(ctx, 'POST', `${url}/comments`, { body: { body: 'x' }, headers: withKey() }), 404, 'MODEL_NOT_FOUND');
    const c = await call(ctx, 'POST', `${url}/comments`, { body: { body: 'العطل ما زال قائمًا' }, headers: withKey(headers) });
    expect(c.statusCode, c.body).toBe(201);
    expect(c.json()).toMatchObject({ mine: true, by: { kind: 'citizen' } });
    const x = await call(ctx, 'POST', `${url}/cancel`, { body: { reason: 'تم الإصلاح' }, headers: withKey(headers) });
    expect(x.statusCode, x.body).toBe(200);
  });
});

describe('idempotency', () => {
  it('a refused write frees its key: the same key with fixed data files the request', async () => {
    const key = newKey();
    expectError(await submit(ctx, 'CODEMETER', { as: A.session, key, data: {} }), 400, 'INVALID_INPUT');
    const ok = await submit(ctx, 'CODEMETER', { as: A.session, key });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('keys are per caller: B with A’s key files B’s own request', async () => {
    const key = newKey();
    const a = (await submit(ctx, 'CODEMETER', { as: A.session, key })).json() as TSubmitResult;
    const b = await submit(ctx, 'CODEMETER', { as: B.session, key });
    expect(b.statusCode, b.body).toBe(201);
    expect((b.json() as TSubmitResult).id).not.toBe(a.id);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
  });

  it("a visitor's key is theirs: another visitor replaying it gets a fresh request, never the first owner token", async () => {
    const key = newKey();
    const visitor = (id: string) => ({ cookie: `kahraba_visitor=${id}` });
    const [x, y] = [crypto.randomBytes(32).toString('base64url'), crypto.randomBytes(32).toString('base64url')];
    const first = await submit(ctx, 'FAULTS_COMPLAINTS', { key, headers: visitor(x) });
    expect(first.statusCode, first.body).toBe(201);
    const mine = first.json() as TSubmitResult;
    // Another browser, and a client with no visitor id at all: each files its own request under the same key.
    for (const other of [visitor(y), {}]) {
      const res = await submit(ctx, 'FAULTS_COMPLAINTS', { key, headers: other });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.headers['idempotent-replayed']).toBeUndefined();
      const theirs = res.json() as TSubmitResult;
      expect(theirs.id).not.toBe(mine.id);
      expect(res.body).not.toContain(mine.ownerToken!);
    }
    // The same browser's replay (the outbox after a lost answer) gets its own first answer back.
    const replay = await submit(ctx, 'FAULTS_COMPLAINTS', { key, headers: visitor(x) });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(mine);
  });

  it('a visitor that sent no visitor id is given one, and its replays with it get the first answer', async () => {
    const key = newKey();
    const first = await submit(ctx, 'FAULTS_COMPLAINTS', { key });
    expect(first.statusCode, first.body).toBe(201);
    const cookie = setCookies(first).find((c) => c.startsWith('kahraba_visitor='))!;
    expect(cookie).toMatch(/^kahraba_visitor=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=34560000$/);
    const replay = await submit(ctx, 'FAULTS_COMPLAINTS', { key, headers: { cookie: cookie.split(';')[0]! } });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    // A malformed visitor id is none: a fresh scope and a fresh id.
    const bad = await submit(ctx, 'FAULTS_COMPLAINTS', { key, headers: { cookie: 'kahraba_visitor=short' } });
    expect(bad.headers['idempotent-replayed']).toBeUndefined();
    expect(setCookies(bad).some((c) => c.startsWith('kahraba_visitor='))).toBe(true);
  });

  it('two concurrent submissions with one key make one request (201 and 409, or the replay)', async () => {
    const before = await requestCount();
    const key = newKey();
    const [x, y] = await Promise.all([
      submit(ctx, 'METER_READING', { as: A.session, key }),
      submit(ctx, 'METER_READING', { as: A.session, key }),
    ]);
    const statuses = [x.statusCode, y.statusCode].sort();
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual(statuses);
    if (statuses[1] === 409)
      expect([x, y].find((r) => r.statusCode === 409)!.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_FLIGHT' });
    else expect(x.json()).toEqual(y.json());
    expect(await requestCount()).toBe(before + 1);
    // Once done, the key answers the first answer.
    const again = await submit(ctx, 'METER_READING', { as: A.session, key });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('concurrent submissions with different keys get distinct numbers', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => submit(ctx, 'FAULTS_COMPLAINTS')));
    for (const r of answers) expect(r.statusCode, r.body).toBe(201);
    const numbers = answers.map((r) => (r.json() as TSubmitResult).ID);
    expect(new Set(numbers).size).toBe(12);
  });

  it('the same citizen filing the same activity twice at once: DUPLICATE_REQUEST for the second', async () => {
    if (testDriver() === 'postgres') {
      // Hold the lock a first submission holds while it is being written; the second is refused.
      const lockKey = `submit:${A.userId}:STREET_LIGHTING:apply`;
      await transaction(ctx.database.db, async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`);
        expectError(await submit(ctx, 'STREET_LIGHTING', { as: A.session }), 409, 'DUPLICATE_REQUEST');
      });
    }
    // One after the other is not a duplicate.
    expect((await submit(ctx, 'STREET_LIGHTING', { as: A.session })).statusCode).toBe(201);
    expect((await submit(ctx, 'STREET_LIGHTING', { as: A.session })).statusCode).toBe(201);
  });
});

describe('every seeded service', () => {
  it('files its apply form with valid data; refusals are only unavailable or hidden services', async () => {
    const catalog = await ctx.app.deps.catalog.services('staff');
    const expected: string[] = [];
    const refused: string[] = [];
    for (const s of catalog) {
      if (s.hiddenOn.includes('web')) expected.push(`${s.serviceSlug} 404 MODEL_NOT_FOUND`);
      else if (!s.isActive || s.deactivated || s.disabledOn.includes('web'))
        expected.push(`${s.serviceSlug} 409 SERVICE_UNAVAILABLE`);
      const res = await submit(ctx, s.serviceSlug, { as: A.session });
      if (res.statusCode !== 201) refused.push(`${s.serviceSlug} ${res.statusCode} ${(res.json() as { code: string }).code}`);
    }
    expect(refused.sort()).toEqual(expected.sort());
    expect(refused).toEqual(
      expect.arrayContaining(['APPOINTMENT_BOOKING 409 SERVICE_UNAVAILABLE', 'FIELD_INSPECTION 404 MODEL_NOT_FOUND']),
    );
  });
});

describe('field handler', () => {
  it('lists the service centers of the chosen governorate; checks one field', async () => {
    const res = await call(ctx, 'POST', '/api/requests/CHARGE_CARD_REPLACEMENT/fieldHandler', {
      body: { activityId: 'apply', fieldId: 'serviceCenter', apiDependencies: { governorate: 'gov-giza' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const options = (res.json() as { options: { value: string }[] }).options;
    expect(options.length).toBeGreaterThan(0);
    expect(options.every((o) => serviceCenters.find((c) => c.id === o.value)?.governorateId === 'gov-giza')).toBe(true);
    const none = await call(ctx, 'POST', '/api/requests/CHARGE_CARD_REPLACEMENT/fieldHandler', {
      body: { activityId: 'apply', fieldId: 'serviceCenter', apiDependencies: {} },
    });
    expect(none.json()).toEqual({ options: [] });
    const check = await call(ctx, 'POST', '/api/requests/CODEMETER/fieldHandler', {
      body: { activityId: 'apply', fieldId: 'nationalId', data: { nationalId: '123' } },
    });
    expect(check.json()).toEqual({ fieldErrors: { nationalId: ['national-id-invalid'] } });
    expectError(
      await call(ctx, 'POST', '/api/requests/CODEMETER/fieldHandler', { body: { activityId: 'nope', fieldId: 'x' } }),
      404,
      'ACTIVITY_NOT_FOUND',
    );
  });
});

describe('drafts', () => {
  it('saves, lists, continues into a submission (which deletes it) and deletes; own only', async () => {
    const id = crypto.randomUUID();
    const body = { serviceSlug: 'CODEMETER', activityId: 'apply', stepId: 'meter', data: { applicantName: 'منى' } };
    const saved = await call(ctx, 'PUT', `/api/drafts/${id}`, { as: A.session, body });
    expect(saved.statusCode, saved.body).toBe(200);
    expectError(await call(ctx, 'PUT', `/api/drafts/${id}`, { as: B.session, body }), 404, 'MODEL_NOT_FOUND');
    expect(((await call(ctx, 'GET', '/api/drafts', { as: B.session })).json() as { total: number }).total).toBe(0);
    const mine = (await call(ctx, 'GET', '/api/drafts?serviceSlug=CODEMETER', { as: A.session })).json() as {
      items: { id: string }[];
    };
    expect(mine.items.map((d) => d.id)).toContain(id);
    expect((await call(ctx, 'DELETE', `/api/drafts/${id}`, { as: B.session })).json()).toEqual({ deleted: false });
    expect((await submit(ctx, 'CODEMETER', { as: A.session, draftId: id })).statusCode).toBe(201);
    expect(await ctx.database.db.select().from(drafts).where(eq(drafts.id, id))).toEqual([]);
    const other = crypto.randomUUID();
    await call(ctx, 'PUT', `/api/drafts/${other}`, { as: A.session, body });
    expect((await call(ctx, 'DELETE', `/api/drafts/${other}`, { as: A.session })).json()).toEqual({ deleted: true });
    expectError(
      await call(ctx, 'PUT', `/api/drafts/${other}`, { as: A.session, body: { ...body, activityId: 'nope' } }),
      404,
      'ACTIVITY_NOT_FOUND',
    );
  });
});

describe('notifications', () => {
  it('lists mine, counts the unseen, marks seen and read', async () => {
    const C = await signUpVerified(ctx);
    await submit(ctx, 'CODEMETER', { as: C.session });
    const list = (await call(ctx, 'GET', '/api/Notifications', { as: C.session })).json() as {
      items: { id: string; type: string; isRead: boolean }[];
      unseen: number;
    };
    expect(list.items.map((n) => n.type).sort()).toEqual(['request-submitted', 'welcome']);
    expect(list.unseen).toBe(2);
    expect((await call(ctx, 'GET', '/api/Notifications/count', { as: C.session })).json()).toEqual({ count: 2 });
    // Someone else's ids change nothing.
    expect(
      (
        await call(ctx, 'POST', '/api/Notifications/markAsRead', { as: B.session, body: { ids: list.items.map((n) => n.id) } })
      ).json(),
    ).toEqual({ updated: 0 });
    expect((await call(ctx, 'POST', '/api/Notifications/markAsSeen', { as: C.session, body: {} })).json()).toEqual({
      updated: 2,
    });
    expect((await call(ctx, 'GET', '/api/Notifications/count', { as: C.session })).json()).toEqual({ count: 0 });
    const one = list.items[0]!.id;
    expect((await call(ctx, 'POST', '/api/Notifications/markAsRead', { as: C.session, body: { ids: [one] } })).json()).toEqual({
      updated: 1,
    });
    expect((await call(ctx, 'POST', '/api/Notifications/markAsRead', { as: C.session, body: { all: true } })).json()).toEqual({
      updated: 1,
    });
  });
});

describe('the demo citizen', () => {
  it('has requests in different statuses, a draft, receipts, and a finished request to rate', async () => {
    const as = await directSession(ctx, 'demo-citizen');
    const inbox = (await call(ctx, 'GET', '/api/requests', { as })).json() as { items: TRequestDetail[] };
    expect(inbox.items.map((r) => `${r.serviceSlug} ${r.status.id}`).sort()).toEqual([
      'ADD_METER needs_info',
      'CODEMETER new',
      'FAULTS_COMPLAINTS resolved',
      'METER_READING cancelled',
    ]);
    expect(((await call(ctx, 'GET', '/api/drafts', { as })).json() as { total: number }).total).toBe(1);
    const done = inbox.items.find((r) => r.status.id === 'resolved')!;
    const detail = (await call(ctx, 'GET', findUrl('FAULTS_COMPLAINTS', { id: done.id }, true), { as })).json() as TRequestDetail;
    expect(detail.documents!.map((d) => d.kind)).toEqual(['receipt']);
    expect(detail.timeline.map((e) => e.kind)).toEqual(['created', 'status', 'status']);
    const rated = await call(ctx, 'PATCH', `/api/requests/FAULTS_COMPLAINTS/${done.id}`, {
      as,
      body: { activityId: 'rate', data: { rating: 2 } },
      headers: withKey(),
    });
    expect(rated.statusCode, rated.body).toBe(200);
    const asked = inbox.items.find((r) => r.status.id === 'needs_info')!;
    expect(asked.status.activityId).toBe('apply');
    const withComment = (await call(ctx, 'GET', findUrl('ADD_METER', { ID: asked.ID }), { as })).json() as TRequestDetail;
    expect(withComment.comments[0]!.by).toEqual({ kind: 'staff', name: 'منى' });
    expect(withComment.documents).toBeUndefined();
  });
});
