import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { documents, serverKeys } from '../../db/schema.ts';

/*
 * Printings (documents) of a request or a payment. A document's QR code opens `/verify?secret=…`. Only the SHA-256 of the
 * secret is stored (a database reader cannot forge a verification link); the secret itself is derived from the
 * document id with a key the server makes once and keeps (`server_keys`), so a PDF rendered on demand, today or
 * in a year, carries the same QR code.
 */

const KEY_NAME = 'document-qr';
const keys = new WeakMap<Db, Promise<Buffer>>();

/** The server's QR key (made on first use; concurrent first uses agree on the stored one). */
export function documentKey(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = (async () => {
      await db
        .insert(serverKeys)
        .values({ name: KEY_NAME, value: crypto.randomBytes(32).toString('base64url') })
        .onConflictDoNothing();
      const [row] = await db.select().from(serverKeys).where(eq(serverKeys.name, KEY_NAME));
      return Buffer.from(row!.value, 'base64url');
    })();
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

/** The QR secret of a document (what `/verify?secret=` carries). */
export const documentSecret = (key: Buffer, documentId: string): string =>
  crypto.createHmac('sha256', key).update(`document\0${documentId}`).digest('base64url');

export const secretHash = (secret: string): string => crypto.createHash('sha256').update(secret).digest('hex');

export const RECEIPT_LABEL = { ar: 'إيصال استلام الطلب', en: 'Request receipt' };

/** Issues the receipt of a new request (in the submit transaction). */
export async function issueReceipt(tx: Db, key: Buffer, requestId: string, userId: string | null, now: Date): Promise<string> {
  const receipt = receiptStatement(tx, key, requestId, userId, now);
  await receipt.insert;
  return receipt.id;
}

/**
 * The receipt's insert as a statement to embed in a larger one (a data-modifying CTE of the submission, written
 * in one statement: decision 046), and the new document's id.
 */
export function receiptStatement(db: Db, key: Buffer, requestId: string, userId: string | null, now: Date) {
  const id = crypto.randomUUID();
  const insert = db.insert(documents).values({
    id,
    requestId,
    userId,
    kind: 'receipt',
    label: RECEIPT_LABEL,
    secretHash: secretHash(documentSecret(key, id)),
    createdAt: now,
  });
  return { id, insert };
}

export const PAYMENT_RECEIPT_LABEL = { ar: 'إيصال سداد', en: 'Payment receipt' };

/**
 * Issues the receipt of a payment that has just been paid (in the transaction that applies it; decision 029): for
 * its payer, and for a fee also tied to its request (an anonymous filer downloads it with the owner token). One a
 * payment: a repeat inserts nothing (`documents_payment_kind_uq`) and answers null.
 */
export async function issuePaymentReceipt(
  tx: Db,
  key: Buffer,
  payment: { id: string; payerId: string | null; requestId: string | null },
  now: Date,
  /** What the receipt pays (decision 049); the generic label when not given. */
  label: { ar: string; en: string } = PAYMENT_RECEIPT_LABEL,
): Promise<string | null> {
  const id = crypto.randomUUID();
  const inserted = await tx
    .insert(documents)
    .values({
      id,
      paymentId: payment.id,
      requestId: payment.requestId,
      userId: payment.payerId,
      kind: 'paymentReceipt',
      label,
      secretHash: secretHash(documentSecret(key, id)),
      createdAt: now,
    })
    .onConflictDoNothing({ target: [documents.paymentId, documents.kind] })
    .returning({ id: documents.id });
  return inserted[0]?.id ?? null;
}

/** The document a QR secret names, if any. */
export async function documentBySecret(db: Db, secret: string) {
  const [row] = await db
    .select()
    .from(documents)
    .where(eq(documents.secretHash, secretHash(secret)));
  return row;
}
