import { StrictMode } from 'react';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { i18n } from './lib/i18n.ts';
import type { createAppRouter } from './router.tsx';
import { HydrationGate } from './lib/hydrated.ts';

/** The app's tree, the same in the browser (src/main.tsx) and in the server's render (src/entry-server.tsx). */
/** `hydrating`: the first frame is the server's (drawn by it, or being hydrated); see `useHydrated`. */
export function AppRoot({
  queryClient,
  router,
  hydrating,
}: {
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
  hydrating: boolean;
}) {
  return (
    <StrictMode>
      <HydrationGate hydrating={hydrating}>
        <I18nProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </I18nProvider>
      </HydrationGate>
    </StrictMode>
  );
}
