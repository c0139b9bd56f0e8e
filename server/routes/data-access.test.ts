import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAuditLook, TCitizenLook } from '../../contract/data-access.ts';
import { auditRoutes } from '../../contract/routes-audit.ts';
import type { TSubmitResult } from '../../contract/requests.ts';
import { attachments, dataAccessLog, requests, users } from '../db/schema.ts';
import { refusal } from '../db/errors.ts';
import { transaction } from '../db/tx.ts';
import { purgeDataAccess } from '../domain/audit/data-access.ts';
import {
  call,
  directSession,
  expectError,
  freshIp,
  signUpVerified,
  type SignedUp,
  type Session,
} from '../test/identity-helpers.ts';
import { submit } from '../test/request-helpers.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

/*
 * The data-access record (issue 28 parts 4 and 5, decision 071): every staff or agent read of a citizen's request,
 * profile, meters, bills or files, every search by national id or mobile and every report export writes one row;
 * a citizen lists exactly the looks at their own data and reports one; the auditor filters and exports; no route,
 * and no raw statement but the retention purge, changes or removes a row.
 */

let ctx: TestApp;
let A: SignedUp & { session: Session };
let B: SignedUp & { session: Session };
let employee: Session; // the holding's: every family's requests, TECHNICAL_SUPPORT
let reports: Session; // North Cairo, the reports roles
let auditor: Session; // AUDIT_DATA_ACCESS only

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoUsers: true });
  A = await signUpVerified(ctx);
  B = await signUpVerified(ctx, { password: 'B0bs!Secret', confirmPassword: 'B0bs!Secret' });
  employee = await directSession(ctx, 'demo-employee');
  reports = await directSession(ctx, 'demo-reports');
  auditor = await directSession(ctx, 'demo-auditor');
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const rowsOf = (citizenId: string) => db().select().from(dataAccessLog).where(eq(dataAccessLog.citizenId, citizenId));
const count = async () =>
  Number(
    (
      await db()
        .select({ n: sql<number>`count(*)` })
        .from(dataAccessLog)
    )[0]!.n,
  );

async function file(slug: string, as: Session): Promise<TSubmitResult> {
  const res = await submit(ctx, slug, { as });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TSubmitResult;
}
const mine = async (as: Session, q = '') => {
  const res = await call(ctx, 'GET', `/api/data-access/mine${q}`, { as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: TCitizenLook[]; total: number };
};
const audit = async (q: string) => {
  const res = await call(ctx, 'GET', `/api/audit/data-access?${q}`, { as: auditor });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: TAuditLook[]; total: number };
};
/** Runs statements in one transaction, as the app's own connection would; the refusal code the trigger raised, if any. */
async function refused(...statements: ReturnType<typeof sql>[]): Promise<string | undefined> {
  try {
    await transaction(db(), async (tx) => {
      for (const statement of statements) await tx.execute(statement);
    });
    return undefined;
  } catch (err) {
    return refusal(err) ?? String(err);
  }
}

describe('each look writes one row', () => {
  it('an employee opening a request: who, their number and company, what, why, from which build and address', async () => {
    const r = await file('SMART_METER_UPGRADE', A.session);
    const before = await count();
    const res = await call(ctx, 'GET', `/api/staff/requests/${r.serviceSlug}/${r.id}`, {
      as: employee,
      // The employee build's call: its device header, and the session under that build's cookie name.
      headers: { 'x-device': 'EMPLOYEE', cookie: employee.cookie.replace(/^kahraba_sid=/, 'kahraba_staff_sid=') },
      ip: '10.200.0.7',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await count()).toBe(before + 1);
    const [row] = await rowsOf(A.userId);
    const [staff] = await db().select().from(users).where(eq(users.id, 'demo-employee'));
    expect(row).toMatchObject({
      staffId: 'demo-employee',
      staffName: `${staff!.firstName} ${staff!.lastName}`,
      staffNumber: staff!.number,
      staffKind: 'staff',
      companyId: null,
      citizenId: A.userId,
      kind: 'request',
      recordId: r.id,
      purpose: 'work',
      requestId: r.id,
      requestNumber: r.ID,
      build: 'employee',
      address: '10.200.0.7',
    });

    // The same page read again (a refetch, a reload) within the window is the same look.
    await call(ctx, 'GET', `/api/staff/requests/${r.serviceSlug}/${r.id}`, { as: employee });
    expect(await count()).toBe(before + 1);
    // Reads around it (colleagues, the inbox's counts) are not looks.
    await call(ctx, 'GET', `/api/staff/requests/${r.serviceSlug}/${r.id}/colleagues`, { as: employee });
    await call(ctx, 'GET', `/api/dynamic_services/inbox/count?filter=${encodeURIComponent('{}')}`, { as: employee });
    expect(await count()).toBe(before + 1);
    // The citizen reading their own request is no look.
    await call(
      ctx,
      'GET',
      `/api/requests/${r.serviceSlug}/findOne?filter=${encodeURIComponent(JSON.stringify({ where: { id: r.id } }))}`,
      {
        as: A.session,
      },
    );
    expect(await count()).toBe(before + 1);
  });

  it("a search by national id (with the reason typed), a citizen's bills, an inbox searched by national id", async () => {
    const before = await count();
    const token = await call(ctx, 'POST', '/api/staff/owner-token', {
      as: employee,
      body: { nationalId: B.data.nationalId, reason: 'The citizen called the hotline about a meter' },
    });
    expect(token.statusCode, token.body).toBe(200);
    const finance = await call(ctx, 'GET', `/api/staff/citizens/${B.userId}/finance`, { as: employee });
    expect(finance.statusCode, finance.body).toBe(200);
    const r = await file('SMART_METER_UPGRADE', B.session);
    const inbox = await call(
      ctx,
      'GET',
      `/api/dynamic_services/inbox?filter=${encodeURIComponent(JSON.stringify({ q: B.data.nationalId }))}`,
      { as: employee },
    );
    expect(inbox.statusCode, inbox.body).toBe(200);
    expect(await count()).toBe(before + 3);
    const rows = await rowsOf(B.userId);
    expect(rows.map((x) => [x.kind, x.purpose, x.reason]).sort()).toEqual(
      [
        ['bills', 'work', null],
        ['search', 'search', 'The citizen called the hotline about a meter'],
        ['search', 'search', null],
      ].sort(),
    );
    expect(rows.find((x) => x.kind === 'search' && x.reason === null)?.recordId).toBe(r.id);
  });

  it('an agent acting for a citizen: the search, the profile on the bar, requests, meters and bills, one row each', async () => {
    const C = await signUpVerified(ctx, { password: 'C4rl!Secret', confirmPassword: 'C4rl!Secret' });
    const agent = await directSession(ctx, 'demo-agent');
    const acting = await call(ctx, 'POST', '/api/agent/demo-agent/citizen', {
      as: agent,
      body: { nationalId: C.data.nationalId },
    });
    expect(acting.statusCode, acting.body).toBe(200);
    for (const url of ['/api/agent/demo-agent', '/api/requests', '/api/meters', '/api/bills', '/api/meters'])
      expect((await call(ctx, 'GET', url, { as: agent })).statusCode, url).toBe(200);
    const rows = await rowsOf(C.userId);
    expect(rows.map((x) => x.kind).sort()).toEqual(['bills', 'meters', 'profile', 'request', 'search']);
    expect(rows.every((x) => x.staffKind === 'agent' && x.build === 'agent')).toBe(true);
    expect(rows.filter((x) => x.kind !== 'search').every((x) => x.purpose === 'agent')).toBe(true);
  });

  it("a file of a citizen's request opened by staff", async () => {
    const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const up = await ctx.app.inject({
      method: 'POST',
      url: '/api/requests/CODEMETER/attachments',
      remoteAddress: freshIp(),
      headers: {
        'content-type': 'application/octet-stream',
        'x-csrf-token': A.session.csrf,
        'x-activity-id': 'apply',
        'x-field-id': 'documents',
        'x-file-name': 'id.pdf',
        'idempotency-key': crypto.randomUUID(),
        cookie: A.session.cookie,
      },
      payload: PDF,
    });
    expect(up.statusCode, up.body).toBe(201);
    const fileId = (up.json() as { id: string }).id;
    const r = await file('SMART_METER_UPGRADE', A.session);
    await db().update(attachments).set({ requestId: r.id }).where(eq(attachments.id, fileId));
    const res = await call(ctx, 'GET', `/api/attachments/${fileId}`, { as: employee });
    expect(res.statusCode, res.body).toBe(200);
    const rows = (await rowsOf(A.userId)).filter((x) => x.kind === 'files');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ recordId: fileId, requestId: r.id, requestNumber: r.ID });
  });

  it('a report export, at no one citizen, with the company of the employee', async () => {
    const res = await call(ctx, 'GET', '/api/reports/channels/export?from=2019-03-01&to=2019-03-31&format=csv&lang=en', {
      as: reports,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { items } = await audit('kind=report_export');
    const look = items.find((x) => x.staffId === 'demo-reports');
    expect(look).toMatchObject({ citizenId: null, recordId: 'channels', purpose: 'report' });
    expect(look?.company?.en).toBeTruthy();
  });
});

describe('the citizen sees the looks at their data', () => {
  it('lists exactly their own rows, newest first, paged; never another citizen’s', async () => {
    const a = await mine(A.session);
    const b = await mine(B.session);
    expect(a.total).toBe((await rowsOf(A.userId)).length);
    expect(b.total).toBe((await rowsOf(B.userId)).length);
    const aIds = new Set((await rowsOf(A.userId)).map((x) => String(x.id)));
    expect(a.items.every((x) => aIds.has(x.id))).toBe(true);
    expect(b.items.some((x) => aIds.has(x.id))).toBe(false);
    const look = a.items.find((x) => x.kind === 'request')!;
    expect(look).toMatchObject({ staffKind: 'staff', company: null, purpose: 'work', reportTicket: null });
    expect(look.staffNumber).toMatch(/^\d+$/);
    const times = a.items.map((x) => x.at);
    expect([...times].sort().reverse()).toEqual(times);
    const page = await mine(A.session, '?limit=1&skip=1');
    expect(page.items).toHaveLength(1);
    expect(page.items[0]!.id).toBe(a.items[1]!.id);
  });

  it('reports a look: a support ticket in their name, once; the auditor sees the report; another citizen cannot', async () => {
    const [look] = (await mine(A.session)).items;
    expectError(
      await call(ctx, 'POST', `/api/data-access/mine/${look!.id}/report`, { as: B.session, body: {} }),
      404,
      'MODEL_NOT_FOUND',
    );
    const res = await call(ctx, 'POST', `/api/data-access/mine/${look!.id}/report`, {
      as: A.session,
      body: { note: 'I never asked for anything about this' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const report = res.json() as { ticketNumber: string; ticketId: string };
    const [ticket] = await db().select().from(requests).where(eq(requests.id, report.ticketId));
    expect(ticket).toMatchObject({ serviceSlug: 'tickets', ownerId: A.userId, number: report.ticketNumber });
    const again = await call(ctx, 'POST', `/api/data-access/mine/${look!.id}/report`, { as: A.session, body: {} });
    expect(again.statusCode, again.body).toBe(201);
    expect((again.json() as { ticketNumber: string }).ticketNumber).toBe(report.ticketNumber);
    expect((await mine(A.session)).items.find((x) => x.id === look!.id)?.reportTicket).toBe(report.ticketNumber);
    const { items } = await audit('reported=true');
    expect(items.find((x) => x.id === look!.id)).toMatchObject({
      reportTicket: report.ticketNumber,
      reportNote: 'I never asked for anything about this',
    });
  });
});

describe('the auditor', () => {
  it('filters by staff number, citizen national id, kind and dates, and exports CSV', async () => {
    const [staff] = await db().select().from(users).where(eq(users.id, 'demo-employee'));
    const byStaff = await audit(`staff=${staff!.number}`);
    expect(byStaff.total).toBeGreaterThan(0);
    expect(byStaff.items.every((x) => x.staffId === 'demo-employee')).toBe(true);
    const byCitizen = await audit(`citizen=${B.data.nationalId}&kind=search`);
    expect(byCitizen.total).toBe(2);
    expect(byCitizen.items.every((x) => x.citizenId === B.userId && x.citizenNationalId === B.data.nationalId)).toBe(true);
    expect((await audit('from=2001-01-01&to=2001-01-31')).total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await audit(`from=${today}&citizen=${B.data.nationalId}`)).total).toBe(2 + 1);

    const csv = await call(ctx, 'GET', `/api/audit/data-access/export?citizen=${B.data.nationalId}&lang=en`, { as: auditor });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Date,Staff member,Staff number/);
    expect(lines).toHaveLength(1 + 3);
    // The export itself is recorded.
    expect(
      (await audit('kind=report_export')).items.some((x) => x.staffId === 'demo-auditor' && x.recordId === 'data-access'),
    ).toBe(true);
  });

  it('is the only one who reads the record', async () => {
    for (const as of [employee, reports, A.session]) {
      const res = await call(ctx, 'GET', '/api/audit/data-access', { as });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('append-only', () => {
  it('no route changes or removes a look: the record has reads and a report, nothing else', async () => {
    expect(Object.values(auditRoutes).map((d) => `${d.method} ${d.path}`)).toEqual([
      'GET /api/audit/data-access',
      'GET /api/audit/data-access/export',
      'GET /api/data-access/mine',
      'POST /api/data-access/mine/:id/report',
    ]);
    const [row] = await rowsOf(A.userId);
    for (const method of ['DELETE', 'PATCH', 'PUT'] as const) {
      // No such route: refused before anything is read (404, or 403 where the csrf check answers first).
      const res = await call(ctx, method, `/api/data-access/mine/${row!.id}`, { as: A.session, body: {} });
      expect([403, 404]).toContain(res.statusCode);
      const audited = await call(ctx, method, `/api/audit/data-access`, { as: auditor, body: {} });
      expect([403, 404]).toContain(audited.statusCode);
    }
    const [after] = await db().select().from(dataAccessLog).where(eq(dataAccessLog.id, row!.id));
    expect(after).toEqual(row);
  });

  it('a raw UPDATE, DELETE or TRUNCATE is refused by the trigger; so is a purge of recent rows', async () => {
    const n = await count();
    expect(await refused(sql`update data_access_log set reason = 'edited'`)).toBe('DATA_ACCESS_APPEND_ONLY');
    expect(await refused(sql`delete from data_access_log`)).toBe('DATA_ACCESS_APPEND_ONLY');
    expect(await refused(sql`truncate data_access_log cascade`)).toBe('DATA_ACCESS_APPEND_ONLY');
    // Naming "now" as the purge's bound does not open the table: the trigger wants 30 days at least.
    expect(
      await refused(
        sql`select set_config('kahraba.data_access_purge_before', now()::text, true)`,
        sql`delete from data_access_log`,
      ),
    ).toBe('DATA_ACCESS_APPEND_ONLY');
    expect(await count()).toBe(n);
  });

  it('the retention purge removes only rows older than RETENTION_DATA_ACCESS_DAYS', async () => {
    const old = new Date(Date.now() - 800 * 86_400_000);
    await db().insert(dataAccessLog).values({
      at: old,
      staffId: 'demo-employee',
      staffName: 'x',
      staffNumber: 1,
      staffKind: 'staff',
      citizenId: A.userId,
      kind: 'profile',
      purpose: 'work',
      build: 'employee',
    });
    const n = await count();
    expect(await purgeDataAccess(db(), new Date(Date.now() - ctx.config.retention.dataAccessMs))).toBe(1);
    expect(await count()).toBe(n - 1);
    expect(ctx.config.retention.dataAccessMs).toBe(730 * 86_400_000);
  });
});
