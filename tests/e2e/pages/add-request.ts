import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { tr } from '../support/auth.ts';

/*
 * The add-request page (/services/{slug}/add) as a test drives it: fields by their label in the test's
 * language (the seed's own labels), the step buttons, Review then Send, Save as draft, Reset, and what comes after.
 */
type Lang = 'ar' | 'en';

/** Field labels and option texts of the seeded services (server/seed/data), per language. */
export const LABELS = {
  applicantName: { ar: 'اسم مقدم الطلب رباعيًا', en: 'Applicant full name (four names)' },
  nationalId: { ar: 'الرقم القومي', en: 'National ID number' },
  mobile: { ar: 'رقم الهاتف المحمول', en: 'Mobile number' },
  governorate: { ar: 'المحافظة', en: 'Governorate' },
  cairo: { ar: 'القاهرة', en: 'Cairo' },
  district: { ar: 'المدينة أو المركز / الحي', en: 'City / district' },
  address: { ar: 'العنوان تفصيليًا', en: 'Detailed address' },
  propertyType: { ar: 'نوع العقار', en: 'Property type' },
  apartment: { ar: 'شقة سكنية', en: 'Residential apartment' },
  yes: { ar: 'نعم', en: 'Yes' },
  nearestMeter: { ar: 'رقم أقرب عداد مجاور', en: 'Number of the nearest neighbouring meter' },
  documents: { ar: 'صورة بطاقة الرقم القومي ومستند الحيازة', en: 'National ID copy and proof of possession' },
  faultType: { ar: 'النوع', en: 'Type' },
  areaOutage: { ar: 'انقطاع التيار عن المنطقة', en: 'Power cut in the area' },
  description: { ar: 'الوصف', en: 'Description' },
} as const;

/** A small valid PDF (the server checks the content's signature, not the name). */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export class AddRequestPage {
  constructor(
    readonly page: Page,
    readonly lang: Lang,
  ) {}

  label(key: keyof typeof LABELS): string {
    return LABELS[key][this.lang];
  }
  field(key: keyof typeof LABELS): Locator {
    return this.page.getByLabel(this.label(key), { exact: true });
  }
  button(en: string): Locator {
    return this.page.getByRole('button', { name: tr(this.lang, en), exact: true });
  }
  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }
  async next(): Promise<void> {
    await this.button('Next').click();
  }
  /** The last step's button: the form is checked and, when it passes, the review step shows the data (decision 052). */
  async review(): Promise<void> {
    await this.button('Review').click();
  }
  get reviewStep(): Locator {
    return this.page.getByTestId('add-review');
  }
  /** Review, then Send from the review step. */
  async send(): Promise<void> {
    await this.review();
    await expect(this.reviewStep).toBeVisible();
    await this.reviewStep.getByRole('button', { name: tr(this.lang, 'Send'), exact: true }).click();
  }
  /** The confirmation's request number (e.g. CODEMETER-2026-000012). */
  async sentNumber(slug: string): Promise<string> {
    const sent = this.page.getByTestId('request-sent');
    await expect(sent).toBeVisible();
    // Shown as people read it (decision 061); the stored number is the element's data-number.
    const number = (await sent.getByTestId('request-number').getAttribute('data-number')) ?? '';
    expect(number).toMatch(new RegExp(`^${slug}-\\d{4}-\\d{6,}$`));
    return number;
  }

  async fillCodemeterApplicant(): Promise<void> {
    await this.field('applicantName').fill('منى أحمد محمود علي');
    // A signed-in citizen's national id is the profile's (read-only); a visitor types it.
    if (await this.field('nationalId').isEditable()) await this.field('nationalId').fill('29001010100015');
    await this.field('mobile').fill('01012345678');
  }
  async fillCodemeterProperty(): Promise<void> {
    await this.field('governorate').selectOption({ label: this.label('cairo') });
    await this.field('district').fill('Nasr City');
    await this.field('address').fill('12 Abbas El Akkad Street, Nasr City, Cairo');
    await this.field('propertyType').selectOption({ label: this.label('apartment') });
    await this.page.getByRole('radio', { name: this.label('yes'), exact: true }).check();
    await this.field('nearestMeter').fill('12345678');
  }
  async attachDocument(): Promise<void> {
    // The file input is drawn as its "Choose files" label; the field is its group (named by the field's label).
    await this.page
      .getByRole('group', { name: this.label('documents') })
      .locator('input[type="file"]')
      .setInputFiles({ name: 'id-card.pdf', mimeType: 'application/pdf', buffer: PDF });
    // Uploaded: the file is listed with its Remove button.
    await expect(this.page.getByRole('button', { name: /id-card\.pdf/ })).toBeVisible();
  }
  async fillFault(description = 'The whole street has had no power since the morning.'): Promise<void> {
    await this.field('faultType').selectOption({ label: this.label('areaOutage') });
    await this.field('description').fill(description);
    await this.field('governorate').selectOption({ label: this.label('cairo') });
    await this.field('address').fill('5 Tahrir Square, Downtown, Cairo');
  }
  async fillContact(): Promise<void> {
    await this.field('mobile').fill('01123456789');
  }
}

/** Signs an API client in as a citizen, for checks through the API (its own cookie, not the page's). */
export async function apiSignIn(request: APIRequestContext, username: string, password: string): Promise<string> {
  const res = await request.post('/api/citizen/login', {
    headers: { 'x-csrf-token': 'anonymous', 'x-device': 'CITIZEN' },
    data: { username, password },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { csrfToken: string }).csrfToken;
}
