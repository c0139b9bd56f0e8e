import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from './routeTree.gen.ts';
import { NotFoundPage } from './components/not-found-page.tsx';
import { RouteError } from './components/route-error.tsx';
import type { Viewer } from './lib/viewer.ts';

/** What every route's `beforeLoad` and loader receive: the query cache and who is using the app (guards). */
export type RouterContext = { queryClient: QueryClient; viewer: Viewer };

/**
 * `server`: the server's render of a public page (src/entry-server.tsx): its address in memory, no scroll
 * restoration (its script would be inline). `hydrating`: the browser's first render over that HTML (src/main.tsx),
 * drawn with the same tree the server drew (no extra Suspense boundary around the matches).
 */
export function createAppRouter(
  queryClient: QueryClient,
  viewer: Viewer,
  options: { server?: { history: RouterHistory }; hydrating?: boolean } = {},
) {
  const router = createRouter({
    routeTree,
    context: { queryClient, viewer },
    ...(options.server ? { history: options.server.history, isServer: true } : {}),
    defaultPreload: 'intent',
    // The query cache owns freshness; the router must not re-run loaders on its own schedule.
    defaultPreloadStaleTime: 0,
    scrollRestoration: options.server === undefined,
    defaultNotFoundComponent: NotFoundPage,
    // A page that failed, drawn in the app's layout: a chunk that could not be downloaded says "not available
    // offline" in the user's language (decision 053), not the router's untranslated "Something went wrong!".
    defaultErrorComponent: RouteError,
    // An address longer than any route (/services/X/add, /services/X/entries/1) is not found as a whole: the
    // root's not-found page, never the shorter route's page (the router's fuzzy mode would show the service).
    notFoundMode: 'root',
  });
  if (options.hydrating) router.ssr = { manifest: undefined };
  // Spec section 2: every navigation scrolls to the top unless its state says `noScroll` (the router's own
  // switch for this is the `resetScroll` option; navigation state is how the rest of the app asks for it).
  const commit = router.commitLocation;
  router.commitLocation = (next) =>
    commit({ ...next, resetScroll: next.resetScroll ?? !(next.state as { noScroll?: boolean } | undefined)?.noScroll });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /**
     * The page stands outside the main layout (spec section 2: /verify): the root draws it alone, without the
     * header, notices and footer.
     */
    bare?: boolean;
  }
}
