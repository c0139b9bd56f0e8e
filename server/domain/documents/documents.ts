import { and, count, desc, eq } from 'drizzle-orm';
import type { TFieldSchema, TService } from '../../../contract/catalog.ts';
import type { TDocumentRef, TQrDocument, TRequestStatus } from '../../../contract/requests.ts';
import type { Db } from '../../db/client.ts';
import { attachments, documents, requests, users } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { FileCaller } from '../attachments/attachments.ts';
import { documentSecret, secretHash } from '../requests/documents.ts';
import { renderReceiptPdf, type PrintLang, type ReceiptContent } from './pdf.ts';

/*
 * Printings (issue 10 item 6; decision 021). A document row says that a paper was issued for a request (kind
 * `receipt`, its label, for whom; issued by the submission, server/domain/requests/documents.ts); the PDF is drawn
 * on demand from the request as it stands. Its QR code opens `/verify?secret=…`: the secret is HMAC-SHA256 of the
 * document id with the server's key (`server_keys`), so every rendering carries the same code, and the database
 * keeps only its SHA-256.
 */

const PORTAL = { ar: 'كهرباء', en: 'Kahraba' } as const;
const VERIFIED_MESSAGE = {
  ar: 'هذا المستند صادر عن بوابة كهرباء، وبياناته مطابقة لسجلاتنا.',
  en: 'This document was issued by the Kahraba portal and matches our records.',
} as const;

/** The address a document's QR code opens. */
export const verifyUrl = (appOrigin: string, secret: string): string =>
  `${appOrigin}/verify?secret=${encodeURIComponent(secret)}`;

const serviceLabelOf = (services: TService[], slug: string) => {
  const s = services.find((x) => x.serviceSlug === slug);
  return s ? { ar: s.translations.ar.serviceLabel, en: s.translations.en.serviceLabel } : { ar: slug, en: slug };
};

function statusOf(service: TService | undefined, statusId: string): TRequestStatus {
  const s = service?.workflow.statuses.find((x) => x.id === statusId);
  return {
    id: statusId,
    label: s?.label ?? { ar: statusId, en: statusId },
    final: s?.final ?? false,
    activityId: s?.activityId ?? null,
  };
}

/** My papers: the documents issued to a user, newest first. */
export async function listDocuments(
  db: Db,
  services: TService[],
  input: { userId: string; limit: number; skip: number; appOrigin: string; key: Buffer },
): Promise<{ items: TDocumentRef[]; total: number }> {
  const where = eq(documents.userId, input.userId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ d: documents, number: requests.number, serviceSlug: requests.serviceSlug })
      .from(documents)
      .innerJoin(requests, eq(requests.id, documents.requestId))
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
      serviceLabel: serviceLabelOf(services, r.serviceSlug),
      kind: r.d.kind,
      label: r.d.label,
      createdAt: r.d.createdAt.toISOString(),
      verifyUrl: verifyUrl(input.appOrigin, documentSecret(input.key, r.d.id)),
    })),
    total: total?.n ?? 0,
  };
}

/** What `/verify` shows for a QR secret, or 401 INVALID_QR ("Unauthorized access"; the page says "Invalid QR Code"). */
export async function documentFromQr(db: Db, services: TService[], secret: string): Promise<TQrDocument> {
  const [row] = await db
    .select({ d: documents, r: requests })
    .from(documents)
    .innerJoin(requests, eq(requests.id, documents.requestId))
    .where(eq(documents.secretHash, secretHash(secret)))
    .limit(1);
  if (!row) throw new AppError('INVALID_QR', 'Unauthorized access');
  const service = services.find((s) => s.serviceSlug === row.r.serviceSlug);
  return {
    label: row.d.label,
    message: { ...VERIFIED_MESSAGE },
    document: {
      requestNumber: row.r.number,
      serviceSlug: row.r.serviceSlug,
      serviceLabel: serviceLabelOf(services, row.r.serviceSlug),
      status: statusOf(service, row.r.status),
      createdAt: row.r.createdAt.toISOString(),
      issuedAt: row.d.createdAt.toISOString(),
      applicantName: row.r.applicantName,
    },
  };
}

const YES_NO = { ar: ['نعم', 'لا'], en: ['Yes', 'No'] } as const;

/** A submitted value as text for the paper (option labels, yes/no, file names, nested values). */
function valueText(field: TFieldSchema | undefined, value: unknown, lang: PrintLang, fileNames: Map<string, string>): string {
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
  lang: PrintLang,
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

/** Whether the caller owns the request (its account, or the anonymous filer's token). */
const ownsRequest = (
  caller: FileCaller,
  r: { ownerId: string | null; ownerTokenHash: string | null },
  docUserId: string | null,
) =>
  caller.kind === 'user'
    ? r.ownerId === caller.userId || docUserId === caller.userId
    : caller.ownerTokenHash !== undefined && r.ownerTokenHash === caller.ownerTokenHash;

/**
 * A document as PDF for its owner (404 MODEL_NOT_FOUND for anyone else), drawn from its request as it stands now.
 */
export async function documentPdf(
  db: Db,
  services: TService[],
  input: { id: string; caller: FileCaller; lang: PrintLang | undefined; appOrigin: string; key: Buffer; now?: Date },
): Promise<{ pdf: Buffer; fileName: string }> {
  const [row] = await db
    .select({ d: documents, r: requests })
    .from(documents)
    .innerJoin(requests, eq(requests.id, documents.requestId))
    .where(eq(documents.id, input.id))
    .limit(1);
  if (!row || !ownsRequest(input.caller, row.r, row.d.userId)) throw new AppError('MODEL_NOT_FOUND', 'Document not found');
  const { d, r } = row;
  const lang = input.lang ?? r.lang;
  const service = services.find((s) => s.serviceSlug === r.serviceSlug);
  const files = await db
    .select({ id: attachments.id, name: attachments.originalName })
    .from(attachments)
    .where(and(eq(attachments.requestId, r.id)));
  let applicant = r.applicantName;
  if (!applicant && r.ownerId) {
    const [u] = await db.select({ first: users.firstName, last: users.lastName }).from(users).where(eq(users.id, r.ownerId));
    applicant = u ? `${u.first} ${u.last}`.trim() : null;
  }
  const content: ReceiptContent = {
    lang,
    portal: PORTAL[lang],
    title: d.label[lang],
    serviceName: serviceLabelOf(services, r.serviceSlug)[lang],
    number: r.number,
    createdAt: r.createdAt,
    status: statusOf(service, r.status).label[lang],
    applicant: { name: applicant ?? '—', nationalId: r.nationalId },
    fields: fieldRows(service, r.activityId, r.data, lang, new Map(files.map((f) => [f.id, f.name]))),
    verifyUrl: verifyUrl(input.appOrigin, documentSecret(input.key, d.id)),
    issuedAt: d.createdAt,
  };
  try {
    return { pdf: await renderReceiptPdf(content), fileName: `${r.number}-receipt.pdf` };
  } catch (err) {
    throw new AppError('PRINT_FAILED', `The document could not be drawn: ${(err as Error).message}`);
  }
}
