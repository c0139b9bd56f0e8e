import * as OTPAuth from 'otpauth';
import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, fillSignIn, tr } from '../support/auth.ts';
import { AGENT_BASE_URL, EMPLOYEE_BASE_URL } from '../support/ports.ts';
import { fileSample, type Filed } from './tracking.ts';

/*
 * The staff builds as a test drives them (issue 11): an employee on a tablet (the employee build, its own port and
 * session cookie) with the inbox, the request's staff panel and /assign-requests; an agent (the agent build) with
 * the agent workspace. Staff sign in through the API of the page's own browser, with the demo authenticator codes.
 */
type Lang = 'ar' | 'en';

/** The spec's tablet (quality.md: employees on tablets). */
export const TABLET = { width: 834, height: 1112 };

/** Demo staff accounts (server/db/seed/data/users.ts): their user type, names and authenticator secrets. */
export const STAFF = {
  employee: { slug: 'employee', username: 'employee', fullName: 'منى سالم', secret: 'MG6FEBYCCFTHJHNZHV7QCTWYL2VDFYIA' },
  reports: { slug: 'employee', username: 'reports', fullName: 'كريم عادل', secret: 'UKCWI3MENBREP2L5WT7QEODUESGBJXJ6' },
  assigner: { slug: 'we_employee', username: 'assigner', fullName: 'هالة فريد', secret: 'ELUSNJ6DGT45AGISQH6JUJNDIQCNTKYT' },
} as const;
export type StaffAccount = (typeof STAFF)[keyof typeof STAFF];

export async function tabletContext(browser: Browser, lang: Lang, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: TABLET,
    locale: lang === 'ar' ? 'ar-EG' : 'en-US',
    reducedMotion: 'reduce',
    // The staff tests need no offline shell: no service worker downloading every file of the build.
    serviceWorkers: 'block',
  });
}

type SessionHints = { userSlug: string; userId: string; usertoken: string };
const savedSessions = new Map<string, { cookies: Awaited<ReturnType<BrowserContext['cookies']>>; hints: SessionHints }>();

const storeHints = (page: Page, hints: SessionHints): Promise<void> =>
  page.evaluate((h) => {
    localStorage.setItem('userSlug', h.userSlug);
    localStorage.setItem('userId', h.userId);
    localStorage.setItem('usertoken', h.usertoken);
  }, hints);

/**
 * Signs a staff member in through the API of the page's own browser (its origin's session cookie), password then
 * authenticator code, and stores the app's session hints. An authenticator code is taken once per 30-second step
 * and account, and other tests sign the same demo accounts in: a code refused for that reason is followed by the
 * next step's (accepted one step ahead), else by a fresh one after the step turns. The server's clock is the real
 * one. `device` is the build signed in to (the session records it).
 */
export async function signInStaff(
  page: Page,
  account: Pick<StaffAccount, 'slug' | 'username' | 'secret'>,
  device: 'EMPLOYEE' | 'CITIZEN' = 'EMPLOYEE',
): Promise<SessionHints> {
  const headers = { 'x-csrf-token': 'anonymous', 'x-device': device };
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(account.secret), digits: 6, period: 30, algorithm: 'SHA1' });
  for (let attempt = 0; attempt < 4; attempt++) {
    for (const ahead of [0, 30_000]) {
      const login = await page.request.post(`/api/${account.slug}/login`, {
        headers,
        data: { username: account.username, password: DEMO_PASSWORD },
      });
      expect(login.status(), await login.text()).toBe(200);
      const { mfaToken } = (await login.json()) as { mfaToken: string };
      const mfa = await page.request.post(`/api/${account.slug}/MFA`, {
        headers: { ...headers, authorization: `Bearer ${mfaToken}` },
        data: { method: 'totp', code: totp.generate({ timestamp: Date.now() + ahead }) },
      });
      if (mfa.status() === 200) {
        const { user, csrfToken } = (await mfa.json()) as { user: { id: string; userSlug: string }; csrfToken: string };
        const hints = { userSlug: user.userSlug, userId: user.id, usertoken: csrfToken };
        await storeHints(page, hints);
        return hints;
      }
    }
    await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
  }
  throw new Error(`${account.username} could not sign in: every authenticator code was taken`);
}

export class StaffDesk {
  constructor(
    readonly page: Page,
    readonly lang: Lang,
  ) {}

  /**
   * A tablet page of the employee build, signed in as `account`. A worker signs each account in once and reuses
   * the session (cookie and the app's session hints) in later tests while the server still accepts it: fewer
   * authenticator codes taken, so fewer waits for the next 30-second step.
   */
  static async open(browser: Browser, lang: Lang, account: StaffAccount): Promise<StaffDesk> {
    const context = await tabletContext(browser, lang, EMPLOYEE_BASE_URL);
    const page = await context.newPage();
    await page.goto(`/?lang=${lang}`);
    const saved = savedSessions.get(account.username);
    if (saved) {
      await context.addCookies(saved.cookies);
      const alive = await page.request.get(`/api/${saved.hints.userSlug}/${saved.hints.userId}`);
      if (alive.ok()) {
        await storeHints(page, saved.hints);
        return new StaffDesk(page, lang);
      }
      await context.clearCookies();
    }
    const hints = await signInStaff(page, account);
    savedSessions.set(account.username, { cookies: await context.cookies(), hints });
    return new StaffDesk(page, lang);
  }

  button(en: string): Locator {
    return this.page.getByRole('button', { name: tr(this.lang, en), exact: true });
  }
  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }
  get alert(): Locator {
    return this.page.getByRole('alert');
  }
  get status(): Locator {
    return this.page.getByRole('status').filter({ hasText: /\S/ });
  }

  async openInbox(query = ''): Promise<void> {
    await this.page.goto(`/inbox?lang=${this.lang}${query}`);
    await expect(this.heading).toHaveText(tr(this.lang, 'Inbox'));
  }
  async search(text: string): Promise<void> {
    await this.page.getByLabel(tr(this.lang, 'Search requests')).fill(text);
    await this.button('Search').click();
  }
  row(number: string): Locator {
    return this.page.getByRole('link', { name: number, exact: true }).filter({ visible: true });
  }
  async openRequest(r: { serviceSlug: string; id: string; ID: string }): Promise<void> {
    await this.page.goto(`/services/${r.serviceSlug}/entries/${r.id}?lang=${this.lang}`);
    await expect(this.heading).toContainText(r.ID);
  }
  get panel(): Locator {
    return this.page.getByRole('region', { name: tr(this.lang, 'Work on this request') });
  }
  async changeStatus(to: string, comment?: string): Promise<void> {
    await this.panel.getByLabel(tr(this.lang, 'New status')).selectOption(to);
    if (comment) await this.panel.getByLabel(tr(this.lang, 'Comment'), { exact: true }).fill(comment);
    await this.panel.getByRole('button', { name: tr(this.lang, 'Change status'), exact: true }).click();
    await expect(this.status).toContainText(tr(this.lang, 'The status was changed.'));
  }
  /** Files a request (its seed's sample data) as the page would: its session, and the owner token it keeps. */
  async fileWithOwnerToken(slug: string): Promise<Filed> {
    const [csrf, owner] = await this.page.evaluate(() => [
      localStorage.getItem('usertoken'),
      localStorage.getItem('requestOwnerToken'),
    ]);
    expect(owner).toBeTruthy();
    return fileSample(this.page.request, slug, {
      'x-csrf-token': csrf ?? '',
      'x-device': 'EMPLOYEE',
      'request-owner-token': owner ?? '',
    });
  }
  async askForInformation(what: string): Promise<void> {
    await this.button('Ask for more information').click();
    await this.panel.getByLabel(tr(this.lang, 'What information is needed')).fill(what);
    await this.button('Send request for information').click();
    await expect(this.status).toContainText(tr(this.lang, 'The citizen was asked for more information.'));
  }
}

export class AgentDesk {
  constructor(
    readonly page: Page,
    readonly lang: Lang,
  ) {}

  static async open(browser: Browser, lang: Lang, username = 'agent'): Promise<AgentDesk> {
    const page = await (await tabletContext(browser, lang, AGENT_BASE_URL)).newPage();
    const desk = new AgentDesk(page, lang);
    await page.goto(`/login?lang=${lang}`);
    await fillSignIn(page, lang, username);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('usertoken'))).toBeTruthy();
    return desk;
  }

  async actFor(nationalId: string): Promise<void> {
    await this.page.goto(`/apply-on-behalf?lang=${this.lang}`);
    await this.page.getByLabel(tr(this.lang, "Citizen's national ID")).fill(nationalId);
    await this.page.getByRole('button', { name: tr(this.lang, 'Act for this citizen'), exact: true }).click();
  }

  /** Opens a page from the agent build's main menu (its English label). */
  async openFromMenu(en: string): Promise<void> {
    await this.page
      .getByRole('navigation', { name: tr(this.lang, 'Main menu') })
      .getByRole('link', { name: tr(this.lang, en), exact: true })
      .click();
  }

  /** Files a request (its seed's sample data) through the agent build's own session (its csrf token and device). */
  async file(slug: string): Promise<Filed> {
    const token = await this.page.evaluate(() => localStorage.getItem('usertoken'));
    return fileSample(this.page.request, slug, { 'x-csrf-token': token ?? '', 'x-device': 'AGENT' });
  }
}
