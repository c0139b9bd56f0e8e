import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { INSTALL_HINT, testBrowserPath } from './chromium.ts';

/** `npm run test:e2e`: the production builds (citizen, employee, agent), then Playwright against the real server on a fresh database. */
if (!testBrowserPath()) {
  console.error(INSTALL_HINT);
  process.exit(1);
}
const run = (args: string[]) => spawnSync(process.execPath, args, { stdio: 'inherit', env: process.env }).status ?? 1;

if (process.env.E2E_SKIP_BUILD !== 'true' && run(['--import', 'tsx', 'scripts/build.ts', '--logLevel', 'warn']) !== 0)
  process.exit(1);
// The run's id: its workers share staff sessions through files named by it (tests/e2e/pages/staff.ts), removed after.
process.env.E2E_RUN_ID ??= String(process.pid);
const status = run(['node_modules/@playwright/test/cli.js', 'test', ...process.argv.slice(2)]);
fs.rmSync(path.join(os.tmpdir(), `kahraba-e2e-staff-${process.env.E2E_RUN_ID}`), { recursive: true, force: true });
process.exit(status);
