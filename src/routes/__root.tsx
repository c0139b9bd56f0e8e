import { Outlet, createRootRouteWithContext, useMatches } from '@tanstack/react-router';
import type { RouterContext } from '../router.tsx';
import { AppHeader } from '../components/app-header.tsx';
import { NoorLauncher } from '../features/assistant/components/noor-launcher.tsx';
import { APP_KIND } from '../lib/constants.ts';
import { ContentBanners } from '../components/banners.tsx';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { isChunkLoadError, NotAvailableOffline } from '../components/route-error.tsx';
import { useAppState } from '../lib/app-state.ts';
import { isSupportedBrowser } from '../lib/browser-support.ts';
import { reportError } from '../lib/telemetry.ts';
import { lazy, Suspense, useEffect } from 'react';
import { appDataQuery } from '../features/content/api/content.ts';
import { readHints, resolveViewer, useHints } from '../lib/session.ts';
import { loadAccountMessages } from '../lib/i18n.ts';
import { lazyPart } from '../lib/lazy-part.ts';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Who is using the app, before any guard runs: the current user is loaded once (cached) when the hints exist.
  // The account screens' messages load first where they are needed: on those pages, or for anyone signed in
  // (user menu, banners, idle countdown).
  beforeLoad: async ({ context, location }) => {
    const [viewer] = await Promise.all([
      resolveViewer(context.queryClient),
      needsAccountMessages(location.pathname) ? loadAccountMessages().catch(() => undefined) : undefined,
    ]);
    return { viewer };
  },
  // Application data (alerts, occasion) is drawn above every page: waiting for it (one request, or the cache)
  // keeps the banners from pushing the page down after it has painted. Offline without a copy, go on without.
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(appDataQuery()).catch(() => undefined);
  },
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RenderCrash,
});

// The server's render of a public page (decision 031) is for a supported browser; the browser checks its own.
const supported = typeof navigator === 'undefined' || isSupportedBrowser(navigator.userAgent);

/** The routes whose screens speak from the account catalog (lingui.config.ts), and anyone signed in. */
const ACCOUNT_PAGES =
  /^\/(login|signup|mobileNumber-validate|forget-password|email-verify|profile|dev\/mailbox|agent-login|auth-callback|contact|inbox|notifications|papers|verify|pay|services\/[^/]+\/(add|entries))(\/|$)/;
const needsAccountMessages = (pathname: string): boolean =>
  ACCOUNT_PAGES.test(pathname) || readHints('user') !== null || readHints('agent') !== null;

// The app's own notices (offline, update, install, open the app) come right after the page (home page budget).
const PwaBanners = lazy(() => import('../components/pwa-banners.tsx').then((m) => ({ default: m.PwaBanners })));

// The footer sits below the first screen: it loads right after the page, not before it (home page budget). A page
// the server drew has it: its code loads before that page is hydrated (decision 077), or a press on it meanwhile
// would be lost when React drew it anew.
const AppFooter = lazyPart(() => import('../components/app-footer.tsx').then((m) => m.AppFooter), { drawnByServer: true });

// Pages for rare moments (maintenance, an unsupported browser, a crash) load when they happen.
const statusPages = () => import('../components/status-pages.tsx');
const MaintenancePage = lazy(() => statusPages().then((m) => ({ default: m.MaintenancePage })));
const UnsupportedBrowserPage = lazy(() => statusPages().then((m) => ({ default: m.UnsupportedBrowserPage })));
const CrashFallback = lazy(() => statusPages().then((m) => ({ default: m.CrashFallback })));

// What only a signed-in user sees (e-mail banners, the idle countdown) loads when someone signs in: a visitor's
// first page does not carry it (quality.md size budget).
const AccountBanners = lazy(() =>
  import('../features/account/components/account-banners.tsx').then((m) => ({ default: m.AccountBanners })),
);
// An agent's "acting for" bar (spec section 6), on every page while an agent session exists.
const ActingForBanner = lazy(() =>
  import('../features/auth/components/acting-for-bar.tsx').then((m) => ({ default: m.ActingForBanner })),
);
// The citizen an employee files for (decision 025), on every page while one is chosen: the employee build's only.
const BehalfBanner =
  APP_KIND === 'employee'
    ? lazy(() => import('../features/behalf/components/apply-on-behalf.tsx').then((m) => ({ default: m.BehalfBanner })))
    : () => null;
// The staff builds' keyboard shortcuts (decision 064): never shipped to citizens.
const KeyboardShortcuts =
  APP_KIND === 'citizen'
    ? () => null
    : lazy(() => import('../features/staff/components/keyboard-shortcuts.tsx').then((m) => ({ default: m.KeyboardShortcuts })));
const IdleLogout = lazy(() => import('../features/auth/components/idle-logout.tsx').then((m) => ({ default: m.IdleLogout })));

function RootLayout() {
  const { maintenance } = useAppState();
  const signedIn = useHints() !== null;
  // The agent build's own session is an agent's; the citizen build may hold an agent session beside the user's.
  const agent = useHints('agent') !== null || (APP_KIND === 'agent' && signedIn);
  const bare = useMatches({ select: (matches) => matches.some((m) => m.staticData.bare === true) });
  if (!supported)
    return (
      <Suspense fallback={null}>
        <UnsupportedBrowserPage />
      </Suspense>
    );
  if (maintenance !== undefined)
    return (
      <Suspense fallback={null}>
        <MaintenancePage message={maintenance} />
      </Suspense>
    );
  // A page outside the main layout (its route's `staticData.bare`, e.g. /verify) draws its own frame.
  if (bare)
    return (
      <div className="min-h-dvh bg-surface text-ink">
        <Outlet />
      </div>
    );
  return (
    <div className="flex min-h-dvh flex-col bg-surface text-ink">
      <AppHeader />
      {(signedIn || agent) && (
        <Suspense fallback={null}>
          {agent && <ActingForBanner />}
          {APP_KIND === 'employee' && <BehalfBanner />}
          <AccountBanners />
        </Suspense>
      )}
      <ContentBanners />
      <Suspense fallback={null}>
        <PwaBanners />
      </Suspense>
      {/* At least a screen high: the footer starts below the fold, so a page growing as its data arrives never
          moves it in view (a layout shift; Lighthouse's CLS was 0.38 from the footer alone on /services/PAYBILLS/add). */}
      <main id="main" tabIndex={-1} className="mx-auto min-h-dvh w-full max-w-6xl flex-1 px-4 py-6 focus:outline-none">
        <Outlet />
      </main>
      {(signedIn || agent) && APP_KIND !== 'citizen' && (
        <Suspense fallback={null}>
          <KeyboardShortcuts />
        </Suspense>
      )}
      <Suspense fallback={null}>
        <AppFooter />
      </Suspense>
      {APP_KIND === 'citizen' && <NoorLauncher />}
      {signedIn && (
        <Suspense fallback={null}>
          <IdleLogout />
        </Suspense>
      )}
    </div>
  );
}

function RenderCrash({ error }: { error: unknown }) {
  const unavailable = isChunkLoadError(error);
  useEffect(() => {
    if (!unavailable) reportError(error);
  }, [error, unavailable]);
  if (unavailable)
    return (
      <main id="main" className="mx-auto max-w-xl p-6">
        <NotAvailableOffline />
      </main>
    );
  return (
    <Suspense fallback={null}>
      <CrashFallback />
    </Suspense>
  );
}
