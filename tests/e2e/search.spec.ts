import { axeViolations, expect, test } from './fixtures.ts';
import { ServiceSearchDialog, ServicesList, serviceLabels } from './pages/service-search.ts';
import { tr } from './support/auth.ts';
import { queryPersisted, readsCachedForOffline } from './support/offline.ts';

/*
 * Search that understands Arabic (issue 23, decision 048), on a phone: the words that found nothing before
 * («شكوى», «النور قاطع», «عداد جديد», «كارت») and their English counterparts find their service, in the header's
 * dialog and on the services page, online and offline (on the catalog the app cached). The ranking, stems and
 * synonyms themselves are measured by src/lib/text/search.test.ts; these tests prove the screens use them.
 */

test.use({ viewport: { width: 390, height: 844 } });

// [query, the service that must come first]; English queries run in the English interface (English labels), the
// Arabic ones in both (a synonym group joins the two languages).
const ARABIC: [string, string][] = [
  ['شكوى', 'FAULTS_COMPLAINTS'],
  ['النور قاطع', 'FAULTS_COMPLAINTS'],
  ['عداد جديد', 'CODEMETER'],
  ['كارت', 'CHARGE_CARD_REPLACEMENT'],
];
const ENGLISH: [string, string][] = [
  ['complaint', 'FAULTS_COMPLAINTS'],
  ['power cut', 'FAULTS_COMPLAINTS'],
  ['new meter', 'CODEMETER'],
  ['card', 'CHARGE_CARD_REPLACEMENT'],
];
const queriesFor = (lang: 'ar' | 'en') => (lang === 'ar' ? ARABIC : [...ENGLISH, ...ARABIC.slice(0, 2)]);

test('the search dialog finds a service by everyday words, best match first', async ({ page, open, lang }) => {
  const labels = await serviceLabels(page);
  await open('/');
  const search = new ServiceSearchDialog(page, lang);
  await search.open();
  for (const [query, slug] of queriesFor(lang)) {
    await test.step(query, async () => {
      await search.search(query);
      await expect(search.results.first()).toHaveText(labels[slug]![lang]);
    });
  }
  // A word no service has: the dialog says so.
  await search.search(lang === 'ar' ? 'بطيخ' : 'watermelon');
  await expect(search.results).toHaveCount(0);
  await search.search(queriesFor(lang)[0]![0]);
  await page.screenshot({ path: test.info().outputPath(`search-dialog-${lang}.png`) });
  expect(await axeViolations(page)).toEqual([]);
  // Nothing is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await search.results.first().click();
  await expect(page).toHaveURL(/\/services\/FAULTS_COMPLAINTS$/);
});

test('the services page filters by the same search, best match first', async ({ page, open, lang }) => {
  await open('/services');
  const list = new ServicesList(page, lang);
  await expect(list.cards.first()).toBeVisible();
  const all = await list.cards.count();
  await list.search(lang === 'ar' ? 'النور قاطع' : 'power cut');
  await expect.poll(async () => (await list.slugs())[0]).toBe('FAULTS_COMPLAINTS');
  expect(await list.cards.count()).toBeLessThan(all);
  await page.screenshot({ path: test.info().outputPath(`services-search-${lang}.png`), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);
});

test('the FAQ is searched the same way: everyday words find the question', async ({ page, open, lang }) => {
  const res = await page.request.get('/api/faq');
  expect(res.ok()).toBe(true);
  const faq = (await res.json()) as { id: string; translations: Record<'ar' | 'en', { question: string }> }[];
  const question = (id: string) => faq.find((f) => f.id === id)!.translations[lang].question;
  await open('/faq');
  const pay = page.getByText(question('faq-payment-methods'), { exact: true });
  const password = page.getByText(question('faq-forgot-password'), { exact: true });
  await expect(password).toBeVisible();
  // Neither «ادفع» nor "paying" is in the question («سداد», "pay"): stems and synonyms find it.
  await page
    .getByRole('searchbox', { name: tr(lang, 'Search the questions') })
    .fill(lang === 'ar' ? 'ادفع الفاتورة' : 'paying bills');
  await expect(pay).toBeVisible();
  await expect(password).toBeHidden();
  expect(await axeViolations(page)).toEqual([]);
});

test.describe('offline, on the cached catalog', () => {
  test.use({ serviceWorkers: 'allow' });

  test('the dialog and the services page still find the complaints service', async ({ page, context, open, lang }) => {
    const labels = await serviceLabels(page);
    const complaints = labels['FAULTS_COMPLAINTS']![lang];
    await open('/services');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect(page.getByTestId('service-card').first()).toBeVisible();
    await readsCachedForOffline(page);
    await queryPersisted(page, ['catalog']);

    await context.setOffline(true);
    await page.reload();
    const search = new ServiceSearchDialog(page, lang);
    await search.open();
    for (const query of ['شكوى', 'النور قاطع', ...(lang === 'en' ? ['complaint', 'power cut'] : [])]) {
      await test.step(`dialog: ${query}`, async () => {
        await search.search(query);
        await expect(search.results.first()).toHaveText(complaints);
      });
    }
    await page.keyboard.press('Escape');
    await expect(search.dialog).toBeHidden();

    const list = new ServicesList(page, lang);
    await list.search(lang === 'ar' ? 'شكوى' : 'complaint');
    await expect.poll(async () => (await list.slugs())[0]).toBe('FAULTS_COMPLAINTS');
    await context.setOffline(false);
  });
});
