import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import { amountInWords } from '../../../contract/number-words.ts';
import { readableNumber, textNumber } from '../../../contract/request-number.ts';
import type { TFieldSchema, TService } from '../../../contract/catalog.ts';
import type { TDocumentRef, TQrDocument } from '../../../contract/requests.ts';
import type { Db } from '../../db/client.ts';
import { attachments, bills, documents, meters, paymentItems, payments, requests, users } from '../../db/schema.ts';
import { AppError } from '../app-error.ts';
import type { FileCaller } from '../attachments/attachments.ts';
import { METHOD_LABELS } from '../payments/payments.ts';
import { documentSecret, secretHash } from './issue.ts';
import { statusOf } from '../requests/service.ts';
import { StorageNotFound, type FileStorage } from '../storage/index.ts';
import { renderPaymentReceiptPdf, renderReceiptPdf, type ReceiptContent } from './pdf.ts';
import type { TLang } from '../../../contract/basics.ts';

/*
 * Printings (issue 10 item 6; decision 021). A document row says that a paper was issued for a request (kind
 * `receipt`, its label, for whom; issued by the submission, server/domain/documents/issue.ts) or for a paid
 * payment (kind `paymentReceipt`, issued when the payment is applied as paid; decision 029). A document is
 * immutable: its PDF is drawn on the first request for it in a language and kept in the file storage under a key
 * derived from the document's id and the language (decision 037); later requests are served the stored bytes. Its QR code opens `/verify?secret=…`: the secret is HMAC-SHA256 of the
 * document id with the server's key (`server_keys`), so every rendering carries the same code, and the database
 * keeps only its SHA-256.
 */

const PORTAL = { ar: 'كهرباء', en: 'Kahraba' } as const;
const VERIFIED_MESSAGE = {
  ar: 'هذا المستند صادر عن بوابة كهرباء، وبياناته مطابقة لسجلاتنا.',
  en: 'This document was issued by the Kahraba portal and matches our records.',
} as const;
/** A payment receipt whose payment was refunded (decision 060): issued by us, and no longer valid. */
const WITHDRAWN_MESSAGE = {
  ar: 'سُحب هذا الإيصال: رُدّ المبلغ المدفوع وصدر عنه إشعار دائن. لا يُعتد به كإثبات للسداد.',
  en: 'This receipt was withdrawn: the amount paid was refunded and a credit note issued. It is no longer proof of payment.',
} as const;
const CREDIT_NOTE_MESSAGE = {
  ar: 'إشعار دائن صادر عن بوابة كهرباء: رُدّ مبلغ هذا السداد إلى صاحبه.',
  en: 'A credit note issued by the Kahraba portal: the amount of this payment was refunded.',
} as const;

/** When a paper was withdrawn: a payment receipt whose payment was refunded (decision 060). */
const withdrawnAtOf = (
  d: { kind: string; createdAt: Date },
  p: { status: string; refundedAt: Date | null } | null,
): string | null =>
  d.kind === 'paymentReceipt' && p?.status === 'refunded' ? (p.refundedAt ?? d.createdAt).toISOString() : null;

/** The address a document's QR code opens. */
export const verifyUrl = (appOrigin: string, secret: string): string =>
  `${appOrigin}/verify?secret=${encodeURIComponent(secret)}`;

const serviceLabelOf = (services: TService[], slug: string) => {
  const s = services.find((x) => x.serviceSlug === slug);
  return s ? { ar: s.translations.ar.serviceLabel, en: s.translations.en.serviceLabel } : { ar: slug, en: slug };
};

/** My papers: the documents issued to a user, newest first. */
export async function listDocuments(
  db: Db,
  services: TService[],
  input: { userId: string; limit: number; skip: number; appOrigin: string; key: Buffer },
): Promise<{ items: TDocumentRef[]; total: number }> {
  const where = eq(documents.userId, input.userId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        d: documents,
        number: requests.number,
        serviceSlug: requests.serviceSlug,
        reference: payments.merchantReference,
        totalPiastres: payments.totalPiastres,
        paymentStatus: payments.status,
        refundedAt: payments.refundedAt,
      })
      .from(documents)
      .leftJoin(requests, eq(requests.id, documents.requestId))
      .leftJoin(payments, eq(payments.id, documents.paymentId))
      .where(where)
      .orderBy(desc(documents.createdAt), desc(documents.id))
      .limit(input.limit)
      .offset(input.skip),
    db.select({ n: count() }).from(documents).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.d.id,
      requestId: r.d.requestId,
      requestNumber: r.number,
      serviceSlug: r.serviceSlug,
      serviceLabel: r.serviceSlug ? serviceLabelOf(services, r.serviceSlug) : null,
      paymentId: r.d.paymentId,
      paymentReference: r.reference,
      totalPiastres: r.totalPiastres,
      kind: r.d.kind,
      label: r.d.label,
      withdrawnAt: withdrawnAtOf(r.d, r.paymentStatus ? { status: r.paymentStatus, refundedAt: r.refundedAt } : null),
      createdAt: r.d.createdAt.toISOString(),
      verifyUrl: verifyUrl(input.appOrigin, documentSecret(input.key, r.d.id)),
    })),
    total: total?.n ?? 0,
  };
}

const nameOf = async (db: Db, userId: string | null): Promise<string | null> => {
  if (!userId) return null;
  const [u] = await db.select({ first: users.firstName, last: users.lastName }).from(users).where(eq(users.id, userId));
  return u ? `${u.first} ${u.last}`.trim() || null : null;
};

/** What `/verify` shows for a QR secret, or 401 INVALID_QR ("Unauthorized access"; the page says "Invalid QR Code"). */
export async function documentFromQr(db: Db, services: TService[], secret: string): Promise<TQrDocument> {
  const [row] = await db
    .select({ d: documents, r: requests, p: payments })
    .from(documents)
    .leftJoin(requests, eq(requests.id, documents.requestId))
    .leftJoin(payments, eq(payments.id, documents.paymentId))
    .where(eq(documents.secretHash, secretHash(secret)))
    .limit(1);
  if (!row) throw new AppError('INVALID_QR', 'Unauthorized access');
  const { d, r, p } = row;
  if (p) {
    // A payment's receipt: what was paid, when and by whom (the payer's name, never the account or the bills' ids).
    // Withdrawn once its payment was refunded; a credit note says what was refunded (decision 060).
    const withdrawnAt = withdrawnAtOf(d, p);
    return {
      label: d.label,
      message: { ...(d.kind === 'creditNote' ? CREDIT_NOTE_MESSAGE : withdrawnAt ? WITHDRAWN_MESSAGE : VERIFIED_MESSAGE) },
      payment: {
        reference: p.merchantReference,
        purpose: p.purpose,
        totalPiastres: p.totalPiastres,
        paidAt: (p.paidAt ?? d.createdAt).toISOString(),
        payerName: (await nameOf(db, p.payerId)) ?? r?.applicantName ?? null,
        requestNumber: r?.number ?? null,
        issuedAt: d.createdAt.toISOString(),
        withdrawnAt,
        creditNote: d.kind === 'creditNote',
      },
    };
  }
  if (!r) throw new AppError('INVALID_QR', 'Unauthorized access');
  const service = services.find((s) => s.serviceSlug === r.serviceSlug);
  return {
    label: d.label,
    message: { ...VERIFIED_MESSAGE },
    document: {
      requestNumber: r.number,
      serviceSlug: r.serviceSlug,
      serviceLabel: serviceLabelOf(services, r.serviceSlug),
      status: statusOf(service, r.status),
      createdAt: r.createdAt.toISOString(),
      issuedAt: d.createdAt.toISOString(),
      applicantName: r.applicantName,
    },
  };
}

const YES_NO = { ar: ['نعم', 'لا'], en: ['Yes', 'No'] } as const;

/** A submitted value as text for the paper (option labels, yes/no, file names, nested values). */
function valueText(field: TFieldSchema | undefined, value: unknown, lang: TLang, fileNames: Map<string, string>): string {
  if (value === null || value === undefined || value === '') return '';
  const sep = lang === 'ar' ? '، ' : ', ';
  if (field && (field.type === 'file' || field.type === 'image')) {
    const ids = (Array.isArray(value) ? value : [value]).map((v) =>
      typeof v === 'string' ? v : v && typeof v === 'object' ? String((v as { id?: unknown }).id ?? '') : '',
    );
    return ids
      .map((id) => fileNames.get(id) ?? '')
      .filter(Boolean)
      .join(sep);
  }
  if (Array.isArray(value))
    return value
      .map((v) => valueText(field, v, lang, fileNames))
      .filter(Boolean)
      .join(sep);
  if (typeof value === 'boolean') return YES_NO[lang][value ? 0 : 1];
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => {
        const sub = field?.schema?.[k];
        const text = valueText(sub, v, lang, fileNames);
        return text ? (sub ? `${sub.label[lang]}: ${text}` : text) : '';
      })
      .filter(Boolean)
      .join(sep);
  }
  const option = field?.uniforms?.options?.find((o) => o.value === String(value));
  return option ? option.label[lang] : String(value);
}

/** The fields of the request's creating activity with their values, in the form's order. */
function fieldRows(
  service: TService | undefined,
  activityId: string,
  data: Record<string, unknown>,
  lang: TLang,
  fileNames: Map<string, string>,
): { label: string; value: string }[] {
  const activity = service?.activities.find((a) => a.activityId === activityId);
  const out: { label: string; value: string }[] = [];
  const seen = new Set<string>();
  for (const step of activity?.steps ?? [])
    for (const [id, field] of Object.entries(step.fieldsSchema)) {
      seen.add(id);
      if (field.type === 'password' || field.hidden) continue;
      const value = valueText(field, data[id], lang, fileNames);
      if (value) out.push({ label: field.label[lang], value });
    }
  // Values the current form no longer names (an older service version) are printed too, under their field id.
  for (const [id, v] of Object.entries(data)) {
    if (seen.has(id)) continue;
    const value = valueText(undefined, v, lang, fileNames);
    if (value) out.push({ label: id, value });
  }
  return out;
}

/**
 * Whether the caller may have the paper: its account (the request's owner, the payer, or the one it was issued
 * to), or the anonymous filer's token of its request.
 */
const ownsDocument = (
  caller: FileCaller,
  d: { userId: string | null },
  r: { ownerId: string | null; ownerTokenHash: string | null } | null,
  p: { payerId: string | null } | null,
) =>
  caller.kind === 'user'
    ? d.userId === caller.userId || (r !== null && r.ownerId === caller.userId) || (p !== null && p.payerId === caller.userId)
    : caller.ownerTokenHash !== undefined && r !== null && r.ownerTokenHash === caller.ownerTokenHash;

type PdfInput = { id: string; caller: FileCaller; lang: TLang | undefined; appOrigin: string; key: Buffer; now?: Date };

/**
 * Where a document's PDF in one language is kept: a storage key derived from the document's id and the language
 * (SHA-256, the storage's key shape), so that the documents row needs no column and every process finds it.
 */
export function documentPdfKey(documentId: string, lang: TLang): string {
  const h = crypto.createHash('sha256').update(`document-pdf\0${documentId}\0${lang}`).digest('hex').slice(0, 32);
  return `${h.slice(0, 2)}/${h.slice(2, 4)}/${h}`;
}

/** How many PDFs this process has drawn (tests and metrics: a stored document is not drawn again). */
export const printStats = { renders: 0 };

/** The drawings in progress in this process, by storage key: concurrent first requests share one. */
const drawing = new Map<string, Promise<Buffer>>();

/** Draws a document once per process at a time and keeps it; the stored bytes are what every later request gets. */
function drawAndKeep(storage: FileStorage, key: string, draw: () => Promise<Buffer>): Promise<Buffer> {
  let pending = drawing.get(key);
  if (!pending) {
    pending = (async () => {
      printStats.renders++;
      const pdf = await draw();
      await storage.put(key, pdf, { size: pdf.length, contentType: 'application/pdf' });
      return pdf;
    })().finally(() => drawing.delete(key));
    drawing.set(key, pending);
  }
  return pending;
}

/**
 * A document as PDF for its owner (404 MODEL_NOT_FOUND for anyone else): the stored drawing, or drawn now from its
 * request or its payment, then kept (decision 037). The first request in a language draws it; every later one,
 * in any process sharing the storage, reads it.
 */
export async function documentPdf(
  db: Db,
  storage: FileStorage,
  services: TService[],
  input: PdfInput,
): Promise<{ pdf: Buffer | Readable; fileName: string }> {
  const [row] = await db
    .select({ d: documents, r: requests, p: payments })
    .from(documents)
    .leftJoin(requests, eq(requests.id, documents.requestId))
    .leftJoin(payments, eq(payments.id, documents.paymentId))
    .where(eq(documents.id, input.id))
    .limit(1);
  if (!row || !ownsDocument(input.caller, row.d, row.r, row.p)) throw new AppError('MODEL_NOT_FOUND', 'Document not found');
  const { d, r, p } = row;
  let lang: TLang;
  let fileName: string;
  let draw: (lang: TLang) => Promise<Buffer>;
  if (d.kind === 'paymentReceipt' || d.kind === 'creditNote') {
    if (!p) throw new AppError('MODEL_NOT_FOUND', 'Document not found');
    lang = input.lang ?? p.lang;
    // Named by what it pays (its label, decision 049), not by the gateway's reference.
    fileName = `${d.label[lang]}.pdf`;
    draw = (l) => paymentReceiptPdf(db, services, input, l, d, p, r);
  } else {
    if (!r) throw new AppError('MODEL_NOT_FOUND', 'Document not found');
    lang = input.lang ?? r.lang;
    // Named by the readable number of its language (decision 061), as the paper itself shows it.
    fileName = lang === 'ar' ? `إيصال ${readableNumber(r.number, lang)}.pdf` : `${readableNumber(r.number, lang)}-receipt.pdf`;
    draw = (l) => requestReceiptPdf(db, services, input, l, d, r);
  }
  const key = documentPdfKey(d.id, lang);
  try {
    return { pdf: await storage.get(key), fileName };
  } catch (err) {
    if (!(err instanceof StorageNotFound)) throw err;
  }
  try {
    return { pdf: await drawAndKeep(storage, key, () => draw(lang)), fileName };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('PRINT_FAILED', `The document could not be drawn: ${(err as Error).message}`);
  }
}

type DocumentRow = typeof documents.$inferSelect;
type RequestRow = typeof requests.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

async function requestReceiptPdf(
  db: Db,
  services: TService[],
  input: PdfInput,
  lang: TLang,
  d: DocumentRow,
  r: RequestRow,
): Promise<Buffer> {
  const service = services.find((s) => s.serviceSlug === r.serviceSlug);
  const files = await db
    .select({ id: attachments.id, name: attachments.originalName })
    .from(attachments)
    .where(and(eq(attachments.requestId, r.id)));
  const applicant = r.applicantName ?? (await nameOf(db, r.ownerId));
  const content: ReceiptContent = {
    lang,
    portal: PORTAL[lang],
    title: d.label[lang],
    serviceName: serviceLabelOf(services, r.serviceSlug)[lang],
    number: textNumber(r.number, lang),
    createdAt: r.createdAt,
    status: statusOf(service, r.status).label[lang],
    applicant: { name: applicant ?? '—', nationalId: r.nationalId },
    fields: fieldRows(service, r.activityId, r.data, lang, new Map(files.map((f) => [f.id, f.name]))),
    verifyUrl: verifyUrl(input.appOrigin, documentSecret(input.key, d.id)),
    issuedAt: d.createdAt,
  };
  return renderReceiptPdf(content);
}

/** A payment's receipt: the bills it paid (or the request whose fee it paid), the amounts, the total in words. */
async function paymentReceiptPdf(
  db: Db,
  services: TService[],
  input: PdfInput,
  lang: TLang,
  d: DocumentRow,
  p: PaymentRow,
  r: RequestRow | null,
): Promise<Buffer> {
  const paid =
    p.purpose === 'bills'
      ? await db
          .select({ number: bills.number, period: bills.period, meterNumber: meters.number, amount: paymentItems.amountPiastres })
          .from(paymentItems)
          .innerJoin(bills, eq(bills.id, paymentItems.billId))
          .innerJoin(meters, eq(meters.id, bills.meterId))
          .where(eq(paymentItems.paymentId, p.id))
          .orderBy(asc(meters.number), asc(bills.period))
      : [];
  return renderPaymentReceiptPdf({
    lang,
    portal: PORTAL[lang],
    title: d.label[lang],
    reference: p.merchantReference,
    transactionId: p.gatewayTransactionId,
    paidAt: p.paidAt ?? d.createdAt,
    payerName: (await nameOf(db, p.payerId)) ?? r?.applicantName ?? '—',
    means: METHOD_LABELS[p.channel][lang],
    paymentCode: p.referenceNumber,
    bills: paid.map((b) => ({ number: b.number, meterNumber: b.meterNumber, period: b.period, amountPiastres: b.amount })),
    fee:
      p.purpose === 'fee' && r
        ? { requestNumber: textNumber(r.number, lang), serviceName: serviceLabelOf(services, r.serviceSlug)[lang] }
        : null,
    billsTotalPiastres: p.billsTotalPiastres,
    serviceFeePiastres: p.serviceFeePiastres,
    gatewayFeePiastres: p.gatewayFeePiastres,
    totalPiastres: p.totalPiastres,
    totalInWords: amountInWords(p.totalPiastres, lang),
    verifyUrl: verifyUrl(input.appOrigin, documentSecret(input.key, d.id)),
    issuedAt: d.createdAt,
  });
}
