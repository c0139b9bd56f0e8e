import type { Page } from '@playwright/test';
import { axeViolations, expect, test } from './fixtures.ts';
import { createCitizen, randomNationalId, signInThroughApi, tr } from './support/auth.ts';
import { fromMailbox } from './support/mailbox.ts';
import { AddRequestPage } from './pages/add-request.ts';
import { InboxScreen } from './pages/tracking.ts';
import { AgentDesk, PORTRAIT, STAFF, StaffDesk } from './pages/staff.ts';

/*
 * Issue 24's rows of filing for anyone (decision 061), on a tablet held upright (820 px), in Arabic and English:
 * an agent registers a new citizen with the code the citizen's own mobile received; an employee files for a
 * company and the request is in the company's inbox; a landline finds its citizen.
 */

test.describe.configure({ timeout: 180_000 });

const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

/** Nothing is wider than the screen (issue 24). */
async function expectFits(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

test("an agent registers a new citizen with the code sent to the citizen's mobile, then acts for them", async ({
  browser,
  lang,
}) => {
  const agent = await AgentDesk.open(browser, lang);
  const page = agent.page;
  await page.setViewportSize(PORTRAIT);
  await page.goto(`/apply-on-behalf?lang=${lang}`);
  const form = page.getByRole('region', { name: tr(lang, 'Register a new citizen') });
  await expect(form).toBeVisible();
  const nationalId = randomNationalId();
  const mobile = `011${digits(8)}`;
  await form.getByLabel(tr(lang, 'First name')).fill('هدى');
  await form.getByLabel(tr(lang, 'Last name')).fill('صلاح');
  await form.getByLabel(tr(lang, 'National ID')).fill(nationalId);
  await form.getByLabel(tr(lang, "The citizen's own mobile number")).fill(mobile);
  await form.getByLabel(tr(lang, 'Landline')).fill(`02${digits(8)}`);
  expect(await axeViolations(page)).toEqual([]);
  await form.getByRole('button', { name: tr(lang, 'Send the code to the citizen'), exact: true }).click();

  // The citizen reads out the code their own mobile received (the developer mailbox holds the SMS).
  const codeField = form.getByLabel(tr(lang, "The citizen's code"));
  await expect(codeField).toBeVisible();
  const code = await fromMailbox(page.request, mobile, /\b(\d{6})\b/);
  // A wrong code is refused, and nothing is created.
  await codeField.fill(code === '000000' ? '111111' : '000000');
  await form.getByRole('button', { name: tr(lang, 'Create the account'), exact: true }).click();
  await expect(form.getByText(tr(lang, 'The code is not valid.'))).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await expectFits(page);
  await codeField.fill(code);
  await form.getByRole('button', { name: tr(lang, 'Create the account'), exact: true }).click();

  await expect(page.getByTestId('citizen-name')).toHaveText('هدى صلاح');
  await expect(page.getByTestId('acting-for')).toContainText(nationalId);
  await expect(page.getByRole('navigation', { name: tr(lang, 'Next steps for this citizen') })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await expectFits(page);
  await page.screenshot({ path: `test-results/agent-registers-citizen-${lang}.png`, fullPage: true });
});

test("an employee files for a company: the request is in the company's inbox", async ({ page, browser, lang }) => {
  const desk = await StaffDesk.open(browser, lang, STAFF.employee);
  await desk.page.setViewportSize(PORTRAIT);
  await desk.page.goto(`/apply-on-behalf?lang=${lang}`);
  const companyForm = desk.page.getByRole('region', { name: tr(lang, 'Or choose a company') });
  await companyForm.getByLabel(tr(lang, 'Commercial registration number')).fill('123456');
  await companyForm.getByLabel(tr(lang, 'Tax registration number')).fill('100-200-300');
  await companyForm.getByLabel(tr(lang, 'Company name')).fill('شركة النيل للمقاولات');
  await companyForm.getByLabel(tr(lang, "Authorised person's name")).fill('كريم فؤاد');
  // Not the authorised person on record: refused, with the reason.
  await companyForm.getByLabel(tr(lang, "Authorised person's national ID")).fill('29001010100015');
  await companyForm.getByRole('button', { name: tr(lang, 'File for this company'), exact: true }).click();
  await expect(
    desk.page.getByText(tr(lang, "This national ID is not the company's authorised person on record.")).first(),
  ).toBeVisible();
  await companyForm.getByLabel(tr(lang, "Authorised person's national ID")).fill('28505050100081');
  await companyForm.getByRole('button', { name: tr(lang, 'File for this company'), exact: true }).click();
  await expect(desk.page.getByTestId('behalf-banner')).toContainText('123456');
  await expect(desk.page.getByTestId('company-name')).toHaveText('شركة النيل للمقاولات');
  expect(await axeViolations(desk.page)).toEqual([]);
  await expectFits(desk.page);

  await desk.page.goto(`/services/FAULTS_COMPLAINTS/add?lang=${lang}`);
  const add = new AddRequestPage(desk.page, lang);
  await expect(add.heading).toBeVisible();
  if (!(await add.field('faultType').isVisible())) await add.next();
  await add.fillFault();
  await add.next();
  await add.fillContact();
  await add.send();
  const number = await add.sentNumber('FAULTS_COMPLAINTS');
  await desk.stopActing();

  // The company's account reads it in its own inbox.
  await signInThroughApi(page, lang, 'company', undefined, 'company');
  const inbox = new InboxScreen(page, lang);
  await inbox.open('&service=FAULTS_COMPLAINTS');
  await expect(inbox.link(number)).toBeVisible();
});

test('a landline finds its citizen', async ({ page, browser, lang }) => {
  const account = await createCitizen(page.request);
  const landline = `02${digits(8)}`;
  await signInThroughApi(page, lang, account.username);
  await page.goto(`/profile?lang=${lang}`);
  const token = await page.evaluate(() => ({ t: localStorage.getItem('usertoken'), id: localStorage.getItem('userId') }));
  const saved = await page.request.patch(`/api/citizen/${token.id}`, {
    headers: { 'x-csrf-token': token.t ?? '', 'x-device': 'CITIZEN' },
    data: { landline },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  const desk = await StaffDesk.open(browser, lang, STAFF.employee);
  await desk.page.setViewportSize(PORTRAIT);
  await desk.page.goto(`/apply-on-behalf?lang=${lang}`);
  await desk.page.getByRole('radio', { name: tr(lang, 'Landline'), exact: true }).check();
  await desk.page.getByLabel(tr(lang, "Citizen's landline")).fill(landline);
  await desk.button('File for this citizen').click();
  await expect(desk.page.getByTestId('behalf-banner')).toContainText(account.nationalId);
  expect(await axeViolations(desk.page)).toEqual([]);
  await expectFits(desk.page);
  await desk.stopActing();
});
