import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/chromium.ts';
import type { E2EOptions } from './tests/e2e/fixtures.ts';

/**
 * End-to-end: the production build served by the real server on a fresh embedded database, driven in
 * Debian's Chromium, once in Arabic and once in English.
 */
const PORT = Number(process.env.E2E_PORT ?? 4319);
const dataDir = path.join(os.tmpdir(), `kahraba-e2e-${process.pid}`);

export default defineConfig<E2EOptions>({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    serviceWorkers: 'allow',
  },
  projects: [
    { name: 'ar', use: { browserName: 'chromium', lang: 'ar', locale: 'ar-EG' } },
    { name: 'en', use: { browserName: 'chromium', lang: 'en', locale: 'en-US' } },
  ],
  webServer: {
    command: `node --import tsx server/main.ts`,
    url: `http://localhost:${PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: process.env.E2E_DIST_DIR ?? 'dist',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
  },
});
