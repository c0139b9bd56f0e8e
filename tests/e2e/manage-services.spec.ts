import { axeViolations, expect, test } from './fixtures.ts';
import { createCitizen, tr } from './support/auth.ts';
import { LANDSCAPE, PORTRAIT, STAFF, StaffDesk } from './pages/staff.ts';
import { Citizen } from './pages/tracking.ts';

/*
 * The services themselves, for the people who run them (issue 26, part 5; decision 069), in the employee build on a
 * tablet, Arabic and English: the manager switches a service off with a note, the citizen's page says why and a new
 * request is refused with the catalogue's code (SERVICE_UNAVAILABLE), the service is switched on again; then a new
 * version of its form is saved and a request filed before keeps its version; limited to companies, its page sends the
 * citizen home. The table's headers read on one line. Each language runs on a service of its
 * own (the two projects run side by side) that no other test files.
 */

test.describe.configure({ timeout: 180_000 });

test('a service switched off says why and refuses new requests; on again; a new form version leaves filed requests on theirs', async ({
  page,
  browser,
  lang,
}) => {
  const slug = lang === 'ar' ? 'METER_TESTING' : 'CONSUMPTION_STATEMENT';
  const account = await createCitizen(page.request);
  const citizen = new Citizen(page, lang);
  await citizen.signIn(account.username);
  const filed = await citizen.file(slug);
  const versionOf = async (): Promise<number> => {
    const filter = encodeURIComponent(JSON.stringify({ where: { id: filed.id } }));
    const res = await page.request.get(`/api/requests/${slug}/findOne?filter=${filter}`, { headers: { 'x-device': 'CITIZEN' } });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { serviceVersion: number }).serviceVersion;
  };
  const filedVersion = await versionOf();

  // The manager opens the service from the list of services.
  const desk = await StaffDesk.open(browser, lang, STAFF.manager);
  await desk.page.setViewportSize(PORTRAIT);
  await desk.page.goto(`/manage-services?lang=${lang}`);
  await expect(desk.heading).toHaveText(tr(lang, 'Manage services'));
  expect(await axeViolations(desk.page)).toEqual([]);
  // On its side the list is a table whose headers read on one line, those that sort nothing ("On the web") too.
  await desk.page.setViewportSize(LANDSCAPE);
  const middles = await desk.page.locator('thead th').evaluateAll((ths) =>
    ths.map((th) => {
      const text = document.createRange();
      text.selectNodeContents(th);
      const box = text.getBoundingClientRect();
      return box.top + box.height / 2;
    }),
  );
  expect(middles.length).toBeGreaterThan(3);
  expect(Math.max(...middles) - Math.min(...middles)).toBeLessThan(2);
  await desk.page.setViewportSize(PORTRAIT);
  await desk.page.locator(`[data-testid="managed-service"][data-slug="${slug}"]`).getByRole('link').first().click();
  const editor = desk.page.getByTestId('service-editor');
  await expect(editor).toBeVisible();

  // Switched off, with the reason in both languages.
  const note = { ar: 'متوقفة مؤقتًا لتحديث الأجهزة', en: 'Paused while the testing benches are replaced' };
  await desk.page.getByTestId('switched-off').check();
  await desk.page.getByLabel(tr(lang, 'Why it is off ({language})').replace('{language}', tr(lang, 'Arabic'))).fill(note.ar);
  await desk.page.getByLabel(tr(lang, 'Why it is off ({language})').replace('{language}', tr(lang, 'English'))).fill(note.en);
  await desk.button('Save settings').click();
  await expect(desk.page.getByTestId('settings-saved')).toBeVisible();
  await expect(desk.page.getByTestId('service-change').first()).toContainText(STAFF.manager.fullName);
  expect(await axeViolations(desk.page)).toEqual([]);

  // The citizen's page says why; a new request is refused with the catalogue's code.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/services/${slug}?lang=${lang}`);
  await expect(page.getByTestId('service-off')).toContainText(note[lang]);
  await expect(page.getByTestId('service-off')).toContainText(tr(lang, 'This service is not taking requests at the moment.'));
  expect(await axeViolations(page)).toEqual([]);
  const refused = await page.request.post(`/api/requests/${slug}`, {
    headers: {
      'x-device': 'CITIZEN',
      'x-csrf-token': (await page.evaluate(() => localStorage.getItem('usertoken'))) ?? '',
      'idempotency-key': crypto.randomUUID(),
    },
    data: { activityId: 'apply', data: {} },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { code: string }).code).toBe('SERVICE_UNAVAILABLE');

  // On again: the note is gone and requests are taken.
  await desk.page.setViewportSize(LANDSCAPE);
  await desk.page.getByTestId('switched-off').uncheck();
  await desk.button('Save settings').click();
  await expect(desk.page.getByTestId('settings-saved')).toBeVisible();
  // Pages drawn by the server are kept for the catalog's cache time: read again until the change shows.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('service-off')).toHaveCount(0);
  }).toPass({ timeout: 30_000 });

  // A new version of the form: one more (optional) question in the first step.
  const json = desk.page.getByLabel(tr(lang, 'Activities (JSON)'));
  const activities = JSON.parse(await json.inputValue()) as { steps: { fieldsSchema: Record<string, unknown> }[] }[];
  activities[0]!.steps[0]!.fieldsSchema.testBench = {
    type: 'text',
    label: { ar: 'رقم منضدة الاختبار', en: 'Test bench number' },
    optional: true,
  };
  await json.fill(JSON.stringify(activities, null, 2));
  await desk.button('Save as a new version').click();
  await expect(desk.page.getByTestId('form-saved')).toBeVisible();
  expect(await axeViolations(desk.page)).toEqual([]);

  // The request filed before keeps its version, and its page opens with it; a new request gets the new question.
  expect(await versionOf()).toBe(filedVersion);
  await page.goto(`/services/${slug}/entries/${filed.id}?lang=${lang}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto(`/services/${slug}/add?lang=${lang}`);
  await expect(page.getByLabel(lang === 'ar' ? 'رقم منضدة الاختبار' : 'Test bench number')).toBeVisible();

  // For companies only (decision 074): the citizen's page of it sends them home; then for everyone again.
  await desk.page.getByTestId('user-type-company').check();
  await desk.button('Save settings').click();
  await expect(desk.page.getByTestId('settings-saved')).toBeVisible();
  await expect(desk.page.getByTestId('service-change').first()).toContainText(tr(lang, 'who may use it'));
  // Checked from the editor's top, where the saved notice is (scrolled down to the button, a checkbox sits half under
  // the sticky menu, which axe counts as a small target).
  await desk.page.evaluate(() => window.scrollTo(0, 0));
  expect(await axeViolations(desk.page)).toEqual([]);
  await expect(async () => {
    await page.goto(`/services/${slug}?lang=${lang}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
  }).toPass({ timeout: 30_000 });
  await desk.page.getByTestId('user-type-company').uncheck();
  await desk.button('Save settings').click();
  await expect(desk.page.getByTestId('settings-saved')).toBeVisible();
});
