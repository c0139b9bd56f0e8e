import { expect, type Locator, type Page } from '@playwright/test';
import { tr } from '../support/auth.ts';

/*
 * The bill screens as a test drives them: the bill calculator (the use page of BILL_CALCULATOR) and the citizen's
 * bills (the use page of PAYBILLS).
 */
type Lang = 'ar' | 'en';

export class BillCalculator {
  constructor(
    readonly page: Page,
    readonly lang: Lang,
  ) {}

  /** The service BILL_CALCULATOR's use page: the calculator. */
  async open(): Promise<void> {
    await this.page.goto(`/services/BILL_CALCULATOR/add?lang=${this.lang}`);
    await expect(this.page.getByRole('heading', { level: 1, name: tr(this.lang, 'Electricity bill calculator') })).toBeVisible();
  }

  /** From the service's page, whose action names what it does. */
  async openFromService(): Promise<void> {
    await this.page.goto(`/services/BILL_CALCULATOR?lang=${this.lang}`);
    await this.page.getByRole('link', { name: tr(this.lang, 'Calculate a bill'), exact: true }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: tr(this.lang, 'Electricity bill calculator') })).toBeVisible();
  }

  get kWh(): Locator {
    return this.page.getByLabel(tr(this.lang, 'Monthly consumption (kWh)'));
  }

  async compute(use: string, kWh: string): Promise<void> {
    await this.page.getByRole('radio', { name: use }).check();
    await this.kWh.fill(kWh);
    await this.page.getByRole('button', { name: tr(this.lang, 'Calculate') }).click();
  }

  get total(): Locator {
    return this.page.getByTestId('estimate-total');
  }

  get error(): Locator {
    return this.page.getByRole('alert');
  }
}

export class BillsScreen {
  constructor(
    readonly page: Page,
    readonly lang: Lang,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(`/services/PAYBILLS/add?lang=${this.lang}`);
    await expect(this.page.getByRole('heading', { level: 1, name: tr(this.lang, 'My bills') })).toBeVisible();
  }

  /** The unpaid bills of one meter, by its number. */
  meter(number: string): Locator {
    return this.page.getByTestId('meter-due').filter({ hasText: number });
  }

  checkboxes(meter: Locator): Locator {
    return meter.getByRole('checkbox');
  }

  payButton(meter: Locator): Locator {
    return meter.getByRole('button', { name: tr(this.lang, 'Pay selected bills') });
  }

  get history(): Locator {
    return this.page.getByTestId('bill-history');
  }
}
