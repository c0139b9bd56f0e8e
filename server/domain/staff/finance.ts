import { and, count, desc, eq, exists, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { TDocumentRef } from '../../../contract/requests.ts';
import type { TCitizenFinance, TStaffPayment } from '../../../contract/finance.ts';
import type { TService } from '../../../contract/catalog.ts';
import type { Db } from '../../db/client.ts';
import { bills, documents, meters, paymentItems, payments, requests, users } from '../../db/schema.ts';
import { transaction } from '../../db/tx.ts';
import { AppError } from '../app-error.ts';
import { listBills } from '../bills/bills.ts';
import { documentKey } from '../documents/issue.ts';
import { maskMobile } from '../identity/crypto.ts';
import { meterScope } from '../meters/meters.ts';
import { toPayment } from '../payments/payments.ts';
import { refundLocked } from '../payments/refunds.ts';
import type { PaymentRow } from '../payments/gateways/types.ts';
import { scopeCondition, type StaffMember } from './scope.ts';

/*
 * The finance side of the staff workspace (issue 24 part 5, decision 060). Support reads a citizen's bills,
 * payments and papers to answer "did my payment go through?"; a member of a company's staff reads only what is
 * in their scope: bills of meters in it, bills payments that paid such a bill, fee payments of requests in it (a
 * holding employee, with no company, reads all). A refund is recorded on a payment in the same scope.
 */

/** The payments a staff member may read: of bills on meters in scope, or of requests in scope; all for the holding. */
function paymentScope(member: StaffMember): SQL | undefined {
  const meterRule = meterScope(member);
  const requestRule = scopeCondition(member);
  if (!meterRule && !requestRule) return undefined;
  return or(
    and(
      eq(payments.purpose, 'bills'),
      exists(
        sql`(select 1 from ${paymentItems} inner join ${bills} on ${bills.id} = ${paymentItems.billId} inner join ${meters} on ${meters.id} = ${bills.meterId} where ${paymentItems.paymentId} = ${payments.id} and ${meterRule ?? sql`true`})`,
      ),
    ),
    and(
      eq(payments.purpose, 'fee'),
      exists(sql`(select 1 from ${requests} where ${requests.id} = ${payments.requestId} and ${requestRule ?? sql`true`})`),
    ),
  );
}

const staffPayment = (p: PaymentRow, billIds: string[], receiptId: string | null, number: string | null): TStaffPayment => ({
  ...toPayment(p, billIds, receiptId),
  refundedAt: p.refundedAt?.toISOString() ?? null,
  refundReason: p.refundReason,
  requestNumber: number,
});

/** Payments with their bills, receipts and request numbers, for the staff screens. */
async function staffPayments(db: Db, rows: { p: PaymentRow; number: string | null }[]): Promise<TStaffPayment[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.p.id);
  const [items, receipts] = await Promise.all([
    db.select().from(paymentItems).where(inArray(paymentItems.paymentId, ids)),
    db
      .select({ id: documents.id, paymentId: documents.paymentId })
      .from(documents)
      .where(and(inArray(documents.paymentId, ids), eq(documents.kind, 'paymentReceipt'))),
  ]);
  return rows.map(({ p, number }) =>
    staffPayment(
      p,
      items
        .filter((i) => i.paymentId === p.id)
        .map((i) => i.billId)
        .sort(),
      receipts.find((d) => d.paymentId === p.id)?.id ?? null,
      number,
    ),
  );
}

/** A citizen's bills, payments and payment papers as this staff member may read them (CITIZEN_NOT_FOUND: no such citizen). */
export async function citizenFinance(
  db: Db,
  services: readonly TService[],
  member: StaffMember,
  input: { citizenId: string; limit: number; paymentsSkip: number; billsSkip: number },
): Promise<TCitizenFinance> {
  const [u] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, input.citizenId), eq(users.userSlug, 'citizen')));
  if (!u) throw new AppError('CITIZEN_NOT_FOUND', 'No such citizen');
  const mine = and(eq(payments.payerId, u.id), paymentScope(member));
  // Each list pages on its own (decision 076): the bills, and the payments with their papers.
  const [billPage, paymentRows, [counted]] = await Promise.all([
    listBills(db, { ownerId: u.id, meterScope: meterScope(member), limit: input.limit, skip: input.billsSkip }),
    db
      .select({ p: payments, number: requests.number })
      .from(payments)
      .leftJoin(requests, eq(requests.id, payments.requestId))
      .where(mine)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(input.limit)
      .offset(input.paymentsSkip),
    db.select({ n: count() }).from(payments).where(mine),
  ]);
  const paymentList = await staffPayments(db, paymentRows);
  const paid = paymentRows.map((r) => r.p);
  const docs =
    paid.length > 0
      ? await db
          .select()
          .from(documents)
          .where(
            and(
              inArray(
                documents.paymentId,
                paid.map((p) => p.id),
              ),
              inArray(documents.kind, ['paymentReceipt', 'creditNote']),
            ),
          )
          .orderBy(desc(documents.createdAt), desc(documents.id))
      : [];
  const documentList: TDocumentRef[] = docs.map((d) => {
    const p = paid.find((x) => x.id === d.paymentId)!;
    const r = paymentRows.find((x) => x.p.id === p.id);
    const service = p.serviceSlug ? services.find((s) => s.serviceSlug === p.serviceSlug) : undefined;
    return {
      id: d.id,
      requestId: d.requestId,
      requestNumber: r?.number ?? null,
      serviceSlug: p.serviceSlug,
      serviceLabel: service ? { ar: service.translations.ar.serviceLabel, en: service.translations.en.serviceLabel } : null,
      paymentId: p.id,
      paymentReference: p.merchantReference,
      totalPiastres: p.totalPiastres,
      kind: d.kind,
      label: d.label,
      withdrawnAt: d.kind === 'paymentReceipt' && p.status === 'refunded' ? (p.refundedAt ?? d.createdAt).toISOString() : null,
      createdAt: d.createdAt.toISOString(),
    };
  });
  return {
    citizen: {
      id: u.id,
      name: `${u.firstName} ${u.lastName}`.trim(),
      nationalId: u.nationalId,
      // Masked, as the citizen search shows it.
      mobile: u.mobile ? maskMobile(u.mobile) : null,
    },
    bills: billPage.items,
    billsTotal: billPage.total,
    unpaidTotalPiastres: billPage.unpaidTotalPiastres,
    payments: paymentList,
    paymentsTotal: counted?.n ?? 0,
    documents: documentList,
  };
}

/**
 * Records the refund of a paid payment in the staff member's scope (MODEL_NOT_FOUND outside it): the money went
 * back through the gateway's dashboard or the cashier; here the receipt is withdrawn and the credit note issued
 * (server/domain/payments/refunds.ts). PAYMENT_NOT_REFUNDABLE: not paid, or refunded already.
 */
export async function refundPayment(
  db: Db,
  member: StaffMember,
  input: { paymentId: string; reason: string; appOrigin: string },
  now = new Date(),
): Promise<TStaffPayment> {
  const key = await documentKey(db);
  return transaction(db, async (tx) => {
    const [p] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.id, input.paymentId), paymentScope(member)))
      .for('update', { of: payments });
    if (!p) throw new AppError('MODEL_NOT_FOUND', 'No such payment');
    const ok = await refundLocked(
      tx,
      key,
      p,
      {
        actor: { kind: 'staff', id: member.id, name: member.name, roles: member.roles },
        staffId: member.id,
        reason: input.reason,
      },
      now,
      input.appOrigin,
    );
    if (!ok) throw new AppError('PAYMENT_NOT_REFUNDABLE', `The payment is ${p.status}`);
    const [after] = await tx
      .select({ p: payments, number: requests.number })
      .from(payments)
      .leftJoin(requests, eq(requests.id, payments.requestId))
      .where(eq(payments.id, p.id));
    const [one] = await staffPayments(tx, [after!]);
    return one!;
  });
}
