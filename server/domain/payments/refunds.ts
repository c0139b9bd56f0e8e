import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { TLang } from '../../../contract/basics.ts';
import { bills, documents, payments, users } from '../../db/schema.ts';
import { documentSecret, PAYMENT_RECEIPT_LABEL, secretHash } from '../documents/issue.ts';
import { email, sms } from '../identity/messages.ts';
import { notify } from '../notifications/notify.ts';
import { enqueueMany, type OutgoingMessage } from '../outbox/outbox.ts';
import { feeRefunded, SYSTEM, type Actor } from '../requests/lifecycle.ts';
import { requestNumberOf } from '../requests/store.ts';
import type { PaymentRow } from './gateways/types.ts';

/*
 * A refund (decision 060), whoever reports it: staff recording money returned through the gateway's dashboard or
 * at the cashier, or the gateway's own "refunded" callback or inquiry. In the transaction that holds the payment's
 * row lock: the payment becomes `refunded` (when, why, by whom), its receipt is withdrawn (the receipt row stays;
 * its payment's status says it is withdrawn, so its QR page says so from then on), a credit note (a document of
 * its own, with its own QR) is issued to the payer and shows in their papers, bills paid by it are owed again, a
 * fee's refund goes on its request's timeline, and the payer is told in the app, by e-mail and by SMS (through the
 * outbox, in the language they paid in), with the way to their credit note.
 */

export const CREDIT_NOTE_LABEL = { ar: 'إشعار دائن', en: 'Credit note' } as const;

export type RefundBy = { actor: Actor; staffId: string | null; reason: string | null };

type Texts = { subject: string; body: string };

/**
 * The payer's e-mail and SMS of a refund. The SMS names neither the payment's nor the request's number (a phone's
 * latest digits are read as a one-time code, decision 040); both lead to My papers, where the credit note is.
 */
export const refundTemplates = {
  email: (name: string, total: string, reason: string | null, link: string): Record<TLang, Texts> => ({
    ar: {
      subject: `تم رد مبلغ ${total} جنيه إليك`,
      body: `أهلًا ${name}،\nتم رد مبلغ ${total} جنيه من مدفوعاتك، فلم يعد إيصالها إثباتًا للسداد.${reason ? `\nالسبب: ${reason}` : ''}\nصدر لك إشعار دائن تجده في «أوراقي»:\n${link}`,
    },
    en: {
      subject: `EGP ${total} was refunded to you`,
      body: `Hello ${name},\nEGP ${total} of your payments was refunded, so its receipt is no longer proof of payment.${reason ? `\nReason: ${reason}` : ''}\nA credit note was issued to you; it is in My papers:\n${link}`,
    },
  }),
  sms: (total: string, link: string): Record<TLang, Texts> => ({
    ar: { subject: '', body: `كهرباء: تم رد مبلغ ${total} جنيه إليك، وإشعار الدائن في أوراقي: ${link}` },
    en: { subject: '', body: `Kahraba: EGP ${total} was refunded to you; the credit note is in My papers: ${link}` },
  }),
};

/** Applies a refund to a paid payment whose row `tx` has locked; false when it is not paid (nothing written). */
export async function refundLocked(
  tx: Db,
  key: Buffer,
  p: PaymentRow,
  by: RefundBy,
  now: Date,
  appOrigin: string,
): Promise<boolean> {
  if (p.status !== 'succeeded') return false;
  const done = await tx
    .update(payments)
    .set({
      status: 'refunded',
      refundedAt: now,
      refundReason: by.reason,
      refundedBy: by.staffId,
      updatedAt: now,
      checkedAt: now,
      version: sql`${payments.version} + 1`,
    })
    .where(and(eq(payments.id, p.id), eq(payments.version, p.version)))
    .returning({ id: payments.id });
  if (done.length !== 1) return false;
  if (p.purpose === 'bills')
    await tx
      .update(bills)
      .set({ status: 'unpaid', paidAt: null, paymentId: null, version: sql`${bills.version} + 1` })
      .where(and(eq(bills.paymentId, p.id), eq(bills.status, 'paid')));
  const [receipt] = await tx
    .select({ label: documents.label })
    .from(documents)
    .where(and(eq(documents.paymentId, p.id), eq(documents.kind, 'paymentReceipt')));
  const paid = receipt?.label ?? PAYMENT_RECEIPT_LABEL;
  const id = crypto.randomUUID();
  await tx
    .insert(documents)
    .values({
      id,
      paymentId: p.id,
      requestId: p.requestId,
      userId: p.payerId,
      kind: 'creditNote',
      label: { ar: `${CREDIT_NOTE_LABEL.ar}: ${paid.ar}`, en: `${CREDIT_NOTE_LABEL.en}: ${paid.en}` },
      secretHash: secretHash(documentSecret(key, id)),
      createdAt: now,
    })
    .onConflictDoNothing({ target: [documents.paymentId, documents.kind] });
  let requestNumber: string | undefined;
  if (p.purpose === 'fee' && p.requestId) {
    await feeRefunded(tx, {
      requestId: p.requestId,
      actor: by.actor,
      paymentId: p.id,
      totalPiastres: p.totalPiastres,
      reason: by.reason,
      now,
    });
    requestNumber = await requestNumberOf(tx, p.requestId);
  }
  if (p.payerId)
    await notify(
      tx,
      p.payerId,
      'payment-refunded',
      {
        paymentId: p.id,
        total: p.totalPiastres / 100,
        ...(p.requestId ? { requestId: p.requestId } : {}),
        ...(requestNumber ? { requestNumber } : {}),
        ...(p.serviceSlug ? { serviceSlug: p.serviceSlug } : {}),
        ...(by.reason ? { reason: by.reason } : {}),
      },
      now,
    );
  if (p.payerId) await tellPayer(tx, p, by.reason, appOrigin);
  return true;
}

/** The payer's e-mail (when they have an address) and SMS (when they have a mobile), once each (`dedupeKey`). */
async function tellPayer(tx: Db, p: PaymentRow, reason: string | null, appOrigin: string): Promise<void> {
  const [payer] = await tx
    .select({ firstName: users.firstName, email: users.email, mobile: users.mobile })
    .from(users)
    .where(eq(users.id, p.payerId!));
  if (!payer) return;
  const lang: TLang = p.lang;
  const total = (p.totalPiastres / 100).toFixed(2);
  const link = `${appOrigin}/papers`;
  const messages: OutgoingMessage[] = [];
  if (payer.email)
    messages.push(
      email(payer.email, lang, refundTemplates.email(payer.firstName, total, reason, link), `payment-refund:${p.id}:email`),
    );
  if (payer.mobile) messages.push(sms(payer.mobile, lang, refundTemplates.sms(total, link), `payment-refund:${p.id}:sms`));
  await enqueueMany(tx, messages);
}

/** The gateway's own refund (a callback or an inquiry said so): nobody on staff, no reason given. */
export const GATEWAY_REFUND: RefundBy = { actor: SYSTEM, staffId: null, reason: null };
