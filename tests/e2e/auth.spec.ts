import * as OTPAuth from 'otpauth';
import type { Locator, Page } from '@playwright/test';
import { latinDigits } from '../../contract/identity.ts';
import { LAST_ACTIVE_KEY, warningMs } from '../../src/features/auth/idle.ts';
import { axeViolations, expect, test } from './fixtures.ts';
import { DEMO_AGENT, DEMO_CITIZEN, createCitizen, fillSignIn, tr } from './support/auth.ts';
import { BASE_URL, OIDC_PROVIDER_NAME } from './support/ports.ts';

/*
 * Sign-in and session (issue "Identity and access"): password sign-in with the remembered page, sign-out, the
 * signed-out-only pages, the idle countdown, the agent's sign-in and citizen choice, the second factor (an
 * authenticator app and a passkey in Chromium's virtual authenticator) and external sign-in with OpenID Connect.
 */

const userMenu = (page: Page, name: string | RegExp) => page.getByRole('banner').getByRole('button', { name });

/** The header offers "Log in" again: nobody is signed in. */
const expectSignedOut = (page: Page, lang: 'ar' | 'en') =>
  expect(
    page
      .getByRole('banner')
      .getByRole('link', { name: tr(lang, 'Log in') })
      .first(),
  ).toBeVisible();

async function logOut(page: Page, lang: 'ar' | 'en', name: string | RegExp) {
  await userMenu(page, name).click();
  await page.getByRole('button', { name: tr(lang, 'Log out'), exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectSignedOut(page, lang);
}

test.describe('password sign-in', () => {
  test('a visitor sent to sign in comes back to the page they wanted, then signs out', async ({ page, open, lang }) => {
    await open('/profile');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile/);
    await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'Sign in') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    expect(await axeViolations(page)).toEqual([]);

    // A wrong password: the message, and nothing typed is lost.
    await fillSignIn(page, lang, DEMO_CITIZEN.username, 'Wrong@2026x');
    await expect(page.getByRole('alert')).toContainText(tr(lang, 'Wrong username or password.'));
    await expect(page.getByLabel(tr(lang, 'Username, e-mail, mobile number or national ID'))).toHaveValue(DEMO_CITIZEN.username);
    await expect(page.getByLabel(tr(lang, 'Password'), { exact: true })).toHaveValue('Wrong@2026x');
    // Show / hide the password.
    const show = page.getByRole('button', { name: tr(lang, 'Show'), exact: true });
    await show.click();
    await expect(page.getByLabel(tr(lang, 'Password'), { exact: true })).toHaveAttribute('type', 'text');
    await expect(show).toHaveAttribute('aria-pressed', 'true');
    await show.click();
    await expect(page.getByLabel(tr(lang, 'Password'), { exact: true })).toHaveAttribute('type', 'password');

    await fillSignIn(page, lang, DEMO_CITIZEN.username);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(userMenu(page, new RegExp(DEMO_CITIZEN.firstName))).toBeVisible();

    // Signed in, the sign-in page is not for them.
    await page.goto('/login');
    await expect(page).toHaveURL(`${BASE_URL}/`);

    // The menu: profile, my meters, log out.
    await userMenu(page, new RegExp(DEMO_CITIZEN.firstName)).click();
    await expect(page.getByRole('link', { name: tr(lang, 'Profile'), exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: tr(lang, 'My meters'), exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await logOut(page, lang, new RegExp(DEMO_CITIZEN.firstName));
    // Signed out, private pages send to sign-in again.
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile/);
  });

  test('a failed sign-out offers a retry', async ({ page, open, lang }) => {
    await open('/login');
    await fillSignIn(page, lang, DEMO_CITIZEN.username);
    await expect(page).toHaveURL(`${BASE_URL}/`);
    const name = new RegExp(DEMO_CITIZEN.firstName);
    await page.route('**/api/citizen/logout', (route) => route.abort('internetdisconnected'));
    await userMenu(page, name).click();
    await page.getByRole('button', { name: tr(lang, 'Log out'), exact: true }).click();
    const alert = page
      .getByRole('alert')
      .filter({ hasText: tr(lang, 'Signing out failed. Check your connection and try again.') });
    await expect(alert).toBeVisible();
    await expect(userMenu(page, name)).toBeVisible();
    await page.unroute('**/api/citizen/logout');
    await alert.getByRole('button', { name: tr(lang, 'Retry') }).click();
    await expectSignedOut(page, lang);
  });
});

test.describe('idle sign-out', () => {
  /*
   * The pages' clock is Playwright's: it runs at the real pace, and the test moves it forward to the warning and
   * to the end, so no step waits on the wall clock and a slow machine passes the same way. The jumps are derived
   * from the timeout the server announces at sign-in (its IDLE_TIMEOUT_MS, the production default here). Tabs
   * of the context share that clock. The server measures idleness on its own (real) clock and, its timeout being
   * far longer than this test, never ends the session under it; that it does so on its own is proven by the API
   * tests (server/routes/identity-sessions.test.ts).
   */
  test('the countdown warns in seconds, "stay signed in" keeps the session, then it ends on the sign-in page', async ({
    page,
    open,
    lang,
  }) => {
    await page.clock.install();
    await open('/login?redirect=/faq');
    const signIn = page.waitForResponse((r) => /\/api\/[^/]+\/login$/.test(r.url()) && r.request().method() === 'POST');
    await fillSignIn(page, lang, DEMO_CITIZEN.username);
    const { idleTimeoutMs: timeout } = (await (await signIn).json()) as { idleTimeoutMs: number };
    await expect(page).toHaveURL(`${BASE_URL}/faq`);
    const warning = warningMs(timeout);
    /** Just inside the warning: a second more than the time before it. */
    const toWarning = timeout - warning + 1_000;
    const countdown = async (dialog: Locator) =>
      Number(latinDigits((await dialog.locator('p.tabular-nums').textContent()) ?? '').match(/\d+/)?.[0] ?? Number.NaN);

    // The warning: the dialog, its focus on "stay signed in" and a countdown in seconds.
    await page.clock.fastForward(toWarning);
    const dialog = page.getByRole('alertdialog', { name: tr(lang, 'Are you still there?') });
    await expect(dialog).toBeVisible();
    const stay = dialog.getByRole('button', { name: tr(lang, 'Stay signed in') });
    await expect(stay).toBeFocused();
    await expect(dialog).toContainText(lang === 'ar' ? /ثانية|ثوانٍ|ثانيتان/ : /\d+ seconds?/);
    expect(await countdown(dialog)).toBeLessThanOrEqual((warning - 1_000) / 1000);
    expect(await axeViolations(page)).toEqual([]);

    // A second tab shares the countdown: it warns too, and "stay signed in" in one tab closes both warnings.
    const other = await page.context().newPage();
    await other.goto('/about');
    const otherDialog = other.getByRole('alertdialog', { name: tr(lang, 'Are you still there?') });
    await expect(otherDialog).toBeVisible();
    // The server hears of the activity: the session now ends a full timeout after the click.
    const heartbeat = page.waitForResponse((r) => r.url().endsWith('/api/authTokens/activityHeartbeat'));
    const clickedAt = Date.now();
    await stay.click();
    await expect(dialog).toBeHidden();
    await expect(otherDialog).toBeHidden();
    const beat = await heartbeat;
    expect(beat.status()).toBe(200);
    const { expiresAt } = (await beat.json()) as { expiresAt: string };
    expect(Date.parse(expiresAt)).toBeGreaterThanOrEqual(clickedAt + timeout);

    // Past the first deadline, still signed in: the warning again, counted from the click.
    await page.clock.fastForward(toWarning);
    await expect(dialog).toBeVisible();
    await expect(otherDialog).toBeVisible();
    const seconds = await countdown(dialog);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual((warning - 1_000) / 1000);

    // No answer: both tabs are signed out, on the sign-in page with the reason, and the page is remembered. The
    // tabs' clocks are set to the same moment shortly before the end (a jump past it would reach one tab before
    // the other) and get there together at the real pace.
    const lastActive = await page.evaluate((key) => Number(localStorage.getItem(key)), LAST_ACTIVE_KEY);
    await page.clock.setSystemTime(lastActive + timeout - 1_500);
    await expect(page).toHaveURL(/\/login\?.*redirect=%2Ffaq/);
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: tr(lang, 'Your session has expired because you were inactive. Please sign in again.') }),
    ).toBeVisible();
    await expect(other).toHaveURL(/\/login\?.*redirect=%2Fabout/);
    await expectSignedOut(other, lang);
    // The device told the server: the session is over there too.
    await expect.poll(async () => (await page.request.get('/api/citizen/demo-citizen')).status()).toBe(401);
    await other.close();
  });
});

test.describe('agents', () => {
  test('an agent signs in separately and acts for the demo citizen', async ({ page, open, lang }) => {
    await open('/agent-login');
    await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'Agent sign-in') })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await fillSignIn(page, lang, DEMO_AGENT.username);
    await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'Agent workspace') })).toBeVisible();
    const account = page.getByRole('region', { name: tr(lang, 'Your agent account') });
    await expect(account).toContainText(DEMO_AGENT.fullName);
    await expect(account).toContainText(DEMO_AGENT.username);
    // The portal itself is still signed out: the agent's session is separate.
    await expectSignedOut(page, lang);

    await page.getByLabel(tr(lang, "Citizen's national ID")).fill(DEMO_CITIZEN.nationalId);
    await page.getByRole('button', { name: tr(lang, 'Act for this citizen') }).click();
    const actingFor = page.getByRole('region', { name: tr(lang, 'Acting for') });
    await expect(actingFor).toContainText(DEMO_CITIZEN.fullName);
    await expect(actingFor).toContainText(DEMO_CITIZEN.nationalId);
    // Checked from the top: scrolled down, a radio button passes under the sticky header, which axe counts as a
    // target too small (the same page from the top has none).
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await axeViolations(page)).toEqual([]);

    // Reloading keeps it (the agent session remembers the citizen).
    await page.reload();
    await expect(page.getByRole('region', { name: tr(lang, 'Acting for') })).toContainText(DEMO_CITIZEN.fullName);

    await page.getByRole('button', { name: tr(lang, 'Stop acting for this citizen') }).click();
    await expect(page.getByRole('region', { name: tr(lang, 'Acting for') })).not.toContainText(DEMO_CITIZEN.fullName);
    await page.getByRole('button', { name: tr(lang, 'Log out of the agent account') }).click();
    await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'Agent sign-in') })).toBeVisible();
  });
});

test.describe('second factor', () => {
  test('authenticator app: set up on the profile, then sign in with an app code', async ({ page, open, lang, request }) => {
    const account = await createCitizen(request);
    await open('/login?redirect=/profile');
    await fillSignIn(page, lang, account.username);
    await expect(page).toHaveURL(/\/profile$/);

    await page.getByRole('button', { name: tr(lang, 'Set up an authenticator app') }).click();
    await expect(page.getByRole('img', { name: tr(lang, 'QR code to add your account to an authenticator app') })).toBeVisible();
    const secret = (await page.locator('code[data-secret]').getAttribute('data-secret'))!;
    expect((await page.locator('code[data-secret]').textContent())!.replace(/\s/g, '')).toBe(secret);
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
    const code = page.getByLabel(tr(lang, 'Code from the app'));
    await expect(code).toBeFocused();
    await code.fill(totp.generate());
    await page.getByRole('button', { name: tr(lang, 'Confirm'), exact: true }).click();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: tr(lang, 'The authenticator app is now set up. You will be asked for a code when you sign in.') }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: tr(lang, 'Remove the authenticator app') })).toBeVisible();

    await logOut(page, lang, /Salma/);
    await open('/login');
    await fillSignIn(page, lang, account.username);
    await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'Confirm it is you') })).toBeVisible();
    const appCode = page.getByLabel(tr(lang, 'Authenticator app code'));
    await expect(appCode).toHaveAttribute('inputmode', 'numeric');
    await expect(appCode).toHaveAttribute('autocomplete', 'one-time-code');
    expect(await axeViolations(page)).toEqual([]);
    // A wrong code first: the message, the field kept.
    await appCode.fill('000000');
    await page.getByRole('button', { name: tr(lang, 'Verify') }).click();
    await expect(page.getByRole('alert')).toContainText(tr(lang, 'The verification code is wrong.'));
    // The code of the next period (the one used at set-up cannot be used twice).
    await appCode.fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: tr(lang, 'Verify') }).click();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(userMenu(page, /Salma/)).toBeVisible();
  });

  test('passkey: added on the profile with a virtual authenticator, then used to sign in', async ({
    page,
    open,
    lang,
    request,
  }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });
    const account = await createCitizen(request);
    await open('/login?redirect=/profile');
    await fillSignIn(page, lang, account.username);
    await expect(page).toHaveURL(/\/profile$/);

    await page.getByLabel(tr(lang, 'Name (optional)')).fill('Laptop');
    await page.getByRole('button', { name: tr(lang, 'Add a security key or passkey') }).click();
    await expect(page.getByRole('status').filter({ hasText: tr(lang, 'The security key or passkey was added.') })).toBeVisible();
    await expect(
      page.getByRole('button', { name: tr(lang, 'Remove {keyName}').replace('{keyName}', '\u2068Laptop\u2069') }),
    ).toBeVisible();

    await logOut(page, lang, /Salma/);
    await open('/login');
    await fillSignIn(page, lang, account.username);
    await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'Confirm it is you') })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: tr(lang, 'Use a security key or passkey') }).click();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(userMenu(page, /Salma/)).toBeVisible();

    // Removing it is asked twice; Cancel keeps it.
    await open('/profile');
    const remove = page.getByRole('button', { name: tr(lang, 'Remove {keyName}').replace('{keyName}', '\u2068Laptop\u2069') });
    await remove.click();
    await expect(page.getByRole('button', { name: tr(lang, 'Cancel'), exact: true })).toBeFocused();
    await page.getByRole('button', { name: tr(lang, 'Cancel'), exact: true }).click();
    await expect(remove).toBeVisible();
    await remove.click();
    await page.getByRole('button', { name: tr(lang, 'Yes, remove it') }).click();
    await expect(
      page.getByRole('status').filter({ hasText: tr(lang, 'The security key or passkey was removed.') }),
    ).toBeVisible();
    await expect(remove).toHaveCount(0);
  });
});

test.describe('external sign-in', () => {
  test('OpenID Connect: the provider signs the person in and they come back to the remembered page', async ({
    page,
    open,
    lang,
  }) => {
    await open('/login?redirect=/profile');
    const button = page.getByRole('link', {
      name: tr(lang, 'Sign in with {providerName}').replace('{providerName}', OIDC_PROVIDER_NAME),
    });
    await expect(button).toBeVisible();
    await button.click();
    // The provider's development login and consent pages.
    await page.locator('input[name=login]').fill(`person-${lang}-${Date.now()}`);
    await page.locator('input[name=password]').fill('anything');
    await page.locator('button[type=submit]').click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(userMenu(page, /Nadia/)).toBeVisible();
  });
});
