import type { Page } from '@playwright/test';
import { axeViolations, expect, test } from './fixtures.ts';
import { createCitizen, signInThroughApi, tr } from './support/auth.ts';

/*
 * Spec rows of issue 23 (part 6), at phone width in Arabic and English: the favourites page (section 2), a service
 * hidden on web sending the citizen home (section 2: a failed service-visibility check goes to /), and the help
 * and clients charter pages with the footer's "more" drop-down (sections 2 and 9: six entries).
 */

test.use({ viewport: { width: 390, height: 844 } });

async function looksRight(page: Page, shot: string, lang: string): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no horizontal scroll').toBe(true);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath(`${shot}-${lang}.png`), fullPage: true });
}

test.describe('spec rows', () => {
  test('favourites: empty at first, a starred service appears as its card, reached from the account menu', async ({
    page,
    lang,
    request,
  }) => {
    const citizen = await createCitizen(request);
    await signInThroughApi(page, lang, citizen.username, citizen.password);
    await page.goto('/favorites');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr(lang, 'My favourite services'));
    await expect(page.getByTestId('favourites-empty')).toBeVisible();
    await looksRight(page, 'favourites-empty', lang);

    await page.goto('/services/CODEMETER');
    const star = page.getByTestId('favourite-toggle').first();
    await expect(star).toHaveAttribute('aria-pressed', 'false');
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');

    // The account's entries are in the header's menu at phone width.
    await page.getByRole('button', { name: tr(lang, 'Menu'), exact: true }).click();
    await page.getByRole('link', { name: tr(lang, 'My favourites'), exact: true }).click();
    await expect(page).toHaveURL(/\/favorites$/);
    const cards = page.getByTestId('service-card');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toHaveAttribute('data-slug', 'CODEMETER');
    await looksRight(page, 'favourites', lang);

    // Unstarred on the page itself: the empty state comes back.
    await cards.first().getByTestId('favourite-toggle').click();
    await expect(page.getByTestId('favourites-empty')).toBeVisible();
  });

  test('favourites need a signed-in citizen', async ({ page, open }) => {
    await open('/favorites');
    await expect(page).toHaveURL(/\/login\?redirect=/);
  });

  test('a service hidden on web, opened by its address, sends the citizen home; an unknown one is not found', async ({
    page,
    open,
    lang,
    request,
  }) => {
    await open('/services/FIELD_INSPECTION');
    await expect(page).toHaveURL(/\/(\?.*)?$/);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(tr(lang, 'Page not found'));
    await looksRight(page, 'hidden-service-home', lang);

    const citizen = await createCitizen(request);
    await signInThroughApi(page, lang, citizen.username, citizen.password);
    for (const url of ['/services/FIELD_INSPECTION', '/services/FIELD_INSPECTION/add']) {
      await page.goto(url);
      await expect(page).toHaveURL(/\/$/);
    }
    await open('/services/NO_SUCH_SERVICE');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr(lang, 'Page not found'));
  });

  test("the footer's More holds six entries; help and the clients charter are pages of their own", async ({
    page,
    open,
    lang,
  }) => {
    await open('/');
    const more = page.getByTestId('footer-more');
    const summary = more.locator('summary');
    await expect(summary).toHaveText(new RegExp(`^${tr(lang, 'More')}`));
    // One click, whenever it lands: while the app takes the server-drawn page over it is not lost (decision 077).
    await summary.click();
    const entries = more.getByRole('link');
    await expect(entries).toHaveCount(6);
    await expect(more.getByRole('link', { name: tr(lang, 'Code of conduct (PDF)') })).toBeVisible();
    await expect(more.getByRole('link', { name: tr(lang, 'Citizen guide (PDF)') })).toBeVisible();
    await looksRight(page, 'footer-more', lang);

    await more.getByRole('link', { name: tr(lang, 'Help'), exact: true }).click();
    await expect(page).toHaveURL(/\/help(\?.*)?$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr(lang, 'Help'));
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await looksRight(page, 'help', lang);

    await open('/');
    await page.getByTestId('footer-more').locator('summary').click();
    await page
      .getByTestId('footer-more')
      .getByRole('link', { name: tr(lang, 'Clients charter'), exact: true })
      .click();
    await expect(page).toHaveURL(/\/charter(\?.*)?$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr(lang, 'Clients charter'));
    await looksRight(page, 'charter', lang);
  });
});
