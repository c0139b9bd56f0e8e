import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { axeViolations, expect, test } from './fixtures.ts';
import { fromMailbox, lastMailboxId } from './support/mailbox.ts';

/*
 * Accounts (issue "Identity and access"): sign-up with the form engine, mobile and e-mail verification through
 * the developer mailbox, profile edit, password change, sign-out and sign-in, and forgot password by SMS.
 * Each test makes its own citizen (unique username, mobile and national id per test and language): sign-up is
 * limited to 5 a minute per IP, so the tests sign up once each.
 */

const TEXT = {
  ar: {
    create: 'إنشاء الحساب',
    nameRule: 'أدخل من ٢ إلى ٥٠ حرفًا.',
    mismatch: 'كلمتا المرور غير متطابقتين.',
    mobileRule: 'أدخل رقم هاتف محمول مصريًا',
    correct: 'برجاء تصحيح ما يلي:',
    confirm: 'تأكيد',
    invalidCode: 'الرمز غير صالح.',
    emailConfirmed: 'تم تأكيد بريدك الإلكتروني',
    editProfile: 'تعديل الملف الشخصي',
    saveChanges: 'حفظ التغييرات',
    saved: 'تم حفظ ملفك الشخصي.',
    changePassword: 'تغيير كلمة المرور',
    wrongCurrent: 'كلمة المرور الحالية غير صحيحة.',
    passwordChanged: 'تم تغيير كلمة المرور.',
    accountNotices: 'تنبيهات الحساب',
    sendCode: 'إرسال الرمز',
    continue: 'متابعة',
    saveNew: 'حفظ كلمة المرور الجديدة',
    weak: 'استخدم من ٨ إلى ١٥ حرفًا',
    resetDone: 'تم تغيير كلمة المرور. سجّل الدخول بكلمة المرور الجديدة.',
    startAgain: 'البدء من جديد',
    notFound: 'الصفحة غير موجودة',
  },
  en: {
    create: 'Create account',
    nameRule: 'Enter 2 to 50 letters.',
    mismatch: 'The passwords do not match.',
    mobileRule: 'Enter an Egyptian mobile number',
    correct: 'Please correct the following:',
    confirm: 'Confirm',
    invalidCode: 'The code is not valid.',
    emailConfirmed: 'your e-mail address',
    editProfile: 'Edit profile',
    saveChanges: 'Save changes',
    saved: 'Your profile has been saved.',
    changePassword: 'Change password',
    wrongCurrent: 'The current password is incorrect.',
    passwordChanged: 'Your password has been changed.',
    accountNotices: 'Account notices',
    sendCode: 'Send the code',
    continue: 'Continue',
    saveNew: 'Save the new password',
    weak: 'Use 8 to 15 characters',
    resetDone: 'Your password has been changed. Log in with your new password.',
    startAgain: 'Start again',
    notFound: 'Page not found',
  },
} as const;

type Person = {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  mobile: string;
  nationalId: string;
  password: string;
};

const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

/** A new citizen: national id = century 2, birth date 1990-01-01, governorate 01, serial and check digit. */
function newPerson(tag: string): Person {
  const serial = digits(5);
  const stamp = `${Date.now().toString(36)}${digits(3)}`;
  return {
    firstName: 'Mona',
    lastName: 'Hassan',
    username: `${tag}${stamp}`
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 32),
    email: `${tag}${stamp}@example.com`.toLowerCase(),
    mobile: `015${digits(8)}`,
    nationalId: `2900101` + `01` + serial,
    password: 'Kahraba@2026x',
  };
}

/** Checked from the top of the page: scrolled down, a control passes under the sticky header, which axe counts as a
 * target too small (the same page from the top has none). */
async function noAxeViolations(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await axeViolations(page)).toEqual([]);
}

const field = (page: Page, name: string): Locator => page.locator(`[name="${name}"]`).first();

/** The message next to a field: the element its aria-describedby names with "-error". */
async function fieldError(page: Page, name: string): Promise<Locator> {
  const input = field(page, name);
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  const ids = ((await input.getAttribute('aria-describedby')) ?? '').split(' ');
  const errorId = ids.find((i) => i.endsWith('-error'));
  expect(errorId).toBeTruthy();
  return page.locator(`[id="${errorId}"]`);
}

async function fillSignup(page: Page, p: Partial<Person> & { confirmPassword?: string }) {
  for (const [k, v] of Object.entries(p)) await field(page, k).fill(v);
}

/** Signs up and verifies the mobile through the API (a separate request context: the page stays signed out). */
async function apiCitizen(request: APIRequestContext, p: Person): Promise<void> {
  const headers = { 'x-csrf-token': 'anonymous', 'x-device': 'CITIZEN' };
  const res = await request.post('/api/citizen', { headers, data: { ...p, confirmPassword: p.password } });
  expect(res.status()).toBe(201);
  const { step } = (await res.json()) as { step: { verificationToken: string } };
  const code = await fromMailbox(request, p.mobile, /(\d{6})/);
  const verified = await request.post('/api/citizen/verifyMobile', {
    headers,
    data: { verificationToken: step.verificationToken, code },
  });
  expect(verified.status()).toBe(200);
}

async function apiLogin(request: APIRequestContext, username: string, password: string): Promise<number> {
  const res = await request.post('/api/citizen/login', {
    headers: { 'x-csrf-token': 'anonymous', 'x-device': 'CITIZEN' },
    data: { username, password },
  });
  return res.status();
}

test.describe('accounts', () => {
  test('sign up (bad input, then valid), verify mobile and e-mail, edit profile, change password, sign in again', async ({
    page,
    open,
    lang,
    request,
  }) => {
    test.setTimeout(120_000); // the longest flows: sign-up to password change, and reset
    const T = TEXT[lang];
    const p = newPerson(`s${lang}`);

    await open('/signup');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(field(page, 'firstName')).toBeVisible();
    await noAxeViolations(page);

    // Bad input: messages next to the fields, the first failing field focused, nothing cleared.
    await fillSignup(page, {
      firstName: 'A',
      lastName: p.lastName,
      nationalId: '29013010100015',
      mobile: '0131',
      email: p.email,
      username: 'Bad Name',
      password: 'weak',
      confirmPassword: 'other',
    });
    await page.getByRole('button', { name: T.create }).click();
    await expect(page.getByRole('alert').filter({ hasText: T.correct })).toBeVisible();
    await expect(await fieldError(page, 'firstName')).toHaveText(T.nameRule);
    await expect(await fieldError(page, 'mobile')).toContainText(T.mobileRule);
    await expect(await fieldError(page, 'confirmPassword')).toHaveText(T.mismatch);
    for (const name of ['nationalId', 'username', 'password']) await fieldError(page, name);
    await expect(field(page, 'firstName')).toBeFocused();
    await expect(field(page, 'firstName')).toHaveValue('A');
    await expect(field(page, 'username')).toHaveValue('Bad Name');
    await expect(field(page, 'lastName')).toHaveValue(p.lastName);
    await noAxeViolations(page);

    // Valid: the mobile step.
    const before = await lastMailboxId(request, p.mobile);
    await fillSignup(page, {
      firstName: p.firstName,
      nationalId: p.nationalId,
      mobile: p.mobile,
      username: p.username,
      password: p.password,
      confirmPassword: p.password,
    });
    await page.getByRole('button', { name: T.create }).click();
    await expect(page).toHaveURL(/\/mobileNumber-validate\?/);
    const codeInput = page.locator('input[autocomplete="one-time-code"]');
    await expect(codeInput).toHaveAttribute('inputmode', 'numeric');
    await noAxeViolations(page);
    const code = await fromMailbox(request, p.mobile, /(\d{6})/, before);

    // A wrong code first: its message, the code kept.
    await codeInput.fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: T.confirm, exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: T.invalidCode })).toBeVisible();
    await codeInput.fill(code);
    await page.getByRole('button', { name: T.confirm, exact: true }).click();
    await expect(page).toHaveURL(/\/(\?.*)?$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('userId'))).toBeTruthy();

    // The banner asks to verify the e-mail.
    const notices = page.getByRole('region', { name: T.accountNotices });
    await expect(notices).toBeVisible();
    await noAxeViolations(page);

    // The e-mail link from the mailbox.
    const link = await fromMailbox(request, p.email, /(https?:\/\/\S+\/email-verify\?token=[\w-]+)/);
    const url = new URL(link);
    await open(`${url.pathname}${url.search}`);
    await expect(page.getByRole('status').filter({ hasText: T.emailConfirmed })).toBeVisible();
    await noAxeViolations(page);

    // Profile: view (the banner is gone), edit.
    await open('/profile');
    await expect(page.getByText(p.username, { exact: true }).first()).toBeVisible();
    await expect(notices).toHaveCount(0);
    await noAxeViolations(page);
    await page.getByRole('button', { name: T.editProfile }).click();
    await expect(field(page, 'username')).toHaveAttribute('readonly', '');
    await field(page, 'job').fill('Engineer');
    await field(page, 'passportNumber').fill('A-1');
    await page.getByRole('button', { name: T.saveChanges }).click();
    await fieldError(page, 'passportNumber');
    await expect(field(page, 'passportNumber')).toBeFocused();
    await noAxeViolations(page);
    await field(page, 'passportNumber').fill('A1234567');
    await page.getByRole('button', { name: T.saveChanges }).click();
    await expect(page.getByRole('status').filter({ hasText: T.saved })).toBeVisible();
    await expect(page.getByText('Engineer', { exact: true })).toBeVisible();

    // Change password: the wrong current password first.
    const newPassword = 'Changed#2026a';
    await field(page, 'oldPassword').fill('Wrong@12345');
    await field(page, 'newPassword').fill(newPassword);
    await field(page, 'confirmPassword').fill(newPassword);
    await page.getByRole('button', { name: T.changePassword }).click();
    await expect(await fieldError(page, 'oldPassword')).toHaveText(T.wrongCurrent);
    await expect(field(page, 'newPassword')).toHaveValue(newPassword);
    await field(page, 'oldPassword').fill(p.password);
    await page.getByRole('button', { name: T.changePassword }).click();
    await expect(page.getByRole('status').filter({ hasText: T.passwordChanged })).toBeVisible();
    await noAxeViolations(page);

    // Sign out through the header's user menu, then the new password works and the old one does not.
    await page.getByRole('button', { name: /Account menu|قائمة الحساب/ }).click();
    await page.getByRole('button', { name: /Log out|تسجيل الخروج/ }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('userId'))).toBeNull();
    expect(await apiLogin(request, p.username, p.password)).toBe(401);
    expect(await apiLogin(request, p.username, newPassword)).toBe(200);
  });

  test('forgot password by SMS: validate, otp (wrong then right code), reset, sign in', async ({
    page,
    open,
    lang,
    request,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(120_000); // the longest flows: sign-up to password change, and reset
    const T = TEXT[lang];
    const p = newPerson(`f${lang}`);
    const api = await playwright.request.newContext({ baseURL: baseURL! });
    await apiCitizen(api, p);
    await api.dispose();

    await open('/forget-password/nope');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(T.notFound);

    await open('/forget-password/validate');
    await expect(field(page, 'identifier')).toBeVisible();
    await noAxeViolations(page);
    await page.getByRole('button', { name: T.sendCode }).click();
    await fieldError(page, 'identifier');
    await expect(field(page, 'identifier')).toBeFocused();
    const before = await lastMailboxId(request, p.mobile);
    await field(page, 'identifier').fill(p.username);
    await page.getByRole('button', { name: T.sendCode }).click();
    await expect(page).toHaveURL(/\/forget-password\/otp/);
    await noAxeViolations(page);
    const code = await fromMailbox(request, p.mobile, /(\d{6})/, before);

    // A reload keeps the flow.
    await page.reload();
    const codeInput = page.locator('input[autocomplete="one-time-code"]');
    await codeInput.fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: T.continue }).click();
    await expect(page.getByRole('alert').filter({ hasText: T.invalidCode })).toBeVisible();
    await codeInput.fill(code);
    await page.getByRole('button', { name: T.continue }).click();
    await expect(page).toHaveURL(/\/forget-password\/reset/);
    await noAxeViolations(page);

    const newPassword = 'Reset#2026b';
    await field(page, 'password').fill('weakpass');
    await field(page, 'confirmPassword').fill('weakpass');
    await page.getByRole('button', { name: T.saveNew }).click();
    await expect(await fieldError(page, 'password')).toContainText(T.weak);
    await field(page, 'password').fill(newPassword);
    await field(page, 'confirmPassword').fill(newPassword);
    await page.getByRole('button', { name: T.saveNew }).click();
    await expect(page.getByRole('status').filter({ hasText: T.resetDone })).toBeVisible();
    await noAxeViolations(page);
    expect(await apiLogin(request, p.username, newPassword)).toBe(200);

    // A reset link that is not (or no longer) valid: its message and a way to start again.
    await open('/forget-password/reset?token=AAAAAAAAAAAAAAAAAAAAAAAA');
    await field(page, 'password').fill(newPassword);
    await field(page, 'confirmPassword').fill(newPassword);
    await page.getByRole('button', { name: T.saveNew }).click();
    await expect(page.getByRole('link', { name: T.startAgain })).toBeVisible();
    await noAxeViolations(page);
  });

  test('account pages guard their audience; /dev/mailbox lists messages', async ({ page, open, lang }) => {
    await open('/profile');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await open('/email-verify');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await open('/profile/meters');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await open('/mobileNumber-validate');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await noAxeViolations(page);
    await open('/dev/mailbox');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(lang === 'ar' ? 'صندوق بريد المطورين' : 'Developer mailbox');
    await noAxeViolations(page);
  });
});
