import { sql, type SQL } from 'drizzle-orm';
import type { TService } from '../../../contract/catalog.ts';
import type { TLocalized } from '../../../contract/common.ts';
import type { TDashboard, TReportQuery } from '../../../contract/reports.ts';
import type { Db } from '../../db/client.ts';
import { gatewayLabel, scopeSql } from './financial.ts';
import { placedPaymentLines, readPaymentSummary } from './payment-lines.ts';
import { ratingLines, readRatingSummary } from './rating-lines.ts';
import { readingLines, readReadingSummary } from './reading-lines.ts';
import { decisionLines, readRequestSummary, requestLines } from './request-lines.ts';
import type { ReportScope } from './scope.ts';

/*
 * The statistics dashboard (issue 25, decision 057; ANALYTICS_DASHBOARD_USER): a handful of figures an employee
 * reads every morning, each one aggregated by PostgreSQL within the caller's scope (company, sector, service
 * centers; a product role's one service) and linking to the report that explains it, with the same filters.
 * "Today" and "this month" are Cairo's. A request is decided when it reaches a final status of its workflow (the
 * catalog's, sent as one JSON parameter), when its status last changed. Collections appear only for a caller who
 * also holds ACCESS_FINANCIAL_REPORTS: without it the tile is absent, not zero.
 */

type Tile = TDashboard['tiles'][number];
type Rows = Record<string, unknown>[];
const rowsOf = async (db: Db, q: SQL): Promise<Rows> => ((await db.execute(q)) as unknown as { rows: Rows }).rows;
const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const orNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const round1 = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);
const round2 = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);

export type DashboardInput = {
  scope: ReportScope;
  /** The caller also holds ACCESS_FINANCIAL_REPORTS. */
  financial: boolean;
  /** The catalog (staff audience): workflows, labels. */
  services: readonly TService[];
  now?: Date;
};

/** The catalog's workflows as a relation `m(s, st, fin, stage, days, total)` (one JSON parameter). */
function workflowMap(services: readonly TService[]): SQL {
  const rows = services.flatMap((s) => {
    const total = s.stages.reduce((n, g) => n + g.days, 0);
    return s.workflow.statuses.map((st) => {
      const stage = s.stages.find((g) => g.statuses.includes(st.id));
      return {
        s: s.serviceSlug,
        st: st.id,
        fin: st.final === true,
        stage: stage?.stageId ?? null,
        days: stage?.days ?? 0,
        total,
      };
    });
  });
  return sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as m(s text, st text, fin boolean, stage text, days int, total int)`;
}

const serviceLabel = (s: TService | undefined, slug: string): TLocalized =>
  s ? { ar: s.translations.ar.serviceLabel, en: s.translations.en.serviceLabel } : { ar: slug, en: slug };

/** Cairo's today, this month and the rating trend's first month, as days (for links) and instants (for queries). */
async function boundaries(db: Db, now: Date) {
  const [b] = await rowsOf(
    db,
    sql`select to_char(n at time zone 'Africa/Cairo', 'YYYY-MM-DD') as today,
      to_char(date_trunc('month', n at time zone 'Africa/Cairo'), 'YYYY-MM-DD') as month_start,
      to_char(date_trunc('month', n at time zone 'Africa/Cairo') - interval '5 months', 'YYYY-MM-DD') as trend_start,
      (date_trunc('day', n at time zone 'Africa/Cairo') at time zone 'Africa/Cairo') as day_at,
      (date_trunc('month', n at time zone 'Africa/Cairo') at time zone 'Africa/Cairo') as month_at,
      ((date_trunc('month', n at time zone 'Africa/Cairo') - interval '5 months') at time zone 'Africa/Cairo') as trend_at
    from (select ${now.toISOString()}::timestamptz as n) x`,
  );
  const at = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
  return {
    today: String(b!.today),
    monthStart: String(b!.month_start),
    trendStart: String(b!.trend_start),
    dayAt: at(b!.day_at),
    monthAt: at(b!.month_at),
    trendAt: at(b!.trend_at),
  };
}

export async function dashboard(db: Db, input: DashboardInput): Promise<TDashboard> {
  const now = input.now ?? new Date();
  const { scope, services } = input;
  const b = await boundaries(db, now);
  const bySlug = new Map(services.map((s) => [s.serviceSlug, s]));
  const inScope = scopeSql(scope, 'r');
  const service = scope.serviceSlug ? sql`and r.service_slug = ${scope.serviceSlug}` : sql``;
  const map = workflowMap(services);
  const month: TReportQuery = { from: b.monthStart, to: b.today, ...(scope.serviceSlug ? { service: scope.serviceSlug } : {}) };
  const today: TReportQuery = { ...month, from: b.today };

  const [flow, median, open, rating, readings, collections] = await Promise.all([
    // Filed and decided today and this month, per service (and in all): the request lines (request-lines.ts,
    // decision 075), this month's whole days from the per-day summary.
    (async () =>
      rowsOf(
        db,
        sql`select x.service_slug as k, grouping(x.service_slug)::int as g,
        coalesce(sum(x.n) filter (where x.kind = 'filed' and x.at >= ${b.dayAt}), 0) as filed_today,
        coalesce(sum(x.n) filter (where x.kind = 'filed'), 0) as filed_month,
        coalesce(sum(x.n) filter (where x.kind = 'moved' and x.at >= ${b.dayAt}), 0) as decided_today,
        coalesce(sum(x.n) filter (where x.kind = 'moved'), 0) as decided_month
      from (${requestLines({ fromAt: b.monthAt, toAt: new Date(now.getTime() + 1) }, ['filed', 'moved'], await readRequestSummary(db))}) x
        left join ${map} on m.s = x.service_slug and m.st = x.status
      where (x.kind = 'filed' or m.fin) and ${scopeSql(scope, 'x')} ${scope.serviceSlug ? sql`and x.service_slug = ${scope.serviceSlug}` : sql``}
      group by grouping sets ((x.service_slug), ())`,
      ))(),
    // The median days to decision of the requests decided this month, per service (and in all): the decision lines
    // (request-lines.ts: days in tenths, whole days from the histogram), as the decision-time report counts them.
    (async () =>
      rowsOf(
        db,
        sql`select x.service_slug as k, grouping(x.service_slug)::int as g,
          percentile_cont(0.5) within group (order by (x.tenths / 10.0)::float8) as median
        from (${decisionLines({ fromAt: b.monthAt, toAt: new Date(now.getTime() + 1) }, await readRequestSummary(db))}) x
          join ${map} on m.s = x.service_slug and m.st = x.status and m.fin
          cross join lateral generate_series(1, x.n) unfolded
        where ${scopeSql(scope, 'x')} ${scope.serviceSlug ? sql`and x.service_slug = ${scope.serviceSlug}` : sql``}
        group by grouping sets ((x.service_slug), ())`,
      ))(),
    // The backlog (not in a final status) by status and stage, and those past their stage's or whole time limit.
    rowsOf(
      db,
      sql`select r.service_slug as s, r.status as st, m.stage, count(*) as n,
        count(*) filter (where (m.days > 0 and floor(extract(epoch from ${now.toISOString()}::timestamptz - r.stage_started_at) / 86400) > m.days)
          or (m.total > 0 and floor(extract(epoch from ${now.toISOString()}::timestamptz - r.created_at) / 86400) > m.total)) as breached
      from requests r join ${map} on m.s = r.service_slug and m.st = r.status and not m.fin
      where ${inScope} ${service}
      group by 1, 2, 3`,
    ),
    // Ratings (3: easily ... 1: could not): this month's average and the six months' trend.
    // (The rating lines, rating-lines.ts: the six months' whole days from the per-day summary.)
    (async () =>
      rowsOf(
        db,
        sql`select to_char(x.at at time zone 'Africa/Cairo', 'YYYY-MM') as k,
          (sum(x.answer * x.n)::numeric / sum(x.n)::numeric)::float8 as avg, sum(x.n) as n
        from (${ratingLines({ fromAt: b.trendAt, toAt: new Date(now.getTime() + 1) }, await readRatingSummary(db))}) x
        where ${scopeSql(scope, 'x')} ${scope.serviceSlug ? sql`and x.service_slug = ${scope.serviceSlug}` : sql``}
        group by 1 order by 1`,
      ))(),
    // Readings received this month: how many, how many sent offline (read more than an hour before they arrived).
    // (The reading lines, reading-lines.ts: this month's whole days from the per-day summary.)
    (async () =>
      rowsOf(
        db,
        sql`select coalesce(sum(x.n), 0) as n, coalesce(sum(x.n) filter (where x.offline), 0) as offline,
          coalesce(sum(x.n) filter (where x.late), 0) as late
        from (${readingLines({ fromAt: b.monthAt, toAt: new Date(now.getTime() + 1) }, await readReadingSummary(db))}) x
        where ${scopeSql(scope, 'x')}`,
      ))(),
    input.financial
      ? rowsOf(
          db,
          sql`select x.gateway || ':' || x.channel as k, sum(x.n) as n, sum(x.total_piastres)::float8 as amount
          from (${placedPaymentLines(
            { fromAt: b.monthAt, toAt: new Date(now.getTime() + 1), service: scope.serviceSlug },
            'succeeded',
            await readPaymentSummary(db),
          )}) x where ${scopeSql(scope, 'x')}
          group by 1 order by 3 desc`,
        )
      : Promise.resolve(null),
  ]);

  const all = flow.find((r) => r.g === 1) ?? {};
  const perService = flow.filter((r) => r.g === 0 && r.k !== null);
  const allMedian = median.find((r) => r.g === 1)?.median;
  const perServiceMedian = median.filter((r) => r.g === 0 && r.k !== null);
  const top = (key: string) =>
    perService
      .filter((r) => num(r[key]) > 0)
      .sort((a, b) => num(b[key]) - num(a[key]) || String(a.k).localeCompare(String(b.k)))
      .slice(0, 8)
      .map((r) => ({ key: String(r.k), label: serviceLabel(bySlug.get(String(r.k)), String(r.k)), value: num(r[key]) }));

  const tiles: Tile[] = [
    {
      id: 'filed-today',
      value: num(all.filed_today),
      kind: 'count',
      parts: top('filed_today'),
      link: { report: 'requests', query: { ...today, by: 'service' } },
    },
    {
      id: 'filed-month',
      value: num(all.filed_month),
      kind: 'count',
      parts: top('filed_month'),
      link: { report: 'requests', query: { ...month, by: 'service' } },
    },
    {
      id: 'decided-today',
      value: num(all.decided_today),
      kind: 'count',
      parts: top('decided_today'),
      link: { report: 'requests', query: { ...today, by: 'service' } },
    },
    {
      id: 'decided-month',
      value: num(all.decided_month),
      kind: 'count',
      parts: top('decided_month'),
      link: { report: 'requests', query: { ...month, by: 'service' } },
    },
  ];

  // Backlog: by status (a status's label from the first service that has it) and by stage.
  const statusTotals = new Map<string, number>();
  const stageTotals = new Map<string, number>();
  let backlog = 0;
  let breached = 0;
  const breachedByService = new Map<string, number>();
  for (const r of open) {
    const n = num(r.n);
    backlog += n;
    breached += num(r.breached);
    statusTotals.set(String(r.st), (statusTotals.get(String(r.st)) ?? 0) + n);
    if (r.stage !== null) stageTotals.set(String(r.stage), (stageTotals.get(String(r.stage)) ?? 0) + n);
    if (num(r.breached) > 0) breachedByService.set(String(r.s), (breachedByService.get(String(r.s)) ?? 0) + num(r.breached));
  }
  const statusLabel = (id: string): TLocalized =>
    services.flatMap((s) => s.workflow.statuses).find((st) => st.id === id)?.label ?? { ar: id, en: id };
  const stageLabel = (id: string): TLocalized =>
    services.flatMap((s) => s.stages).find((st) => st.stageId === id)?.label ?? { ar: id, en: id };
  const desc = (a: [string, number], b: [string, number]) => b[1] - a[1] || a[0].localeCompare(b[0]);
  // A year back: the backlog holds requests filed any time (the report's range is at most REPORT_MAX_MONTHS).
  const yearBack = shiftDays(b.today, -364);
  tiles.push({
    id: 'backlog',
    value: backlog,
    kind: 'count',
    parts: [
      ...[...statusTotals].sort(desc).map(([k, v]) => ({ key: `status:${k}`, label: statusLabel(k), value: v })),
      ...[...stageTotals].sort(desc).map(([k, v]) => ({ key: `stage:${k}`, label: stageLabel(k), value: v })),
    ],
    link: { report: 'requests', query: { ...month, from: yearBack, by: 'status' } },
  });
  tiles.push({
    id: 'sla-breaches',
    value: breached,
    kind: 'count',
    parts: [...breachedByService]
      .sort(desc)
      .slice(0, 8)
      .map(([k, v]) => ({ key: k, label: serviceLabel(bySlug.get(k), k), value: v })),
    link: { report: 'sla-breaches', query: { ...month, from: yearBack, by: 'stage' } },
  });
  tiles.push({
    id: 'decision-time',
    value: round1(orNull(allMedian)),
    kind: 'days',
    parts: perServiceMedian
      .filter((r) => r.median !== null && r.median !== undefined)
      .sort((a, b) => num(b.median) - num(a.median) || String(a.k).localeCompare(String(b.k)))
      .slice(0, 8)
      .map((r) => ({
        key: String(r.k),
        label: serviceLabel(bySlug.get(String(r.k)), String(r.k)),
        value: round1(num(r.median))!,
      })),
    link: { report: 'decision-time', query: { ...month, by: 'service' } },
  });
  const thisMonth = rating.find((r) => r.k === b.monthStart.slice(0, 7));
  tiles.push({
    id: 'rating',
    value: round2(thisMonth ? num(thisMonth.avg) : null),
    kind: 'average',
    // The trend: each month's average, oldest first (months without ratings left out).
    parts: rating.map((r) => ({ key: String(r.k), label: null, value: round2(num(r.avg))! })),
    link: { report: 'ratings', query: { ...month, from: b.trendStart, by: 'month' } },
  });
  if (collections) {
    tiles.push({
      id: 'collections-month',
      value: collections.reduce((n, r) => n + num(r.amount), 0),
      kind: 'money',
      parts: collections.map((r) => ({ key: String(r.k), label: gatewayLabel(String(r.k)), value: num(r.amount) })),
      link: { report: 'collections', query: { ...month, by: 'gateway' } },
    });
  }
  const rd = readings[0] ?? {};
  tiles.push({
    id: 'readings-month',
    value: num(rd.n),
    kind: 'count',
    parts: [
      { key: 'offline', label: null, value: num(rd.offline) },
      { key: 'late', label: null, value: num(rd.late) },
      { key: 'offlineShare', label: null, value: num(rd.n) > 0 ? Math.round((1000 * num(rd.offline)) / num(rd.n)) / 10 : 0 },
    ],
    link: { report: 'readings', query: { from: b.monthStart, to: b.today, by: 'company' } },
  });
  return { tiles, generatedAt: now.toISOString() };
}

/** The calendar day `n` days after `day` (`YYYY-MM-DD`). */
function shiftDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
