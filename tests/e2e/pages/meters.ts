import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { METER_FIELDS, READING_FIELDS } from '../../../contract/meters-form.ts';
import type { TMeter, TReadingList } from '../../../contract/meters.ts';
import { tr } from '../support/auth.ts';

/*
 * Meters and readings as a test drives them (issue 12): the citizen's /profile/meters (and its readings view), the
 * employee's /meter-approvals, and the API calls that seed meters and check what arrived. Field labels come from
 * the contract's field schemas (contract/meters-form.ts), the other texts from the catalogs.
 */
type Lang = 'ar' | 'en';

let nextNumber = Number(`7${String(Date.now()).slice(-8)}`);
/** A meter number no other test used. */
export const newMeterNumber = (): string => String(nextNumber++);

export const meterBody = (over: Record<string, unknown> = {}) => ({
  number: newMeterNumber(),
  type: 'single_phase',
  ownerName: 'Salma Adel Mahmoud',
  ownerNationalId: '29001010100015',
  address: '12 Shubra Street, Cairo',
  serviceCenterId: 'sc-shubra',
  connectionType: 'residential',
  initialReading: 1000,
  ...over,
});

/** Citizen API calls through an API client signed in as the citizen (`csrf` from apiSignIn). */
export class MeterApi {
  constructor(
    readonly request: APIRequestContext,
    readonly csrf: string,
  ) {}

  async add(over: Record<string, unknown> = {}): Promise<TMeter> {
    const res = await this.request.post('/api/meters', {
      headers: { 'x-csrf-token': this.csrf, 'x-device': 'CITIZEN' },
      data: meterBody(over),
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as TMeter;
  }

  async readings(meterId: string): Promise<TReadingList> {
    const res = await this.request.get(`/api/meters/${meterId}/readings`, { headers: { 'x-device': 'CITIZEN' } });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as TReadingList;
  }
}

/** An employee's decision through the API of a page signed in to the employee build. */
export async function approveMeter(staffPage: Page, meter: { id: string; version: number }): Promise<void> {
  const csrf = await staffPage.evaluate(() => localStorage.getItem('usertoken') ?? '');
  const res = await staffPage.request.post(`/api/staff/meters/${meter.id}/decision`, {
    headers: { 'x-csrf-token': csrf, 'x-device': 'EMPLOYEE' },
    data: { version: meter.version, decision: 'approve' },
  });
  expect(res.status(), await res.text()).toBe(200);
}

export class ReadingsPage {
  constructor(
    readonly page: Page,
    readonly lang: Lang,
  ) {}

  async open(meterId: string): Promise<void> {
    await this.page.goto(`/profile/meters?readings=${meterId}&lang=${this.lang}`);
    await expect(this.page.getByRole('heading', { level: 1 })).toHaveText(tr(this.lang, 'Register a meter reading'));
    await expect(this.page.getByTestId('readings-table')).toBeVisible();
  }
  get value(): Locator {
    return this.page.getByLabel(READING_FIELDS.value!.label[this.lang], { exact: true });
  }
  get outboxButton(): Locator {
    return this.page.getByTestId('outbox-button');
  }
  rows(state?: 'waiting' | 'attention' | 'sent'): Locator {
    // A row of the table from tablet width, a card on a phone (the data table draws both; one is shown).
    const rows = this.page.getByTestId('reading-row').filter({ visible: true });
    return state ? rows.and(this.page.locator(`[data-state="${state}"]`)) : rows;
  }
  /** Types a reading (today's date on the device) and saves it. */
  async enter(value: number): Promise<void> {
    await this.value.fill(String(value));
    await this.page.getByRole('button', { name: tr(this.lang, 'Save the reading'), exact: true }).click();
  }
  /** Saved on the device, to be sent when online. */
  async expectKept(): Promise<void> {
    await expect(this.page.getByTestId('reading-notice')).toHaveText(
      tr(this.lang, 'The reading is saved on this device and will be sent when you are online.'),
    );
  }
}

export class MetersPage {
  constructor(
    readonly page: Page,
    readonly lang: Lang,
  ) {}

  field(id: keyof typeof METER_FIELDS): Locator {
    return this.page.getByLabel(METER_FIELDS[id]!.label[this.lang], { exact: true });
  }
  button(en: string): Locator {
    return this.page.getByRole('button', { name: tr(this.lang, en), exact: true });
  }
  card(number: string): Locator {
    return this.page.locator(`[data-testid="meter-card"][data-number="${number}"]`);
  }
}

/**
 * A meter waiting on the employee's /meter-approvals (open), on whichever page of its list it is (oldest first: a
 * new meter is on the last page when other tests leave more than a page waiting).
 */
export async function pendingMeterOnApprovals(staffPage: Page, lang: Lang, number: string): Promise<Locator> {
  const pending = staffPage.locator(`[data-testid="pending-meter"][data-number="${number}"]`);
  const next = staffPage
    .getByRole('navigation', { name: tr(lang, 'Meter list pages') })
    .getByRole('button', { name: tr(lang, 'Next') });
  await expect(staffPage.getByTestId('pending-meter').first()).toBeVisible();
  while (!(await pending.isVisible()) && (await next.count()) > 0 && (await next.isEnabled())) {
    const first = await staffPage.getByTestId('pending-meter').first().getAttribute('data-number');
    await next.click();
    await expect(staffPage.getByTestId('pending-meter').first()).not.toHaveAttribute('data-number', first ?? '');
  }
  return pending;
}
