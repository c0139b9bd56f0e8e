import { and, count, desc, eq, getTableColumns, gte, lt, sql, type SQL } from 'drizzle-orm';
import { cairoDate } from '../../../contract/availability.ts';
import type { TLang } from '../../../contract/basics.ts';
import type { TService } from '../../../contract/catalog.ts';
import { readableNumber } from '../../../contract/request-number.ts';
import type { TLocalized } from '../../../contract/common.ts';
import type { TAuditLook, TCitizenLook, TDataAccessKind } from '../../../contract/data-access.ts';
import type { Db } from '../../db/client.ts';
import { dataAccessLog, dataAccessReports, distributionCompanies, users, type DataAccessPurpose } from '../../db/schema.ts';
import { transaction } from '../../db/tx.ts';
import { AppError } from '../app-error.ts';
import { findUser } from '../identity/accounts.ts';
import { creatingActivity } from '../requests/service.ts';
import { submitRequest } from '../requests/submit.ts';
import { csvField } from '../csv.ts';

/*
 * The record of every look at a citizen's personal data (issue 28 parts 4 and 5, decision 071).
 *
 * The rule: one row per record opened. The route that answers a record's main read (a request as staff see it, a
 * citizen's finance page, a file, a meter list, a search) records it; the reads a screen makes around it (counts,
 * colleagues, the timeline's refresh) do not. A screen that reads the same record again within LOOK_WINDOW_MINUTES
 * (a refetch on focus, a reload) adds no row: the statement inserts only when the same person made no look of the
 * same kind at the same record and citizen, for the same reason, in that window.
 *
 * Append-only: the table's trigger (migration 0023) refuses UPDATE, TRUNCATE and DELETE, but for the retention
 * purge below, which names in its own transaction the instant before which rows may go (never less than 30 days ago).
 */

export const LOOK_WINDOW_MINUTES = 10;

/** Who looks: a staff member or an agent, the build the call came from, and the client's address. */
export type Looker = {
  userId: string;
  kind: 'staff' | 'agent';
  build: 'employee' | 'agent' | 'citizen';
  address: string | null;
};

export type Look = {
  by: Looker;
  /** Whose data (null: a report export, or a request filed without an account). */
  citizenId: string | null;
  kind: TDataAccessKind;
  /** The record opened: a request, meter, file or report id (null: a list, or a search). */
  recordId?: string | null | undefined;
  /** Default: `work` for staff, `agent` for an agent. */
  purpose?: DataAccessPurpose | undefined;
  /** The request worked, when that is why. */
  request?: { id: string; number: string } | null | undefined;
  /** The reason typed for a search outside assigned work. */
  reason?: string | null | undefined;
};

/** Records one look (in the caller's transaction when it has one); a repeat within the window records nothing. */
export async function recordLook(tx: Db, look: Look): Promise<void> {
  await recordLooks(tx, [look]);
}

/**
 * Records several looks in one statement (a page showing several citizens' records: one row per record), each
 * skipped when the same person made the same look within the window.
 */
export async function recordLooks(tx: Db, looks: readonly Look[]): Promise<void> {
  if (looks.length === 0) return;
  const rows = looks.map((look) => {
    const purpose = look.purpose ?? (look.by.kind === 'agent' ? 'agent' : 'work');
    return sql`(${look.by.userId}::text, ${look.by.kind}::text, ${look.citizenId}::text, ${look.kind}::text,
      ${look.recordId ?? null}::text, ${purpose}::text, ${look.request?.id ?? null}::text,
      ${look.request?.number ?? null}::text, ${look.reason ?? null}::text, ${look.by.build}::text, ${look.by.address}::text)`;
  });
  await tx.execute(sql`
    insert into data_access_log
      (staff_id, staff_name, staff_number, staff_kind, company_id, citizen_id, kind, record_id, purpose,
       request_id, request_number, reason, build, address)
    select u.id, trim(u.first_name || ' ' || u.last_name), u.number, v.staff_kind, u.company, v.citizen_id, v.kind,
       v.record_id, v.purpose, v.request_id, v.request_number, v.reason, v.build, v.address
    from (values ${sql.join(rows, sql`, `)})
      as v(staff_id, staff_kind, citizen_id, kind, record_id, purpose, request_id, request_number, reason, build, address)
    join users u on u.id = v.staff_id
    where not exists (
      select 1 from data_access_log l
      where l.staff_id = v.staff_id
        and l.at > now() - make_interval(mins => ${LOOK_WINDOW_MINUTES})
        and l.kind = v.kind
        and l.citizen_id is not distinct from v.citizen_id
        and l.record_id is not distinct from v.record_id
        and l.reason is not distinct from v.reason
    )`);
}

const columns = {
  ...getTableColumns(dataAccessLog),
  company: sql<TLocalized | null>`${distributionCompanies.data}->'name'`,
  reportTicket: dataAccessReports.ticketNumber,
  reportNote: dataAccessReports.note,
};
type Row = typeof dataAccessLog.$inferSelect & {
  company: TLocalized | null;
  reportTicket: string | null;
  reportNote: string | null;
};

const toCitizenLook = (r: Row): TCitizenLook => ({
  id: String(r.id),
  at: r.at.toISOString(),
  staffName: r.staffName,
  staffNumber: String(r.staffNumber),
  staffKind: r.staffKind === 'agent' ? 'agent' : 'staff',
  company: r.company ?? null,
  kind: r.kind,
  purpose: r.purpose,
  requestNumber: r.requestNumber,
  reason: r.reason,
  reportTicket: r.reportTicket,
});

/** The looks at one citizen's data, newest first: theirs only (the caller is that citizen). */
export async function citizenLooks(db: Db, citizenId: string, page: { limit: number; skip: number }) {
  const where = eq(dataAccessLog.citizenId, citizenId);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(dataAccessLog)
      .leftJoin(distributionCompanies, eq(distributionCompanies.id, dataAccessLog.companyId))
      .leftJoin(dataAccessReports, eq(dataAccessReports.lookId, dataAccessLog.id))
      .where(where)
      .orderBy(desc(dataAccessLog.at), desc(dataAccessLog.id))
      .limit(page.limit)
      .offset(page.skip),
    db.select({ n: count() }).from(dataAccessLog).where(where),
  ]);
  return { items: (rows as Row[]).map(toCitizenLook), total: total?.n ?? 0 };
}

export type LookFilter = {
  staff?: string | undefined;
  citizen?: string | undefined;
  kind?: TDataAccessKind | undefined;
  from?: string | undefined;
  to?: string | undefined;
  reported?: 'true' | 'false' | undefined;
};

/** The auditor's filters as SQL: dates are Cairo's days, both ends included. */
function filterSql(f: LookFilter): SQL | undefined {
  const staff = f.staff?.trim();
  const citizen = f.citizen?.trim();
  return and(
    staff
      ? /^\d{1,15}$/.test(staff)
        ? sql`(${dataAccessLog.staffNumber} = ${Number(staff)} or ${dataAccessLog.staffId} = ${staff})`
        : sql`(${dataAccessLog.staffId} = ${staff} or ${dataAccessLog.staffName} ilike ${`%${staff.replace(/[\\%_]/g, (c) => `\\${c}`)}%`})`
      : undefined,
    citizen
      ? sql`${dataAccessLog.citizenId} in (select id from users where id = ${citizen} or national_id = ${citizen}
              or mobile = ${citizen} or number::text = ${citizen})`
      : undefined,
    f.kind ? eq(dataAccessLog.kind, f.kind) : undefined,
    f.from ? gte(dataAccessLog.at, sql`(${f.from}::date)::timestamp at time zone 'Africa/Cairo'`) : undefined,
    f.to ? lt(dataAccessLog.at, sql`(${f.to}::date + 1)::timestamp at time zone 'Africa/Cairo'`) : undefined,
    f.reported === 'true'
      ? sql`exists (select 1 from ${dataAccessReports} r where r.look_id = ${dataAccessLog.id})`
      : f.reported === 'false'
        ? sql`not exists (select 1 from ${dataAccessReports} r where r.look_id = ${dataAccessLog.id})`
        : undefined,
  );
}

const auditQuery = (db: Db, f: LookFilter) =>
  db
    .select({
      ...columns,
      citizenName: sql<string | null>`trim(${users.firstName} || ' ' || ${users.lastName})`,
      citizenNationalId: users.nationalId,
    })
    .from(dataAccessLog)
    .leftJoin(distributionCompanies, eq(distributionCompanies.id, dataAccessLog.companyId))
    .leftJoin(dataAccessReports, eq(dataAccessReports.lookId, dataAccessLog.id))
    .leftJoin(users, eq(users.id, dataAccessLog.citizenId))
    .where(filterSql(f))
    .orderBy(desc(dataAccessLog.at), desc(dataAccessLog.id));

type AuditRow = Row & { citizenName: string | null; citizenNationalId: string | null };
const toAuditLook = (r: AuditRow): TAuditLook => ({
  ...toCitizenLook(r),
  staffId: r.staffId,
  citizenId: r.citizenId,
  citizenName: r.citizenName,
  citizenNationalId: r.citizenNationalId,
  recordId: r.recordId,
  build: r.build,
  address: r.address,
  reportNote: r.reportNote,
});

/** Every look the filters match, newest first (the auditor). */
export async function auditLooks(db: Db, f: LookFilter & { limit: number; skip: number }) {
  const [rows, [total]] = await Promise.all([
    auditQuery(db, f).limit(f.limit).offset(f.skip),
    db.select({ n: count() }).from(dataAccessLog).where(filterSql(f)),
  ]);
  return { items: (rows as AuditRow[]).map(toAuditLook), total: total?.n ?? 0 };
}

/** The most rows one export holds (the newest); a wider need narrows the dates. */
export const EXPORT_MAX_ROWS = 50_000;

const CSV_HEADERS: Record<TLang, string[]> = {
  ar: [
    'التاريخ',
    'الموظف',
    'الرقم الوظيفي',
    'النوع',
    'الشركة',
    'المواطن',
    'الرقم القومي',
    'ما اطُّلع عليه',
    'السجل',
    'السبب',
    'الطلب',
    'السبب المكتوب',
    'الواجهة',
    'العنوان',
    'البلاغ',
    'ملاحظة المواطن',
  ],
  en: [
    'Date',
    'Staff member',
    'Staff number',
    'Kind',
    'Company',
    'Citizen',
    'National ID',
    'What',
    'Record',
    'Purpose',
    'Request',
    'Reason typed',
    'Build',
    'Address',
    'Report',
    'Citizen’s note',
  ],
};

/** The looks the filters match as CSV (UTF-8 with a BOM, so a spreadsheet opens Arabic right), newest first. */
export async function exportLooks(db: Db, f: LookFilter, lang: TLang): Promise<{ csv: string; rows: number }> {
  const rows = (await auditQuery(db, f).limit(EXPORT_MAX_ROWS)) as AuditRow[];
  const lines = [CSV_HEADERS[lang].map(csvField).join(',')];
  for (const r of rows)
    lines.push(
      [
        r.at.toISOString(),
        r.staffName,
        r.staffNumber,
        r.staffKind,
        r.company?.[lang] ?? '',
        r.citizenName,
        r.citizenNationalId,
        r.kind,
        r.recordId,
        r.purpose,
        r.requestNumber,
        r.reason,
        r.build,
        r.address,
        r.reportTicket,
        r.reportNote,
      ]
        .map(csvField)
        .join(','),
    );
  return { csv: '\ufeff' + lines.join('\r\n') + '\r\n', rows: rows.length };
}

const KIND_WORDS: Record<TDataAccessKind, TLocalized> = {
  request: { ar: 'طلب', en: 'a request' },
  profile: { ar: 'الملف الشخصي', en: 'the profile' },
  meters: { ar: 'العدادات', en: 'the meters' },
  bills: { ar: 'الفواتير والمدفوعات', en: 'the bills and payments' },
  files: { ar: 'الملفات والمستندات', en: 'the files and papers' },
  search: { ar: 'بحث بالرقم القومي أو الهاتف', en: 'a search by national ID or phone' },
  report_export: { ar: 'تصدير تقرير', en: 'a report export' },
};

/**
 * A citizen reports a look at their data they find wrong: a support ticket is filed in their name (the tickets
 * service, as if they had written it) naming the look, and the report is kept beside the look for the auditor.
 * Once per look: a repeat answers the ticket the first report filed.
 */
export async function reportLook(
  db: Db,
  input: { citizenId: string; lookId: string; note?: string | undefined; tickets: TService; lang: TLang; appOrigin: string },
): Promise<{ lookId: string; ticketNumber: string; ticketId: string | null }> {
  const id = Number(input.lookId);
  const [look] = await db
    .select({ look: dataAccessLog, report: dataAccessReports })
    .from(dataAccessLog)
    .leftJoin(dataAccessReports, eq(dataAccessReports.lookId, dataAccessLog.id))
    .where(and(eq(dataAccessLog.id, id), eq(dataAccessLog.citizenId, input.citizenId)));
  if (!look) throw new AppError('MODEL_NOT_FOUND', 'No such look at your data');
  if (look.report) return { lookId: input.lookId, ticketNumber: look.report.ticketNumber, ticketId: look.report.ticketId };

  const l = look.look;
  const lang = input.lang;
  const when = cairoDate(l.at);
  const what = KIND_WORDS[l.kind][lang];
  const message =
    lang === 'ar'
      ? `أبلغ عن اطلاع على بياناتي لا أعرف سببه: ${l.staffName} (الرقم الوظيفي ${l.staffNumber}) اطلع على ${what} يوم ${when} (رقم السجل ${l.id}${l.requestNumber ? `، الطلب ${readableNumber(l.requestNumber, 'ar')}` : ''}).`
      : `I report a look at my data I find wrong: ${l.staffName} (staff number ${l.staffNumber}) looked at ${what} on ${when} (record ${l.id}${l.requestNumber ? `, request ${readableNumber(l.requestNumber, 'en')}` : ''}).`;
  const activity = creatingActivity(input.tickets);
  const ticket = await submitRequest(db, {
    service: input.tickets,
    activityId: activity?.activityId ?? 'ticket',
    data: {
      subject: lang === 'ar' ? 'بلاغ عن اطلاع على بياناتي' : 'A look at my data I find wrong',
      category: 'account',
      message: (input.note ? `${message}\n\n${input.note}` : message).slice(0, 2000),
    },
    userId: input.citizenId,
    // The tickets service is offered to every account type; the check is the same as any filing's (decision 074).
    ownerType: (await findUser(db, input.citizenId))?.userSlug ?? null,
    lang,
    appOrigin: input.appOrigin,
  });
  return transaction(db, async (tx) => {
    await tx
      .insert(dataAccessReports)
      .values({ lookId: id, citizenId: input.citizenId, ticketId: ticket.id, ticketNumber: ticket.ID, note: input.note ?? null })
      .onConflictDoNothing();
    const [kept] = await tx.select().from(dataAccessReports).where(eq(dataAccessReports.lookId, id));
    return { lookId: input.lookId, ticketNumber: kept!.ticketNumber, ticketId: kept!.ticketId };
  });
}

/**
 * The retention purge (RETENTION_DATA_ACCESS_DAYS, the hourly clean-up): the only DELETE the table's trigger lets
 * through, of rows older than `before`, which it names in this transaction only.
 */
export async function purgeDataAccess(db: Db, before: Date): Promise<number> {
  return transaction(db, async (tx) => {
    // Never nearer than the trigger allows (a caller's clock ahead of the database's would make it refuse the purge).
    await tx.execute(
      sql`select set_config('kahraba.data_access_purge_before',
            least(${before.toISOString()}::timestamptz, now() - interval '30 days')::text, true)`,
    );
    const gone = await tx
      .delete(dataAccessLog)
      .where(lt(dataAccessLog.at, sql`current_setting('kahraba.data_access_purge_before')::timestamptz`))
      .returning({ id: dataAccessLog.id });
    return gone.length;
  });
}
