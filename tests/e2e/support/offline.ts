import { expect, type Page } from '@playwright/test';

/*
 * The query cache the PWA keeps in IndexedDB for offline use (src/lib/query-client.ts: idb-keyval's default
 * database, key `kahraba-query-cache`, written at most once a second). Instead of sleeping for that second, a
 * test waits until the stored copy is at least as recent as the last API read of the page.
 */

const QUERY_CACHE_KEY = 'kahraba-query-cache';
/** The public reads the PWA caches (sw/sw.ts); other API calls (page views, error reports) touch no query. */
const PUBLIC_READ = /\/api\/(Categories|dynamic_services(\/findOne)?|news(\/[^/]+)?|faq|misc\/appData|serviceCenters)(\?|$)/;

/**
 * Resolves once the persisted query cache holds everything this page has read from the API: its write time is
 * not older than the end of the page's last public API response (the data of a response is set in the cache
 * after the response ends, and the cache is written after that).
 */
export async function persistedQueryCache(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          async ({ key, source }) => {
            const read = new RegExp(source);
            const lastRead = Math.max(
              0,
              ...performance
                .getEntriesByType('resource')
                .filter((e) => read.test(e.name))
                .map((e) => performance.timeOrigin + (e as PerformanceResourceTiming).responseEnd),
            );
            const stored = await new Promise<string | undefined>((resolve, reject) => {
              const open = indexedDB.open('keyval-store');
              // Made here first: as idb-keyval makes it, so that the app can still use it.
              open.onupgradeneeded = () => open.result.createObjectStore('keyval');
              open.onerror = () => reject(open.error);
              open.onsuccess = () => {
                const db = open.result;
                const get = db.transaction('keyval').objectStore('keyval').get(key);
                get.onsuccess = () => resolve(get.result as string | undefined);
                get.onerror = () => reject(get.error);
                db.close();
              };
            });
            const writtenAt = stored ? (JSON.parse(stored) as { timestamp: number }).timestamp : 0;
            // Date.now() and the performance clock may differ by a millisecond.
            return writtenAt + 1 >= lastRead && writtenAt > 0;
          },
          { key: QUERY_CACHE_KEY, source: PUBLIC_READ.source },
        ),
      { message: 'the query cache is written to IndexedDB' },
    )
    .toBe(true);
}
