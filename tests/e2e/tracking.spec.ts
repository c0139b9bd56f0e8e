import { axeViolations, expect, test } from './fixtures.ts';
import { DEMO_CITIZEN, createCitizen, tr } from './support/auth.ts';
import { Bell, Citizen, FavouriteToggle, InboxScreen, RequestScreen } from './pages/tracking.ts';
import { readableNumber } from '../../contract/request-number.ts';

/*
 * Tracking (issue 10, items 6 to 8): a citizen finds a request in /inbox and on the service page, opens it with
 * its timeline, attachment and receipt PDF, gets its notification in the bell and opens it from there; the
 * favourite toggle persists; a second citizen reaches neither the request nor its files; the new pages are axe
 * clean at phone and tablet widths. Requests are filed through the API with the page's own session.
 */

const localDigits = (lang: 'ar' | 'en', s: string) => (lang === 'ar' ? s.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!) : s);

test('a citizen finds a request in /inbox and on the service page, opens it, downloads its receipt and gets its notification', async ({
  page,
  lang,
}) => {
  const { username } = await createCitizen(page.request);
  const citizen = new Citizen(page, lang);
  await citizen.signIn(username);
  const r = await citizen.fileFault();

  // The bell shows the "request submitted" notification; opening the bell marks it seen.
  await page.goto(`/?lang=${lang}`);
  const bell = new Bell(page, lang);
  // Unseen: the welcome of the sign-up and this request's (in the language's digits).
  await expect(bell.count).toHaveText(localDigits(lang, '2'));
  await bell.button.click();
  await expect(bell.notification(r.ID)).toBeVisible();
  await expect(bell.count).toBeHidden();

  // Opening it leads to the request.
  await bell.notification(r.ID).click();
  await expect(page).toHaveURL(new RegExp(`/services/FAULTS_COMPLAINTS/entries/${r.id}`));
  const view = new RequestScreen(page, lang);
  await expect(view.heading).toContainText(readableNumber(r.ID, lang));

  // /inbox lists it; the number opens it.
  const inbox = new InboxScreen(page, lang);
  await inbox.open();
  await inbox.link(r.ID).click();
  await expect(view.heading).toContainText(readableNumber(r.ID, lang));
  await expect(view.timeline.locator('[data-kind="created"]')).toContainText(tr(lang, 'Request submitted'));
  await expect(page.getByTestId('view-request')).toContainText(lang === 'ar' ? 'انقطاع' : 'Power cut');

  // The receipt is a PDF; the picture downloads under its name.
  const receipt = view.section('Printings').getByRole('link');
  const [download] = await Promise.all([page.waitForEvent('download'), receipt.first().click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const href = await receipt.first().getAttribute('href');
  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  // The picture a field holds is listed with that field, once: not again under Attachments (issue 23).
  await expect(page.getByRole('link', { name: /fault\.png/ })).toHaveCount(1);
  const picture = view.section('Request details').getByRole('link', { name: /fault\.png/ });
  // Its size in the one file-size format (format.ts): Arabic units and digits in Arabic.
  const size = (await picture.locator('bdi').textContent())!;
  if (lang === 'ar') expect(size).not.toMatch(/[0-9]|KB|MB|\bB\b/);
  else expect(size).toMatch(/^[\d.,]+ (B|KB|MB)$/);
  const [file] = await Promise.all([page.waitForEvent('download'), picture.click()]);
  expect(file.suggestedFilename()).toBe('fault.png');

  // The service page lists my earlier requests of that service; its "My requests" opens /inbox filtered by it.
  await page.goto(`/services/FAULTS_COMPLAINTS?lang=${lang}`);
  await expect(
    page
      .getByTestId('service-requests')
      .getByRole('link', { name: readableNumber(r.ID, lang) })
      .filter({ visible: true }),
  ).toBeVisible();
  await page.getByRole('link', { name: tr(lang, 'See all in my requests') }).click();
  await expect(page).toHaveURL(/\/inbox\?service=FAULTS_COMPLAINTS/);
  await expect(inbox.link(r.ID)).toBeVisible();

  // The number search finds it; a number that matches nothing says so.
  await inbox.open('&number=NOPE-2020-000000');
  await expect(page.getByText(tr(lang, 'No requests match these filters.'))).toBeVisible();
});

test('a citizen replies on a request and cancels it after confirming', async ({ page, lang }) => {
  const { username } = await createCitizen(page.request);
  const citizen = new Citizen(page, lang);
  await citizen.signIn(username);
  const r = await citizen.fileFault();
  const view = new RequestScreen(page, lang);
  await view.open(r);
  await expect(view.heading).toContainText(readableNumber(r.ID, lang));

  // The reply goes through the outbox with its Idempotency-Key and shows in the comments and the timeline.
  const comments = view.section('Comments');
  await comments.getByLabel(tr(lang, 'Your reply')).fill('The power is still out on the third floor.');
  await comments.getByRole('button', { name: tr(lang, 'Send reply') }).click();
  await expect(comments.getByText(tr(lang, 'Your reply has been sent.'))).toBeVisible();
  await expect(comments.getByTestId('comments')).toContainText('The power is still out on the third floor.');
  await expect(view.timeline.locator('[data-kind="comment"]')).toBeVisible();

  // Cancel asks first; keeping the request changes nothing.
  await page.getByRole('button', { name: tr(lang, 'Cancel the request') }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(readableNumber(r.ID, lang));
  await dialog.getByRole('button', { name: tr(lang, 'Keep the request') }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: tr(lang, 'Cancel the request') }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: tr(lang, 'Yes, cancel it') })
    .click();
  await expect(page.getByRole('alertdialog')).toBeHidden();
  await expect(view.timeline.locator('[data-kind="cancelled"], [data-kind="status"]').last()).toBeVisible();
  await expect(page.getByRole('button', { name: tr(lang, 'Cancel the request') })).toHaveCount(0);
  // A final request takes no more replies.
  await expect(comments.getByLabel(tr(lang, 'Your reply'))).toHaveCount(0);
});

test("the demo citizen's requests ask for what the status needs: the information, or a rating", async ({ page, lang }) => {
  await new Citizen(page, lang).signIn(DEMO_CITIZEN.username);
  const inbox = new InboxScreen(page, lang);
  const view = new RequestScreen(page, lang);

  // Needs extra information: the employee's comment, and the way to provide it.
  await inbox.open('&service=ADD_METER&status=needs_info');
  await page
    .getByTestId('request-table')
    .or(page.getByTestId('request-cards'))
    .getByRole('link')
    .filter({ visible: true })
    .first()
    .click();
  await expect(view.heading).toBeVisible();
  await expect(view.section('Comments').locator('[data-mine="false"]').first()).toContainText('عقد الملكية');
  await expect(page.getByTestId('request-activity')).toHaveText(tr(lang, 'Provide the information'));
  await expect(page.getByTestId('request-activity')).toHaveAttribute('href', /\/entries\/[^/]+\/apply$/);
  await expect(view.timeline.locator('[data-kind="status"]').last()).toBeVisible();

  // Resolved: rate the service, once.
  await inbox.open('&service=FAULTS_COMPLAINTS&status=resolved');
  await page
    .getByTestId('request-table')
    .or(page.getByTestId('request-cards'))
    .getByRole('link')
    .filter({ visible: true })
    .first()
    .click();
  await expect(view.heading).toBeVisible();
  await expect(page.getByTestId('request-activity')).toHaveText(tr(lang, 'Rate the service'));
  await expect(page.getByRole('button', { name: tr(lang, 'Cancel the request') })).toHaveCount(0);
});

test('the favourite toggle of a signed-in citizen persists after a reload', async ({ page, lang }) => {
  const { username } = await createCitizen(page.request);
  await new Citizen(page, lang).signIn(username);
  await page.goto(`/services/FAULTS_COMPLAINTS?lang=${lang}`);
  const toggle = new FavouriteToggle(page);
  await expect(toggle.button).toHaveAttribute('aria-pressed', 'false');
  await toggle.button.click();
  await expect(toggle.button).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(toggle.button).toHaveAttribute('aria-pressed', 'true');
  // The same on the service's card of the catalog.
  await page.goto(`/services?lang=${lang}`);
  const card = page.locator('[data-testid="service-card"][data-slug="FAULTS_COMPLAINTS"]');
  await expect(card.getByTestId('favourite-toggle')).toHaveAttribute('aria-pressed', 'true');
  await card.getByTestId('favourite-toggle').click();
  await expect(card.getByTestId('favourite-toggle')).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(card.getByTestId('favourite-toggle')).toHaveAttribute('aria-pressed', 'false');
});

test('a visitor sees no favourite toggle and no bell', async ({ page, lang }) => {
  await page.goto(`/services/FAULTS_COMPLAINTS?lang=${lang}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('favourite-toggle')).toHaveCount(0);
  await expect(page.getByTestId('notification-bell')).toHaveCount(0);
});

test("a second citizen cannot open the first one's request or its files", async ({ page, lang, browser }) => {
  const first = await createCitizen(page.request);
  const owner = new Citizen(page, lang);
  await owner.signIn(first.username);
  const r = await owner.fileFault();
  const [doc] = await owner.documentsOf(r);
  expect(doc).toBeTruthy();

  const context = await browser.newContext({ locale: lang === 'ar' ? 'ar-EG' : 'en-US', serviceWorkers: 'block' });
  const other = await context.newPage();
  const second = await createCitizen(other.request);
  await new Citizen(other, lang).signIn(second.username);
  const view = new RequestScreen(other, lang);
  await view.open(r);
  await expect(view.notFound).toBeVisible();
  await expect(other.getByText(readableNumber(r.ID, lang))).toHaveCount(0);
  for (const url of [`/api/attachments/${r.attachmentId}`, `/api/documents/${doc!.id}/pdf`]) {
    const res = await other.request.get(url, { headers: { 'x-csrf-token': 'x', 'x-device': 'CITIZEN' } });
    expect(res.status(), url).toBe(404);
  }
  await context.close();
});

/** The phone and tablet widths of quality.md. */
const SIZES = [
  { width: 390, height: 844 },
  { width: 820, height: 1180 },
] as const;

// One citizen, one request and one visit of each page, checked by axe at both widths (the page resized in place):
// before, each width had its own test, its own citizen, request and visits (decision 041).
test('the tracking pages are axe clean on a phone and a tablet', async ({ page, lang }) => {
  // Seven pages, each checked by axe twice: more than the default bound on a busy two-core machine.
  test.setTimeout(180_000);
  await page.setViewportSize(SIZES[0]);
  const { username } = await createCitizen(page.request);
  const citizen = new Citizen(page, lang);
  await citizen.signIn(username);
  const r = await citizen.fileFault();
  const pages: [string, string][] = [
    [`/services/${r.serviceSlug}/entries/${r.id}`, readableNumber(r.ID, lang)],
    ['/inbox', readableNumber(r.ID, lang)],
    ['/inbox?tab=drafts', tr(lang, 'Drafts')],
    ['/notifications', readableNumber(r.ID, lang)],
    ['/papers', readableNumber(r.ID, lang)],
    [`/services/${r.serviceSlug}`, readableNumber(r.ID, lang)],
  ];
  const atEachWidth = async (check: (size: (typeof SIZES)[number]) => Promise<void>) => {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await check(size);
    }
  };
  for (const [path, text] of pages) {
    await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
    await atEachWidth(async (size) => {
      await expect(page.getByText(text).filter({ visible: true }).first()).toBeVisible();
      expect(await axeViolations(page), `${path} at ${size.width}x${size.height}`).toEqual([]);
    });
  }
  // The bell's list, open (the panel itself: it lies over the page's banners), opened at each width.
  const bell = new Bell(page, lang);
  await atEachWidth(async (size) => {
    await page.reload();
    await bell.button.click();
    await expect(bell.notification(r.ID)).toBeVisible();
    expect(await axeViolations(page, '[data-testid="notification-panel"]'), `bell at ${size.width}x${size.height}`).toEqual([]);
  });
});
