import { axeViolations, expect, test } from './fixtures.ts';
import { DEMO_CITIZEN, signInThroughApi, tr } from './support/auth.ts';
import { putAway, queryPersisted } from './support/offline.ts';
import { AddRequestPage } from './pages/add-request.ts';
import { BillsScreen } from './pages/bills.ts';
import { MetersPage, ReadingsPage } from './pages/meters.ts';
import { InboxScreen, RequestScreen } from './pages/tracking.ts';

/*
 * Offline, for real (issue 23 part 4, decision 053), on a phone: the pages a signed-in citizen visited open again
 * on an offline cold start (the app put away, its service worker stopped, the network gone), with their last data
 * and its age; a reading below the meter's last known one is refused on the device although the meter's history was
 * never opened there; a part of the app that cannot be downloaded says so, translated, in the app's layout. The demo
 * citizen's data is only read here (nothing is written): these tests share it with the others.
 */

test.use({ viewport: { width: 390, height: 844 } });

const offlineLine = (lang: 'ar' | 'en') =>
  new RegExp(
    `^${tr(lang, 'Offline: data as of {time}, {day}.')
      .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
      .replace('{time}', '.+')
      .replace('{day}', '.+')}$`,
  );

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });
  test('my bills and a visited form open on an offline cold start, with the data’s age', async ({ page, context, lang }) => {
    test.setTimeout(120_000);
    await signInThroughApi(page, lang, DEMO_CITIZEN.username);
    const bills = new BillsScreen(page, lang);
    await bills.open();
    await expect(bills.meter('10203040')).toBeVisible();
    // The shell and every route's code are precached by the service worker (sw/sw.ts).
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    const form = new AddRequestPage(page, lang);
    await page.goto(`/services/FAULTS_COMPLAINTS/add?lang=${lang}`);
    await expect(form.field('description')).toBeVisible();
    // Both pages' data is on the device (written at most once a second): the bills and the form's definition.
    await queryPersisted(page, ['bills']);
    // A signed-in citizen's catalog answers are keyed by their account type (decision 074).
    await queryPersisted(page, ['catalog', 'type:citizen', 'service', 'FAULTS_COMPLAINTS']);

    // The phone puts the app away; later, with no network, the app is opened again.
    await putAway(context, page);
    await context.setOffline(true);
    const again = await context.newPage();
    const offlineBills = new BillsScreen(again, lang);
    await offlineBills.open();
    await expect(offlineBills.meter('10203040')).toBeVisible();
    await expect(again.getByTestId('data-age')).toHaveText(offlineLine(lang));
    expect(await axeViolations(again)).toEqual([]);

    const offlineForm = new AddRequestPage(again, lang);
    await again.goto(`/services/FAULTS_COMPLAINTS/add?lang=${lang}`);
    await expect(offlineForm.field('description')).toBeVisible();
    await offlineForm.fillFault('No power in the building since last night, all floors.');
    expect(await axeViolations(again)).toEqual([]);
  });
});

test.describe('with the service worker, a request', () => {
  test.use({ serviceWorkers: 'allow' });
  test('my requests and a visited request open on an offline cold start, with the data’s age', async ({
    page,
    context,
    lang,
  }) => {
    test.setTimeout(120_000);
    await signInThroughApi(page, lang, DEMO_CITIZEN.username);
    const inbox = new InboxScreen(page, lang);
    await inbox.open();
    // The demo citizen's first request on the list (seeded; only read here).
    const number = await page.getByTestId('request-number').filter({ visible: true }).first().getAttribute('data-number');
    expect(number).toBeTruthy();
    await inbox.link(number!).click();
    const request = new RequestScreen(page, lang);
    await expect(request.timeline).toBeVisible();
    const title = (await request.heading.textContent())!;
    const address = new URL(page.url()).pathname;
    const [, serviceSlug, id] = /^\/services\/([^/]+)\/entries\/([^/]+)$/.exec(address)!;
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await queryPersisted(page, ['requests', 'inbox']);
    await queryPersisted(page, ['requests', 'one', serviceSlug, id]);

    // Later, with no network, the app is opened again in a new tab, the visit's tab closed: the app starts from
    // nothing but what the device kept (its service worker's shell, the persisted answers).
    await context.setOffline(true);
    const again = await context.newPage();
    await page.close();
    const offlineRequest = new RequestScreen(again, lang);
    await offlineRequest.open({ serviceSlug: serviceSlug!, id: id! });
    await expect(offlineRequest.heading).toHaveText(title);
    await expect(offlineRequest.timeline).toBeVisible();
    await expect(again.getByTestId('request-number').filter({ visible: true }).first()).toHaveAttribute('data-number', number!);
    await expect(again.getByTestId('data-age')).toHaveText(offlineLine(lang));
    expect(await axeViolations(again)).toEqual([]);

    // Back to my requests, offline: the list the citizen saw, with its age.
    const offlineInbox = new InboxScreen(again, lang);
    await offlineInbox.open();
    await expect(offlineInbox.link(number!)).toBeVisible();
    await expect(again.getByTestId('data-age')).toHaveText(offlineLine(lang));
    expect(await axeViolations(again)).toEqual([]);
  });
});

test('the frame drawn before the app runs is in the page’s language and direction, as the app’s header', async ({
  page,
  lang,
}) => {
  await signInThroughApi(page, lang, DEMO_CITIZEN.username);
  const logoSide = async () => {
    const box = (await page.locator('header img').first().boundingBox())!;
    return box.x + box.width / 2 < 390 / 2 ? 'left' : 'right';
  };
  const side = lang === 'ar' ? 'right' : 'left';
  // The app's code never arrives: what stays on the screen is index.html's frame (decision 053).
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(`/services/PAYBILLS/add?lang=${lang}`);
  await expect(page.locator('#root [aria-busy="true"]')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  expect(await logoSide()).toBe(side);
  // The same address without `?lang`: the stored language.
  await page.goto('/services/PAYBILLS/add');
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
  expect(await logoSide()).toBe(side);
  // When the app takes over, its logo stays where the frame drew it.
  await page.unroute('**/assets/*.js');
  await new BillsScreen(page, lang).open();
  expect(await logoSide()).toBe(side);
});

test('a reading below the last known one is refused on the device, for a meter never opened online', async ({
  page,
  context,
  lang,
}) => {
  await signInThroughApi(page, lang, DEMO_CITIZEN.username);
  // My meters says the home meter's last reading (51627; its first was 48210). Its history is never opened online.
  await page.goto(`/profile/meters?lang=${lang}`);
  const meters = new MetersPage(page, lang);
  await expect(meters.card('10203040')).toBeVisible();
  await context.setOffline(true);
  await meters
    .card('10203040')
    .getByRole('link', { name: tr(lang, 'Readings'), exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr(lang, 'Register a meter reading'));
  await new ReadingsPage(page, lang).enter(50000);
  await expect(page.getByText(tr(lang, 'The current reading must be greater than the previous one.')).first()).toBeVisible();
  await expect(page.getByTestId('outbox-button')).toHaveCount(0);
});

test('a part of the app that cannot be downloaded says, translated, that it is not available offline', async ({
  page,
  context,
  lang,
}) => {
  await signInThroughApi(page, lang, DEMO_CITIZEN.username);
  const bills = new BillsScreen(page, lang);
  await bills.open();
  // No service worker here: offline, the calculator's code (never opened) cannot be downloaded.
  await context.setOffline(true);
  await page.getByRole('link', { name: tr(lang, 'Bill calculator') }).click();
  const notice = page.getByTestId('not-available-offline');
  await expect(notice).toContainText(tr(lang, 'This page is not available offline.'));
  // In the app's layout: the header and its menus stay.
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByText('Something went wrong!')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
});
