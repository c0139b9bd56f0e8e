import { spawnSync } from 'node:child_process';
import { INSTALL_HINT, testBrowserPath } from './chromium.ts';

/**
 * `npm test`: typecheck, lint, catalogs, unit, API (PGlite, and PostgreSQL when TEST_DATABASE_URL is set, then
 * the scale-out test of three processes on it), production build, end-to-end in Chromium. Stops at the first failing step and says which.
 */
type Step = { name: string; cmd: string[]; env?: Record<string, string> };
const npx = (...args: string[]) => [process.execPath, ...args];
const bin = (name: string) => `node_modules/${name}`;
/** Decision 032; on PGlite (one process by design) it skips itself. */
const SCALE_OUT_TEST = 'server/scale-out.test.ts';
/** The API tests: two projects, one whose files share a module graph and one for the files that mock (vitest.config.ts). */
const API = ['--project', 'api', '--project', 'api-isolated'];

const steps: Step[] = [
  { name: 'typecheck', cmd: npx(bin('typescript/bin/tsc'), '-p', 'tsconfig.json', '--noEmit') },
  { name: 'lint', cmd: npx(bin('eslint/bin/eslint.js'), '.', '--max-warnings', '0') },
  { name: 'formatting', cmd: npx(bin('prettier/bin/prettier.cjs'), '--check', '.', '--log-level', 'warn') },
  { name: 'i18n catalogs', cmd: npx('--import', 'tsx', 'scripts/check-i18n.ts') },
  { name: 'unit tests', cmd: npx(bin('vitest/vitest.mjs'), 'run', '--project', 'unit') },
  {
    name: 'API tests on PGlite',
    cmd: npx(bin('vitest/vitest.mjs'), 'run', ...API),
    env: { TEST_DB_DRIVER: 'pglite' },
  },
];
if (process.env.TEST_DATABASE_URL) {
  steps.push(
    {
      name: 'API tests on PostgreSQL',
      // The scale-out test starts three servers: it runs alone, in the next step, not beside other test files.
      cmd: npx(bin('vitest/vitest.mjs'), 'run', ...API, '--exclude', SCALE_OUT_TEST),
      env: { TEST_DB_DRIVER: 'postgres' },
    },
    {
      name: 'scale-out: three processes on one PostgreSQL',
      cmd: npx(bin('vitest/vitest.mjs'), 'run', '--project', 'api', SCALE_OUT_TEST),
      env: { TEST_DB_DRIVER: 'postgres' },
    },
  );
} else {
  console.log('TEST_DATABASE_URL is not set: the API tests run on PGlite only.');
}
steps.push(
  { name: 'production builds (citizen, employee, agent)', cmd: npx('--import', 'tsx', 'scripts/build.ts', '--logLevel', 'warn') },
  { name: 'size budgets', cmd: npx('--import', 'tsx', 'scripts/check-size.ts') },
  { name: 'end-to-end tests', cmd: npx('--import', 'tsx', 'scripts/e2e.ts'), env: { E2E_SKIP_BUILD: 'true' } },
);

if (!testBrowserPath()) {
  // Say it first, not after ten minutes of other checks.
  console.error(`${INSTALL_HINT}\nThe end-to-end step will fail without it.`);
}

const started = Date.now();
const timings: string[] = [];
for (const step of steps) {
  console.log(`\n=== ${step.name} ===`);
  const t0 = Date.now();
  const r = spawnSync(step.cmd[0]!, step.cmd.slice(1), { stdio: 'inherit', env: { ...process.env, ...step.env } });
  timings.push(`${step.name}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  if (r.status !== 0) {
    console.error(`\n✗ ${step.name} failed (exit ${r.status ?? r.signal}).`);
    process.exit(r.status ?? 1);
  }
}
console.log(`\n${timings.join('\n')}\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
