import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import { payments } from '../../db/schema.ts';
import { GatewayError, type PaymentRow } from './gateways/types.ts';
import { applyById, isLive, type Applied, type PaymentDeps } from './payments.ts';
import { startJobs } from '../jobs/jobs.ts';

/*
 * Reconciliation (decision 027, quality.md "Security": a job re-checks pending payments). Every 15 minutes the
 * payments started 15 to 30 minutes ago that are still live are asked about at their gateway; once a day, every
 * older live one. A code past its expiry expires; a card page nobody paid within a day expires too (its bills and
 * request are free again). Plain functions taking `now`, run as jobs like the identity clean-up (once per period
 * across processes).
 */

export const RECENT_EVERY_MS = 15 * 60_000;
export const DAILY_EVERY_MS = 24 * 3_600_000;
const ABANDONED_MS = 24 * 3_600_000;

/** Asks the gateway where one payment stands and applies the answer (the status screen's refresh uses it too). */
export async function refreshPayment(deps: PaymentDeps, p: PaymentRow, now: Date): Promise<Applied> {
  if (!isLive(p.status)) return { applied: false, status: p.status };
  const none = { transactionId: null, amountPiastres: null, merchantReference: p.merchantReference, orderId: p.gatewayOrderId };
  const gw = deps.gateways.of(p.gateway, p.channel);
  let outcome;
  try {
    outcome = gw ? await gw.inquire(p) : null;
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    deps.log?.warn({ err, paymentId: p.id }, 'payment inquiry failed');
    outcome = null;
  }
  if (outcome && outcome.status !== 'pending') return applyById(deps, p.id, outcome, now);
  if (p.channel === 'code' && p.expiresAt && p.expiresAt <= now)
    return applyById(deps, p.id, { ...none, status: 'expired' }, now);
  if (p.status === 'started' && now.getTime() - p.createdAt.getTime() >= ABANDONED_MS)
    return applyById(deps, p.id, { ...none, status: 'expired' }, now);
  if (outcome?.status === 'pending' && p.status === 'started' && outcome.transactionId)
    return applyById(deps, p.id, outcome, now);
  return { applied: false, status: p.status };
}

export type ReconcileReport = { checked: number; changed: number };

/** One pass: `recent` (15 to 30 minutes old) or `daily` (older than 30 minutes). */
export async function reconcilePayments(
  deps: PaymentDeps,
  opts: { now?: Date; sweep: 'recent' | 'daily'; limit?: number },
): Promise<ReconcileReport> {
  const now = opts.now ?? new Date();
  const at = (min: number) => new Date(now.getTime() - min * 60_000);
  const window =
    opts.sweep === 'recent'
      ? and(lte(payments.createdAt, at(15)), gt(payments.createdAt, at(30)))
      : lte(payments.createdAt, at(30));
  const due = await deps.db
    .select()
    .from(payments)
    .where(and(inArray(payments.status, ['started', 'pending']), window))
    .orderBy(payments.createdAt)
    .limit(opts.limit ?? 500);
  let changed = 0;
  for (const p of due) {
    const r = await refreshPayment(deps, p, now);
    if (r.applied) changed++;
  }
  return { checked: due.length, changed };
}

/**
 * Starts the reconciliation jobs (server/main.ts): each sweep runs once per period across every process sharing
 * the database (domain/jobs). Returns the stop function.
 */
export function startReconciler(
  deps: PaymentDeps,
  options: { scale?: number; onRun?: (job: string, ok: boolean) => void } = {},
): () => Promise<void> {
  const job = (sweep: 'recent' | 'daily', everyMs: number) => ({
    name: `payments-${sweep}`,
    everyMs,
    run: () => reconcilePayments(deps, { sweep }),
  });
  return startJobs(deps.db, [job('recent', RECENT_EVERY_MS), job('daily', DAILY_EVERY_MS)], {
    warn: (obj, msg) => deps.log?.warn(obj, msg),
    scale: options.scale,
    onRun: options.onRun,
  });
}

/** A payment by id (tests and the refresh route). */
export async function paymentRow(deps: PaymentDeps, id: string): Promise<PaymentRow | undefined> {
  const [p] = await deps.db.select().from(payments).where(eq(payments.id, id));
  return p;
}
