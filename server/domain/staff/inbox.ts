import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { TService } from '../../../contract/catalog.ts';
import { REQUEST_NUMBER } from '../../../contract/requests.ts';
import { storedNumber } from '../../../contract/request-number.ts';
import type { TInboxColumn, TInboxCount, TInboxFilter, TInboxPage, TInboxRow } from '../../../contract/staff.ts';
import { ROLES_FOR } from '../../../contract/roles.ts';
import { actsOnService, readyStatuses, slaOf, waitsForFee } from '../../../contract/workflow.ts';
import type { Db } from '../../db/client.ts';
import { installationCompanies, payments, requests, users } from '../../db/schema.ts';
import { AppError } from '../app-error.ts';
import { feeWaitOf } from '../requests/lifecycle.ts';
import { searchKey } from '../requests/routing.ts';
import { stageOf, statusOf } from '../requests/service.ts';
import type { RequestRow } from '../requests/store.ts';
import { peopleOf } from './people.ts';
import { scopeCondition, type StaffMember } from './scope.ts';
import { activityFields } from '../requests/validate.ts';

/*
 * The staff inbox (spec section 7 `/dynamic_services/inbox`, `/inbox/count`, `/requestsInbox`; decision 024): the
 * requests a staff member may act on (services whose workflow admits their roles, in their company, sector and
 * service centers; the assigner's, the requests ready to hand over), searched, filtered, sorted and paged in SQL; never in memory.
 */

export type InboxInput = { member: StaffMember; services: readonly TService[]; filter: TInboxFilter; now?: Date };

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A request by its payment (decision 060): the receipt's number (the payment's merchantReference, printed on the
 * receipt) or the payment code (Fawry's referenceNumber); both are indexed. Undefined when `key` cannot be either.
 */
function byPayment(key: string): SQL | undefined {
  if (!/^[a-z0-9]{6,64}$/.test(key)) return undefined;
  return sql`${requests.id} = any(array(select ${payments.requestId} from ${payments} where ${payments.requestId} is not null and (${payments.merchantReference} = ${key.toUpperCase()} or ${payments.referenceNumber} = ${key})))`;
}

/**
 * What the search box matches: a request number (or part), a national id or mobile, a name, a searchField value,
 * a payment's receipt number or payment code.
 */
function searchCondition(q: string): SQL {
  const key = searchKey(q);
  // A whole number, stored or in either readable form («شك-2026-000123», "CMP-2026-000123"; decision 061).
  const stored = storedNumber(q);
  if (stored && REQUEST_NUMBER.test(stored)) return eq(requests.number, stored);
  // `= any(array(subquery))`, not `in (subquery)`: inside an OR the latter becomes a filter on every row, the former
  // an index lookup of requests_owner_idx (bench:inbox).
  const people = (where: SQL) => sql`${requests.ownerId} = any(array(select ${users.id} from ${users} where ${where}))`;
  if (/^\d{10,14}$/.test(key)) {
    return or(
      people(or(eq(users.nationalId, key), eq(users.mobile, key))!),
      eq(requests.nationalId, key),
      sql`${requests.searchValues} @> array[${key}]::text[]`,
      byPayment(key),
    )!;
  }
  const like = `${likeEscape(key)}%`;
  return or(
    // Request numbers are Latin letters and digits: an Arabic name does not scan them.
    /[A-Za-z0-9]/.test(key) ? ilike(requests.number, `%${likeEscape(key)}%`) : undefined,
    // A prefix of the applicant's name, through requests_applicant_name_idx (Arabic has no case; Latin is lowered).
    sql`lower(${requests.applicantName}) like ${like.toLowerCase()}`,
    people(or(ilike(users.firstName, like), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like))!),
    sql`${requests.searchValues} @> array[${key}]::text[]`,
    byPayment(key),
  )!;
}

/**
 * The services in this staff member's inbox, narrowed to the filter's: those whose workflow admits their roles
 * (every request), and for the assigner those with ready statuses (only the requests it may hand over).
 */
function servicesOf(input: InboxInput): TService[] {
  const assigns = ROLES_FOR.assignRequests.some((r) => input.member.roles.includes(r));
  const mine = input.services.filter((s) => actsOnService(s, input.member.roles) || (assigns && readyStatuses(s).length > 0));
  return input.filter.serviceSlug ? mine.filter((s) => s.serviceSlug === input.filter.serviceSlug) : mine;
}

/**
 * Which requests of those services: all of a service the member acts on; of a service they only hand over, those
 * in a ready status that no installation company has yet (decision 036: the assigner reads what its work needs).
 */
function reachOf(input: InboxInput, services: TService[]): SQL | undefined {
  const full = services.filter((s) => actsOnService(s, input.member.roles));
  const readyOnly = services.filter((s) => !full.includes(s));
  return or(
    full.length > 0
      ? inArray(
          requests.serviceSlug,
          full.map((s) => s.serviceSlug),
        )
      : undefined,
    ...readyOnly.map((s) =>
      and(
        eq(requests.serviceSlug, s.serviceSlug),
        inArray(requests.status, readyStatuses(s)),
        isNull(requests.assignedCompanyId),
      ),
    ),
  );
}

/** Requests that wait for their fee (`feeWaitOf`): per service, its statuses that wait for one. */
function feeDueCondition(services: TService[]): SQL {
  return (
    or(
      ...services
        .map((s) => ({
          slug: s.serviceSlug,
          statuses: s.workflow.statuses.filter((st) => !st.final && waitsForFee(s, st.id)).map((st) => st.id),
        }))
        .filter((x) => x.statuses.length > 0)
        .map((x) => and(eq(requests.serviceSlug, x.slug), inArray(requests.status, x.statuses))),
      sql`false`,
    ) ?? sql`false`
  );
}

function whereOf(input: InboxInput, services: TService[], opts: { flags: boolean }): SQL | undefined {
  const f = input.filter;
  if (services.length === 0) return sql`false`;
  const ready = f.ready
    ? or(
        ...services
          .map((s) => ({ slug: s.serviceSlug, statuses: readyStatuses(s) }))
          .filter((x) => x.statuses.length > 0)
          .map((x) => and(eq(requests.serviceSlug, x.slug), inArray(requests.status, x.statuses))),
        sql`false`,
      )
    : undefined;
  return and(
    reachOf(input, services),
    scopeCondition(input.member),
    f.status !== undefined ? eq(requests.status, f.status) : undefined,
    f.stageId !== undefined ? eq(requests.stageId, f.stageId) : undefined,
    f.q !== undefined ? searchCondition(f.q) : undefined,
    f.statusChangedSince !== undefined ? gte(requests.statusUpdatedAt, new Date(f.statusChangedSince)) : undefined,
    f.unassigned ? isNull(requests.assignee) : undefined,
    ready ? and(ready, isNull(requests.assignedCompanyId)) : undefined,
    ...(opts.flags
      ? [
          f.assignedToMe ? eq(requests.assignee, input.member.id) : undefined,
          f.escalated ? eq(requests.escalated, true) : undefined,
          f.citizenComments ? isNotNull(requests.citizenCommentAt) : undefined,
          f.feeDue ? feeDueCondition(services) : undefined,
        ]
      : []),
  );
}

const SORTS = {
  createdAt: requests.createdAt,
  statusUpdatedAt: requests.statusUpdatedAt,
  stageStartedAt: requests.stageStartedAt,
  number: requests.number,
} as const;

/** A service's own inbox columns: its creating activity's `showColumn` fields (dataIndex, else the field's key). */
export function columnsOf(service: TService): (TInboxColumn & { key: string })[] {
  const activityId = service.activities[0]?.activityId;
  const fields = activityId ? (activityFields(service, activityId) ?? {}) : {};
  return Object.entries(fields)
    .filter(([, f]) => f.showColumn)
    .map(([key, f]) => ({ key, dataIndex: f.dataIndex ?? key, label: f.label, type: f.type }));
}

const cell = (v: unknown): string | number | boolean | null =>
  typeof v === 'string' ? v.slice(0, 200) : typeof v === 'number' || typeof v === 'boolean' ? v : null;

export async function inboxPage(db: Db, input: InboxInput): Promise<TInboxPage> {
  const services = servicesOf(input);
  const where = whereOf(input, services, { flags: true });
  const f = input.filter;
  const column = SORTS[f.sort ?? 'createdAt'];
  const dir = f.order === 'asc' ? asc : desc;
  const limit = f.limit ?? 20;
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(requests)
      .where(where)
      .orderBy(dir(column), dir(requests.id))
      .limit(limit)
      .offset(f.skip ?? 0),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(requests)
      .where(where),
  ]);
  const items = await toRows(db, rows, input);
  const one = f.serviceSlug ? services[0] : undefined;
  return {
    items,
    total: Number(total[0]?.n ?? 0),
    ...(one ? { columns: columnsOf(one).map(({ dataIndex, label, type }) => ({ dataIndex, label, type })) } : {}),
  };
}

/** `/requestsInbox`: one service's inbox with its columns; the filter must name the service. */
export async function serviceInbox(db: Db, input: InboxInput): Promise<TInboxPage> {
  if (!input.filter.serviceSlug) throw new AppError('INVALID_FILTER', 'Name the service (serviceSlug)');
  if (servicesOf(input).length === 0) throw new AppError('MODEL_NOT_FOUND', 'No such service in your inbox');
  return inboxPage(db, input);
}

export async function inboxCount(db: Db, input: InboxInput): Promise<TInboxCount> {
  const services = servicesOf(input);
  const where = whereOf(input, services, { flags: false });
  const f = input.filter;
  const [row] = await db
    .select({
      count: sql<number>`count(*) filter (where ${and(
        f.assignedToMe ? eq(requests.assignee, input.member.id) : undefined,
        f.escalated ? eq(requests.escalated, true) : undefined,
        f.citizenComments ? isNotNull(requests.citizenCommentAt) : undefined,
        f.feeDue ? feeDueCondition(services) : undefined,
        sql`true`,
      )})::int`,
      feeDue: sql<number>`count(*) filter (where ${feeDueCondition(services)})::int`,
      escalated: sql<number>`count(*) filter (where ${requests.escalated})::int`,
      citizenComments: sql<number>`count(*) filter (where ${requests.citizenCommentAt} is not null)::int`,
      assignedToMe: sql<number>`count(*) filter (where ${requests.assignee} = ${input.member.id})::int`,
    })
    .from(requests)
    .where(where);
  return {
    count: Number(row?.count ?? 0),
    escalated: Number(row?.escalated ?? 0),
    citizenComments: Number(row?.citizenComments ?? 0),
    assignedToMe: Number(row?.assignedToMe ?? 0),
    feeDue: Number(row?.feeDue ?? 0),
  };
}

async function toRows(db: Db, rows: RequestRow[], input: InboxInput): Promise<TInboxRow[]> {
  if (rows.length === 0) return [];
  const companyIds = [...new Set(rows.map((r) => r.assignedCompanyId).filter((x): x is string => x !== null))];
  const [people, companies] = await Promise.all([
    peopleOf(
      db,
      rows.flatMap((r) => [r.ownerId, r.assignee]),
    ),
    companyIds.length > 0
      ? db.select().from(installationCompanies).where(inArray(installationCompanies.id, companyIds))
      : Promise.resolve([]),
  ]);
  const now = input.now ?? new Date();
  return rows.map((r) => {
    const service = input.services.find((s) => s.serviceSlug === r.serviceSlug);
    const company = r.assignedCompanyId ? companies.find((c) => c.id === r.assignedCompanyId) : undefined;
    const status = statusOf(service, r.status);
    return {
      id: r.id,
      ID: r.number,
      serviceSlug: r.serviceSlug,
      serviceLabel: service
        ? { ar: service.translations.ar.serviceLabel, en: service.translations.en.serviceLabel }
        : { ar: r.serviceSlug, en: r.serviceSlug },
      status,
      stage: stageOf(service, r.status, r.stageStartedAt),
      sla: slaOf(service, r.status, r.stageStartedAt, r.createdAt, now),
      createdAt: r.createdAt.toISOString(),
      statusUpdatedAt: r.statusUpdatedAt.toISOString(),
      applicantName: r.applicantName,
      citizen: people.owner(r.ownerId),
      assignee: people.person(r.assignee),
      assignedCompany: company ? { id: company.id, name: company.name } : null,
      escalated: r.escalated,
      citizenComment: r.citizenCommentAt !== null,
      feeWait: service ? feeWaitOf(service, r) : null,
      version: r.version,
      columns: service ? Object.fromEntries(columnsOf(service).map((c) => [c.dataIndex, cell(r.data[c.key])])) : {},
    };
  });
}
