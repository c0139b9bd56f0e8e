import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { manifestFor } from './src/pwa-manifest.ts';
import bundleParts from './scripts/build/bundle-parts.ts';

/** The build kind (citizen, employee, agent) selects the manifest and the menus. */
const appKind = (process.env.APP_KIND ?? 'citizen') as 'citizen' | 'employee' | 'agent';

/**
 * Pages only the staff builds have (decision 022): the citizen build's route tree leaves them out, so a citizen's
 * phone never downloads their definitions. Only when building: type checks, tests and the dev server use the
 * whole tree (src/routeTree.gen.ts); the citizen build writes its own (git-ignored) and imports it instead.
 */
const STAFF_ONLY_ROUTES = [
  'assign-requests',
  'apply-on-behalf',
  'userGuide',
  'meter-approvals',
  // The report screens and the dashboard (issue 25).
  'reports\\.index',
  'reports\\.\\$reportId',
  'dashboard',
  'citizens\\.\\$citizenId\\.finance',
  // Service quality (issue 26).
  'quality',
  // The data-access record (issue 28, decision 071).
  'data-access',
];

export default defineConfig(({ command, isSsrBuild }) => {
  const citizenTree = command === 'build' && appKind === 'citizen';
  // The server's renderer of the public pages (decision 031): `vite build --ssr src/entry-server.tsx`, for Node.
  const ssr = isSsrBuild === true;
  return {
    define: {
      __APP_KIND__: JSON.stringify(appKind),
      __APP_VERSION__: JSON.stringify('9.5.2'),
    },
    plugins: [
      tanstackRouter({
        target: 'react',
        autoCodeSplitting: true,
        // A page's loader comes with its screen (one chunk, then the data), except the home page's: the route
        // definitions every page carries stay small (home page budget).
        codeSplittingOptions: {
          splitBehavior: ({ routeId }) =>
            routeId === '/' ? undefined : [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
        },
        routesDirectory: './src/routes',
        generatedRouteTree: citizenTree ? './src/routeTree.citizen.gen.ts' : './src/routeTree.gen.ts',
        ...(citizenTree ? { routeFileIgnorePattern: `^(${STAFF_ONLY_ROUTES.join('|')})\\.tsx$` } : {}),
      }),
      react(),
      // Lingui's macros.
      babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
      lingui(),
      tailwindcss(),
      // `.vite/parts.json`: what each package and folder costs in each chunk (npm run check:size reports it).
      !ssr && bundleParts(),
      !ssr &&
        VitePWA({
          strategies: 'injectManifest',
          srcDir: 'sw',
          filename: 'sw.ts',
          registerType: 'prompt',
          injectRegister: false,
          manifest: manifestFor(appKind),
          injectManifest: {
            globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
            // Service logos and news pictures are cached when first seen (sw.ts), not downloaded at install.
            globIgnores: ['images/**', 'docs/**'],
            maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
          },
          devOptions: { enabled: false },
        }),
    ],
    resolve: {
      alias: {
        ...(citizenTree
          ? { './routeTree.gen.ts': fileURLToPath(new URL('./src/routeTree.citizen.gen.ts', import.meta.url)) }
          : {}),
        // @rjsf/core renders markdown descriptions with markdown-to-jsx (about 30 KB gzip); our forms never turn
        // markdown on, so a stand-in that shows the text as it is takes its place (src/features/forms/plain-markdown.tsx).
        'markdown-to-jsx/react': fileURLToPath(new URL('./src/features/forms/plain-markdown.tsx', import.meta.url)),
      },
    },
    server: {
      port: 5173,
      proxy: { '/api': 'http://localhost:8080', '/healthz': 'http://localhost:8080', '/readyz': 'http://localhost:8080' },
    },
    build: {
      target: 'es2022',
      // Every supported browser (decision 006) knows <link rel=modulepreload>: no polyfill. The page's own modules
      // are preloaded from index.html; a lazy chunk's imports are not listed in the app (they cost the home page
      // bytes on every visit; the service worker has them precached after the first).
      modulePreload: {
        polyfill: false,
        resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
      },
      sourcemap: false,
      // dist/.vite/manifest.json: lets scripts/check-size.ts find what the home page loads.
      manifest: !ssr,
      // The server's renderer needs no copy of public/ (icons, PDFs): those are the citizen build's.
      copyPublicDir: !ssr,
      chunkSizeWarningLimit: 300,
      rolldownOptions: ssr
        ? {}
        : {
            output: {
              // Few larger chunks compress better than many tiny ones (each chunk restarts gzip's dictionary and
              // costs a request): the framework in one chunk, the app's shared code in another. Code used by one
              // lazy feature only (the search dialog's Headless UI) stays in that feature's chunk.
              codeSplitting: {
                groups: [
                  {
                    name: 'framework',
                    // Not the query cache's persistence (IndexedDB): it loads after the first page (src/lib/query-persistence.ts).
                    test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](?!query-async-storage-persister|query-persist-client-core|react-query-persist-client)[^\\/]+|@lingui|ky)[\\/]/,
                    priority: 2,
                  },
                  // The schema library, for the screens that check a form against the contract before sending it; the
                  // first page has none (decision 035).
                  { name: 'schemas', test: /node_modules[\\/]zod[\\/]/, priority: 2 },
                  // The routes' definitions (paths, guards, search rules) in one file; their screens stay lazy chunks.
                  { name: 'routes', test: /[\\/]src[\\/]routes[\\/][^?]+$/, priority: 1 },
                  // Shared app code only: a module one page uses (number words on the service page) stays with it.
                  {
                    name: 'app',
                    // Of the contract, only what the first page uses and needs no schema (decision 035); not the account,
                    // request and staff screens' messages, nor the form engine's, nor the service page's form of the
                    // catalog (decision 033): they load with those screens (a module here brings its imports along).
                    // Nor the UI kit (src/components/ui/, decision 042): the screens that page, sort and list load it; but
                    // for the parts every page draws (decision 044): the field of the footer's newsletter, the notice of a
                    // service card's favourite star, and the field focus. Nor the search (src/lib/text/search.ts and its
                    // vocabulary, decision 048): the screens that search load it.
                    test: /[\\/](contract[\\/](availability|basics|errors|roles|route|refs[\\/]routes)\.ts|src[\\/](lib[\\/](?!field-messages|session-api|request-owner-tokens|auth-errors|account-error-messages|api-upload|behalf|text[\\/](search|synonyms|arabic-normalize))|components[\\/](?!alert-dialog|citizen-finder|ui[\\/](?!field|focus|notice))|features[\\/](catalog|content|public-forms)[\\/](api[\\/](?!get-service-page)|[a-z-]+\.ts)))/,
                    priority: 1,
                    minShareCount: 2,
                  },
                ],
              },
            },
          },
    },
  };
});
