import { createStore, del, get, set, values, type UseStore } from 'idb-keyval';
import { useEffect, useRef } from 'react';
import { currentOwner } from '../outbox/store.ts';

/**
 * Every form autosaves on the device (issue 10, item 3): one record per user, service, activity (and request,
 * for an activity on an existing request), in IndexedDB, so the form comes back after a reload, a crash or a day
 * offline. File fields keep their File objects (IndexedDB stores them). Records are keyed by their owner
 * (`user:<id>` or `visitor`): one user's drafts are never read for another user of the same device.
 */
export type LocalDraft = {
  key: string;
  owner: string;
  serviceSlug: string;
  activityId: string;
  requestId: string | null;
  serviceLabel?: { ar: string; en: string } | undefined;
  stepId: string | null;
  data: Record<string, unknown>;
  /** The id it has on the server once saved there ("Save as draft"). */
  serverId?: string | undefined;
  updatedAt: number;
};

export type DraftTarget = { serviceSlug: string; activityId: string; requestId?: string | null | undefined };

let store: UseStore | undefined;
const draftStore = (): UseStore => (store ??= createStore('kahraba-drafts', 'drafts'));

export const draftKey = (t: DraftTarget, owner: string = currentOwner()): string =>
  [owner, t.serviceSlug, t.activityId, t.requestId ?? 'new'].join('|');

export async function loadLocalDraft(t: DraftTarget): Promise<LocalDraft | undefined> {
  const owner = currentOwner();
  const d = await get<LocalDraft>(draftKey(t, owner), draftStore()).catch(() => undefined);
  return d && d.owner === owner ? d : undefined;
}

export async function saveLocalDraft(
  t: DraftTarget,
  draft: Pick<LocalDraft, 'data' | 'stepId'> & Partial<Pick<LocalDraft, 'serverId' | 'serviceLabel'>>,
): Promise<void> {
  const owner = currentOwner();
  const key = draftKey(t, owner);
  const before = await get<LocalDraft>(key, draftStore()).catch(() => undefined);
  const record: LocalDraft = {
    key,
    owner,
    serviceSlug: t.serviceSlug,
    activityId: t.activityId,
    requestId: t.requestId ?? null,
    serviceLabel: draft.serviceLabel ?? before?.serviceLabel,
    stepId: draft.stepId,
    data: draft.data,
    serverId: draft.serverId ?? before?.serverId,
    updatedAt: Date.now(),
  };
  // A full disk must not break the form: the next change tries again.
  await set(key, record, draftStore()).catch(() => undefined);
}

export async function removeLocalDraft(t: DraftTarget): Promise<void> {
  await del(draftKey(t), draftStore()).catch(() => undefined);
}

/** The current user's autosaved forms of new requests, newest first. */
export async function listLocalDrafts(): Promise<LocalDraft[]> {
  const owner = currentOwner();
  const all = await values<LocalDraft>(draftStore()).catch(() => [] as LocalDraft[]);
  return all.filter((d) => d.owner === owner && d.requestId === null).sort((a, b) => b.updatedAt - a.updatedAt);
}

/** Removes the local copy of a server draft (deleted, or submitted), whichever form it autosaved. */
export async function removeLocalDraftByServerId(serverId: string): Promise<void> {
  for (const d of await listLocalDrafts()) if (d.serverId === serverId) await del(d.key, draftStore()).catch(() => undefined);
}

/**
 * Saves the form on the device a moment after the user stops typing, and at once when the page is hidden or
 * closed (a crash or a swipe-away loses at most the last keystrokes). `enabled` is false until the form has
 * loaded what it continues (a saved draft must not be overwritten by the empty form).
 */
export function useAutosave(
  target: DraftTarget,
  draft: { data: Record<string, unknown>; stepId: string | null; serviceLabel?: { ar: string; en: string } | undefined },
  enabled: boolean,
  delayMs = 600,
): void {
  const latest = useRef(draft);
  latest.current = draft;
  const dirty = useRef(false);
  const { serviceSlug, activityId, requestId } = target;

  useEffect(() => {
    if (!enabled) return;
    dirty.current = true;
    const timer = setTimeout(() => {
      dirty.current = false;
      void saveLocalDraft({ serviceSlug, activityId, requestId }, latest.current);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [draft.data, draft.stepId, enabled, serviceSlug, activityId, requestId, delayMs]);

  useEffect(() => {
    if (!enabled) return;
    const flush = () => {
      if (!dirty.current) return;
      dirty.current = false;
      void saveLocalDraft({ serviceSlug, activityId, requestId }, latest.current);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [enabled, serviceSlug, activityId, requestId]);
}

/** Whether a form's values hold anything worth keeping (an untouched form is not a draft). */
export const hasContent = (data: Record<string, unknown>): boolean =>
  Object.values(data).some((v) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0));

/* -- files chosen while offline: kept on the device until the outbox uploads them -------------------------- */

type PendingFile = { key: string; owner: string; blob: Blob; name: string; type: string; size: number };
const fileKey = (key: string) => ['file', key].join('|');

/** Keeps a file the form could not upload yet (offline); the form holds `local:<key>` in its place. */
export async function keepPendingFile(key: string, file: File): Promise<void> {
  const record: PendingFile = { key, owner: currentOwner(), blob: file, name: file.name, type: file.type, size: file.size };
  await set(fileKey(key), record, draftStore());
}

export async function pendingFile(key: string): Promise<PendingFile | undefined> {
  const f = await get<PendingFile>(fileKey(key), draftStore()).catch(() => undefined);
  return f && f.owner === currentOwner() ? f : undefined;
}

export async function removePendingFile(key: string): Promise<void> {
  await del(fileKey(key), draftStore()).catch(() => undefined);
}
