import os from 'node:os';
import path from 'node:path';
import { defineConfig, type PlaywrightWorkerOptions } from '@playwright/test';
import { CHROMIUM_ARGS, testBrowserPath } from './scripts/chromium.ts';
import type { E2EOptions } from './tests/e2e/fixtures.ts';
import {
  AGENT_BASE_URL,
  AGENT_PORT,
  BASE_URL,
  EMPLOYEE_BASE_URL,
  EMPLOYEE_PORT,
  FAWRY_MERCHANT,
  FAWRY_PORT,
  FAWRY_URL,
  MAINTENANCE_BASE_URL,
  MAINTENANCE_MESSAGE,
  MAINTENANCE_PORT,
  OIDC_CLIENT,
  OIDC_ISSUER,
  OIDC_PORT,
  OIDC_PROVIDER_NAME,
  PORT,
} from './tests/e2e/support/ports.ts';

/**
 * End-to-end: the production build served by the real server on a fresh embedded database, driven in
 * Debian's Chromium, once in Arabic and once in English. The same process serves the employee and agent builds on
 * the next two ports. Besides the portal, three helpers run: a second portal in maintenance mode (every API call
 * answers 418), a local OpenID provider (external sign-in) and a local Fawry that speaks its protocol (payment
 * codes: charge, status, notification). All four start together (not one after the other, as Playwright would
 * start servers it waits for), once, before the first test.
 *
 * No test waits on the wall clock (docs/decisions/017-time-in-end-to-end-tests.md): client timers are driven by
 * Playwright's clock, the browser prefers reduced motion, and the timeouts below only bound how long a failing
 * check may take — a machine 2.5 times slower than a developer's passes the same tests.
 */
// One id for the run, the same in its workers (they inherit the runner's environment; scripts/e2e.ts sets it and
// removes the files after): they share staff sessions through files named by it (tests/e2e/pages/staff.ts).
process.env.E2E_RUN_ID ??= String(process.pid);

type TraceMode = Extract<PlaywrightWorkerOptions['trace'], string>;

const dataDir = (name: string) => path.join(os.tmpdir(), `kahraba-e2e-${process.pid}-${name}`);

/**
 * The four servers have no address for Playwright to wait for: it would start each once the one before answers
 * (their start-up times one after the other). They start together, between a check that their ports are free and
 * a wait until every one answers (tests/e2e/support/servers.ts; decision 041).
 */
const server = (port: number, name: string, extra: Record<string, string> = {}) => ({
  command: `node --import tsx server/main.ts`,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir(name),
    DIST_DIR: process.env.E2E_DIST_DIR ?? 'dist',
    EMPLOYEE_DIST_DIR: process.env.E2E_EMPLOYEE_DIST_DIR ?? 'dist-employee',
    AGENT_DIST_DIR: process.env.E2E_AGENT_DIST_DIR ?? 'dist-agent',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    // Every test signs in and writes from 127.0.0.1, many as the same demo accounts: every rate limit and count
    // quota (contract/limits.ts, decision 037) is raised for the run.
    RATE_LIMIT_FACTOR: '20',
    // New passwords (sign-up, change, reset) are hashed at a test cost (2^12 instead of 2^17): the hash is not
    // what these tests check, and 128 MiB of scrypt per sign-up is seconds on a busy machine.
    SCRYPT_LOG2N: '12',
    // Codes reach the developer mailbox within a fifth of a second instead of a second.
    OUTBOX_POLL_MS: '200',
    ...extra,
  },
});

/** Specs whose changes every page shows (see `projects`). */
const SITE_WIDE = [/content\.spec\.ts$/, /manage-services\.spec\.ts$/];

export default defineConfig<E2EOptions>({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // Three workers on CI's two cores: on an idle machine two workers kept about 0.8 of its two cores busy (most of
  // a test's time is waiting on the browser, the server and the mailbox one after the other), a third fills the
  // gaps. E2E_WORKERS overrides (decision 059).
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : process.env.CI ? 3 : undefined,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Upper bounds for a failing check, sized for a machine 2.5 times slower than a developer's; a passing test
  // does not wait for them.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: BASE_URL,
    // No animation a test has to wait out (the hero slider starts paused; see also the decision above).
    reducedMotion: 'reduce',
    launchOptions: { executablePath: testBrowserPath(), args: CHROMIUM_ARGS },
    // No trace on CI unless asked for (E2E_TRACE=retain-on-failure): a trace is recorded for every test, passing or
    // not (a DOM snapshot around each action, a screencast), and that recording was a fifth of the run's CPU
    // (decision 062). A failing test still leaves its screenshot; rerun it with the trace to see each step.
    trace: (process.env.E2E_TRACE as TraceMode | undefined) ?? (process.env.CI ? 'off' : 'retain-on-failure'),
    screenshot: 'only-on-failure',
    // No service worker unless a test says it needs one (`test.use({ serviceWorkers: 'allow' })`: the offline tests):
    // each new context would otherwise download the whole build into its precache, seconds of work per test.
    serviceWorkers: 'block',
  },
  // The specs that change what every visitor sees (a published news item, a banner on every page, the footer's guides,
  // a service switched off) run after all the others, so that no other test meets their changes.
  projects: [
    { name: 'ar', testIgnore: SITE_WIDE, use: { browserName: 'chromium', lang: 'ar', locale: 'ar-EG' } },
    { name: 'en', testIgnore: SITE_WIDE, use: { browserName: 'chromium', lang: 'en', locale: 'en-US' } },
    {
      name: 'ar-site-wide',
      testMatch: SITE_WIDE,
      dependencies: ['ar', 'en'],
      use: { browserName: 'chromium', lang: 'ar', locale: 'ar-EG' },
    },
    {
      name: 'en-site-wide',
      testMatch: SITE_WIDE,
      dependencies: ['ar', 'en'],
      use: { browserName: 'chromium', lang: 'en', locale: 'en-US' },
    },
  ],
  webServer: [
    {
      command: `node --import tsx tests/e2e/support/servers.ts free ${[PORT, EMPLOYEE_PORT, AGENT_PORT, MAINTENANCE_PORT, OIDC_PORT, FAWRY_PORT].join(' ')}`,
      wait: { stdout: /ports free/ },
      timeout: 60_000,
      stderr: 'pipe',
    },
    // The citizen build on PORT, the employee and agent builds on PORT+1 and PORT+2 (decision 022).
    server(PORT, 'main', {
      EMPLOYEE_PORT: String(EMPLOYEE_PORT),
      AGENT_PORT: String(AGENT_PORT),
      OIDC_ISSUER,
      OIDC_CLIENT_ID: OIDC_CLIENT.id,
      OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
      OIDC_PROVIDER_NAME,
      // Payment codes through Fawry's protocol (cards stay with the built-in sandbox gateway).
      FAWRY_BASE_URL: FAWRY_URL,
      FAWRY_MERCHANT_CODE: FAWRY_MERCHANT.code,
      FAWRY_SECURE_KEY: FAWRY_MERCHANT.secureKey,
      // Web Push (decision 051): besides the real push services, the tests' local receiver on any port of 127.0.0.1.
      PUSH_ENDPOINT_HOSTS:
        'fcm.googleapis.com,updates.push.services.mozilla.com,*.notify.windows.com,*.push.apple.com,web.push.apple.com,http://127.0.0.1:*',
    }),
    // Nothing is read from its database: no seed, only the migrations.
    // Nothing is sent from it either: its outbox is looked at once a minute, not five times a second (decision 059).
    server(MAINTENANCE_PORT, 'maintenance', {
      MAINTENANCE_MESSAGE,
      SEED_ON_EMPTY: 'false',
      EMPLOYEE_PORT: '0',
      AGENT_PORT: '0',
      OUTBOX_POLL_MS: '60000',
    }),
    { command: 'node --import tsx tests/e2e/support/oidc-provider.ts', stdout: 'ignore', stderr: 'pipe' },
    { command: 'node --import tsx tests/e2e/support/fawry-gateway.ts', stdout: 'ignore', stderr: 'pipe' },
    {
      command: `node --import tsx tests/e2e/support/servers.ts ready ${[
        `${BASE_URL}/readyz`,
        `${EMPLOYEE_BASE_URL}/readyz`,
        `${AGENT_BASE_URL}/readyz`,
        `${MAINTENANCE_BASE_URL}/readyz`,
        `${OIDC_ISSUER}/.well-known/openid-configuration`,
        `${FAWRY_URL}/outlet`,
      ].join(' ')}`,
      wait: { stdout: /servers ready/ },
      // Migrating and seeding a fresh embedded database takes a few seconds, much more on a busy machine.
      timeout: 180_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
