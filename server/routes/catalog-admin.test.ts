import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TCatalogServiceAdmin,
  TCatalogServiceRow,
  TServiceFormVersion,
  TServiceSettings,
} from '../../contract/catalog-admin.ts';
import type { TActivity, TService } from '../../contract/catalog.ts';
import { activityValidatorUrl, compileActivity, schemasHash } from '../../contract/form-schema.ts';
import type { TServicePage } from '../../contract/service-page.ts';
import { catalogChanges, requests, serviceVersions } from '../db/schema.ts';
import { settingsOf } from '../../contract/catalog-admin.ts';
import { call, directSession, expectError, signUpVerified, type SignedUp, type Session } from '../test/identity-helpers.ts';
import { listedServices, readServicePage, submit, validData, withKey } from '../test/request-helpers.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

/*
 * The services themselves, for the people who run them (issue 26, part 5): on or off with a note the citizen reads
 * and a refusal with the catalogue's code, the window and visibility, texts, papers and fee; a new form version is
 * checked and its validators generated when saved; requests filed before keep their version; every change recorded.
 */

let ctx: TestApp;
let manager: Session;
let employee: Session;
let citizen: SignedUp & { session: Session };
let company: Session;

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoUsers: true });
  manager = await directSession(ctx, 'demo-manager');
  employee = await directSession(ctx, 'demo-employee');
  company = await directSession(ctx, 'demo-company');
  citizen = await signUpVerified(ctx);
});
afterAll(() => ctx.close());

const base = '/api/staff/catalog/services';
async function read(slug: string): Promise<TCatalogServiceAdmin> {
  const res = await call(ctx, 'GET', `${base}/${slug}`, { as: manager });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TCatalogServiceAdmin;
}
const settingsFor = (s: TService): TServiceSettings => ({ ...settingsOf(s), version: s.version });
const putSettings = (slug: string, body: unknown, as = manager) => call(ctx, 'PUT', `${base}/${slug}/settings`, { as, body });
const putForm = (slug: string, body: unknown, as = manager) => call(ctx, 'PUT', `${base}/${slug}/form`, { as, body });
async function page(slug: string, lang: 'ar' | 'en' = 'en'): Promise<TServicePage> {
  const res = await readServicePage(ctx, slug, { lang });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TServicePage;
}

describe('the services list and a service', () => {
  it('lists every service with its state and version; only MANAGE_SERVICES reads it', async () => {
    const res = await call(ctx, 'GET', base, { as: manager });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as TCatalogServiceRow[];
    expect(rows.find((r) => r.serviceSlug === 'CODEMETER')).toMatchObject({ deactivated: false, isActive: true });
    expectError(await call(ctx, 'GET', base, { as: employee }), 403, 'FORBIDDEN');
    expectError(await call(ctx, 'GET', base, { as: citizen.session }), 403, 'FORBIDDEN');
    expectError(await call(ctx, 'GET', base), 401, 'UNAUTHORIZED');
    expectError(await call(ctx, 'GET', `${base}/NOPE`, { as: manager }), 404, 'MODEL_NOT_FOUND');
  });
});

describe('switching a service off and on', () => {
  it('says why on its page, refuses a new request with SERVICE_UNAVAILABLE, records who did it, and opens again', async () => {
    const { service } = await read('CCC');
    const off = settingsFor(service);
    off.deactivated = true;
    off.texts.ar.deactivationNote = 'الخدمة متوقفة للصيانة حتى الأحد';
    off.texts.en.deactivationNote = 'Closed for maintenance until Sunday';
    const res = await putSettings('CCC', off);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as TCatalogServiceAdmin;
    expect(after.service).toMatchObject({ deactivated: true, isActive: false, version: service.version + 1 });
    expect(after.changes[0]).toMatchObject({
      kind: 'settings',
      version: service.version + 1,
      fields: ['deactivated', 'deactivationNote.ar', 'deactivationNote.en'],
      actor: { id: 'demo-manager', name: 'منى صبري' },
    });

    // This process's catalog sees it at once: the page says why, in each language.
    expect((await page('CCC', 'en')).texts.deactivationNote).toBe('Closed for maintenance until Sunday');
    expect((await page('CCC', 'ar')).texts.deactivationNote).toBe('الخدمة متوقفة للصيانة حتى الأحد');
    expect((await page('CCC')).isActive).toBe(false);
    expectError(await submit(ctx, 'CCC', { as: citizen.session }), 409, 'SERVICE_UNAVAILABLE');

    const on = settingsFor(after.service);
    on.deactivated = false;
    on.texts.ar.deactivationNote = '';
    on.texts.en.deactivationNote = '';
    const back = await putSettings('CCC', on);
    expect(back.statusCode, back.body).toBe(200);
    expect((await page('CCC')).texts.deactivationNote).toBeUndefined();
    expect((await submit(ctx, 'CCC', { as: citizen.session })).statusCode).toBe(201);
  });

  it('needs the note in both languages to switch off, and the version it read', async () => {
    const { service } = await read('LMIFT');
    const off = settingsFor(service);
    off.deactivated = true;
    off.texts.en.deactivationNote = 'Closed';
    const noNote = expectError(await putSettings('LMIFT', off), 400, 'INVALID_INPUT');
    expect(noNote.fieldErrors?.['texts.ar.deactivationNote']).toEqual(['required']);

    off.texts.ar.deactivationNote = 'مغلقة';
    const first = await putSettings('LMIFT', off);
    expect(first.statusCode, first.body).toBe(200);
    // A second editor who read the same version: refused, naming who changed it.
    const stale = expectError(await putSettings('LMIFT', { ...off, deactivated: false }), 409, 'SERVICE_CHANGED');
    expect(stale.conflict).toMatchObject({ by: 'منى صبري', version: service.version + 1 });
    expect((await read('LMIFT')).service.deactivated).toBe(true);
  });

  it('edits the window, where it shows, texts, papers and fee as one recorded version', async () => {
    const { service } = await read('ADD_METER');
    const s = settingsFor(service);
    s.fromDate = '2026-01-01';
    s.toDate = '2099-12-31';
    s.activation = { kind: 'until', date: '2099-12-31' };
    s.texts.en.serviceLabel = 'Add a meter (edited)';
    s.texts.en.requiredPapers = ['National ID', 'A recent bill'];
    s.cost = { kind: 'paid', amount: 25 };
    const res = await putSettings('ADD_METER', s);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as TCatalogServiceAdmin;
    expect(after.changes[0]!.fields).toEqual([
      'fromDate',
      'toDate',
      'activation',
      'cost',
      'serviceLabel.en',
      'requiredPapers.en',
    ]);
    const p = await page('ADD_METER');
    expect(p).toMatchObject({ fromDate: '2026-01-01', toDate: '2099-12-31', isActive: true });
    expect(p.texts.serviceLabel).toBe('Add a meter (edited)');
    expect(p.texts.requiredPapers).toEqual(['National ID', 'A recent bill']);
    expect(p.businessAttributes.cost).toEqual({ kind: 'paid', amount: 25 });

    // A window that ended: not available, refused with the catalogue's code.
    const ended = settingsFor(after.service);
    ended.fromDate = '2020-01-01';
    ended.toDate = '2020-12-31';
    expect((await putSettings('ADD_METER', ended)).statusCode).toBe(200);
    expect((await page('ADD_METER')).isActive).toBe(false);
    expectError(await submit(ctx, 'ADD_METER', { as: citizen.session }), 409, 'SERVICE_UNAVAILABLE');

    // Hidden on the web: the citizen's catalog no longer has it; staff still see it.
    const hidden = settingsFor((await read('ADD_METER')).service);
    hidden.hiddenOn = ['web'];
    expect((await putSettings('ADD_METER', hidden)).statusCode).toBe(200);
    const citizenList = await call(ctx, 'GET', '/api/dynamic_services?view=card&lang=en', { as: citizen.session });
    expect((citizenList.json() as { serviceSlug: string }[]).some((x) => x.serviceSlug === 'ADD_METER')).toBe(false);

    // Nothing changed: no version, no record.
    const same = settingsFor((await read('ADD_METER')).service);
    const unchanged = await putSettings('ADD_METER', same);
    expect((unchanged.json() as TCatalogServiceAdmin).service.version).toBe(same.version);
    const recorded = await ctx.database.db.select().from(catalogChanges).where(eq(catalogChanges.serviceId, service.id));
    expect(recorded).toHaveLength(3);
  });

  it('refuses a window that ends before it starts and a half-given one', async () => {
    const { service } = await read('PAYBILLS');
    const s = settingsFor(service);
    expectError(await putSettings('PAYBILLS', { ...s, fromDate: '2027-01-02', toDate: '2027-01-01' }), 400, 'INVALID_INPUT');
    expectError(await putSettings('PAYBILLS', { ...s, fromDate: '2027-01-02', toDate: null }), 400, 'INVALID_INPUT');
    expectError(await putSettings('PAYBILLS', s, employee), 403, 'FORBIDDEN');
  });
});

describe('visibility per user type (decision 074)', () => {
  const slugsSeenBy = (as?: Session) => listedServices(ctx, as);
  const findOne = (as?: Session) => readServicePage(ctx, 'POWER_SME', { as });

  it('a service for companies only: companies see and file it; visitors and citizens neither see nor file it', async () => {
    const before = await read('POWER_SME');
    expect(before.userTypes.map((t) => t.userSlug)).toEqual(['citizen', 'company']);
    expect(before.userTypes[1]!.label).toEqual({ ar: 'شركة', en: 'Company' });
    const s = settingsFor(before.service);
    expect(s.userTypes).toEqual([]);
    const res = await putSettings('POWER_SME', { ...s, userTypes: ['company'] });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as TCatalogServiceAdmin;
    expect(after.service).toMatchObject({ userTypes: ['company'], version: before.service.version + 1 });
    expect(after.changes[0]).toMatchObject({ kind: 'settings', fields: ['userTypes'], version: before.service.version + 1 });
    const rows = (await call(ctx, 'GET', base, { as: manager })).json() as TCatalogServiceRow[];
    expect(rows.find((r) => r.serviceSlug === 'POWER_SME')!.userTypes).toEqual(['company']);

    // Who sees it: the company's account and staff; not a visitor, not a citizen.
    expect(await slugsSeenBy(company)).toContain('POWER_SME');
    expect(await slugsSeenBy(employee)).toContain('POWER_SME');
    expect(await slugsSeenBy()).not.toContain('POWER_SME');
    expect(await slugsSeenBy(citizen.session)).not.toContain('POWER_SME');
    // Everything else is the same for everyone (the visitor's list is the citizen's).
    expect(await slugsSeenBy(citizen.session)).toEqual(await slugsSeenBy());
    expect((await findOne(company)).statusCode).toBe(200);
    expectError(await findOne(citizen.session), 404, 'SERVICE_HIDDEN');
    expectError(await findOne(), 404, 'SERVICE_HIDDEN');

    // Who files it: the company; a citizen is refused with the catalogue's code, and so is an employee filing for one.
    expectError(await submit(ctx, 'POWER_SME', { as: citizen.session }), 409, 'SERVICE_UNAVAILABLE');
    const filed = await submit(ctx, 'POWER_SME', { as: company });
    expect(filed.statusCode, filed.body).toBe(201);
    const token = await call(ctx, 'POST', '/api/staff/owner-token', {
      as: employee,
      body: { nationalId: citizen.data.nationalId },
    });
    expect(token.statusCode, token.body).toBe(200);
    const onBehalf = await submit(ctx, 'POWER_SME', {
      as: employee,
      headers: { 'request-owner-token': (token.json() as { token: string }).token },
    });
    expectError(onBehalf, 409, 'SERVICE_UNAVAILABLE');
    // The company's earlier request stays readable to it.
    const mine = await call(ctx, 'GET', '/api/requests/POWER_SME', { as: company });
    expect(mine.statusCode, mine.body).toBe(200);

    // Offered to everyone again: the citizen sees and files it.
    const open = await putSettings('POWER_SME', { ...settingsFor(after.service), userTypes: [] });
    expect(open.statusCode, open.body).toBe(200);
    expect(await slugsSeenBy(citizen.session)).toContain('POWER_SME');
    expect(await slugsSeenBy()).toContain('POWER_SME');
    expect((await submit(ctx, 'POWER_SME', { as: citizen.session })).statusCode).toBe(201);
  });

  it("a service for citizens only is hidden from visitors; only citizens' user types may be named", async () => {
    const { service } = await read('NAME_CHANGE');
    const s = settingsFor(service);
    const bad = expectError(await putSettings('NAME_CHANGE', { ...s, userTypes: ['employee'] }), 400, 'INVALID_INPUT');
    expect(bad.fieldErrors?.userTypes).toEqual(['invalid']);
    expectError(await putSettings('NAME_CHANGE', { ...s, userTypes: ['not a slug'] }), 400, 'INVALID_INPUT');
    expect((await read('NAME_CHANGE')).service.version).toBe(service.version);

    expect((await putSettings('NAME_CHANGE', { ...s, userTypes: ['citizen'] })).statusCode).toBe(200);
    expect(await slugsSeenBy(citizen.session)).toContain('NAME_CHANGE');
    expect(await slugsSeenBy()).not.toContain('NAME_CHANGE');
    expect(await slugsSeenBy(company)).not.toContain('NAME_CHANGE');
    expectError(await submit(ctx, 'NAME_CHANGE', { as: company }), 409, 'SERVICE_UNAVAILABLE');
  });
});

describe('form versions', () => {
  const withExtraField = (activities: readonly TActivity[]): TActivity[] =>
    activities.map((a) =>
      a.activityId !== 'apply'
        ? a
        : {
            ...a,
            steps: a.steps.map((st, i) =>
              i !== 0
                ? st
                : {
                    ...st,
                    fieldsSchema: {
                      ...st.fieldsSchema,
                      meterSerial: { type: 'text', label: { ar: 'الرقم المسلسل', en: 'Serial number' }, min: 4, max: 20 },
                    },
                  },
            ),
          },
    );

  it('a new version is validated when saved: a schema the validator refuses is not written', async () => {
    const { service } = await read('CODEMETER');
    const broken = withExtraField(service.activities).map((a) =>
      a.activityId !== 'apply'
        ? a
        : {
            ...a,
            steps: a.steps.map((st, i) =>
              i !== 0
                ? st
                : {
                    ...st,
                    fieldsSchema: {
                      ...st.fieldsSchema,
                      meterSerial: { type: 'text' as const, label: { ar: 'س', en: 'S' }, regExp: '([' },
                    },
                  },
            ),
          },
    );
    const bad = expectError(await putForm('CODEMETER', { version: service.version, activities: broken }), 400, 'INVALID_INPUT');
    expect(Object.keys(bad.fieldErrors ?? {})).toEqual(['activities.0.steps.0.fieldsSchema.meterSerial.regExp']);
    // The workflow's activities stay: removing "rate" (asked by "installed") is refused.
    const noRate = service.activities.filter((a) => a.activityId !== 'rate');
    expectError(await putForm('CODEMETER', { version: service.version, activities: noRate }), 400, 'INVALID_INPUT');
    expect((await read('CODEMETER')).service.version).toBe(service.version);
  });

  it('requests filed before keep the version they were filed with', async () => {
    const db = ctx.database.db;
    const { service } = await read('CODEMETER');
    const v1 = service.version;
    // Filed at v1, then asked for more information.
    const filed = await submit(ctx, 'CODEMETER', { as: citizen.session });
    expect(filed.statusCode, filed.body).toBe(201);
    const r1 = filed.json() as { id: string };
    await db.update(requests).set({ status: 'needs_info' }).where(eq(requests.id, r1.id));
    const v1Url = activityValidatorUrl(
      'CODEMETER',
      'apply',
      v1,
      schemasHash(compileActivity(service, 'apply', 'ar')!.steps.map((x) => x.schema)),
    );

    const saved = await putForm('CODEMETER', { version: v1, activities: withExtraField(service.activities) });
    expect(saved.statusCode, saved.body).toBe(200);
    const v2Service = (saved.json() as TCatalogServiceAdmin).service;
    expect(v2Service.version).toBe(v1 + 1);
    expect((saved.json() as TCatalogServiceAdmin).changes[0]).toMatchObject({ kind: 'form', fields: ['activities'] });
    const stored = await db
      .select({ version: serviceVersions.version })
      .from(serviceVersions)
      .where(and(eq(serviceVersions.serviceId, service.id)));
    expect(stored.map((r) => r.version).sort()).toEqual([v1, v1 + 1]);

    // Both versions' validator modules are served; the new one was generated when saved.
    const v2Url = activityValidatorUrl(
      'CODEMETER',
      'apply',
      v1 + 1,
      schemasHash(compileActivity(v2Service, 'apply', 'ar')!.steps.map((x) => x.schema)),
    );
    expect((await call(ctx, 'GET', v1Url)).statusCode).toBe(200);
    expect((await call(ctx, 'GET', v2Url)).statusCode).toBe(200);
    expectError(await call(ctx, 'GET', v1Url.replace(`/${v1}/`, `/${v1 + 5}/`)), 404, 'MODEL_NOT_FOUND');

    // Each version's forms, as the request page reads them.
    const old = (await call(ctx, 'GET', `/api/forms/services/CODEMETER/versions/${v1}`)).json() as TServiceFormVersion;
    const now = (await call(ctx, 'GET', `/api/forms/services/CODEMETER/versions/${v1 + 1}`)).json() as TServiceFormVersion;
    expect(Object.keys(old.activities[0]!.steps[0]!.fieldsSchema)).not.toContain('meterSerial');
    expect(Object.keys(now.activities[0]!.steps[0]!.fieldsSchema)).toContain('meterSerial');
    expectError(await call(ctx, 'GET', `/api/forms/services/CODEMETER/versions/${v1 + 9}`), 404, 'MODEL_NOT_FOUND');

    // The old request is completed with v1's form: the new field is not asked of it.
    const completed = await call(ctx, 'PATCH', `/api/requests/CODEMETER/${r1.id}`, {
      as: citizen.session,
      body: { activityId: 'apply', data: validData('CODEMETER') },
      headers: withKey(),
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const [row] = await db.select().from(requests).where(eq(requests.id, r1.id));
    expect(row!.serviceVersion).toBe(v1);
    expect(row!.data).not.toHaveProperty('meterSerial');

    // A new request is filed with v2: the new field's rules apply, and it records v2.
    const refused = expectError(
      await submit(ctx, 'CODEMETER', { as: citizen.session, data: { ...validData('CODEMETER'), meterSerial: 'x' } }),
      400,
      'INVALID_INPUT',
    );
    expect(refused.fieldErrors?.meterSerial).toBeDefined();
    const filed2 = await submit(ctx, 'CODEMETER', {
      as: citizen.session,
      data: { ...validData('CODEMETER'), meterSerial: 'SN-12345' },
    });
    expect(filed2.statusCode, filed2.body).toBe(201);
    const [row2] = await db
      .select()
      .from(requests)
      .where(eq(requests.id, (filed2.json() as { id: string }).id));
    expect(row2!.serviceVersion).toBe(v1 + 1);
    expect(row2!.data).toMatchObject({ meterSerial: 'SN-12345' });

    // A save naming v1 again is stale.
    expectError(await putForm('CODEMETER', { version: v1, activities: service.activities }), 409, 'SERVICE_CHANGED');
  });
});
