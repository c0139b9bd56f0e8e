import type { Page, TestInfo } from '@playwright/test';
import { axeViolations, expect, seenTours, test } from './fixtures.ts';
import { DEMO_CITIZEN, signInThroughApi, tr } from './support/auth.ts';
import { AddRequestPage } from './pages/add-request.ts';
import { CONTACT_FIELDS } from '../../contract/form-schema.ts';

/*
 * Arabic polish (issue 23), as a citizen on a phone (390 px), in Arabic and English: the error summary lists each
 * error once and names its field once; a first visit shows at most one banner; the request stepper and the
 * service cards write their numbers in the language's digits (Arabic-Indic in Arabic, decision 015), a card's
 * facts each in its own isolate.
 */

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36';
test.use({ viewport: { width: 390, height: 844 }, userAgent: ANDROID });

const LATIN_DIGIT = /[0-9]/;

/** A screenshot for the report, and nothing wider than the phone's screen. */
async function look(page: Page, info: TestInfo, name: string): Promise<void> {
  await info.attach(name, { body: await page.screenshot(), contentType: 'image/png' });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}
const digits = (lang: 'ar' | 'en', n: number) =>
  lang === 'ar' ? String(n).replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!) : String(n);
const occurrences = (text: string, part: string) => text.split(part).length - 1;

test('the error summary lists each error once and names its field once', async ({ page, open, lang }, info) => {
  await open('/contact');
  const requestNumber = CONTACT_FIELDS.requestId!.label[lang];
  // A request number with symbols: its message already names the field ("Request number is not valid.").
  await page.getByLabel(requestNumber, { exact: false }).fill('no such number!');
  await page.getByRole('button', { name: tr(lang, 'Send') }).click();
  const summary = page.getByRole('alert');
  await expect(summary).toBeVisible();
  const items = (await summary.getByRole('listitem').allTextContents()).map((s) => s.trim());
  expect(items.length).toBeGreaterThanOrEqual(4);
  expect(new Set(items).size, 'no error listed twice').toBe(items.length);
  const mentioning = items.filter((i) => i.includes(requestNumber));
  expect(mentioning).toHaveLength(1);
  expect(occurrences(mentioning[0]!, requestNumber), 'the label once').toBe(1);
  expect(mentioning[0]).not.toContain(`${requestNumber}:`);
  // The required fields: their label once, before the message.
  for (const id of ['fullName', 'message'] as const) {
    const label = CONTACT_FIELDS[id]!.label[lang];
    const item = items.find((i) => i.startsWith(`${label}:`));
    expect(item, label).toBeDefined();
    expect(occurrences(item!, `${label}:`)).toBe(1);
  }
  expect(await axeViolations(page)).toEqual([]);
  await summary.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await look(page, info, 'error summary');
});

test('a first visit on a phone shows one banner at a time', async ({ browser, lang, baseURL }, info) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, userAgent: ANDROID });
  await seenTours(context);
  const page = await context.newPage();
  for (const path of ['/', '/services']) {
    await page.goto(`${baseURL}${path}?lang=${lang}`);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // The prompts at the bottom come after the first frame: wait for the app's before counting.
    await expect(page.getByRole('region', { name: tr(lang, 'Notices') })).toBeVisible();
    await expect(page.getByTestId('banner').filter({ visible: true })).toHaveCount(1);
    await look(page, info, `first visit ${path}`);
  }
  // Closed, the next one takes the place: still one.
  await page
    .getByRole('region', { name: tr(lang, 'Notices') })
    .getByRole('button', { name: tr(lang, 'Close') })
    .first()
    .click();
  await expect(page.getByTestId('banner').filter({ visible: true })).toHaveCount(1);
  await context.close();
});

test('the stepper and the service cards write numbers in the language digits', async ({ page, lang }, info) => {
  await page.goto(`/services?lang=${lang}`);
  const card = page.getByTestId('service-card').filter({ visible: true }).first();
  const facts = card.getByTestId('meta-line').locator('bdi');
  await expect(facts).toHaveCount(3);
  const line = (await card.getByTestId('meta-line').textContent())!;
  if (lang === 'ar') expect(line).not.toMatch(LATIN_DIGIT);
  expect(line).not.toContain('·');
  await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await look(page, info, 'service card');

  await signInThroughApi(page, lang, DEMO_CITIZEN.username);
  await page.goto(`/services/CODEMETER/add?lang=${lang}`);
  const add = new AddRequestPage(page, lang);
  await expect(add.heading).toBeVisible();
  const steps = page.getByRole('navigation', { name: tr(lang, 'Steps') }).getByRole('listitem');
  await expect(steps.nth(1)).toBeVisible();
  await expect(steps.first()).toContainText(digits(lang, 1));
  await expect(steps.nth(1)).toContainText(digits(lang, 2));
  const heading = page
    .getByRole('heading', { level: 2 })
    .filter({ hasText: digits(lang, 1) })
    .first();
  await expect(heading).toBeVisible();
  if (lang === 'ar') {
    expect(await page.getByRole('navigation', { name: tr(lang, 'Steps') }).textContent()).not.toMatch(LATIN_DIGIT);
    expect(await heading.textContent()).not.toMatch(LATIN_DIGIT);
  }
  expect(await axeViolations(page)).toEqual([]);
  await look(page, info, 'stepper');
});
