import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from './routeTree.gen.ts';
import { NotFoundPage } from './components/not-found-page.tsx';
import type { Viewer } from './lib/viewer.ts';

/** What every route's `beforeLoad` and loader receive: the query cache and who is using the app (guards). */
export type RouterContext = { queryClient: QueryClient; viewer: Viewer };

export function createAppRouter(queryClient: QueryClient, viewer: Viewer) {
  return createRouter({
    routeTree,
    context: { queryClient, viewer },
    defaultPreload: 'intent',
    // The query cache owns freshness; the router must not re-run loaders on its own schedule.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultNotFoundComponent: NotFoundPage,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
