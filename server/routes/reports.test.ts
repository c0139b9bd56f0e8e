import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONAL_REPORTS, type TReportResult } from '../../contract/reports.ts';
import { ROLE } from '../../contract/roles.ts';
import type { TReportExportRecord } from '../../contract/routes-reports.ts';
import { meterReadings, meters, requestRatings, requests, users } from '../db/schema.ts';
import { OPERATIONAL_RUNNERS } from '../domain/reports/operational.ts';
import { call, directSession, expectError, type Session } from '../test/identity-helpers.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

/*
 * Reports (issue 25) through the real routes, on PGlite and on PostgreSQL: who may read which report, the scope
 * (a North Cairo employee's totals never count South Cairo's requests), the range limit and the coded refusals of
 * bad filters, every operational report by every grouping it takes, and an xlsx export opened with exceljs, its
 * rows and totals checked and the export found in technical support's log.
 *
 * The requests are written straight into March 2019, a month nothing else seeds, so the counts are exact.
 */

let ctx: TestApp;
let citizen: Session;
let northReports: Session; // demo-reports: North Cairo, ACCESS_REPORTS + ACCESS_FINANCIAL_REPORTS
let holdingReports: Session; // the holding's, ACCESS_REPORTS only
let product: Session; // the holding's, CODEMETER's product role only
let noRole: Session; // demo-assigner: staff without a reports role
let support: Session; // demo-employee: TECHNICAL_SUPPORT

const RANGE = 'from=2019-03-01&to=2019-03-31';
const at = (iso: string) => new Date(`${iso}T10:00:00Z`);

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoUsers: true });
  const db = ctx.database.db;
  const [emp] = await db.select({ userSlug: users.userSlug }).from(users).where(eq(users.id, 'demo-reports'));
  const staff = (id: string, number: number, roles: string[]) => ({
    id,
    number,
    userSlug: emp!.userSlug,
    username: id,
    firstName: 'Report',
    lastName: id,
    roles,
    company: null,
  });
  await db.insert(users).values([staff('rep-holding', 990001, [ROLE.reports]), staff('rep-product', 990002, ['CODEMETER'])]);
  citizen = await directSession(ctx, 'demo-citizen');
  northReports = await directSession(ctx, 'demo-reports');
  holdingReports = await directSession(ctx, 'rep-holding');
  product = await directSession(ctx, 'rep-product');
  noRole = await directSession(ctx, 'demo-assigner');
  support = await directSession(ctx, 'demo-employee');

  const base = {
    serviceId: 'svc-codemeter',
    serviceSlug: 'CODEMETER',
    serviceVersion: 1,
    activityId: 'apply',
    ownerId: 'demo-citizen',
    data: {},
    nationalId: '29001010100015',
  };
  const north = { companyId: 'co-north-cairo' };
  const south = { companyId: 'co-south-cairo' };
  await db.insert(requests).values([
    // Decided after 10 days (North).
    {
      ...base,
      ...north,
      id: 'rq-n1',
      number: 'RPT-N1',
      status: 'installed',
      stageId: 'installation',
      createdAt: at('2019-03-05'),
      statusUpdatedAt: at('2019-03-15'),
      stageStartedAt: at('2019-03-12'),
    },
    // Open in inspection (7 days) since its filing: past its time limit today (North).
    {
      ...base,
      ...north,
      id: 'rq-n2',
      number: 'RPT-N2',
      status: 'in_review',
      stageId: 'inspection',
      createdAt: at('2019-03-06'),
      statusUpdatedAt: at('2019-03-06'),
      stageStartedAt: at('2019-03-06'),
    },
    // New, filed by an employee for a citizen born in 1950 (North).
    {
      ...base,
      ...north,
      id: 'rq-n3',
      number: 'RPT-N3',
      status: 'new',
      stageId: 'submission',
      nationalId: '25001010100015',
      filedById: 'demo-employee',
      createdAt: at('2019-03-07'),
      statusUpdatedAt: at('2019-03-07'),
      stageStartedAt: at('2019-03-07'),
    },
    // Rejected after 2 days (South).
    {
      ...base,
      ...south,
      id: 'rq-s1',
      number: 'RPT-S1',
      status: 'rejected',
      stageId: null,
      createdAt: at('2019-03-08'),
      statusUpdatedAt: at('2019-03-10'),
      stageStartedAt: at('2019-03-08'),
    },
    // Open in inspection, past its time limit (South).
    {
      ...base,
      ...south,
      id: 'rq-s2',
      number: 'RPT-S2',
      status: 'in_review',
      stageId: 'inspection',
      createdAt: at('2019-03-09'),
      statusUpdatedAt: at('2019-03-09'),
      stageStartedAt: at('2019-03-09'),
    },
  ]);
  await db.insert(requestRatings).values([
    { requestId: 'rq-n1', answer: 3, createdAt: at('2019-03-16') },
    { requestId: 'rq-s1', answer: 1, createdAt: at('2019-03-11') },
  ]);
  await db.insert(meters).values([
    {
      id: 'mt-rpt-n',
      ownerId: 'demo-citizen',
      number: '77000001',
      type: 'single_phase',
      ownerName: 'Ahmed',
      ownerNationalId: '29001010100015',
      address: 'Shubra',
      companyId: 'co-north-cairo',
      connectionType: 'residential',
      status: 'approved',
      createdAt: at('2019-03-02'),
    },
    {
      id: 'mt-rpt-s',
      ownerId: 'demo-citizen',
      number: '77000002',
      type: 'single_phase',
      ownerName: 'Ahmed',
      ownerNationalId: '29001010100015',
      address: 'Maadi',
      companyId: 'co-south-cairo',
      connectionType: 'residential',
      status: 'pending',
      createdAt: at('2019-03-03'),
    },
  ]);
  await db.insert(meterReadings).values([
    // Read and received the same minute, within its month: on time.
    {
      id: 'rd-rpt-1',
      meterId: 'mt-rpt-n',
      period: '2019-03',
      value: 100,
      consumption: 100,
      readAt: at('2019-03-20'),
      source: 'citizen',
      createdAt: at('2019-03-20'),
    },
    // February's, read offline on the 27th and received on March 2nd: late and offline.
    {
      id: 'rd-rpt-2',
      meterId: 'mt-rpt-n',
      period: '2019-02',
      value: 50,
      consumption: 50,
      readAt: at('2019-02-27'),
      source: 'citizen',
      createdAt: at('2019-03-02'),
    },
    {
      id: 'rd-rpt-3',
      meterId: 'mt-rpt-s',
      period: '2019-03',
      value: 10,
      consumption: 10,
      readAt: at('2019-03-21'),
      source: 'citizen',
      createdAt: at('2019-03-21'),
    },
  ]);
});
afterAll(() => ctx.close());

const report = async (as: Session, path: string): Promise<TReportResult> => {
  const res = await call(ctx, 'GET', path, { as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TReportResult;
};

describe('who reads reports', () => {
  it('a visitor is 401, a citizen and staff without a reports role 403', async () => {
    expectError(await call(ctx, 'GET', `/api/reports/requests?${RANGE}`), 401, 'UNAUTHORIZED');
    expectError(await call(ctx, 'GET', `/api/reports/requests?${RANGE}`, { as: citizen }), 403, 'FORBIDDEN');
    expectError(await call(ctx, 'GET', `/api/reports/requests?${RANGE}`, { as: noRole }), 403, 'FORBIDDEN');
    expectError(await call(ctx, 'GET', `/api/requests/CODEMETER/reports?${RANGE}`, { as: noRole }), 403, 'FORBIDDEN');
  });

  it('the reports role reads operational reports but not financial ones', async () => {
    await report(holdingReports, `/api/reports/requests?${RANGE}`);
    expectError(await call(ctx, 'GET', `/api/reports/collections?${RANGE}`, { as: holdingReports }), 403, 'FORBIDDEN');
    expectError(
      await call(ctx, 'GET', `/api/reports/collections/export?${RANGE}&format=csv`, { as: holdingReports }),
      403,
      'FORBIDDEN',
    );
  });

  it("a product role reads its own service's report only", async () => {
    const own = await report(product, `/api/requests/CODEMETER/reports?${RANGE}&by=status`);
    expect(own.totals).toMatchObject({ filed: 5, decided: 2, open: 3 });
    expectError(await call(ctx, 'GET', `/api/requests/ADD_METER/reports?${RANGE}`, { as: product }), 403, 'FORBIDDEN');
    expectError(await call(ctx, 'GET', `/api/reports/requests?${RANGE}`, { as: product }), 403, 'FORBIDDEN');
    // Another service's numbers through the filter: the query does not take one on this route.
    expectError(
      await call(ctx, 'GET', `/api/requests/CODEMETER/reports?${RANGE}&service=ADD_METER`, { as: product }),
      400,
      'INVALID_INPUT',
    );
  });
});

describe('scope', () => {
  it("a North Cairo employee's rows and totals leave South Cairo's requests out", async () => {
    const north = await report(northReports, `/api/reports/requests?${RANGE}&by=company`);
    expect(north.rows.map((r) => r.key)).toEqual(['co-north-cairo']);
    expect(north.totals).toMatchObject({ filed: 3, decided: 1, open: 2 });
    const all = await report(holdingReports, `/api/reports/requests?${RANGE}&by=company`);
    expect(all.rows.map((r) => r.key).sort()).toEqual(['co-north-cairo', 'co-south-cairo']);
    expect(all.totals).toMatchObject({ filed: 5, decided: 2, open: 3 });
    const sla = await report(northReports, `/api/reports/sla-breaches?${RANGE}`);
    expect(sla.totals).toMatchObject({ open: 2, breached: 1 });
  });

  it("asking for another company's numbers is refused, not answered with zeros", async () => {
    expectError(
      await call(ctx, 'GET', `/api/reports/requests?${RANGE}&companyId=co-south-cairo`, { as: northReports }),
      403,
      'FORBIDDEN',
    );
    const south = await report(holdingReports, `/api/reports/requests?${RANGE}&companyId=co-south-cairo`);
    expect(south.totals).toMatchObject({ filed: 2 });
  });

  it('readings and meters follow the meter’s place', async () => {
    const readings = await report(northReports, `/api/reports/readings?${RANGE}`);
    expect(readings.totals).toMatchObject({ readings: 2, onTime: 1, late: 1, offline: 1 });
    const meterCounts = await report(holdingReports, `/api/reports/meters?${RANGE}`);
    expect(meterCounts.totals).toMatchObject({ meters: 2, approved: 1, pending: 1 });
  });
});

describe('figures', () => {
  it('time to decision: median and 90th percentile in days', async () => {
    const r = await report(holdingReports, `/api/reports/decision-time?${RANGE}`);
    expect(r.totals).toMatchObject({ decided: 2, medianDays: 6, p90Days: 9.2 });
  });

  it('channels, age groups and ratings', async () => {
    const channels = await report(holdingReports, `/api/reports/channels?${RANGE}`);
    expect(channels.totals).toMatchObject({ filed: 5, citizen: 4, employee: 1, agent: 0 });
    const older = await report(holdingReports, `/api/reports/requests?${RANGE}&ageGroup=60plus`);
    expect(older.totals).toMatchObject({ filed: 1 });
    const younger = await report(holdingReports, `/api/reports/requests?${RANGE}&ageGroup=under60`);
    expect(younger.totals).toMatchObject({ filed: 4 });
    const byEmployee = await report(holdingReports, `/api/reports/requests?${RANGE}&channel=employee`);
    expect(byEmployee.totals).toMatchObject({ filed: 1 });
    const ratings = await report(holdingReports, `/api/reports/ratings?${RANGE}`);
    expect(ratings.totals).toMatchObject({ ratings: 2, averageRating: 2 });
  });

  it('a day-grouped report counts each request on the day of its event, and pages', async () => {
    const r = await report(holdingReports, `/api/reports/requests?${RANGE}&by=day&pageSize=3`);
    expect(r.page).toEqual({ index: 1, size: 3, total: 7 });
    expect(r.rows.map((x) => x.day)).toEqual(['2019-03-05', '2019-03-06', '2019-03-07']);
    const last = await report(holdingReports, `/api/reports/requests?${RANGE}&by=day&pageSize=3&page=3`);
    expect(last.rows).toEqual([expect.objectContaining({ day: '2019-03-15', filed: 0, decided: 1 })]);
  });

  it('every operational report answers by every grouping it takes', async () => {
    for (const id of OPERATIONAL_REPORTS) {
      for (const by of OPERATIONAL_RUNNERS[id]!.dimensions) {
        const r = await report(holdingReports, `/api/reports/${id}?${RANGE}&by=${by}`);
        expect(r.report).toBe(id);
        expect(r.columns[0]).toMatchObject({ key: by, kind: 'dimension' });
      }
    }
  });
});

describe('bad input is a coded 400', () => {
  it('a range longer than REPORT_MAX_MONTHS, or backwards', async () => {
    expectError(
      await call(ctx, 'GET', '/api/reports/requests?from=2019-01-01&to=2020-01-01', { as: holdingReports }),
      400,
      'DATE_RANGE_EXCEEDS_LIMIT',
    );
    expectError(
      await call(ctx, 'GET', '/api/reports/requests?from=2019-03-10&to=2019-03-01', { as: holdingReports }),
      400,
      'DATE_RANGE_EXCEEDS_LIMIT',
    );
    await report(holdingReports, '/api/reports/requests?from=2019-01-01&to=2019-12-31');
  });

  it('a grouping, filter or page size the report does not take', async () => {
    const bad = async (query: string, code: string) =>
      expectError(await call(ctx, 'GET', `/api/reports/${query}`, { as: holdingReports }), 400, code);
    await bad(`requests?${RANGE}&by=gateway`, 'INVALID_FILTER');
    await bad(`readings?${RANGE}&channel=agent`, 'INVALID_FILTER');
    await bad(`requests?${RANGE}&service=NO_SUCH_SERVICE`, 'INVALID_FILTER');
    await bad(`requests?${RANGE}&status=no_such_status`, 'INVALID_FILTER');
    await bad(`requests?${RANGE}&pageSize=500`, 'INVALID_INPUT');
    await bad(`requests?${RANGE}&ageGroup=old`, 'INVALID_INPUT');
    await bad(`requests?from=2019-02-30&to=2019-03-31`, 'INVALID_INPUT');
    await bad(`no-such-report?${RANGE}`, 'INVALID_INPUT');
  });
});

describe('export', () => {
  it('an xlsx export: right to left in Arabic, the filters named, its rows and totals, and recorded', async () => {
    const res = await call(ctx, 'GET', `/api/reports/requests/export?${RANGE}&by=company&format=xlsx&lang=ar`, {
      as: holdingReports,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain('attachment');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.views[0]).toMatchObject({ rightToLeft: true, state: 'frozen' });
    const values = (n: number) => (ws.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['الطلبات']);
    const headerAt = (ws.views[0] as { ySplit: number }).ySplit;
    expect(values(headerAt)).toEqual(['شركة التوزيع', 'المقدمة', 'المبتوت فيها', 'المفتوحة']);
    const body = [values(headerAt + 1), values(headerAt + 2)];
    expect(body.map((r) => r.slice(1)).sort()).toEqual([
      [2, 1, 1],
      [3, 1, 2],
    ]);
    expect(values(headerAt + 3)).toEqual(['الإجمالي', 5, 2, 3]);
    // The filters used, named in Arabic, above the table.
    const header = Array.from({ length: headerAt - 1 }, (_, i) => values(i + 1).join(' '));
    expect(header.join('\n')).toContain('2019-03-01');
    expect(header.join('\n')).toContain('التجميع حسب شركة التوزيع');

    const log = await call(ctx, 'GET', '/api/reports/exports', { as: support });
    expect(log.statusCode, log.body).toBe(200);
    const [latest] = (log.json() as { items: TReportExportRecord[] }).items;
    expect(latest).toMatchObject({
      userId: 'rep-holding',
      report: 'requests',
      format: 'xlsx',
      rowCount: 2,
      filters: { from: '2019-03-01', to: '2019-03-31', by: 'company', format: 'xlsx', lang: 'ar' },
    });
  });

  it('CSV: UTF-8 with a BOM, the headers in English when asked', async () => {
    const res = await call(ctx, 'GET', `/api/reports/channels/export?${RANGE}&format=csv&lang=en`, { as: northReports });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Service,Filed,By the citizen,By an employee,By an agent');
    // North Cairo's three requests of one service: two by the citizen, one by an employee.
    expect(lines.slice(1)).toHaveLength(1);
    expect(lines[1]!.split(',').slice(-4)).toEqual(['3', '2', '1', '0']);
  });

  it("only technical support reads the exports' log", async () => {
    expectError(await call(ctx, 'GET', '/api/reports/exports', { as: holdingReports }), 403, 'FORBIDDEN');
    expectError(await call(ctx, 'GET', '/api/reports/exports', { as: citizen }), 403, 'FORBIDDEN');
  });
});
