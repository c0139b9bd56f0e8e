import { offeredTo } from '../../../contract/availability.ts';
import type { TService } from '../../../contract/catalog.ts';
import type { TRequestStage, TRequestStatus } from '../../../contract/requests.ts';
import { AppError } from '../app-error.ts';

/*
 * What a service's definition says about its requests: which service a slug names for a citizen, whether it takes
 * requests now, its statuses and stages (the workflow is data, contract/catalog.ts).
 */

/**
 * The service a request route names. A service hidden on the web does not exist for the portal (404, as in the
 * catalog); slugs match exactly.
 */
export function serviceBySlug(services: readonly TService[], slug: string): TService {
  const service = services.find((s) => s.serviceSlug === slug);
  if (!service || service.hiddenOn.includes('web')) throw new AppError('MODEL_NOT_FOUND', `No service ${slug}`);
  return service;
}

/** A service takes new requests (and uploads) when active, not deactivated and not disabled on the web. */
export function assertOpen(service: TService): void {
  if (service.deactivated || !service.isActive || service.disabledOn.includes('web'))
    throw new AppError('SERVICE_UNAVAILABLE', `${service.serviceSlug} does not take requests now`);
}

/**
 * A service limited to some user types (issue 26, decision 074) takes requests for their accounts only: the owner's
 * type decides, whoever files (an employee or agent for a citizen or a company); a visitor files none of them.
 */
export function assertOfferedTo(service: TService, ownerType: string | null): void {
  if (!offeredTo(service, ownerType))
    throw new AppError('SERVICE_UNAVAILABLE', `${service.serviceSlug} is not offered to ${ownerType ?? 'visitors'}`);
}

/** The activity a request is created with: the service's first (apply). */
export const creatingActivity = (service: TService) => service.activities[0];

export function statusOf(service: TService | undefined, statusId: string): TRequestStatus {
  const s = service?.workflow.statuses.find((x) => x.id === statusId);
  return {
    id: statusId,
    label: s?.label ?? { ar: statusId, en: statusId },
    final: s?.final ?? false,
    activityId: s?.activityId ?? null,
  };
}

export function stageOf(service: TService | undefined, statusId: string, startedAt: Date): TRequestStage | null {
  const stage = service?.stages.find((st) => st.statuses.includes(statusId));
  return stage ? { stageId: stage.stageId, label: stage.label, days: stage.days, startedAt: startedAt.toISOString() } : null;
}

export const stageIdOf = (service: TService, statusId: string): string | null =>
  service.stages.find((st) => st.statuses.includes(statusId))?.stageId ?? null;

const CANCELLED = 'cancelled';

/** The status the citizen may move the request to by cancelling it now, if any. */
export function cancelTarget(service: TService | undefined, statusId: string): string | undefined {
  if (!service || statusOf(service, statusId).final) return undefined;
  const t = service.workflow.transitions.find(
    (x) => x.from === statusId && x.to === CANCELLED && (x.roles ?? []).includes('citizen'),
  );
  return t?.to;
}

/** The status a citizen's activity moves the request to from this status (e.g. needs_info back to review). */
export function citizenTransition(service: TService, statusId: string): string | undefined {
  return service.workflow.transitions.find(
    (x) => x.from === statusId && x.to !== CANCELLED && (x.roles ?? []).includes('citizen'),
  )?.to;
}
