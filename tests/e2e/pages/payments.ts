import { expect, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { latinDigits } from '../../../contract/identity.ts';
import { createCitizen, tr } from '../support/auth.ts';
import { FAWRY_URL } from '../support/ports.ts';
import { apiSignIn } from './add-request.ts';
import { MeterApi, approveMeter } from './meters.ts';
import { STAFF, StaffDesk } from './staff.ts';

/*
 * Paying as a test drives it (issue 12): the payment screen (/pay/{serviceSlug}/{entryId}), the sandbox gateway's
 * hosted page for cards (this server's own HTML, its texts its own), an outlet of the local Fawry for codes, and the setup through the API: a citizen with an
 * approved meter whose readings of past months made unpaid bills.
 */
type Lang = 'ar' | 'en';

export const CARDS = { ok: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const;

/** The sandbox page's own texts (server/domain/payments/sandbox-page.ts). */
const SANDBOX = {
  ar: { card: 'رقم البطاقة', pay: 'ادفع' },
  en: { card: 'Card number', pay: 'Pay' },
} as const;

/** The first day of the month `back` months before now, at 10:00 UTC (a reading's date in a past month). */
const monthsAgo = (back: number): string => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 10, 10)).toISOString();
};

/**
 * A new citizen with one approved residential meter and a reading in each of the last `months` months (150 kWh a
 * month): as many unpaid bills, oldest first. Returns the account and the meter number.
 */
export async function citizenWithBills(
  request: APIRequestContext,
  browser: Browser,
  lang: Lang,
  months: number,
): Promise<{ username: string; mobile: string; nationalId: string; meterNumber: string }> {
  const citizen = await createCitizen(request);
  const csrf = await apiSignIn(request, citizen.username, citizen.password);
  const meter = await new MeterApi(request, csrf).add();
  const desk = await StaffDesk.open(browser, lang, STAFF.employee);
  await approveMeter(desk.page, meter);
  await desk.page.context().close();
  for (let i = 0; i < months; i++) {
    const res = await request.post(`/api/meters/${meter.id}/readings`, {
      headers: { 'x-csrf-token': csrf, 'x-device': 'CITIZEN', 'idempotency-key': crypto.randomUUID() },
      data: { value: 1000 + 150 * (i + 1), readAt: monthsAgo(months - i) },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  return { username: citizen.username, mobile: citizen.mobile, nationalId: citizen.nationalId, meterNumber: meter.number };
}

export class PaymentScreen {
  constructor(
    readonly page: Page,
    readonly lang: Lang,
  ) {}

  button(en: string): Locator {
    return this.page.getByRole('button', { name: tr(this.lang, en), exact: true });
  }
  link(en: string): Locator {
    return this.page.getByRole('link', { name: tr(this.lang, en), exact: true });
  }
  get amounts(): Locator {
    return this.page.getByTestId('amounts');
  }
  get state(): Locator {
    return this.page.getByTestId('payment-state');
  }
  get code(): Locator {
    return this.page.getByTestId('payment-code');
  }

  async choose(channel: 'card' | 'code'): Promise<void> {
    const label =
      channel === 'card' ? 'Bank card (Visa, Mastercard, Meeza)' : 'Payment code, paid at an outlet or a wallet (Fawry)';
    await this.page.getByRole('radio', { name: tr(this.lang, label) }).check();
  }

  /** Goes to the sandbox gateway by card and pays with `card`; back on the status screen. */
  async payByCard(card: string): Promise<void> {
    await this.choose('card');
    await this.button('Go to the payment page').click();
    await expect(this.page).toHaveURL(/\/api\/sandbox-gateway\//);
    await this.page.getByLabel(SANDBOX[this.lang].card).fill(card);
    await this.page.getByRole('button', { name: SANDBOX[this.lang].pay, exact: true }).click();
    await expect(this.page).toHaveURL(/\/pay\/[^/]+\/[^/?]+\?(.*&)?paymentId=/);
  }

  /** On a paid payment's status screen: the receipt's download link (decision 029). */
  get receiptLink(): Locator {
    return this.page.getByTestId('payment-receipt').getByRole('link', { name: tr(this.lang, 'Download the receipt') });
  }

  /** The receipt the link gives is a PDF (fetched with the page's session, as the link would). */
  async expectReceiptPdf(): Promise<void> {
    const href = await this.receiptLink.getAttribute('href');
    expect(href).toMatch(/^\/api\/documents\/[^/]+\/pdf$/);
    const res = await this.page.request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/pdf');
    expect((await res.body()).subarray(0, 4).toString()).toBe('%PDF');
  }

  /** My papers' payment receipts. */
  async openPaymentReceipts(): Promise<Locator> {
    await this.page.goto('/papers');
    await expect(this.page.getByTestId('papers')).toBeVisible();
    return this.page.getByTestId('papers').locator('li[data-kind="paymentReceipt"]');
  }

  /** The payment code on the screen (Fawry's reference number), in Latin digits. */
  async referenceNumber(): Promise<string> {
    const text = latinDigits((await this.code.getByTestId('payment-code-number').textContent()) ?? '');
    return /\d{6,}/.exec(text)![0];
  }

  /** The code screen's total to pay at the outlet (fees included). */
  get codeTotal(): Locator {
    return this.code.getByTestId('code-total');
  }

  /** The refusal of a choice of bills on the payment screen (its catalogue message). */
  get refusal(): Locator {
    return this.page.getByTestId('pay-refusal');
  }

  /** An outlet pays the code: the local Fawry marks it paid and sends the portal its signed notification V2. */
  async outletPays(referenceNumber: string): Promise<void> {
    const res = await this.page.request.post(`${FAWRY_URL}/outlet/pay`, { data: { referenceNumber } });
    expect(res.status()).toBe(200);
    expect(((await res.json()) as { notification: number }).notification).toBe(200);
  }
}
