import { z } from 'zod/mini';
import { ZId, ZIsoDateTime, wholeNumber } from './common.ts';
import { ZBillBreakdown, ZPeriod, ZTariff } from './tariff.ts';

/*
 * Bills (spec section 3 "Bill": bill id, amount, issue date, due date, month of entitlement, status), one per meter
 * and month of entitlement, made from the month's reading with the tariff in force (decision 026).
 */

export const BILL_STATUSES = ['unpaid', 'paid', 'cancelled'] as const;
export const ZBillStatus = z.enum(BILL_STATUSES);
export type TBillStatus = z.infer<typeof ZBillStatus>;

/** Days from issue to due date. */
export const BILL_DUE_DAYS = 30;

export const ZBill = z.object({
  id: ZId,
  /** The bill number people see and quote. */
  number: z.string(),
  meterId: ZId,
  meterNumber: z.string(),
  /** The owner's label for the meter ("Home"), if any. */
  meterName: z.nullable(z.string()),
  connectionType: z.string(),
  /** Month of entitlement, `YYYY-MM`. */
  period: ZPeriod,
  /** kWh billed. */
  consumption: z.int(),
  amountPiastres: z.int(),
  breakdown: z.nullable(ZBillBreakdown),
  tariffId: z.nullable(z.string()),
  issuedAt: ZIsoDateTime,
  dueAt: ZIsoDateTime,
  status: ZBillStatus,
  paidAt: z.nullable(ZIsoDateTime),
  version: z.int(),
});
export type TBill = z.infer<typeof ZBill>;

/** An unpaid bill past its due date (decision 049: marked on the bills and payment screens). */
export const isOverdue = (bill: { status?: TBillStatus; dueAt: string }, now: number): boolean =>
  (bill.status === undefined || bill.status === 'unpaid') && Date.parse(bill.dueAt) < now;

export const ZBillListQuery = z.object({
  meterId: z.optional(ZId),
  status: z.optional(ZBillStatus),
  limit: z._default(wholeNumber(1, 100), 20),
  skip: z._default(wholeNumber(0, 100_000), 0),
});
export const ZBillPage = z.object({
  items: z.array(ZBill),
  total: z.int(),
  /** What is due over the whole selection (every page): unpaid bills only. */
  unpaidTotalPiastres: z.int(),
});
export type TBillPage = z.infer<typeof ZBillPage>;

export const ZTariffList = z.object({ items: z.array(ZTariff) });
export type TTariffList = z.infer<typeof ZTariffList>;

/* ------------------------------------------- paying: the selection rule ------------------------------------ */

export type BillSelectionResult =
  | { ok: true; totalPiastres: number }
  | { ok: false; code: 'NO_BILLS_SELECTED' | 'OLDER_BILLS_FIRST' | 'BILL_ALREADY_PAID'; billIds: string[] };

/**
 * Which bills of one meter may be paid together (spec section 5 "Payments and bills": at least one bill; older
 * bills must be paid first). `unpaid` is the meter's unpaid bills, oldest first (by month of entitlement);
 * `selected` the ids chosen. The choice must be a prefix of that list: a bill cannot be chosen while an older
 * unpaid bill of the same meter is left out.
 * - nothing chosen: NO_BILLS_SELECTED;
 * - an id that is not among the unpaid bills (paid, cancelled, another meter's or unknown): BILL_ALREADY_PAID,
 *   naming those ids (the payment use case answers 404 for ids the caller does not own before asking this);
 * - a newer bill chosen without an older one: OLDER_BILLS_FIRST, naming the older bills left out;
 * - otherwise ok, with the total in piastres.
 */
export function checkBillSelection(
  unpaid: readonly { id: string; amountPiastres: number }[],
  selected: readonly string[],
): BillSelectionResult {
  const chosen = new Set(selected);
  if (chosen.size === 0) return { ok: false, code: 'NO_BILLS_SELECTED', billIds: [] };
  const unpaidIds = new Set(unpaid.map((b) => b.id));
  const notDue = [...chosen].filter((id) => !unpaidIds.has(id));
  if (notDue.length > 0) return { ok: false, code: 'BILL_ALREADY_PAID', billIds: notDue };
  const newest = Math.max(...unpaid.map((b, i) => (chosen.has(b.id) ? i : -1)));
  const leftOut = unpaid.slice(0, newest).filter((b) => !chosen.has(b.id));
  if (leftOut.length > 0) return { ok: false, code: 'OLDER_BILLS_FIRST', billIds: leftOut.map((b) => b.id) };
  return { ok: true, totalPiastres: unpaid.slice(0, newest + 1).reduce((sum, b) => sum + b.amountPiastres, 0) };
}

/** The bills a click on one bill's checkbox leaves chosen: choosing takes every older one too, leaving drops newer ones. */
export function toggleBillSelection(unpaid: readonly { id: string }[], selected: readonly string[], id: string): string[] {
  const i = unpaid.findIndex((b) => b.id === id);
  if (i < 0) return [...selected];
  const on = selected.includes(id);
  return unpaid.slice(0, on ? i : i + 1).map((b) => b.id);
}
