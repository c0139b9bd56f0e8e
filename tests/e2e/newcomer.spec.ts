import type { Page } from '@playwright/test';
import { axeViolations, expect, seenTours, test } from './fixtures.ts';
import { DEMO_AGENT, DEMO_CITIZEN, fillSignIn, tr } from './support/auth.ts';
import { queryPersisted } from './support/offline.ts';
import { STAFF as STAFF_ACCOUNTS, signInStaff } from './pages/staff.ts';

/*
 * What a newcomer met trying the portal on a phone and a tablet, in Arabic and English (issue 9): one device
 * shared by two viewers, the agent's pages, messages that said the wrong thing, addresses that showed the wrong
 * page, Arabic digits and notices, the contact form's summary.
 */

/** The employee of the language's project (authenticator codes are taken once per step and account). */
const signInStaffHere = (page: Page, lang: 'ar' | 'en') =>
  signInStaff(page, lang === 'ar' ? STAFF_ACCOUNTS.employee : STAFF_ACCOUNTS.reports, 'CITIZEN');

const serviceCount = (page: Page) => page.getByTestId('service-card');
const digits = (lang: 'ar' | 'en', n: number) =>
  lang === 'ar' ? String(n).replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!) : String(n);

test.describe('one device, two viewers', () => {
  test.use({ serviceWorkers: 'allow' });
  test("a visitor's cached catalog is not shown to staff, and staff's is not left for the next visitor", async ({
    page,
    open,
    lang,
  }) => {
    await open('/services');
    await page.evaluate(async () => navigator.serviceWorker.ready);
    await expect(serviceCount(page).first()).toBeVisible();
    const visitorCount = await serviceCount(page).count();
    await expect(page.locator('[data-slug="FIELD_INSPECTION"]')).toHaveCount(0);
    // Visited again, so that the service worker and the query cache both hold the visitor's answer.
    await page.reload();
    await expect(serviceCount(page)).toHaveCount(visitorCount);
    await queryPersisted(page, ['catalog', 'public']);

    await signInStaffHere(page, lang);
    await page.reload();
    await expect(page.locator('[data-slug="FIELD_INSPECTION"]')).toHaveCount(1);
    await expect(serviceCount(page)).toHaveCount(visitorCount + 1);
    await page.reload();
    await expect(page.locator('[data-slug="FIELD_INSPECTION"]')).toHaveCount(1);

    // Signing out: the next viewer sees the public catalog again.
    await page.getByRole('button', { name: tr(lang, 'Account menu') }).click();
    await page
      .getByRole('button', { name: tr(lang, 'Log out') })
      .first()
      .click();
    // The sign-out has been answered (the header offers "Log in"): navigating earlier could cancel its request.
    await expect(
      page
        .getByRole('banner')
        .getByRole('link', { name: tr(lang, 'Log in') })
        .first(),
    ).toBeVisible();
    await page.goto('/services');
    await expect(serviceCount(page)).toHaveCount(visitorCount);
    await expect(page.locator('[data-slug="FIELD_INSPECTION"]')).toHaveCount(0);
  });
});

test.describe('agents', () => {
  test('an agent acting for a citizen sees both names and the national id on every page', async ({ page, open, lang }) => {
    await open('/agent-login');
    await fillSignIn(page, lang, DEMO_AGENT.username);
    // An unknown citizen is said so, not "this phone number is not linked".
    await page.getByLabel(tr(lang, "Citizen's national ID")).fill('29506150199991');
    await page.getByRole('button', { name: tr(lang, 'Act for this citizen') }).click();
    await expect(page.getByRole('alert')).toContainText(
      tr(lang, 'No citizen account matches this national ID, passport number, mobile number or landline.'),
    );
    await page.getByLabel(tr(lang, "Citizen's national ID")).fill(DEMO_CITIZEN.nationalId);
    await page.getByRole('button', { name: tr(lang, 'Act for this citizen') }).click();
    const bar = page.getByRole('complementary', { name: tr(lang, 'Agent session') });
    await expect(bar).toContainText(DEMO_CITIZEN.fullName);

    for (const path of ['/services', '/faq', '/']) {
      await page.goto(path);
      await expect(bar).toContainText(DEMO_AGENT.fullName);
      await expect(bar).toContainText(DEMO_CITIZEN.fullName);
      await expect(bar).toContainText(DEMO_CITIZEN.nationalId);
    }
    expect(await axeViolations(page)).toEqual([]);
    await bar.getByRole('link', { name: tr(lang, 'Agent workspace') }).click();
    await page.getByRole('button', { name: tr(lang, 'Stop acting for this citizen') }).click();
    await expect(bar).not.toContainText(DEMO_CITIZEN.fullName);
    await page.getByRole('button', { name: tr(lang, 'Log out of the agent account') }).click();
    await expect(bar).toHaveCount(0);
  });
});

test.describe('messages that say what happened', () => {
  test('the external sign-in return page opened by hand does not speak of a wrong password', async ({ page, open, lang }) => {
    await open('/auth-callback');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(
      tr(lang, 'This page only finishes a sign-in through an external service. Start again from the sign-in page.'),
    );
    await expect(alert).not.toContainText(tr(lang, 'Wrong username or password.'));
  });

  test('a signed-out service page promises no video the service does not have', async ({ page, open, lang }) => {
    await open('/services/CODEMETER');
    await expect(
      page.getByText(tr(lang, 'Sign in to read the terms, see the questions about this service and follow your requests.')),
    ).toBeVisible();
  });
});

test.describe('addresses that show nothing real', () => {
  // One test, one browser context, the three addresses in turn (decision 041).
  test('each address is not found', async ({ page, open, lang }) => {
    for (const path of ['/services/CODEMETER/entries/1', '/services/X/add', '/services/CODEMETER/anything']) {
      await test.step(path, async () => {
        await open(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr(lang, 'Page not found'));
      });
    }
  });
});

test.describe('Arabic polish, phone and tablet', () => {
  test('numbers are written in one set of digits per language; service cards show their logos', async ({ page, open, lang }) => {
    await open('/services');
    const cards = serviceCount(page);
    await expect(cards.first()).toBeVisible();
    const n = await cards.count();
    await expect(page.getByText(tr(lang, '{found} services found').replace('{found}', digits(lang, n)))).toBeVisible();
    // Days and steps on the cards use the language's digits too.
    const facts = await cards.locator('p.text-ink-muted').allTextContents();
    expect(facts.length).toBeGreaterThan(0);
    for (const text of facts) expect(text).not.toMatch(lang === 'ar' ? /[0-9]/ : /[٠-٩]/);
    // Counts are numbers, not "NaN" ("ليس رقمًا"), and some are written in digits (Arabic words one and two).
    expect(facts.join(' ')).toMatch(lang === 'ar' ? /[٠-٩]/ : /[0-9]/);
    expect(facts.join(' ')).not.toMatch(/NaN|ليس رقمًا/);
    // Every seeded service has a logo: the card shows it.
    const logo = cards.first().locator('img');
    await expect(logo).toHaveAttribute('src', /\/images\/services\/.+\.svg$/);
    await logo.scrollIntoViewIfNeeded();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // A service page's numbered steps count in the same digits as its text.
    await open('/services/CODEMETER');
    const steps = page.getByRole('region', { name: tr(lang, 'Steps') }).getByRole('list');
    await expect(steps.getByRole('listitem').first()).toBeVisible();
    expect(await steps.evaluate((ol) => getComputedStyle(ol).listStyleType)).toBe(lang === 'ar' ? 'arabic-indic' : 'decimal');

    await open('/');
    // The hero's figure sits on the same side as its text (the start of the line).
    const figure = page.locator('section[aria-roledescription] p').first();
    // The services counted from the catalog (issue 26), in the language's digits only.
    await expect(figure).toHaveText(lang === 'ar' ? /^\+[٠-٩]+$/ : /^\+[0-9]+$/);
    const [fig, title] = await Promise.all([
      figure.locator('bdi').boundingBox(),
      page.locator('section[aria-roledescription] p').nth(1).boundingBox(),
    ]);
    if (lang === 'ar') expect(Math.abs(fig!.x + fig!.width - (title!.x + title!.width))).toBeLessThan(4);
    else expect(Math.abs(fig!.x - title!.x)).toBeLessThan(4);
  });

  for (const size of [
    { name: 'phone', width: 390, height: 844 },
    { name: 'tablet', width: 820, height: 1180 },
  ]) {
    test(`on a ${size.name}, first-visit notices are compact, one at a time on a phone, and stay closed once closed`, async ({
      browser,
      lang,
      baseURL,
    }) => {
      const context = await browser.newContext({
        userAgent:
          'Mozilla/5.0 (Linux; Android 14; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
        viewport: { width: size.width, height: size.height },
        locale: lang === 'ar' ? 'ar-EG' : 'en-US',
      });
      await seenTours(context);
      const page = await context.newPage();
      await page.goto(`${baseURL}/?lang=${lang}`);
      const notices = page.getByRole('region', { name: tr(lang, 'Notices') });
      const beta = notices.getByText(
        tr(lang, 'This is the beta launch of the new portal. Tell us what you think through the contact page.'),
      );
      const keep = page.getByRole('button', { name: tr(lang, 'Keep browsing') });
      const banners = page.getByTestId('banner').filter({ visible: true });
      const closeButtons = notices.getByRole('button', { name: tr(lang, 'Close') }).filter({ visible: true });
      if (size.name === 'phone') {
        // One banner at a time on a phone (issue 23): the hotline alert first; each closed shows the next, the
        // beta notice, then the app's prompt.
        await expect(notices.getByText(lang === 'ar' ? /الخط الساخن/ : /hotline/)).toBeVisible();
        await expect(banners).toHaveCount(1);
        const covered = await banners.first().evaluate((el) => el.getBoundingClientRect().height / window.innerHeight);
        expect(covered).toBeLessThan(0.1);
        expect(await axeViolations(page)).toEqual([]);
        await closeButtons.first().click();
        await expect(beta).toBeVisible();
        await expect(banners).toHaveCount(1);
        await closeButtons.first().click();
        await expect(keep).toBeVisible();
        await expect(banners).toHaveCount(1);
      } else {
        await expect(beta).toBeVisible();
        await expect(keep).toBeVisible();
        const covered = await page.evaluate(() => {
          const region = document.querySelector('[role="region"]')!.getBoundingClientRect().height;
          const fixed = document.querySelector('.fixed.bottom-0')!.getBoundingClientRect().height;
          return (region + fixed) / window.innerHeight;
        });
        expect(covered).toBeLessThan(0.2);
        expect(await axeViolations(page)).toEqual([]);
      }

      // Each notice closes, and stays closed on the next visit.
      while ((await closeButtons.count()) > 0) await closeButtons.first().click();
      await keep.click();
      await page.reload();
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expect(beta).toHaveCount(0);
      await expect(closeButtons).toHaveCount(0);
      await expect(keep).toHaveCount(0);
      await expect(banners).toHaveCount(0);
      await context.close();
    });
  }
});

test.describe('contact form', () => {
  test('the error summary names each field that needs attention', async ({ page, open, lang }) => {
    await open('/contact');
    await page.getByRole('button', { name: tr(lang, 'Send') }).click();
    const summary = page.getByRole('alert');
    await expect(summary).toBeVisible();
    const items = summary.getByRole('listitem');
    await expect(items).toHaveCount(3);
    // The contact form's labels come from the form dialect (contract/form-schema.ts), in both languages.
    const labels = lang === 'ar' ? ['الاسم بالكامل', 'البريد الإلكتروني', 'الرسالة'] : ['Full name', 'E-mail address', 'Message'];
    for (const label of labels) await expect(summary).toContainText(`${label}:`);
    await expect(page.getByLabel(tr(lang, 'Full name'))).toHaveAttribute('aria-invalid', 'true');
    expect(await axeViolations(page)).toEqual([]);
  });
});
