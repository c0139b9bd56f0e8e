import { expect, type Locator, type Page } from '@playwright/test';
import { tr } from '../support/auth.ts';

/*
 * Searching services as a test drives it (issue 23, decision 048): the header's search dialog and the services
 * page's name filter, and the service labels they should show (read from the API while online).
 */
type Lang = 'ar' | 'en';

/** The service labels by slug, in both languages (fetch them before going offline). */
export async function serviceLabels(page: Page): Promise<Record<string, Record<Lang, string>>> {
  const res = await page.request.get(
    '/api/dynamic_services?filter=' + encodeURIComponent(JSON.stringify({ fields: ['serviceSlug', 'translations'] })),
  );
  expect(res.ok()).toBe(true);
  const list = (await res.json()) as { serviceSlug: string; translations: Record<Lang, { serviceLabel: string }> }[];
  return Object.fromEntries(
    list.map((s) => [s.serviceSlug, { ar: s.translations.ar.serviceLabel, en: s.translations.en.serviceLabel }]),
  );
}

/** The search dialog opened from the header. */
export class ServiceSearchDialog {
  readonly dialog: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Lang,
  ) {
    this.dialog = page.getByRole('dialog', { name: tr(lang, 'Search services') });
  }

  async open(): Promise<void> {
    await this.page
      .getByRole('banner')
      .getByRole('button', { name: tr(this.lang, 'Search services') })
      .click();
    await expect(this.dialog).toBeVisible();
  }

  /** The result links, in the order shown. */
  get results(): Locator {
    return this.dialog.getByRole('list').getByRole('link');
  }

  /**
   * Types a query and resolves once its results are shown (after the dialog's pause in typing): the box is emptied
   * first, so the "Most searched" list comes back and the next "Results" cannot be the previous query's.
   */
  async search(query: string): Promise<void> {
    const box = this.dialog.getByRole('searchbox');
    await box.fill('');
    await expect(this.dialog.getByRole('heading', { name: tr(this.lang, 'Most searched') })).toBeVisible();
    await box.fill(query);
    await expect(this.dialog.getByRole('heading', { name: tr(this.lang, 'Results') })).toBeVisible();
  }
}

/** The services page's name filter and its cards. */
export class ServicesList {
  constructor(
    readonly page: Page,
    readonly lang: Lang,
  ) {}

  get cards(): Locator {
    return this.page.getByTestId('service-card');
  }

  /** Types a name and resolves once the filter is in the address (it waits for a pause in typing). */
  async search(query: string): Promise<void> {
    await this.page.getByRole('searchbox', { name: tr(this.lang, 'Search by name') }).fill(query);
    await expect(this.page).toHaveURL((url) => (url.searchParams.get('q') ?? '').includes(query.split(' ')[0]!));
  }

  /** The slugs of the cards shown, in order. */
  slugs(): Promise<(string | null)[]> {
    return this.cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-slug')));
  }
}
