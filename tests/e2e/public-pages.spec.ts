import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { queryPersisted } from './support/offline.ts';
import { tr } from './support/auth.ts';

type ApiService = { serviceSlug: string; translations: Record<'ar' | 'en', { serviceLabel: string }> };

/** The services' labels in both languages, from the API (the full answer). */
async function serviceLabels(page: Page): Promise<Record<string, Record<'ar' | 'en', string>>> {
  const filter = encodeURIComponent(JSON.stringify({ fields: ['serviceSlug', 'translations'] }));
  const services = (await (await page.request.get(`/api/dynamic_services?filter=${filter}`)).json()) as ApiService[];
  return Object.fromEntries(
    services.map((s) => [s.serviceSlug, { ar: s.translations.ar.serviceLabel, en: s.translations.en.serviceLabel }]),
  );
}

/*
 * The public pages are drawn by the server (decision 031): their HTML carries the page in the visitor's language
 * and direction before any JavaScript runs; the app then hydrates that HTML (same elements, no redraw).
 */
test.describe('public pages drawn by the server', () => {
  const heading = { ar: { '/services': 'الخدمات', '/news': 'الأخبار' }, en: { '/services': 'Services', '/news': 'News' } };

  test('their HTML, fetched without running JavaScript, has the page in the language and direction', async ({ page, lang }) => {
    const codeMeter = (await serviceLabels(page))['CODEMETER']![lang];
    const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const expected: Record<string, string[]> = {
      '/': [lang === 'ar' ? 'خدمات الكهرباء الإلكترونية' : 'Electricity e-services', escape(codeMeter)],
      '/services': [heading[lang]['/services'], escape(codeMeter)],
      '/services/CODEMETER': [`<h1`, escape(codeMeter)],
      '/news': [heading[lang]['/news']],
    };
    for (const [path, texts] of Object.entries(expected)) {
      const res = await page.request.get(`${path}?lang=${lang}`);
      expect(res.status(), path).toBe(200);
      expect(res.headers()['content-language'], path).toBe(lang);
      const html = await res.text();
      expect(html, path).toContain(`<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`);
      for (const text of texts) expect(html, `${path} has ${text}`).toContain(text);
      // A button that needs the app is drawn disabled: a press before the app takes over would do nothing.
      expect(html, `${path}: search button`).toMatch(
        new RegExp(`<button[^>]*disabled=""[^>]*aria-label="${tr(lang, 'Search services')}"`),
      );
    }
    // The language the app keeps (its cookie) is the one the server draws in, without the parameter.
    const other = lang === 'ar' ? 'en' : 'ar';
    const kept = await page.request.get('/faq', { headers: { cookie: `lang=${other}` } });
    expect(await kept.text()).toContain(`<html lang="${other}"`);
    // An unknown service is a 404 page, drawn too.
    const missing = await page.request.get(`/services/NO_SUCH_SERVICE?lang=${lang}`);
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain('id="root"><');
  });

  for (const path of ['/', '/services', '/services/CODEMETER', '/news']) {
    test(`${path} hydrates the server's HTML without a console error`, async ({ page, open, lang }) => {
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(m.text());
      });
      page.on('pageerror', (e) => problems.push(e.message));
      // The element the server drew, kept before the app starts: hydration keeps it, a redraw would replace it.
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          (window as unknown as { drawn: Element | null }).drawn = document.querySelector('#root h1');
        });
      });
      await open(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The app answers: the theme button is React's (aria-pressed follows a click).
      const theme = page.getByRole('banner').getByRole('button', { name: lang === 'ar' ? 'الوضع الداكن' : 'Dark theme' });
      await expect(async () => {
        await theme.click();
        await expect(theme).toHaveAttribute('aria-pressed', 'true', { timeout: 1000 });
      }).toPass();
      expect(
        await page.evaluate(() => {
          const drawn = (window as unknown as { drawn: Element | null }).drawn;
          return drawn !== null && drawn.isConnected && drawn === document.querySelector('#root h1');
        }),
      ).toBe(true);
      expect(problems.filter((p) => /hydrat|#418|#419|#423|#425|Content Security Policy/i.test(p))).toEqual([]);
    });
  }

  test("a press on the footer's More while the app takes the page over is kept", async ({ page, lang }) => {
    // The footer's code is held back (a slow line) until the visitor has pressed "More" on the server's footer.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/app-footer-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { drawn: Element | null }).drawn = document.querySelector('[data-testid="footer-more"]');
      });
    });
    await page.goto(`/?lang=${lang}`, { waitUntil: 'commit' });
    const more = page.getByTestId('footer-more');
    await more.locator('summary').click();
    await expect(more.getByRole('link')).toHaveCount(6);
    release();
    // The app has taken the page over (the header's buttons answer) and React holds the footer the server drew.
    await expect(page.getByRole('banner').getByRole('button', { name: tr(lang, 'Search services') })).toBeEnabled();
    await expect.poll(() => more.evaluate((d) => Object.keys(d).some((k) => k.startsWith('__reactFiber')))).toBe(true);
    expect(
      await page.evaluate(() => {
        const drawn = (window as unknown as { drawn: Element | null }).drawn;
        return drawn !== null && drawn.isConnected && drawn === document.querySelector('[data-testid="footer-more"]');
      }),
    ).toBe(true);
    await expect(more).toHaveJSProperty('open', true);
    await expect(more.getByRole('link')).toHaveCount(6);
  });

  test.describe('with the service worker', () => {
    test.use({ serviceWorkers: 'allow' });
    test('a server-drawn page opens again offline, with its data', async ({ page, context, open, lang }) => {
      const codeMeter = (await serviceLabels(page))['CODEMETER']![lang];
      await open('/services');
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await queryPersisted(page, ['catalog']);
      await context.setOffline(true);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading[lang]['/services']);
      await expect(page.getByRole('heading', { name: codeMeter }).first()).toBeVisible();
      await context.setOffline(false);
    });
  });
});
