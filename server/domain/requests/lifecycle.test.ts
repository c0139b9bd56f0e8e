import crypto from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TService } from '../../../contract/catalog.ts';
import { CITIZEN_ROLE, NEEDS_INFO, PARTY_ROLES, SYSTEM_ROLE } from '../../../contract/workflow.ts';
import { notifications, outboxMessages, pushSubscriptions, requestEvents, requests } from '../../db/schema.ts';
import { sampleData } from '../../seed/sample-data.ts';
import { signUpVerified, type SignedUp } from '../../test/identity-helpers.ts';
import { RETURN, sandboxPay } from '../../test/payment-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { TEST_CARDS } from '../payments/gateways/sandbox.ts';
import { payFee } from '../payments/payments.ts';
import { changeStatus, escalate, staffComment, type StaffContext } from '../staff/actions.ts';
import { cancelRequest, commentOnRequest, performActivity } from './activities.ts';
import { stageIdOf } from './service.ts';
import { textNumber } from '../../../contract/request-number.ts';

/*
 * One owner of a request's life (decision 040): every way a request moves, each transition of every seeded
 * workflow (read through the app's catalog) made by each kind of actor its roles name, through the use cases the
 * routes call (staff actions with only the transition's own role, decision 036; the citizen's activity or cancel;
 * the payment gateway's signed callback settling a fee), leaves the same trio: the new status and stage, exactly
 * one `status` event per step naming the actor, and one status notification to the owner (with its e-mail), and
 * (decision 051) one SMS with the request's link and one push to each device the owner subscribed.
 */

let ctx: TestApp;
let citizen: SignedUp;
let services: TService[];
const SECRET = 'lifecycle-test-sandbox-secret';
/** The citizen's one subscribed device (decision 051). */
const DEVICE = crypto.randomUUID();

/** A subscription as a browser would send it (the keys are not used: nothing is delivered in this file). */
async function subscribed(userId: string, id = crypto.randomUUID(), lang: 'ar' | 'en' = 'en') {
  await ctx.database.db.insert(pushSubscriptions).values({
    id,
    userId,
    endpoint: `https://fcm.googleapis.com/fcm/send/${id}`,
    p256dh: 'B'.repeat(87),
    auth: 'A'.repeat(22),
    lang,
  });
  return id;
}

beforeAll(async () => {
  ctx = await buildTestApp({ SANDBOX_GATEWAY_SECRET: SECRET });
  citizen = await signUpVerified(ctx);
  await subscribed(citizen.userId, DEVICE);
  services = await ctx.app.deps.catalog.services('staff');
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
let counter = 0;

/** A request of the citizen's standing in `status` (written directly: the test's starting point, not a move). */
async function requestAt(service: TService, status: string, feePiastres: number | null = null) {
  const activityId = service.activities[0]!.activityId;
  const [row] = await db()
    .insert(requests)
    .values({
      id: crypto.randomUUID(),
      number: `${service.serviceSlug}-2099-${String(++counter).padStart(6, '0')}`,
      serviceId: service.id,
      serviceSlug: service.serviceSlug,
      serviceVersion: service.version,
      activityId,
      status,
      stageId: stageIdOf(service, status),
      ownerId: citizen.userId,
      data: sampleData(service, activityId),
      lang: 'en',
      paymentTotalPiastres: feePiastres,
    })
    .returning();
  return row!;
}

const member = (role: string): StaffContext['member'] => ({
  id: `lifecycle-${role}`,
  name: `Staff ${role}`,
  roles: [role],
  companyId: null,
  sectorId: null,
  serviceCenterIds: [],
});
const staffCtx = (role: string): StaffContext => ({
  member: member(role),
  services: (slug) => services.find((s) => s.serviceSlug === slug),
  appOrigin: ctx.config.appOrigin,
});
const caller = () => ({ userId: citizen.userId, ownerTokenHash: null });

type ActorKind = 'staff' | 'citizen' | 'system';

/** What the request looks like afterwards: its row, status events, notifications and e-mails. */
async function trail(id: string) {
  const [row] = await db().select().from(requests).where(eq(requests.id, id));
  const events = await db().select().from(requestEvents).where(eq(requestEvents.requestId, id)).orderBy(asc(requestEvents.id));
  const told = await db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, citizen.userId), sql`${notifications.data}->>'requestId' = ${id}`));
  // E-mails leading to the request (the status e-mail, or a paid fee's, which names the payment in its key).
  const mails = await db()
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.channel, 'email'), sql`${outboxMessages.body} like ${'%' + id + '%'}`));
  // SMS and pushes name the request by its link (decision 051).
  const texts = await db()
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.channel, 'sms'), sql`${outboxMessages.body} like ${'%' + id + '%'}`));
  const pushes = await db()
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.channel, 'push'), sql`${outboxMessages.body} like ${'%' + id + '%'}`));
  return { row: row!, events, told, mails, texts, pushes };
}

/** Makes the move as this kind of actor, through the use case its route calls; the steps it took. */
async function move(service: TService, from: string, to: string, kind: ActorKind, staffRole?: string): Promise<string[]> {
  if (kind === 'staff') {
    const row = await requestAt(service, from);
    await changeStatus(db(), staffCtx(staffRole!), {
      serviceSlug: service.serviceSlug,
      id: row.id,
      version: row.version,
      to,
      ...(to === NEEDS_INFO ? { comment: 'Please send a clearer photo.' } : {}),
    });
    return [row.id, to];
  }
  if (kind === 'citizen') {
    const row = await requestAt(service, from);
    const base = { service, requestId: row.id, caller: caller(), appOrigin: ctx.config.appOrigin };
    if (to === 'cancelled') await cancelRequest(db(), { ...base, reason: 'No longer needed' });
    else {
      const activityId = service.workflow.statuses.find((s) => s.id === from)!.activityId!;
      await performActivity(db(), { ...base, activityId, data: sampleData(service, activityId) });
    }
    return [row.id, to];
  }
  // The gateway: a fee paid by card in the sandbox, confirmed by its signed callback.
  const row = await requestAt(service, from, 12_345);
  const start = await payFee(ctx.app.deps.payments, {
    service,
    requestId: row.id,
    activityId: 'pay',
    caller: caller(),
    channel: 'card',
    ...RETURN,
    lang: 'en',
  });
  expect((await sandboxPay(ctx, start.payment.id, TEST_CARDS.succeeds)).statusCode).toBe(303);
  return [row.id, to];
}

/** Every transition of every seeded workflow, with each kind of actor its roles name. */
function cases() {
  const out: { service: TService; from: string; to: string; kind: ActorKind; staffRole?: string }[] = [];
  for (const service of services)
    for (const t of service.workflow.transitions) {
      const roles = t.roles ?? [];
      const staffRole = roles.find((r) => !PARTY_ROLES.includes(r));
      if (staffRole) out.push({ service, from: t.from, to: t.to, kind: 'staff', staffRole });
      if (roles.includes(CITIZEN_ROLE)) out.push({ service, from: t.from, to: t.to, kind: 'citizen' });
      if (roles.includes(SYSTEM_ROLE)) out.push({ service, from: t.from, to: t.to, kind: 'system' });
    }
  return out;
}

describe('every way a request moves leaves the same trio', () => {
  it('covers every transition of the seeded workflows, by every kind of actor they name', async () => {
    const all = cases();
    expect(services.length).toBeGreaterThan(20);
    const kinds = new Set(all.map((c) => c.kind));
    expect([...kinds].sort()).toEqual(['citizen', 'staff', 'system']);
    const untouched = services.flatMap((s) =>
      s.workflow.transitions.filter((t) => !all.some((c) => c.service === s && c.from === t.from && c.to === t.to)),
    );
    expect(untouched).toEqual([]);
    const failures: string[] = [];
    for (const c of all) {
      const label = `${c.service.serviceSlug} ${c.from} -> ${c.to} by ${c.kind}${c.staffRole ? ` (${c.staffRole})` : ''}`;
      try {
        const [id] = await move(c.service, c.from, c.to, c.kind, c.staffRole);
        const { row, events, told, mails, texts, pushes } = await trail(id!);
        // The gateway's confirmation of a fee filed as new takes both of its moves at once: new -> awaiting_payment -> on.
        const steps = events.filter((e) => e.kind === 'status');
        const path = steps.map((e) => e.data.to as string);
        const final = path[path.length - 1];
        expect(c.kind === 'system' ? path : [c.to]).toContain(c.to);
        expect(path.length, 'one status event per step').toBe(c.kind === 'system' && c.from !== 'awaiting_payment' ? 2 : 1);
        expect(row.status).toBe(final);
        expect(row.stageId).toBe(stageIdOf(c.service, final!));
        for (const e of steps) {
          expect(e.actorKind).toBe(c.kind);
          expect(e.actorId).toBe(c.kind === 'staff' ? `lifecycle-${c.staffRole}` : c.kind === 'citizen' ? citizen.userId : null);
          if (c.kind === 'staff') expect(e.actorName).toBe(`Staff ${c.staffRole}`);
        }
        const status = told.filter((n) => n.type === 'status-changed');
        expect(status.length, 'one status notification').toBe(1);
        expect(status[0]!.data.status).toBe(final);
        // Nothing else told about the move; a paid fee also has its payment's own notification.
        expect(told.map((n) => n.type).sort()).toEqual(
          c.kind === 'system' ? ['payment-succeeded', 'status-changed'] : ['status-changed'],
        );
        expect(mails.length, 'one e-mail').toBe(1);
        // The number as people read it in the e-mail's language (decision 061), never the stored one.
        const readable = textNumber(row.number, row.lang as 'ar' | 'en');
        expect(mails[0]!.body).toContain(readable);
        expect(mails[0]!.subject).toContain(readable);
        // (a service whose English prefix is its slug, CCC, reads the same either way)
        if (readable !== row.number) expect(mails[0]!.body).not.toContain(row.number);
        // One SMS to the owner's mobile and one push to their device, each leading to the request.
        expect(
          texts.map((m) => m.recipient),
          'one SMS',
        ).toEqual([citizen.data.mobile]);
        expect(texts[0]!.body).toContain(`${ctx.config.appOrigin}/services/${c.service.serviceSlug}/entries/${row.id}`);
        expect(
          pushes.map((m) => m.recipient),
          'one push',
        ).toEqual([DEVICE]);
        const push = JSON.parse(pushes[0]!.body) as { title: string; body: string; url: string };
        expect(push.url).toBe(`/services/${c.service.serviceSlug}/entries/${row.id}`);
        // Staff asking for information: every channel says what is needed.
        if (c.kind === 'staff' && c.to === NEEDS_INFO) {
          for (const m of [mails[0]!, texts[0]!]) expect(m.body).toContain('Please send a clearer photo.');
          expect(push.body).toContain('Please send a clearer photo.');
          expect(status[0]!.data.note).toBe('Please send a clearer photo.');
        }
      } catch (err) {
        failures.push(`${label}: ${(err as Error).message.split('\n')[0]}`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});

describe('the fields the lifecycle keeps', () => {
  const flagOf = async (id: string) =>
    (await db().select({ at: requests.citizenCommentAt }).from(requests).where(eq(requests.id, id)))[0]!.at;
  const versionOf = async (id: string) =>
    (await db().select({ v: requests.version }).from(requests).where(eq(requests.id, id)))[0]!.v;

  it("citizenCommentAt: set by the citizen's comment, kept by an internal note, cleared by staff's answer or a move", async () => {
    const service = services.find((s) => s.serviceSlug === 'SMART_METER_UPGRADE')!;
    const role = service.workflow.transitions.flatMap((t) => t.roles ?? []).find((r) => !PARTY_ROLES.includes(r))!;
    const staff = staffCtx(role);
    const row = await requestAt(service, 'new');
    const target = { serviceSlug: service.serviceSlug, id: row.id };
    const comment = () => commentOnRequest(db(), { service, requestId: row.id, caller: caller(), body: 'Any news?' });

    await comment();
    expect(await flagOf(row.id)).not.toBeNull();
    await escalate(db(), staff, { ...target, version: await versionOf(row.id), escalated: true, comment: 'Chase it' });
    await staffComment(db(), staff, { ...target, version: await versionOf(row.id), body: 'Internal', internal: true });
    expect(await flagOf(row.id), 'an internal note answers nothing').not.toBeNull();
    await staffComment(db(), staff, { ...target, version: await versionOf(row.id), body: 'On it', internal: false });
    expect(await flagOf(row.id)).toBeNull();

    await comment();
    await changeStatus(db(), staff, { ...target, version: await versionOf(row.id), to: 'in_review' });
    expect(await flagOf(row.id), "a staff move answers the citizen's comment").toBeNull();

    await comment();
    await cancelRequest(db(), { service, requestId: row.id, caller: caller(), appOrigin: ctx.config.appOrigin });
    expect(await flagOf(row.id), 'a closed request has nothing left to answer').toBeNull();
  });

  it('paymentTotalPiastres: the fee the gateway settled, recorded by the move it makes', async () => {
    const service = services.find((s) => s.serviceSlug === 'CODEMETER')!;
    const row = await requestAt(service, 'new');
    expect(row.paymentTotalPiastres).toBeNull();
    const start = await payFee(ctx.app.deps.payments, {
      service,
      requestId: row.id,
      activityId: 'pay',
      caller: caller(),
      channel: 'card',
      ...RETURN,
      lang: 'en',
    });
    await sandboxPay(ctx, start.payment.id, TEST_CARDS.succeeds);
    const [after] = await db().select().from(requests).where(eq(requests.id, row.id));
    expect(after!.paymentTotalPiastres).toBe(start.payment.serviceFeePiastres);
    expect(after!.version).toBe(row.version + 1);
  });
});

describe('staff told when the citizen answers (decision 051)', () => {
  let assignee: SignedUp;
  let assigneeDevice: string;
  beforeAll(async () => {
    // The assignee's column names an account; this one stands for the employee (what staff may do is not this file's).
    assignee = await signUpVerified(ctx);
    assigneeDevice = await subscribed(assignee.userId, undefined, 'ar');
  });
  const toldStaff = async (id: string) =>
    db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, assignee.userId), sql`${notifications.data}->>'requestId' = ${id}`))
      .orderBy(asc(notifications.id));
  const staffPushes = async (id: string) =>
    db()
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.channel, 'push'),
          eq(outboxMessages.recipient, assigneeDevice),
          sql`${outboxMessages.body} like ${'%' + id + '%'}`,
        ),
      );
  const flagOf = async (id: string) =>
    (await db().select({ at: requests.citizenCommentAt }).from(requests).where(eq(requests.id, id)))[0]!.at;

  it("the citizen's completed information, comment and rating reach the assignee's bell and devices", async () => {
    const service = services.find((s) => s.serviceSlug === 'SMART_METER_UPGRADE')!;
    const row = await requestAt(service, NEEDS_INFO);
    await db().update(requests).set({ assignee: assignee.userId }).where(eq(requests.id, row.id));
    const activityId = service.workflow.statuses.find((s) => s.id === NEEDS_INFO)!.activityId!;
    const base = { service, requestId: row.id, caller: caller(), appOrigin: ctx.config.appOrigin };
    await performActivity(db(), { ...base, activityId, data: sampleData(service, activityId) });
    expect(await flagOf(row.id), 'the completed information waits for staff').not.toBeNull();
    await commentOnRequest(db(), { service, requestId: row.id, caller: caller(), body: 'Sent the photo' });
    const told = await toldStaff(row.id);
    expect(told.map((n) => [n.type, n.data.reply])).toEqual([
      ['citizen-replied', 'completed'],
      ['citizen-replied', 'comment'],
    ]);
    const pushes = await staffPushes(row.id);
    expect(pushes).toHaveLength(2);
    // In the device's language, naming the request; a tap opens it.
    const first = JSON.parse(pushes[0]!.body) as { body: string; url: string };
    expect(first.body).toContain(textNumber(row.number, 'ar'));
    expect(first.body).not.toContain(row.number);
    expect(first.body).toMatch(/[\u0600-\u06FF]/);
    expect(first.url).toBe(`/services/${service.serviceSlug}/entries/${row.id}`);
  });

  it("a staff member's visible comment reaches the citizen by every channel; an internal note reaches nobody", async () => {
    const service = services.find((s) => s.serviceSlug === 'SMART_METER_UPGRADE')!;
    const role = service.workflow.transitions.flatMap((t) => t.roles ?? []).find((r) => !PARTY_ROLES.includes(r))!;
    const row = await requestAt(service, 'new');
    const target = { serviceSlug: service.serviceSlug, id: row.id };
    await staffComment(db(), staffCtx(role), { ...target, version: row.version, body: 'Internal only', internal: true });
    await staffComment(db(), staffCtx(role), { ...target, version: row.version + 1, body: 'Bring the bill', internal: false });
    const { told, texts, pushes } = await trail(row.id);
    expect(told.map((n) => [n.type, n.data.note])).toEqual([['staff-comment', 'Bring the bill']]);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain('Bring the bill');
    expect(pushes.map((p) => p.recipient)).toEqual([DEVICE]);
    const mails = await db()
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.channel, 'email'), sql`${outboxMessages.body} like ${'%Bring the bill%'}`));
    expect(mails).toHaveLength(1);
    expect(JSON.stringify([told, texts, pushes, mails])).not.toContain('Internal only');
  });

  it('a paid fee reaches the assignee and waits for staff', async () => {
    const service = services.find((s) => s.serviceSlug === 'CODEMETER')!;
    const row = await requestAt(service, 'new');
    await db().update(requests).set({ assignee: assignee.userId }).where(eq(requests.id, row.id));
    const start = await payFee(ctx.app.deps.payments, {
      service,
      requestId: row.id,
      activityId: 'pay',
      caller: caller(),
      channel: 'card',
      ...RETURN,
      lang: 'en',
    });
    await sandboxPay(ctx, start.payment.id, TEST_CARDS.succeeds);
    expect((await toldStaff(row.id)).map((n) => n.data.reply)).toEqual(['paid']);
    expect(await staffPushes(row.id)).toHaveLength(1);
    expect(await flagOf(row.id)).not.toBeNull();
  });

  it('a failed fee payment reaches the payer by every channel', async () => {
    const service = services.find((s) => s.serviceSlug === 'CODEMETER')!;
    const row = await requestAt(service, 'new');
    const start = await payFee(ctx.app.deps.payments, {
      service,
      requestId: row.id,
      activityId: 'pay',
      caller: caller(),
      channel: 'card',
      ...RETURN,
      lang: 'en',
    });
    await sandboxPay(ctx, start.payment.id, TEST_CARDS.fails);
    const { told, texts, pushes } = await trail(row.id);
    expect(told.map((n) => n.type)).toEqual(['payment-failed']);
    expect(texts).toHaveLength(1);
    expect(pushes).toHaveLength(1);
  });
});
