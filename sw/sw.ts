/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { openFromNotification, parsePush, showPush } from './push.ts';

declare const self: ServiceWorkerGlobalScope;

// The app shell (HTML, JS, CSS, icons) is precached at install: the home page paints with the network off,
// and a new release replaces it as a whole (hashed names), so no page mixes two versions.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Page navigations are answered by the precached index.html (the router draws the page, its data comes from
// the persisted query cache or the rules below). /api/* and payment return paths must always reach the
// server: a payment result or an API error must never be replaced by the shell.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/pay\/.*\/return/, /^\/healthz/, /^\/readyz/, /^\/docs\//, /^\/downloads\//],
  }),
);

// Catalog, content, application data and service centers are public, change rarely and must work offline:
// answer from the cache at once and refresh it in the background (stale-while-revalidate). Only successful
// answers are stored, so an error never replaces good data. Private data (requests, bills) is never here.
//
// The catalog's answer depends on who asks (staff and agents see every service), and the cache is keyed by the
// address alone: only a visitor's reads (the api client's csrf header is `anonymous` without a session) are
// answered from or stored in this cache, and an answer marked private or no-store (the server's mark on
// anything said to a signed-in user) is never stored. A signed-in user's reads always reach the server; their
// offline copy is the query cache, keyed by audience (src/lib/session.ts `audienceKey`).
// The catalog's card and page forms carry one language's texts and name it in the address (`lang`, decision 033),
// so an answer kept here in one language is never given for the other.
const PUBLIC_READ = /^\/api\/(Categories|dynamic_services(\/findOne)?|news(\/[^/]+)?|faq|misc\/appData|serviceCenters|tariffs)$/;
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    PUBLIC_READ.test(url.pathname) &&
    request.headers.get('x-csrf-token') === 'anonymous',
  new StaleWhileRevalidate({
    cacheName: 'public-data-v3',
    plugins: [
      {
        cacheWillUpdate: async ({ response }) =>
          response.status === 200 && !/private|no-store/i.test(response.headers.get('cache-control') ?? '') ? response : null,
      },
      new ExpirationPlugin({ maxEntries: 300, purgeOnQuotaError: true }),
    ],
  }),
);

// Images (service logos, news pictures) rarely change and are the heaviest thing on a slow line: cache first,
// bounded in number and age so a phone's storage is not filled by old news.
registerRoute(
  ({ request, url }) => request.destination === 'image' && url.origin === self.location.origin,
  new CacheFirst({
    cacheName: 'images-v2',
    plugins: [new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true })],
  }),
);

// Form validator modules (decision 018) are immutable (the schema hash is in the address): cache first, so a
// form opened once validates offline too. Only a 200 is kept: a 404 (the service changed) is never stored.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/api/forms/validators/'),
  new CacheFirst({
    cacheName: 'form-validators-v1',
    plugins: [
      { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) },
      new ExpirationPlugin({ maxEntries: 60, purgeOnQuotaError: true }),
    ],
  }),
);

// The PDFs of the footer are opened rarely: keep the ones a user opened, for reading offline.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/docs/'),
  new CacheFirst({ cacheName: 'documents-v2', plugins: [new ExpirationPlugin({ maxEntries: 10, purgeOnQuotaError: true })] }),
);

// The update prompt's "Update now" sends this: the waiting worker takes over, the page reloads.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | undefined)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Background Sync (where the browser has it): the page registers the outbox's tag when a write could not be
// sent; when the network is back the browser fires `sync`, and the open pages send their outbox with the same
// code as every other replay (src/features/outbox, decision 019). With no page open, the next start sends it.
type SyncEvent = ExtendableEvent & { tag: string };
self.addEventListener(
  'sync' as 'message',
  ((event: SyncEvent) => {
    if (event.tag !== 'kahraba-outbox') return;
    event.waitUntil(
      self.clients
        .matchAll({ type: 'window', includeUncontrolled: true })
        .then((clients) => clients.forEach((c) => c.postMessage({ type: 'OUTBOX_SYNC' }))),
    );
  }) as never,
);

// Web Push (decision 051): the server's push shows a notification; a tap opens the request it is about.
self.addEventListener('push', (event) => {
  event.waitUntil(showPush(self, parsePush(event.data?.text())));
});
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url ?? '/notifications';
  event.waitUntil(openFromNotification(self.clients, self.location.origin, url));
});

// The earlier public-data cache kept answers whoever asked (a staff catalog could reach a visitor): drop it.
self.addEventListener('activate', (event) => event.waitUntil(caches.delete('public-data-v2')));
