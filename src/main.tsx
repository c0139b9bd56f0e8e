import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import './styles.css';
import { applyCacheVersion, resolveLanguage, resolveTheme } from './lib/locale.ts';
import { activateLanguage, i18n } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import { createAppRouter } from './router.tsx';
import { registerServiceWorker } from './lib/sw-register.ts';

// Start-up rules (spec section 4) run before the first render.
const lang = resolveLanguage();
resolveTheme();
applyCacheVersion();

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

await activateLanguage(lang);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>
  </StrictMode>,
);

registerServiceWorker();
