import { expect, type Locator, type Page } from '@playwright/test';
import { tr } from '../support/auth.ts';

type Lang = 'ar' | 'en';

/*
 * The report screens as an employee drives them (issue 25): the reports list, a report's filters, its table (with
 * the totals row), the table-or-chart toggle, the exports and the print view, and the dashboard's tiles. Texts come
 * from the catalogs (`tr`).
 */
export class ReportsDesk {
  constructor(
    readonly page: Page,
    readonly lang: Lang,
  ) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }
  button(en: string): Locator {
    return this.page.getByRole('button', { name: tr(this.lang, en), exact: true });
  }
  link(en: string): Locator {
    return this.page.getByRole('link', { name: tr(this.lang, en), exact: true });
  }

  async openList(): Promise<void> {
    await this.page.goto(`/reports?lang=${this.lang}`);
    await expect(this.heading).toHaveText(tr(this.lang, 'Reports'));
  }
  /** A report with its query in the address (the names of the API's). */
  async openReport(id: string, query: Record<string, string | number> = {}): Promise<void> {
    const search = new URLSearchParams({
      ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      lang: this.lang,
    });
    await this.page.goto(`/reports/${id}?${search.toString()}`);
  }
  async openDashboard(): Promise<void> {
    await this.page.goto(`/dashboard?lang=${this.lang}`);
    await expect(this.heading).toHaveText(tr(this.lang, 'Dashboard'));
  }

  get filters(): Locator {
    return this.page.getByRole('form', { name: tr(this.lang, 'Report filters') });
  }
  async setRange(from: string, to: string): Promise<void> {
    await this.filters.getByLabel(tr(this.lang, 'From'), { exact: true }).fill(from);
    await this.filters.getByLabel(tr(this.lang, 'To'), { exact: true }).fill(to);
  }
  /** The button that unfolds the filters beyond the range and the grouping. */
  get moreFilters(): Locator {
    return this.page.getByTestId('report-more-filters');
  }
  async groupBy(en: string): Promise<void> {
    await this.filters.getByLabel(tr(this.lang, 'Group by')).selectOption({ label: tr(this.lang, en) });
  }
  async apply(): Promise<void> {
    await this.filters.getByRole('button', { name: tr(this.lang, 'Show the report'), exact: true }).click();
  }
  /** The date field's error (DATE_RANGE_EXCEEDS_LIMIT's message). */
  get rangeError(): Locator {
    return this.filters.getByRole('alert');
  }

  get table(): Locator {
    return this.page.getByTestId('report-table').getByRole('table');
  }
  get bodyRows(): Locator {
    return this.table.locator('tbody tr');
  }
  get totalsRow(): Locator {
    return this.table.locator('tfoot tr');
  }
  columnHeader(en: string): Locator {
    return this.table.getByRole('columnheader', { name: tr(this.lang, en), exact: true });
  }
  /** The table's cells as text, row by row (the row header first). */
  async tableTexts(): Promise<string[][]> {
    return this.bodyRows.evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => (c.textContent ?? '').trim())));
  }

  async showAs(en: 'Table' | 'Chart'): Promise<void> {
    await this.button(en).click();
    await expect(this.button(en)).toHaveAttribute('aria-pressed', 'true');
  }
  get chart(): Locator {
    return this.page.getByTestId('report-chart').locator('svg[role="img"]');
  }
  /** The chart's figures as the screen readers' table has them. */
  get chartTable(): Locator {
    return this.page.getByTestId('report-chart-table');
  }

  /** Clicks an export and returns the downloaded file's path. */
  async export(format: 'xlsx' | 'csv'): Promise<string> {
    const download = this.page.waitForEvent('download');
    await this.page.getByTestId(`report-export-${format}`).click();
    const file = await (await download).path();
    return file;
  }

  get printHeader(): Locator {
    return this.page.getByTestId('report-print-header');
  }

  tile(id: string): Locator {
    return this.page.getByTestId(`tile-${id}`);
  }

  /** Whether the page is wider than its screen (wide tables scroll in their own frame). */
  async expectFits(where: string): Promise<void> {
    const { scrollWidth, clientWidth } = await this.page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth, `${where}: ${scrollWidth} px wide on a ${clientWidth} px screen`).toBeLessThanOrEqual(clientWidth);
  }
}
