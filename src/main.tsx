import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import './styles.css';
import { applyCacheVersion, resolveLanguage, resolveTheme } from './lib/locale.ts';
import { activateLanguage, i18n } from './lib/i18n.ts';
import { createQueryClient, persistOptions } from './lib/query-client.ts';
import { createAppRouter } from './router.tsx';
import { startPwa } from './lib/pwa.ts';
import { VISITOR } from './lib/viewer.ts';
import { attachSession, onSessionChange } from './lib/session.ts';
import { reportError, reportPageTime, startPageTimeReporting } from './lib/telemetry.ts';

// Start-up rules (spec section 4) run before the first render.
const lang = resolveLanguage();
resolveTheme();
applyCacheVersion();

const queryClient = createQueryClient();
attachSession(queryClient);
// The root route's beforeLoad resolves the real viewer (the session) before any guard runs.
const router = createAppRouter(queryClient, VISITOR);
// A sign-in or sign-out re-runs the guards of the page on screen (a signed-out user leaves private pages).
onSessionChange(() => void router.invalidate());
// Time on page: each navigation closes the previous page's count.
router.subscribe('onResolved', (e) => {
  if (e.fromLocation && e.fromLocation.href !== e.toLocation.href) reportPageTime(window.location.href);
});
window.addEventListener('error', (e) => reportError(e.error ?? e.message));
window.addEventListener('unhandledrejection', (e) => reportError(e.reason));

await activateLanguage(lang);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
        <RouterProvider router={router} />
      </PersistQueryClientProvider>
    </I18nProvider>
  </StrictMode>,
);

startPwa();
// Writes made offline are sent when they can be (decision 019); the code comes after the first paint.
void import('./features/outbox/boot.ts').then((m) => m.startOutbox());
startPageTimeReporting();
