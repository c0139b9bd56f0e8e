import type { TService } from '../../../contract/catalog.ts';
import { AppError } from '../app-error.ts';

/**
 * Spec section 9: "Inspection or estimation (claim) valid three months from claim date." A service whose fee is the
 * estimate made after an inspection carries the `claim-validity` hook (the seed sets it on every service whose terms
 * state the rule, so what the citizen reads and what the server enforces cannot drift apart). The claim date is
 * when the request entered `awaiting_payment`: the inspection is done and the estimate issued. Three calendar
 * months later the estimate can no longer be paid: DEADLINE_EXCEEDED, and a new inspection is needed.
 */
export const CLAIM_HOOK = 'claim-validity';
export const CLAIM_VALIDITY_MONTHS = 3;

/** The last moment the claim made at `claimAt` can be paid (calendar months, kept at month end: 30 Nov + 3 = 28 Feb). */
export function claimExpiresAt(claimAt: Date): Date {
  const end = new Date(claimAt);
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + CLAIM_VALIDITY_MONTHS);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

/** Refuses paying a claim (estimate) older than three months. Other services and statuses pass. */
export function assertClaimValid(
  service: Pick<TService, 'hooks'>,
  row: { status: string; statusUpdatedAt: Date },
  now: Date,
): void {
  if (!service.hooks.includes(CLAIM_HOOK) || row.status !== 'awaiting_payment') return;
  const expires = claimExpiresAt(row.statusUpdatedAt);
  if (now.getTime() > expires.getTime())
    throw new AppError('DEADLINE_EXCEEDED', `The inspection or estimate (claim) expired at ${expires.toISOString()}`);
}
