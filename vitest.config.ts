import { defineConfig } from 'vitest/config';
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';

/**
 * Two projects: `unit` (browser-like, happy-dom with fake IndexedDB: src/, contract/) and `api` (Node:
 * the Fastify app through app.inject on a real database; PGlite, or PostgreSQL when TEST_DB_DRIVER=postgres
 * and TEST_DATABASE_URL are set).
 */
export default defineConfig({
  define: { __APP_KIND__: JSON.stringify('citizen'), __APP_VERSION__: JSON.stringify('9.5.2') },
  test: {
    projects: [
      {
        plugins: [babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }), lingui()],
        define: { __APP_KIND__: JSON.stringify('citizen'), __APP_VERSION__: JSON.stringify('9.5.2') },
        test: {
          name: 'unit',
          environment: 'happy-dom',
          include: ['src/**/*.test.{ts,tsx}', 'contract/**/*.test.ts', 'sw/**/*.test.ts'],
          setupFiles: ['./tests/setup/unit.ts'],
          // A cap on how long a failing test may take, not a speed check: Vitest's default 5 s was passed on a loaded
          // two-core machine by a test that formats every generated route reference with Prettier (decision 041).
          testTimeout: 30_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          // Each stage of a test database (migrated, with the catalog, with the demo accounts) is prepared once per
          // run, not in every file (server/test/test-app.ts).
          globalSetup: ['./server/test/global-setup.ts'],
          // A cap on how long a failing test may take, not a speed check: some tests build a second app (a new
          // database and migrations), which takes several times longer on a slow, loaded machine.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // PGlite uses ~0.5-0.9 GB per instance: two workers fit comfortably in CI's memory on 2 cores.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
