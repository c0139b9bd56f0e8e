import { axeViolations, expect, test } from './fixtures.ts';
import { DEMO_CITIZEN, tr } from './support/auth.ts';
import { BillCalculator, BillsScreen } from './pages/bills.ts';
import { Citizen } from './pages/tracking.ts';
import { queryPersisted, readsCachedForOffline } from './support/offline.ts';
import { tariffSeeds } from '../../server/seed/data/tariffs.ts';

/*
 * Bills (issue 12, part 3): a visitor estimates a bill with the calculator (the service's use page leads there;
 * amounts in the language's digits; it says it is an estimate); the demo citizen opens their bills, sees what each
 * meter owes and cannot choose a newer bill before an older one. Both screens are axe clean.
 */

/** A tariff's name in the test's language (the seed's data, as the API serves it). */
const useName = (lang: 'ar' | 'en', type: string) => tariffSeeds.find((t) => t.connectionType === type)!.name[lang];

/** Phone and tablet widths (quality.md): the screens stay axe clean at each. */
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 820, height: 1180 },
];

const money = (lang: 'ar' | 'en', egp: number) =>
  new Intl.NumberFormat(lang === 'ar' ? 'ar-EG' : 'en-US', { style: 'currency', currency: 'EGP' }).format(egp);

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });
  test('a visitor estimates a bill with the calculator, online and then offline', async ({ page, context, lang }) => {
    test.setTimeout(150_000); // three axe runs and a reload offline
    const calc = new BillCalculator(page, lang);
    await calc.openFromService();
    // Opened again once the service worker is active, so that it sees (and keeps) this visit's public reads.
    await page.evaluate(async () => navigator.serviceWorker.ready);
    await calc.open();

    // Not a number: a translated message, announced.
    await calc.compute(useName(lang, 'residential'), 'abc');
    await expect(calc.error).toHaveText(tr(lang, 'Enter the consumption as a whole number of kWh (digits only).'));
    await expect(calc.kWh).toHaveAttribute('aria-invalid', 'true');

    // 250 kWh residential (Arabic-Indic digits accepted in Arabic): above 100 kWh priced from the start,
    // 200 x 0.95 + 50 x 1.55 + 9.00 service charge = EGP 276.50.
    await calc.compute(useName(lang, 'residential'), lang === 'ar' ? '٢٥٠' : '250');
    const expected = await page.evaluate(
      ([l, v]) =>
        new Intl.NumberFormat(l === 'ar' ? 'ar-EG' : 'en-US', { style: 'currency', currency: 'EGP' }).format(v as number),
      [lang, 276.5] as const,
    );
    await expect(calc.total).toHaveText(expected);
    await expect(calc.total).toHaveText(lang === 'ar' ? /٢٧٦٫٥٠/ : /276\.50/);
    expect(expected).toBe(money(lang, 276.5));
    await expect(
      page.getByText(
        tr(lang, 'This is an estimate: the actual bill follows the meter reading and may include other charges or taxes.'),
      ),
    ).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: tr(lang, 'Customer service charge') })).toBeVisible();

    // Commercial prices differ.
    await calc.compute(useName(lang, 'commercial'), '250');
    await expect(calc.total).toHaveText(money(lang, (250 * 168 + 1500) / 100));

    expect(await axeViolations(page)).toEqual([]);
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      expect(await axeViolations(page), `${size.width} px`).toEqual([]);
    }

    // Offline, once the tariffs were read: the same estimate, computed on the device.
    await readsCachedForOffline(page);
    await queryPersisted(page, ['tariffs']);
    await context.setOffline(true);
    await calc.open();
    await calc.compute(useName(lang, 'residential'), '250');
    await expect(calc.total).toHaveText(expected);
    await context.setOffline(false);
  });
});

test('the demo citizen sees their bills and pays the oldest first', async ({ page, lang }) => {
  test.setTimeout(150_000); // sign-in through the form and three axe runs
  await new Citizen(page, lang).signIn(DEMO_CITIZEN.username);
  const bills = new BillsScreen(page, lang);
  await bills.open();

  const home = bills.meter('10203040');
  const shop = bills.meter('50607080');
  await expect(home).toBeVisible();
  await expect(shop).toBeVisible();
  const boxes = bills.checkboxes(home);
  await expect(boxes).toHaveCount(3);
  await expect(bills.checkboxes(shop)).toHaveCount(2);
  await expect(bills.payButton(home)).toBeDisabled();

  // The newest bill cannot be chosen while the older ones are not.
  await boxes.nth(2).click();
  await expect(boxes.nth(2)).not.toBeChecked();
  await expect(home.getByRole('alert')).toHaveText(tr(lang, 'Older bills must be paid first.'));

  // Oldest first: allowed, and the selected total shows.
  await boxes.nth(0).click();
  await expect(boxes.nth(0)).toBeChecked();
  await boxes.nth(1).click();
  await expect(boxes.nth(1)).toBeChecked();
  await expect(home.getByRole('alert')).toHaveCount(0);
  await expect(home.getByTestId('selected-total')).toContainText(lang === 'ar' ? '٢' : '2');
  await expect(bills.payButton(home)).toBeEnabled();

  // Leaving out the oldest leaves out the newer one too.
  await boxes.nth(0).click();
  await expect(boxes.nth(1)).not.toBeChecked();

  // The history: 12 bills a page, with their breakdown.
  await expect(bills.history.getByRole('listitem')).toHaveCount(12);
  await bills.history.getByText(tr(lang, 'How this bill is made up')).first().click();
  await expect(bills.history.getByRole('table').first()).toBeVisible();

  expect(await axeViolations(page)).toEqual([]);
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    expect(await axeViolations(page), `${size.width} px`).toEqual([]);
  }
});
