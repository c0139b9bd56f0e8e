import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../router.tsx';
import { AppHeader } from '../components/app-header.tsx';
import { AppFooter } from '../components/app-footer.tsx';
import { ContentBanners, PwaBanners } from '../components/banners.tsx';
import { AccountBanners } from '../features/account/components/account-banners.tsx';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { CrashFallback, MaintenancePage, UnsupportedBrowserPage } from '../components/status-pages.tsx';
import { useAppState } from '../lib/app-state.ts';
import { isSupportedBrowser } from '../lib/browser-support.ts';
import { reportError } from '../lib/telemetry.ts';
import { useEffect } from 'react';
import { appDataQuery } from '../features/content/api/content.ts';
import { resolveViewer } from '../lib/session.ts';
import { IdleLogout } from '../features/auth/components/idle-logout.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Who is using the app, before any guard runs: the current user is loaded once (cached) when the hints exist.
  beforeLoad: async ({ context }) => ({ viewer: await resolveViewer(context.queryClient) }),
  // Application data (alerts, occasion) is drawn above every page: waiting for it (one request, or the cache)
  // keeps the banners from pushing the page down after it has painted. Offline without a copy, go on without.
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(appDataQuery()).catch(() => undefined);
  },
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RenderCrash,
});

const supported = isSupportedBrowser(navigator.userAgent);

function RootLayout() {
  const { maintenance } = useAppState();
  if (!supported) return <UnsupportedBrowserPage />;
  if (maintenance !== undefined) return <MaintenancePage message={maintenance} />;
  return (
    <div className="flex min-h-dvh flex-col bg-surface text-ink">
      <AppHeader />
      <AccountBanners />
      <ContentBanners />
      <PwaBanners />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 focus:outline-none">
        <Outlet />
      </main>
      <AppFooter />
      <IdleLogout />
    </div>
  );
}

function RenderCrash({ error }: { error: unknown }) {
  useEffect(() => reportError(error), [error]);
  return <CrashFallback />;
}
