import { eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import type { TService } from '../../../contract/catalog.ts';
import {
  actsOnService,
  AWAITING_PAYMENT,
  CITIZEN_ROLE,
  SYSTEM_ROLE,
  transitionRefusal,
  waitsForFee,
} from '../../../contract/workflow.ts';
import type { Db } from '../../db/client.ts';
import {
  requestComments,
  requestEvents,
  requests,
  users,
  type NotificationData,
  type RequestEventKind,
} from '../../db/schema.ts';
import { AppError } from '../app-error.ts';
import { email, sms } from '../identity/messages.ts';
import { notification, notify, notifyMany, type NotificationType } from '../notifications/notify.ts';
import { pushMessages } from '../notifications/push.ts';
import { enqueueMany, enqueueStatement, type OutgoingMessage } from '../outbox/outbox.ts';
import { inScope } from '../staff/scope.ts';
import {
  ownerShortText,
  ownerSms,
  pushTitle,
  requestLink,
  requestPath,
  requestTemplates,
  staffShortText,
  type Happening,
} from './messages.ts';
import { stageIdOf, statusOf } from './service.ts';
import type { RequestRow } from './store.ts';
import type { TLang } from '../../../contract/basics.ts';
import type { TFeeWait } from '../../../contract/staff.ts';

/*
 * The one owner of a request's life (decision 040). Whoever acts on a filed request (staff, the citizen, the
 * payment gateway) writes through here, inside the caller's transaction, on a row the caller has locked:
 *
 * - a move along the workflow (`moveRequest`, `feePaid`): the move must be in the workflow for this actor (a staff
 *   member's roles, `citizen`, `system`); the new status and stage, one `status` event per step naming the actor,
 *   and the owner told once: the in-app notification and the e-mail through the outbox (TELL below);
 * - any other change (`changeRequest`, `changeRequests`, `commentOn`): its fields, the version and its event;
 * - events that change nothing on the row (`recordEvent`): the rating, a fee payment started.
 *
 * Fields only this module writes after filing: status, stage and their times, `version`, `updatedAt`,
 * `citizenCommentAt` (set by the citizen's comment; cleared by staff's visible answer, a staff move, or a final
 * status: nothing is left to answer) and `paymentTotalPiastres` (the fee owed: staff set a variable fee through
 * `setFee`, decision 060; the paid fee is recorded when the gateway's payment moves the request on).
 */

/** Who acts: a staff member (with the roles that admit their moves), the citizen, or the payment gateway. */
export type Actor =
  | { kind: 'staff'; id: string; name: string; roles: readonly string[] }
  | { kind: 'citizen'; id: string | null }
  | { kind: 'system' };

export const SYSTEM: Actor = { kind: 'system' };

/**
 * What the owner is told of each thing that happens to their request, and by which channel (decisions 040, 051):
 * in the app, by e-mail when they have one, by SMS (a short text with the request's link) and by web push to each
 * device they subscribed. A submission has no push (it is the citizen's own act, on the screen they are looking at).
 */
export const TELL = {
  submitted: ['inApp', 'email', 'sms'],
  status: ['inApp', 'email', 'sms', 'push'],
  staffComment: ['inApp', 'email', 'sms', 'push'],
  feePaid: ['inApp', 'email', 'sms', 'push'],
  feeFailed: ['inApp', 'email', 'sms', 'push'],
  feeSet: ['inApp', 'email', 'sms', 'push'],
  /** The service-quality staff's reply to a rating's follow-up (issue 26, decision 066). */
  qualityReply: ['inApp', 'email', 'sms', 'push'],
} as const satisfies Record<string, readonly Channel[]>;
type Channel = 'inApp' | 'email' | 'sms' | 'push';
type Told = keyof typeof TELL;
const sends = (what: Told, channel: Channel) => (TELL[what] as readonly Channel[]).includes(channel);

/**
 * What staff are told when the citizen acts on a request (decision 051): its assignee, or when nobody is assigned
 * the staff whose roles work on the service within the request's place (the team); in the app (the bell) and by
 * web push. Completing the information and paying also put the request under "with citizen comments" (the row
 * marked, the counter) until staff answer or move it, as a comment always did; a rating comes on a closed request,
 * which nobody answers.
 */
export const TELL_STAFF = {
  completed: ['inApp', 'push'],
  comment: ['inApp', 'push'],
  paid: ['inApp', 'push'],
  rated: ['inApp', 'push'],
} as const satisfies Record<string, readonly Channel[]>;
type Reply = keyof typeof TELL_STAFF;
/** At most this many staff of a team are told (the holding's staff see every request: not all of them one by one). */
const TEAM_MAX = 50;

type Event = { kind: RequestEventKind; data?: Record<string, unknown> };

/** Fields a change may set besides those the lifecycle keeps (the citizen's corrected data, assignment, escalation). */
export type RequestFields = Partial<
  Pick<
    typeof requests.$inferInsert,
    | 'assignee'
    | 'assignedCompanyId'
    | 'escalated'
    | 'escalatedAt'
    | 'data'
    | 'searchValues'
    | 'nationalId'
    | 'applicantName'
    | 'history'
  >
>;

const by = (a: Actor) =>
  a.kind === 'staff'
    ? { actorKind: 'staff' as const, actorId: a.id, actorName: a.name }
    : a.kind === 'citizen'
      ? { actorKind: 'citizen' as const, actorId: a.id, actorName: null }
      : { actorKind: 'system' as const, actorId: null, actorName: null };

/* ------------------------------------------------ filing --------------------------------------------------------- */

/** The status fields of a new request: the workflow's initial status and its stage, from now. */
export function initialState(service: TService, now: Date) {
  const status = service.workflow.initialStatus;
  return {
    status,
    stageId: stageIdOf(service, status),
    stageStartedAt: now,
    statusUpdatedAt: now,
    createdAt: now,
    updatedAt: now,
  };
}

type Owner = { firstName: string; email: string | null; mobile: string | null };

/**
 * A request just filed: its `created` event (the citizen, or the employee or agent filing for them) and, for a
 * signed-in owner, the "request submitted" notification, e-mail and SMS. As statements: the submission embeds them
 * in its one statement (decision 046), after the request's own insert.
 */
export function filingWrites(
  db: Db,
  f: { row: RequestRow; service: TService; actor: Actor; owner: Owner | undefined; appOrigin: string },
): SQLWrapper[] {
  const { row, service } = f;
  const writes: SQLWrapper[] = [
    eventStatement(db, row.id, f.actor, { kind: 'created', data: { activityId: row.activityId, to: row.status } }, row.createdAt),
  ];
  if (row.ownerId === null || !f.owner) return writes;
  const serviceLabel = labelsOf(service);
  if (sends('submitted', 'inApp'))
    writes.push(notification(db, row.ownerId, 'request-submitted', requestNotice(row, service), row.createdAt));
  const lang = row.lang as TLang;
  const link = requestLink(f.appOrigin, row.serviceSlug, row.id);
  const messages: OutgoingMessage[] = [];
  if (f.owner.email && sends('submitted', 'email'))
    messages.push(
      email(
        f.owner.email,
        lang,
        requestTemplates.submitted(f.owner.firstName, row.number, serviceLabel, link),
        `request-submitted:${row.id}:email`,
      ),
    );
  if (f.owner.mobile && sends('submitted', 'sms'))
    messages.push(
      sms(f.owner.mobile, lang, requestTemplates.submittedSms(row.number, serviceLabel), `request-submitted:${row.id}:sms`),
    );
  const outbox = enqueueStatement(db, messages);
  if (outbox) writes.push(outbox);
  return writes;
}

/* ------------------------------------------------ moves ---------------------------------------------------------- */

/**
 * Why this actor may not move a request from `from` to `to`: the workflow has no such move (TRANSITION_NOT_ALLOWED),
 * or gives it to other roles (TRANSITION_ROLE_REQUIRED: another staff role, the citizen's own activity, the gateway).
 */
export function moveRefusal(
  service: TService,
  from: string,
  to: string,
  actor: Actor,
): 'TRANSITION_NOT_ALLOWED' | 'TRANSITION_ROLE_REQUIRED' | null {
  if (actor.kind === 'staff') return transitionRefusal(service, from, to, actor.roles);
  const moves = service.workflow.transitions.filter((t) => t.from === from && t.to === to);
  if (moves.length === 0) return 'TRANSITION_NOT_ALLOWED';
  const role = actor.kind === 'citizen' ? CITIZEN_ROLE : SYSTEM_ROLE;
  return moves.some((t) => (t.roles ?? []).includes(role)) ? null : 'TRANSITION_ROLE_REQUIRED';
}

export type Move = {
  /** The request, locked by the caller in `tx` (`select … for update`). */
  row: RequestRow;
  service: TService;
  to: string;
  actor: Actor;
  appOrigin: string;
  now: Date;
  /** What happened that makes the move (the citizen's activity), recorded before it. */
  cause?: Event;
  /** Fields the same write changes (the citizen's corrected data). */
  set?: RequestFields;
  /** A comment with the move (staff asking for information; the citizen's reason to cancel). */
  comment?: { body: string; onTimeline: boolean };
};

/** Moves a request one step along its workflow: the trio (status and stage, the event, the owner told). */
export async function moveRequest(tx: Db, m: Move): Promise<RequestRow> {
  const moved = await applyMoves(tx, { ...m, path: [m.to] });
  if (m.comment)
    await commentOn(tx, {
      row: moved,
      actor: m.actor,
      body: m.comment.body,
      internal: false,
      now: m.now,
      touch: false,
      onTimeline: m.comment.onTimeline,
    });
  // What staff wrote with the move is what the citizen must read (the information needed): said with the status.
  const note = m.actor.kind === 'staff' && m.comment?.onTimeline ? m.comment.body : undefined;
  await tellStatus(tx, { row: moved, from: m.row.status, service: m.service, appOrigin: m.appOrigin, now: m.now, note });
  if (m.actor.kind === 'citizen' && !statusOf(m.service, moved.status).final)
    await tellStaff(tx, { row: moved, service: m.service, reply: 'completed', now: m.now });
  return moved;
}

async function applyMoves(
  tx: Db,
  m: Omit<Move, 'to' | 'comment'> & { path: string[]; extra?: Partial<typeof requests.$inferInsert> },
): Promise<RequestRow> {
  const { row, service, actor, now } = m;
  if (statusOf(service, row.status).final) throw new AppError('REQUEST_FINAL', 'The request is closed');
  let from = row.status;
  for (const step of m.path) {
    const refusal = moveRefusal(service, from, step, actor);
    if (refusal) throw new AppError(refusal, `${from} -> ${step} is not a move for this caller`);
    from = step;
  }
  const to = m.path[m.path.length - 1] ?? row.status;
  const stageId = stageIdOf(service, to);
  const final = statusOf(service, to).final;
  const answered = actor.kind === 'staff' || final;
  // The citizen's completed information waits for staff like a comment (decision 051).
  const waiting = actor.kind === 'citizen' && !final && m.path.length > 0;
  const [moved] = await tx
    .update(requests)
    .set({
      ...m.set,
      ...m.extra,
      ...(m.path.length > 0
        ? { status: to, stageId, statusUpdatedAt: now, ...(stageId !== row.stageId ? { stageStartedAt: now } : {}) }
        : {}),
      ...(answered ? { citizenCommentAt: null } : waiting ? { citizenCommentAt: now } : {}),
      updatedAt: now,
      version: sql`${requests.version} + 1`,
    })
    .where(eq(requests.id, row.id))
    .returning();
  const events: (typeof requestEvents.$inferInsert)[] = [];
  if (m.cause) events.push({ requestId: row.id, ...by(actor), kind: m.cause.kind, data: m.cause.data ?? {}, at: now });
  from = row.status;
  for (const step of m.path) {
    events.push({ requestId: row.id, ...by(actor), kind: 'status', data: { from, to: step }, at: now });
    from = step;
  }
  if (events.length > 0) await tx.insert(requestEvents).values(events);
  return moved!;
}

const labelsOf = (service: TService) => ({
  ar: service.translations.ar.serviceLabel,
  en: service.translations.en.serviceLabel,
});

/** What the owner's in-app notice of a request names: the request, its service and where it stands now. */
const requestNotice = (row: RequestRow, service: TService) => ({
  requestId: row.id,
  requestNumber: row.number,
  serviceSlug: row.serviceSlug,
  serviceLabel: labelsOf(service),
  status: row.status,
  statusLabel: statusOf(service, row.status).label,
});

async function ownerOf(tx: Db, ownerId: string) {
  const [owner] = await tx
    .select({ firstName: users.firstName, email: users.email, mobile: users.mobile })
    .from(users)
    .where(eq(users.id, ownerId));
  return owner;
}

type Texts = Record<TLang, { subject: string; body: string }>;

/**
 * The owner (or the payer) told of what happened to their request, by the channels TELL gives it: the in-app
 * notification, the e-mail when they have an address, the SMS when they have a mobile, a push to each of their
 * devices. `key` makes each message once (a retried change sends nothing twice).
 */
async function tellOwner(
  tx: Db,
  t: {
    userId: string;
    row: RequestRow;
    service: TService | undefined;
    what: Told;
    happening: Happening;
    notice?: { type: NotificationType; data: NotificationData } | undefined;
    email?: ((firstName: string, link: string) => Texts) | undefined;
    key: string;
    appOrigin: string;
    now: Date;
  },
): Promise<void> {
  const { row } = t;
  if (t.notice && sends(t.what, 'inApp')) await notify(tx, t.userId, t.notice.type, t.notice.data, t.now);
  const owner = await ownerOf(tx, t.userId);
  const lang = row.lang as TLang;
  const link = requestLink(t.appOrigin, row.serviceSlug, row.id);
  const labels = t.service ? labelsOf(t.service) : { ar: row.serviceSlug, en: row.serviceSlug };
  const messages: OutgoingMessage[] = [];
  if (owner?.email && t.email && sends(t.what, 'email'))
    messages.push(email(owner.email, lang, t.email(owner.firstName, link), `${t.key}:email`));
  if (owner?.mobile && sends(t.what, 'sms')) {
    const body = ownerSms(lang, labels, t.happening, link);
    messages.push(sms(owner.mobile, lang, { ar: { subject: '', body }, en: { subject: '', body } }, `${t.key}:sms`));
  }
  if (sends(t.what, 'push'))
    messages.push(
      ...(await pushMessages(
        tx,
        [t.userId],
        (l) => ({
          title: pushTitle(l),
          body: ownerShortText(l, labels, t.happening),
          url: requestPath(row.serviceSlug, row.id),
          tag: `request-${row.id}`,
        }),
        t.key,
      )),
    );
  await enqueueMany(tx, messages);
}

/**
 * The owner told of a move (TELL.status): in the app, by e-mail, SMS and push, with staff's note when they asked for
 * something; nothing when the status stayed. A paid fee's move is told by the fee's own messages (TELL.feePaid),
 * which name the new status: `quiet` leaves only the status notification.
 */
async function tellStatus(
  tx: Db,
  t: {
    row: RequestRow;
    from: string;
    service: TService;
    appOrigin: string;
    now: Date;
    quiet?: boolean;
    note?: string | undefined;
  },
): Promise<void> {
  const { row, service } = t;
  if (!row.ownerId || row.status === t.from) return;
  const label = statusOf(service, row.status).label;
  const notice = {
    type: 'status-changed' as const,
    data: { ...requestNotice(row, service), ...(t.note ? { note: t.note } : {}) },
  };
  if (t.quiet) {
    if (sends('status', 'inApp')) await notify(tx, row.ownerId, notice.type, notice.data, t.now);
    return;
  }
  await tellOwner(tx, {
    userId: row.ownerId,
    row,
    service,
    what: 'status',
    happening: { kind: 'status', status: label, note: t.note },
    notice,
    email: (name, link) => requestTemplates.statusChanged(name, row.number, label, link, t.note),
    key: `request-status:${row.id}:${row.version}`,
    appOrigin: t.appOrigin,
    now: t.now,
  });
}

/** The staff whose attention the request needs: its assignee, else its team (decision 051). */
async function attentionOf(tx: Db, row: RequestRow, service: TService): Promise<string[]> {
  if (row.assignee) return [row.assignee];
  const result = await tx.execute(
    sql`select u.id, u.roles, u.company, u.service_centers, u.profile
        from users u join user_types t on t.user_slug = u.user_slug
        where t.kind = 'employee' and not u.disabled
          and (${row.companyId}::text is null or u.company is null or u.company = ${row.companyId})
        order by u.number limit 500`,
  );
  type U = { id: string; roles: string[]; company: string | null; service_centers: string[]; profile: Record<string, string> };
  return (result as unknown as { rows: U[] }).rows
    .filter(
      (u) =>
        actsOnService(service, u.roles) &&
        inScope(
          {
            companyId: u.company,
            sectorId: typeof u.profile?.sector === 'string' && u.profile.sector !== '' ? u.profile.sector : null,
            serviceCenterIds: u.service_centers,
          },
          row,
        ),
    )
    .slice(0, TEAM_MAX)
    .map((u) => u.id);
}

/** Staff told that the citizen acted on the request (TELL_STAFF): the bell and a push to their devices. */
async function tellStaff(tx: Db, t: { row: RequestRow; service: TService; reply: Reply; now: Date }): Promise<void> {
  const { row, service, reply } = t;
  const channels = TELL_STAFF[reply] as readonly Channel[];
  const staff = await attentionOf(tx, row, service);
  if (staff.length === 0) return;
  if (channels.includes('inApp'))
    await notifyMany(tx, staff, 'citizen-replied', { ...requestNotice(row, service), reply }, t.now);
  if (channels.includes('push'))
    await enqueueMany(
      tx,
      await pushMessages(
        tx,
        staff,
        (l) => ({
          title: pushTitle(l),
          body: staffShortText(l, row.number, reply),
          url: requestPath(row.serviceSlug, row.id),
          tag: `staff-request-${row.id}`,
        }),
        `citizen-${reply}:${row.id}:${reply === 'rated' ? 'once' : row.version}`,
      ),
    );
}

/** A rating of a closed request (spec "Rating"): its event, and staff told (decision 051). */
export async function recordRating(
  tx: Db,
  r: { row: RequestRow; service: TService; actor: Actor; activityId: string; now: Date },
): Promise<void> {
  await recordEvent(tx, r.row.id, r.actor, { kind: 'rated', data: { activityId: r.activityId } }, r.now);
  await tellStaff(tx, { row: r.row, service: r.service, reply: 'rated', now: r.now });
}

/**
 * The service-quality staff's reply about a rated request (issue 26, decision 066): told to the owner like a staff
 * comment (TELL.qualityReply), without touching the request (it is closed): no event, no version. `key` makes a
 * repeat send nothing twice (the follow-up's id and reply count).
 */
export async function tellQualityReply(
  tx: Db,
  r: { row: RequestRow; service: TService; note: string; key: string; appOrigin: string; now: Date },
): Promise<void> {
  const { row, service, note } = r;
  if (!row.ownerId) return;
  await tellOwner(tx, {
    userId: row.ownerId,
    row,
    service,
    what: 'qualityReply',
    happening: { kind: 'qualityReply', note },
    notice: { type: 'quality-reply', data: { ...requestNotice(row, service), note } },
    email: (name, link) => requestTemplates.qualityReply(name, row.number, note, link),
    key: `quality-reply:${r.key}`,
    appOrigin: r.appOrigin,
    now: r.now,
  });
}

/* ------------------------------------------------ other changes -------------------------------------------------- */

/** A change that is not a move (assignment, escalation): its fields, the version, its timeline event. */
export async function changeRequest(
  tx: Db,
  c: { row: RequestRow; actor: Actor; event: Event; set?: RequestFields; now: Date },
): Promise<RequestRow> {
  const [updated] = await changeRequests(tx, { rows: [c.row], actor: c.actor, event: c.event, set: c.set, now: c.now });
  return updated!;
}

/** The same change to several requests in one statement each (bulk assignment), one event per request. */
export async function changeRequests(
  tx: Db,
  c: { rows: RequestRow[]; actor: Actor; event: Event; set?: RequestFields | undefined; now: Date },
): Promise<RequestRow[]> {
  if (c.rows.length === 0) return [];
  const updated = await tx
    .update(requests)
    .set({ ...c.set, updatedAt: c.now, version: sql`${requests.version} + 1` })
    .where(
      inArray(
        requests.id,
        c.rows.map((r) => r.id),
      ),
    )
    .returning();
  await tx
    .insert(requestEvents)
    .values(c.rows.map((r) => ({ requestId: r.id, ...by(c.actor), kind: c.event.kind, data: c.event.data ?? {}, at: c.now })));
  return updated;
}

/**
 * A comment on the request and its `comment` event. `touch` counts it as a write of its own (the version, and the
 * citizen-comment flag: set by the citizen's, cleared by staff's visible answer); a comment made with another change
 * (a move, an escalation) leaves that to the change. `onTimeline: false` keeps it off the timeline (the citizen's
 * reason to cancel, which the cancellation's event stands for).
 */
export async function commentOn(
  tx: Db,
  c: {
    row: RequestRow;
    actor: Actor;
    body: string;
    internal: boolean;
    now: Date;
    touch: boolean;
    onTimeline?: boolean;
    /** A comment of its own (`touch`) is told: staff's visible one to the owner, the citizen's to staff (decision 051). */
    tell?: { service: TService; appOrigin?: string | undefined };
  },
): Promise<{ comment: typeof requestComments.$inferSelect; row: RequestRow }> {
  const { row, actor, now } = c;
  const staff = actor.kind === 'staff' ? actor : undefined;
  const [comment] = await tx
    .insert(requestComments)
    .values({
      requestId: row.id,
      authorKind: staff ? 'staff' : 'citizen',
      authorId: staff ? staff.id : actor.kind === 'citizen' ? actor.id : null,
      ...(staff ? { authorName: staff.name, internal: c.internal } : {}),
      body: c.body,
      createdAt: now,
    })
    .returning();
  if (c.onTimeline ?? true)
    await recordEvent(
      tx,
      row.id,
      actor,
      { kind: 'comment', data: { commentId: String(comment!.id), ...(c.internal ? { internal: true } : {}) } },
      now,
    );
  if (!c.touch) return { comment: comment!, row };
  const flag = actor.kind === 'citizen' ? { citizenCommentAt: now } : c.internal ? {} : { citizenCommentAt: null };
  const [updated] = await tx
    .update(requests)
    .set({ ...flag, updatedAt: now, version: sql`${requests.version} + 1` })
    .where(eq(requests.id, row.id))
    .returning();
  if (c.tell && actor.kind === 'citizen') await tellStaff(tx, { row: updated!, service: c.tell.service, reply: 'comment', now });
  else if (c.tell && staff && !c.internal && updated!.ownerId) {
    const service = c.tell.service;
    await tellOwner(tx, {
      userId: updated!.ownerId,
      row: updated!,
      service,
      what: 'staffComment',
      happening: { kind: 'staffComment', note: c.body },
      notice: { type: 'staff-comment', data: { ...requestNotice(updated!, service), note: c.body } },
      email: (name, link) => requestTemplates.staffComment(name, updated!.number, c.body, link),
      key: `request-comment:${comment!.id}`,
      appOrigin: c.tell.appOrigin ?? '',
      now,
    });
  }
  return { comment: comment!, row: updated! };
}

/** An event that changes nothing on the request's row (the rating; a fee payment started). */
export async function recordEvent(tx: Db, requestId: string, actor: Actor, event: Event, now: Date): Promise<void> {
  await eventStatement(tx, requestId, actor, event, now);
}

/** The insert of {@link recordEvent}, as a statement to await or to embed in a larger one. */
function eventStatement(db: Db, requestId: string, actor: Actor, event: Event, now: Date) {
  return db.insert(requestEvents).values({ requestId, ...by(actor), kind: event.kind, data: event.data ?? {}, at: now });
}

/* ------------------------------------------------ the fee (decision 027) ----------------------------------------- */

/** The fee a request owes, in piastres: set on the request (a variable cost), else the service's cost. */
export function feeDue(service: TService, row: Pick<RequestRow, 'paymentTotalPiastres'>): number | null {
  if (row.paymentTotalPiastres !== null && row.paymentTotalPiastres > 0) return row.paymentTotalPiastres;
  const cost = service.businessAttributes.cost;
  return cost.kind === 'paid' && typeof cost.amount === 'number' && cost.amount > 0 ? Math.round(cost.amount * 100) : null;
}

/**
 * What a request's fee waits for now, as staff are told (issue 24): the citizen's payment (`payment`), or the
 * amount staff set for a fee "to be estimated" (`amount`, decision 060); `null` when the request waits for no fee.
 */
export function feeWaitOf(service: TService, row: Pick<RequestRow, 'status' | 'paymentTotalPiastres'>): TFeeWait | null {
  if (statusOf(service, row.status).final || !waitsForFee(service, row.status)) return null;
  return feeDue(service, row) === null ? 'amount' : 'payment';
}

/** The gateway's moves a paid fee makes: to awaiting_payment if the request is not there yet, then its way out. */
function feePath(service: TService, status: string): string[] {
  const path = status === AWAITING_PAYMENT ? [] : [AWAITING_PAYMENT];
  const next = service.workflow.transitions.find(
    (t) => t.from === AWAITING_PAYMENT && t.to !== 'cancelled' && (t.roles ?? []).includes(SYSTEM_ROLE),
  );
  return next ? [...path, next.to] : path;
}

export type FeePayment = {
  id: string;
  requestId: string;
  serviceSlug: string | null;
  payerId: string | null;
  serviceFeePiastres: number;
  totalPiastres: number;
};

/**
 * A fee payment the gateway confirmed: the request (locked here) moves on along the gateway's moves, with the
 * `payment-succeeded` event, one `status` event per step, the paid fee recorded, and the owner told (the payment's
 * notification, the status notification and one e-mail naming both). False: the request no longer waits for its
 * fee (cancelled, or paid by another payment), and nothing is written.
 */
export async function feePaid(
  tx: Db,
  f: { payment: FeePayment; transactionId: string | null; service: TService | undefined; appOrigin: string; now: Date },
): Promise<boolean> {
  const { payment: p, service, now } = f;
  const [row] = await tx.select().from(requests).where(eq(requests.id, p.requestId)).for('update');
  if (!service || !row || !waitsForFee(service, row.status)) return false;
  const total = p.totalPiastres / 100;
  const moved = await applyMoves(tx, {
    row,
    service,
    actor: SYSTEM,
    appOrigin: f.appOrigin,
    now,
    path: feePath(service, row.status),
    cause: {
      kind: 'payment-succeeded',
      data: { paymentId: p.id, transactionId: f.transactionId, totalPiastres: p.totalPiastres, total },
    },
    // The paid fee waits for staff like a comment (decision 051), unless the gateway's moves closed the request.
    extra: { paymentTotalPiastres: row.paymentTotalPiastres ?? p.serviceFeePiastres, citizenCommentAt: now },
  });
  await tellStaff(tx, { row: moved, service, reply: 'paid', now });
  if (!row.ownerId) return true;
  const status = statusOf(service, moved.status).label;
  await tellOwner(tx, {
    userId: row.ownerId,
    row: moved,
    service,
    what: 'feePaid',
    happening: { kind: 'feePaid', total: total.toFixed(2), status },
    notice: {
      type: 'payment-succeeded',
      data: {
        paymentId: p.id,
        requestId: row.id,
        requestNumber: row.number,
        serviceSlug: row.serviceSlug,
        total,
        transactionId: f.transactionId,
      },
    },
    email: (name, link) => requestTemplates.feePaid(name, row.number, total.toFixed(2), f.transactionId, status, link),
    key: `payment:${p.id}:succeeded`,
    appOrigin: f.appOrigin,
    now,
  });
  await tellStatus(tx, { row: moved, from: row.status, service, appOrigin: f.appOrigin, now, quiet: true });
  return true;
}

/** A fee payment started by its citizen: on the timeline (the request itself does not change). */
export async function feePaymentStarted(
  tx: Db,
  s: {
    requestId: string;
    actor: Actor;
    payment: { id: string; merchantReference: string; gateway: string; channel: string; totalPiastres: number };
    now: Date;
  },
): Promise<void> {
  const p = s.payment;
  await recordEvent(
    tx,
    s.requestId,
    s.actor,
    {
      kind: 'payment-started',
      data: {
        paymentId: p.id,
        merchantReference: p.merchantReference,
        gateway: p.gateway,
        channel: p.channel,
        totalPiastres: p.totalPiastres,
        total: p.totalPiastres / 100,
      },
    },
    s.now,
  );
}

/** A fee payment that failed or expired: on the timeline, and its payer told (the request stays where it was). */
export async function feePaymentFailed(
  tx: Db,
  f: {
    payment: FeePayment;
    transactionId: string | null;
    reason: string;
    now: Date;
    /** For the messages' service name and link (decision 051): without it the slug names the service. */
    service?: TService | undefined;
    appOrigin: string;
  },
): Promise<void> {
  const { payment: p, now } = f;
  await recordEvent(
    tx,
    p.requestId,
    SYSTEM,
    {
      kind: 'payment-failed',
      data: {
        paymentId: p.id,
        transactionId: f.transactionId,
        totalPiastres: p.totalPiastres,
        total: p.totalPiastres / 100,
        reason: f.reason,
      },
    },
    now,
  );
  if (!p.payerId) return;
  const [req] = await tx.select().from(requests).where(eq(requests.id, p.requestId));
  if (!req) return;
  await tellOwner(tx, {
    userId: p.payerId,
    row: req,
    service: f.service,
    what: 'feeFailed',
    happening: { kind: 'feeFailed' },
    notice: {
      type: 'payment-failed',
      data: {
        paymentId: p.id,
        requestId: p.requestId,
        requestNumber: req.number,
        ...(p.serviceSlug ? { serviceSlug: p.serviceSlug } : {}),
        total: p.totalPiastres / 100,
      },
    },
    email: (name, link) => requestTemplates.feeFailed(name, req.number, link),
    key: `payment:${p.id}:failed`,
    appOrigin: f.appOrigin,
    now,
  });
}

/**
 * A variable fee set by staff (decision 060): the request's fee owed (`paymentTotalPiastres`), a `fee-set` event
 * naming the staff member, and the owner told in the app, by e-mail, SMS and push that they may pay it now. The
 * caller has locked the row and checked that the request waits for its fee and that no payment of it is live.
 */
export async function setFee(
  tx: Db,
  f: { row: RequestRow; service: TService; actor: Actor; feePiastres: number; appOrigin: string; now: Date },
): Promise<RequestRow> {
  const { service, now } = f;
  const total = f.feePiastres / 100;
  const updated = await changeRequest(tx, {
    row: f.row,
    actor: f.actor,
    event: {
      kind: 'fee-set',
      data: {
        totalPiastres: f.feePiastres,
        total,
        ...(f.row.paymentTotalPiastres ? { previousPiastres: f.row.paymentTotalPiastres } : {}),
      },
    },
    now,
  });
  const [row] = await tx
    .update(requests)
    .set({ paymentTotalPiastres: f.feePiastres })
    .where(eq(requests.id, updated.id))
    .returning();
  if (row!.ownerId)
    await tellOwner(tx, {
      userId: row!.ownerId,
      row: row!,
      service,
      what: 'feeSet',
      happening: { kind: 'feeSet', total: total.toFixed(2) },
      notice: { type: 'fee-set', data: { ...requestNotice(row!, service), total } },
      email: (name, link) => requestTemplates.feeSet(name, row!.number, total.toFixed(2), link),
      key: `request-fee:${row!.id}:${row!.version}`,
      appOrigin: f.appOrigin,
      now,
    });
  return row!;
}

/** A refunded fee payment on its request's timeline (decision 060); the request stays where it is. */
export async function feeRefunded(
  tx: Db,
  f: { requestId: string; actor: Actor; paymentId: string; totalPiastres: number; reason: string | null; now: Date },
): Promise<void> {
  await recordEvent(
    tx,
    f.requestId,
    f.actor,
    {
      kind: 'payment-refunded',
      data: {
        paymentId: f.paymentId,
        totalPiastres: f.totalPiastres,
        total: f.totalPiastres / 100,
        ...(f.reason ? { reason: f.reason } : {}),
      },
    },
    f.now,
  );
}
