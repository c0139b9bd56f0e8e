import ExcelJS from 'exceljs';
import { axeViolations, expect, test } from './fixtures.ts';
import { tr } from './support/auth.ts';
import { ReportsDesk } from './pages/reports.ts';
import { STAFF, StaffDesk } from './pages/staff.ts';

/*
 * The report screens (issue 25, decision 058), in the employee build, as the demo `reports` account (reports,
 * financial reports and the dashboard; one company's) uses them on a desktop (1280 px) and a tablet (820 px): the
 * reports its roles open, a report filtered and exported (the xlsx opened and its rows and totals checked against
 * the table), printed (print media: the header with the filters, table headers repeated, a PDF of several pages for
 * a long report), a chart with its figures as a table, DATE_RANGE_EXCEEDS_LIMIT refused in the form and by the
 * server, and the dashboard's tiles opening their reports. Axe clean in Arabic and English.
 */

test.describe.configure({ timeout: 240_000 });

const DESKTOP = { width: 1280, height: 900 };
const TABLET = { width: 820, height: 1180 };
const LANDSCAPE = { width: 1180, height: 820 };
const iso = (d: Date) => d.toISOString().slice(0, 10);
const today = new Date();
const monthsAgo = (n: number) => iso(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - n, 1)));
/** Six months of the seeded data, within REPORT_MAX_MONTHS. */
const RANGE = { from: monthsAgo(5), to: iso(today) };

type ReportJson = {
  columns: { key: string; kind: string; default: boolean }[];
  rows: Record<string, unknown>[];
  totals: Record<string, unknown> | null;
  page: { total: number };
};

test('reports: filtered, exported, charted, printed; the range limit; the dashboard opens its reports', async ({
  browser,
  lang,
}) => {
  const desk = await StaffDesk.open(browser, lang, STAFF.reports);
  const page = desk.page;
  const reports = new ReportsDesk(page, lang);
  await page.setViewportSize(DESKTOP);

  // The list: the operational and the financial reports, from the menu.
  await page.goto(`/?lang=${lang}`);
  await expect(page).toHaveURL(/\/reports/);
  await expect(reports.heading).toHaveText(tr(lang, 'Reports'));
  await expect(page.getByRole('heading', { name: tr(lang, 'Financial reports') })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // A report filtered: six months, by service.
  await reports.link('Requests').click();
  await expect(reports.heading).toHaveText(tr(lang, 'Requests'));
  await reports.setRange(RANGE.from, RANGE.to);
  await reports.groupBy('Service');
  await reports.apply();
  await expect(page).toHaveURL(new RegExp(`from=${RANGE.from}.*by=service|by=service.*from=${RANGE.from}`));
  await expect(reports.columnHeader('Service')).toBeVisible();
  await expect(reports.bodyRows.first()).toBeVisible();
  await expect(reports.totalsRow).toContainText(tr(lang, 'Total'));
  await expect(page.getByTestId('report-updated')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  const table = await reports.tableTexts();
  expect(table.length).toBeGreaterThan(1);

  // The same figures from the API (the numbers behind the table's words).
  const query = new URLSearchParams({ ...RANGE, by: 'service' });
  const api = await page.request.get(`/api/reports/requests?${query.toString()}`, {
    headers: { 'x-device': 'EMPLOYEE', 'accept-language': lang },
  });
  expect(api.status(), await api.text()).toBe(200);
  const json = (await api.json()) as ReportJson;
  expect(json.rows.length).toBe(table.length);
  const label = (cell: unknown) =>
    typeof cell === 'object' && cell !== null ? (cell as Record<string, string>)[lang] : String(cell);
  expect(table.map((r) => r[0])).toEqual(json.rows.map((r) => label(r.service)));

  // Exported to Excel: every row of the table, with its numbers, and the totals.
  const file = await reports.export('xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const sheet = book.worksheets[0]!;
  const sheetRows: unknown[][] = [];
  sheet.eachRow((row) =>
    sheetRows.push((row.values as unknown[]).slice(1).map((v) => (v && typeof v === 'object' && 'result' in v ? v.result : v))),
  );
  const measures = json.columns.filter((c) => c.kind === 'count').map((c) => c.key);
  for (const r of json.rows) {
    const line = sheetRows.find((s) => s.includes(label(r.service)));
    expect(line, `the sheet's row of ${label(r.service)}`).toBeDefined();
    for (const m of measures) expect(line).toContain(r[m]);
  }
  const totals = json.totals!;
  expect(sheetRows.some((s) => measures.every((m) => s.includes(totals[m])))).toBe(true);
  // CSV too.
  expect(await reports.export('csv')).toBeTruthy();

  // A chart, and its figures as a table for screen readers.
  await reports.showAs('Chart');
  await expect(reports.chart).toBeVisible();
  await expect(reports.chartTable.locator('tbody tr')).toHaveCount(Math.min(table.length, 40));
  await expect(reports.chartTable.locator('tbody tr').first().locator('th')).toHaveText(table[0]![0]!);
  // From the top (scrolled, the sticky header lies over the filters' first fields, which axe counts as overlapping targets).
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await axeViolations(page)).toEqual([]);
  await reports.showAs('Table');

  // Printed: the report's header with its filters; no menu; the table's headers repeat on every page.
  await page.emulateMedia({ media: 'print' });
  await expect(reports.printHeader).toBeVisible();
  await expect(reports.printHeader).toContainText(tr(lang, 'Requests'));
  await expect(reports.printHeader).toContainText(tr(lang, 'Grouped by: {by}').replace('{by}', tr(lang, 'Service')));
  await expect(page.getByRole('navigation', { name: tr(lang, 'Main menu') })).toBeHidden();
  await expect(reports.filters).toBeHidden();
  expect(await reports.table.locator('thead').evaluate((e) => getComputedStyle(e).display)).toBe('table-header-group');
  await page.emulateMedia({ media: 'screen' });

  // A long report (a row a day for six months) prints on several numbered pages.
  await reports.openReport('requests', { ...RANGE, by: 'day', pageSize: 200 });
  await expect(reports.bodyRows.nth(60)).toBeVisible();
  const pdf = (await page.pdf({ printBackground: true })).toString('latin1');
  const pages = pdf.match(/\/Type\s*\/Page\b/g)?.length ?? 0;
  expect(pages).toBeGreaterThan(1);

  // A range beyond REPORT_MAX_MONTHS: refused in the form, and by the server from an address.
  const tooLong = tr(lang, 'The date range exceeds the allowed limit.');
  await reports.setRange('2024-01-01', '2025-06-30');
  await reports.apply();
  await expect(reports.rangeError).toHaveText(tooLong);
  await reports.openReport('collections', { from: '2024-01-01', to: '2025-06-30' });
  await expect(reports.rangeError).toHaveText(tooLong);
  const refused = await page.request.get('/api/reports/collections?from=2024-01-01&to=2025-06-30', {
    headers: { 'x-device': 'EMPLOYEE' },
  });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { code: string }).code).toBe('DATE_RANGE_EXCEEDS_LIMIT');

  // On a tablet: the report fits (the table scrolls in its own frame), axe clean.
  await page.setViewportSize(TABLET);
  await reports.openReport('collections', { ...RANGE, by: 'day' });
  await expect(reports.heading).toHaveText(tr(lang, 'Collections'));
  await expect(reports.bodyRows.first()).toBeVisible();
  await reports.expectFits('collections on a tablet');
  expect(await axeViolations(page)).toEqual([]);

  // Held either way, a tablet shows the figures above the fold: the range, the grouping and the buttons are one row,
  // the other filters folded under "More filters", which says how many are in use.
  for (const size of [LANDSCAPE, TABLET]) {
    await page.setViewportSize(size);
    await reports.openReport('requests', { ...RANGE, service: 'CODEMETER' });
    await expect(reports.bodyRows.first()).toBeVisible();
    const row = (await reports.bodyRows.first().boundingBox())!;
    expect(row.y + row.height, `the first row at ${size.width}×${size.height}`).toBeLessThanOrEqual(size.height);
    const shot = test.info().outputPath(`requests-${lang}-${size.width}x${size.height}.png`);
    await page.screenshot({ path: shot });
    await test.info().attach(`requests at ${size.width}×${size.height}`, { path: shot, contentType: 'image/png' });
    await expect(reports.moreFilters).toHaveAttribute('aria-expanded', 'false');
    await expect(reports.moreFilters).toContainText(lang === 'ar' ? '١' : '1');
    await expect(reports.filters.getByLabel(tr(lang, 'Service'), { exact: true })).toBeHidden();
    await reports.moreFilters.click();
    await expect(reports.moreFilters).toHaveAttribute('aria-expanded', 'true');
    await expect(reports.filters.getByLabel(tr(lang, 'Service'), { exact: true })).toHaveValue('CODEMETER');
    await reports.expectFits(`requests at ${size.width}×${size.height}`);
    expect(await axeViolations(page)).toEqual([]);
  }

  // The dashboard: its tiles open their reports with the same filters.
  await desk.openFromMenu('Dashboard');
  await expect(reports.heading).toHaveText(tr(lang, 'Dashboard'));
  await expect(reports.tile('filed-month')).toBeVisible();
  await reports.expectFits('dashboard on a tablet');
  expect(await axeViolations(page)).toEqual([]);
  await reports.tile('filed-month').click();
  await expect(page).toHaveURL(/\/reports\/requests\?.*from=/);
  await expect(reports.heading).toHaveText(tr(lang, 'Requests'));
  await expect(reports.bodyRows.first()).toBeVisible();
  await page.setViewportSize(DESKTOP);
  await reports.openDashboard();
  await reports.tile('collections-month').click();
  await expect(reports.heading).toHaveText(tr(lang, 'Collections'));
  await page.context().close();
});
