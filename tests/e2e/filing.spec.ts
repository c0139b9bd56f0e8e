import type { Page } from '@playwright/test';
import { axeViolations, expect, test } from './fixtures.ts';
import { DEMO_CITIZEN, createCitizen, signInThroughApi, tr } from './support/auth.ts';
import { AddRequestPage, apiSignIn } from './pages/add-request.ts';

/*
 * Filing requests (issue 10): a citizen files CODEMETER and FAULTS_COMPLAINTS through every step of their forms,
 * sees the errors with the first failing field focused, saves a draft, reloads and continues it, and sends; a
 * visitor files FAULTS_COMPLAINTS; offline, a submission waits in the outbox, survives closing the page and is
 * sent exactly once when the network returns. The add page is axe clean at phone and tablet widths.
 */

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 820, height: 1180 },
] as const;

async function noAxeViolationsAtBothWidths(page: Page): Promise<void> {
  for (const v of VIEWPORTS) {
    await page.setViewportSize({ width: v.width, height: v.height });
    expect(await axeViolations(page), v.name).toEqual([]);
  }
}

/** Signed in through the API (the sign-in form and its redirect are auth.spec.ts's subject), then on `path`. */
async function signInTo(page: Page, lang: 'ar' | 'en', path: string, username: string, password?: string): Promise<void> {
  await signInThroughApi(page, lang, username, password);
  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/$]/g, '\\$&')}$`));
}

test.describe('filing a request', () => {
  test('a citizen files CODEMETER through every step, with errors, a draft and a reload', async ({ page, lang }) => {
    test.setTimeout(120_000);
    const add = new AddRequestPage(page, lang);
    await signInTo(page, lang, '/services/CODEMETER/add', DEMO_CITIZEN.username);
    await expect(add.heading).toBeVisible();
    await noAxeViolationsAtBothWidths(page);

    // The applicant's name and mobile come from the profile (decision 052); emptied, they are errors, and the first
    // failing field takes the focus.
    await expect(add.field('applicantName')).toHaveValue(DEMO_CITIZEN.fullName);
    await add.field('applicantName').fill('');
    await add.next();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expect(add.field('applicantName')).toBeFocused();

    await add.fillCodemeterApplicant();
    await add.next();
    await expect(add.field('governorate')).toBeVisible();
    await add.fillCodemeterProperty();

    // Save as draft, reload: the form comes back where it was.
    await add.button('Save as draft').click();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: tr(lang, 'Your draft has been saved. You can continue it from My requests on any device.') }),
    ).toBeVisible();
    await page.reload();
    await expect(add.field('district')).toHaveValue('Nasr City');
    await expect(add.field('governorate')).toBeVisible();
    await add.next();

    // Documents: the required file, then send.
    await add.review();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await add.attachDocument();
    await noAxeViolationsAtBothWidths(page);
    await add.send();
    const number = await add.sentNumber('CODEMETER');
    await noAxeViolationsAtBothWidths(page);

    // The draft was used up: a new form starts with the profile's values only.
    await page.goto(`/services/CODEMETER/add?lang=${lang}`);
    await expect(add.field('applicantName')).toHaveValue(DEMO_CITIZEN.fullName);
    expect(number).toContain('CODEMETER-');
  });

  test('a citizen files FAULTS_COMPLAINTS', async ({ page, lang }) => {
    const add = new AddRequestPage(page, lang);
    await signInTo(page, lang, '/services/FAULTS_COMPLAINTS/add', DEMO_CITIZEN.username);
    await add.next();
    await expect(add.field('faultType')).toBeFocused();
    await add.fillFault();
    await add.next();
    await add.fillContact();
    await add.send();
    await add.sentNumber('FAULTS_COMPLAINTS');
  });

  test('a visitor files FAULTS_COMPLAINTS and is told how to follow it', async ({ page, lang, open }) => {
    const add = new AddRequestPage(page, lang);
    await open('/services/FAULTS_COMPLAINTS/add');
    await expect(add.heading).toBeVisible();
    await noAxeViolationsAtBothWidths(page);
    await add.fillFault();
    await add.next();
    await add.fillContact();
    await add.send();
    await add.sentNumber('FAULTS_COMPLAINTS');
    await expect(
      page.getByText(
        tr(lang, 'Keep this number. This device remembers the request, so you can follow it here without an account.'),
      ),
    ).toBeVisible();
    // Services that do not take anonymous requests send a visitor to sign in first.
    await open('/services/CODEMETER/add');
    await expect(page).toHaveURL(/\/login\?redirect=/);
  });

  test.describe('with the service worker', () => {
    test.use({ serviceWorkers: 'allow' });
    test('offline, a submission waits in the outbox, survives closing the page, and is sent once', async ({
      page,
      context,
      lang,
      request,
    }) => {
      test.setTimeout(120_000);
      const citizen = await createCitizen(request);
      const add = new AddRequestPage(page, lang);
      await signInTo(page, lang, '/services/FAULTS_COMPLAINTS/add', citizen.username, citizen.password);
      // The service worker keeps the shell, so that a page opened offline still starts.
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
      await add.fillFault('No power in the building since last night, all floors.');
      await add.next();
      await add.fillContact();

      await context.setOffline(true);
      await add.send();
      await expect(page.getByTestId('request-waiting')).toBeVisible();
      const waiting = page.getByTestId('outbox-button');
      await expect(waiting).toContainText(lang === 'ar' ? '١ في الانتظار' : '1 waiting');
      await page.close();

      // A new page of the same browser, still offline: the write is still there.
      const again = await context.newPage();
      await again.goto(`/?lang=${lang}`);
      await expect(again.getByTestId('outbox-button')).toBeVisible();
      await again.getByTestId('outbox-button').click();
      await expect(again.getByTestId('outbox-item')).toHaveCount(1);
      await again.keyboard.press('Escape');

      // Back online: sent by itself, and exactly one request exists.
      await context.setOffline(false);
      await expect(again.getByTestId('outbox-button')).toHaveCount(0);
      const csrf = await apiSignIn(request, citizen.username, citizen.password);
      const count = await request.get('/api/requests/FAULTS_COMPLAINTS/count', { headers: { 'x-csrf-token': csrf } });
      expect(count.status()).toBe(200);
      expect(((await count.json()) as { count: number }).count).toBe(1);
    });
  });

  test('sign-out asks before discarding writes not sent yet', async ({ page, lang }) => {
    const add = new AddRequestPage(page, lang);
    await signInTo(page, lang, '/services/FAULTS_COMPLAINTS/add', DEMO_CITIZEN.username);
    // The server cannot be reached for this submission: it waits in the outbox.
    await page.route('**/api/requests/FAULTS_COMPLAINTS', (route) => route.abort('internetdisconnected'));
    await add.fillFault();
    await add.next();
    await add.fillContact();
    await add.send();
    await expect(page.getByTestId('request-waiting')).toBeVisible();
    await expect(page.getByTestId('outbox-button')).toBeVisible();

    const menu = page.getByRole('button', { name: tr(lang, 'Account menu') });
    const logOutButton = page.getByRole('button', { name: tr(lang, 'Log out'), exact: true });
    const logOut = async () => {
      await expect(async () => {
        if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
        await expect(logOutButton).toBeVisible({ timeout: 1000 });
      }).toPass();
      await logOutButton.click();
    };
    await logOut();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(tr(lang, 'Not everything has been sent'));
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: tr(lang, 'Stay signed in') }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('outbox-button')).toBeVisible();

    await logOut();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: tr(lang, 'Discard and log out') })
      .click();
    await expect(page.getByRole('link', { name: tr(lang, 'Log in') }).first()).toBeVisible();
    await expect(page.getByTestId('outbox-button')).toHaveCount(0);
  });
});
