/// <reference lib="webworker" />
import { precacheAndRoute, cleanupOutdatedCaches, createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope;

// The app shell (HTML, JS, CSS, icons) is precached at install: the home page paints with the network off.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Page navigations are answered by the precached index.html (the SPA router draws the page). /api/* and
// payment return paths must reach the server, never the shell.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/pay\/.*\/return/, /^\/healthz/, /^\/readyz/],
  }),
);

// Catalog and content change rarely and must work offline: answer from the cache at once, refresh behind.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    /^\/api\/(Categories|dynamic_services(\/findOne)?|news|faq|misc\/appData|serviceCenters)(\/|$)/.test(url.pathname),
  new StaleWhileRevalidate({ cacheName: 'catalog-v2' }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | undefined)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
