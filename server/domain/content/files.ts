import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { fileTypeFromFile } from 'file-type';
import sharp from 'sharp';
import { CONTENT_FILE_LIMITS, type TContentFile } from '../../../contract/content.ts';
import type { Db } from '../../db/client.ts';
import { contentEvents, contentFiles } from '../../db/schema.ts';
import { AppError } from '../app-error.ts';
import { receiveUpload } from '../attachments/attachments.ts';
import { cleanFileName, nameForType } from '../attachments/attachments.ts';
import { StorageNotFound, newStorageKey, type FileStorage } from '../storage/index.ts';

/*
 * Content files (issue 26): news pictures and guide PDFs, through the same file storage and the same checks as
 * citizens' attachments (size counted while streaming, type read from the bytes, a clean name). A picture gets a
 * card-sized copy (640 px wide, WebP) for the news cards; the page shows the original.
 */

/** The width of a news card's picture copy. */
export const CARD_WIDTH = 640;

const fileUrl = (id: string) => `/api/content/files/${id}`;
export const toContentFile = (r: typeof contentFiles.$inferSelect): TContentFile => ({
  id: r.id,
  kind: r.kind,
  name: r.originalName,
  mime: r.mime,
  size: r.size,
  url: fileUrl(r.id),
  cardUrl: r.cardKey ? `${fileUrl(r.id)}?size=card` : null,
});

export type ContentUpload = {
  kind: 'image' | 'pdf';
  fileName: string;
  declaredBytes: number | undefined;
  body: Readable;
  actorId: string;
  /** Claims the upload's Idempotency-Key with the bytes' SHA-256 (decision 038), as attachments do. */
  claim: (sha256: string) => Promise<void>;
};

/** Stores one content file after its checks; nothing is kept when one fails. */
export async function storeContentFile(db: Db, storage: FileStorage, input: ContentUpload): Promise<TContentFile> {
  const limits = CONTENT_FILE_LIMITS[input.kind];
  const sent = cleanFileName(input.fileName);
  if (input.declaredBytes !== undefined && input.declaredBytes > limits.maxBytes)
    throw new AppError('FILE_TOO_LARGE', `The file is larger than ${limits.maxBytes} bytes`);
  if (input.declaredBytes === 0) throw new AppError('FILE_REQUIRED', 'No file was sent');
  if (input.kind === 'pdf' && !/\.pdf$/i.test(sent)) throw new AppError('FILE_NOT_PDF', 'The file name must end in .pdf');
  const got = await receiveUpload(input.body, limits.maxBytes);
  const keys: string[] = [];
  try {
    if (got.size === 0) throw new AppError('FILE_REQUIRED', 'No file was sent');
    await input.claim(got.sha256);
    const mime = (await fileTypeFromFile(got.tmp))?.mime;
    if (!mime || !(limits.types as readonly string[]).includes(mime))
      throw new AppError('FILE_TYPE_NOT_ALLOWED', `${mime ?? 'unknown content'} is not allowed for a ${input.kind}`);
    let cardKey: string | null = null;
    if (input.kind === 'image') {
      let card: Buffer;
      try {
        card = await sharp(got.tmp, { limitInputPixels: 40_000_000 })
          .rotate()
          .resize({ width: CARD_WIDTH, withoutEnlargement: true })
          .webp({ quality: 78 })
          .toBuffer();
      } catch {
        throw new AppError('FILE_TYPE_NOT_ALLOWED', 'The picture cannot be read');
      }
      cardKey = newStorageKey();
      await storage.put(cardKey, card, { size: card.length, contentType: 'image/webp' });
      keys.push(cardKey);
    }
    const key = newStorageKey();
    await storage.put(key, fs.createReadStream(got.tmp), { size: got.size, contentType: mime });
    keys.push(key);
    const id = crypto.randomUUID();
    const [row] = await db
      .insert(contentFiles)
      .values({
        id,
        kind: input.kind,
        storageKey: key,
        cardKey,
        originalName: nameForType(sent, mime),
        mime,
        size: got.size,
        uploadedBy: input.actorId,
      })
      .returning();
    await db.insert(contentEvents).values({ subject: 'file', subjectId: id, action: 'uploaded', actorId: input.actorId });
    return toContentFile(row!);
  } catch (err) {
    for (const k of keys) await storage.delete(k).catch(() => undefined);
    throw err;
  } finally {
    await fsp.rm(got.tmp, { force: true });
  }
}

/** A content file to serve (anyone may read published content); `card`: a picture's card copy. */
export async function openContentFile(
  db: Db,
  storage: FileStorage,
  id: string,
  size: 'card' | undefined,
): Promise<{ file: TContentFile; mime: string; bytes: number | undefined; stream: Readable }> {
  const [row] = await db.select().from(contentFiles).where(eq(contentFiles.id, id)).limit(1);
  if (!row) throw new AppError('MODEL_NOT_FOUND', 'File not found');
  const card = size === 'card' && row.cardKey !== null;
  try {
    const stream = await storage.get(card ? row.cardKey! : row.storageKey);
    return { file: toContentFile(row), mime: card ? 'image/webp' : row.mime, bytes: card ? undefined : row.size, stream };
  } catch (err) {
    if (err instanceof StorageNotFound) throw new AppError('DOWNLOAD_FAILED', 'The stored file is missing');
    throw err;
  }
}

/** The content file a news item names as its picture, or MODEL_NOT_FOUND / INVALID_INPUT. */
export async function pictureOf(db: Db, id: string): Promise<TContentFile> {
  const [row] = await db.select().from(contentFiles).where(eq(contentFiles.id, id)).limit(1);
  if (!row) throw new AppError('INVALID_INPUT', 'No such picture', { fieldErrors: { imageId: ['invalid'] } });
  if (row.kind !== 'image') throw new AppError('INVALID_INPUT', 'Not a picture', { fieldErrors: { imageId: ['invalid'] } });
  return toContentFile(row);
}
