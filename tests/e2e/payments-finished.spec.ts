import type { Locator, Page, TestInfo } from '@playwright/test';
import { axeViolations, expect, test } from './fixtures.ts';
import { createCitizen, tr } from './support/auth.ts';
import { fromMailbox } from './support/mailbox.ts';
import { AddRequestPage } from './pages/add-request.ts';
import { BillsScreen } from './pages/bills.ts';
import { CARDS, PaymentScreen, citizenWithBills } from './pages/payments.ts';
import { Citizen } from './pages/tracking.ts';
import { services } from '../../server/seed/data/catalog.ts';
import { BILL_DUE_DAYS } from '../../contract/bills.ts';

/*
 * Payments, finished (issue 23 part 5; decision 049), as a citizen on a phone, with the app's banner showing: a
 * refused choice of bills says its catalogue message and nothing raw; overdue bills are marked; the code screen
 * shows the total to pay at the outlet, copies the code and says its validity, and the code goes by SMS; a request
 * that waits for its fee says "Awaiting payment" and "Pay the fee" next, on the success card and on its page.
 */

const CODEMETER = services.find((s) => s.serviceSlug === 'CODEMETER')!;
const AWAITING = CODEMETER.workflow.statuses.find((s) => s.id === 'awaiting_payment')!.label;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const DAY = 24 * 60 * 60 * 1000;
const localDigits = (lang: 'ar' | 'en', s: string) => (lang === 'ar' ? s.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!) : s);

test.use({
  viewport: { width: 390, height: 844 },
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
});
// Staff approve the meter and the sandbox round trips: more than the default minute on a loaded machine.
test.describe.configure({ timeout: 150_000 });
// On a phone the banners take turns, the notices at the top first (issue 23): closed already, so the app's shows.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    for (const id of ['beta-notice', 'alert:faults-hotline']) localStorage.setItem(`dismissed:${id}`, '1');
  });
});

/** The citizen's unpaid bills, oldest first (through the API, with the page's session). */
async function unpaidBillIds(page: Page): Promise<string[]> {
  const res = await page.request.get('/api/bills?status=unpaid&limit=100', { headers: { 'x-device': 'CITIZEN' } });
  expect(res.status(), await res.text()).toBe(200);
  const { items } = (await res.json()) as { items: { id: string; period: string }[] };
  return items.sort((a, b) => a.period.localeCompare(b.period)).map((b) => b.id);
}

/**
 * With the app's banner showing: the control, scrolled to the bottom of the screen, is not under the banner (it
 * receives the tap), and at the page's end nothing is (the footer ends above the banner).
 */
async function expectNotCovered(page: Page, lang: 'ar' | 'en', control: Locator): Promise<void> {
  const banner = page.getByRole('link', { name: tr(lang, 'Open the app') });
  await expect(banner).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const bannerTop = (await banner.evaluate((el) => el.closest('.fixed')!.getBoundingClientRect().top)) + 1;
  const footerBottom = await page
    .locator('footer')
    .last()
    .evaluate((el) => el.getBoundingClientRect().bottom);
  expect(footerBottom, 'the end of the page clears the banner').toBeLessThanOrEqual(bannerTop);
  await control.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  const reachable = await control.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.bottom - 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
  expect(reachable, 'the control is not covered by the banner').toBe(true);
}

/** What the citizen sees around `at` on the phone's screen, attached to the run; and nothing wider than the screen. */
async function look(page: Page, info: TestInfo, name: string, at: Locator): Promise<void> {
  await at.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await info.attach(name, { body: await page.screenshot(), contentType: 'image/png' });
  // Nothing wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test('overdue bills are marked; a newer bill alone and a bill paid already are refused by their message, nothing raw', async ({
  page,
  request,
  browser,
  lang,
}, info) => {
  const { username, meterNumber } = await citizenWithBills(request, browser, lang, 2);
  // The bills were issued today; the page is read after their due date (the browser's clock, decision 017).
  await page.clock.install({ time: new Date(Date.now() + (BILL_DUE_DAYS + 5) * DAY) });
  await new Citizen(page, lang).signIn(username);
  const bills = new BillsScreen(page, lang);
  await bills.open();
  const meter = bills.meter(meterNumber);
  await expect(meter.getByTestId('bill-overdue')).toHaveCount(2);
  await expect(meter.getByTestId('bill-overdue').first()).toContainText(tr(lang, 'Overdue'));
  await expect(bills.history.getByText(tr(lang, 'Overdue'), { exact: true })).toHaveCount(2);
  expect(await axeViolations(page)).toEqual([]);
  await look(page, info, 'bills, overdue', meter);

  const [older, newer] = await unpaidBillIds(page);
  const pay = new PaymentScreen(page, lang);
  // The newer bill alone (an old link, another tab): older bills must be paid first.
  await page.goto(`/pay/PAYBILLS/bills?ids=${newer}&lang=${lang}`);
  await expect(pay.refusal).toHaveText(tr(lang, 'Older bills must be paid first.'));
  await expect(page.locator('main')).not.toContainText(tr(lang, 'Something went wrong.'));
  expect(await page.locator('main').innerText()).not.toMatch(UUID);
  await expect(pay.link('Back to my bills')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await look(page, info, 'refused, older first', pay.refusal);

  // Both, oldest first, by card: the payment page's button is reachable above the banner.
  await bills.open();
  await bills.checkboxes(meter).nth(0).check();
  await bills.checkboxes(meter).nth(1).check();
  await bills.payButton(meter).click();
  await expect(pay.amounts).toBeVisible();
  await expectNotCovered(page, lang, pay.button('Go to the payment page'));
  await pay.payByCard(CARDS.ok);
  await expect(pay.state).toHaveAttribute('data-state', 'paid');

  // The older bill again: paid already.
  await page.goto(`/pay/PAYBILLS/bills?ids=${older}&lang=${lang}`);
  await expect(pay.refusal).toHaveText(tr(lang, 'This bill has already been paid.'));
  expect(await page.locator('main').innerText()).not.toMatch(UUID);
  expect(await axeViolations(page)).toEqual([]);
});

test('a payment code: the total with the outlet fee, a copy button that copies, its validity, and the code by SMS', async ({
  page,
  request,
  browser,
  lang,
  baseURL,
}, info) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  const { username, mobile, meterNumber } = await citizenWithBills(request, browser, lang, 1);
  await new Citizen(page, lang).signIn(username);
  const bills = new BillsScreen(page, lang);
  await bills.open();
  const meter = bills.meter(meterNumber);
  await bills.checkboxes(meter).first().check();
  const billAmount = (await meter.getByTestId('selected-total').locator('bdi').textContent())!.trim();
  await bills.payButton(meter).click();
  const pay = new PaymentScreen(page, lang);
  await pay.choose('code');
  // The total the payment screen quoted for a code (its value cell).
  const quoted = (await pay.amounts.getByTestId('total').textContent())!.trim();
  await pay.button('Get a payment code').click();
  await expect(pay.code).toBeVisible();

  // The total to pay at the outlet: the bill, the service fee and the outlet's fee; not the bill's amount.
  await expect(pay.codeTotal).toContainText(tr(lang, 'Total to pay at the outlet'));
  await expect(pay.codeTotal).toContainText(quoted);
  await expect(pay.codeTotal).not.toContainText(billAmount);
  // Its validity in natural units (48 hours), and the time left.
  await expect(pay.code.getByTestId('code-validity')).toContainText(localDigits(lang, '48'));
  await expect(pay.code.getByRole('timer')).toBeVisible();
  const reference = await pay.referenceNumber();

  // Copy: the clipboard holds the code, and the screen says so.
  await pay.code.getByRole('button', { name: tr(lang, 'Copy the code'), exact: true }).click();
  await expect(pay.code.getByRole('status')).toHaveText(tr(lang, 'Copied'));
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reference);

  // The SMS: to the citizen's mobile (masked on screen), with the code, in the developer mailbox.
  await expect(pay.code.getByTestId('code-sms')).toContainText(`${mobile.slice(0, 3)}•••••${mobile.slice(-3)}`);
  const sms = await fromMailbox(request, mobile, new RegExp(`(${reference}[\\s\\S]*)`));
  expect(sms).toContain(lang === 'ar' ? 'ج.م' : 'EGP');
  expect(await axeViolations(page)).toEqual([]);
  await look(page, info, 'payment code', pay.codeTotal);
});

test('a request that waits for its fee says Awaiting payment and Pay the fee next, on the success card and its page', async ({
  page,
  request,
  lang,
}, info) => {
  test.setTimeout(120_000);
  const account = await createCitizen(request);
  await new Citizen(page, lang).signIn(account.username);
  await page.goto(`/services/CODEMETER/add?lang=${lang}`);
  const add = new AddRequestPage(page, lang);
  await add.fillCodemeterApplicant();
  await add.next();
  await add.fillCodemeterProperty();
  await add.next();
  await add.attachDocument();
  await add.send();
  await add.sentNumber('CODEMETER');

  // The success card: the status the citizen is in, and the payment next.
  const sent = page.getByTestId('request-sent');
  await expect(sent.getByTestId('request-sent-status')).toHaveText(AWAITING[lang]);
  await expect(sent.getByRole('heading', { name: tr(lang, 'Next: pay the service fee') })).toBeVisible();
  await expect(sent.getByRole('link', { name: tr(lang, 'Pay the fee'), exact: true })).toHaveClass(/btn-primary/);
  expect(await axeViolations(page)).toEqual([]);
  await look(page, info, 'success card', sent);

  // The request's page: the same status, the fee, and the primary action.
  await sent.getByRole('link', { name: tr(lang, 'View the request'), exact: true }).click();
  const view = page.getByTestId('view-request');
  await expect(view.locator('span[data-status]')).toHaveText(AWAITING[lang]);
  const payNext = view.getByTestId('fee-next');
  await expect(payNext).toContainText(tr(lang, 'Next: pay the service fee'));
  const payLink = payNext.getByRole('link', { name: tr(lang, 'Pay the fee'), exact: true });
  await expect(payLink).toHaveClass(/btn-primary/);
  expect(await axeViolations(page)).toEqual([]);
  await expectNotCovered(page, lang, payLink);
  await look(page, info, 'request page', payNext);
  await payLink.click();
  await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'Pay the service fee') })).toBeVisible();
});
