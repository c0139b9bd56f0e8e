import { sql, type SQL } from 'drizzle-orm';
import type { TLocalized } from '../../../contract/common.ts';
import type { TReportColumn, TReportDimension, TReportId, TReportResult, TReportRow } from '../../../contract/reports.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../app-error.ts';
import type { ReportFilters } from './filters.ts';
import {
  CHANGE_MARGIN,
  daysLiteral,
  placedPaymentLines,
  readPaymentSummary,
  readSummary,
  refreshDays,
  summaryPlan,
  type PaymentStatusKind,
  type PaymentSummaryView,
  type RefreshResult,
  type SummaryView,
} from './payment-lines.ts';
import type { ReportRunner } from './registry.ts';
import type { ReportScope } from './scope.ts';

/*
 * The financial reports (issue 25, decision 057; ACCESS_FINANCIAL_REPORTS only). Every figure is aggregated by
 * PostgreSQL in piastres (bigint), within the caller's scope:
 *
 * - A payment's place (company, sector, service center) is its request's for a fee, and for bills the place of
 *   the meter of its first bill (a payment pays one payer's bills; the place of the meter they belong to). A
 *   payment with no place is the holding's: only a holding employee (no company) counts it.
 * - `collections`: payments that succeeded (status `succeeded`: a refunded payment is not kept money), by the
 *   day they were paid (Cairo), their gateway and channel, service (bills: PAYBILLS) or place.
 * - `fees-refunds`: the portal's service fees and the gateways' fees of those payments, and the payments refunded
 *   in the range (a refund is the payment's move to `refunded`, recorded by staff or from the gateway's verified
 *   word, dated by the `refunded_at` written with it: `updated_at` moves with any later write to the row).
 * - `bills-ageing`: bills unpaid at the end of the range (issued by then, not cancelled, and unpaid or paid after
 *   it), by days past due at that moment: not yet due, 0-30, 31-60, 61-90, over 90.
 * - `reconciliation`: what the gateways' verified callbacks say against the payments table: a success the portal
 *   does not hold as paid (no payment, or one not succeeded), a paid payment no verified success callback
 *   vouches for (paid through a status inquiry, or a callback lost), and a success whose amount differs from the
 *   payment's total. The callback's amount is read from its stored signed body (Paymob's and the sandbox's
 *   `obj.amount_cents`, Fawry's `orderAmount` in pounds).
 */

const DAY_MS = 86_400_000;
const CAIRO = 'Africa/Cairo';

/** What the gateways are called (proper names; the channel in both languages). */
const GATEWAY_NAMES: Record<string, TLocalized> = {
  sandbox: { ar: 'بوابة الاختبار', en: 'Sandbox gateway' },
  paymob: { ar: 'باي موب', en: 'Paymob' },
  fawry: { ar: 'فوري', en: 'Fawry' },
};
const CHANNEL_NAMES: Record<string, TLocalized> = {
  card: { ar: 'بطاقة', en: 'Card' },
  code: { ar: 'كود دفع', en: 'Payment code' },
};
export const gatewayLabel = (key: string): TLocalized => {
  const [gateway = '', channel = ''] = key.split(':');
  const g = GATEWAY_NAMES[gateway] ?? { ar: gateway, en: gateway };
  const c = CHANNEL_NAMES[channel];
  return c ? { ar: `${g.ar} - ${c.ar}`, en: `${g.en} - ${c.en}` } : g;
};

/** The kinds of discrepancy the reconciliation lists. */
export const RECONCILIATION_KINDS = {
  'gateway-only': { ar: 'نجح لدى البوابة ولم يُسجَّل مدفوعًا', en: 'Paid at the gateway, not in the portal' },
  'portal-only': { ar: 'مدفوع في البوابة الإلكترونية بلا تأكيد من بوابة الدفع', en: 'Paid in the portal, no gateway callback' },
  'amount-differs': { ar: 'المبلغ مختلف', en: 'Amount differs' },
} as const satisfies Record<string, TLocalized>;

/* -------------------------------------------------- helpers -------------------------------------------------- */

type Rows = Record<string, unknown>[];
const rowsOf = async (db: Db, q: SQL): Promise<Rows> => ((await db.execute(q)) as unknown as { rows: Rows }).rows;
const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

const col = (key: string, kind: TReportColumn['kind'], isDefault = true): TReportColumn => ({ key, kind, default: isDefault });

/**
 * The caller's scope on a row set with company_id, sector_id, service_center_id (the staff workspace's rule,
 * server/domain/staff/scope.ts: within the company, a row with no sector or service center is the whole
 * company's; a row with no company is the holding's).
 */
export function scopeSql(s: Pick<ReportScope, 'companyId' | 'sectorId' | 'serviceCenterIds'>, alias: string): SQL {
  const c = (name: string) => sql.raw(`${alias}.${name}`);
  const parts: SQL[] = [sql`true`];
  if (s.companyId !== null) {
    parts.push(sql`${c('company_id')} = ${s.companyId}`);
    if (s.sectorId) parts.push(sql`(${c('sector_id')} = ${s.sectorId} or ${c('sector_id')} is null)`);
    if (s.serviceCenterIds.length > 0)
      parts.push(
        sql`(${c('service_center_id')} in (${sql.join(
          s.serviceCenterIds.map((id) => sql`${id}`),
          sql`, `,
        )}) or ${c('service_center_id')} is null)`,
      );
  }
  return sql.join(parts, sql` and `);
}

/** The scope and the place filters (which only narrow it: another company than the caller's is FORBIDDEN). */
function placeCondition(s: ReportScope, f: ReportFilters, alias: string): SQL {
  if (f.companyId !== undefined && s.companyId !== null && f.companyId !== s.companyId)
    throw new AppError('FORBIDDEN', 'That company is outside your scope');
  const c = (name: string) => sql.raw(`${alias}.${name}`);
  const parts: SQL[] = [scopeSql(s, alias)];
  if (f.companyId) parts.push(sql`${c('company_id')} = ${f.companyId}`);
  if (f.sectorId) parts.push(sql`${c('sector_id')} = ${f.sectorId}`);
  if (f.serviceCenterId) parts.push(sql`${c('service_center_id')} = ${f.serviceCenterId}`);
  return sql.join(parts, sql` and `);
}

/** The group key of a dimension over the `placed` payment lines (`at`: the instant that dates the line). */
function keyOf(by: TReportDimension): SQL {
  switch (by) {
    case 'day':
      return sql.raw(`to_char(x.at at time zone '${CAIRO}', 'YYYY-MM-DD')`);
    case 'month':
      return sql.raw(`to_char(x.at at time zone '${CAIRO}', 'YYYY-MM')`);
    case 'gateway':
      return sql.raw(`x.gateway || ':' || x.channel`);
    case 'service':
      return sql.raw('x.service_slug');
    case 'company':
      return sql.raw('x.company_id');
    case 'sector':
      return sql.raw('x.sector_id');
    case 'serviceCenter':
      return sql.raw('x.service_center_id');
    default:
      return sql.raw('null::text');
  }
}

/** The localized name of a group key (SQL), or null: days and months are shown as they are. */
function labelOf(by: TReportDimension, key: SQL): SQL | null {
  switch (by) {
    case 'service':
      return sql`(select json_build_object('ar', s.data->'translations'->'ar'->>'serviceLabel', 'en', s.data->'translations'->'en'->>'serviceLabel') from services s where s.service_slug = ${key})`;
    case 'company':
      return sql`(select c.data->'name' from distribution_companies c where c.id = ${key})`;
    case 'sector':
      return sql`(select c.data->'name' from sectors c where c.id = ${key})`;
    case 'serviceCenter':
      return sql`(select c.data->'name' from service_centers c where c.id = ${key})`;
    default:
      return null;
  }
}

/** A dimension's cell: a day or month as it is, a gateway's name, a place's or service's localized name. */
function dimensionCell(by: TReportDimension, key: unknown, label: unknown): TReportRow[string] {
  if (key === null || key === undefined) return null;
  if (by === 'gateway') return gatewayLabel(String(key));
  if (by === 'day' || by === 'month') return String(key);
  const l = (typeof label === 'string' ? JSON.parse(label) : label) as TLocalized | null;
  return l && typeof l.ar === 'string' && typeof l.en === 'string' ? { ar: l.ar, en: l.en } : String(key);
}

/**
 * Succeeded (or refunded) payments with their place (payment-lines.ts: summarised days and live ones), within a
 * product role's service.
 */
function placedPayments(f: ReportFilters, s: ReportScope, status: PaymentStatusKind, view: PaymentSummaryView): SQL {
  if (s.serviceSlug !== undefined && f.service !== undefined && f.service !== s.serviceSlug)
    throw new AppError('FORBIDDEN', 'That service is outside your scope');
  return placedPaymentLines({ fromAt: f.fromAt, toAt: f.toAt, service: f.service ?? s.serviceSlug }, status, view);
}

type Measure = { key: string; kind: TReportColumn['kind']; expr: string; default?: boolean };

/**
 * A grouped report over payment lines: `lines` is a select of rows with the place columns and `at`; the page
 * of groups (ordered by key; days newest first) and the totals of every group.
 */
async function grouped(
  db: Db,
  id: TReportId,
  lines: SQL,
  f: ReportFilters,
  s: ReportScope,
  by: TReportDimension,
  measures: readonly Measure[],
  columns: readonly TReportColumn[],
): Promise<TReportResult> {
  const key = keyOf(by);
  const aggregates = sql.raw(measures.map((m) => `${m.expr} as "${m.key}"`).join(', '));
  const sums = sql.raw(measures.map((m) => `sum(g."${m.key}")::float8 as "${m.key}"`).join(', '));
  const order = by === 'day' || by === 'month' ? sql.raw('g.key desc nulls last') : sql.raw('g.amount_order desc, g.key');
  const label = labelOf(by, sql.raw('g.key'));
  const base = sql`with x as (select * from (${lines}) l where ${placeCondition(s, f, 'l')}),
    g as (select ${key} as key, ${aggregates}, ${sql.raw(measures[measures.length - 1]!.expr)} as amount_order from x group by 1)`;
  const offset = (f.page - 1) * f.pageSize;
  const [page, totals] = await Promise.all([
    rowsOf(
      db,
      sql`${base} select g.*, ${label ?? sql`null`} as label from g order by ${order} limit ${f.pageSize} offset ${offset}`,
    ),
    rowsOf(db, sql`${base} select count(*)::int as groups, ${sums} from g`),
  ]);
  const t = totals[0] ?? {};
  const row = (r: Record<string, unknown>): TReportRow => {
    const out: TReportRow = { [by]: dimensionCell(by, r.key, r.label) };
    for (const m of measures) out[m.key] = num(r[m.key]);
    return out;
  };
  const totalRow: TReportRow = { [by]: null };
  for (const m of measures) totalRow[m.key] = num(t[m.key]);
  return {
    report: id,
    columns: [...columns],
    rows: page.map(row),
    totals: totalRow,
    page: { index: f.page, size: f.pageSize, total: num(t.groups) },
    generatedAt: new Date().toISOString(),
  };
}

/** Every row of a runner, a page of `size` groups at a time (an export never holds the whole result). */
async function* allRows(run: ReportRunner['run'], db: Db, f: ReportFilters, s: ReportScope, size = 1000) {
  for (let page = 1; ; page++) {
    const r = await run(db, { ...f, page, pageSize: size }, s);
    yield* r.rows;
    if (page * size >= r.page.total || r.rows.length === 0) return;
  }
}

/* -------------------------------------------------- collections -------------------------------------------------- */

const COLLECTION_DIMENSIONS = ['day', 'gateway', 'service', 'company', 'sector', 'serviceCenter', 'month'] as const;
const COLLECTION_MEASURES: Measure[] = [
  { key: 'payments', kind: 'count', expr: 'sum(x.n)' },
  { key: 'billsAmount', kind: 'money', expr: 'sum(x.bills_total_piastres)', default: false },
  { key: 'serviceFees', kind: 'money', expr: 'sum(x.service_fee_piastres)', default: false },
  { key: 'gatewayFees', kind: 'money', expr: 'sum(x.gateway_fee_piastres)', default: false },
  { key: 'amount', kind: 'money', expr: 'sum(x.total_piastres)' },
];
const measureColumns = (by: TReportDimension | undefined, fallback: TReportDimension, measures: readonly Measure[]) => [
  col(by ?? fallback, 'dimension'),
  ...measures.map((m) => col(m.key, m.kind, m.default ?? true)),
];

const collections: ReportRunner = {
  financial: true,
  dimensions: COLLECTION_DIMENSIONS,
  columns: (by) => measureColumns(by, 'day', COLLECTION_MEASURES),
  run: async (db, f, s) => {
    const by = f.by ?? 'day';
    return grouped(
      db,
      'collections',
      placedPayments(f, s, 'succeeded', await readPaymentSummary(db)),
      f,
      s,
      by,
      COLLECTION_MEASURES,
      measureColumns(by, 'day', COLLECTION_MEASURES),
    );
  },
  rows: (db, f, s) => allRows(collections.run, db, f, s),
};

/* -------------------------------------------------- fees and refunds -------------------------------------------------- */

const FEE_DIMENSIONS = ['gateway', 'day', 'month', 'service', 'company', 'sector', 'serviceCenter'] as const;
const FEE_MEASURES: Measure[] = [
  { key: 'payments', kind: 'count', expr: `coalesce(sum(x.n) filter (where x.kind = 'paid'), 0)` },
  { key: 'serviceFees', kind: 'money', expr: `coalesce(sum(x.service_fee_piastres) filter (where x.kind = 'paid'), 0)` },
  { key: 'gatewayFees', kind: 'money', expr: `coalesce(sum(x.gateway_fee_piastres) filter (where x.kind = 'paid'), 0)` },
  { key: 'refunds', kind: 'count', expr: `coalesce(sum(x.n) filter (where x.kind = 'refunded'), 0)` },
  { key: 'refundedAmount', kind: 'money', expr: `coalesce(sum(x.total_piastres) filter (where x.kind = 'refunded'), 0)` },
  {
    key: 'fees',
    kind: 'money',
    expr: `coalesce(sum(x.service_fee_piastres + x.gateway_fee_piastres) filter (where x.kind = 'paid'), 0)`,
  },
];

const feesRefunds: ReportRunner = {
  financial: true,
  dimensions: FEE_DIMENSIONS,
  columns: (by) => measureColumns(by, 'gateway', FEE_MEASURES),
  run: async (db, f, s) => {
    const by = f.by ?? 'gateway';
    const view = await readPaymentSummary(db);
    const lines = sql`select 'paid' as kind, a.* from (${placedPayments(f, s, 'succeeded', view)}) a
      union all select 'refunded' as kind, b.* from (${placedPayments(f, s, 'refunded', view)}) b`;
    return grouped(db, 'fees-refunds', lines, f, s, by, FEE_MEASURES, measureColumns(by, 'gateway', FEE_MEASURES));
  },
  rows: (db, f, s) => allRows(feesRefunds.run, db, f, s),
};

/* -------------------------------------------------- bills ageing -------------------------------------------------- */

const AGEING_DIMENSIONS = ['company', 'sector', 'serviceCenter'] as const;
const AGEING_MEASURES: Measure[] = [
  { key: 'bills', kind: 'count', expr: 'count(*)' },
  { key: 'notDue', kind: 'money', expr: 'coalesce(sum(x.amount_piastres) filter (where x.days < 0), 0)' },
  { key: 'days0to30', kind: 'money', expr: 'coalesce(sum(x.amount_piastres) filter (where x.days between 0 and 30), 0)' },
  { key: 'days31to60', kind: 'money', expr: 'coalesce(sum(x.amount_piastres) filter (where x.days between 31 and 60), 0)' },
  { key: 'days61to90', kind: 'money', expr: 'coalesce(sum(x.amount_piastres) filter (where x.days between 61 and 90), 0)' },
  { key: 'days90plus', kind: 'money', expr: 'coalesce(sum(x.amount_piastres) filter (where x.days > 90), 0)' },
  { key: 'amount', kind: 'money', expr: 'sum(x.amount_piastres)' },
];

/** The moment the ageing is taken at: the end of the range, or now if that is later than now. */
export const ageingAt = (f: Pick<ReportFilters, 'toAt' | 'now'>) => (f.toAt.getTime() < f.now.getTime() ? f.toAt : f.now);

const PLACES_ONLY = ['companyId', 'sectorId', 'serviceCenterId'] as const;

const billsAgeing: ReportRunner = {
  financial: true,
  dimensions: AGEING_DIMENSIONS,
  filters: PLACES_ONLY,
  columns: (by) => measureColumns(by, 'company', AGEING_MEASURES),
  run: (db, f, s) => {
    const by = f.by ?? 'company';
    const at = ageingAt(f);
    const lines = sql`
      select b.amount_piastres, b.issued_at as at, floor(extract(epoch from (${at}::timestamptz - b.due_at)) / ${DAY_MS / 1000})::int as days,
        m.company_id, m.sector_id, m.service_center_id
      from bills b join meters m on m.id = b.meter_id
      where b.issued_at < ${at} and (b.status = 'unpaid' or (b.status = 'paid' and b.paid_at >= ${at}))`;
    return grouped(db, 'bills-ageing', lines, f, s, by, AGEING_MEASURES, measureColumns(by, 'company', AGEING_MEASURES));
  },
  rows: (db, f, s) => allRows(billsAgeing.run, db, f, s),
};

/* -------------------------------------------------- reconciliation -------------------------------------------------- */

/** A verified callback saying "paid": Paymob's and the sandbox's kind is the outcome, Fawry's its order status. */
const SUCCESS_KINDS = sql`('succeeded', 'PAID')`;
/** The amount a stored callback body says, in piastres (null when it says none a number can be read from). */
const CALLBACK_AMOUNT = sql.raw(`case
  when c.gateway = 'fawry' then case when coalesce(c.payload->>'orderAmount', c.payload->>'paymentAmount') ~ '^[0-9]{1,12}(\\.[0-9]{1,2})?$'
    then round(coalesce(c.payload->>'orderAmount', c.payload->>'paymentAmount')::numeric * 100)::bigint end
  else case when c.payload->'obj'->>'amount_cents' ~ '^[0-9]{1,15}$' then (c.payload->'obj'->>'amount_cents')::bigint end
end`);

const RECONCILIATION_COLUMNS: TReportColumn[] = [
  col('date', 'date'),
  col('kind', 'dimension'),
  col('gateway', 'dimension'),
  col('transactionId', 'text'),
  col('merchantReference', 'text'),
  col('paymentStatus', 'text', false),
  col('portalAmount', 'money'),
  col('gatewayAmount', 'money'),
  col('difference', 'money'),
];

/** Instants in one of `ranges` ([from, to)). */
const inRanges = (at: string, ranges: readonly (readonly [Date, Date])[]): SQL =>
  sql`(${sql.join(
    ranges.map(
      ([a, b]) => sql`(${sql.raw(at)} >= ${a.toISOString()}::timestamptz and ${sql.raw(at)} < ${b.toISOString()}::timestamptz)`,
    ),
    sql` or `,
  )})`;

/**
 * The discrepancies dated in one of `ranges`, each with the place of its payment (none: the holding's). Columns:
 * kind, at, gateway, channel, transaction_id, merchant_reference, payment_status, payment_id, portal_amount,
 * gateway_amount, company_id, sector_id, service_center_id, row_id.
 */
function discrepancies(ranges: readonly (readonly [Date, Date])[]): SQL {
  return sql`
    select 'gateway-only' as kind, c.received_at as at, c.gateway, coalesce(p.channel, '') as channel, c.transaction_id,
      p.merchant_reference, p.status as payment_status, p.id as payment_id,
      null::bigint as portal_amount, ${CALLBACK_AMOUNT} as gateway_amount,
      coalesce(r.company_id, m.company_id) as company_id, coalesce(r.sector_id, m.sector_id) as sector_id,
      coalesce(r.service_center_id, m.service_center_id) as service_center_id, 'c' || c.id as row_id
    from payment_callbacks c
    left join payments p on p.id = c.payment_id
    left join requests r on p.purpose = 'fee' and r.id = p.request_id
    left join lateral (
      select mt.company_id, mt.sector_id, mt.service_center_id from payment_items i join bills b on b.id = i.bill_id
      join meters mt on mt.id = b.meter_id where p.purpose = 'bills' and i.payment_id = p.id order by i.bill_id limit 1
    ) m on true
    where c.verified and c.kind in ${SUCCESS_KINDS} and ${inRanges('c.received_at', ranges)}
      and (p.id is null or p.status not in ('succeeded', 'refunded'))
    union all
    select case when cb.n > 0 then 'amount-differs' else 'portal-only' end as kind,
      p.paid_at as at, p.gateway, p.channel, p.gateway_transaction_id,
      p.merchant_reference, p.status, p.id,
      p.total_piastres, cb.amount,
      coalesce(r.company_id, m.company_id), coalesce(r.sector_id, m.sector_id),
      coalesce(r.service_center_id, m.service_center_id), 'p' || p.id
    from payments p
    cross join lateral (
      -- The verified successes that name this payment (applied to it, or carrying its transaction id): each
      -- way by its own index (payment_callbacks_payment_idx, payment_callbacks_uq).
      select count(*) as n, count(*) filter (where a.amount is not distinct from p.total_piastres) as same, min(a.amount) as amount
      from (
        select ${CALLBACK_AMOUNT} as amount from payment_callbacks c
          where c.payment_id = p.id and c.verified and c.kind in ${SUCCESS_KINDS}
        union
        select ${CALLBACK_AMOUNT} from payment_callbacks c
          where c.gateway = p.gateway and c.transaction_id = p.gateway_transaction_id and c.verified and c.kind in ${SUCCESS_KINDS}
      ) a
    ) cb
    left join requests r on p.purpose = 'fee' and r.id = p.request_id
    left join lateral (
      select mt.company_id, mt.sector_id, mt.service_center_id from payment_items i join bills b on b.id = i.bill_id
      join meters mt on mt.id = b.meter_id where p.purpose = 'bills' and i.payment_id = p.id order by i.bill_id limit 1
    ) m on true
    where p.status in ('succeeded', 'refunded') and ${inRanges('p.paid_at', ranges)} and cb.same = 0`;
}

/* The reconciliation's per-day summary (decision 075): the discrepancy rows of whole past days, kept by the
   `report-summaries` job; a day is dirty when a payment dated on it changed, when a callback arrived for it (by the
   payment it was applied to or by its transaction id), or when a callback dated on it or its payment changed. */
export const RECONCILIATION_SUMMARY = 'reconciliation';
const RECONCILIATION_DIRTY = sql`array(
  select (p.paid_at at time zone 'Africa/Cairo')::date::text from payments p
    where p.updated_at >= s.checked_at - ${CHANGE_MARGIN}::interval and p.paid_at is not null
  union
  select (c.received_at at time zone 'Africa/Cairo')::date::text from payments p join payment_callbacks c on c.payment_id = p.id
    where p.updated_at >= s.checked_at - ${CHANGE_MARGIN}::interval
  union
  select (c.received_at at time zone 'Africa/Cairo')::date::text from payment_callbacks c
    where c.received_at >= s.checked_at - ${CHANGE_MARGIN}::interval
  union
  select (p.paid_at at time zone 'Africa/Cairo')::date::text from payment_callbacks c join payments p on p.id = c.payment_id
    where c.received_at >= s.checked_at - ${CHANGE_MARGIN}::interval and p.paid_at is not null
  union
  select (p.paid_at at time zone 'Africa/Cairo')::date::text from payment_callbacks c
    join payments p on p.gateway = c.gateway and p.gateway_transaction_id = c.transaction_id
    where c.received_at >= s.checked_at - ${CHANGE_MARGIN}::interval and p.paid_at is not null
)`;

export const readReconciliationSummary = (db: Db): Promise<SummaryView> =>
  readSummary(db, RECONCILIATION_SUMMARY, RECONCILIATION_DIRTY);

/** The discrepancies of [fromAt, toAt): the summary's rows of clean whole days, the rest from the base tables. */
function reconciliationLines(f: ReportFilters, view: SummaryView): SQL {
  const { summary, live } = summaryPlan(f.fromAt, f.toAt, view);
  if (summary === null) return discrepancies(live);
  const summarised = sql`
    select s.kind, s.at, s.gateway, s.channel, s.transaction_id, s.merchant_reference, s.payment_status, s.payment_id,
      s.portal_amount, s.gateway_amount, s.company_id, s.sector_id, s.service_center_id, s.row_id
    from report_reconciliation_rows s
    where s.day >= ${summary.first}::date and s.day < ${summary.endDay}::date and s.day <> all(${daysLiteral(summary.dirty)})`;
  return live.length > 0 ? sql`${summarised} union all ${discrepancies(live)}` : summarised;
}

/** Keeps `report_reconciliation_rows` (the `report-summaries` job; refreshDays). */
export async function refreshReconciliationDays(db: Db): Promise<RefreshResult> {
  return refreshDays(db, {
    name: RECONCILIATION_SUMMARY,
    tables: ['report_reconciliation_rows'],
    dirtyDays: RECONCILIATION_DIRTY,
    insert: async (tx, ranges) => {
      const inserted = await rowsOf(
        tx,
        sql`with ins as (insert into report_reconciliation_rows (day, kind, at, gateway, channel, transaction_id,
            merchant_reference, payment_status, payment_id, portal_amount, gateway_amount, company_id, sector_id,
            service_center_id, row_id)
          select (d.at at time zone ${CAIRO})::date, d.* from (${discrepancies(ranges)}) d returning 1)
          select count(*)::int as n from ins`,
      );
      return num(inserted[0]?.n);
    },
  });
}

const reconciliation: ReportRunner = {
  financial: true,
  dimensions: [],
  filters: PLACES_ONLY,
  columns: () => RECONCILIATION_COLUMNS,
  run: async (db, f, s) => {
    const lines = reconciliationLines(f, await readReconciliationSummary(db));
    const base = sql`with x as (select * from (${lines}) d where ${placeCondition(s, f, 'd')})`;
    const offset = (f.page - 1) * f.pageSize;
    const [page, totals] = await Promise.all([
      rowsOf(db, sql`${base} select * from x order by x.at desc, x.row_id limit ${f.pageSize} offset ${offset}`),
      rowsOf(
        db,
        sql`${base} select count(*)::int as n, coalesce(sum(x.portal_amount), 0)::float8 as portal,
          coalesce(sum(x.gateway_amount), 0)::float8 as gateway,
          coalesce(sum(coalesce(x.gateway_amount, 0) - coalesce(x.portal_amount, 0)), 0)::float8 as difference from x`,
      ),
    ]);
    const t = totals[0] ?? {};
    return {
      report: 'reconciliation',
      columns: RECONCILIATION_COLUMNS,
      rows: page.map((r) => reconciliationRow(r)),
      totals: {
        date: null,
        kind: null,
        gateway: null,
        transactionId: null,
        merchantReference: null,
        paymentStatus: null,
        portalAmount: num(t.portal),
        gatewayAmount: num(t.gateway),
        difference: num(t.difference),
      },
      page: { index: f.page, size: f.pageSize, total: num(t.n) },
      generatedAt: new Date().toISOString(),
    };
  },
  rows: (db, f, s) => allRows(reconciliation.run, db, f, s),
};

function reconciliationRow(r: Record<string, unknown>): TReportRow {
  const portal = r.portal_amount === null || r.portal_amount === undefined ? null : Number(r.portal_amount);
  const gateway = r.gateway_amount === null || r.gateway_amount === undefined ? null : Number(r.gateway_amount);
  const at = r.at instanceof Date ? r.at : new Date(String(r.at));
  const kind = String(r.kind) as keyof typeof RECONCILIATION_KINDS;
  return {
    date: at.toISOString(),
    kind: RECONCILIATION_KINDS[kind] ?? kind,
    gateway: gatewayLabel(r.channel ? `${String(r.gateway)}:${String(r.channel)}` : String(r.gateway)),
    transactionId: r.transaction_id === null || r.transaction_id === undefined ? null : String(r.transaction_id),
    merchantReference: r.merchant_reference === null || r.merchant_reference === undefined ? null : String(r.merchant_reference),
    paymentStatus: r.payment_status === null || r.payment_status === undefined ? null : String(r.payment_status),
    portalAmount: portal,
    gatewayAmount: gateway,
    difference: (gateway ?? 0) - (portal ?? 0),
  };
}

export const FINANCIAL_RUNNERS: Partial<Record<TReportId, ReportRunner>> = {
  collections,
  'fees-refunds': feesRefunds,
  'bills-ageing': billsAgeing,
  reconciliation,
};
