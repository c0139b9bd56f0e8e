import type { Browser, Page } from '@playwright/test';
import { axeViolations, expect, test } from './fixtures.ts';
import { createCitizen, fillSignIn, tr } from './support/auth.ts';
import { AddRequestPage } from './pages/add-request.ts';
import { Citizen, InboxScreen } from './pages/tracking.ts';
import { AgentDesk, PHONE, PORTRAIT, STAFF, StaffDesk } from './pages/staff.ts';
import { readableNumber } from '../../contract/request-number.ts';

/*
 * Filing for anyone (issue 24): an employee who chose a citizen on "apply on behalf" and an agent acting for one
 * file from a service card, as a citizen would; without a chosen citizen an employee's cards offer nothing. The
 * agent workspace offers the next steps, and the agent's choice outlives a browser restart (decision 055). Each
 * request is the citizen's: it is in their own inbox.
 */

const SLUG = 'FAULTS_COMPLAINTS';

test.describe.configure({ timeout: 180_000 });

/** A service's card on /services. */
const card = (page: Page, slug: string) => page.locator(`[data-testid="service-card"][data-slug="${slug}"]`);

/** Nothing is wider than the screen (issue 24). */
async function expectFits(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

/** Files FAULTS_COMPLAINTS from its open add page; answers the request's number. */
async function fileFault(page: Page, lang: 'ar' | 'en'): Promise<string> {
  const add = new AddRequestPage(page, lang);
  await expect(add.heading).toBeVisible();
  // The applicant's step (the citizen's name and national id, filled) comes first where the form has one.
  if (!(await add.field('faultType').isVisible())) await add.next();
  await add.fillFault();
  await add.next();
  await add.fillContact();
  await add.send();
  return add.sentNumber(SLUG);
}

async function expectInCitizensInbox(page: Page, lang: 'ar' | 'en', username: string, number: string): Promise<void> {
  await new Citizen(page, lang).signIn(username);
  const inbox = new InboxScreen(page, lang);
  await inbox.open(`&service=${SLUG}`);
  await expect(inbox.link(number)).toBeVisible();
}

test('an employee on a tablet files for a citizen from a service card; without one, the cards offer nothing', async ({
  page,
  browser,
  lang,
}) => {
  const account = await createCitizen(page.request);
  const desk = await StaffDesk.open(browser, lang, STAFF.employee);
  await desk.page.setViewportSize(PORTRAIT);

  // No citizen chosen: staff see no card buttons (spec "Service cards").
  await desk.page.goto(`/apply-on-behalf?lang=${lang}`);
  const stop = desk.page.getByRole('button', { name: tr(lang, 'Stop filing for this citizen'), exact: true });
  if (await stop.isVisible()) await stop.click();
  await desk.page.goto(`/services?lang=${lang}`);
  await expect(card(desk.page, SLUG)).toBeVisible();
  await expect(card(desk.page, SLUG).getByRole('link', { name: tr(lang, 'New request'), exact: true })).toHaveCount(0);

  await desk.page.goto(`/apply-on-behalf?lang=${lang}`);
  await desk.page.getByLabel(tr(lang, "Citizen's national ID")).fill(account.nationalId);
  await desk.button('File for this citizen').click();
  await expect(desk.page.getByTestId('behalf-banner')).toContainText(account.nationalId);
  await desk.page.getByRole('link', { name: tr(lang, 'Choose a service'), exact: true }).click();
  await expect(desk.page).toHaveURL(/\/services/);
  const newRequest = card(desk.page, SLUG).getByRole('link', { name: tr(lang, 'New request'), exact: true });
  await expect(newRequest).toBeVisible();
  // Paying the citizen's bills is a screen of their account, which an employee's owner token does not open.
  await expect(card(desk.page, 'PAYBILLS').getByRole('link')).toHaveCount(1);
  expect(await axeViolations(desk.page)).toEqual([]);
  await expectFits(desk.page);
  await desk.page.screenshot({ path: `test-results/behalf-employee-services-${lang}.png` });

  // The service page offers it too.
  const title = card(desk.page, SLUG).getByRole('heading').getByRole('link');
  const name = (await title.textContent()) ?? '';
  await title.click();
  await expect(desk.heading).toHaveText(name);
  await expect(desk.page.getByRole('link', { name: tr(lang, 'New request'), exact: true })).toBeVisible();
  expect(await axeViolations(desk.page)).toEqual([]);
  await desk.page.getByRole('link', { name: tr(lang, 'New request'), exact: true }).click();
  await expect(desk.page).toHaveURL(new RegExp(`/services/${SLUG}/add`));
  const number = await fileFault(desk.page, lang);
  await desk.stopActing();

  await expectInCitizensInbox(page, lang, account.username, number);
});

/** A browser restart: the session cookies go (they have no expiry), what the device stored stays. */
async function restart(browser: Browser, page: Page, lang: 'ar' | 'en'): Promise<Page> {
  const state = await page.context().storageState();
  const context = await browser.newContext({
    storageState: { ...state, cookies: state.cookies.filter((c) => c.expires > 0) },
    viewport: PHONE,
    locale: lang === 'ar' ? 'ar-EG' : 'en-US',
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
    baseURL: new URL(page.url()).origin,
  });
  await page.context().close();
  return context.newPage();
}

test('an agent on a phone: next steps after choosing a citizen, files from a card, and keeps the citizen after a restart', async ({
  page,
  browser,
  lang,
}) => {
  const account = await createCitizen(page.request);
  const agent = await AgentDesk.open(browser, lang);
  await agent.page.setViewportSize(PHONE);
  await agent.actFor(account.nationalId);
  const steps = agent.page.getByRole('navigation', { name: tr(lang, 'Next steps for this citizen') });
  await expect(steps).toBeVisible();
  for (const en of [
    'Choose a service',
    'Register a reading',
    "The citizen's requests",
    "The citizen's bills",
    "The citizen's meters",
  ])
    await expect(steps.getByRole('link', { name: tr(lang, en), exact: true })).toBeVisible();
  expect(await axeViolations(agent.page)).toEqual([]);
  await expectFits(agent.page);
  await agent.page.screenshot({ path: `test-results/behalf-agent-workspace-${lang}.png`, fullPage: true });

  await steps.getByRole('link', { name: tr(lang, 'Choose a service'), exact: true }).click();
  const newRequest = card(agent.page, SLUG).getByRole('link', { name: tr(lang, 'New request'), exact: true });
  await expect(newRequest).toBeVisible();
  expect(await axeViolations(agent.page)).toEqual([]);
  await newRequest.click();
  const number = await fileFault(agent.page, lang);

  // The browser restarts: the agent signs in again and acts for the same citizen, without choosing them again.
  const again = await restart(browser, agent.page, lang);
  await again.goto(`/login?lang=${lang}`);
  await fillSignIn(again, lang, 'agent');
  await expect.poll(() => again.evaluate(() => localStorage.getItem('usertoken'))).toBeTruthy();
  await again.goto(`/apply-on-behalf?lang=${lang}`);
  await expect(again.getByTestId('acting-for')).toContainText(account.nationalId);
  await expect(again.getByRole('navigation', { name: tr(lang, 'Next steps for this citizen') })).toBeVisible();
  // The citizen's requests, from the workspace: the one just filed.
  await again.getByRole('link', { name: tr(lang, "The citizen's requests"), exact: true }).click();
  await expect(
    again.getByRole('link', { name: readableNumber(number, lang), exact: true }).filter({ visible: true }),
  ).toBeVisible();

  await expectInCitizensInbox(page, lang, account.username, number);
});
