import type { Locator, Page } from '@playwright/test';
import { tr } from '../support/auth.ts';

/*
 * The staff's view of a citizen's bills, payments and papers (/citizens/$citizenId/finance, decision 060) as a test
 * drives it: the lists, a payment's status, and recording a refund.
 */
type Lang = 'ar' | 'en';

export class CitizenFinancePage {
  constructor(
    readonly page: Page,
    readonly lang: Lang,
  ) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: tr(this.lang, 'Bills and payments') });
  }
  get billList(): Locator {
    return this.page.getByTestId('finance-bills');
  }
  /** The receipts and credit notes, each `li[data-kind]`. */
  paper(kind: 'paymentReceipt' | 'creditNote'): Locator {
    return this.page.getByTestId('finance-papers').locator(`li[data-kind="${kind}"]`);
  }
  /** The status cell of the payments (one a payment). */
  get paymentStatuses(): Locator {
    return this.page.getByTestId(/^payment-status-/).filter({ visible: true });
  }
  button(en: string): Locator {
    return this.page.getByRole('button', { name: tr(this.lang, en), exact: true }).filter({ visible: true });
  }

  /** Records the refund of the only refundable payment on screen, with a reason. */
  async refund(reason: string): Promise<void> {
    await this.button('Record a refund').click();
    await this.page.getByLabel(tr(this.lang, 'Reason for the refund')).fill(reason);
    await this.button('Record the refund').click();
  }
}
