import { axeViolations, expect, test } from './fixtures.ts';
import { createCitizen, tr } from './support/auth.ts';
import { BillsScreen } from './pages/bills.ts';
import { CARDS, PaymentScreen, citizenWithBills } from './pages/payments.ts';
import { Citizen } from './pages/tracking.ts';
import { VerifyPage } from './support/verify-page.ts';
import { services } from '../../server/seed/data/catalog.ts';
import { readableNumber } from '../../contract/request-number.ts';

const CODEMETER = services.find((s) => s.serviceSlug === 'CODEMETER')!;

/*
 * Paying (issue 12): three bills paid oldest first, two by card in the sandbox gateway this server runs after a
 * declined card, the newest by a Fawry payment code (the local Fawry of the run: charge, status, then an outlet pays
 * it and Fawry's signed notification arrives); a CODEMETER request's fee paid by card, and the
 * request moves on. The browser's return shows what the gateway's signed callback told the server.
 */

// Staff approve the meter, and the sandbox round trips: more than the default minute on a loaded machine.
test.describe.configure({ timeout: 150_000 });

test('bills: a declined card, then two bills by card; the newest by a payment code with its countdown', async ({
  page,
  request,
  browser,
  lang,
}) => {
  const { username, meterNumber } = await citizenWithBills(request, browser, lang, 3);
  await new Citizen(page, lang).signIn(username);
  const bills = new BillsScreen(page, lang);
  await bills.open();
  const meter = bills.meter(meterNumber);
  const boxes = bills.checkboxes(meter);
  await expect(boxes).toHaveCount(3);
  // The two oldest, oldest first.
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await bills.payButton(meter).click();

  const pay = new PaymentScreen(page, lang);
  await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'Pay bills') })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(3); // the header and two bills
  await expect(pay.amounts).toContainText(tr(lang, 'Payment gateway fee'));
  expect(await axeViolations(page)).toEqual([]);

  // A declined card: unpaid, nothing charged, try again.
  await pay.payByCard(CARDS.declined);
  await expect(pay.state).toHaveAttribute('data-state', 'unpaid');
  await expect(pay.state).toContainText(tr(lang, 'The payment did not go through. Nothing was charged; you can try again.'));
  expect(await axeViolations(page)).toEqual([]);
  await pay.link('Try again').click();
  await pay.payByCard(CARDS.ok);
  await expect(pay.state).toHaveAttribute('data-state', 'paid');
  // Its receipt: a PDF from the status screen, and kept in my papers.
  await expect(pay.receiptLink).toBeVisible();
  await pay.expectReceiptPdf();
  const receipts = await pay.openPaymentReceipts();
  await expect(receipts).toHaveCount(1);
  // Named by what it pays (the two bills' months), not by the gateway's reference (decision 049).
  await expect(receipts.first()).toContainText(lang === 'ar' ? 'إيصال سداد فواتير كهرباء' : 'Receipt - electricity bills');
  // Its QR code's address (the same as the paper's Verify link) shows the payment on /verify.
  await receipts
    .first()
    .getByRole('link', { name: tr(lang, 'Verify'), exact: true })
    .click();
  const verify = new VerifyPage(page, lang);
  await expect(verify.heading()).toBeVisible();
  await expect(page.getByTestId('qr-payment-reference')).not.toBeEmpty();
  await expect(verify.value('Total paid')).not.toBeEmpty();

  // The newest by a payment code: its number and the time left; an outlet pays it; the screen follows.
  await bills.open();
  await expect(boxes).toHaveCount(1);
  await boxes.first().check();
  await bills.payButton(meter).click();
  await pay.choose('code');
  await pay.button('Get a payment code').click();
  await expect(pay.code).toBeVisible();
  await expect(pay.code.getByRole('timer')).toContainText(tr(lang, 'Time left: {d} d {h} h {m} min').split('{')[0]!.trim());
  const reference = await pay.referenceNumber();
  await pay.link('Follow this payment').click();
  await expect(pay.state).toHaveAttribute('data-state', 'checking');
  // Asking the gateway before the code is paid: still checking.
  await pay.button('Refresh status').click();
  await expect(pay.state).toHaveAttribute('data-state', 'checking');
  await pay.outletPays(reference);
  // Fawry's signed notification reached the server; the screen, checking again by itself, shows it.
  await expect(pay.state).toHaveAttribute('data-state', 'paid');
  await bills.open();
  await expect(bills.meter(meterNumber)).toHaveCount(0);
});

test("a request's fee: paid by card in the sandbox, and the request moves on", async ({ page, request, lang }) => {
  const account = await createCitizen(request);
  const citizen = new Citizen(page, lang);
  await citizen.signIn(account.username);
  const filed = await citizen.file('CODEMETER');
  await page.goto(`/services/CODEMETER/entries/${filed.id}?lang=${lang}`);
  await page.getByTestId('request-pay').click();
  const pay = new PaymentScreen(page, lang);
  await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'Pay the service fee') })).toBeVisible();
  await expect(page.getByTestId('fee-request')).toContainText(readableNumber(filed.ID, lang));
  await expect(pay.amounts).toContainText(tr(lang, 'Service fee'));
  expect(await axeViolations(page)).toEqual([]);
  await pay.payByCard(CARDS.ok);
  await expect(pay.state).toHaveAttribute('data-state', 'paid');
  await pay.link('Back to the request').click();
  // Paid in advance, it goes on to the service's next status (the gateway's move).
  const next = CODEMETER.workflow.statuses.find((s) => s.id === 'in_review')!.label[lang];
  await expect(page.getByTestId('view-request')).toContainText(next);
  await expect(page.getByTestId('request-pay')).toHaveCount(0);
});
