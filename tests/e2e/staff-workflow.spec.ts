import type { Page } from '@playwright/test';
import { axeViolations, expect, test } from './fixtures.ts';
import { DEMO_CITIZEN, createCitizen, tr } from './support/auth.ts';
import { Bell, Citizen, InboxScreen, RequestScreen } from './pages/tracking.ts';
import { AgentDesk, LANDSCAPE, STAFF, StaffDesk } from './pages/staff.ts';
import { MetersPage, ReadingsPage } from './pages/meters.ts';
import { readableNumber } from '../../contract/request-number.ts';

/*
 * The staff workspace end to end (issue 11), in the three builds one server serves: a citizen files on the
 * citizen build; an employee on a tablet (employee build) finds the request by the citizen's national id, takes
 * it, asks for more information; the citizen is notified and provides it; the employee approves; the assigner
 * hands the ready request to an installation company; the citizen's timeline shows each step with who did it. Two
 * employees acting on one request: the second is told who changed it. An agent (agent build) files for the demo
 * citizen, whose /inbox then lists it. Each language project uses its own employee (authenticator codes are taken
 * once per step and account), one who handles requests (decision 036: the reports and assigner accounts do not);
 * the other is the second employee of the conflict.
 */

const SLUG = 'SMART_METER_UPGRADE';
const EMPLOYEE = { ar: STAFF.employee, en: STAFF.clerk } as const;
const SECOND = { ar: STAFF.clerk, en: STAFF.employee } as const;

// Several sessions and pages per test, each check bounded for a loaded two-core machine (no sign-in waits for a step).
test.describe.configure({ timeout: 180_000 });

/** A new citizen, signed in on the page, who has filed a request of SLUG. */
async function newCitizenFiles(page: Page, lang: 'ar' | 'en') {
  const account = await createCitizen(page.request);
  const citizen = new Citizen(page, lang);
  await citizen.signIn(account.username);
  return { account, r: await citizen.file(SLUG) };
}

test('a request lives its whole workflow: filed, found, taken, asked, completed, approved, handed to a company', async ({
  page,
  browser,
  lang,
}) => {
  const { account, r } = await newCitizenFiles(page, lang);

  // The employee finds it by the citizen's national id and opens it.
  const desk = await StaffDesk.open(browser, lang, EMPLOYEE[lang]);
  await desk.openInbox();
  // Their own order is kept on the device until reset to the default (under the bar's "Filters": decision 050).
  const sortBy = desk.page.getByLabel(tr(lang, 'Sort by'));
  await desk.openFilters();
  await sortBy.selectOption('number');
  await desk.page.reload();
  await desk.openFilters();
  await expect(sortBy).toHaveValue('number');
  await desk.button('Reset to the default order').click();
  await expect(sortBy).toHaveValue('createdAt');
  await expect(desk.button('Reset to the default order')).toHaveCount(0);
  await desk.search(account.nationalId);
  await expect(desk.row(r.ID)).toBeVisible();
  expect(await axeViolations(desk.page)).toEqual([]);
  await desk.row(r.ID).click();
  await expect(desk.heading).toContainText(readableNumber(r.ID, lang));
  await expect(desk.panel).toContainText(account.nationalId);

  // Takes it, moves it to review, asks for more information.
  await desk.button('Assign to me').click();
  await expect(desk.status).toContainText(tr(lang, 'The request is assigned to you.'));
  await expect(desk.panel).toContainText(EMPLOYEE[lang].fullName);
  await desk.changeStatus('in_review');
  await desk.askForInformation('Please add a clearer photo of the meter plate.');
  expect(await axeViolations(desk.page)).toEqual([]);

  // The citizen is notified, reads what is needed and provides it.
  await page.goto(`/?lang=${lang}`);
  const bell = new Bell(page, lang);
  await bell.button.click();
  await expect(bell.notification(r.ID).first()).toBeVisible();
  const view = new RequestScreen(page, lang);
  await view.open(r);
  await expect(view.section('Comments')).toContainText('Please add a clearer photo of the meter plate.');
  await page.getByTestId('request-activity').click();
  const send = page.getByRole('button', { name: tr(lang, 'Send'), exact: true });
  const next = page.getByRole('button', { name: tr(lang, 'Next'), exact: true });
  await expect(send.or(next).first()).toBeVisible();
  while (!(await send.isVisible())) await next.click();
  await send.click();
  await view.open(r);
  await expect(page.getByTestId('request-activity')).toHaveCount(0);

  // The employee approves: the request is ready for an installation company.
  await desk.openRequest(r);
  await desk.changeStatus('approved');

  // The assigner hands the ready requests to an installation company in one go.
  const assigner = await StaffDesk.open(browser, lang, STAFF.assigner);
  await assigner.page.goto(`/assign-requests?lang=${lang}`);
  // Oldest first, twenty a page: the request may be on a later page (others' ready requests come before it).
  await (await assigner.readyCheckbox(r.ID)).check();
  const companies = assigner.page.getByLabel(tr(lang, 'Installation company'));
  const company = ((await companies.locator('option').nth(1).textContent()) ?? '').trim();
  await companies.selectOption({ index: 1 });
  // Checked at the top of the page: scrolled down, a row's checkbox passing under the sticky header's buttons is a
  // target they overlap, to axe (target-size), whichever row happens to be there.
  await assigner.page.evaluate(() => window.scrollTo(0, 0));
  expect(await axeViolations(assigner.page)).toEqual([]);
  await assigner.button('Assign to company').click();
  await expect(assigner.page.getByRole('status').filter({ hasText: company })).toBeVisible();
  // Handed over: no longer among the ready requests.
  await expect(assigner.page.getByRole('checkbox', { name: new RegExp(readableNumber(r.ID, lang)) })).toHaveCount(0);

  // The citizen's timeline: every step, with who did it.
  await view.open(r);
  const timeline = view.timeline;
  await expect(timeline.locator('[data-kind="created"]')).toBeVisible();
  await expect(timeline.locator('[data-kind="assigned"]')).toContainText(EMPLOYEE[lang].fullName);
  await expect(timeline.locator('[data-kind="status"]')).toHaveCount(4); // in review, needs info, back in review, approved
  await expect(timeline.locator('[data-kind="status"]').first()).toContainText(EMPLOYEE[lang].fullName);
  await expect(timeline.locator('[data-kind="bulk-assigned"]')).toContainText(STAFF.assigner.fullName);
  await expect(timeline.locator('[data-kind="bulk-assigned"]')).toContainText(company);
  expect(await axeViolations(page)).toEqual([]);
});

test("the inbox's table: a header orders it, a hidden column stays hidden, axe clean on a tablet and a phone", async ({
  browser,
  lang,
}) => {
  const desk = await StaffDesk.open(browser, lang, EMPLOYEE[lang]);
  // The table is a landscape tablet's (below that width the rows are cards: decision 050).
  await desk.page.setViewportSize(LANDSCAPE);
  await desk.openInbox();
  const number = desk.inboxHeader('Request number');
  await expect(number).toHaveAttribute('aria-sort', 'none');
  // The header changes the same saved order as the "Sort by" select.
  await number.getByRole('button').click();
  await expect(number).toHaveAttribute('aria-sort', 'ascending');
  await expect(desk.page.getByLabel(tr(lang, 'Sort by'))).toHaveValue('number');
  await number.getByRole('button').click();
  await expect(number).toHaveAttribute('aria-sort', 'descending');

  await desk.showColumn('Applicant', false);
  await expect(desk.inboxHeader('Applicant')).toHaveCount(0);
  await desk.page.reload();
  await expect(desk.inboxHeader('Days left')).toBeVisible();
  await expect(desk.inboxHeader('Applicant')).toHaveCount(0);
  await expect(number).toHaveAttribute('aria-sort', 'descending');

  // The chooser open, on a landscape tablet, then each row a card on a phone.
  await desk.button('Columns').click();
  await expect(desk.page.getByRole('checkbox', { name: tr(lang, 'Applicant'), exact: true })).not.toBeChecked();
  expect(await axeViolations(desk.page)).toEqual([]);
  await desk.page.keyboard.press('Escape');
  await desk.page.setViewportSize({ width: 390, height: 844 });
  await expect(desk.inboxHeader('Request number')).toBeHidden();
  await expect(desk.inboxCards.first()).toBeVisible();
  expect(await axeViolations(desk.page)).toEqual([]);
});

test('two employees on one request: the second is told who changed it, and keeps what they typed', async ({
  page,
  browser,
  lang,
}) => {
  const { r } = await newCitizenFiles(page, lang);

  const first = await StaffDesk.open(browser, lang, EMPLOYEE[lang]);
  const second = await StaffDesk.open(browser, lang, SECOND[lang]);
  await first.openRequest(r);
  await second.openRequest(r);

  // The second starts typing a comment; meanwhile the first takes the request.
  const comment = second.panel.getByLabel(tr(lang, 'Add a comment'));
  await comment.fill('Checked the documents: complete.');
  await first.button('Assign to me').click();
  await expect(first.status).toContainText(tr(lang, 'The request is assigned to you.'));

  await second.button('Add comment').click();
  const conflict = second.alert.filter({ hasText: EMPLOYEE[lang].fullName });
  await expect(conflict).toBeVisible();
  expect(await axeViolations(second.page)).toEqual([]);
  await second.button('Reload').click();
  // The first's change is on screen (the request now has someone to unassign); the comment is still there.
  await expect(conflict).toHaveCount(0);
  await expect(second.button('Unassign')).toBeVisible();
  await expect(comment).toHaveValue('Checked the documents: complete.');
  await second.button('Add comment').click();
  await expect(second.status).toContainText(tr(lang, 'The comment was added.'));
});

test('an agent files for the demo citizen, whose /inbox then lists the request', async ({ page, browser, lang }) => {
  const agent = await AgentDesk.open(browser, lang);
  await agent.actFor(DEMO_CITIZEN.nationalId);
  const bar = agent.page.getByTestId('acting-for');
  await expect(bar).toContainText(DEMO_CITIZEN.fullName);
  expect(await axeViolations(agent.page)).toEqual([]);
  const r = await agent.file(SLUG);

  // The agent build's inbox is the citizen's.
  await agent.page.goto(`/inbox?lang=${lang}`);
  await expect(
    agent.page.getByRole('link', { name: readableNumber(r.ID, lang), exact: true }).filter({ visible: true }),
  ).toBeVisible();

  // A field reader: the citizen's meters from the agent menu (the demo seed's two approved ones), then one meter's
  // readings screen with its past readings.
  await agent.openFromMenu("Citizen's meters");
  const meters = new MetersPage(agent.page, lang);
  await expect(agent.page.getByRole('heading', { level: 1 })).toHaveText(tr(lang, "Citizen's meters"));
  await expect(meters.card('50607080')).toBeVisible();
  await meters
    .card('10203040')
    .getByRole('link', { name: tr(lang, 'Readings'), exact: true })
    .click();
  const readings = new ReadingsPage(agent.page, lang);
  await expect(agent.page.getByRole('heading', { level: 1 })).toHaveText(tr(lang, 'Register a meter reading'));
  await expect(agent.page.getByTestId('reading-meter')).toHaveValue('demo-meter-home');
  await expect(readings.rows('sent').first()).toBeVisible();
  expect(await readings.rows('sent').count()).toBeGreaterThanOrEqual(12);
  expect(await axeViolations(agent.page)).toEqual([]);

  await new Citizen(page, lang).signIn(DEMO_CITIZEN.username);
  const inbox = new InboxScreen(page, lang);
  await inbox.open(`&service=${SLUG}`);
  await expect(inbox.link(r.ID)).toBeVisible();
});

test('an employee applies on behalf of a citizen: the request is theirs and says who filed it; the user guide opens', async ({
  page,
  browser,
  lang,
}) => {
  const account = await createCitizen(page.request);
  // Applying on behalf is for those who may look citizens up (TECHNICAL_SUPPORT).
  const desk = await StaffDesk.open(browser, lang, STAFF.employee);
  await desk.page.goto(`/apply-on-behalf?lang=${lang}`);
  await desk.page.getByLabel(tr(lang, "Citizen's national ID")).fill(account.nationalId);
  await desk.button('File for this citizen').click();
  const banner = desk.page.getByTestId('behalf-banner');
  await expect(banner).toContainText(account.nationalId);
  expect(await axeViolations(desk.page)).toEqual([]);

  // The new-request form files for that citizen: the device's owner token goes with it.
  await desk.page.goto(`/services/${SLUG}/add?lang=${lang}`);
  await expect(banner).toContainText(account.nationalId);
  const r = await desk.fileWithOwnerToken(SLUG);
  await desk.openRequest(r);
  await expect(desk.panel).toContainText(account.nationalId);
  await expect(desk.panel).toContainText(STAFF.employee.fullName);

  // Stopped: the form asks for the citizen first.
  await banner.getByRole('button', { name: tr(lang, 'Stop'), exact: true }).click();
  await expect(banner).toHaveCount(0);
  await desk.page.goto(`/services/${SLUG}/add?lang=${lang}`);
  await expect(desk.page.getByRole('link', { name: tr(lang, 'Choose the citizen'), exact: true })).toBeVisible();

  // The menu's user guide: the library, each guide in the reader's language.
  await desk.openFromMenu('User guide');
  await expect(desk.heading).toHaveText(tr(lang, 'User guide'));
  const guide = desk.page.getByTestId('user-guides').getByRole('link').first();
  await expect(guide).toHaveAttribute('href', `/docs/staff-guide.${lang}.html`);
  expect(await axeViolations(desk.page)).toEqual([]);
  const doc = await desk.page.request.get(`/docs/staff-guide.${lang}.html`);
  expect(doc.status()).toBe(200);
  expect(await doc.text()).toContain(`<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`);

  // The citizen's inbox lists it.
  await new Citizen(page, lang).signIn(account.username);
  const inbox = new InboxScreen(page, lang);
  await inbox.open();
  await expect(inbox.link(r.ID)).toBeVisible();
});
