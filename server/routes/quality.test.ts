import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TContactMessageItem, TFollowUp, TQualityComment, TQualitySummary } from '../../contract/quality.ts';
import type { TSubmitResult } from '../../contract/requests.ts';
import { ROLE } from '../../contract/roles.ts';
import { cairoDate } from '../../contract/availability.ts';
import { notifications, requests, users } from '../db/schema.ts';
import {
  call,
  directSession,
  expectError,
  outboxTo,
  signUpVerified,
  type SignedUp,
  type Session,
} from '../test/identity-helpers.ts';
import { submit, withKey } from '../test/request-helpers.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

/*
 * Service quality management (issue 26 part 1, decision 066): a low rating opens a follow-up, the reply reaches the
 * citizen in the app and through the outbox; contact messages are assigned, answered by e-mail or SMS and closed;
 * ratings and breaches come from the report framework; everything within the caller's company.
 */

let ctx: TestApp;
let citizen: SignedUp & { session: Session };
let manager: Session; // the holding's service-quality manager
let southQuality: Session; // South Cairo's service-quality staff (A's CODEMETER requests are North Cairo's)
let employee: Session; // request work, no quality role

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoUsers: true });
  citizen = await signUpVerified(ctx);
  manager = await directSession(ctx, 'demo-manager');
  await ctx.database.db
    .update(users)
    .set({ roles: [ROLE.serviceQuality] })
    .where(eq(users.id, 'demo-south'));
  southQuality = await directSession(ctx, 'demo-south');
  employee = await directSession(ctx, 'demo-employee');
});
afterAll(() => ctx.close());

/** A CODEMETER request of the citizen, closed (installed) and rated. */
async function rated(rating: number, comment?: string): Promise<TSubmitResult> {
  const filed = (await submit(ctx, 'CODEMETER', { as: citizen.session })).json() as TSubmitResult;
  await ctx.database.db.update(requests).set({ status: 'installed' }).where(eq(requests.id, filed.id));
  const res = await call(ctx, 'PATCH', `/api/requests/CODEMETER/${filed.id}`, {
    as: citizen.session,
    body: { activityId: 'rate', data: { rating, ...(comment ? { comment } : {}) } },
    headers: withKey(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return filed;
}

const followUps = async (as: Session, status = '') =>
  (await call(ctx, 'GET', `/api/quality/follow-ups?limit=50${status ? `&status=${status}` : ''}`, { as })).json() as {
    items: TFollowUp[];
    total: number;
  };

describe('quality follow-ups', () => {
  it('a 1 opens one; the reply reaches the citizen in the app and by e-mail and SMS; it is resolved, then final', async () => {
    const r = await rated(1, 'لم يحضر الفني في الموعد');
    const open = (await followUps(manager, 'open')).items.find((f) => f.requestId === r.id)!;
    expect(open).toMatchObject({ status: 'open', answer: 1, comment: 'لم يحضر الفني في الموعد', overdue: false });
    expect(new Date(open.dueAt).getTime()).toBeGreaterThan(new Date(open.createdAt).getTime());

    const before = (await outboxTo(ctx.database.db, citizen.data.email)).length;
    const res = await call(ctx, 'POST', `/api/quality/follow-ups/${open.id}/reply`, {
      as: manager,
      body: { message: 'نعتذر، سيتصل بك الفني غدًا' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'contacted', reply: 'نعتذر، سيتصل بك الفني غدًا', assigneeName: 'منى صبري' });
    const mail = await outboxTo(ctx.database.db, citizen.data.email);
    expect(mail.length).toBe(before + 1);
    expect(mail.at(-1)!.body).toContain('نعتذر، سيتصل بك الفني غدًا');
    expect((await outboxTo(ctx.database.db, citizen.data.mobile)).at(-1)!.body).toContain('نعتذر');
    const told = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, citizen.userId));
    expect(told.find((n) => n.type === 'quality-reply')?.data).toMatchObject({
      requestId: r.id,
      note: 'نعتذر، سيتصل بك الفني غدًا',
    });
    const list = (await call(ctx, 'GET', '/api/Notifications?limit=50', { as: citizen.session })).json() as {
      items: { type: string }[];
    };
    expect(JSON.stringify(list)).toContain('quality-reply');

    const done = await call(ctx, 'POST', `/api/quality/follow-ups/${open.id}/status`, {
      as: manager,
      body: { status: 'resolved' },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'resolved' });
    expectError(
      await call(ctx, 'POST', `/api/quality/follow-ups/${open.id}/reply`, { as: manager, body: { message: 'again' } }),
      409,
      'FOLLOW_UP_CLOSED',
    );
  });

  it('a 3 without a comment opens none; a 3 with a comment does; the comments are searchable', async () => {
    const quiet = await rated(3);
    const praised = await rated(3, 'خدمة ممتازة وسريعة');
    const ids = (await followUps(manager)).items.map((f) => f.requestId);
    expect(ids).not.toContain(quiet.id);
    expect(ids).toContain(praised.id);
    const found = (await call(ctx, 'GET', `/api/quality/comments?q=${encodeURIComponent('ممتازة')}`, { as: manager })).json() as {
      items: TQualityComment[];
    };
    expect(found.items.map((c) => c.requestId)).toEqual([praised.id]);
    const ones = (await call(ctx, 'GET', '/api/quality/comments?answer=1', { as: manager })).json() as {
      items: TQualityComment[];
    };
    expect(ones.items.every((c) => c.answer === 1)).toBe(true);
    expect(ones.items.length).toBeGreaterThan(0);
  });

  it("another company's quality staff neither see nor change them (404)", async () => {
    const r = await rated(2, 'بطء');
    const f = (await followUps(manager)).items.find((x) => x.requestId === r.id)!;
    expect((await followUps(southQuality)).items.map((x) => x.requestId)).not.toContain(r.id);
    expectError(
      await call(ctx, 'POST', `/api/quality/follow-ups/${f.id}/reply`, { as: southQuality, body: { message: 'hello' } }),
      404,
      'MODEL_NOT_FOUND',
    );
    expectError(
      await call(ctx, 'POST', `/api/quality/follow-ups/999999/status`, { as: manager, body: { status: 'contacted' } }),
      404,
      'MODEL_NOT_FOUND',
    );
    expectError(await call(ctx, 'GET', '/api/quality/follow-ups', { as: employee }), 403, 'FORBIDDEN');
  });
});

describe('ratings and breaches (the report framework)', () => {
  it('averages and distributes the ratings per service and month; counts breaches per stage', async () => {
    const today = cairoDate(new Date());
    const q = `from=${today.slice(0, 8)}01&to=${today}`;
    const res = await call(ctx, 'GET', `/api/quality/ratings?${q}&by=service`, { as: manager });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json() as TQualitySummary;
    const code = s.rows.find((x) => x.key === 'CODEMETER')!;
    expect(code.label?.en).toBeTruthy();
    expect(code.distribution.reduce((a, b) => a + b, 0)).toBe(code.count);
    expect(code.distribution[0]).toBeGreaterThan(0);
    expect(s.total?.count).toBeGreaterThanOrEqual(code.count);
    const trend = (await call(ctx, 'GET', `/api/quality/ratings?${q}&by=month`, { as: manager })).json() as TQualitySummary;
    expect(trend.rows[0]!.key).toBe(today.slice(0, 7));
    // South Cairo's staff count none of North Cairo's ratings.
    const south = (await call(ctx, 'GET', `/api/quality/ratings?${q}`, { as: southQuality })).json() as TQualitySummary;
    expect(south.rows.find((x) => x.key === 'CODEMETER')).toBeUndefined();

    const breaches = await call(ctx, 'GET', `/api/quality/breaches?${q}&by=stage`, { as: manager });
    expect(breaches.statusCode, breaches.body).toBe(200);
    expectError(await call(ctx, 'GET', `/api/quality/breaches?${q}&by=month`, { as: manager }), 400, 'INVALID_FILTER');
    expectError(
      await call(ctx, 'GET', `/api/quality/ratings?from=2025-01-01&to=2026-12-31`, { as: manager }),
      400,
      'DATE_RANGE_EXCEEDS_LIMIT',
    );
  });
});

describe('contact messages', () => {
  async function send(body: Record<string, unknown>): Promise<string> {
    const res = await call(ctx, 'POST', '/api/contactMessages', {
      body: { fullName: 'سارة علي', email: 'sara@example.com', message: 'متى تصل الفاتورة الجديدة؟', ...body },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { referenceNumber: string }).referenceNumber;
  }
  const listed = async (as: Session, query = '') =>
    (
      (await call(ctx, 'GET', `/api/quality/contact-messages?limit=50${query}`, { as })).json() as {
        items: TContactMessageItem[];
      }
    ).items;

  it('are assigned, answered by e-mail or SMS through the outbox, and closed', async () => {
    const ref = await send({ messageType: 'suggestion', mobile: '01012345678' });
    const m = (await listed(manager, '&status=open')).find((x) => x.referenceNumber === ref)!;
    expect(m).toMatchObject({ messageType: 'suggestion', mobile: '01012345678', status: 'open', overdue: false });

    const colleagues = (await call(ctx, 'GET', '/api/quality/colleagues', { as: manager })).json() as { items: { id: string }[] };
    expect(colleagues.items.map((c) => c.id)).toContain('demo-manager');
    const assigned = await call(ctx, 'POST', `/api/quality/contact-messages/${m.id}/assign`, {
      as: manager,
      body: { assigneeId: 'demo-manager' },
    });
    expect(assigned.json()).toMatchObject({ assigneeId: 'demo-manager' });
    expectError(
      await call(ctx, 'POST', `/api/quality/contact-messages/${m.id}/assign`, {
        as: manager,
        body: { assigneeId: 'demo-employee' },
      }),
      400,
      'INVALID_ASSIGNEE',
    );

    const bySms = await call(ctx, 'POST', `/api/quality/contact-messages/${m.id}/reply`, {
      as: manager,
      body: { channel: 'sms', message: 'شكرًا على اقتراحك' },
    });
    expect(bySms.statusCode, bySms.body).toBe(200);
    expect(bySms.json()).toMatchObject({ status: 'answered', replyChannel: 'sms' });
    expect((await outboxTo(ctx.database.db, '01012345678')).at(-1)!.body).toContain('شكرًا على اقتراحك');

    const closed = await call(ctx, 'POST', `/api/quality/contact-messages/${m.id}/close`, { as: manager });
    expect(closed.json()).toMatchObject({ status: 'closed' });
    expectError(
      await call(ctx, 'POST', `/api/quality/contact-messages/${m.id}/close`, { as: manager }),
      409,
      'CONTACT_MESSAGE_CLOSED',
    );
  });

  it('an SMS answer needs a mobile; an e-mail answer goes to the address; search finds by words', async () => {
    const ref = await send({ messageType: 'complaint', message: 'انقطاع متكرر للكهرباء في الحي' });
    const m = (await listed(manager, `&q=${encodeURIComponent('انقطاع متكرر')}`)).find((x) => x.referenceNumber === ref)!;
    expect(m).toBeTruthy();
    expectError(
      await call(ctx, 'POST', `/api/quality/contact-messages/${m.id}/reply`, {
        as: manager,
        body: { channel: 'sms', message: 'نعتذر' },
      }),
      400,
      'INVALID_INPUT',
    );
    const res = await call(ctx, 'POST', `/api/quality/contact-messages/${m.id}/reply`, {
      as: manager,
      body: { channel: 'email', message: 'تم إبلاغ فريق الصيانة' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = (await outboxTo(ctx.database.db, 'sara@example.com')).at(-1)!;
    expect(mail.subject).toContain(ref);
    expect(mail.body).toContain('تم إبلاغ فريق الصيانة');
  });

  it("a company's staff see only the messages about their company's requests", async () => {
    const ref = await send({ messageType: 'inquiry' });
    expect((await listed(southQuality)).map((x) => x.referenceNumber)).not.toContain(ref);
    const m = (await listed(manager)).find((x) => x.referenceNumber === ref)!;
    expectError(
      await call(ctx, 'POST', `/api/quality/contact-messages/${m.id}/close`, { as: southQuality }),
      404,
      'MODEL_NOT_FOUND',
    );
  });
});
