import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { fileTypeFromFile } from 'file-type';
import type { TActivity, TFieldSchema, TService } from '../../../contract/catalog.ts';
import { isPlainText } from '../../../contract/common.ts';
import { KNOWN_TYPES, fileFieldLimits, type TFileFieldLimits } from '../../../contract/files.ts';
import type { TAttachmentRef } from '../../../contract/requests.ts';
import type { Db } from '../../db/client.ts';
import { attachments, drafts, requests } from '../../db/schema.ts';
import { AppError } from '../app-error.ts';
import { StorageNotFound, newStorageKey, type FileStorage } from '../storage/index.ts';

/*
 * Attachments (issue 10 item 5; decision 021): a citizen's (or a visitor's, where the service allows it) files for
 * a form's file and image fields. One file per upload, streamed to a temporary file with a size cap, its type read
 * from its bytes (file-type), then kept in the storage under a random key. Until the submission links it to its
 * request (`claimAttachments`), an attachment belongs to its uploader.
 */

/** Who owns an upload or asks for a file: a signed-in user, or a visitor (with the anonymous filer's token hash). */
export type FileCaller =
  { kind: 'user'; userId: string; isCitizen: boolean } | { kind: 'visitor'; ownerTokenHash: string | undefined };

export type AttachmentRow = typeof attachments.$inferSelect;
type RequestRowForStaff = typeof requests.$inferSelect;

export const toAttachmentRef = (r: AttachmentRow): TAttachmentRef => ({
  id: r.id,
  activityId: r.activityId,
  fieldId: r.fieldId,
  // Rows stored before names took their type's extension get it when shown or downloaded.
  name: nameForType(r.originalName, r.mime),
  mime: r.mime,
  size: r.size,
  createdAt: r.createdAt.toISOString(),
});

/** The file and image fields of an activity, by path (`field`, or `parent.child` for a nested schema). */
export function fileFields(activity: TActivity): Map<string, TFieldSchema> {
  const out = new Map<string, TFieldSchema>();
  const walk = (fields: Record<string, TFieldSchema>, prefix: string) => {
    for (const [id, f] of Object.entries(fields)) {
      if (f.type === 'file' || f.type === 'image') out.set(`${prefix}${id}`, f);
      if (f.schema) walk(f.schema, `${prefix}${id}.`);
    }
  };
  for (const step of activity.steps) walk(step.fieldsSchema, '');
  return out;
}

/** The attachment ids a form's data names in its file fields (a field holds an id, `{ id }`, or a list of them). */
export function attachmentIdsIn(activity: TActivity, data: Record<string, unknown>): string[] {
  const ids = new Set<string>();
  const take = (v: unknown): void => {
    if (typeof v === 'string' && v !== '') ids.add(v);
    else if (Array.isArray(v)) v.forEach(take);
    else if (v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string') ids.add((v as { id: string }).id);
  };
  const read = (obj: unknown, parts: string[]): void => {
    if (parts.length === 0) return take(obj);
    if (Array.isArray(obj)) return obj.forEach((o) => read(o, parts));
    if (obj && typeof obj === 'object') read((obj as Record<string, unknown>)[parts[0]!], parts.slice(1));
  };
  for (const fieldPath of fileFields(activity).keys()) read(data, fieldPath.split('.'));
  return [...ids];
}

/** A service the caller may file for (the rules of a submission): otherwise the error a submission would get. */
export function fileableService(services: TService[], serviceSlug: string, caller: FileCaller): TService {
  const service = services.find((s) => s.serviceSlug === serviceSlug);
  if (!service) throw new AppError('MODEL_NOT_FOUND', `No service ${serviceSlug}`);
  if (caller.kind === 'visitor' && !service.allowAnonymous) throw new AppError('UNAUTHORIZED', 'Sign in to file this request');
  if (!service.isActive || service.deactivated || service.disabledOn.includes('web'))
    throw new AppError('SERVICE_UNAVAILABLE', `${serviceSlug} takes no requests now`);
  return service;
}

/**
 * A stored file's name ends with an extension of its detected type: `scan.JPG` stays, `evil.html` holding a PNG is
 * `evil.html.png`. The extension is added rather than replaced: the name keeps what the sender typed (a dotted
 * name such as `report.2024` loses nothing), and the last extension, the one every system and browser opens a
 * download by, is the type's. A name too long for 255 characters with it is shortened before the extension.
 */
export function nameForType(name: string, mime: string): string {
  const exts = KNOWN_TYPES[mime]?.ext;
  if (!exts || exts.length === 0) return name;
  const lower = name.toLowerCase();
  if (exts.some((e) => lower.endsWith(e))) return name;
  const ext = exts[0]!;
  return `${Array.from(name)
    .slice(0, 255 - ext.length)
    .join('')
    .trimEnd()}${ext}`;
}

/** A file name as sent (URI-encoded in its header): the last path segment, plain text, at most 255 characters. */
export function cleanFileName(raw: string): string {
  let name: string;
  try {
    name = decodeURIComponent(raw);
  } catch {
    name = raw;
  }
  name = (name.split(/[/\\]/).pop() ?? '').normalize('NFC').trim();
  if (name === '' || name === '.' || name === '..' || !isPlainText(name) || name.length > 255)
    throw new AppError('INVALID_INPUT', 'The file name is not valid', { fieldErrors: { 'x-file-name': ['text-invalid'] } });
  return name;
}

export type UploadInput = {
  services: TService[];
  serviceSlug: string;
  activityId: string;
  fieldId: string;
  fileName: string;
  /** The Content-Length the sender announced, when it did (a chunked upload has none). */
  declaredBytes: number | undefined;
  body: Readable;
  caller: FileCaller;
  /**
   * Claims the upload's Idempotency-Key once the bytes are read, with their SHA-256 (decision 038: the same key
   * with other bytes is IDEMPOTENCY_KEY_REUSED; a repeat of a stored upload gets its first answer).
   */
  claim: (sha256: string) => Promise<void>;
};

type Received = { tmp: string; size: number; sha256: string };

/** Streams the body to a temporary file; more than `maxBytes` stops the stream at once (FILE_TOO_LARGE). */
export async function receiveUpload(body: Readable, maxBytes: number): Promise<Received> {
  const tmp = path.join(os.tmpdir(), `kahraba-upload-${crypto.randomBytes(12).toString('hex')}`);
  const hash = crypto.createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > maxBytes) return done(new AppError('FILE_TOO_LARGE', `The file is larger than ${maxBytes} bytes`));
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(body, meter, fs.createWriteStream(tmp, { flags: 'wx', mode: 0o600 }));
  } catch (err) {
    await fsp.rm(tmp, { force: true });
    // Stop reading what the sender still sends: the answer goes out now.
    body.resume();
    throw err instanceof AppError ? err : new AppError('UPLOAD_FAILED', 'The upload was interrupted');
  }
  return { tmp, size, sha256: hash.digest('hex') };
}

/** Unclaimed uploads of one owner for one field: what counts against the field's limit before the submission. */
async function pendingCount(db: Db, caller: FileCaller, input: Pick<UploadInput, 'serviceSlug' | 'activityId' | 'fieldId'>) {
  const owner =
    caller.kind === 'user'
      ? eq(attachments.ownerId, caller.userId)
      : caller.ownerTokenHash
        ? eq(attachments.ownerTokenHash, caller.ownerTokenHash)
        : undefined;
  if (!owner) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(attachments)
    .where(
      and(
        owner,
        isNull(attachments.requestId),
        eq(attachments.serviceSlug, input.serviceSlug),
        eq(attachments.activityId, input.activityId),
        eq(attachments.fieldId, input.fieldId),
      ),
    );
  return row?.n ?? 0;
}

/** The limits of the field an upload names, or the error the upload gets. */
export function limitsFor(service: TService, activityId: string, fieldId: string): TFileFieldLimits {
  const activity = service.activities.find((a) => a.activityId === activityId);
  if (!activity) throw new AppError('ACTIVITY_NOT_FOUND', `No activity ${activityId} in ${service.serviceSlug}`);
  const field = fileFields(activity).get(fieldId);
  if (!field)
    throw new AppError('INVALID_INPUT', `${fieldId} is not a file field of ${activityId}`, {
      fieldErrors: { 'x-field-id': ['invalid'] },
    });
  return fileFieldLimits(field);
}

/**
 * Stores one upload: checks the service, activity and field, the name (`.pdf` for PDF-only fields) and the size
 * (announced, then counted while streaming), claims the Idempotency-Key with the bytes' SHA-256, then checks the
 * count of the owner's pending uploads for the field (after the claim: a repeat of a stored upload is answered,
 * not counted against itself) and the type by content. Nothing is kept when any check fails. The name is stored
 * with the detected type's extension (`nameForType`).
 */
export async function storeUpload(db: Db, storage: FileStorage, input: UploadInput): Promise<TAttachmentRef> {
  const service = fileableService(input.services, input.serviceSlug, input.caller);
  const limits = limitsFor(service, input.activityId, input.fieldId);
  const sent = cleanFileName(input.fileName);
  if (input.declaredBytes !== undefined && input.declaredBytes > limits.maxBytes)
    throw new AppError('FILE_TOO_LARGE', `The file is larger than ${limits.maxBytes} bytes`);
  if (input.declaredBytes === 0) throw new AppError('FILE_REQUIRED', 'No file was sent');
  if (limits.pdfName && !/\.pdf$/i.test(sent)) throw new AppError('FILE_NOT_PDF', 'The file name must end in .pdf');

  const got = await receiveUpload(input.body, limits.maxBytes);
  try {
    if (got.size === 0) throw new AppError('FILE_REQUIRED', 'No file was sent');
    await input.claim(got.sha256);
    if ((await pendingCount(db, input.caller, input)) >= limits.maxCount)
      throw new AppError('FILE_COUNT_EXCEEDED', `At most ${limits.maxCount} files for ${input.fieldId}`);
    const detected = await fileTypeFromFile(got.tmp);
    const mime = detected?.mime;
    if (!mime || !(mime in KNOWN_TYPES) || !limits.types.includes(mime))
      throw new AppError('FILE_TYPE_NOT_ALLOWED', `${mime ?? 'unknown content'} is not allowed for ${input.fieldId}`);
    const name = nameForType(sent, mime);

    const key = newStorageKey();
    await storage.put(key, fs.createReadStream(got.tmp), { size: got.size, contentType: mime });
    try {
      const [row] = await db
        .insert(attachments)
        .values({
          id: crypto.randomUUID(),
          ownerId: input.caller.kind === 'user' ? input.caller.userId : null,
          ownerTokenHash: input.caller.kind === 'visitor' ? (input.caller.ownerTokenHash ?? null) : null,
          serviceSlug: service.serviceSlug,
          activityId: input.activityId,
          fieldId: input.fieldId,
          storageKey: key,
          originalName: name,
          mime,
          size: got.size,
          sha256: got.sha256,
        })
        .returning();
      return toAttachmentRef(row!);
    } catch (err) {
      await storage.delete(key).catch(() => undefined);
      throw err;
    }
  } finally {
    await fsp.rm(got.tmp, { force: true });
  }
}

/**
 * Links a submission's attachments to its request, in the submission's transaction (called by the requests use
 * case). Every id must be an unclaimed upload (or one already on this request) of this owner for this service; an
 * anonymous filer's uploads have no owner until now and take the request's owner token hash.
 */
export async function claimAttachments(
  tx: Db,
  input: { ids: string[]; owner: { userId: string } | { ownerTokenHash: string }; requestId: string; serviceSlug: string },
): Promise<TAttachmentRef[]> {
  const ids = [...new Set(input.ids)];
  if (ids.length === 0) return [];
  const rows = await tx.select().from(attachments).where(inArray(attachments.id, ids)).for('update');
  const ok = (r: AttachmentRow): boolean => {
    if (r.serviceSlug !== input.serviceSlug) return false;
    if (r.requestId !== null && r.requestId !== input.requestId) return false;
    if ('userId' in input.owner) return r.ownerId === input.owner.userId;
    return r.ownerId === null && (r.ownerTokenHash === null || r.ownerTokenHash === input.owner.ownerTokenHash);
  };
  const bad = ids.filter((id) => !rows.some((r) => r.id === id && ok(r)));
  if (bad.length > 0) {
    const fields = rows.filter((r) => bad.includes(r.id)).map((r) => r.fieldId);
    throw new AppError('INVALID_INPUT', 'An attachment is unknown or not yours', {
      fieldErrors: Object.fromEntries((fields.length ? fields : ['attachments']).map((f) => [f, ['attachment-invalid']])),
    });
  }
  const claimed = await tx
    .update(attachments)
    .set({
      requestId: input.requestId,
      ...('ownerTokenHash' in input.owner ? { ownerTokenHash: input.owner.ownerTokenHash } : {}),
    })
    .where(inArray(attachments.id, ids))
    .returning();
  return claimed.map(toAttachmentRef);
}

/** A request's attachments, oldest first (the view-request page). */
export async function requestAttachments(db: Db, requestId: string): Promise<TAttachmentRef[]> {
  const rows = await db.select().from(attachments).where(eq(attachments.requestId, requestId)).orderBy(attachments.createdAt);
  return rows.map(toAttachmentRef);
}

/**
 * A file for download, or 404 MODEL_NOT_FOUND for anyone but its owner: the uploader, the owner of the request it
 * belongs to, or the anonymous filer's token. A stranger cannot tell a file that exists from one that does not.
 */
export async function openAttachment(
  db: Db,
  storage: FileStorage,
  input: {
    id: string;
    caller: FileCaller;
    /** Staff: whether they may act on the request the file belongs to (its service and scope, decision 023). */
    staffMayRead?: (request: Pick<RequestRowForStaff, 'serviceSlug' | 'companyId' | 'sectorId' | 'serviceCenterId'>) => boolean;
  },
): Promise<{
  ref: TAttachmentRef;
  stream: Readable;
  ownerId: string | null;
  request: { id: string; number: string } | null;
}> {
  const [found] = await db
    .select({
      a: attachments,
      ownerId: requests.ownerId,
      ownerTokenHash: requests.ownerTokenHash,
      requestNumber: requests.number,
      serviceSlug: requests.serviceSlug,
      companyId: requests.companyId,
      sectorId: requests.sectorId,
      serviceCenterId: requests.serviceCenterId,
    })
    .from(attachments)
    .leftJoin(requests, eq(requests.id, attachments.requestId))
    .where(eq(attachments.id, input.id))
    .limit(1);
  const c = input.caller;
  const allowed =
    found !== undefined &&
    ((c.kind === 'user'
      ? found.a.ownerId === c.userId || found.ownerId === c.userId
      : c.ownerTokenHash !== undefined &&
        (found.a.ownerTokenHash === c.ownerTokenHash || found.ownerTokenHash === c.ownerTokenHash)) ||
      (found.serviceSlug !== null &&
        input.staffMayRead?.({
          serviceSlug: found.serviceSlug,
          companyId: found.companyId,
          sectorId: found.sectorId,
          serviceCenterId: found.serviceCenterId,
        }) === true));
  if (!found || !allowed) throw new AppError('MODEL_NOT_FOUND', 'Attachment not found');
  try {
    return {
      ref: toAttachmentRef(found.a),
      stream: await storage.get(found.a.storageKey),
      // Whose file it is (the data-access record, decision 071): its request's owner, else its uploader.
      ownerId: found.ownerId ?? found.a.ownerId,
      request: found.a.requestId && found.requestNumber ? { id: found.a.requestId, number: found.requestNumber } : null,
    };
  } catch (err) {
    if (err instanceof StorageNotFound) throw new AppError('DOWNLOAD_FAILED', 'The stored file is missing');
    throw err;
  }
}

/** How long an upload may wait for its request (or a draft naming it) before the clean-up removes it. */
export const UNCLAIMED_UPLOAD_TTL_MS = 24 * 3_600_000;

/**
 * Removes uploads that no request claimed within a day (decision 037): a form abandoned after its uploads, or
 * uploads sent for nothing. A signed-in user's upload that one of their drafts names is kept (the draft comes back
 * to it). The rows go first, in one statement that skips any a submission claimed meanwhile (the row lock makes a
 * concurrent claim either win, and the row is kept, or find nothing); then their bytes. A run removes at most `batch`; the hourly
 * clean-up (server/domain/jobs) comes back for the rest. Returns how many were removed.
 */
export async function purgeUnclaimedUploads(
  db: Db,
  storage: FileStorage,
  options: { now?: Date; olderThanMs?: number; batch?: number } = {},
): Promise<number> {
  const before = new Date((options.now ?? new Date()).getTime() - (options.olderThanMs ?? UNCLAIMED_UPLOAD_TTL_MS));
  const batch = options.batch ?? 500;
  const gone = await db
    .delete(attachments)
    .where(
      and(
        // Checked again on the row itself: PostgreSQL re-evaluates the outer condition on a row a claim just changed.
        isNull(attachments.requestId),
        inArray(
          attachments.id,
          db
            .select({ id: attachments.id })
            .from(attachments)
            .where(
              and(
                isNull(attachments.requestId),
                lt(attachments.createdAt, before),
                sql`not exists (select 1 from ${drafts} where ${drafts.ownerId} = ${attachments.ownerId} and ${drafts.data}::text like '%' || ${attachments.id} || '%')`,
              ),
            )
            .orderBy(attachments.createdAt)
            .limit(batch),
        ),
      ),
    )
    .returning({ key: attachments.storageKey });
  for (const row of gone) await storage.delete(row.key);
  return gone.length;
}
