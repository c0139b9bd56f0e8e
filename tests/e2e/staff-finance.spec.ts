import { axeViolations, expect, test } from './fixtures.ts';
import { createCitizen, tr } from './support/auth.ts';
import { VerifyPage } from './support/verify-page.ts';
import { apiSignIn } from './pages/add-request.ts';
import { CitizenFinancePage } from './pages/finance.ts';
import { MeterApi } from './pages/meters.ts';
import { CARDS, PaymentScreen, citizenWithBills } from './pages/payments.ts';
import { PORTRAIT, STAFF, StaffDesk } from './pages/staff.ts';
import { Citizen } from './pages/tracking.ts';
import { QUOTAS } from '../../contract/limits.ts';

/*
 * The finance side staff need (issue 24 part 5; decision 060), on an upright tablet (820 px), Arabic and English:
 * technical support reads a citizen's bills from the citizen found at /apply-on-behalf; an employee sets the fee of
 * a request whose fee is estimated (LMIFT), the citizen pays it through the sandbox gateway, the employee records
 * its refund from the citizen's card, and the receipt is withdrawn (its QR page says so) while a credit note
 * appears in the citizen's My papers; /meter-approvals pages its list. The demo employee holds every role these
 * need (technical support, billing requests, meter approvals); data the screens do not make is made through the API.
 */

// Staff and citizen sessions, sandbox round trips: more than the default minute on a loaded two-core machine.
test.describe.configure({ timeout: 180_000 });

test("support finds a citizen and reads their bills: each bill's card, no payments yet", async ({ request, browser, lang }) => {
  const citizen = await citizenWithBills(request, browser, lang, 2);
  const desk = await StaffDesk.open(browser, lang, STAFF.employee);
  await desk.page.setViewportSize(PORTRAIT);
  await desk.page.goto(`/apply-on-behalf?lang=${lang}`);
  await desk.page.getByLabel(tr(lang, "Citizen's national ID")).fill(citizen.nationalId);
  await desk.button('File for this citizen').click();
  await expect(desk.page.getByTestId('behalf-banner')).toContainText(citizen.nationalId);
  await desk.page.getByRole('link', { name: tr(lang, 'Bills and payments'), exact: true }).click();

  const finance = new CitizenFinancePage(desk.page, lang);
  await expect(finance.heading).toBeVisible();
  await expect(desk.page.getByRole('main')).toContainText(citizen.nationalId);
  await expect(finance.billList.getByRole('listitem')).toHaveCount(2);
  await expect(finance.billList).toContainText(citizen.meterNumber);
  await expect(desk.page.getByText(tr(lang, 'No payments.'), { exact: true })).toBeVisible();
  expect(await axeViolations(desk.page)).toEqual([]);
  await desk.stopActing();
});

test('a fee set by staff is paid by the citizen; its refund withdraws the receipt and issues a credit note', async ({
  page,
  browser,
  lang,
}) => {
  const account = await createCitizen(page.request);
  const citizen = new Citizen(page, lang);
  await citizen.signIn(account.username);
  const r = await citizen.file('LMIFT');

  // The employee moves it to awaiting payment, and sets its fee (the service's fee is estimated per request).
  const desk = await StaffDesk.open(browser, lang, STAFF.employee);
  await desk.page.setViewportSize(PORTRAIT);
  await desk.openRequest(r);
  await desk.changeStatus('in_review');
  await desk.changeStatus('awaiting_payment');
  await desk.page.getByLabel(tr(lang, 'Fee to pay (EGP)')).fill('150');
  await desk.button('Set the fee').click();
  await expect(desk.status).toContainText(tr(lang, 'The fee was set. The citizen was told and can pay it now.'));
  await expect(desk.button('Change the fee')).toBeVisible();
  expect(await axeViolations(desk.page)).toEqual([]);

  // The citizen pays it by card on the sandbox gateway.
  await page.setViewportSize(PORTRAIT);
  await page.goto(`/pay/LMIFT/${r.id}?lang=${lang}`);
  await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'Pay the service fee') })).toBeVisible();
  const pay = new PaymentScreen(page, lang);
  await expect(pay.amounts).toContainText(lang === 'ar' ? '١٥٠' : '150');
  await pay.payByCard(CARDS.ok);
  await expect(pay.state).toHaveAttribute('data-state', 'paid');
  // Its receipt, as for bills: a PDF from the fee's page (this test's fix: the fee page showed none).
  await pay.expectReceiptPdf();
  const papers = await page.request.get('/api/documents', { headers: { 'x-device': 'CITIZEN' } });
  expect(papers.status(), await papers.text()).toBe(200);
  const { items } = (await papers.json()) as { items: { kind: string; verifyUrl?: string }[] };
  const receipt = items.find((d) => d.kind === 'paymentReceipt');
  expect(receipt?.verifyUrl, JSON.stringify(items)).toBeTruthy();

  // The employee opens the citizen's bills and payments from the request's citizen card and records the refund.
  await desk.openRequest(r);
  await desk.page.getByRole('link', { name: tr(lang, 'Bills and payments'), exact: true }).click();
  const finance = new CitizenFinancePage(desk.page, lang);
  await expect(finance.heading).toBeVisible();
  await expect(finance.paymentStatuses).toHaveCount(1);
  await expect(finance.paymentStatuses).toContainText(tr(lang, 'Paid'));
  await expect(finance.paper('paymentReceipt')).toHaveCount(1);
  expect(await axeViolations(desk.page)).toEqual([]);
  await finance.refund('Paid twice: returned at the cashier');
  await expect(finance.paymentStatuses).toContainText(tr(lang, 'Refunded'));
  await expect(finance.paymentStatuses).toContainText('Paid twice: returned at the cashier');
  await expect(finance.button('Record a refund')).toHaveCount(0);
  await expect(finance.paper('paymentReceipt')).toContainText(tr(lang, 'Withdrawn: the payment was refunded.'));
  await expect(finance.paper('creditNote')).toHaveCount(1);
  expect(await axeViolations(desk.page)).toEqual([]);

  // The receipt's QR page: issued by us, withdrawn, no longer proof of payment.
  const verify = new VerifyPage(page, lang);
  await verify.open(new URL(receipt!.verifyUrl!, 'http://x').searchParams.get('secret')!);
  await expect(verify.document()).toBeVisible();
  await expect(page.getByTestId('qr-withdrawn')).toHaveText(tr(lang, 'Withdrawn'));
  await expect(verify.value('Withdrawn on')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // My papers: the receipt marked withdrawn, and the credit note.
  await page.goto(`/papers?lang=${lang}`);
  const list = page.getByTestId('papers');
  await expect(list.locator('li[data-kind="paymentReceipt"]').getByTestId('withdrawn')).toHaveText(
    tr(lang, 'Withdrawn: the payment was refunded.'),
  );
  await expect(list.locator('li[data-kind="creditNote"]')).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);
});

test('/meter-approvals pages its list: next and previous pages, each with other meters', async ({ request, browser, lang }) => {
  const desk = await StaffDesk.open(browser, lang, STAFF.employee);
  await desk.page.setViewportSize(PORTRAIT);
  // More than one page of 20, whatever other tests leave waiting: 21 meters of this test's own (new citizens, each
  // with the few a citizen may have waiting), decided again at the end so later tests find theirs on page one.
  const own: { id: string; version: number }[] = [];
  try {
    while (own.length < 21) {
      const account = await createCitizen(request);
      const csrf = await apiSignIn(request, account.username, account.password);
      const api = new MeterApi(request, csrf);
      for (let i = 0; i < QUOTAS.pendingMeters && own.length < 21; i++) own.push(await api.add());
      // Signed out: the next citizen signs up anonymously.
      await request.post('/api/citizen/logout', { headers: { 'x-csrf-token': csrf }, data: {} });
    }

    await desk.page.goto(`/meter-approvals?lang=${lang}`);
    await expect(desk.heading).toHaveText(tr(lang, 'Meters waiting for approval'));
    const pager = desk.page.getByRole('navigation', { name: tr(lang, 'Meter list pages') });
    const previous = pager.getByRole('button', { name: tr(lang, 'Previous') });
    const next = pager.getByRole('button', { name: tr(lang, 'Next') });
    await expect(previous).toBeDisabled();
    const meters = desk.page.getByTestId('pending-meter');
    await expect(meters).toHaveCount(20);
    const firstOnPageOne = await meters.first().getAttribute('data-number');
    expect(await axeViolations(desk.page)).toEqual([]);

    await next.click();
    await expect(previous).toBeEnabled();
    await expect(meters.first()).not.toHaveAttribute('data-number', firstOnPageOne ?? '');
    expect(await meters.count()).toBeGreaterThan(0);
    expect(await axeViolations(desk.page)).toEqual([]);

    await previous.click();
    await expect(previous).toBeDisabled();
    await expect(meters.first()).toHaveAttribute('data-number', firstOnPageOne ?? '');
  } finally {
    const csrf = await desk.page.evaluate(() => localStorage.getItem('usertoken') ?? '');
    for (const m of own) {
      await desk.page.request.post(`/api/staff/meters/${m.id}/decision`, {
        headers: { 'x-csrf-token': csrf, 'x-device': 'EMPLOYEE' },
        data: { version: m.version, decision: 'reject', reason: 'A test meter of the paging test' },
      });
    }
  }
});

test("a citizen's bills and payments page: 20 bills a page, the next page the rest (decision 076)", async ({
  request,
  browser,
  lang,
}) => {
  // Twenty-one months of readings: a bill each, one more than a page.
  const citizen = await citizenWithBills(request, browser, lang, 21);
  const desk = await StaffDesk.open(browser, lang, STAFF.employee);
  await desk.page.setViewportSize(PORTRAIT);
  await desk.page.goto(`/apply-on-behalf?lang=${lang}`);
  await desk.page.getByLabel(tr(lang, "Citizen's national ID")).fill(citizen.nationalId);
  await desk.button('File for this citizen').click();
  await expect(desk.page.getByTestId('behalf-banner')).toContainText(citizen.nationalId);
  await desk.page.getByRole('link', { name: tr(lang, 'Bills and payments'), exact: true }).click();

  const finance = new CitizenFinancePage(desk.page, lang);
  await expect(finance.heading).toBeVisible();
  const bills = finance.billList.getByRole('listitem');
  await expect(bills).toHaveCount(20);
  const pager = desk.page.getByRole('navigation', { name: tr(lang, 'Bill pages') });
  const previous = pager.getByRole('button', { name: tr(lang, 'Previous'), exact: true });
  const next = pager.getByRole('button', { name: tr(lang, 'Next'), exact: true });
  await expect(previous).toBeDisabled();
  const firstBill = await bills.first().textContent();
  expect(await axeViolations(desk.page)).toEqual([]);

  await next.click();
  await expect(bills).toHaveCount(1);
  await expect(next).toBeDisabled();
  await expect(bills.first()).not.toHaveText(firstBill ?? '');
  // No payments yet: the payments' list has no pager.
  await expect(desk.page.getByRole('navigation', { name: tr(lang, 'Payment pages') })).toHaveCount(0);
  await previous.click();
  await expect(bills).toHaveCount(20);
  await expect(bills.first()).toHaveText(firstBill ?? '');
  await desk.stopActing();
});
