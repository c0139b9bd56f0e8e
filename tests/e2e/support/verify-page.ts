import crypto from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { TService } from '../../../contract/catalog.ts';
import { services } from '../../../server/seed/data/catalog.ts';
import { sampleData } from '../../../server/seed/sample-data.ts';
import { DEMO_PASSWORD, tr } from './auth.ts';

/** /verify as a person sees it: the verdict, the document's data, the way back to the portal. */
export class VerifyPage {
  constructor(
    readonly page: Page,
    readonly lang: 'ar' | 'en',
  ) {}

  async open(secret: string): Promise<void> {
    await this.page.goto(`/verify?secret=${encodeURIComponent(secret)}&lang=${this.lang}`);
  }

  heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: tr(this.lang, 'Document verification') });
  }
  invalid(): Locator {
    return this.page.getByRole('alert').filter({ hasText: tr(this.lang, 'Invalid QR Code') });
  }
  document(): Locator {
    return this.page.getByRole('article');
  }
  /** The value next to a label of the document's data. */
  value(label: string): Locator {
    return this.document()
      .locator('div', { has: this.page.getByText(tr(this.lang, label), { exact: true }) })
      .locator('dd');
  }
  /** The main layout's header (navigation), which this page stands outside of. */
  siteNavigation(): Locator {
    return this.page.getByRole('navigation');
  }
}

/**
 * A citizen who filed FAULTS_COMPLAINTS through the API, and the QR address of the receipt it got (from My papers):
 * the paper's code, as a scan would open it.
 */
export async function fileAndGetReceipt(
  request: APIRequestContext,
  username: string,
): Promise<{ number: string; verifyUrl: string }> {
  const login = await request.post('/api/citizen/login', {
    headers: { 'x-csrf-token': 'anonymous' },
    data: { username, password: DEMO_PASSWORD },
  });
  if (!login.ok()) throw new Error(`sign-in failed: ${login.status()} ${await login.text()}`);
  const { csrfToken } = (await login.json()) as { csrfToken: string };
  const service = services.find((s) => s.serviceSlug === 'FAULTS_COMPLAINTS') as unknown as TService;
  const filed = await request.post('/api/requests/FAULTS_COMPLAINTS', {
    headers: { 'x-csrf-token': csrfToken, 'idempotency-key': crypto.randomUUID() },
    data: { activityId: 'apply', data: sampleData(service, 'apply') },
  });
  if (filed.status() !== 201) throw new Error(`filing failed: ${filed.status()} ${await filed.text()}`);
  const { ID } = (await filed.json()) as { ID: string };
  const papers = await request.get('/api/documents', { headers: { 'x-csrf-token': csrfToken } });
  const { items } = (await papers.json()) as { items: { requestNumber: string; verifyUrl?: string }[] };
  const receipt = items.find((d) => d.requestNumber === ID);
  if (!receipt?.verifyUrl) throw new Error(`no receipt for ${ID}: ${JSON.stringify(items)}`);
  await request.post('/api/citizen/logout', { headers: { 'x-csrf-token': csrfToken }, data: {} });
  return { number: ID, verifyUrl: receipt.verifyUrl };
}
