import {
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
  type PersistQueryClientOptions,
} from '@tanstack/react-query-persist-client';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { QueryClient } from '@tanstack/react-query';
import { del, get, set } from 'idb-keyval';
import { CACHE_VERSION } from './locale.ts';
import { APP_KIND } from './constants.ts';
import { USER_DATA_MAX_AGE_MS } from './offline-data.ts';
import { forgetUserDataOfNobody, readHints } from './session.ts';

/**
 * The query cache is kept in IndexedDB so every page visited once opens again offline. The buster (app version
 * and cache version) drops a cache written by another release. Keys of answers that depend on the viewer carry
 * the viewer's audience (src/lib/session.ts), and a sign-out or another user's sign-in removes the private ones. Queries marked `meta: { persist: false }`
 * (private data, added with accounts) are never written. A full disk must not break the app: write errors
 * are swallowed (the next write retries).
 *
 * Loaded apart from the app (src/main.tsx): a page the server drew is hydrated without it, and it comes right after.
 */
export const persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  persister: createAsyncStoragePersister({
    storage: {
      getItem: (key: string) => get<string>(key).then((v) => v ?? null),
      setItem: (key: string, value: string) => set(key, value).catch(() => undefined),
      removeItem: (key: string) => del(key),
    },
    key: 'kahraba-query-cache',
    throttleTime: 1000,
  }),
  // `audience`: caches written before query keys carried the viewer's audience are dropped (one may hold a
  // staff catalog under a key a visitor now reads).
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a cache version, not interface text
  buster: `${__APP_VERSION__}-${CACHE_VERSION}-audience`,
  maxAge: 1000 * 60 * 60 * 24 * 90,
  dehydrateOptions: {
    // A signed-in citizen's own answers (`meta: USER_DATA`, decision 053) are kept in the citizen build only, while
    // that user is signed in, for at most 30 days after they were read; other private answers never.
    shouldDehydrateQuery: (q) =>
      q.state.status === 'success' &&
      (q.meta?.persist === 'user'
        ? APP_KIND === 'citizen' && readHints('user') !== null && Date.now() - q.state.dataUpdatedAt < USER_DATA_MAX_AGE_MS
        : q.meta?.persist !== false),
  },
};

/**
 * Restores this device's copy of earlier answers into the cache (an answer already there and newer, the server's,
 * is kept), then writes the cache whenever it changes. `saveNow`: the cache holds answers the device has not
 * kept yet (a page the server drew), written at once.
 */
export async function persistQueries(queryClient: QueryClient, { saveNow }: { saveNow: boolean }): Promise<void> {
  const options = { queryClient, ...persistOptions };
  await persistQueryClientRestore(options);
  // A copy written while someone was signed in, restored after the session was forgotten: their data goes.
  forgetUserDataOfNobody(queryClient);
  if (saveNow) await persistQueryClientSave(options);
  persistQueryClientSubscribe(options);
}
