import { z } from 'zod/mini';
import { ZBill } from './bills.ts';
import { freeText, int, wholeNumber } from './common.ts';
import { ZPayment } from './payments.ts';
import { ZDocumentRef } from './requests.ts';
import { ZCitizenCard } from './staff.ts';

/*
 * The finance side of the staff workspace (issue 24 part 5, decision 060): a citizen's bills, payments and papers
 * for technical support (read only, within the staff member's company scope), a refund that withdraws a payment's
 * receipt and issues a credit note, and a variable ("to be estimated") fee set by staff.
 */

/** The largest fee staff may set: EGP 10,000,000 (in piastres). */
export const MAX_FEE_PIASTRES = 1_000_000_000;

/** POST …/fee: the request's fee in piastres (at least one pound), with the version the employee saw. */
export const ZFeeBody = z.strictObject({ version: int(1), feePiastres: int(100, MAX_FEE_PIASTRES) });
export type TFeeBody = z.infer<typeof ZFeeBody>;

/** POST /api/staff/payments/:id/refund: why (the citizen reads it on the credit note's notification). */
export const ZRefundBody = z.strictObject({ reason: freeText(3, 500) });
export type TRefundBody = z.infer<typeof ZRefundBody>;

/** A payment as staff read it: the citizen's own view of it, and its refund when it was refunded. */
export const ZStaffPayment = z.extend(ZPayment, {
  refundedAt: z.nullable(z.string()),
  refundReason: z.nullable(z.string()),
  /** A fee's request number (bills payments have none). */
  requestNumber: z.nullable(z.string()),
});
export type TStaffPayment = z.infer<typeof ZStaffPayment>;

/**
 * GET …/finance paged (decision 076): a page of payments (newest first, with their receipts and credit notes) and a
 * page of bills, each list with its own offset, `limit` rows a page.
 */
export const ZCitizenFinanceQuery = z.object({
  limit: z._default(wholeNumber(1, 100), 20),
  paymentsSkip: z._default(wholeNumber(0, 100_000), 0),
  billsSkip: z._default(wholeNumber(0, 100_000), 0),
});
export type TCitizenFinanceQuery = z.input<typeof ZCitizenFinanceQuery>;

/** GET /api/staff/citizens/:id/finance: what support needs to answer "did my payment go through?". */
export const ZCitizenFinance = z.object({
  citizen: ZCitizenCard,
  /** The page of bills asked for; `billsTotal` counts them all. */
  bills: z.array(ZBill),
  billsTotal: z.int(),
  unpaidTotalPiastres: z.int(),
  /** The page of payments asked for; `paymentsTotal` counts them all. */
  payments: z.array(ZStaffPayment),
  paymentsTotal: z.int(),
  /** The receipts and credit notes of the payments on the page. */
  documents: z.array(ZDocumentRef),
});
export type TCitizenFinance = z.infer<typeof ZCitizenFinance>;
