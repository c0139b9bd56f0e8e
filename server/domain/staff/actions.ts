import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TService } from '../../../contract/catalog.ts';
import type { TStaffRequestDetail } from '../../../contract/staff.ts';
import { actsOnService, allowedTransitions, NEEDS_INFO, readyStatuses, slaOf, waitsForFee } from '../../../contract/workflow.ts';
import type { Db } from '../../db/client.ts';
import { installationCompanies, payments, requestEvents, requests } from '../../db/schema.ts';
import { transaction } from '../../db/tx.ts';
import { AppError } from '../app-error.ts';
import {
  changeRequest,
  changeRequests,
  commentOn,
  feeWaitOf,
  moveRefusal,
  moveRequest,
  setFee,
  type Actor,
} from '../requests/lifecycle.ts';
import { statusOf } from '../requests/service.ts';
import { requestDetail, type RequestRow, type ServiceLookup } from '../requests/store.ts';
import { peopleOf } from './people.ts';
import { inScope, scopeCondition, staffMember, type StaffMember } from './scope.ts';

/*
 * What staff do to a request (issue 11, decision 023): assign, move along the workflow, ask for more information,
 * comment, escalate, and bulk-assign ready requests to an installation company. Each write is one transaction:
 * the row is locked, the `version` the caller saw is compared (409 REQUEST_CHANGED naming who changed what and
 * when otherwise), the change and its timeline event are written, the citizen is told where they should be.
 */

const NOT_FOUND = () => new AppError('MODEL_NOT_FOUND', 'No such request');

export type StaffContext = { member: StaffMember; services: ServiceLookup; appOrigin: string; now?: Date };

/** The staff member behind a session (their scope is read on every call: a change of company applies at once). */
export async function requireStaffMember(db: Db, userId: string): Promise<StaffMember> {
  const m = await staffMember(db, userId);
  if (!m) throw new AppError('UNAUTHORIZED', 'No such account');
  return m;
}

/** The request, if this staff member may act on it: its service is theirs and it is in their scope; else 404. */
async function requestFor(
  db: Db,
  ctx: StaffContext,
  serviceSlug: string,
  id: string,
  forUpdate: boolean,
): Promise<{ row: RequestRow; service: TService }> {
  const q = db
    .select()
    .from(requests)
    .where(and(eq(requests.id, id), eq(requests.serviceSlug, serviceSlug)));
  const [row] = forUpdate ? await q.for('update') : await q;
  const service = row ? ctx.services(row.serviceSlug) : undefined;
  if (!row || !service || !actsOnService(service, ctx.member.roles) || !inScope(ctx.member, row)) throw NOT_FOUND();
  return { row, service };
}

/** REQUEST_CHANGED with the latest timeline event: who changed the request, what they did, when. */
async function changed(db: Db, row: RequestRow): Promise<AppError> {
  const [last] = await db
    .select({
      kind: requestEvents.kind,
      actorName: requestEvents.actorName,
      actorKind: requestEvents.actorKind,
      at: requestEvents.at,
    })
    .from(requestEvents)
    .where(eq(requestEvents.requestId, row.id))
    .orderBy(desc(requestEvents.id))
    .limit(1);
  const at = (last?.at ?? row.updatedAt).toISOString();
  const by = last?.actorName ?? (last?.actorKind === 'citizen' ? (row.applicantName ?? null) : null);
  return new AppError('REQUEST_CHANGED', `The request was changed (${last?.kind ?? 'update'}) at ${at}`, {
    conflict: { by, action: last?.kind ?? 'status', at, version: row.version },
  });
}

async function lockedAt(
  tx: Db,
  ctx: StaffContext,
  serviceSlug: string,
  id: string,
  version: number,
): Promise<{ row: RequestRow; service: TService }> {
  const found = await requestFor(tx, ctx, serviceSlug, id, true);
  if (found.row.version !== version) throw await changed(tx, found.row);
  return found;
}

/** The staff member as the request's lifecycle names them: on its timeline, with the roles that admit their moves. */
const actor = (ctx: StaffContext): Actor => ({
  kind: 'staff',
  id: ctx.member.id,
  name: ctx.member.name,
  roles: ctx.member.roles,
});

/** The request as staff see it. */
export async function staffDetail(
  db: Db,
  ctx: StaffContext,
  found: { row: RequestRow; service: TService },
): Promise<TStaffRequestDetail> {
  const { row, service } = found;
  const [people, company, base] = await Promise.all([
    peopleOf(db, [row.ownerId, row.assignee, row.filedById]),
    row.assignedCompanyId
      ? db.select().from(installationCompanies).where(eq(installationCompanies.id, row.assignedCompanyId))
      : Promise.resolve([]),
    requestDetail(db, row, service, { userId: null, ownerTokenHash: null }, true, true),
  ]);
  const c = company[0];
  const now = ctx.now ?? new Date();
  return {
    ...base,
    version: row.version,
    assignee: people.person(row.assignee),
    assignedCompany: c ? { id: c.id, name: c.name } : null,
    sla: slaOf(service, row.status, row.stageStartedAt, row.createdAt, now),
    transitions: statusOf(service, row.status).final ? [] : allowedTransitions(service, row.status, ctx.member.roles),
    owner: people.owner(row.ownerId),
    filedBy: people.person(row.filedById),
    citizenCommentAt: row.citizenCommentAt ? row.citizenCommentAt.toISOString() : null,
    escalatedAt: row.escalatedAt ? row.escalatedAt.toISOString() : null,
    feeWait: feeWaitOf(service, row),
    feeSettable: !statusOf(service, row.status).final && feeIsVariable(service) && waitsForFee(service, row.status),
  };
}

/** A service whose fee is "to be estimated": paid, with no amount in the catalog (staff set it per request). */
export const feeIsVariable = (service: TService): boolean => {
  const cost = service.businessAttributes.cost;
  return cost.kind === 'paid' && !(typeof cost.amount === 'number' && cost.amount > 0);
};

/**
 * Sets a variable fee (decision 060): the request's service must have a fee to be estimated (FEE_NOT_VARIABLE),
 * the request must wait for its fee now (FEE_NOT_DUE) with no payment of it under way (PAYMENT_IN_PROGRESS); an
 * amount set earlier may be corrected until the citizen starts paying. The citizen is told and may pay it.
 */
export async function setRequestFee(
  db: Db,
  ctx: StaffContext,
  input: Target & { feePiastres: number },
): Promise<TStaffRequestDetail> {
  const now = ctx.now ?? new Date();
  return transaction(db, async (tx) => {
    const { row, service } = await lockedAt(tx, ctx, input.serviceSlug, input.id, input.version);
    if (statusOf(service, row.status).final) throw new AppError('REQUEST_FINAL', 'The request is closed');
    if (!feeIsVariable(service)) throw new AppError('FEE_NOT_VARIABLE', 'The service has a fixed fee, or none');
    if (!waitsForFee(service, row.status)) throw new AppError('FEE_NOT_DUE', 'The request does not wait for its fee now');
    const under = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.requestId, row.id), inArray(payments.status, ['started', 'pending', 'succeeded'])))
      .limit(1);
    if (under.length > 0) throw new AppError('PAYMENT_IN_PROGRESS', 'A payment of this fee is under way');
    const updated = await setFee(tx, {
      row,
      service,
      actor: actor(ctx),
      feePiastres: input.feePiastres,
      appOrigin: ctx.appOrigin,
      now,
    });
    return staffDetail(tx, ctx, { row: updated, service });
  });
}

export async function readStaffRequest(db: Db, ctx: StaffContext, serviceSlug: string, id: string) {
  return staffDetail(db, ctx, await requestFor(db, ctx, serviceSlug, id, false));
}

type Target = { serviceSlug: string; id: string; version: number };

/** Assigns the request to a staff member who may act on it (INVALID_ASSIGNEE otherwise), or unassigns it (null). */
export async function assignRequest(
  db: Db,
  ctx: StaffContext,
  input: Target & { assigneeId: string | null },
): Promise<TStaffRequestDetail> {
  const now = ctx.now ?? new Date();
  return transaction(db, async (tx) => {
    const { row, service } = await lockedAt(tx, ctx, input.serviceSlug, input.id, input.version);
    if (statusOf(service, row.status).final) throw new AppError('REQUEST_FINAL', 'The request is closed');
    if (input.assigneeId === null) {
      const updated = await changeRequest(tx, {
        row,
        actor: actor(ctx),
        event: { kind: 'unassigned' },
        set: { assignee: null },
        now,
      });
      return staffDetail(tx, ctx, { row: updated, service });
    }
    const assignee = input.assigneeId === ctx.member.id ? ctx.member : await staffMember(tx, input.assigneeId);
    const isStaff = assignee !== undefined && (assignee === ctx.member || (await isStaffAccount(tx, input.assigneeId)));
    if (!assignee || !isStaff || !actsOnService(service, assignee.roles) || !inScope(assignee, row))
      throw new AppError('INVALID_ASSIGNEE', 'This employee cannot be assigned this request');
    const updated = await changeRequest(tx, {
      row,
      actor: actor(ctx),
      event: { kind: 'assigned', data: { assigneeId: assignee.id, assignee: assignee.name } },
      set: { assignee: assignee.id },
      now,
    });
    return staffDetail(tx, ctx, { row: updated, service });
  });
}

async function isStaffAccount(db: Db, userId: string): Promise<boolean> {
  const result = await db.execute(
    sql`select 1 from users u join user_types t on t.user_slug = u.user_slug where u.id = ${userId} and t.kind = 'employee' and not u.disabled`,
  );
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/** Staff who may be assigned the request: staff accounts whose service roles and scope cover it. */
export async function colleagues(db: Db, ctx: StaffContext, serviceSlug: string, id: string) {
  const { row, service } = await requestFor(db, ctx, serviceSlug, id, false);
  const result = await db.execute(
    sql`select u.id, u.first_name, u.last_name, u.roles, u.company, u.service_centers, u.profile
        from users u join user_types t on t.user_slug = u.user_slug
        where t.kind = 'employee' and not u.disabled
          and (${row.companyId}::text is null or u.company is null or u.company = ${row.companyId})
        order by u.first_name, u.last_name limit 200`,
  );
  type U = {
    id: string;
    first_name: string;
    last_name: string;
    roles: string[];
    company: string | null;
    service_centers: string[];
    profile: Record<string, string>;
  };
  const items = (result as unknown as { rows: U[] }).rows
    .map((u) => ({
      id: u.id,
      name: `${u.first_name} ${u.last_name}`,
      roles: u.roles,
      companyId: u.company,
      sectorId: typeof u.profile?.sector === 'string' && u.profile.sector !== '' ? u.profile.sector : null,
      serviceCenterIds: u.service_centers,
    }))
    .filter((m) => actsOnService(service, m.roles) && inScope(m, row))
    .map((m) => ({ id: m.id, name: m.name }));
  return { items };
}

/**
 * Moves the request along its workflow. The move must exist from its status (TRANSITION_NOT_ALLOWED) and admit
 * this staff member (TRANSITION_ROLE_REQUIRED: another role, the citizen's own activity, or the payment gateway
 * for a request with a fee: it stays pending until paid). Asking for more information needs a comment, which the
 * citizen reads. The citizen is notified ("request number X status changed to Y") in the same transaction.
 */
export async function changeStatus(
  db: Db,
  ctx: StaffContext,
  input: Target & { to: string; comment?: string | undefined },
): Promise<TStaffRequestDetail> {
  const now = ctx.now ?? new Date();
  return transaction(db, async (tx) => {
    const { row, service } = await lockedAt(tx, ctx, input.serviceSlug, input.id, input.version);
    if (statusOf(service, row.status).final) throw new AppError('REQUEST_FINAL', 'The request is closed');
    const refusal = moveRefusal(service, row.status, input.to, actor(ctx));
    if (refusal) throw new AppError(refusal, `${row.status} -> ${input.to} is not a move for this caller`);
    if (input.to === NEEDS_INFO && !input.comment)
      throw new AppError('INVALID_INPUT', 'Say what information is needed', { fieldErrors: { comment: ['required'] } });
    const updated = await moveRequest(tx, {
      row,
      service,
      to: input.to,
      actor: actor(ctx),
      appOrigin: ctx.appOrigin,
      now,
      ...(input.comment ? { comment: { body: input.comment, onTimeline: true } } : {}),
    });
    return staffDetail(tx, ctx, { row: updated, service });
  });
}

/** A comment: visible to the citizen (answering their comments), or internal to staff. A closed request takes none. */
export async function staffComment(
  db: Db,
  ctx: StaffContext,
  input: Target & { body: string; internal: boolean },
): Promise<TStaffRequestDetail> {
  const now = ctx.now ?? new Date();
  return transaction(db, async (tx) => {
    const { row, service } = await lockedAt(tx, ctx, input.serviceSlug, input.id, input.version);
    if (statusOf(service, row.status).final) throw new AppError('REQUEST_FINAL', 'The request is closed');
    const { row: updated } = await commentOn(tx, {
      row,
      actor: actor(ctx),
      body: input.body,
      internal: input.internal,
      now,
      touch: true,
      tell: { service, appOrigin: ctx.appOrigin },
    });
    return staffDetail(tx, ctx, { row: updated, service });
  });
}

/** Escalates the request (or removes the escalation), with an optional internal note saying why. */
export async function escalate(
  db: Db,
  ctx: StaffContext,
  input: Target & { escalated: boolean; comment?: string | undefined },
): Promise<TStaffRequestDetail> {
  const now = ctx.now ?? new Date();
  return transaction(db, async (tx) => {
    const { row, service } = await lockedAt(tx, ctx, input.serviceSlug, input.id, input.version);
    if (statusOf(service, row.status).final) throw new AppError('REQUEST_FINAL', 'The request is closed');
    const updated = await changeRequest(tx, {
      row,
      actor: actor(ctx),
      // The reason stays with the event too (decision 050), beside the internal note staff read.
      event: { kind: 'escalated', data: { escalated: input.escalated, ...(input.comment ? { reason: input.comment } : {}) } },
      set: { escalated: input.escalated, escalatedAt: input.escalated ? now : null },
      now,
    });
    if (input.comment)
      await commentOn(tx, { row: updated, actor: actor(ctx), body: input.comment, internal: true, now, touch: false });
    return staffDetail(tx, ctx, { row: updated, service });
  });
}

export async function listInstallationCompanies(db: Db, member: StaffMember) {
  const rows = await db.select().from(installationCompanies).where(eq(installationCompanies.active, true));
  return {
    items: rows
      .filter((c) => member.companyId === null || c.companyId === null || c.companyId === member.companyId)
      .map((c) => ({ id: c.id, name: c.name })),
  };
}

/**
 * Assigns ready requests to an installation company, all or none (spec section 5: at least one). A request that
 * is not in a ready status, already has a company, or is outside the caller's scope: REQUEST_NOT_READY and
 * nothing written. Each gets a "bulk assigned" event, and the citizen a notification-free timeline entry.
 */
export async function bulkAssign(
  db: Db,
  ctx: StaffContext,
  input: { requestIds: string[]; installationCompanyId: string },
): Promise<{ assigned: number; company: { id: string; name: { ar: string; en: string } } }> {
  const ids = [...new Set(input.requestIds)];
  if (ids.length === 0) throw new AppError('NO_REQUESTS_SELECTED', 'Choose at least one request');
  const now = ctx.now ?? new Date();
  return transaction(db, async (tx) => {
    const [company] = await tx
      .select()
      .from(installationCompanies)
      .where(and(eq(installationCompanies.id, input.installationCompanyId), eq(installationCompanies.active, true)));
    if (!company || (ctx.member.companyId !== null && company.companyId !== null && company.companyId !== ctx.member.companyId))
      throw new AppError('MODEL_NOT_FOUND', 'No such installation company');
    const rows = await tx
      .select()
      .from(requests)
      .where(and(inArray(requests.id, ids), scopeCondition(ctx.member)))
      .orderBy(requests.id)
      .for('update');
    // Who may hand requests over is the route's policy (the assigner's role); which, their readiness and the scope.
    const ready = rows.filter((r) => {
      const service = ctx.services(r.serviceSlug);
      return service !== undefined && r.assignedCompanyId === null && readyStatuses(service).includes(r.status);
    });
    if (ready.length !== ids.length)
      throw new AppError('REQUEST_NOT_READY', `${ids.length - ready.length} of the requests are not ready for assignment`);
    await changeRequests(tx, {
      rows: ready,
      actor: actor(ctx),
      event: { kind: 'bulk-assigned', data: { companyId: company.id, company: company.name } },
      set: { assignedCompanyId: company.id },
      now,
    });
    return { assigned: ready.length, company: { id: company.id, name: company.name } };
  });
}
