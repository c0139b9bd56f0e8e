import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRequestDetail, TSubmitResult } from '../../contract/requests.ts';
import type { TInboxCount, TInboxPage, TStaffRequestDetail } from '../../contract/staff.ts';
import { notifications, outboxMessages, requestEvents, requests } from '../db/schema.ts';
import {
  call,
  cookieValue,
  directSession,
  expectError,
  loginRaw,
  newCitizenData,
  signUpVerified,
  type SignedUp,
  type Session,
} from '../test/identity-helpers.ts';
import { seededService, submit, validData } from '../test/request-helpers.ts';
import { textNumber } from '../../contract/request-number.ts';
import { activityFields } from '../domain/requests/validate.ts';
import { issueOwnerToken } from '../domain/behalf/owner-tokens.ts';
import type { TOwnerToken } from '../../contract/staff.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

/*
 * The staff workspace (issue 11): the workflow enforced with roles, optimistic concurrency naming who and when,
 * scope by company, internal comments, escalation, bulk assignment and the inbox, through the real routes.
 * CODEMETER is routed to North Cairo (its governorate); SMART_METER_UPGRADE names no place, so it is the holding's:
 * holding staff (no company) see it, no company's staff do (decision 036). Each kind of work needs its role.
 */

let ctx: TestApp;
let citizen: SignedUp & { session: Session };
let employee: Session; // the holding's: every family's requests, TECHNICAL_SUPPORT
let clerk: Session; // the holding's: every family's requests, no TECHNICAL_SUPPORT
let reports: Session; // North Cairo, ACCESS_REPORTS and ACCESS_FINANCIAL_REPORTS only
let assigner: Session; // the holding's, EmployeeAssignExternalCompany only
let south: Session; // South Cairo: every family's requests

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoUsers: true });
  citizen = await signUpVerified(ctx);
  employee = await directSession(ctx, 'demo-employee');
  clerk = await directSession(ctx, 'demo-clerk');
  reports = await directSession(ctx, 'demo-reports');
  assigner = await directSession(ctx, 'demo-assigner');
  south = await directSession(ctx, 'demo-south');
});
afterAll(() => ctx.close());

async function file(slug: string, as: Session = citizen.session): Promise<TSubmitResult> {
  const res = await submit(ctx, slug, { as });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TSubmitResult;
}
const url = (r: { serviceSlug: string; id: string }, tail = '') => `/api/staff/requests/${r.serviceSlug}/${r.id}${tail}`;
async function read(r: { serviceSlug: string; id: string }, as: Session = employee): Promise<TStaffRequestDetail> {
  const res = await call(ctx, 'GET', url(r), { as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TStaffRequestDetail;
}
/** The request as its citizen reads it (GET findOne). */
async function citizenView(r: { serviceSlug: string; id: string }): Promise<TRequestDetail> {
  const res = await call(
    ctx,
    'GET',
    `/api/requests/${r.serviceSlug}/findOne?filter=${encodeURIComponent(JSON.stringify({ where: { id: r.id } }))}`,
    {
      as: citizen.session,
    },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TRequestDetail;
}
const act = (r: { serviceSlug: string; id: string }, tail: string, body: unknown, as: Session = employee) =>
  call(ctx, 'POST', url(r, tail), { as, body });
const inbox = async (filter: Record<string, unknown>, as: Session = employee, path = 'inbox') => {
  const res = await call(ctx, 'GET', `/api/dynamic_services/${path}?filter=${encodeURIComponent(JSON.stringify(filter))}`, {
    as,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TInboxPage;
};

describe('the workflow, enforced', () => {
  it('moves a request along its workflow; the citizen is notified and sees who did it and when', async () => {
    const r = await file('SMART_METER_UPGRADE');
    const d = await read(r);
    expect(d.version).toBe(1);
    expect(d.transitions.map((t) => t.to)).toEqual(expect.arrayContaining(['in_review', 'rejected']));
    expect(d.owner?.id).toBe(citizen.userId);
    const res = await act(r, '/status', { version: 1, to: 'in_review' });
    expect(res.statusCode, res.body).toBe(200);
    const moved = res.json() as TStaffRequestDetail;
    expect(moved.status.id).toBe('in_review');
    expect(moved.version).toBe(2);
    const notes = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, citizen.userId));
    expect(notes.some((n) => n.type === 'status-changed' && n.data.requestNumber === r.ID && n.data.status === 'in_review')).toBe(
      true,
    );
    const mail = await ctx.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.dedupeKey, `request-status:${r.id}:2:email`));
    expect(mail[0]?.body).toContain(textNumber(r.ID, 'ar'));
    const mine = await citizenView(r);
    const status = mine.timeline.find((e) => e.kind === 'status');
    expect(status?.by).toEqual({ kind: 'staff', name: 'منى سالم' });
    expect(status?.to?.id).toBe('in_review');
  });

  it('refuses a move the workflow does not have (TRANSITION_NOT_ALLOWED) and writes nothing', async () => {
    const r = await file('SMART_METER_UPGRADE');
    expectError(await act(r, '/status', { version: 1, to: 'installed' }), 409, 'TRANSITION_NOT_ALLOWED');
    const [row] = await ctx.database.db.select().from(requests).where(eq(requests.id, r.id));
    expect(row!.status).toBe('new');
    expect(row!.version).toBe(1);
  });

  it("refuses the citizen's and the gateway's moves to staff (TRANSITION_ROLE_REQUIRED)", async () => {
    // CODEMETER waits for its fee: new -> awaiting_payment -> in_review are the gateway's.
    const r = await file('CODEMETER');
    expectError(await act(r, '/status', { version: 1, to: 'awaiting_payment' }), 403, 'TRANSITION_ROLE_REQUIRED');
    const s = await file('SMART_METER_UPGRADE');
    await act(s, '/status', { version: 1, to: 'in_review' });
    await act(s, '/status', { version: 2, to: 'needs_info', comment: 'Send a clearer photo of the meter.' });
    // needs_info -> in_review is the citizen's (completing the data).
    expectError(await act(s, '/status', { version: 3, to: 'in_review' }), 403, 'TRANSITION_ROLE_REQUIRED');
  });

  it('asks for more information only with a comment, which the citizen reads; completing it moves the request back', async () => {
    const r = await file('SMART_METER_UPGRADE');
    await act(r, '/status', { version: 1, to: 'in_review' });
    expectError(await act(r, '/status', { version: 2, to: 'needs_info' }), 400, 'INVALID_INPUT');
    const res = await act(r, '/status', { version: 2, to: 'needs_info', comment: 'Add the meter number.' });
    expect(res.statusCode, res.body).toBe(200);
    const mine = await citizenView(r);
    expect(mine.status.id).toBe('needs_info');
    expect(mine.comments.map((c) => c.body)).toContain('Add the meter number.');
    const done = await call(ctx, 'PATCH', `/api/requests/${r.serviceSlug}/${r.id}`, {
      as: citizen.session,
      body: { activityId: 'apply', data: (await read(r)).data },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(done.statusCode, done.body).toBe(200);
    const after = await read(r);
    expect(after.status.id).toBe('in_review');
    expect(after.version).toBe(4);
  });

  it('a final request takes no more moves (REQUEST_FINAL)', async () => {
    const r = await file('SMART_METER_UPGRADE');
    await act(r, '/status', { version: 1, to: 'rejected', comment: 'Outside the coverage area.' });
    expectError(await act(r, '/status', { version: 2, to: 'in_review' }), 409, 'REQUEST_FINAL');
  });
});

describe('conflicts name who changed the request and when', () => {
  it('the second of two employees acting on one version gets REQUEST_CHANGED naming the first', async () => {
    const r = await file('SMART_METER_UPGRADE');
    const first = await act(r, '/assign', { version: 1, assigneeId: 'demo-employee' }, employee);
    expect(first.statusCode, first.body).toBe(200);
    const err = expectError(await act(r, '/status', { version: 1, to: 'in_review' }, clerk), 409, 'REQUEST_CHANGED');
    expect(err.conflict).toMatchObject({ by: 'منى سالم', action: 'assigned', version: 2 });
    expect(Date.parse(err.conflict!.at)).not.toBeNaN();
    const [row] = await ctx.database.db.select().from(requests).where(eq(requests.id, r.id));
    expect(row!.status).toBe('new');
    // With the version they now know, it goes through.
    expect((await act(r, '/status', { version: 2, to: 'in_review' }, clerk)).statusCode).toBe(200);
  });

  it("a citizen's comment changes the version too", async () => {
    const r = await file('SMART_METER_UPGRADE');
    const c = await call(ctx, 'POST', `/api/requests/${r.serviceSlug}/${r.id}/comments`, {
      as: citizen.session,
      body: { body: 'When will you come?' },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(c.statusCode, c.body).toBe(201);
    const err = expectError(await act(r, '/escalate', { version: 1, escalated: true }), 409, 'REQUEST_CHANGED');
    expect(err.conflict?.action).toBe('comment');
  });
});

describe('assignment, comments, escalation', () => {
  it('assigns to oneself, to a colleague in scope who handles the service, never to staff of another company or without the role; unassigns', async () => {
    const r = await file('CODEMETER');
    const mine = (await act(r, '/assign', { version: 1, assigneeId: 'demo-employee' })).json() as TStaffRequestDetail;
    expect(mine.assignee).toEqual({ id: 'demo-employee', name: 'منى سالم' });
    const names = (
      (await call(ctx, 'GET', url(r, '/colleagues'), { as: employee })).json() as { items: { id: string }[] }
    ).items.map((i) => i.id);
    expect(names).toEqual(expect.arrayContaining(['demo-employee', 'demo-clerk']));
    for (const other of ['demo-south', 'demo-reports', 'demo-assigner']) expect(names).not.toContain(other);
    expectError(await act(r, '/assign', { version: 2, assigneeId: 'demo-south' }), 400, 'INVALID_ASSIGNEE');
    expectError(await act(r, '/assign', { version: 2, assigneeId: 'demo-reports' }), 400, 'INVALID_ASSIGNEE');
    expectError(await act(r, '/assign', { version: 2, assigneeId: citizen.userId }), 400, 'INVALID_ASSIGNEE');
    const colleague = (await act(r, '/assign', { version: 2, assigneeId: 'demo-clerk' })).json() as TStaffRequestDetail;
    expect(colleague.assignee?.id).toBe('demo-clerk');
    const none = (await act(r, '/assign', { version: 3, assigneeId: null })).json() as TStaffRequestDetail;
    expect(none.assignee).toBeNull();
    expect(none.timeline.map((e) => e.kind)).toEqual(['created', 'assigned', 'assigned', 'unassigned']);
  });

  it('keeps internal comments from the citizen; a visible one answers their comment', async () => {
    const r = await file('SMART_METER_UPGRADE');
    await call(ctx, 'POST', `/api/requests/${r.serviceSlug}/${r.id}/comments`, {
      as: citizen.session,
      body: { body: 'Any news?' },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect((await inbox({ citizenComments: true, q: r.ID })).total).toBe(1);
    const internal = (
      await act(r, '/comments', { version: 2, body: 'Check the old meter first.', internal: true })
    ).json() as TStaffRequestDetail;
    expect(internal.comments.find((c) => c.body === 'Check the old meter first.')?.internal).toBe(true);
    expect((await inbox({ citizenComments: true, q: r.ID })).total).toBe(1);
    await act(r, '/comments', { version: 3, body: 'The visit is on Sunday.', internal: false });
    expect((await inbox({ citizenComments: true, q: r.ID })).total).toBe(0);
    const seen = await citizenView(r);
    expect(seen.comments.map((c) => c.body)).toEqual(['Any news?', 'The visit is on Sunday.']);
    expect(seen.timeline.filter((e) => e.kind === 'comment')).toHaveLength(2);
  });

  it('escalates and lists the escalated requests; removes the escalation', async () => {
    const r = await file('SMART_METER_UPGRADE');
    const up = (
      await act(r, '/escalate', { version: 1, escalated: true, comment: 'Waiting for two weeks.' })
    ).json() as TStaffRequestDetail;
    expect(up.escalated).toBe(true);
    expect(up.escalatedAt).not.toBeNull();
    // The reason lands in the escalation's event (decision 050).
    const events = await ctx.database.db.select().from(requestEvents).where(eq(requestEvents.requestId, r.id));
    expect(events.find((e) => e.kind === 'escalated')?.data).toEqual({ escalated: true, reason: 'Waiting for two weeks.' });
    expect((await inbox({ escalated: true, q: r.ID })).items.map((i) => i.id)).toEqual([r.id]);
    const down = (await act(r, '/escalate', { version: 2, escalated: false })).json() as TStaffRequestDetail;
    expect(down.escalated).toBe(false);
    expect((await inbox({ escalated: true, q: r.ID })).total).toBe(0);
  });
});

describe('scope', () => {
  it("staff of another company do not find North Cairo's requests (404)", async () => {
    const r = await file('CODEMETER');
    expectError(await call(ctx, 'GET', url(r), { as: south }), 404, 'MODEL_NOT_FOUND');
    expectError(await act(r, '/assign', { version: 1, assigneeId: 'demo-south' }, south), 404, 'MODEL_NOT_FOUND');
    expect((await inbox({ q: r.ID }, south)).total).toBe(0);
    expect((await inbox({ q: r.ID }, employee)).total).toBe(1);
  });

  it("a request no rule routes is the holding's: no company's staff find, read, move or comment on it (404)", async () => {
    const s = await file('SMART_METER_UPGRADE');
    expect((await inbox({ q: s.ID }, south)).total).toBe(0);
    expect((await inbox({ q: s.ID }, employee)).total).toBe(1);
    expectError(await call(ctx, 'GET', url(s), { as: south }), 404, 'MODEL_NOT_FOUND');
    expectError(await act(s, '/status', { version: 1, to: 'rejected', comment: 'Not ours.' }, south), 404, 'MODEL_NOT_FOUND');
    expectError(await act(s, '/comments', { version: 1, body: 'Seen.', internal: true }, south), 404, 'MODEL_NOT_FOUND');
    // Tickets name no place either.
    const t = await file('tickets');
    expect((await inbox({ serviceSlug: 'tickets', q: t.ID }, south)).total).toBe(0);
    expect((await read(s)).version).toBe(1);
  });

  it("a reading of the citizen's own meter goes where the meter is: that company's staff find it, another's do not", async () => {
    // An approved meter at a South Cairo service center.
    const add = await call(ctx, 'POST', '/api/meters', {
      as: citizen.session,
      body: {
        number: String(61_000_000 + Math.floor(Math.random() * 1_000_000)),
        type: 'single_phase',
        ownerName: 'Meter Owner Name',
        ownerNationalId: citizen.data.nationalId,
        address: '9 Road 9, Maadi, Cairo',
        serviceCenterId: 'sc-maadi',
        connectionType: 'residential',
        initialReading: 100,
      },
    });
    expect(add.statusCode, add.body).toBe(201);
    const meter = add.json() as { id: string; number: string };
    const ok = await call(ctx, 'POST', `/api/staff/meters/${meter.id}/decision`, {
      as: employee,
      body: { version: 1, decision: 'approve' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const res = await submit(ctx, 'METER_READING', {
      as: citizen.session,
      data: { ...validData('METER_READING'), meterNumber: meter.number },
    });
    expect(res.statusCode, res.body).toBe(201);
    const mine = res.json() as TSubmitResult;
    expect((await inbox({ q: mine.ID }, south)).total).toBe(1);
    // The same service naming a meter that is not theirs: nobody's company, the holding's.
    const other = await submit(ctx, 'METER_READING', {
      as: citizen.session,
      data: { ...validData('METER_READING'), meterNumber: '99887766' },
    });
    expect(other.statusCode, other.body).toBe(201);
    expect((await inbox({ q: (other.json() as TSubmitResult).ID }, south)).total).toBe(0);
  });

  it('only technical support act on tickets', async () => {
    const t = await file('tickets');
    expectError(await call(ctx, 'GET', url(t), { as: clerk }), 404, 'MODEL_NOT_FOUND');
    expect((await read(t, employee)).transitions.length).toBeGreaterThan(0);
    expect((await inbox({ serviceSlug: 'tickets' }, clerk)).total).toBe(0);
  });

  it('citizens and visitors cannot use the staff routes', async () => {
    const r = await file('SMART_METER_UPGRADE');
    expectError(await call(ctx, 'GET', url(r), { as: citizen.session }), 403, 'FORBIDDEN');
    expectError(await call(ctx, 'GET', url(r)), 401, 'UNAUTHORIZED');
  });
});

describe('least privilege (issue 21): each kind of work needs its role', () => {
  const get = (path: string, as: Session) => call(ctx, 'GET', path, { as });
  const filter = (f: Record<string, unknown>) => encodeURIComponent(JSON.stringify(f));

  it('the reports account reads no request, inbox or colleague list and moves, comments on, assigns or escalates nothing', async () => {
    const r = await file('CODEMETER'); // North Cairo: the reports account's own company
    expectError(await get(url(r), reports), 403, 'FORBIDDEN');
    expectError(await get(url(r, '/colleagues'), reports), 403, 'FORBIDDEN');
    expectError(
      await act(r, '/status', { version: 1, to: 'rejected', comment: 'Outside the coverage area.' }, reports),
      403,
      'FORBIDDEN',
    );
    expectError(await act(r, '/comments', { version: 1, body: 'Seen.', internal: true }, reports), 403, 'FORBIDDEN');
    expectError(await act(r, '/assign', { version: 1, assigneeId: 'demo-reports' }, reports), 403, 'FORBIDDEN');
    expectError(await act(r, '/escalate', { version: 1, escalated: true }, reports), 403, 'FORBIDDEN');
    for (const path of ['inbox', 'inbox/count', 'requestsInbox'])
      expectError(
        await get(`/api/dynamic_services/${path}?filter=${filter({ serviceSlug: 'CODEMETER' })}`, reports),
        403,
        'FORBIDDEN',
      );
    const [row] = await ctx.database.db.select().from(requests).where(eq(requests.id, r.id));
    expect(row).toMatchObject({ status: 'new', version: 1 });
  });

  it('the assigner moves nothing and reads only the requests it may hand over, in its inbox', async () => {
    const r = await file('SMART_METER_UPGRADE');
    expectError(await get(url(r), assigner), 403, 'FORBIDDEN');
    expectError(await act(r, '/status', { version: 1, to: 'in_review' }, assigner), 403, 'FORBIDDEN');
    expectError(await act(r, '/comments', { version: 1, body: 'Seen.', internal: false }, assigner), 403, 'FORBIDDEN');
    // Not ready yet: not in the assigner's inbox, whatever the filter.
    expect((await inbox({ q: r.ID }, assigner)).total).toBe(0);
    await act(r, '/status', { version: 1, to: 'in_review' });
    await act(r, '/status', { version: 2, to: 'approved' });
    const ready = await inbox({ q: r.ID }, assigner);
    expect(ready.items.map((i) => i.id)).toEqual([r.id]);
    // Its inbox holds ready requests only: no other status of any service.
    const all = await inbox({ limit: 100 }, assigner);
    expect(all.items.every((i) => i.status.id === 'approved' && i.assignedCompany === null)).toBe(true);
    // Installed is the installation company's move (and the handlers'), not the assigner's.
    expectError(await act(r, '/status', { version: 3, to: 'installed' }, assigner), 403, 'FORBIDDEN');
  });

  it('a handler without the service family or support role does not find its requests (404)', async () => {
    const t = await file('tickets');
    expectError(await act(t, '/status', { version: 1, to: 'in_progress' }, clerk), 404, 'MODEL_NOT_FOUND');
    expect((await act(t, '/status', { version: 1, to: 'in_progress' }, employee)).statusCode).toBe(200);
  });

  it('a closed request takes no comment, from staff or from its citizen (REQUEST_FINAL), and nothing is written', async () => {
    const r = await file('SMART_METER_UPGRADE');
    await act(r, '/status', { version: 1, to: 'rejected', comment: 'Outside the coverage area.' });
    for (const internal of [true, false])
      expectError(await act(r, '/comments', { version: 2, body: 'One more thing.', internal }), 409, 'REQUEST_FINAL');
    const mine = await call(ctx, 'POST', `/api/requests/${r.serviceSlug}/${r.id}/comments`, {
      as: citizen.session,
      body: { body: 'Why?' },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expectError(mine, 409, 'REQUEST_FINAL');
    const d = await read(r);
    expect(d.version).toBe(2);
    expect(d.comments.map((c) => c.body)).toEqual(['Outside the coverage area.']);
  });
});

describe('bulk assignment to an installation company', () => {
  async function ready(): Promise<TSubmitResult> {
    const r = await file('SMART_METER_UPGRADE');
    await act(r, '/status', { version: 1, to: 'in_review' });
    await act(r, '/status', { version: 2, to: 'approved' });
    return r;
  }
  const bulk = (body: unknown, as: Session = assigner) => call(ctx, 'POST', '/api/staff/assign-requests', { as, body });

  it('needs at least one request (NO_REQUESTS_SELECTED) and the role', async () => {
    expectError(await bulk({ requestIds: [], installationCompanyId: 'ic-nour' }), 400, 'NO_REQUESTS_SELECTED');
    const r = await ready();
    expectError(await bulk({ requestIds: [r.id], installationCompanyId: 'ic-nour' }, employee), 403, 'FORBIDDEN');
  });

  it('assigns all ready requests in one transaction, with a "bulk assigned" event on each', async () => {
    const a = await ready();
    const b = await ready();
    expect((await inbox({ ready: true, q: a.ID }, assigner)).total).toBe(1);
    const res = await bulk({ requestIds: [a.id, b.id], installationCompanyId: 'ic-nour' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ assigned: 2, company: { id: 'ic-nour' } });
    for (const r of [a, b]) {
      const events = await ctx.database.db
        .select()
        .from(requestEvents)
        .where(eq(requestEvents.requestId, r.id))
        .orderBy(requestEvents.id);
      expect(events.at(-1)).toMatchObject({ kind: 'bulk-assigned', actorName: 'هالة فريد' });
    }
    expect((await read(a)).assignedCompany?.id).toBe('ic-nour');
    expect((await inbox({ ready: true, q: a.ID }, assigner)).total).toBe(0);
  });

  it('writes nothing when one of them is not ready (REQUEST_NOT_READY)', async () => {
    const a = await ready();
    const notReady = await file('SMART_METER_UPGRADE');
    expectError(await bulk({ requestIds: [a.id, notReady.id], installationCompanyId: 'ic-nour' }), 409, 'REQUEST_NOT_READY');
    const [row] = await ctx.database.db.select().from(requests).where(eq(requests.id, a.id));
    expect(row!.assignedCompanyId).toBeNull();
    expectError(await bulk({ requestIds: [a.id], installationCompanyId: 'ic-nowhere' }), 404, 'MODEL_NOT_FOUND');
  });
});

describe('the inbox', () => {
  it('finds a request by the citizen national id, mobile (Arabic-Indic digits too), name and number', async () => {
    const r = await file('SMART_METER_UPGRADE');
    const arabic = citizen.data.mobile.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    for (const q of [citizen.data.nationalId, citizen.data.mobile, arabic, citizen.data.firstName, r.ID]) {
      const page = await inbox({ q });
      expect(
        page.items.map((i) => i.id),
        q,
      ).toContain(r.id);
    }
    const row = (await inbox({ q: r.ID })).items[0]!;
    expect(row.citizen).toMatchObject({ id: citizen.userId, nationalId: citizen.data.nationalId });
    expect(row.sla.totalDays).toBeGreaterThan(0);
  });

  it("follows the citizen's corrected data: the new national id finds the request, the old one no longer does", async () => {
    const r = await file('CODEMETER');
    const before = await read(r);
    const fields = activityFields(seededService('CODEMETER'), 'apply') ?? {};
    const key = Object.keys(fields).find((k) => fields[k]!.dataIndex === 'nationalId')!;
    const oldId = String(before.data[key]);
    const newId = newCitizenData().nationalId;
    expect((await inbox({ q: oldId })).items.map((i) => i.id)).toContain(r.id);
    // Staff asked for the data again (CODEMETER's move there is the gateway's: set directly).
    await ctx.database.db.update(requests).set({ status: 'needs_info' }).where(eq(requests.id, r.id));
    const done = await call(ctx, 'PATCH', `/api/requests/${r.serviceSlug}/${r.id}`, {
      as: citizen.session,
      body: { activityId: 'apply', data: { ...before.data, [key]: newId } },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await inbox({ q: newId })).items.map((i) => i.id)).toContain(r.id);
    expect((await inbox({ q: oldId })).items.map((i) => i.id)).not.toContain(r.id);
  });

  it('filters by service, status, assigned to me and status change date; pages and counts in SQL', async () => {
    const a = await file('SMART_METER_UPGRADE');
    await act(a, '/assign', { version: 1, assigneeId: 'demo-employee' });
    const mine = await inbox({ assignedToMe: true, serviceSlug: 'SMART_METER_UPGRADE' });
    expect(mine.items.every((i) => i.assignee?.id === 'demo-employee')).toBe(true);
    expect(mine.items.map((i) => i.id)).toContain(a.id);
    const fresh = await inbox({ statusChangedSince: new Date(Date.now() + 60_000).toISOString() });
    expect(fresh.total).toBe(0);
    const all = await inbox({ serviceSlug: 'SMART_METER_UPGRADE', status: 'new', limit: 2 });
    expect(all.items.length).toBeLessThanOrEqual(2);
    expect(all.items.every((i) => i.status.id === 'new')).toBe(true);
    const next = await inbox({ serviceSlug: 'SMART_METER_UPGRADE', status: 'new', limit: 2, skip: 2 });
    expect(next.items.map((i) => i.id).some((id) => all.items.map((x) => x.id).includes(id))).toBe(false);
    const count = (
      await call(
        ctx,
        'GET',
        `/api/dynamic_services/inbox/count?filter=${encodeURIComponent(JSON.stringify({ serviceSlug: 'SMART_METER_UPGRADE', status: 'new' }))}`,
        {
          as: employee,
        },
      )
    ).json() as TInboxCount;
    expect(count.count).toBe(all.total);
    expect(count.assignedToMe).toBeGreaterThanOrEqual(1);
  });

  it("gives one service's own columns (requestsInbox) and refuses a filter it cannot read", async () => {
    const r = await file('CODEMETER');
    const page = await inbox({ serviceSlug: 'CODEMETER', q: r.ID }, employee, 'requestsInbox');
    expect(page.columns?.length).toBeGreaterThan(0);
    expect(Object.keys(page.items[0]!.columns)).toEqual(page.columns!.map((c) => c.dataIndex));
    expectError(
      await call(ctx, 'GET', `/api/dynamic_services/requestsInbox?filter=${encodeURIComponent('{}')}`, { as: employee }),
      400,
      'INVALID_FILTER',
    );
    expectError(
      await call(ctx, 'GET', `/api/dynamic_services/inbox?filter=${encodeURIComponent('{"sort":"bogus"}')}`, { as: employee }),
      400,
      'INVALID_FILTER',
    );
  });
});

describe('applying on behalf of a citizen (decision 025)', () => {
  const ownerToken = async (body: Record<string, string>, as: Session = employee) => {
    const res = await call(ctx, 'POST', '/api/staff/owner-token', { as, body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TOwnerToken;
  };
  const requestCount = async () => (await ctx.database.db.select({ id: requests.id }).from(requests)).length;
  const myRequests = async (as: Session) => {
    const res = await call(ctx, 'GET', '/api/requests?limit=50', { as });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: { id: string }[] }).items.map((x) => x.id);
  };

  it('an employee finds the citizen, files with the owner token: the request is theirs and says who filed it', async () => {
    const t = await ownerToken({ nationalId: citizen.data.nationalId });
    expect(t.citizen.id).toBe(citizen.userId);
    const res = await submit(ctx, 'SMART_METER_UPGRADE', { as: employee, headers: { 'request-owner-token': t.token } });
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json() as TSubmitResult;
    expect(await myRequests(citizen.session)).toContain(r.id);
    const d = await read(r);
    expect(d.owner?.id).toBe(citizen.userId);
    expect(d.filedBy?.name).toBe('منى سالم');
    const mine = await citizenView(r);
    expect(mine.timeline.find((e) => e.kind === 'created')?.by).toEqual({ kind: 'staff', name: 'منى سالم' });
  });

  it('is for staff who may look citizens up (TECHNICAL_SUPPORT), and shows the mobile masked', async () => {
    expectError(
      await call(ctx, 'POST', '/api/staff/owner-token', { as: reports, body: { nationalId: citizen.data.nationalId } }),
      403,
      'FORBIDDEN',
    );
    const t = await ownerToken({ nationalId: citizen.data.nationalId });
    expect(t.citizen.mobile).not.toBe(citizen.data.mobile);
    expect(t.citizen.mobile?.slice(-2)).toBe(citizen.data.mobile.slice(-2));
  });

  it('finds the citizen by mobile too, and says CITIZEN_NOT_FOUND for nobody', async () => {
    expect((await ownerToken({ mobile: citizen.data.mobile })).citizen.id).toBe(citizen.userId);
    expectError(
      await call(ctx, 'POST', '/api/staff/owner-token', { as: employee, body: { nationalId: newCitizenData().nationalId } }),
      404,
      'CITIZEN_NOT_FOUND',
    );
  });

  it("refuses a missing, forged, expired or colleague's token (INVALID_REQUEST_OWNER_TOKEN) and writes nothing", async () => {
    const before = await requestCount();
    const t = await ownerToken({ nationalId: citizen.data.nationalId });
    const [head, payload, mac] = t.token.split('.') as [string, string, string];
    const forged = `${head}.${payload}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`;
    const expired = await issueOwnerToken(ctx.database.db, {
      staffId: 'demo-employee',
      citizenId: citizen.userId,
      now: new Date(Date.now() - 3 * 3600_000),
    });
    const cases: Record<string, string>[] = [
      {},
      { 'request-owner-token': forged },
      { 'request-owner-token': expired.token },
      { 'request-owner-token': 'nonsense' },
    ];
    for (const headers of cases)
      expectError(await submit(ctx, 'SMART_METER_UPGRADE', { as: employee, headers }), 403, 'INVALID_REQUEST_OWNER_TOKEN');
    // Another employee cannot use it.
    expectError(
      await submit(ctx, 'SMART_METER_UPGRADE', { as: reports, headers: { 'request-owner-token': t.token } }),
      403,
      'INVALID_REQUEST_OWNER_TOKEN',
    );
    expect(await requestCount()).toBe(before);
  });

  it("an agent files for the citizen they act for; the request is in that citizen's inbox and the agent's list", async () => {
    const agent = await directSession(ctx, 'demo-agent');
    expectError(await submit(ctx, 'SMART_METER_UPGRADE', { as: agent }), 403, 'INVALID_REQUEST_OWNER_TOKEN');
    const acting = await call(ctx, 'POST', '/api/agent/demo-agent/citizen', {
      as: agent,
      body: { nationalId: citizen.data.nationalId },
    });
    expect(acting.statusCode, acting.body).toBe(200);
    const res = await submit(ctx, 'SMART_METER_UPGRADE', { as: agent });
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json() as TSubmitResult;
    expect(await myRequests(citizen.session)).toContain(r.id);
    expect(await myRequests(agent)).toContain(r.id);
    expect((await read(r)).filedBy).not.toBeNull();
  });
});

describe('the user guide library', () => {
  it('lists the guides in order, each with its document in both languages, for staff only', async () => {
    const res = await call(ctx, 'GET', '/api/userGuides', { as: south });
    expect(res.statusCode, res.body).toBe(200);
    const { items } = res.json() as { items: { id: string; url: { ar: string; en: string } }[] };
    expect(items.map((g) => g.id)[0]).toBe('guide-staff-workspace');
    expect(items[0]!.url).toEqual({ ar: '/docs/staff-guide.ar.html', en: '/docs/staff-guide.en.html' });
    expectError(await call(ctx, 'GET', '/api/userGuides', { as: citizen.session }), 403, 'FORBIDDEN');
  });
});

describe('the three builds on one host (decision 022)', () => {
  it("keeps the employee build's session in a cookie of its own, beside the citizen build's", async () => {
    const other = await signUpVerified(ctx);
    const res = await loginRaw(ctx, 'citizen', other.data.username, other.data.password, { headers: { 'x-device': 'EMPLOYEE' } });
    expect(res.statusCode, res.body).toBe(200);
    const token = cookieValue(res, 'kahraba_staff_sid');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookieValue(res, 'kahraba_sid')).toBeUndefined();
    const cookie = `kahraba_staff_sid=${token}`;
    const asEmployeeBuild = await call(ctx, 'GET', '/api/requests', { headers: { cookie, 'x-device': 'EMPLOYEE' } });
    expect(asEmployeeBuild.statusCode).toBe(200);
    // The citizen build (no such device header) does not read that cookie: there, this browser is signed out.
    expectError(await call(ctx, 'GET', '/api/requests', { headers: { cookie } }), 401, 'UNAUTHORIZED');
  });
});
