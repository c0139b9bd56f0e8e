import type { Page } from '@playwright/test';
import { axeViolations, expect, test } from './fixtures.ts';
import { DEMO_CITIZEN, createCitizen, tr } from './support/auth.ts';
import { Citizen } from './pages/tracking.ts';
import { AgentDesk, LANDSCAPE, PHONE, PORTRAIT, STAFF, StaffDesk } from './pages/staff.ts';
import { readableNumber } from '../../contract/request-number.ts';

/*
 * The staff and agent builds as a workspace that fits its device (issue 24, decision 050): an employee on a tablet
 * upright (820×1180) and turned (1180×820), an agent on a phone (390 px). Staff open on their inbox; nothing on a
 * staff page is wider than the screen; the account menu offers only what the role can use, and a page the role
 * does not open shows its refusal without ending the session; the staff timeline names the citizen.
 */

const SLUG = 'SMART_METER_UPGRADE';
// The language projects run side by side: each uses its own employee (authenticator codes are taken once a step).
const EMPLOYEE = { ar: STAFF.employee, en: STAFF.clerk } as const;

test.describe.configure({ timeout: 180_000 });

/** Whether the page is wider than its screen (issue 24: 877 px on an 820 px screen). */
async function overflow(page: Page): Promise<{ scrollWidth: number; clientWidth: number }> {
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
}
async function expectFits(page: Page, where: string): Promise<void> {
  const { scrollWidth, clientWidth } = await overflow(page);
  expect(scrollWidth, `${where}: ${scrollWidth} px wide on a ${clientWidth} px screen`).toBeLessThanOrEqual(clientWidth);
}

/** The pages the main menu offers this employee (the dashboard is outside the app). */
async function menuPages(page: Page, lang: 'ar' | 'en'): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: tr(lang, 'Main menu') });
  const hrefs = await menu.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.filter((h) => h.startsWith('/') && !h.startsWith('/dashboard'));
}

test('an employee on a tablet: starts on the inbox, every page fits upright and turned, axe clean', async ({
  page,
  browser,
  lang,
}) => {
  // A citizen's request, for the request page.
  const account = await createCitizen(page.request);
  const citizen = new Citizen(page, lang);
  await citizen.signIn(account.username);
  const r = await citizen.file(SLUG);

  const desk = await StaffDesk.open(browser, lang, EMPLOYEE[lang]);
  await desk.page.setViewportSize(PORTRAIT);
  // `/` (where sign-in lands without a remembered page) is the inbox, not the citizens' home page.
  await desk.page.goto(`/?lang=${lang}`);
  await expect(desk.page).toHaveURL(/\/inbox/);
  await expect(desk.heading).toHaveText(tr(lang, 'Inbox'));
  // Signed in, the sign-in page leads there too.
  await desk.page.goto(`/login?lang=${lang}`);
  await expect(desk.page).toHaveURL(/\/inbox/);

  // Upright, the menu folds into its button; the filters fold under the search bar; the rows are cards, each with
  // its days left (stage and whole request) and assignee.
  await expect(desk.page.getByRole('navigation', { name: tr(lang, 'Main menu') })).toBeHidden();
  await expect(desk.page.getByLabel(tr(lang, 'Sort by'))).toBeHidden();
  await desk.search(account.nationalId);
  const card = desk.inboxCards.filter({ hasText: readableNumber(r.ID, lang) });
  await expect(card).toBeVisible();
  await expect(card).toContainText(tr(lang, 'Stage:'));
  await expect(card).toContainText(tr(lang, 'Whole request:'));
  await expect(card).toContainText(tr(lang, 'Assigned to'));
  await expect(desk.inboxHeader('Request number')).toBeHidden();
  await expectFits(desk.page, 'inbox, upright');
  expect(await axeViolations(desk.page)).toEqual([]);

  // The filters as chips: one applied, shown, removed.
  await desk.openFilters();
  await desk.page.getByLabel(tr(lang, 'Assigned to me')).check();
  await desk.button('Apply the filters').click();
  const chips = desk.page.getByRole('list', { name: tr(lang, 'Filters in force') });
  await expect(chips).toContainText(tr(lang, 'Assigned to me'));
  await expectFits(desk.page, 'inbox with its filters open');
  expect(await axeViolations(desk.page)).toEqual([]);
  await chips.getByRole('button').click();
  await expect(chips).toHaveCount(0);

  // The request page: the citizen named in the timeline, never "you".
  await desk.openRequest(r);
  const timeline = desk.page.getByTestId('timeline');
  await expect(timeline.locator('[data-kind="created"]')).toContainText('Salma Adel');
  await expect(timeline).not.toContainText(tr(lang, 'You'));
  await expect(desk.panel).toContainText(tr(lang, 'Whole request:'));
  await expectFits(desk.page, 'request page, upright');
  expect(await axeViolations(desk.page)).toEqual([]);

  // Every page of the menu, upright then turned.
  await desk.page.goto(`/inbox?lang=${lang}`);
  await desk.page.getByRole('button', { name: tr(lang, 'Menu'), exact: true }).click();
  const pages = [...(await menuPages(desk.page, lang)), `/services/${r.serviceSlug}/entries/${r.id}`, '/profile'];
  expect(pages).toContain('/inbox');
  // Each page is loaded once and turned in place (the layout follows the width: CSS and the app's media queries),
  // not loaded again at the second size (decision 059).
  for (const path of pages) {
    await desk.page.setViewportSize(PORTRAIT);
    await desk.page.goto(`${path}?lang=${lang}`);
    await expect(desk.heading).toBeVisible();
    for (const size of [PORTRAIT, LANDSCAPE]) {
      await desk.page.setViewportSize(size);
      await expect(desk.heading).toBeVisible();
      await expectFits(desk.page, `${path} at ${size.width}×${size.height}`);
    }
  }
  // Turned: the menu is in view, the table replaces the cards, and the request's actions stand beside its data.
  await desk.openInbox();
  await expect(desk.page.getByRole('navigation', { name: tr(lang, 'Main menu') })).toBeVisible();
  await expect(desk.inboxHeader('Days left')).toBeVisible();
  await expect(desk.inboxHeader('Assigned to')).toBeVisible();
  expect(await axeViolations(desk.page)).toEqual([]);
  await desk.openRequest(r);
  const [panel, details] = await Promise.all([
    desk.panel.boundingBox(),
    desk.page.getByRole('region', { name: tr(lang, 'Request details') }).boundingBox(),
  ]);
  expect(panel && details && Math.abs(panel.y - details.y) < 400 && Math.abs(panel.x - details.x) > 300).toBe(true);
  expect(await axeViolations(desk.page)).toEqual([]);
});

test('the staff account menu offers only what staff use; a page the role does not open keeps the session', async ({
  browser,
  lang,
}) => {
  const desk = await StaffDesk.open(browser, lang, EMPLOYEE[lang]);
  await desk.page.setViewportSize(PORTRAIT);
  await desk.openInbox();
  await desk.page.getByRole('button', { name: tr(lang, 'Account menu') }).click();
  await expect(desk.page.getByRole('link', { name: tr(lang, 'Profile'), exact: true }).filter({ visible: true })).toBeVisible();
  for (const citizenItem of ['My meters', 'My bills', 'My papers'])
    await expect(desk.page.getByRole('link', { name: tr(lang, citizenItem), exact: true })).toHaveCount(0);
  await expect(desk.page.getByRole('button', { name: tr(lang, 'Install the employee app') })).toHaveCount(0);
  expect(await axeViolations(desk.page)).toEqual([]);

  // A citizen's page typed in: the server refuses it (403); the refusal is shown, and the session stays.
  const token = await desk.page.evaluate(() => localStorage.getItem('usertoken'));
  const refused = desk.page.waitForResponse((res) => res.url().includes('/api/') && res.status() === 403);
  await desk.page.goto(`/profile/meters?lang=${lang}`);
  await refused;
  await expect(desk.page.getByRole('alert').filter({ hasText: /\S/ }).first()).toBeVisible();
  await expectFits(desk.page, 'a refused page');
  expect(await desk.page.evaluate(() => localStorage.getItem('usertoken'))).toBe(token);
  await desk.openInbox();
  await expect(desk.page).toHaveURL(/\/inbox/);
});

test('an agent on a phone: starts on the workspace, every page fits, no citizen items in the account menu', async ({
  browser,
  lang,
}) => {
  const agent = await AgentDesk.open(browser, lang);
  await agent.page.setViewportSize(PHONE);
  await agent.page.goto(`/?lang=${lang}`);
  await expect(agent.page).toHaveURL(/\/apply-on-behalf/);
  await agent.actFor(DEMO_CITIZEN.nationalId);
  await expect(agent.page.getByTestId('acting-for')).toContainText(DEMO_CITIZEN.fullName);

  await agent.page.getByRole('button', { name: tr(lang, 'Menu'), exact: true }).click();
  const menu = agent.page.getByRole('navigation', { name: tr(lang, 'Main menu') });
  await expect(menu.getByRole('link', { name: tr(lang, 'Profile'), exact: true })).toBeVisible();
  for (const citizenItem of ['My meters', 'My bills', 'My papers'])
    await expect(menu.getByRole('link', { name: tr(lang, citizenItem), exact: true })).toHaveCount(0);
  expect(await axeViolations(agent.page)).toEqual([]);
  const pages = await menu.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  for (const path of pages.filter((h) => h.startsWith('/'))) {
    await agent.page.goto(`${path}?lang=${lang}`);
    await expect(agent.page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectFits(agent.page, `agent ${path}`);
  }
  // The agent's inbox is the citizen's, and says so.
  await agent.page.goto(`/inbox?lang=${lang}`);
  await expect(agent.page.getByRole('heading', { level: 1 })).toHaveText(tr(lang, "The citizen's requests"));
  await expectFits(agent.page, 'agent inbox');
  expect(await axeViolations(agent.page)).toEqual([]);
});
