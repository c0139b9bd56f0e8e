import type { RouteRef } from '../../../contract/route.ts';
import { ApiError, apiCall } from '../../lib/api-client.ts';
import { apiUpload, type UploadProgress } from '../../lib/api-upload.ts';
import {
  currentOwner,
  deleteRecord,
  getRecord,
  listRecords,
  putRecord,
  type OutboxError,
  type OutboxFile,
  type OutboxMeta,
  type OutboxRecord,
} from './store.ts';

/**
 * The outbox (decision 019): every write the device owes the server goes through here, online or not. A write is
 * stored first (IndexedDB, `store.ts`), then sent with its own Idempotency-Key; its files are uploaded first, each
 * with its own key, and the write then names their ids. The record leaves only after a 2xx answer. A 4xx moves it
 * to "needs attention" with the server's reason (the user edits or discards it); no answer, a 5xx or a busy
 * server keeps it waiting with a growing delay. Nothing expires. Writes are sent one at a time, in the order
 * they were made, by one tab at a time (Web Locks), and only those of the user signed in now.
 */

/** How a kind of write is sent. */
export type OutboxKind = {
  route: RouteRef;
  /** The route that uploads this write's files (raw body, one file a call). */
  upload?: RouteRef | undefined;
  /** The upload route's params; by default the write's own `serviceSlug`. */
  uploadParams?: ((record: OutboxRecord) => Record<string, string>) | undefined;
  /** Headers the write needs besides its key (an anonymous request's owner token). */
  headers?: ((record: OutboxRecord) => Promise<Record<string, string>> | Record<string, string>) | undefined;
  /** After a 2xx: keep what the answer gives (an owner token), refresh what it changed. */
  onSent?: ((result: unknown, record: OutboxRecord) => Promise<void> | void) | undefined;
  /** Refusals that mean the write already took effect (deleting what is gone): removed as if sent. */
  doneOn?: ((error: OutboxError) => boolean) | undefined;
};

const kinds = new Map<string, OutboxKind>();
export function registerOutboxKind(id: string, kind: OutboxKind): void {
  kinds.set(id, kind);
}

export type NewWrite = {
  /** Given when a write is edited: the same record and the same key (a 4xx freed it on the server). */
  id?: string | undefined;
  kind: string;
  input: OutboxRecord['input'];
  files?: Omit<OutboxFile, 'uploadedId'>[] | undefined;
  meta?: OutboxMeta | undefined;
};

export type SendOutcome =
  | { status: 'sent'; id: string; result: unknown }
  | { status: 'waiting'; id: string; error?: OutboxError | undefined }
  | { status: 'refused'; id: string; error: OutboxError };

/* -- events: upload progress and sent writes, for the screens ---------------------------------------------- */

export type OutboxEvent =
  | { type: 'progress'; id: string; fileKey: string; progress: UploadProgress }
  | { type: 'sent'; record: OutboxRecord; result: unknown };
const eventListeners = new Set<(e: OutboxEvent) => void>();
export function onOutboxEvent(cb: (e: OutboxEvent) => void): () => void {
  eventListeners.add(cb);
  return () => eventListeners.delete(cb);
}
const emit = (e: OutboxEvent) => eventListeners.forEach((l) => l(e));

/* -- the rules ------------------------------------------------------------------------------------------- */

/** Answers after which the same write may succeed later as it is: keep it waiting. */
export function isRetryable(e: OutboxError): boolean {
  if (e.status === 0 || e.status >= 500) return true; // no answer, server trouble
  // Session ended (sent again once the same user signs in), timeout, a replay of a key still in flight,
  // maintenance, too early, too many requests.
  if (e.status === 401 || (e.status === 403 && e.code === 'FORBIDDEN')) return true;
  return [408, 409, 418, 425, 429].includes(e.status) && !SETTLED_CONFLICTS.has(e.code);
}

/** 409s that the same write will get again whatever the wait: they need the user (decision 019, issue 12). */
const SETTLED_CONFLICTS = new Set([
  'DUPLICATE_REQUEST',
  'READING_PERIOD_TAKEN',
  'METER_NOT_APPROVED',
  'METER_CHANGED',
  'METER_NOT_EDITABLE',
  'METER_NUMBER_TAKEN',
]);

/** 30 s, 1 min, 2 min, ... up to 30 min, with a little jitter so that many devices do not return together. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 30 * 60_000);
  return Math.round(base * (1 + 0.2 * random()));
}

const toOutboxError = (e: unknown): OutboxError =>
  e instanceof ApiError
    ? { code: e.code, status: e.status, message: e.message, details: e.details, fieldErrors: e.fieldErrors }
    : { code: 'GENERAL_ERROR', status: 0, message: e instanceof Error ? e.message : String(e) };

/** The write's body with each uploaded file's id in its place. */
export function withFileIds(body: unknown, files: readonly OutboxFile[]): unknown {
  if (files.length === 0) return body;
  const copy = structuredClone(body) as Record<string | number, unknown>;
  for (const f of files) {
    if (!f.uploadedId || f.path.length === 0) continue;
    let node = copy as Record<string | number, unknown>;
    for (const [i, part] of f.path.entries()) {
      if (i === f.path.length - 1) node[part] = f.uploadedId;
      else {
        const next = f.path[i + 1];
        node[part] ??= typeof next === 'number' ? [] : {};
        node = node[part] as Record<string | number, unknown>;
      }
    }
  }
  return copy;
}

/* -- one write at a time, one tab at a time ----------------------------------------------------------------- */

/** Writes this tab is sending for a screen that waits for the answer: a replay leaves them alone. */
const claimed = new Set<string>();
let chain: Promise<unknown> = Promise.resolve();
function exclusive<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const run = (): Promise<T> => (locks ? (locks.request('kahraba-outbox', fn) as Promise<T>) : fn());
  const next = chain.then(run, run);
  chain = next.catch(() => undefined);
  return next;
}

async function attempt(record: OutboxRecord): Promise<SendOutcome> {
  const kind = kinds.get(record.kind);
  if (!kind) {
    // A kind this release does not know (written by a newer one): leave it for a release that does.
    return { status: 'waiting', id: record.id };
  }
  record.attempts += 1;
  record.updatedAt = Date.now();
  try {
    for (const file of record.files) {
      if (file.uploadedId) continue;
      if (!kind.upload) throw new ApiError('GENERAL_ERROR', 0, `no upload route for ${record.kind}`);
      const params = kind.uploadParams?.(record) ?? { serviceSlug: record.meta.serviceSlug ?? '' };
      // Cast, not a link: a stored write's route is chosen at run time by its kind; its input was typed when queued.
      const uploaded = (await apiUpload(kind.upload, { params } as never, file.blob, {
        idempotencyKey: file.key,
        headers: {
          'x-field-id': file.fieldId,
          'x-activity-id': file.activityId,
          'x-file-name': encodeURIComponent(file.name),
          ...(await kind.headers?.(record)),
        },
        onProgress: (progress) => emit({ type: 'progress', id: record.id, fileKey: file.key, progress }),
      })) as { id: string };
      file.uploadedId = uploaded.id;
      // Kept at once: after a crash the next attempt does not upload it again.
      await putRecord(record);
    }
    const input = { ...record.input, body: withFileIds(record.input.body, record.files) };
    let result: unknown;
    try {
      // Cast, not a link: as above, the input is the kind's own, kept as JSON on the device.
      result = await apiCall(kind.route, input as never, { idempotencyKey: record.id, headers: await kind.headers?.(record) });
    } catch (e) {
      // A 2xx whose body this release cannot read was still delivered.
      if (!(e instanceof ApiError && e.status >= 200 && e.status < 300)) throw e;
    }
    await deleteRecord(record.id);
    await Promise.resolve(kind.onSent?.(result, record)).catch(() => undefined);
    emit({ type: 'sent', record, result });
    return { status: 'sent', id: record.id, result };
  } catch (e) {
    const error = toOutboxError(e);
    if (kind.doneOn?.(error)) {
      await deleteRecord(record.id);
      emit({ type: 'sent', record, result: undefined });
      return { status: 'sent', id: record.id, result: undefined };
    }
    record.lastError = error;
    if (isRetryable(error)) {
      record.state = 'waiting';
      record.nextAttemptAt = Date.now() + backoffMs(record.attempts);
      await putRecord(record);
      requestBackgroundSync();
      return { status: 'waiting', id: record.id, error };
    }
    record.state = 'attention';
    await putRecord(record);
    return { status: 'refused', id: record.id, error };
  }
}

/**
 * Stores a write and sends it at once. The answer says what happened: sent (with the server's answer), waiting
 * (offline or the server is unwell: it is kept and sent later), or refused (a 4xx: the screen shows why). With
 * `keepRefused: false` (the default: the form is on screen with the data) a refused write is removed, since the
 * user corrects it there; a write refused during a later replay stays, marked "needs attention".
 */
export async function submitWrite(write: NewWrite, options: { keepRefused?: boolean } = {}): Promise<SendOutcome> {
  const owner = currentOwner();
  const id = write.id ?? crypto.randomUUID();
  const before = write.id ? await getRecord(write.id) : undefined;
  const now = Date.now();
  const uploaded = new Map((before?.owner === owner ? before.files : []).map((f) => [f.key, f.uploadedId]));
  const record: OutboxRecord = {
    id,
    owner,
    kind: write.kind,
    input: write.input,
    files: (write.files ?? []).map((f) => {
      const uploadedId = uploaded.get(f.key);
      return uploadedId ? { ...f, uploadedId } : { ...f };
    }),
    meta: write.meta ?? {},
    state: 'waiting',
    attempts: before?.owner === owner ? before.attempts : 0,
    nextAttemptAt: now,
    createdAt: before?.owner === owner ? before.createdAt : now,
    updatedAt: now,
  };
  await putRecord(record);
  claimed.add(id);
  const outcome = await exclusive(() => attempt(record)).finally(() => claimed.delete(id));
  if (outcome.status === 'refused' && !options.keepRefused) await deleteRecord(id);
  if (outcome.status === 'waiting') schedule();
  return outcome;
}

/**
 * Sends the waiting writes of the user signed in now, oldest first. Without `force`, a write whose delay has not
 * passed waits; `force` (the user's "Send now", the network coming back) sends them all. Stops at the first
 * write that gets no answer: the others would not get one either.
 */
export function flush(options: { force?: boolean; only?: string } = {}): Promise<void> {
  return exclusive(async () => {
    const owner = currentOwner();
    const now = Date.now();
    for (const r of await listRecords(owner)) {
      if ((options.only && r.id !== options.only) || claimed.has(r.id)) continue;
      if (r.state !== 'waiting' && !(options.only && r.state === 'attention' && options.force)) continue;
      if (!options.force && r.nextAttemptAt > now) continue;
      // Read again: another tab may have sent or changed it meanwhile.
      const fresh = await getRecord(r.id);
      if (!fresh || fresh.owner !== owner) continue;
      const outcome = await attempt(fresh);
      if (outcome.status === 'waiting' && outcome.error?.status === 0) break;
    }
  }).finally(schedule);
}

let timer: ReturnType<typeof setTimeout> | undefined;
/** Wakes up when the earliest waiting write may be tried again. */
function schedule(): void {
  void listRecords().then((records) => {
    const next = Math.min(...records.filter((r) => r.state === 'waiting').map((r) => r.nextAttemptAt));
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (Number.isFinite(next)) timer = setTimeout(() => void flush(), Math.max(1000, next - Date.now()));
  });
}

/** Removes a write of the current user (the user chose "Discard"). */
export async function discardWrite(id: string): Promise<void> {
  const r = await getRecord(id);
  if (r && r.owner === currentOwner()) await deleteRecord(id);
}

/** A write of the current user, to reopen its form with its data ("Edit"); another user's is not found. */
export async function readWrite(id: string): Promise<OutboxRecord | undefined> {
  const r = await getRecord(id);
  return r && r.owner === currentOwner() ? r : undefined;
}

/** Removes every write of one owner (sign-out after the user agreed to discard them). */
export async function discardAllWrites(owner: string = currentOwner()): Promise<void> {
  for (const r of await listRecords(owner)) await deleteRecord(r.id);
}

/**
 * Asks the service worker to wake the app when the network returns (Background Sync, where the browser has
 * it): sw/sw.ts answers the `sync` event by telling the open pages to send their outbox.
 */
export function requestBackgroundSync(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready
    .then((reg) =>
      (reg as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(OUTBOX_SYNC_TAG),
    )
    .catch(() => undefined);
}

export const OUTBOX_SYNC_TAG = 'kahraba-outbox';
