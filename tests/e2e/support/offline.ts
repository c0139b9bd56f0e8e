import { expect, type BrowserContext, type Page } from '@playwright/test';

/*
 * A page works offline when what it read from the API can be read again without the network: the service
 * worker keeps the public reads in its runtime cache (sw/sw.ts, stale-while-revalidate), written just after each
 * response. Instead of sleeping for that write, a test waits until every public read of the page is there.
 */

/** The public reads the service worker caches (sw/sw.ts); other API calls (page views, error reports) are not. */
const PUBLIC_READ =
  /\/api\/(Categories|dynamic_services(\/findOne)?|news(\/[^/]+)?|faq|misc\/appData|serviceCenters|tariffs)(\?|$)/;

/** Resolves once every public API read of the current page is in the service worker's cache. */
export async function readsCachedForOffline(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async (source) => {
          const read = new RegExp(source);
          const urls = performance
            .getEntriesByType('resource')
            .map((e) => e.name)
            .filter((name) => read.test(new URL(name).pathname + new URL(name).search));
          const missing = [];
          for (const url of new Set(urls)) if (!(await caches.match(url, { ignoreVary: true }))) missing.push(url);
          return missing;
        }, PUBLIC_READ.source),
      { message: "the page's API reads are in the service worker's cache" },
    )
    .toEqual([]);
}

/**
 * Resolves once the query cache persisted in IndexedDB (src/lib/query-client.ts, written at most once a second)
 * holds a successful query whose key starts with `prefix`: instead of sleeping for the persister's throttle.
 */
export async function queryPersisted(page: Page, prefix: readonly unknown[]): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async (wanted) => {
          const db = await new Promise<IDBDatabase>((resolve, reject) => {
            const open = indexedDB.open('keyval-store');
            open.onsuccess = () => resolve(open.result);
            open.onerror = () => reject(open.error);
          });
          try {
            if (!db.objectStoreNames.contains('keyval')) return false;
            const raw = await new Promise<unknown>((resolve, reject) => {
              const get = db.transaction('keyval').objectStore('keyval').get('kahraba-query-cache');
              get.onsuccess = () => resolve(get.result);
              get.onerror = () => reject(get.error);
            });
            if (typeof raw !== 'string') return false;
            const cache = JSON.parse(raw) as {
              clientState?: { queries?: { queryKey: unknown[]; state: { status: string } }[] };
            };
            return (cache.clientState?.queries ?? []).some(
              (q) =>
                q.state.status === 'success' && wanted.every((part, i) => JSON.stringify(q.queryKey[i]) === JSON.stringify(part)),
            );
          } finally {
            db.close();
          }
        }, prefix as unknown[]),
      { message: `the persisted query cache holds ${JSON.stringify(prefix)}` },
    )
    .toBe(true);
}

/** Closes every page of the context and stops its service workers (a phone that put the app away). */
export async function putAway(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await cdp.detach();
  for (const p of context.pages()) await p.close();
}
