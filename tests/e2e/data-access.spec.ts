import { axeViolations, expect, test } from './fixtures.ts';
import { DEMO_CITIZEN, tr } from './support/auth.ts';
import { PHONE, STAFF, StaffDesk } from './pages/staff.ts';
import { Citizen } from './pages/tracking.ts';
import { readableNumber } from '../../contract/request-number.ts';

/*
 * Every look at a citizen's data recorded and shown to the citizen (issue 28 parts 4 and 5, decision 071), Arabic
 * and English: an employee opens the demo citizen's request; the citizen, on a phone (390 px), finds that look in
 * their profile (who, company, when, why: the request worked) and reports it; the auditor finds the report in the
 * data-access record. Every page axe clean.
 */

test.describe.configure({ timeout: 180_000 });

test("an employee's look at the demo citizen's request is in the citizen's profile; a report reaches the auditor", async ({
  page,
  browser,
  lang,
}) => {
  const citizen = new Citizen(page, lang);
  await citizen.signIn(DEMO_CITIZEN.username);
  const r = await citizen.file('LMIFT');

  const desk = await StaffDesk.open(browser, lang, STAFF.employee);
  await desk.openRequest(r);

  // The citizen's profile, at phone width.
  await page.setViewportSize(PHONE);
  await page.goto(`/profile?lang=${lang}`);
  const section = page.getByRole('region', { name: tr(lang, 'Who looked at my data') });
  await expect(section).toBeVisible();
  const look = section.getByTestId('look').filter({ hasText: readableNumber(r.ID, lang) });
  await expect(look).toHaveCount(1);
  await expect(look).toContainText(STAFF.employee.fullName);
  await expect(look).toContainText(tr(lang, 'The holding company'));
  await expect(look).toContainText(tr(lang, 'A request'));
  expect(await axeViolations(page)).toEqual([]);

  // The citizen reports it: a ticket for the auditor.
  await look.getByRole('button', { name: tr(lang, 'Report this look'), exact: true }).click();
  await look.getByLabel(tr(lang, 'What seems wrong to you? (optional)')).fill('I did not ask for this');
  expect(await axeViolations(page)).toEqual([]);
  await look.getByRole('button', { name: tr(lang, 'Send the report'), exact: true }).click();
  // The look now names the ticket its report opened (after the request it was about).
  const numbers = look.getByTestId('request-number');
  await expect(numbers).toHaveCount(2);
  await expect(look.getByRole('button', { name: tr(lang, 'Report this look'), exact: true })).toHaveCount(0);
  const ticket = await numbers.last().getAttribute('data-number');
  expect(ticket).not.toBe(r.ID);
  expect(ticket).toBeTruthy();
  expect(await axeViolations(page)).toEqual([]);

  // The auditor sees the reported look in the record.
  const auditor = await StaffDesk.open(browser, lang, STAFF.auditor);
  await auditor.page.goto(`/data-access?lang=${lang}`);
  await expect(auditor.heading).toHaveText(tr(lang, 'Data access record'));
  await auditor.page.getByLabel(tr(lang, "Citizen's national ID, mobile or account number")).fill(DEMO_CITIZEN.nationalId);
  await auditor.page.getByLabel(tr(lang, 'Citizen reports'), { exact: true }).selectOption('true');
  const row = auditor.page
    .getByTestId('look-report')
    .filter({ hasText: readableNumber(ticket!, lang) })
    .filter({ visible: true });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('I did not ask for this');
  expect(await axeViolations(auditor.page)).toEqual([]);
});
