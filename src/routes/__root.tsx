import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../router.tsx';
import { AppHeader } from '../components/app-header.tsx';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { ErrorPanel } from '../components/error-panel.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: ({ error, reset }) => <ErrorPanel error={error} onRetry={reset} />,
});

function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-surface text-ink">
      <AppHeader />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        <Outlet />
      </main>
    </div>
  );
}
