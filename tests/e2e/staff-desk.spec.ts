import type { CDPSession, Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { axeViolations, expect, test } from './fixtures.ts';
import { createCitizen, fillSignIn, randomNationalId, tr } from './support/auth.ts';
import { EMPLOYEE_BASE_URL } from './support/ports.ts';
import { Citizen, type Filed } from './pages/tracking.ts';
import { LANDSCAPE, PORTRAIT, STAFF, StaffDesk, tabletContext } from './pages/staff.ts';
import { readableNumber } from '../../contract/request-number.ts';

/*
 * Issue 24's last rows on the employee build (decision 076): the keyboard shortcuts of decision 064 as a member of
 * staff with a keyboard uses them on a tablet (820×1180), on an English and on an Arabic keyboard; the sign-in
 * form naming the account type when it may be the cause (decision 050); /assign-requests paged.
 */

const SLUG = 'SMART_METER_UPGRADE';
// The language projects run side by side: each uses its own employee (authenticator codes are taken once a step).
const EMPLOYEE = { ar: STAFF.employee, en: STAFF.clerk } as const;

test.describe.configure({ timeout: 180_000 });

/**
 * What the keys the shortcuts use write on an Arabic PC keyboard (Arabic 101): a letter's key writes an Arabic
 * letter, `/` writes «ظ» and Shift+`/` «؟». The shortcuts read a letter's place on the keyboard (`code`).
 */
const ARABIC_KEYS: Record<string, { key: string; code: string; keyCode: number; shift?: true }> = {
  j: { key: 'ت', code: 'KeyJ', keyCode: 74 },
  k: { key: 'ن', code: 'KeyK', keyCode: 75 },
  o: { key: 'خ', code: 'KeyO', keyCode: 79 },
  a: { key: 'ش', code: 'KeyA', keyCode: 65 },
  c: { key: 'ؤ', code: 'KeyC', keyCode: 67 },
  i: { key: 'ه', code: 'KeyI', keyCode: 73 },
  '/': { key: 'ظ', code: 'Slash', keyCode: 191 },
  '?': { key: '؟', code: 'Slash', keyCode: 191, shift: true },
};

/** A keyboard of the test's language: English keys as Playwright types them, Arabic ones as that keyboard sends them. */
class Keyboard {
  private cdp: CDPSession | undefined;
  constructor(
    readonly page: Page,
    readonly lang: 'ar' | 'en',
  ) {}

  /** What pressing `key` writes in a text field. */
  writes(key: string): string {
    return this.lang === 'ar' ? ARABIC_KEYS[key]!.key : key;
  }

  async press(key: string): Promise<void> {
    if (this.lang === 'en') return this.page.keyboard.press(key);
    const k = ARABIC_KEYS[key]!;
    // Chromium's own key events (trusted, with their text), as a real keyboard's: Playwright's press knows US keys only.
    this.cdp ??= await this.page.context().newCDPSession(this.page);
    const common = { key: k.key, code: k.code, windowsVirtualKeyCode: k.keyCode, modifiers: k.shift ? 8 : 0 };
    await this.cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', text: k.key, unmodifiedText: k.key, ...common });
    await this.cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...common });
  }
}

test('keyboard shortcuts on a tablet: J/K move, O opens, A assigns, C comments, / searches, I, ? lists them; none in a field; off and on again', async ({
  page,
  browser,
  lang,
}) => {
  // A citizen with two requests: the list the keys move through.
  const account = await createCitizen(page.request);
  const citizen = new Citizen(page, lang);
  await citizen.signIn(account.username);
  const filed = [await citizen.file(SLUG), await citizen.file(SLUG)];

  const desk = await StaffDesk.open(browser, lang, EMPLOYEE[lang]);
  await desk.page.setViewportSize(PORTRAIT);
  await desk.stopActing();
  await desk.openInbox();
  const keys = new Keyboard(desk.page, lang);

  // `/` goes to the search field; there a letter is text, never a shortcut.
  await keys.press('/');
  const search = desk.page.getByLabel(tr(lang, 'Search requests'));
  await expect(search).toBeFocused();
  await keys.press('j');
  await expect(search).toHaveValue(keys.writes('j'));
  await expect(search).toBeFocused();
  await search.fill(account.nationalId);
  await desk.button('Search').click();
  // Upright the rows are cards; J and K move between their request links, O opens the one in focus.
  await expect(desk.inboxCards).toHaveCount(2);
  const links = [0, 1].map((i) => desk.inboxCards.nth(i).getByRole('link').first());
  await keys.press('j');
  await expect(links[0]!).toBeFocused();
  await keys.press('j');
  await expect(links[1]!).toBeFocused();
  await keys.press('k');
  await expect(links[0]!).toBeFocused();
  const number = ((await links[0]!.textContent()) ?? '').trim();
  const r = filed.find((f) => number.includes(readableNumber(f.ID, lang)));
  expect(r, `the focused row ${number} is one of the citizen's requests`).toBeDefined();
  await keys.press('o');
  await expect(desk.page).toHaveURL(new RegExp(`/entries/${r!.id}`));
  await expect(desk.heading).toContainText(number);

  // On the request: A assigns it to me, C goes to the comment box, where keys are text again.
  await expect(desk.panel).toBeVisible();
  await keys.press('a');
  await expect(desk.status).toContainText(tr(lang, 'The request is assigned to you.'));
  await expect(desk.button('Assign to me')).toHaveCount(0);
  await keys.press('c');
  const comment = desk.page.getByLabel(tr(lang, 'Add a comment'), { exact: true });
  await expect(comment).toBeFocused();
  await keys.press('i');
  await keys.press('?');
  await expect(comment).toHaveValue(`${keys.writes('i')}${keys.writes('?')}`);
  await expect(desk.page).toHaveURL(new RegExp(`/entries/${r!.id}`));
  await expect(desk.page.getByRole('dialog')).toHaveCount(0);

  // Out of the field (the next control is a checkbox), `?` («؟» on an Arabic keyboard) lists them.
  await desk.page.keyboard.press('Tab');
  await expect(comment).not.toBeFocused();
  await keys.press('?');
  const dialog = desk.page.getByRole('dialog', { name: tr(lang, 'Keyboard shortcuts') });
  await expect(dialog).toBeVisible();
  for (const key of ['J', 'K', 'O', 'A', 'C', '/', 'I', '?']) await expect(dialog.getByText(key, { exact: true })).toBeVisible();
  if (lang === 'ar') await expect(dialog.getByText('؟', { exact: true })).toBeVisible();
  for (const what of ['Next request in the list', 'Assign the open request to me', 'Go to the inbox'])
    await expect(dialog).toContainText(tr(lang, what));
  expect(await axeViolations(desk.page)).toEqual([]);

  // Turned off on this device: a key is only a key, after a reload too.
  const use = dialog.getByLabel(tr(lang, 'Use single-key shortcuts on this device'));
  await use.uncheck();
  await dialog.getByRole('button', { name: tr(lang, 'Close'), exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await desk.page.reload();
  await expect(desk.panel).toBeVisible();
  await keys.press('i');
  await keys.press('?');
  // The list stays within reach under the page, even upright: the only way to turn the keys on again.
  const listButton = desk.page.getByRole('button', { name: tr(lang, 'Keyboard shortcuts') });
  await listButton.click();
  await expect(dialog).toBeVisible();
  // Neither I nor ? did anything: still on the request, one dialog (the button's).
  await expect(desk.page).toHaveURL(new RegExp(`/entries/${r!.id}`));
  await expect(desk.page.getByRole('dialog')).toHaveCount(1);
  await expect(use).not.toBeChecked();
  await use.check();
  await dialog.getByRole('button', { name: tr(lang, 'Close'), exact: true }).click();
  await expect(dialog).toHaveCount(0);

  // On again: I goes to the inbox, and / to its search field.
  await keys.press('i');
  await expect(desk.page).toHaveURL(/\/inbox/);
  await expect(desk.heading).toHaveText(tr(lang, 'Inbox'));
  await keys.press('/');
  await expect(search).toBeFocused();
});

test('the sign-in form names the account type when it may be the cause, says nothing of which accounts exist, and lands an employee on the inbox', async ({
  page,
  browser,
  lang,
}) => {
  const citizenAccount = await createCitizen(page.request);
  const context = await tabletContext(browser, lang, EMPLOYEE_BASE_URL);
  const staff = await context.newPage();
  await staff.setViewportSize(PORTRAIT);
  await staff.goto(`/login?lang=${lang}`);
  const type = staff.getByLabel(tr(lang, 'Account type'));
  const message = tr(
    lang,
    'The account type, the username or the password is wrong. Check that the account type is the one your account was created with, then the password.',
  );
  const summary = staff.getByRole('alert').filter({ hasText: /\S/ });

  /** Signs in with the form; the server's answer (its status and code). */
  const signIn = async (username: string) => {
    const answer = staff.waitForResponse((res) => /\/api\/[^/]+\/login$/.test(res.url()));
    await fillSignIn(staff, lang, username);
    const res = await answer;
    return { status: res.status(), code: res.ok() ? undefined : ((await res.json()) as { code: string }).code };
  };

  // The assigner is a network employee: signing in as an employee, the form names the type with the other fields.
  await type.selectOption('employee');
  expect(await signIn(STAFF.assigner.username)).toEqual({ status: 401, code: 'WRONG_CREDENTIALS' });
  await expect(summary).toContainText(message);
  await expect(type).toHaveAttribute('aria-invalid', 'true');
  await expect(
    staff.getByText(tr(lang, 'Each account signs in with its own type. Ask your administrator if you are not sure of yours.')),
  ).toBeVisible();
  expect(await axeViolations(staff)).toEqual([]);

  // A citizen's account on the employee build, and a name no account has, read the same words: nothing tells them apart.
  for (const username of [citizenAccount.username, `nobody${randomNationalId()}`]) {
    expect(await signIn(username)).toEqual({ status: 401, code: 'WRONG_CREDENTIALS' });
    await expect(summary).toContainText(message);
    await expect(staff.getByRole('heading', { level: 1, name: tr(lang, 'Sign in') })).toBeVisible();
  }

  // The right type: the password is accepted and the authenticator step follows; the device remembers the type.
  await type.selectOption('we_employee');
  expect(await signIn(STAFF.assigner.username)).toEqual({ status: 200, code: undefined });
  await expect(staff.getByRole('heading', { level: 1, name: tr(lang, 'Confirm it is you') })).toBeVisible();
  await staff.goto(`/login?lang=${lang}`);
  await expect(type).toHaveValue('we_employee');
  await expect(type).not.toHaveAttribute('aria-invalid', 'true');

  // Signed in with the form, password then authenticator code, an employee lands on the inbox. The code of this
  // step may have been taken by another worker's sign-in of the account: then the next step's, as the server
  // accepts it one step early (tests/e2e/pages/staff.ts, signInStaff).
  const employee = EMPLOYEE[lang];
  await type.selectOption(employee.slug);
  expect(await signIn(employee.username)).toEqual({ status: 200, code: undefined });
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(employee.secret), digits: 6, period: 30, algorithm: 'SHA1' });
  for (const ahead of [0, 30_000]) {
    const answer = staff.waitForResponse((res) => /\/api\/[^/]+\/MFA$/.test(res.url()));
    await staff.getByLabel(tr(lang, 'Authenticator app code')).fill(totp.generate({ timestamp: Date.now() + ahead }));
    await staff.getByRole('button', { name: tr(lang, 'Verify'), exact: true }).click();
    if ((await answer).ok()) break;
  }
  await expect(staff).toHaveURL(/\/inbox/);
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(tr(lang, 'Inbox'));
  await context.close();

  // On the citizen build (one account type, no choice), a staff account is told what a wrong password is told.
  await page.goto(`/login?lang=${lang}`);
  await expect(page.getByLabel(tr(lang, 'Account type'))).toHaveCount(0);
  await fillSignIn(page, lang, STAFF.reports.username);
  await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toContainText(tr(lang, 'Wrong username or password.'));
});

/** Moves a request to "approved": ready for an installation company (the employee's own API calls). */
async function approve(desk: StaffDesk, r: Filed): Promise<void> {
  const headers = await desk.apiHeaders();
  for (const [version, to] of [
    [1, 'in_review'],
    [2, 'approved'],
  ] as const) {
    const res = await desk.page.request.post(`/api/staff/requests/${r.serviceSlug}/${r.id}/status`, {
      headers,
      data: { version, to },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
}

/** The requests ready for a company, counted as the assigner's page counts them. */
async function readyTotal(assigner: StaffDesk): Promise<number> {
  const filter = encodeURIComponent(JSON.stringify({ ready: true, limit: 1 }));
  const res = await assigner.page.request.get(`/api/dynamic_services/inbox?filter=${filter}`, {
    headers: await assigner.apiHeaders(),
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { total: number }).total;
}

/** /assign-requests shows twenty a page (decision 076). */
const READY_PAGE = 20;

test('/assign-requests pages through the ready requests; another page starts with none chosen', async ({
  page,
  browser,
  lang,
}) => {
  const assigner = await StaffDesk.open(browser, lang, STAFF.assigner);
  await assigner.page.setViewportSize(LANDSCAPE);
  // More ready requests than a page holds (a few over, as other tests hand theirs over meanwhile).
  const missing = Math.max(2, READY_PAGE + 3 - (await readyTotal(assigner)));
  const account = await createCitizen(page.request);
  const citizen = new Citizen(page, lang);
  await citizen.signIn(account.username);
  const desk = await StaffDesk.open(browser, lang, EMPLOYEE[lang]);
  const mine: Filed[] = [];
  try {
    for (let i = 0; i < missing; i++) {
      const r = await citizen.file(SLUG);
      await approve(desk, r);
      mine.push(r);
    }

    await assigner.page.goto(`/assign-requests?lang=${lang}`);
    const pager = assigner.readyPager;
    await expect(pager).toBeVisible();
    const previous = pager.getByRole('button', { name: tr(lang, 'Previous'), exact: true });
    const next = pager.getByRole('button', { name: tr(lang, 'Next'), exact: true });
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();
    const first = await assigner.readyBoxNames();
    expect(first).toHaveLength(READY_PAGE);
    expect(await axeViolations(assigner.page)).toEqual([]);

    // A request chosen on the first page; the next page has other rows; back, nothing is chosen any more.
    await assigner.page.getByRole('checkbox', { name: first[0]!, exact: true }).check();
    await assigner.turnReadyPage('Next');
    await expect(previous).toBeEnabled();
    const second = await assigner.readyBoxNames();
    expect(second.length).toBeGreaterThan(0);
    expect(second.filter((n) => first.includes(n))).toEqual([]);
    await assigner.turnReadyPage('Previous');
    await expect(assigner.page.getByRole('checkbox', { name: first[0]!, exact: true })).not.toBeChecked();

    // The newest are on the later pages: one of this test's is chosen there and handed to a company.
    const last = mine.at(-1)!;
    const box = await assigner.readyCheckbox(last.ID);
    await expect(previous).toBeEnabled();
    await box.check();
    const companies = assigner.page.getByLabel(tr(lang, 'Installation company'));
    const company = ((await companies.locator('option').nth(1).textContent()) ?? '').trim();
    await companies.selectOption({ index: 1 });
    await assigner.button('Assign to company').click();
    await expect(assigner.page.getByRole('status').filter({ hasText: company })).toBeVisible();
    await expect(box).toHaveCount(0);
    mine.pop();
  } finally {
    // This test's other ready requests are handed over too: the other tests' ready requests stay on the first page.
    if (mine.length > 0) {
      const res = await assigner.page.request.post('/api/staff/assign-requests', {
        headers: await assigner.apiHeaders(),
        data: { requestIds: mine.map((r) => r.id), installationCompanyId: 'ic-nour' },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
  }
});
