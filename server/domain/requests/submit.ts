import crypto from 'node:crypto';
import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { cairoDate } from '../../../contract/availability.ts';
import type { TService } from '../../../contract/catalog.ts';
import type { TSubmitResult } from '../../../contract/requests.ts';
import type { Db } from '../../db/client.ts';
import { attachments, drafts, requestCounters, requests } from '../../db/schema.ts';
import { refusal } from '../../db/errors.ts';
import { AppError } from '../app-error.ts';
import { hashOwnerToken, type IdempotentWrite } from '../idempotency/idempotency.ts';
import { documentKey, receiptStatement } from '../documents/issue.ts';
import { filingWrites, initialState } from './lifecycle.ts';
import { indexed, routingFrom, routingQuery, searchValuesOf, type RoutingRow } from './routing.ts';
import { assertOfferedTo, assertOpen, creatingActivity } from './service.ts';
import { toSummary, unusedUploads, type RequestRow } from './store.ts';
import { activityFields, validActivityData, withOwnerProfile } from './validate.ts';
import type { TLang } from '../../../contract/basics.ts';

export type SubmitRequest = {
  service: TService;
  activityId: string;
  data: Record<string, unknown>;
  /** The server draft the data comes from (deleted with the submission). */
  draftId?: string | undefined;
  /** The owner: the signed-in citizen, or null for a visitor (only where the service allows anonymous requests). */
  userId: string | null;
  /** The owner's user type (`userSlug`; null for a visitor): a service limited to some types refuses the others. */
  ownerType: string | null;
  /** An employee or agent filing on the owner's behalf (decision 025): recorded, and named on the timeline. */
  filedBy?: { id: string; name: string } | undefined;
  lang: TLang;
  appOrigin: string;
  /** Completes the caller's Idempotency-Key in the submit transaction (decision 020). */
  idempotency?: IdempotentWrite | undefined;
  now?: Date;
};

/** The next number of a service in a year: the counter row is locked until the caller's transaction ends. */
export async function nextNumber(tx: Db, serviceSlug: string, year: number): Promise<string> {
  const [row] = await counterStatement(tx, serviceSlug, year);
  return numberOf(serviceSlug, year, row!.last);
}

/** The counter's upsert (returning `last`), to await or to embed in a larger statement. */
function counterStatement(db: Db, serviceSlug: string, year: number) {
  return db
    .insert(requestCounters)
    .values({ serviceSlug, year, last: 1 })
    .onConflictDoUpdate({
      target: [requestCounters.serviceSlug, requestCounters.year],
      set: { last: sql`${requestCounters.last} + 1` },
    })
    .returning({ last: requestCounters.last });
}

const numberOf = (serviceSlug: string, year: number, last: number) => `${serviceSlug}-${year}-${String(last).padStart(6, '0')}`;

/** The attachment ids the data's file and image fields name (the upload's answer: `{ id, name, ... }`). */
function uploadIds(service: TService, activityId: string, data: Record<string, unknown>): string[] {
  const fields = activityFields(service, activityId) ?? {};
  const ids: string[] = [];
  for (const [k, f] of Object.entries(fields)) {
    const v = data[k];
    if ((f.type !== 'file' && f.type !== 'image') || !Array.isArray(v)) continue;
    for (const item of v) {
      const id = (item as { id?: unknown } | null)?.id;
      if (typeof id === 'string' && ids.length < 200) ids.push(id);
    }
  }
  return ids;
}

/**
 * Files a request (spec section 7 `POST /{service}`): the number (`SLUG-YYYY-000123`), the request in the
 * workflow's initial status and stage, its `created` event, the "request submitted" notification and its e-mail
 * and SMS (outbox, decision 010), the receipt, the uploads it names, and the caller's Idempotency-Key with this
 * answer. A visitor (allowAnonymous services only) gets an owner token, once; only its hash is kept. The same
 * citizen filing the same activity of the same service twice at once gets DUPLICATE_REQUEST for the second.
 *
 * Two round trips (decision 046): one statement takes the number and reads what the answer and the messages name
 * (the owner, the routing); the answer is then made and sealed here, and one statement writes everything else,
 * all or nothing. It refuses itself (`kahraba_refuse`, rolled back whole) when the same submission holds the
 * advisory lock (DUPLICATE_REQUEST) or when a retry took the Idempotency-Key over (IDEMPOTENCY_KEY_IN_FLIGHT).
 */
export async function submitRequest(db: Db, input: SubmitRequest): Promise<TSubmitResult> {
  const { service, userId } = input;
  const now = input.now ?? new Date();
  assertOpen(service);
  assertOfferedTo(service, input.ownerType);
  if (userId === null && !service.allowAnonymous) throw new AppError('UNAUTHORIZED', 'Sign in to file this request');
  const activity = creatingActivity(service);
  if (!activity || activity.activityId !== input.activityId)
    throw new AppError('ACTIVITY_NOT_FOUND', `${service.serviceSlug} has no activity ${input.activityId} to file`);
  // Bound fields the service does not let the filer change are the owner's profile's (decision 052).
  const sent = await withOwnerProfile(db, service, input.activityId, userId, input.data);
  const data = validActivityData(service, input.activityId, sent);

  const key = await documentKey(db);
  const ownerToken = userId === null ? crypto.randomBytes(32).toString('base64url') : undefined;
  const candidates = uploadIds(service, input.activityId, data);
  const year = Number(cairoDate(now).slice(0, 4));

  // 1. The number, the owner and the routing. The counter row is locked for this statement only, so submissions of
  // one service do not queue behind each other's writes. A write that fails after this leaves a gap; numbers are
  // unique and increasing, not gapless (decision 020).
  const first = await db.execute(
    sql`with n as ${counterStatement(db, service.serviceSlug, year)}
        select n.last, u.first_name, u.last_name, u.email, u.mobile, r.company_id, r.sector_id, r.service_center_id
        from n
        left join users u on u.id = ${userId}
        left join lateral (${routingQuery(data, { service, activityId: input.activityId, ownerId: userId })}) r on true`,
  );
  const [got] = (
    first as unknown as {
      rows: ({
        last: number;
        first_name: string | null;
        last_name: string | null;
        email: string | null;
        mobile: string | null;
      } & RoutingRow)[];
    }
  ).rows;
  const number = numberOf(service.serviceSlug, year, Number(got!.last));
  const owner =
    userId !== null && got!.first_name !== null
      ? { firstName: got!.first_name, lastName: got!.last_name ?? '', email: got!.email, mobile: got!.mobile }
      : undefined;
  const routing = routingFrom(got);

  // 2. The write, in one statement.
  const row: RequestRow = {
    id: crypto.randomUUID(),
    number,
    serviceId: service.id,
    serviceSlug: service.serviceSlug,
    serviceVersion: service.version,
    activityId: input.activityId,
    ...initialState(service, now),
    ownerId: userId,
    ownerTokenHash: ownerToken ? hashOwnerToken(ownerToken) : null,
    applicantName:
      indexed(service, input.activityId, data, 'applicantName') ?? (owner ? `${owner.firstName} ${owner.lastName}` : null),
    nationalId: indexed(service, input.activityId, data, 'nationalId'),
    data,
    history: [],
    clientHooksData: {},
    escalated: false,
    escalatedAt: null,
    assignee: null,
    assignedCompanyId: null,
    ...routing,
    citizenCommentAt: null,
    searchValues: searchValuesOf(service, input.activityId, data),
    filedById: input.filedBy?.id ?? null,
    version: 1,
    paymentTotalPiastres: null,
    lang: input.lang,
    actionDate: null,
  };
  const answer: TSubmitResult = { ...toSummary(row, service), ...(ownerToken ? { ownerToken } : {}) };
  // Files filed on a citizen's behalf were uploaded by the employee or agent: they become the citizen's.
  const uploader = input.filedBy?.id ?? userId;
  const writes: SQLWrapper[] = [
    db.insert(requests).values(row),
    ...(candidates.length > 0
      ? [
          db
            .update(attachments)
            .set({ requestId: row.id, ownerId: userId })
            .where(unusedUploads({ userId: uploader, ownerTokenHash: null }, service.serviceSlug, candidates)),
        ]
      : []),
    receiptStatement(db, key, row.id, userId, now).insert,
    ...filingWrites(db, {
      row,
      service,
      actor: input.filedBy
        ? { kind: 'staff', id: input.filedBy.id, name: input.filedBy.name, roles: [] }
        : { kind: 'citizen', id: userId },
      owner,
      appOrigin: input.appOrigin,
    }),
    ...(owner && userId !== null && input.draftId
      ? [db.delete(drafts).where(and(eq(drafts.id, input.draftId), eq(drafts.ownerId, userId)))]
      : []),
  ];
  const completion = input.idempotency?.completion(db, answer);
  const checks: SQL[] = [];
  // A second identical submission while the first is still being written (two taps, two tabs): refused.
  if (owner)
    checks.push(
      sql`when not pg_try_advisory_xact_lock(hashtextextended(${`submit:${userId}:${service.serviceSlug}:${input.activityId}`}, 0))
          then kahraba_refuse('DUPLICATE_REQUEST')`,
    );
  if (completion) checks.push(sql`when not exists (select 1 from done) then kahraba_refuse('IDEMPOTENCY_KEY_IN_FLIGHT')`);
  // A query builder embedded in `sql` comes in parentheses: `w0 as (insert …)`.
  const ctes = [...writes.map((w, i) => sql`${sql.raw(`w${i}`)} as ${w}`), ...(completion ? [sql`done as ${completion}`] : [])];
  try {
    await db.execute(
      sql`with ${sql.join(ctes, sql`, `)} select ${checks.length > 0 ? sql`case ${sql.join(checks, sql` `)} else true end` : sql`true`} as ok`,
    );
  } catch (err) {
    const code = refusal(err);
    if (code === 'DUPLICATE_REQUEST') throw new AppError(code, 'The same request is being filed already');
    if (code === 'IDEMPOTENCY_KEY_IN_FLIGHT') throw new AppError(code, 'Another attempt with this Idempotency-Key took it over');
    throw err;
  }
  return answer;
}
