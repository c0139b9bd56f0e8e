import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import * as OTPAuth from 'otpauth';
import { chromium, request as apiRequest, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/chromium.ts';

/**
 * `npm run bench:lighthouse`: Lighthouse 12, mobile (its default: slow 4G, 4x CPU), on the production build
 * served by the real server. Goals (quality.md): performance >= 95, accessibility 100, best practices 100,
 * CLS <= 0.05, on /, /services, /services/CODEMETER and /news, in Arabic and in English (issue 13). The public pages
 * are drawn by the server (decision 031): LCP is their HTML's, not the app's first render.
 *
 * Signed-in pages (issue 23, decision 063): a page named `citizen:/services/PAYBILLS/add` is measured as the demo
 * citizen, `employee:/inbox` in the employee build (its own port) as the demo employee. The session is opened once
 * through the API (the employee's with its authenticator code) and its cookie and the app's session hints are put
 * in the measuring browser; each run then starts with the HTTP cache, the service worker, its caches and IndexedDB
 * emptied but the session kept (Lighthouse's own storage reset would sign the user out): a signed-in user's first
 * visit on this device. `LH_LANGS=ar` measures one language.
 */
const DEMO_PASSWORD = 'Kahraba@2026';
/** The demo accounts (server/seed/data/users.ts) and the employee's authenticator secret, as the e2e tests use them. */
const ACCOUNTS = {
  citizen: { slug: 'citizen', username: 'citizen', device: 'CITIZEN', secret: undefined },
  employee: { slug: 'employee', username: 'employee', device: 'EMPLOYEE', secret: 'MG6FEBYCCFTHJHNZHV7QCTWYL2VDFYIA' },
} as const;
type Who = keyof typeof ACCOUNTS;
/** The server's port (`LH_PORT`); the employee build is on the next one. */
const PORT = Number(process.env.LH_PORT ?? 4393);
/** Runs per page (`LH_RUNS`), the median reported. */
const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 3));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kahraba-lh-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const base = `http://127.0.0.1:${PORT}`;
/** The employee build is served on the next port (decision 022). */
const originOf = (who: Who | undefined) => (who === 'employee' ? `http://127.0.0.1:${PORT + 1}` : base);

/** Signs `who` in through the API; the session's cookies and the app's hints go into the measuring browser's page. */
async function signIn(page: Page, who: Who): Promise<void> {
  const a = ACCOUNTS[who];
  const origin = originOf(who);
  const api = await apiRequest.newContext({ baseURL: origin });
  const headers = { 'x-csrf-token': 'anonymous', 'x-device': a.device };
  const login = await api.post(`/api/${a.slug}/login`, { headers, data: { username: a.username, password: DEMO_PASSWORD } });
  if (!login.ok()) throw new Error(`${who} sign-in: ${login.status()} ${await login.text()}`);
  let body = (await login.json()) as { mfaToken?: string; user: { id: string; userSlug: string }; csrfToken: string };
  if (a.secret) {
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(a.secret), digits: 6, period: 30, algorithm: 'SHA1' });
    const mfa = await api.post(`/api/${a.slug}/MFA`, {
      headers: { ...headers, authorization: `Bearer ${body.mfaToken}` },
      data: { method: 'totp', code: totp.generate() },
    });
    if (!mfa.ok()) throw new Error(`${who} authenticator code: ${mfa.status()} ${await mfa.text()}`);
    body = (await mfa.json()) as typeof body;
  }
  await page.context().addCookies((await api.storageState()).cookies);
  await api.dispose();
  await page.goto(`${origin}/readyz`);
  await page.evaluate((b) => {
    localStorage.setItem('userSlug', b.user.userSlug);
    localStorage.setItem('userId', b.user.id);
    localStorage.setItem('usertoken', b.csrfToken);
  }, body);
}

/** Before a signed-in run: a cold device for that origin (cache, worker, IndexedDB), the session kept and active. */
async function coldButSignedIn(page: Page, origin: string, lang: 'ar' | 'en'): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage,indexeddb' });
  await cdp.detach();
  await page.goto(`${origin}/readyz`);
  await page.evaluate((l) => {
    const now = String(Date.now());
    localStorage.setItem('lastActiveAt', now);
    localStorage.setItem('lastHeartbeatAt', now);
    localStorage.setItem('lang', l);
    document.cookie = `lang=${l}; path=/; max-age=31536000; samesite=lax`;
  }, lang);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      /* starting */
    }
    if (i > 300) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  // The same browser, driven by Playwright for the sign-ins (Lighthouse measures in a tab of its own).
  const driver = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const helper = await driver.contexts()[0]!.newPage();
  const signedIn = new Set<Who>();
  const rows: string[] = [];
  // Lighthouse's measure of this machine's speed in each run (its simulated 4x CPU is relative to it): a slower or
  // busier machine gives lower scores to the same build, so the figures say on what machine they were taken.
  const benchmarkIndexes: number[] = [];
  try {
    // `npm run bench:lighthouse -- /services` measures the pages named; by default, the four of issue 13.
    const named = process.argv.slice(2).filter((a) => /^(?:(citizen|employee):)?\//.test(a));
    const pages = named.length > 0 ? named : ['/', '/services', '/services/CODEMETER', '/news'];
    const langs = (process.env.LH_LANGS ?? 'ar,en').split(',').filter((l): l is 'ar' | 'en' => l === 'ar' || l === 'en');
    for (const [page, lang] of pages.flatMap((u) => langs.map((l) => [u, l] as const))) {
      const [, who, url] = /^(?:(citizen|employee):)?(\/.*)$/.exec(page) as unknown as [string, Who | undefined, string];
      const origin = originOf(who);
      if (who && !signedIn.has(who)) {
        await signIn(helper, who);
        signedIn.add(who);
      }
      // Each run starts with an empty profile: the language is the address's. A page is measured RUNS times and
      // its median run (by performance) reported, as Lighthouse's documentation advises: one run on a shared
      // machine varies by tens of points.
      const runs: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'][] = [];
      for (let i = 0; i < RUNS; i++) {
        if (who) await coldButSignedIn(helper, origin, lang);
        const result = await lighthouse(`${origin}${url}?lang=${lang}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
          ...(who ? { disableStorageReset: true } : {}),
        });
        const run = result!.lhr;
        // A run Lighthouse could not finish (its own time-outs on a busy machine) is reported, not averaged in.
        if (run.runtimeError)
          console.warn(`${url} ${lang}: run ${i + 1} failed: ${run.runtimeError.code} ${run.runtimeError.message}`);
        else {
          runs.push(run);
          benchmarkIndexes.push(run.environment.benchmarkIndex);
        }
      }
      if (runs.length === 0) throw new Error(`${url} ${lang}: no run finished`);
      const perf = (l: (typeof runs)[number]) => l.categories['performance']?.score ?? 0;
      runs.sort((a, b) => perf(a) - perf(b));
      const lhr = runs[Math.floor(runs.length / 2)]!;
      const spread = `${Math.round(perf(runs[0]!) * 100)}–${Math.round(perf(runs.at(-1)!) * 100)}`;
      const score = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
      const cls = lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN;
      const lcp = lhr.audits['largest-contentful-paint']?.numericValue ?? NaN;
      const fcp = lhr.audits['first-contentful-paint']?.numericValue ?? NaN;
      const tbt = lhr.audits['total-blocking-time']?.numericValue ?? NaN;
      const failing = Object.values(lhr.audits)
        .filter(
          (a) => a.score !== null && a.score < 1 && (a.scoreDisplayMode === 'binary' || a.scoreDisplayMode === 'metricSavings'),
        )
        .map((a) => a.id)
        .slice(0, 6);
      const scripts = (
        lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined
      )?.items?.find((i) => i.resourceType === 'script')?.transferSize;
      rows.push(
        `| ${page} | ${lang} | ${score('performance')} (${spread}) | ${score('accessibility')} | ${score('best-practices')} | ${cls.toFixed(3)} | ${Math.round(fcp)} | ${Math.round(lcp)} | ${Math.round(tbt)} | ${scripts === undefined ? '?' : (scripts / 1024).toFixed(1)} | ${failing.join(', ')} |`,
      );
    }
  } finally {
    await driver.close().catch(() => undefined);
    await chrome.kill();
  }
  console.log(
    `\nLighthouse 12, mobile emulation (slow 4G, 4x CPU), production build; median of the finished runs of ${RUNS} (range); this machine's benchmark index ${median(benchmarkIndexes)} (${Math.min(...benchmarkIndexes)}–${Math.max(...benchmarkIndexes)})\n`,
  );
  console.log(
    '| page | language | performance | accessibility | best practices | CLS | FCP (ms) | LCP (ms) | TBT (ms) | JS (KB) | audits below 100 |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  rows.forEach((r) => console.log(r));
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1000));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
