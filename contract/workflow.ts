import type { TService } from './catalog.ts';
import type { TLocalized } from './common.ts';

/*
 * What a service's workflow (data, contract/catalog.ts) lets staff do, shared by the server (which enforces it)
 * and the employee build (which offers only what is allowed). Decisions 023 and 036.
 *
 * Transition roles: `citizen` the applicant (their activity or cancel), `system` the payment gateway (a request
 * with a fee waits for it), `installer` the external installation company a request is handed to (the statuses
 * its moves leave are the ready ones), any other name a staff role of contract/roles.ts. No name admits every staff
 * member: a staff member acts on a service only when one of its moves names one of their roles (decision 036).
 */

export const CITIZEN_ROLE = 'citizen';
export const SYSTEM_ROLE = 'system';
export const INSTALLER_ROLE = 'installer';
/** The transition roles that are not staff roles: parties outside the staff workspace. */
export const PARTY_ROLES: readonly string[] = [CITIZEN_ROLE, SYSTEM_ROLE, INSTALLER_ROLE];
/** The status that asks the citizen for more information: moving there needs a comment saying what is missing. */
export const NEEDS_INFO = 'needs_info';

type Workflow = TService['workflow'];
type Transition = Workflow['transitions'][number];

const staffAdmits = (t: Transition, roles: readonly string[]) =>
  (t.roles ?? []).some((r) => !PARTY_ROLES.includes(r) && roles.includes(r));

export type StaffTransition = { to: string; label: TLocalized; needsComment: boolean };

/** The moves a staff member with these roles may make from this status, in the workflow's order. */
export function allowedTransitions(
  service: Pick<TService, 'workflow'>,
  statusId: string,
  roles: readonly string[],
): StaffTransition[] {
  const seen = new Set<string>();
  const out: StaffTransition[] = [];
  for (const t of service.workflow.transitions) {
    if (t.from !== statusId || seen.has(t.to) || !staffAdmits(t, roles)) continue;
    seen.add(t.to);
    const label = service.workflow.statuses.find((s) => s.id === t.to)?.label ?? { ar: t.to, en: t.to };
    out.push({ to: t.to, label, needsComment: t.to === NEEDS_INFO });
  }
  return out;
}

/**
 * Why a staff member may not move a request from `from` to `to`: no such move in the workflow
 * (TRANSITION_NOT_ALLOWED), or only for other roles, the citizen or the gateway (TRANSITION_ROLE_REQUIRED).
 */
export function transitionRefusal(
  service: Pick<TService, 'workflow'>,
  from: string,
  to: string,
  roles: readonly string[],
): 'TRANSITION_NOT_ALLOWED' | 'TRANSITION_ROLE_REQUIRED' | null {
  const moves = service.workflow.transitions.filter((t) => t.from === from && t.to === to);
  if (moves.length === 0) return 'TRANSITION_NOT_ALLOWED';
  return moves.some((t) => staffAdmits(t, roles)) ? null : 'TRANSITION_ROLE_REQUIRED';
}

/** Staff with these roles act on this service when some staff move of its workflow admits them. */
export function actsOnService(service: Pick<TService, 'workflow'>, roles: readonly string[]): boolean {
  return service.workflow.transitions.some((t) => staffAdmits(t, roles));
}

/**
 * Statuses from which an external installation company takes the request over (bulk assignment by the
 * EmployeeAssignExternalCompany role): those its own moves (`installer`) leave.
 */
export function readyStatuses(service: Pick<TService, 'workflow'>): string[] {
  return [...new Set(service.workflow.transitions.filter((t) => (t.roles ?? []).includes(INSTALLER_ROLE)).map((t) => t.from))];
}

export type TSla = {
  /** The current stage's days, and the days left in it (negative: overdue by that many). */
  stageDays: number | null;
  stageDaysLeft: number | null;
  /** The whole request's days (the sum of its stages' days) and the days left (counted from its filing). */
  totalDays: number | null;
  totalDaysLeft: number | null;
  overdue: boolean;
};

const DAY = 86_400_000;

/**
 * Days left in the current stage and in the whole request (the business SLA, as DIGIT's inbox shows "days
 * remaining"): a stage's days run from when the request entered it, the total from its filing. A final status has
 * no time left to count (all null).
 */
export function slaOf(
  service: Pick<TService, 'workflow' | 'stages'> | undefined,
  statusId: string,
  stageStartedAt: Date | string,
  createdAt: Date | string,
  now: Date,
): TSla {
  const none: TSla = { stageDays: null, stageDaysLeft: null, totalDays: null, totalDaysLeft: null, overdue: false };
  if (!service || service.workflow.statuses.find((s) => s.id === statusId)?.final) return none;
  const elapsed = (from: Date | string) => Math.floor((now.getTime() - new Date(from).getTime()) / DAY);
  const stage = service.stages.find((s) => s.statuses.includes(statusId));
  const total = service.stages.reduce((n, s) => n + s.days, 0);
  const stageDays = stage && stage.days > 0 ? stage.days : null;
  const totalDays = total > 0 ? total : null;
  const stageDaysLeft = stageDays === null ? null : stageDays - elapsed(stageStartedAt);
  const totalDaysLeft = totalDays === null ? null : totalDays - elapsed(createdAt);
  return {
    stageDays,
    stageDaysLeft,
    totalDays,
    totalDaysLeft,
    overdue: (stageDaysLeft !== null && stageDaysLeft < 0) || (totalDaysLeft !== null && totalDaysLeft < 0),
  };
}

/** The status in which a request waits for its fee (spec section 4: a request with a service fee stays pending until paid). */
export const AWAITING_PAYMENT = 'awaiting_payment';

/**
 * Whether a request in `status` waits for its fee: it is in awaiting_payment, or the gateway's own move (role
 * `system`) leads there from it (CODEMETER: filed as new, paid in advance). The server's payment use cases and
 * the request page's "Pay the fee" ask the same question.
 */
export const waitsForFee = (service: Pick<TService, 'workflow'>, status: string): boolean =>
  status === AWAITING_PAYMENT ||
  service.workflow.transitions.some(
    (t) => t.from === status && t.to === AWAITING_PAYMENT && (t.roles ?? []).includes(SYSTEM_ROLE),
  );
