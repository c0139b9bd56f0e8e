import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import './styles.css';
import { applyCacheVersion, resolveLanguage, resolveTheme } from './lib/locale.ts';
import { activateLanguage, warmFormats } from './lib/i18n.ts';
import { AppRoot } from './app-root.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { createAppRouter } from './router.tsx';
import { startPwa } from './lib/pwa.ts';
import { VISITOR } from './lib/viewer.ts';
import { APP_KIND } from './lib/constants.ts';
import { attachSession, onSessionChange, readHints } from './lib/session.ts';
import { SSR_STATE_ID, type SsrState } from './lib/ssr.ts';
import { preloadDrawnParts } from './lib/lazy-part.ts';
import { reportError, reportPageTime, startPageTimeReporting } from './lib/telemetry.ts';

/**
 * Start-up is cut into tasks (a slow phone's main thread is never held long, decision 031): the module code
 * runs in one, the set-up below in the next, each later step after a yield to the browser.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
await nextTask();

// Start-up rules (spec section 4) run before the first render.
const lang = resolveLanguage();
setTimeout(() => warmFormats(lang), 0);
resolveTheme();
applyCacheVersion();
// The first read of the device's storage (above) and the router's making (below) each take a slow phone tens of ms.
await nextTask();

const queryClient = createQueryClient();
attachSession(queryClient);
// A public page the server drew (decision 031) is hydrated when this device sees what the server drew: a
// visitor, in the same language. Anyone else's app draws itself over it.
const root = document.getElementById('root')!;
const drawn = document.getElementById(SSR_STATE_ID);
const ssr = drawn ? (JSON.parse(drawn.textContent ?? '{}') as SsrState) : undefined;
const hydrating = ssr?.lang === lang && APP_KIND === 'citizen' && readHints('user') === null && readHints('agent') === null;
if (hydrating) hydrate(queryClient, ssr.queries);
// The root route's beforeLoad resolves the real viewer (the session) before any guard runs.
const router = createAppRouter(queryClient, VISITOR, { hydrating });
// A sign-in or sign-out re-runs the guards of the page on screen (a signed-out user leaves private pages).
onSessionChange(() => void router.invalidate());
// Time on page: each navigation closes the previous page's count.
router.subscribe('onResolved', (e) => {
  if (e.fromLocation && e.fromLocation.href !== e.toLocation.href) reportPageTime(window.location.href);
});
window.addEventListener('error', (e) => reportError(e.error ?? e.message));
window.addEventListener('unhandledrejection', (e) => reportError(e.reason));

await activateLanguage(lang);
await nextTask();

const app = <AppRoot queryClient={queryClient} router={router} hydrating={hydrating} />;
// The device's copy of the query cache (IndexedDB, src/lib/query-persistence.ts) is loaded on its own.
const persistence = () => import('./lib/query-persistence.ts');
if (hydrating) {
  // The page's screens and data first (its chunks; the data is the server's), and the code of the lazy parts the
  // server drew (the footer): React then hydrates the whole page in one pass. A part whose code came later would be
  // drawn anew, losing a press made on it meanwhile (decision 077).
  await Promise.all([router.load(), preloadDrawnParts()]);
  await nextTask();
  // A frame that differs from the server's is an error in the console and in the error reports (React's default).
  // As a transition, the hydration yields to the browser every few milliseconds instead of holding a slow phone's
  // main thread for its whole length (a press meanwhile hydrates its part first and is replayed).
  startTransition(() => {
    hydrateRoot(root, app);
  });
  // The server's answers are kept on the device too, so that the page opens again offline.
  void persistence().then((p) => p.persistQueries(queryClient, { saveNow: true }));
} else {
  // A page the server drew that this device does not hydrate (someone is signed in, or reads another language) is
  // drawn over: until then it takes no press, which would be lost with it (decision 077), and says it is busy.
  if (drawn) {
    root.inert = true;
    root.setAttribute('aria-busy', 'true');
  }
  // Earlier answers first: a page opened offline draws from them.
  await persistence()
    .then((p) => p.persistQueries(queryClient, { saveNow: false }))
    .catch(() => undefined);
  // The frame drawn by the HTML (index.html: header and skeleton) stays until the page is ready: its guards (the
  // session), its messages, its chunk and its loader's data. Drawn earlier, React would show an empty page while
  // the root route waits for them (about 8.5 s of a blank screen on slow 3G, decision 053).
  await router.load().catch(() => undefined);
  drawn?.remove();
  root.replaceChildren();
  root.inert = false;
  root.removeAttribute('aria-busy');
  createRoot(root).render(app);
}

startPwa();
// Writes made offline are sent when they can be (decision 019); the code comes after the first paint.
void import('./features/outbox/boot.ts').then((m) => m.startOutbox());
startPageTimeReporting();
