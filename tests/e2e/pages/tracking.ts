import crypto from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { TService } from '../../../contract/catalog.ts';
import { services } from '../../../server/seed/data/catalog.ts';
import { sampleData } from '../../../server/seed/sample-data.ts';
import { signInThroughApi, tr } from '../support/auth.ts';
import { readableNumber } from '../../../contract/request-number.ts';

/*
 * The tracking screens as a test drives them: a citizen signed in through the API (the form is auth.spec.ts's
 * subject), requests filed through the API with the page's own session (its csrf token), /inbox, the view-request
 * page, the header's bell, the favourite toggle of the service page.
 */
type Lang = 'ar' | 'en';

/** A 1x1 PNG (the server checks the content's signature). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export type Filed = { id: string; ID: string; serviceSlug: string; attachmentId?: string };

/** Files a request of a service that takes no files (its seed's sample data) with the caller's headers. */
export async function fileSample(api: APIRequestContext, slug: string, headers: Record<string, string>): Promise<Filed> {
  const service = services.find((s) => s.serviceSlug === slug) as unknown as TService;
  const res = await api.post(`/api/requests/${slug}`, {
    headers: { 'idempotency-key': crypto.randomUUID(), ...headers },
    data: { activityId: 'apply', data: sampleData(service, 'apply') },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Filed;
}

export class Citizen {
  constructor(
    readonly page: Page,
    readonly lang: Lang,
  ) {}

  /** Signs in through the API and leaves the page on a same-origin address that is not the app: open a page next. */
  async signIn(username: string): Promise<void> {
    await signInThroughApi(this.page, this.lang, username);
  }

  private async headers(): Promise<Record<string, string>> {
    const token = await this.page.evaluate(() => localStorage.getItem('usertoken'));
    return { 'x-csrf-token': token ?? 'anonymous', 'x-device': 'CITIZEN', 'idempotency-key': crypto.randomUUID() };
  }

  /** Files a FAULTS_COMPLAINTS request with a picture, through the API, as the signed-in page. */
  async fileFault(): Promise<Filed> {
    const api: APIRequestContext = this.page.request;
    const upload = await api.post('/api/requests/FAULTS_COMPLAINTS/attachments', {
      headers: {
        ...(await this.headers()),
        'content-type': 'image/png',
        'x-field-id': 'photo',
        'x-activity-id': 'apply',
        'x-file-name': encodeURIComponent('fault.png'),
      },
      data: PNG,
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const attachmentId = ((await upload.json()) as { id: string }).id;
    const service = services.find((s) => s.serviceSlug === 'FAULTS_COMPLAINTS') as unknown as TService;
    const res = await api.post('/api/requests/FAULTS_COMPLAINTS', {
      headers: await this.headers(),
      data: { activityId: 'apply', data: { ...sampleData(service, 'apply'), photo: [{ id: attachmentId, name: 'fault.png' }] } },
    });
    expect(res.status(), await res.text()).toBe(201);
    const r = (await res.json()) as { id: string; ID: string; serviceSlug: string };
    return { ...r, attachmentId };
  }

  /** Files a request of a service that takes no files (its seed's sample data), through the API, as the page. */
  async file(slug: string): Promise<Filed> {
    return fileSample(this.page.request, slug, await this.headers());
  }

  /** The request's printings, as its owner reads them. */
  async documentsOf(r: Filed): Promise<{ id: string }[]> {
    const filter = encodeURIComponent(JSON.stringify({ where: { id: r.id } }));
    const res = await this.page.request.get(`/api/requests/${r.serviceSlug}/findOne?filter=${filter}&withDocuments=true`, {
      headers: { 'x-csrf-token': 'x', 'x-device': 'CITIZEN' },
    });
    expect(res.status()).toBe(200);
    return ((await res.json()) as { documents: { id: string }[] }).documents;
  }
}

export class InboxScreen {
  constructor(
    readonly page: Page,
    readonly lang: Lang,
  ) {}
  async open(query = ''): Promise<void> {
    await this.page.goto(`/inbox?lang=${this.lang}${query}`);
    await expect(this.page.getByRole('heading', { level: 1, name: tr(this.lang, 'My requests') })).toBeVisible();
  }
  /** The request's link in the list (the table from tablet width, the cards on a phone). */
  link(number: string): Locator {
    return this.page.getByRole('link', { name: readableNumber(number, this.lang), exact: true }).filter({ visible: true });
  }
}

export class RequestScreen {
  constructor(
    readonly page: Page,
    readonly lang: Lang,
  ) {}
  async open(r: { serviceSlug: string; id: string }): Promise<void> {
    await this.page.goto(`/services/${r.serviceSlug}/entries/${r.id}?lang=${this.lang}`);
  }
  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }
  get timeline(): Locator {
    return this.page.getByTestId('timeline');
  }
  section(en: string): Locator {
    return this.page.getByRole('region', { name: tr(this.lang, en) });
  }
  get notFound(): Locator {
    return this.page.getByRole('heading', { name: tr(this.lang, 'Page not found') });
  }
}

export class Bell {
  constructor(
    readonly page: Page,
    readonly lang: Lang,
  ) {}
  get button(): Locator {
    return this.page.getByTestId('notification-bell');
  }
  get count(): Locator {
    return this.page.getByTestId('notification-count');
  }
  /** A notification naming a request (its stored number, shown as people read it) or other text. */
  notification(text: string): Locator {
    return this.page.getByTestId('notification').filter({ hasText: readableNumber(text, this.lang) });
  }
}

export class FavouriteToggle {
  constructor(readonly page: Page) {}
  get button(): Locator {
    return this.page.getByTestId('favourite-toggle').first();
  }
}
