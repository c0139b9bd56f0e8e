import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/chromium.ts';
import type { E2EOptions } from './tests/e2e/fixtures.ts';
import {
  BASE_URL,
  IDLE_PORT,
  IDLE_TIMEOUT_MS,
  OIDC_CLIENT,
  OIDC_ISSUER,
  OIDC_PROVIDER_NAME,
  PORT,
} from './tests/e2e/support/ports.ts';

/**
 * End-to-end: the production build served by the real server on a fresh embedded database, driven in
 * Debian's Chromium, once in Arabic and once in English. Besides the portal, two helpers run: a second portal
 * with a short idle timeout (the idle sign-out test) and a local OpenID provider (external sign-in).
 */
const dataDir = (name: string) => path.join(os.tmpdir(), `kahraba-e2e-${process.pid}-${name}`);

const server = (port: number, name: string, extra: Record<string, string> = {}) => ({
  command: `node --import tsx server/main.ts`,
  url: `http://localhost:${port}/readyz`,
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir(name),
    DIST_DIR: process.env.E2E_DIST_DIR ?? 'dist',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    // Every test signs in from 127.0.0.1: the per-IP limits of the identity routes are raised for the run.
    IDENTITY_RATE_LIMIT_FACTOR: '20',
    ...extra,
  },
});

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
    baseURL: BASE_URL,
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    serviceWorkers: 'allow',
  },
  projects: [
    { name: 'ar', use: { browserName: 'chromium', lang: 'ar', locale: 'ar-EG' } },
    { name: 'en', use: { browserName: 'chromium', lang: 'en', locale: 'en-US' } },
  ],
  webServer: [
    server(PORT, 'main', {
      OIDC_ISSUER,
      OIDC_CLIENT_ID: OIDC_CLIENT.id,
      OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
      OIDC_PROVIDER_NAME,
    }),
    server(IDLE_PORT, 'idle', { IDLE_TIMEOUT_MS: String(IDLE_TIMEOUT_MS) }),
    {
      command: 'node --import tsx tests/e2e/support/oidc-provider.ts',
      url: `${OIDC_ISSUER}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
