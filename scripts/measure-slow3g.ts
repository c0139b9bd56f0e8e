/*
 * Time to the first paint of the app's shell on emulated slow 3G (issue 23 part 4, decision 053): a fresh browser
 * (empty cache, no service worker), 400 kbps down and up, 400 ms round trip (Chrome DevTools' "Slow 3G"), the demo
 * citizen signed in (hints in the page's storage, cookie in the context) or a visitor for /login.
 *
 *   node --import tsx scripts/measure-slow3g.ts http://localhost:4441 [runs]
 *
 * Prints, per page, the median over the runs of: first contentful paint, and when the header (the shell) and the
 * page's main landmark were first in the document. A measurement for the decision, not a test (decision 017).
 */
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, testBrowserPath } from './chromium.ts';

const base = process.argv[2] ?? 'http://localhost:4441';
const runs = Number(process.argv[3] ?? 3);
const PAGES: { path: string; signedIn: boolean }[] = [
  { path: '/login', signedIn: false },
  { path: '/inbox', signedIn: true },
  { path: '/services/PAYBILLS/add', signedIn: true },
  { path: '/services/FAULTS_COMPLAINTS/add', signedIn: true },
];

async function once(browser: Browser, path: string, signedIn: boolean): Promise<{ fcp: number; shell: number; main: number }> {
  const context = await browser.newContext({ baseURL: base, serviceWorkers: 'block', locale: 'ar-EG' });
  const page = await context.newPage();
  if (signedIn) {
    const res = await page.request.post('/api/citizen/login', {
      headers: { 'x-csrf-token': 'anonymous', 'x-device': 'CITIZEN' },
      data: { username: 'citizen', password: 'Kahraba@2026' },
    });
    const body = (await res.json()) as { user: { id: string; userSlug: string }; csrfToken: string };
    await page.goto('/readyz');
    await page.evaluate((b) => {
      localStorage.setItem('userSlug', b.user.userSlug);
      localStorage.setItem('userId', b.user.id);
      localStorage.setItem('usertoken', b.csrfToken);
      localStorage.setItem('lastActiveAt', String(Date.now()));
    }, body);
  }
  // When the shell (the header) and the page's landmark first appear, on the page's own clock.
  await page.addInitScript(() => {
    const marks: Record<string, number> = {};
    (window as unknown as { __marks: Record<string, number> }).__marks = marks;
    new MutationObserver(() => {
      if (!marks.shell && document.querySelector('#root header')) marks.shell = performance.now();
      if (!marks.main && document.querySelector('#root main h1, #root main [aria-busy], #root main form, #root main table'))
        marks.main = performance.now();
    }).observe(document, { subtree: true, childList: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: (400 * 1024) / 8,
    uploadThroughput: (400 * 1024) / 8,
  });
  await page.goto(path, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForFunction(() => (window as unknown as { __marks: Record<string, number> }).__marks.main, null, {
    timeout: 120_000,
  });
  const r = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1,
    ...(window as unknown as { __marks: { shell: number; main: number } }).__marks,
  }));
  await context.close();
  return r;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const browser = await chromium.launch({ executablePath: testBrowserPath(), args: CHROMIUM_ARGS });
for (const p of PAGES) {
  const all: { fcp: number; shell: number; main: number }[] = [];
  for (let i = 0; i < runs; i++) all.push(await once(browser, p.path, p.signedIn));
  const m = (k: 'fcp' | 'shell' | 'main') => Math.round(median(all.map((a) => a[k] ?? -1)));
  console.log(`${p.path.padEnd(34)} FCP ${m('fcp')} ms  shell ${m('shell')} ms  page ${m('main')} ms`);
}
await browser.close();
