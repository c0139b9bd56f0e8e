import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAgentRegistrationStep, TAgentView, TCitizenSummary } from '../../contract/identity.ts';
import type { TSubmitResult } from '../../contract/requests.ts';
import type { TOwnerToken } from '../../contract/staff.ts';
import { oneTimeSecrets, requests, users } from '../db/schema.ts';
import {
  call,
  directSession,
  expectError,
  freshIp,
  latestCode,
  newCitizenData,
  outboxTo,
  signUpVerified,
  type Session,
  type SignedUp,
} from '../test/identity-helpers.ts';
import { submit } from '../test/request-helpers.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

/*
 * Issue 24's rows of filing for anyone (decision 061): a landline finds its citizen; an employee files for a
 * company and the request is the company's account's; an agent registers a new citizen only with the code the
 * citizen's own mobile received.
 */

let ctx: TestApp;
let citizen: SignedUp & { session: Session };
let employee: Session; // TECHNICAL_SUPPORT
let reports: Session; // no TECHNICAL_SUPPORT
let agent: Session;
let company: Session;

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoUsers: true });
  citizen = await signUpVerified(ctx);
  employee = await directSession(ctx, 'demo-employee');
  reports = await directSession(ctx, 'demo-reports');
  agent = await directSession(ctx, 'demo-agent');
  company = await directSession(ctx, 'demo-company');
});
afterAll(() => ctx.close());

describe('finding a citizen by landline', () => {
  it('the profile keeps a landline (Egyptian format, coded refusal otherwise) and staff and agents find the citizen by it', async () => {
    const bad = await call(ctx, 'PATCH', `/api/citizen/${citizen.userId}`, { as: citizen.session, body: { landline: '0123' } });
    const err = expectError(bad, 400, 'INVALID_INPUT');
    expect(err.fieldErrors?.landline).toEqual(['landline-invalid']);
    // Typed with Arabic-Indic digits and a dash: stored as Latin digits.
    const ok = await call(ctx, 'PATCH', `/api/citizen/${citizen.userId}`, {
      as: citizen.session,
      body: { landline: '٠٢-٢٣٤٥٦٧٨٩' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as { profile: { landline?: string } }).profile.landline).toBe('0223456789');

    const byEmployee = await call(ctx, 'POST', '/api/staff/owner-token', { as: employee, body: { landline: '0223456789' } });
    expect(byEmployee.statusCode, byEmployee.body).toBe(200);
    expect((byEmployee.json() as TOwnerToken).citizen.id).toBe(citizen.userId);
    const bySearch = await call(ctx, 'POST', '/api/citizens/search', { as: agent, body: { landline: '02 2345 6789' } });
    expect(bySearch.statusCode, bySearch.body).toBe(200);
    expect((bySearch.json() as TCitizenSummary).id).toBe(citizen.userId);
    expectError(
      await call(ctx, 'POST', '/api/citizens/search', { as: agent, body: { landline: '0229999999' } }),
      404,
      'CITIZEN_NOT_FOUND',
    );
    expectError(
      await call(ctx, 'POST', '/api/citizens/search', { as: agent, body: { landline: '0112345678' } }),
      400,
      'INVALID_INPUT',
    );
  });
});

describe('applying for a company', () => {
  const body = {
    commercialRegistration: '123456',
    taxNumber: '100-200-300',
    companyName: 'Nile Contracting',
    authorisedName: 'Karim Fouad',
    authorisedNationalId: '28505050100081',
  };

  it("files a request that belongs to the company's account, with the employee recorded as its filer", async () => {
    const res = await call(ctx, 'POST', '/api/staff/owner-token/company', { as: employee, body });
    expect(res.statusCode, res.body).toBe(200);
    const t = res.json() as TOwnerToken;
    expect(t.citizen).toMatchObject({
      id: 'demo-company',
      name: 'شركة النيل للمقاولات',
      company: { commercialRegistration: '123456', taxNumber: '100200300', authorisedName: 'كريم فؤاد' },
    });
    const filed = await submit(ctx, 'SMART_METER_UPGRADE', { as: employee, headers: { 'request-owner-token': t.token } });
    expect(filed.statusCode, filed.body).toBe(201);
    const r = filed.json() as TSubmitResult;
    const [row] = await ctx.database.db.select().from(requests).where(eq(requests.id, r.id));
    expect(row).toMatchObject({ ownerId: 'demo-company', filedById: 'demo-employee' });
    // The company's account reads it in its inbox; the employee's own citizen inbox does not have it.
    const inbox = await call(ctx, 'GET', '/api/requests?limit=50', { as: company });
    expect(inbox.statusCode, inbox.body).toBe(200);
    expect((inbox.json() as { items: { id: string }[] }).items.map((x) => x.id)).toContain(r.id);
    const other = await call(ctx, 'GET', '/api/requests?limit=50', { as: citizen.session });
    expect((other.json() as { items: { id: string }[] }).items.map((x) => x.id)).not.toContain(r.id);
    // The employee's staff inbox lists it among the rest, the company named as its citizen.
    const staffInbox = await call(ctx, 'GET', '/api/dynamic_services/inbox', { as: employee });
    expect(staffInbox.statusCode, staffInbox.body).toBe(200);
    expect((staffInbox.json() as { items: { id: string }[] }).items.map((x) => x.id)).toContain(r.id);
  });

  it("shows the company's registration numbers and authorised person on its own profile", async () => {
    const me = await call(ctx, 'GET', `/api/${company.userSlug}/${company.userId}`, { as: company });
    expect(me.statusCode, me.body).toBe(200);
    expect((me.json() as { profile: Record<string, string> }).profile).toMatchObject({
      commercialRegistration: '123456',
      taxNumber: '100200300',
      authorisedName: 'كريم فؤاد',
      authorisedNationalId: '28505050100081',
    });
  });

  it('refuses a wrong tax number as an unknown company, a person not on record, bad formats and staff without the role', async () => {
    const as = { as: employee };
    expectError(
      await call(ctx, 'POST', '/api/staff/owner-token/company', { ...as, body: { ...body, taxNumber: '100200301' } }),
      404,
      'COMPANY_NOT_FOUND',
    );
    expectError(
      await call(ctx, 'POST', '/api/staff/owner-token/company', { ...as, body: { ...body, commercialRegistration: '654321' } }),
      404,
      'COMPANY_NOT_FOUND',
    );
    expectError(
      await call(ctx, 'POST', '/api/staff/owner-token/company', {
        ...as,
        body: { ...body, authorisedNationalId: citizen.data.nationalId },
      }),
      403,
      'COMPANY_NOT_AUTHORISED',
    );
    const invalid = expectError(
      await call(ctx, 'POST', '/api/staff/owner-token/company', {
        ...as,
        body: { ...body, taxNumber: '12', commercialRegistration: 'x' },
      }),
      400,
      'INVALID_INPUT',
    );
    expect(invalid.fieldErrors).toMatchObject({
      taxNumber: ['tax-number-invalid'],
      commercialRegistration: ['commercial-registration-invalid'],
    });
    expectError(await call(ctx, 'POST', '/api/staff/owner-token/company', { as: reports, body }), 403, 'FORBIDDEN');
  });
});

describe('an agent registers a new citizen', () => {
  const start = async (details: Record<string, string>) =>
    call(ctx, 'POST', '/api/agent/demo-agent/registrations', { as: agent, body: details, ip: freshIp() });
  const confirm = (registrationToken: string, code: string, as: Session = agent) =>
    call(ctx, 'POST', `/api/agent/${as.userId}/registrations/confirm`, { as, body: { registrationToken, code }, ip: freshIp() });
  const details = () => {
    const d = newCitizenData();
    return { firstName: 'Huda', lastName: 'Salah', nationalId: d.nationalId, mobile: d.mobile, landline: '034567890' };
  };
  const accountOf = async (nationalId: string) =>
    (await ctx.database.db.select().from(users).where(eq(users.nationalId, nationalId)))[0];

  it("sends the code to the citizen's mobile, creates nothing before it, then the agent acts for the new citizen", async () => {
    const d = details();
    const res = await start(d);
    expect(res.statusCode, res.body).toBe(200);
    const step = res.json() as TAgentRegistrationStep;
    expect(step.mobileMasked).not.toContain(d.mobile.slice(3, 8));
    expect((await outboxTo(ctx.database.db, d.mobile)).map((m) => m.channel)).toEqual(['sms']);
    expect(await accountOf(d.nationalId)).toBeUndefined();

    const code = await latestCode(ctx.database.db, d.mobile);
    const done = await confirm(step.registrationToken, code);
    expect(done.statusCode, done.body).toBe(200);
    const view = done.json() as TAgentView;
    expect(view.citizen).toMatchObject({ fullName: 'Huda Salah', nationalId: d.nationalId });
    expect(view.ownerToken?.token).toMatch(/^ot1\./);
    const account = await accountOf(d.nationalId);
    expect(account).toMatchObject({ userSlug: 'citizen', mobile: d.mobile, mobileVerified: true, passwordHash: null });
    expect(account?.profile.landline).toBe('034567890');
    // The agent's session now acts for the new citizen.
    const again = await call(ctx, 'GET', '/api/agent/demo-agent', { as: agent });
    expect((again.json() as TAgentView).citizen?.id).toBe(account?.id);
    // The code is single use.
    expectError(await confirm(step.registrationToken, code), 400, 'INVALID_CODE');
  });

  it('a wrong code counts a try, five end the registration, and nothing is created', async () => {
    const d = details();
    const step = (await start(d)).json() as TAgentRegistrationStep;
    const code = await latestCode(ctx.database.db, d.mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) expectError(await confirm(step.registrationToken, wrong), 400, 'INVALID_CODE');
    expectError(await confirm(step.registrationToken, wrong), 429, 'MAX_OTP_ATTEMPTS');
    expectError(await confirm(step.registrationToken, code), 429, 'MAX_OTP_ATTEMPTS');
    expect(await accountOf(d.nationalId)).toBeUndefined();
  });

  it('an expired code is refused, and an unknown handle is REGISTRATION_EXPIRED', async () => {
    const d = details();
    const step = (await start(d)).json() as TAgentRegistrationStep;
    const code = await latestCode(ctx.database.db, d.mobile);
    expectError(await confirm('no-such-registration-handle', code), 400, 'REGISTRATION_EXPIRED');
    await ctx.database.db
      .update(oneTimeSecrets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeSecrets.purpose, 'agent-registration'));
    expectError(await confirm(step.registrationToken, code), 400, 'EXPIRED_CODE');
    expect(await accountOf(d.nationalId)).toBeUndefined();
  });

  it('refuses details already registered (Duplicate_Data), a second code within a minute, bad input, and other kinds', async () => {
    const dup = expectError(
      await start({ firstName: 'Huda', lastName: 'Salah', nationalId: citizen.data.nationalId, mobile: newCitizenData().mobile }),
      409,
      'Duplicate_Data',
    );
    expect(dup.fieldErrors?.nationalId).toEqual(['already-exists']);
    const d = details();
    expect((await start(d)).statusCode).toBe(200);
    expectError(await start(d), 429, 'NOT_ALLOWED_RESEND');
    expectError(await start({ ...d, mobile: '0123', nationalId: '1' }), 400, 'INVALID_INPUT');
    expectError(
      await call(ctx, 'POST', '/api/agent/demo-agent/registrations', { as: employee, body: details() }),
      403,
      'FORBIDDEN',
    );
  });
});
