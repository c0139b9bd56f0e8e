import { configDefaults, defineConfig } from 'vitest/config';
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { SlowFirstSequencer } from './server/test/sequencer.ts';

/**
 * Three projects: `unit` (browser-like, happy-dom with fake IndexedDB: src/, contract/) and the API tests (Node:
 * the Fastify app through app.inject on a real database; PGlite, or PostgreSQL when TEST_DB_DRIVER=postgres
 * and TEST_DATABASE_URL are set), in two projects: `api`, whose files share a module graph per worker, and
 * `api-isolated`, the files that mock a module; `--project api --project api-isolated` runs both.
 */
/** The API projects' common settings. */
const api = {
  environment: 'node' as const,
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
};
/** API test files that vi.mock a module the server imports: they keep a module graph of their own. */
const API_MOCKING_MODULES = ['server/routes/authz-matrix.test.ts', 'server/routes/fuzz.test.ts'];
/**
 * The command line's `--exclude` globs (npm test leaves the scale-out test out of the PostgreSQL step with one).
 * Vitest adds them only to a project that has no `exclude` of its own; the api project has one, so it adds them.
 */
const cliExclude = process.argv.flatMap((arg, i, all) =>
  arg === '--exclude' ? [all[i + 1] ?? ''] : arg.startsWith('--exclude=') ? [arg.slice('--exclude='.length)] : [],
);

export default defineConfig({
  define: { __APP_KIND__: JSON.stringify('citizen'), __APP_VERSION__: JSON.stringify('9.5.2') },
  test: {
    // On a clean clone (no timings of a previous run), the slowest API files start first (decision 059).
    sequence: { sequencer: SlowFirstSequencer },
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
          ...api,
          name: 'api',
          exclude: [...configDefaults.exclude, ...API_MOCKING_MODULES, ...cliExclude],
          // The files of a worker share one module graph (decision 041): the server's modules (Fastify, Drizzle, the
          // routes, the PDF and mail code) are loaded once per worker, not once per file. Each file still builds its
          // own app on its own database; only the files that replace a module (below) need a graph of their own.
          isolate: false,
        },
      },
      {
        test: {
          ...api,
          // Files that replace a module with vi.mock (Fastify, to capture every route as it is registered): in a shared
          // module graph the server would already be loaded with the real one. Run with `--project 'api*'`.
          name: 'api-isolated',
          include: API_MOCKING_MODULES,
          exclude: configDefaults.exclude,
          // Beside the api project, in its pool of two workers (same groupOrder and maxWorkers): the two long files start
          // first and the shared-graph files fill the other worker, instead of the pair running alone at the end.
        },
      },
    ],
  },
});
