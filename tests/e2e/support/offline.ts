import { expect, type Page } from '@playwright/test';

/*
 * A page works offline when what it read from the API can be read again without the network: the service
 * worker keeps the public reads in its runtime cache (sw/sw.ts, stale-while-revalidate), written just after each
 * response. Instead of sleeping for that write, a test waits until every public read of the page is there.
 */

/** The public reads the service worker caches (sw/sw.ts); other API calls (page views, error reports) are not. */
const PUBLIC_READ = /\/api\/(Categories|dynamic_services(\/findOne)?|news(\/[^/]+)?|faq|misc\/appData|serviceCenters)(\?|$)/;

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
