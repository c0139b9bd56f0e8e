import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { transaction } from '../db/tx.ts';
import { services as seedServices } from './data/catalog.ts';
import { companies, serviceCenters } from './data/reference.ts';
import { stageIdOf } from '../domain/requests/service.ts';
import type { TService } from '../../contract/catalog.ts';

/*
 * Generated data for the reports (issue 25, decision 057): citizens with approved meters, months of readings
 * (some sent late or offline), bills (paid, and unpaid in every age bucket), requests across services, statuses,
 * companies, sectors and service centers (some filed on behalf, some rated), and payments (bills and fees, card
 * and code, a few refunded) with their gateways' verified callbacks, plus a handful of reconciliation
 * discrepancies. Written by a few `generate_series` statements (no row travels from Node), deterministic for a
 * given `now` (every choice is arithmetic on the row's index), with ids prefixed `gen-`: the demo accounts and
 * what tests inspect of them are untouched. The demo (`npm start`) writes a few thousand rows; the reports
 * benchmark (bench/reports.ts) a million requests with the same statements.
 */

export type ReportDataSize = {
  citizens: number;
  metersPerCitizen: number;
  /** Months of readings per meter before this one (the newest: last month), and this month's so far for most meters. */
  readingMonths: number;
  /** Of those, the newest months that have bills. */
  billMonths: number;
  requests: number;
  /** Requests are filed over this many days before `now`. */
  requestDays: number;
  /** Of the requests of services with a fee, how many in a thousand (about) have a fee payment. */
  feePermille?: number;
};

export const DEMO_REPORT_DATA: ReportDataSize = {
  citizens: 300,
  metersPerCitizen: 1,
  readingMonths: 6,
  billMonths: 6,
  requests: 3000,
  requestDays: 183,
};

const PRIMES = [
  2654435761, 2246822519, 3266489917, 668265263, 374761393, 1597334677, 3812015801, 2870177450, 1181783497, 4101842887,
];
/** A deterministic pseudo-random integer in [0, m) from a row index and a salt. */
const rnd = (expr: string, salt: number, m: number | string) =>
  `((((${expr})::bigint * ${PRIMES[salt % PRIMES.length]} + ${salt * 7919}) % 2147483647 % (${m}))::int)`;

const FIRST = ['محمد', 'أحمد', 'محمود', 'مصطفى', 'منى', 'فاطمة', 'مريم', 'سارة', 'عمر', 'علي', 'حسن', 'يوسف', 'هدى', 'نور'];
const LAST = ['حسن', 'عبد الله', 'السيد', 'إبراهيم', 'منصور', 'فؤاد', 'سليمان', 'النجار', 'زكي', 'رمضان'];
const arr = (list: readonly string[]) => sql.raw(`array[${list.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]::text[]`);

/** The services requests are generated for, with what the generator picks from. */
function serviceChoices() {
  const list = (seedServices as unknown as TService[]).filter(
    (s) => !s.deactivated && !['PAYBILLS', 'BILL_CALCULATOR'].includes(s.serviceSlug),
  );
  return list.map((s) => {
    const statuses = s.workflow.statuses;
    const pair = (id: string) => [id, stageIdOf(s, id)];
    return {
      slug: s.serviceSlug,
      id: s.id,
      version: s.version,
      activity: s.activities[0]?.activityId ?? 'apply',
      initial: pair(s.workflow.initialStatus),
      opens: statuses.filter((x) => !x.final).map((x) => pair(x.id)),
      // The first final status is the good outcome: most decided requests end there.
      finals: statuses.filter((x) => x.final).map((x) => pair(x.id)),
      days: s.stages.reduce((n, st) => n + st.days, 0),
      fee: statuses.some((x) => x.id === 'awaiting_payment'),
    };
  });
}

/** Companies and their service centers (with sectors): where citizens and their meters are. */
function places() {
  return companies.map((c) => ({
    id: c.id,
    centers: serviceCenters.filter((sc) => sc.companyId === c.id).map((sc) => [sc.id, sc.sectorId ?? null]),
  }));
}

/** Whether generated data is already there. */
export async function hasReportData(db: Db): Promise<boolean> {
  const r = (await db.execute(sql`select 1 from users where id = 'gen-citizen-1'`)) as unknown as { rows: unknown[] };
  return r.rows.length > 0;
}

/** Writes the generated data (once: a database that has it is left alone). Returns the requests written. */
export async function generateReportData(db: Db, size: ReportDataSize = DEMO_REPORT_DATA, now = new Date()): Promise<number> {
  if (await hasReportData(db)) return 0;
  const svc = JSON.stringify(serviceChoices());
  const plc = JSON.stringify(places());
  const C = size.citizens;
  const M = size.metersPerCitizen;
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const statements: SQL[] = [];

  /* -- citizens: national ids from 1940 to 1999 (some 60 or older), each at one company and service center -- */
  statements.push(sql`
    insert into users (id, number, user_slug, username, first_name, last_name, national_id, email_verified, mobile_verified, created_at, updated_at)
    select 'gen-citizen-' || g, nextval('user_number_seq'), 'citizen', 'gen.citizen.' || g,
      (${arr(FIRST)})[1 + ${sql.raw(rnd('g', 1, FIRST.length))}], (${arr(LAST)})[1 + ${sql.raw(rnd('g', 2, LAST.length))}],
      '2' || lpad((40 + ${sql.raw(rnd('g', 3, 60))})::text, 2, '0') || lpad((1 + ${sql.raw(rnd('g', 4, 12))})::text, 2, '0')
        || lpad((1 + ${sql.raw(rnd('g', 5, 28))})::text, 2, '0') || '9' || lpad(g::text, 5, '0') || (g % 10)::text,
      true, true, ${nowSql} - interval '400 days', ${nowSql} - interval '400 days'
    from generate_series(1, ${C}) g`);

  /* -- meters: approved, at the citizen's company (North and South Cairo the busiest) -- */
  statements.push(sql`
    with p as (select (ord - 1)::int as k, e from jsonb_array_elements(${plc}::jsonb) with ordinality t(e, ord)),
    n as (select count(*)::int as n from p),
    m as (select g, ((g - 1) / ${M}) + 1 as c, (case when ${sql.raw(rnd('(g - 1) / ' + M, 6, 100))} < 30 then 0
        when ${sql.raw(rnd('(g - 1) / ' + M, 6, 100))} < 55 then 1 else ${sql.raw(rnd('(g - 1) / ' + M, 7, 1000))} % (select n from n) end) as k
      from generate_series(1, ${C * M}) g)
    insert into meters (id, owner_id, number, type, owner_name, owner_national_id, address, company_id, sector_id, service_center_id,
      connection_type, status, initial_reading, decided_at, created_at, updated_at)
    select 'gen-meter-' || m.g, 'gen-citizen-' || m.c, '7' || lpad(m.g::text, 7, '0'), 'single_phase', u.first_name || ' ' || u.last_name,
      u.national_id, 'شارع النيل', p.e->>'id',
      case when jsonb_array_length(p.e->'centers') > 0 then p.e->'centers'->(${sql.raw(rnd('m.g', 8, "greatest(1, jsonb_array_length(p.e->'centers'))"))}::int)->>1 end,
      case when jsonb_array_length(p.e->'centers') > 0 then p.e->'centers'->(${sql.raw(rnd('m.g', 8, "greatest(1, jsonb_array_length(p.e->'centers'))"))}::int)->>0 end,
      case when m.g % 5 = 0 then 'commercial' else 'residential' end, 'approved', 1000, ${nowSql} - interval '390 days',
      ${nowSql} - interval '395 days', ${nowSql} - interval '390 days'
    from m join p on p.k = m.k join users u on u.id = 'gen-citizen-' || m.c`);

  /* -- readings: one a month, most in the month's last days, some late (received the next month), some sent offline (received
     hours after being read); this month's (i = 0) for three meters in four, read so far this month (the readings report's and
     the dashboard's default range is this month: never empty, whatever the day) -- */
  statements.push(sql`
    with mo as (select i, to_char(date_trunc('month', ${nowSql} at time zone 'Africa/Cairo') - make_interval(months => i), 'YYYY-MM') as period
      from generate_series(0, ${size.readingMonths}) i)
    insert into meter_readings (id, meter_id, period, value, consumption, read_at, source, submitted_by_id, created_at)
    select 'gen-reading-' || m.id || '-' || mo.period, m.id, mo.period,
      1000 + (${size.readingMonths} - mo.i + 1) * (150 + (hashtext(m.id) & 255)),
      150 + (hashtext(m.id) & 255) + ${sql.raw(rnd('hashtext(m.id) & 65535 + i', 9, 120))},
      r.read_at, case when ${sql.raw(rnd('hashtext(m.id) & 65535 + i', 1, 10))} < 7 then 'citizen' else 'reader' end, m.owner_id,
      least(${nowSql}, r.read_at + case when ${sql.raw(rnd('hashtext(m.id) & 65535 + i', 2, 100))} < 12
        then make_interval(hours => 6 + ${sql.raw(rnd('hashtext(m.id) & 65535 + i', 3, 60))}) else make_interval(secs => 2) end)
    from meters m cross join mo
    cross join lateral (select (mo.period || '-01')::timestamp at time zone 'Africa/Cairo' as month_at) ms
    cross join lateral (select case
        when mo.i = 0 then ms.month_at + (${nowSql} - ms.month_at) * (${sql.raw(rnd('hashtext(m.id) & 65535', 5, 1000))} / 1000.0)
        else ((mo.period || '-01')::date + case
          when ${sql.raw(rnd('hashtext(m.id) & 65535 + i', 4, 100))} < 15 then interval '1 month' + make_interval(days => ${sql.raw(rnd('hashtext(m.id) & 65535 + i', 5, 10))}, hours => 9)
          else make_interval(days => 19 + ${sql.raw(rnd('hashtext(m.id) & 65535 + i', 5, 7))}, hours => 9) end)::timestamp at time zone 'Africa/Cairo'
        end as read_at) r
    where m.id like 'gen-meter-%' and r.read_at < ${nowSql} and (mo.i > 0 or ${sql.raw(rnd('hashtext(m.id) & 65535', 4, 100))} < 75)`);

  /* -- bills: one per reading of the newest months, due 30 days after issue; paid ones paid before or after their due date, the rest unpaid (every age) -- */
  statements.push(sql`
    insert into bills (id, number, meter_id, period, reading_id, consumption, amount_piastres, issued_at, due_at, status, paid_at, created_at)
    select 'gen-bill-' || r.id, 'G' || lpad(row_number() over (order by r.id)::text, 9, '0'), r.meter_id, r.period, r.id, r.consumption,
      r.consumption * (68 + (hashtext(r.meter_id) & 31)) + 900, r.read_at + interval '2 days', r.read_at + interval '32 days',
      case when ${sql.raw(rnd('hashtext(r.id) & 1048575', 6, 100))} < 22 then 'unpaid' else 'paid' end,
      case when ${sql.raw(rnd('hashtext(r.id) & 1048575', 6, 100))} < 22 then null
        else least(${nowSql} - interval '1 hour', r.read_at + make_interval(days => 3 + ${sql.raw(rnd('hashtext(r.id) & 1048575', 7, 40))})) end,
      r.read_at + interval '2 days'
    from meter_readings r
    where r.id like 'gen-reading-%'
      and r.period >= to_char(date_trunc('month', ${nowSql} at time zone 'Africa/Cairo') - make_interval(months => ${size.billMonths}), 'YYYY-MM')
      and r.period < to_char(${nowSql} at time zone 'Africa/Cairo', 'YYYY-MM')
      and r.read_at + interval '2 days' < ${nowSql}`);

  /* -- requests: spread over requestDays (more recently), old ones mostly decided -- */
  statements.push(sql`
    with s as (select (ord - 1)::int as k, e from jsonb_array_elements(${svc}::jsonb) with ordinality t(e, ord)),
    ns as (select count(*)::int as n from s),
    b as (select g, 1 + ${sql.raw(rnd('g', 1, C))} as c,
        ${nowSql} - make_interval(secs => (${sql.raw(rnd('g', 2, size.requestDays * 86400))})::float8
          * (case when g % 3 = 0 then 0.2 else 1 end)) as created_at,
        ${sql.raw(rnd('g', 3, 100))} as o, ${sql.raw(rnd('g', 4, 1000))} as pick, ${sql.raw(rnd('g', 5, 1000))} as speed
      from generate_series(1, ${size.requests}) g),
    x as (select b.*, s.e, extract(epoch from (${nowSql} - b.created_at)) / 86400 as age,
        m.company_id, m.sector_id, m.service_center_id, u.first_name || ' ' || u.last_name as name, u.national_id
      from b join s on s.k = ${sql.raw(rnd('b.g', 6, '(select n from ns)'))}
      join meters m on m.id = 'gen-meter-' || (((b.c - 1) * ${M}) + 1)
      join users u on u.id = 'gen-citizen-' || b.c),
    y as (select x.*, o >= (case when age < 7 then 85 when age < 30 then 50 when age < 90 then 15 else 4 end) as decided from x),
    z as (select y.*,
        case when decided then (case when pick < 720 then e->'finals'->0 else e->'finals'->(pick % jsonb_array_length(e->'finals'))::int end)
          when pick < 450 then e->'initial' else e->'opens'->(pick % jsonb_array_length(e->'opens'))::int end as st,
        least(${nowSql}, created_at + make_interval(secs => (speed / 1000.0) * 86400 * least(age, greatest(1, (e->>'days')::int * 1.4)))) as moved_at
      from y)
    insert into requests (id, number, service_id, service_slug, service_version, activity_id, status, stage_id, stage_started_at,
      owner_id, applicant_name, national_id, data, company_id, sector_id, service_center_id, filed_by_id, escalated, escalated_at,
      lang, status_updated_at, created_at, updated_at)
    select 'e0000000-0000-4000-8000-' || lpad(g::text, 12, '0'),
      (e->>'slug') || '-' || to_char(created_at at time zone 'Africa/Cairo', 'YYYY') || '-' || lpad((coalesce(rc.last, 0)
        + row_number() over (partition by e->>'slug', to_char(created_at at time zone 'Africa/Cairo', 'YYYY') order by g))::text, 6, '0'),
      e->>'id', e->>'slug', (e->>'version')::int, e->>'activity', st->>0, st->>1,
      case when st = e->'initial' then created_at else moved_at end,
      'gen-citizen-' || c, name, national_id, '{}'::jsonb,
      case when g % 10 = 0 then null else company_id end, case when g % 10 = 0 then null else sector_id end,
      case when g % 10 = 0 then null else service_center_id end,
      case when g % 17 = 0 then 'demo-employee' when g % 23 = 0 then 'demo-agent' end,
      not decided and speed < 40, case when not decided and speed < 40 then moved_at end,
      case when g % 7 = 0 then 'en' else 'ar' end,
      case when st = e->'initial' then created_at else moved_at end, created_at, case when st = e->'initial' then created_at else moved_at end
    from z left join request_counters rc on rc.service_slug = e->>'slug' and rc.year = extract(year from created_at at time zone 'Africa/Cairo')::int`);

  /* -- the services' request counters continue after the generated numbers -- */
  statements.push(sql`
    insert into request_counters (service_slug, year, last)
    select service_slug, split_part(right(number, 11), '-', 1)::int, max(right(number, 6)::int)
    from requests where id like 'e0000000-0000-4000-8000-%' group by 1, 2
    on conflict (service_slug, year) do update set last = greatest(request_counters.last, excluded.last)`);

  /* -- ratings: four in ten decided requests -- */
  statements.push(sql`
    insert into request_ratings (request_id, answer, created_at)
    select r.id, case when ${sql.raw(rnd('right(r.id, 12)::bigint', 7, 100))} < 68 then 3 when ${sql.raw(rnd('right(r.id, 12)::bigint', 7, 100))} < 90 then 2 else 1 end,
      least(${nowSql}, r.status_updated_at + interval '1 day')
    from requests r
    where r.id like 'e0000000-0000-4000-8000-%' and ${sql.raw(rnd('right(r.id, 12)::bigint', 8, 10))} < 4
      and r.status in (select (jsonb_array_elements(e->'finals'))->>0 from jsonb_array_elements(${svc}::jsonb) e where e->>'slug' = r.service_slug)`);

  /* -- bills payments: one per paid bill, by card (sandbox) or code (Fawry) -- */
  statements.push(sql`
    insert into payments (id, payer_id, purpose, gateway, channel, status, bills_total_piastres, service_fee_piastres, gateway_fee_piastres,
      total_piastres, merchant_reference, gateway_order_id, gateway_transaction_id, reference_number, lang, created_at, updated_at, paid_at, checked_at)
    select 'gen-pay-' || b.id, m.owner_id, 'bills', case when k.code then 'fawry' else 'sandbox' end, case when k.code then 'code' else 'card' end,
      'succeeded', b.amount_piastres, 0, k.fee, b.amount_piastres + k.fee, 'GEN' || upper(md5(b.id)), 'gen-ord-' || b.id, 'gen-tx-' || b.id,
      case when k.code then '9' || lpad((hashtext(b.id) & 16777215)::text, 8, '0') end, 'ar',
      b.paid_at - interval '10 minutes', b.paid_at, b.paid_at, b.paid_at
    from bills b join meters m on m.id = b.meter_id
    cross join lateral (select (hashtext(b.id) & 3) = 0 as code) c0
    cross join lateral (select c0.code, case when c0.code then 500 else least(2000, greatest(100, b.amount_piastres * 2 / 100)) end as fee) k
    where b.id like 'gen-bill-%' and b.status = 'paid'`);
  statements.push(sql`
    insert into payment_items (payment_id, bill_id, amount_piastres)
    select 'gen-pay-' || b.id, b.id, b.amount_piastres from bills b where b.id like 'gen-bill-%' and b.status = 'paid'`);
  statements.push(sql`update bills set payment_id = 'gen-pay-' || id where id like 'gen-bill-%' and status = 'paid'`);

  /* -- fee payments: a third of the requests of services with a fee: paid (a few refunded), some failed -- */
  statements.push(sql`
    with f as (select r.*, hashtext(r.id) as h from requests r
      where r.id like 'e0000000-0000-4000-8000-%' and r.service_slug in (select e->>'slug' from jsonb_array_elements(${svc}::jsonb) e where (e->>'fee')::boolean)
        and (hashtext(r.id) & 1023) < ${Math.round(((size.feePermille ?? 750) * 1024) / 1000)})
    insert into payments (id, payer_id, purpose, request_id, activity_id, service_slug, gateway, channel, status, bills_total_piastres,
      service_fee_piastres, gateway_fee_piastres, total_piastres, merchant_reference, gateway_order_id, gateway_transaction_id, failure_reason,
      lang, created_at, updated_at, paid_at, checked_at, refunded_at)
    select 'gen-pay-' || f.id, f.owner_id, 'fee', f.id, 'pay', f.service_slug, case when f.h & 8 = 0 then 'sandbox' else 'fawry' end,
      case when f.h & 8 = 0 then 'card' else 'code' end,
      case when (f.h >> 4) & 31 = 0 then 'refunded' when (f.h >> 4) & 31 in (1, 2) then 'failed' else 'succeeded' end,
      0, fee.v, case when f.h & 8 = 0 then fee.v * 2 / 100 else 500 end, fee.v + case when f.h & 8 = 0 then fee.v * 2 / 100 else 500 end,
      'GEN' || upper(md5(f.id)), 'gen-ord-' || f.id, 'gen-tx-' || f.id,
      case when (f.h >> 4) & 31 in (1, 2) then 'failed' end, f.lang,
      f.created_at + interval '5 minutes',
      case when (f.h >> 4) & 31 = 0 then least(${nowSql}, f.created_at + interval '4 days') else f.created_at + interval '6 minutes' end,
      case when (f.h >> 4) & 31 in (1, 2) then null else f.created_at + interval '6 minutes' end, f.created_at + interval '6 minutes',
      case when (f.h >> 4) & 31 = 0 then least(${nowSql}, f.created_at + interval '4 days') end
    from f cross join lateral (select (array[5000, 10000, 15000, 25000, 50000])[1 + ((f.h >> 9) & 3)] as v) fee`);

  /* -- the gateways' verified callbacks of the payments they took, but one in 150 paid through a status inquiry (no callback) -- */
  statements.push(sql`
    insert into payment_callbacks (gateway, transaction_id, kind, payment_id, payload, verified, received_at)
    select p.gateway, p.gateway_transaction_id, case when p.gateway = 'fawry' then 'PAID' else 'succeeded' end, p.id,
      case when p.gateway = 'fawry'
        then jsonb_build_object('fawryRefNumber', p.gateway_transaction_id, 'merchantRefNumber', p.merchant_reference,
          'orderAmount', to_char(a.amount / 100.0, 'FM999999999990.00')::numeric, 'paymentAmount', to_char(a.amount / 100.0, 'FM999999999990.00')::numeric,
          'orderStatus', 'PAID', 'paymentMethod', 'PAYATFAWRY')
        else jsonb_build_object('type', 'TRANSACTION', 'obj', jsonb_build_object('id', p.gateway_transaction_id, 'amount_cents', a.amount,
          'success', true, 'pending', false, 'currency', 'EGP', 'order', jsonb_build_object('id', p.gateway_order_id))) end,
      true, p.paid_at
    from payments p
    cross join lateral (select case when hashtext(p.id) % 400 = 7 then p.total_piastres + 100 else p.total_piastres end as amount) a
    where p.id like 'gen-pay-%' and p.status in ('succeeded', 'refunded') and hashtext(p.id) % 150 <> 3`);
  // The refunds the gateways reported, and successes for payments the portal does not hold as paid: one the
  // portal never heard of, and a failed one the gateway says it took.
  statements.push(sql`
    insert into payment_callbacks (gateway, transaction_id, kind, payment_id, payload, verified, received_at)
    select p.gateway, p.gateway_transaction_id, case when p.gateway = 'fawry' then 'REFUNDED' else 'refunded' end, p.id,
      jsonb_build_object('refunded', true), true, p.updated_at
    from payments p where p.id like 'gen-pay-%' and p.status = 'refunded'`);
  statements.push(sql`
    insert into payment_callbacks (gateway, transaction_id, kind, payment_id, payload, verified, received_at)
    select 'sandbox', 'gen-orphan-' || g, 'succeeded', null,
      jsonb_build_object('type', 'TRANSACTION', 'obj', jsonb_build_object('id', 'gen-orphan-' || g, 'amount_cents', 12500 * g, 'success', true,
        'pending', false, 'currency', 'EGP', 'order', jsonb_build_object('id', 'gen-orphan-order-' || g))),
      true, ${nowSql} - make_interval(days => 3 * g)
    from generate_series(1, 2) g`);
  statements.push(sql`
    insert into payment_callbacks (gateway, transaction_id, kind, payment_id, payload, verified, received_at)
    select p.gateway, p.gateway_transaction_id, case when p.gateway = 'fawry' then 'PAID' else 'succeeded' end, p.id,
      case when p.gateway = 'fawry' then jsonb_build_object('fawryRefNumber', p.gateway_transaction_id, 'orderAmount', p.total_piastres / 100.0, 'orderStatus', 'PAID')
        else jsonb_build_object('type', 'TRANSACTION', 'obj', jsonb_build_object('id', p.gateway_transaction_id, 'amount_cents', p.total_piastres, 'success', true)) end,
      true, p.created_at + interval '20 minutes'
    from payments p where p.id in (select id from payments where id like 'gen-pay-%' and status = 'failed' order by id limit 2)`);

  await transaction(db, async (tx) => {
    for (const [i, s] of statements.entries()) {
      const t = performance.now();
      await tx.execute(s);
      if (process.env.REPORT_DATA_TIMING) console.log(`report data statement ${i}: ${Math.round(performance.now() - t)} ms`);
    }
  });
  return size.requests;
}
