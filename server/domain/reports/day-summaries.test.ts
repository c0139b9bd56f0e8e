import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TReportResult } from '../../../contract/reports.ts';
import { generateReportData } from '../../seed/report-data.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { dashboard } from './dashboard.ts';
import { cairoDayStart, type ReportFilters } from './filters.ts';
import { OPERATIONAL_RUNNERS } from './operational.ts';
import { cairoDay, nextDay } from './payment-lines.ts';
import { RATING_SUMMARY, readRatingSummary, refreshRatingDays } from './rating-lines.ts';
import { READING_SUMMARY, readReadingSummary, refreshReadingDays } from './reading-lines.ts';
import { readRequestSummary, refreshRequestDays, REQUEST_SUMMARY } from './request-lines.ts';
import type { ReportScope } from './scope.ts';

/*
 * The requests' and readings' per-day summaries (decision 075): the requests, channels and readings reports and the
 * dashboard's filed, decided and readings tiles read whole past days from `report_request_days` and
 * `report_reading_days` and the rest from the base tables, and give the same figures as the base tables alone,
 * before the job runs and after, when a summarised day changes (a request decided weeks after it was filed, one
 * moved to another service center, one filed today after the job ran, a meter moved to another company, a reading
 * received today), in every grouping, with every filter, within a company's scope.
 */

let ctx: TestApp;
let services: ReportFilters['services'];
const NOW = new Date();
const DAY = 86_400_000;
const HOLDING: ReportScope = { companyId: null, sectorId: null, serviceCenterIds: [] };
const NORTH: ReportScope = { companyId: 'co-north-cairo', sectorId: null, serviceCenterIds: [] };
const today = cairoDay(NOW);
const from = cairoDay(new Date(NOW.getTime() - 150 * DAY));

const filters = (over: Partial<ReportFilters> = {}): ReportFilters => ({
  from,
  to: today,
  fromAt: cairoDayStart(from),
  toAt: cairoDayStart(nextDay(today)),
  by: 'day',
  page: 1,
  pageSize: 500,
  services,
  now: NOW,
  ...over,
});

type Rows = Record<string, unknown>[];
const q = async (text: ReturnType<typeof sql>) =>
  ((await ctx.database.db.execute(text)) as unknown as { rows: Rows }).rows.map((r) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v])),
  );

const figures = (r: TReportResult) => ({ rows: r.rows, totals: r.totals, total: r.page.total });

/** Every reading of the two reports (each grouping, each filter, two scopes) and the dashboard's request tiles. */
async function everything(): Promise<Record<string, unknown>> {
  const db = ctx.database.db;
  const out: Record<string, unknown> = {};
  const requests = OPERATIONAL_RUNNERS.requests!;
  const channels = OPERATIONAL_RUNNERS.channels!;
  for (const by of requests.dimensions)
    out[`requests by ${by}`] = figures(await requests.run(db, filters({ by: by as ReportFilters['by'] }), HOLDING));
  for (const by of channels.dimensions)
    out[`channels by ${by}`] = figures(await channels.run(db, filters({ by: by as ReportFilters['by'] }), HOLDING));
  const someStatus = services.find((s) => s.serviceSlug === 'CODEMETER')!.workflow.initialStatus;
  const narrowed: Partial<ReportFilters>[] = [
    { ageGroup: '60plus' },
    { ageGroup: 'under60' },
    { channel: 'employee' },
    { channel: 'agent' },
    { service: 'CODEMETER', status: someStatus },
    { companyId: 'co-north-cairo', by: 'serviceCenter' },
    // A range that starts and ends within days: its first and last days read live.
    { fromAt: new Date(cairoDayStart(from).getTime() + 13 * 3_600_000), toAt: new Date(NOW.getTime() - 2 * DAY) },
  ];
  for (const [i, over] of narrowed.entries()) {
    out[`requests narrowed ${i}`] = figures(await requests.run(db, filters({ by: 'service', ...over }), HOLDING));
    out[`channels narrowed ${i}`] = figures(await channels.run(db, filters({ by: 'month', ...over }), HOLDING));
  }
  const readings = OPERATIONAL_RUNNERS.readings!;
  for (const by of readings.dimensions)
    out[`readings by ${by}`] = figures(await readings.run(db, filters({ by: by as ReportFilters['by'] }), HOLDING));
  out['readings, North by center'] = figures(await readings.run(db, filters({ by: 'serviceCenter' }), NORTH));
  out['readings narrowed'] = figures(
    await readings.run(db, filters({ by: 'day', companyId: 'co-north-cairo', ...narrowed[narrowed.length - 1] }), HOLDING),
  );
  const decisions = OPERATIONAL_RUNNERS['decision-time']!;
  for (const by of decisions.dimensions)
    out[`decision time by ${by}`] = figures(await decisions.run(db, filters({ by: by as ReportFilters['by'] }), HOLDING));
  for (const [i, over] of narrowed.entries())
    out[`decision time narrowed ${i}`] = figures(await decisions.run(db, filters({ by: 'stage', ...over }), HOLDING));
  out['decision time, North'] = figures(await decisions.run(db, filters({ by: 'service' }), NORTH));
  const ratings = OPERATIONAL_RUNNERS.ratings!;
  for (const by of ratings.dimensions)
    out[`ratings by ${by}`] = figures(await ratings.run(db, filters({ by: by as ReportFilters['by'] }), HOLDING));
  for (const [i, over] of narrowed.entries())
    out[`ratings narrowed ${i}`] = figures(await ratings.run(db, filters({ by: 'company', ...over }), HOLDING));
  out['ratings, North'] = figures(await ratings.run(db, filters({ by: 'serviceCenter' }), NORTH));
  out['requests, North'] = figures(await requests.run(db, filters({ by: 'status' }), NORTH));
  out['channels, North'] = figures(await channels.run(db, filters({ by: 'day' }), NORTH));
  for (const [name, scope] of [
    ['holding', HOLDING],
    ['North', NORTH],
  ] as const) {
    const d = await dashboard(db, { scope, financial: false, services, now: NOW });
    out[`dashboard, ${name}`] = d.tiles.filter((t) =>
      ['filed-', 'decided-', 'readings-', 'rating', 'decision-time'].some((p) => t.id.startsWith(p)),
    );
  }
  return out;
}

/** The same readings from the base tables alone: the summaries' state set aside, then put back as it was. */
async function fromBaseTables(): Promise<Record<string, unknown>> {
  const states = await q(sql`delete from report_summaries
    where name in (${REQUEST_SUMMARY}, ${READING_SUMMARY}, ${RATING_SUMMARY}) returning name, checked_at as at`);
  try {
    expect(await readRequestSummary(ctx.database.db)).toBeNull();
    expect(await readReadingSummary(ctx.database.db)).toBeNull();
    expect(await readRatingSummary(ctx.database.db)).toBeNull();
    return await everything();
  } finally {
    for (const state of states)
      await ctx.database.db.execute(
        sql`insert into report_summaries (name, checked_at) values (${state.name as string}, ${state.at as Date})`,
      );
  }
}

const refresh = async () => ({
  requests: await refreshRequestDays(ctx.database.db),
  readings: await refreshReadingDays(ctx.database.db),
  ratings: await refreshRatingDays(ctx.database.db),
});

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoUsers: true });
  services = await ctx.app.deps.catalog.services('staff');
  await generateReportData(
    ctx.database.db,
    { citizens: 120, metersPerCitizen: 1, readingMonths: 6, billMonths: 6, requests: 900, requestDays: 183 },
    NOW,
  );
}, 120_000);
afterAll(async () => ctx?.close());

describe('the requests summary', () => {
  it('gives the same figures as the base tables, every past day read from the summaries', async () => {
    const live = await everything();
    // The plain ledger agrees with the base table's reading.
    const [ledger] = await q(sql`select count(*) as filed from requests
      where created_at >= ${filters().fromAt} and created_at < ${filters().toAt}`);
    expect((live['requests by service'] as { totals: { filed: number } }).totals.filed).toBe(ledger!.filed);

    expect(await readRequestSummary(ctx.database.db)).toBeNull();
    const first = await refresh();
    expect(first.requests.rows).toBeGreaterThan(100);
    expect(first.readings.rows).toBeGreaterThan(20);
    expect(first.ratings.rows).toBeGreaterThan(20);
    const view = await readRequestSummary(ctx.database.db);
    expect(cairoDay(view!.throughAt)).toBe(today);
    const [summarised] = await q(sql`select count(distinct day) as days, sum(requests) as n from report_request_days
      where kind = 'filed'`);
    expect(summarised!.days).toBeGreaterThan(50);
    expect(summarised!.n).toBeGreaterThanOrEqual(900);
    expect(await everything()).toEqual(live);
  });

  it('stays exact when summarised days change before the job runs again, and after it has', async () => {
    await refresh();
    const weeksAgo = new Date(NOW.getTime() - 40 * DAY);
    // A request filed weeks ago, open until now, decided today.
    const [open] = await q(sql`select r.id, r.service_slug as slug from requests r
      where r.id like 'e0000000-0000-4000-8000-%' and r.created_at < ${weeksAgo} and r.created_at > ${new Date(NOW.getTime() - 120 * DAY)}
        and r.status = (select x->>'id' from jsonb_array_elements(${JSON.stringify(services.map((s) => ({ slug: s.serviceSlug, id: s.workflow.initialStatus })))}::jsonb) x
          where x->>'slug' = r.service_slug)
      order by r.id limit 1`);
    expect(open).toBeTruthy();
    const final = services.find((s) => s.serviceSlug === open!.slug)!.workflow.statuses.find((s) => s.final)!.id;
    await ctx.database.db.execute(sql`update requests set status = ${final}, status_updated_at = now(), updated_at = now()
      where id = ${open!.id as string}`);
    // A request moved to another company's service center, filed two months ago and decided since.
    const [center] = await q(
      sql`select id, company_id, data->>'sectorId' as sector_id from service_centers
      where company_id = 'co-south-cairo' order by id limit 1`,
    );
    const [movedAway] = await q(sql`update requests set company_id = ${center!.company_id as string},
        sector_id = ${center!.sector_id as string | null}, service_center_id = ${center!.id as string}, updated_at = now()
      where id = (select id from requests where id like 'e0000000-0000-4000-8000-%' and company_id = 'co-north-cairo'
        and created_at < ${new Date(NOW.getTime() - 60 * DAY)} order by id limit 1)
      returning id, to_char(created_at at time zone 'Africa/Cairo', 'YYYY-MM-DD') as day`);
    expect(movedAway).toBeTruthy();
    // One filed today, after the job summed today's part.
    await ctx.database.db.execute(sql`insert into requests (id, number, service_id, service_slug, service_version, activity_id,
        status, stage_id, owner_id, data, national_id, company_id, created_at, updated_at, status_updated_at, stage_started_at)
      select 'late-request-1', 'LATE-REQ-1', r.service_id, r.service_slug, r.service_version, r.activity_id, r.status, r.stage_id,
        r.owner_id, '{}'::jsonb, '24001010100019', 'co-north-cairo', now(), now(), now(), now()
      from requests r where r.id = ${open!.id as string}`);
    // Rated at once (a rating today, after the job ran), and the request decided today rated too.
    await ctx.database.db.execute(sql`insert into request_ratings (request_id, answer, created_at)
      values ('late-request-1', 2, now()), (${open!.id as string}, 1, now())`);

    // A meter moved to another company (its readings' days change), and a reading received today after the job ran.
    const [meter] = await q(sql`update meters set company_id = 'co-south-cairo', sector_id = null, service_center_id = null,
        updated_at = now()
      where id = (select meter_id from meter_readings where id like 'gen-reading-%' group by meter_id
        having count(*) > 3 order by meter_id limit 1)
      returning id`);
    const [reading] = await q(sql`select to_char(min(created_at) at time zone 'Africa/Cairo', 'YYYY-MM-DD') as day
      from meter_readings where meter_id = ${meter!.id as string}`);
    await ctx.database.db
      .execute(sql`insert into meter_readings (id, meter_id, period, value, consumption, read_at, source, created_at)
      select 'late-reading-1', m.id, '1999-01', 1, 1, now() - interval '3 hours', 'reader', now()
      from meters m where m.id like 'gen-meter-%' order by m.id desc limit 1`);

    const view = await readRequestSummary(ctx.database.db);
    expect(view!.dirty).toEqual(expect.arrayContaining([String(movedAway!.day)]));
    expect((await readReadingSummary(ctx.database.db))!.dirty).toEqual(expect.arrayContaining([String(reading!.day)]));
    const before = await everything();
    expect(before).toEqual(await fromBaseTables());
    // The changes show: one more decided today, one more filed.
    const [ledger] = await q(sql`select count(*) as filed from requests
      where created_at >= ${filters().fromAt} and created_at < ${filters().toAt}`);
    expect((before['requests by service'] as { totals: { filed: number } }).totals.filed).toBe(ledger!.filed);

    // The job sums those days again: the summary itself now holds them, and the figures are the same.
    await refresh();
    expect(await everything()).toEqual(before);
    const [row] = await q(sql`select coalesce(sum(requests), 0) as n from report_request_days
      where kind = 'filed' and day = ${String(movedAway!.day)}::date and company_id = 'co-south-cairo'`);
    const [want] = await q(sql`select count(*) as n from requests where company_id = 'co-south-cairo'
      and to_char(created_at at time zone 'Africa/Cairo', 'YYYY-MM-DD') = ${String(movedAway!.day)}`);
    expect(row!.n).toBe(want!.n);
    // Once the changes are older than the margin, nothing is read live but what came after the summary.
    await ctx.database.db.execute(sql`update report_summaries set checked_at = now() + interval '1 hour'
      where name in (${REQUEST_SUMMARY}, ${READING_SUMMARY}, ${RATING_SUMMARY})`);
    expect((await readRequestSummary(ctx.database.db))!.dirty).toEqual([]);
    expect((await readRatingSummary(ctx.database.db))!.dirty).toEqual([]);
    expect((await readReadingSummary(ctx.database.db))!.dirty).toEqual([]);
    expect(await everything()).toEqual(before);
  });
});
