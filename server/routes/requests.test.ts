import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRequestDetail, TSubmitResult } from '../../contract/requests.ts';
import { documents, notifications, outboxMessages, requestEvents, requests } from '../db/schema.ts';
import { call, expectError, signUpVerified, type SignedUp, type Session } from '../test/identity-helpers.ts';
import { newKey, submit, validData, withKey } from '../test/request-helpers.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

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
    expect(mail[0]!.body).toContain(body.ID);
    expect((await db.select().from(documents).where(eq(documents.requestId, body.id))).map((d) => d.kind)).toEqual(['receipt']);
  });

  it('refuses invalid data with field errors (400 INVALID_INPUT)', async () => {
    const res = await submit(ctx, 'CODEMETER', {
      as: A.session,
      data: { ...validData('CODEMETER'), nationalId: '123', bogus: 'x' },
    });
    const err = expectError(res, 400, 'INVALID_INPUT');
    expect(err.fieldErrors).toMatchObject({ bogus: ['value-not-allowed'] });
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
