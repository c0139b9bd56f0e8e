import { axeViolations, expect, seenTours, test } from './fixtures.ts';
import { readsCachedForOffline } from './support/offline.ts';
import { MAINTENANCE_BASE_URL, MAINTENANCE_MESSAGE } from './support/ports.ts';

type ApiService = {
  serviceSlug: string;
  deactivated: boolean;
  hiddenOn: string[];
  disabledOn: string[];
  hideServiceTable: boolean;
  translations: Record<'ar' | 'en', { serviceLabel: string }>;
};

test.describe('public routes', () => {
  const pages: [string, RegExp | string][] = [
    ['/', ''],
    ['/services', ''],
    ['/services/CODEMETER', ''],
    ['/about', ''],
    ['/faq', ''],
    ['/contact', ''],
    ['/privacyPolicy', ''],
    ['/reach-us', ''],
    ['/news', ''],
  ];
  // One test visits every page in turn (one browser context, its cache warm after the first page) instead of one
  // test per page: the same checks on each page, a step per page in the report (decision 041).
  test('every public route renders in the chosen direction with no axe violations', async ({ page, open, lang }) => {
    for (const [url] of pages) {
      await test.step(url, async () => {
        await open(url);
        await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('status', { name: /Loading|جارٍ التحميل/ })).toHaveCount(0);
        expect(await axeViolations(page), url).toEqual([]);
      });
    }
  });

  test('a news item opens from the list and has its own page', async ({ page, open }) => {
    await open('/news');
    const first = page.getByRole('article').first().getByRole('link');
    const title = (await first.getAttribute('title')) ?? (await first.textContent())!;
    await first.click();
    await expect(page).toHaveURL(/\/news\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(title.replace('…', '').trim().slice(0, 10));
    expect(await axeViolations(page)).toEqual([]);
  });

  test('unknown slugs and news ids show the not-found page', async ({ page, open, lang }) => {
    const heading = lang === 'ar' ? 'الصفحة غير موجودة' : 'Page not found';
    for (const url of ['/services/NO_SUCH_SERVICE', '/news/no-such-news', '/no/such/page']) {
      await open(url);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    }
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('catalog', () => {
  test('search modal matches the label with Arabic normalisation after typing stops', async ({ page, open, lang }) => {
    await open('/');
    await page
      .getByRole('banner')
      .getByRole('button', { name: lang === 'ar' ? 'البحث في الخدمات' : 'Search services' })
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // With an empty query: the most searched (default) services.
    await expect(dialog.getByRole('link')).toHaveCount(5); // CODEMETER, ADD_METER, PAYBILLS, LMIFT, CCC
    const services = (await (
      await page.request.get(
        '/api/dynamic_services?filter=' +
          encodeURIComponent(JSON.stringify({ fields: ['serviceSlug', 'translations', 'deactivated', 'hiddenOn'] })),
      )
    ).json()) as ApiService[];
    const target = services.find((s) => s.serviceSlug === 'PAYBILLS')!;
    const label = target.translations[lang].serviceLabel;
    // Type the label with Arabic letter variants (أ→ا, ة→ه) where present: the search must still find it.
    const typed = lang === 'ar' ? label.replace(/أ|إ|آ/g, 'ا').replace(/ة/g, 'ه') : label.toLowerCase();
    await dialog.getByRole('searchbox').fill(typed);
    await expect(dialog.getByRole('link', { name: label })).toBeVisible();
    await dialog.getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(/\/services\/PAYBILLS$/);
  });

  test('filters by category, steps and days, and keeps deactivated services last', async ({ page, open }) => {
    await open('/services');
    const cards = page.getByTestId('service-card');
    await expect(cards.first()).toBeVisible();
    const all = await cards.count();
    expect(all).toBeGreaterThanOrEqual(24);
    const slugs = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-slug')));
    const services = (await (
      await page.request.get(
        '/api/dynamic_services?filter=' + encodeURIComponent(JSON.stringify({ fields: ['serviceSlug', 'deactivated'] })),
      )
    ).json()) as ApiService[];
    const deactivated = new Set(services.filter((s) => s.deactivated).map((s) => s.serviceSlug));
    const firstDeactivated = slugs.findIndex((s) => deactivated.has(s!));
    expect(firstDeactivated).toBeGreaterThan(0);
    expect(slugs.slice(firstDeactivated).every((s) => deactivated.has(s!))).toBe(true);

    await page.getByLabel(/Category|الفئة/).selectOption({ index: 1 });
    await expect(page).toHaveURL(/category=/);
    await expect.poll(() => cards.count()).toBeLessThan(all);
    await page.getByLabel(/Category|الفئة/).selectOption({ index: 0 });
    await page.getByLabel(/Number of steps|عدد الخطوات/).selectOption('2');
    await expect.poll(() => cards.count()).toBeLessThan(all);
    await page.getByLabel(/Number of days|عدد الأيام/).selectOption('1');
    await expect.poll(() => cards.count()).toBeLessThan(all);
  });

  test('card rules: disabled-on-web services cannot be requested; a service hiding its table opens the add page', async ({
    page,
    open,
  }) => {
    await open('/services');
    const services = (await (
      await page.request.get(
        '/api/dynamic_services?filter=' +
          encodeURIComponent(JSON.stringify({ fields: ['serviceSlug', 'disabledOn', 'hideServiceTable', 'deactivated'] })),
      )
    ).json()) as ApiService[];
    const disabled = services.find((s) => s.disabledOn.includes('web'))!;
    const card = page.locator(`[data-slug="${disabled.serviceSlug}"]`);
    await expect(card.getByRole('button')).toBeDisabled();
    const hiding = services.find((s) => s.hideServiceTable && !s.deactivated)!;
    const hidingCard = page.locator(`[data-slug="${hiding.serviceSlug}"]`);
    await expect(hidingCard.getByRole('heading').getByRole('link')).toHaveAttribute(
      'href',
      `/services/${hiding.serviceSlug}/add`,
    );
    await expect(hidingCard.getByRole('link', { name: /My requests|طلباتي/ })).toHaveCount(0);
  });

  test('a visitor sees brief details and a call to log in; ADD_METER goes to the meters section', async ({
    page,
    open,
    lang,
  }) => {
    await open('/services/CODEMETER');
    await expect(
      page.getByRole('heading', { name: lang === 'ar' ? 'سجّل الدخول لعرض التفاصيل الكاملة' : 'Log in for full details' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: lang === 'ar' ? 'الخطوات' : 'Steps', exact: true })).toBeVisible();
    // ADD_METER leads to the meters section, which needs sign-in: a visitor is asked to sign in first.
    await open('/services/ADD_METER');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile%2Fmeters/);
  });
});

test.describe('public forms', () => {
  test('newsletter: invalid, subscribed, already subscribed — the typed address stays', async ({ page, open, lang }) => {
    await open('/');
    const footer = page.getByRole('contentinfo');
    const input = footer.getByLabel(lang === 'ar' ? 'اشترك في النشرة البريدية' : 'Subscribe to our newsletter');
    await input.fill('not-an-email');
    await footer.getByRole('button', { name: lang === 'ar' ? 'اشتراك' : 'Subscribe' }).click();
    await expect(footer.getByRole('alert')).toHaveText(
      lang === 'ar' ? 'البريد الإلكتروني غير صحيح.' : 'The e-mail address is not valid.',
    );
    await expect(input).toHaveValue('not-an-email');
    const email = `reader-${lang}-${Date.now()}@example.com`;
    await input.fill(email);
    await footer.getByRole('button', { name: lang === 'ar' ? 'اشتراك' : 'Subscribe' }).click();
    await expect(footer.getByRole('status')).toBeVisible();
    await input.fill(email.toUpperCase());
    await footer.getByRole('button', { name: lang === 'ar' ? 'اشتراك' : 'Subscribe' }).click();
    await expect(footer.getByRole('alert')).toHaveText(
      lang === 'ar' ? 'هذا البريد الإلكتروني مشترك بالفعل.' : 'This e-mail address is already subscribed.',
    );
    await expect(input).toHaveValue(email.toUpperCase());
  });

  test('contact: errors next to the fields, then a reference number; nothing typed is lost', async ({ page, open, lang }) => {
    await open('/contact');
    await page.getByLabel(lang === 'ar' ? 'الاسم بالكامل' : 'Full name').fill('أحمد محمود');
    await page.getByLabel(lang === 'ar' ? 'البريد الإلكتروني' : 'E-mail address').fill('ahmed@');
    await page.getByRole('button', { name: lang === 'ar' ? 'إرسال' : 'Send' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByLabel(lang === 'ar' ? 'البريد الإلكتروني' : 'E-mail address')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel(lang === 'ar' ? 'الرسالة' : 'Message')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel(lang === 'ar' ? 'الاسم بالكامل' : 'Full name')).toHaveValue('أحمد محمود');
    expect(await axeViolations(page)).toEqual([]);
    // A reload keeps what was typed.
    await page.reload();
    await expect(page.getByLabel(lang === 'ar' ? 'الاسم بالكامل' : 'Full name')).toHaveValue('أحمد محمود');
    await page.getByLabel(lang === 'ar' ? 'البريد الإلكتروني' : 'E-mail address').fill('ahmed@example.com');
    await page.getByLabel(lang === 'ar' ? 'شكوى' : 'Complaint').check();
    await page.getByLabel(lang === 'ar' ? 'الرسالة' : 'Message').fill('انقطاع متكرر للتيار في الشارع منذ ثلاثة أيام.');
    await page.getByRole('button', { name: lang === 'ar' ? 'إرسال' : 'Send' }).click();
    await expect(page.getByRole('status').filter({ hasText: /CM-\d{4}-\d+/ })).toBeVisible();
  });
});

test.describe('global behaviour', () => {
  test('an unsupported browser gets the list of supported ones', async ({ browser, lang, baseURL }) => {
    const context = await browser.newContext({
      serviceWorkers: 'block',
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
    });
    const page = await context.newPage();
    await page.goto(`${baseURL}/?lang=${lang}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      lang === 'ar' ? 'متصفحك غير مدعوم' : 'Your browser is not supported',
    );
    await expect(page.getByRole('listitem')).toHaveText(['Google Chrome', 'Chromium', 'Mozilla Firefox', 'Safari', 'Opera']);
    await context.close();
  });

  test('a mobile browser is offered the app, and the choice is remembered', async ({ browser, lang, baseURL }) => {
    const context = await browser.newContext({
      serviceWorkers: 'block',
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
      viewport: { width: 360, height: 780 },
    });
    await seenTours(context);
    // On a phone the banners take turns, the notices at the top first (issue 23): closed already, so the app's shows.
    await context.addInitScript(() => {
      for (const id of ['beta-notice', 'alert:faults-hotline']) localStorage.setItem(`dismissed:${id}`, '1');
    });
    const page = await context.newPage();
    await page.goto(`${baseURL}/?lang=${lang}`);
    const keep = page.getByRole('button', { name: lang === 'ar' ? 'متابعة التصفح' : 'Keep browsing' });
    await keep.click();
    await page.reload();
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(keep).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  test.describe('with the service worker', () => {
    test.use({ serviceWorkers: 'allow' });
    test('every page visited once opens again with the network off', async ({ page, open, context }) => {
      test.setTimeout(120_000); // fourteen page loads, the service worker's install, and the cache checks
      const urls = ['/', '/services', '/services/CODEMETER', '/faq', '/reach-us', '/news', '/about'];
      await open('/');
      await page.evaluate(async () => navigator.serviceWorker.ready);
      for (const url of urls) {
        await page.goto(url);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('status', { name: /Loading|جارٍ التحميل/ })).toHaveCount(0);
        // What this page read can be read again offline before the next page replaces it.
        await readsCachedForOffline(page);
      }
      await context.setOffline(true);
      for (const url of urls) {
        await page.goto(url);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('status', { name: /Loading|جارٍ التحميل/ })).toHaveCount(0);
        await expect(page.getByRole('alert')).toHaveCount(0);
      }
      await context.setOffline(false);
    });
  });
});

test.describe('maintenance', () => {
  // A second portal started by playwright.config.ts with MAINTENANCE_MESSAGE set.
  test('an API answer of 418 replaces the app with the maintenance page and its message', async ({ page, lang }) => {
    await page.goto(`${MAINTENANCE_BASE_URL}/?lang=${lang}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      lang === 'ar' ? 'البوابة في أعمال صيانة' : 'The portal is under maintenance',
    );
    await expect(page.getByText(MAINTENANCE_MESSAGE)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
