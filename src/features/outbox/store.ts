import { createStore, del, get, set, values, type UseStore } from 'idb-keyval';
import { useSyncExternalStore } from 'react';
import { readHints } from '../../lib/session.ts';

/**
 * The outbox's records (decision 019): one IndexedDB record per write the device still owes the server. This
 * module is the small part every page carries (the header's "N waiting"): the records, who owns them, and a
 * change signal shared by the tabs of this browser. Sending is `engine.ts`, loaded only when there is work.
 */

/** A file of a write: kept as a Blob until uploaded (with its own Idempotency-Key), then referenced by id. */
export type OutboxFile = {
  /** The upload's Idempotency-Key (a device-made UUID). */
  key: string;
  /** Where the uploaded attachment's id goes in the write's body (property names and array indexes). */
  path: (string | number)[];
  fieldId: string;
  activityId: string;
  name: string;
  type: string;
  size: number;
  blob: Blob;
  /** The attachment's id once uploaded: a replay does not upload it again. */
  uploadedId?: string;
};

export type OutboxError = {
  code: string;
  status: number;
  message: string;
  details?: string[] | undefined;
  fieldErrors?: Record<string, string[]> | undefined;
};

/** What a screen needs to show a write and to reopen it for editing. */
export type OutboxMeta = {
  /** The service's label in both languages (a write is listed in either). */
  title?: { ar: string; en: string } | undefined;
  serviceSlug?: string | undefined;
  activityId?: string | undefined;
  /** The address of the form that made the write; opened with `?outbox=<id>` to edit it. */
  editPath?: string | undefined;
  /**
   * The employee's owner token when the write was made (decision 025): a write queued for one citizen is sent for
   * that citizen, whoever the device files for when it goes out.
   */
  requestOwnerToken?: string | undefined;
};

export type OutboxState = 'waiting' | 'attention';

export type OutboxRecord = {
  /** A device-made UUID: the record's key and the write's Idempotency-Key. */
  id: string;
  /** `user:<id>` or `visitor`: a write is shown and sent only to its owner (src/lib/session.ts hints). */
  owner: string;
  /** The write's kind: a route id the engine knows (`requestSubmit`, `requestUpdate`, `requestComment`, ...). */
  kind: string;
  /** The route's input (params, query, body) without the files. */
  input: { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown };
  files: OutboxFile[];
  meta: OutboxMeta;
  state: OutboxState;
  attempts: number;
  /** Not sent again before this time (ms) unless the user asks ("Send now") or the network comes back. */
  nextAttemptAt: number;
  lastError?: OutboxError | undefined;
  createdAt: number;
  updatedAt: number;
};

let store: UseStore | undefined;
/** Its own database, apart from the query cache's: a cache wipe must never lose a write. */
const outboxStore = (): UseStore => (store ??= createStore('kahraba-outbox', 'writes'));

/** Who owns the writes made now: the signed-in user, else the visitor of this device. */
export function currentOwner(): string {
  const hints = readHints('user');
  return hints ? `user:${hints.userId}` : 'visitor';
}

export const getRecord = (id: string): Promise<OutboxRecord | undefined> => get<OutboxRecord>(id, outboxStore());

/** Every record of one owner, oldest first. */
export async function listRecords(owner: string = currentOwner()): Promise<OutboxRecord[]> {
  const all = await values<OutboxRecord>(outboxStore());
  return all.filter((r) => r.owner === owner).sort((a, b) => a.createdAt - b.createdAt);
}

export async function putRecord(record: OutboxRecord): Promise<void> {
  await set(record.id, record, outboxStore());
  notify();
}

export async function deleteRecord(id: string): Promise<void> {
  await del(id, outboxStore());
  notify();
}

/* -- the change signal: this tab's listeners, and the other tabs through a BroadcastChannel ----------------- */

export type OutboxSummary = { owner: string; waiting: number; attention: number };
const EMPTY: OutboxSummary = { owner: 'visitor', waiting: 0, attention: 0 };
let summary: OutboxSummary = EMPTY;
const listeners = new Set<() => void>();
let channel: BroadcastChannel | undefined;
let refreshing: Promise<void> | undefined;
let again = false;

async function refresh(): Promise<void> {
  if (refreshing) {
    again = true;
    return refreshing;
  }
  refreshing = (async () => {
    do {
      again = false;
      const owner = currentOwner();
      const records = await listRecords(owner).catch(() => [] as OutboxRecord[]);
      const next = {
        owner,
        waiting: records.filter((r) => r.state === 'waiting').length,
        attention: records.filter((r) => r.state === 'attention').length,
      };
      if (next.owner !== summary.owner || next.waiting !== summary.waiting || next.attention !== summary.attention) {
        summary = next;
        listeners.forEach((l) => l());
      }
    } while (again);
  })().finally(() => (refreshing = undefined));
  return refreshing;
}

function openChannel(): void {
  if (channel || typeof BroadcastChannel === 'undefined') return;
  channel = new BroadcastChannel('kahraba-outbox');
  channel.onmessage = () => {
    void refresh();
    changeListeners.forEach((l) => l());
  };
}

const changeListeners = new Set<() => void>();
/** Runs `cb` after any change of the records, in this tab or another. */
export function onOutboxChange(cb: () => void): () => void {
  openChannel();
  changeListeners.add(cb);
  return () => changeListeners.delete(cb);
}

/** Tells this tab's listeners and the other tabs that the records changed. */
export function notify(): void {
  openChannel();
  channel?.postMessage('changed');
  void refresh();
  changeListeners.forEach((l) => l());
}

/** Re-reads the summary (another user signed in, the page came back). */
export const refreshOutboxSummary = (): Promise<void> => refresh();

/** The current owner's counts of waiting and needs-attention writes (the header's "N waiting"). */
export function useOutboxSummary(): OutboxSummary {
  return useSyncExternalStore(
    (cb) => {
      openChannel();
      listeners.add(cb);
      void refresh();
      return () => listeners.delete(cb);
    },
    () => summary,
    () => summary,
  );
}
