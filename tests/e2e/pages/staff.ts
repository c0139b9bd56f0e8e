import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as OTPAuth from 'otpauth';
import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, fillSignIn, tr } from '../support/auth.ts';
import { AGENT_BASE_URL, EMPLOYEE_BASE_URL } from '../support/ports.ts';
import { fileSample, type Filed } from './tracking.ts';
import { readableNumber } from '../../../contract/request-number.ts';

/*
 * The staff builds as a test drives them (issue 11): an employee on a tablet (the employee build, its own port and
 * session cookie) with the inbox, the request's staff panel and /assign-requests; an agent (the agent build) with
 * the agent workspace. Staff sign in through the API of the page's own browser, with the demo authenticator codes.
 */
type Lang = 'ar' | 'en';

/** The spec's tablet (quality.md: employees on tablets). */
export const TABLET = { width: 834, height: 1112 };
/** Issue 24's tablet, upright and turned (decision 050), and the agent's phone. */
export const PORTRAIT = { width: 820, height: 1180 };
export const LANDSCAPE = { width: 1180, height: 820 };
export const PHONE = { width: 390, height: 844 };

/** Demo staff accounts (server/seed/data/users.ts): their user type, names and authenticator secrets. */
export const STAFF = {
  employee: { slug: 'employee', username: 'employee', fullName: 'منى سالم', secret: 'MG6FEBYCCFTHJHNZHV7QCTWYL2VDFYIA' },
  reports: { slug: 'employee', username: 'reports', fullName: 'كريم عادل', secret: 'UKCWI3MENBREP2L5WT7QEODUESGBJXJ6' },
  assigner: { slug: 'we_employee', username: 'assigner', fullName: 'هالة فريد', secret: 'ELUSNJ6DGT45AGISQH6JUJNDIQCNTKYT' },
  clerk: { slug: 'employee', username: 'clerk', fullName: 'سارة يوسف', secret: '6OITJ45Z4QXBRJIYTYHWIZJ4OUX6WKTA' },
  /** Service quality, content and the services (issue 26). */
  manager: { slug: 'employee', username: 'manager', fullName: 'منى صبري', secret: 'UXMZ7MSUWZLI6KQR4LHFHA5CVS5YEWUM' },
  /** The data-access record (issue 28, decision 071). */
  auditor: { slug: 'employee', username: 'auditor', fullName: 'طارق منصور', secret: '4LSHQVRFANPAHQECE2RR3LF7TNEWYZ5E' },
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
type SavedSession = { cookies: Awaited<ReturnType<BrowserContext['cookies']>>; hints: SessionHints };

/**
 * Staff sessions are shared by the run's workers (a file per account, E2E_RUN_ID from playwright.config.ts): an
 * account signed in by one worker is not signed in again by the other in the same 30-second step, where its
 * authenticator code would be refused as already used and the sign-in would wait for the next step. One worker
 * signs an account in at a time (a lock file); the others wait for its session. A session the server no longer
 * accepts (`valid`) is replaced.
 */
const SESSION_DIR = path.join(os.tmpdir(), `kahraba-e2e-staff-${process.env.E2E_RUN_ID ?? 'local'}`);

async function sharedSession(
  username: string,
  valid: (saved: SavedSession) => Promise<boolean>,
  signIn: () => Promise<SavedSession>,
): Promise<SavedSession> {
  fs.mkdirSync(SESSION_DIR, { recursive: true });
  const file = path.join(SESSION_DIR, `${username}.json`);
  const lock = `${file}.lock`;
  const read = (): SavedSession | undefined => {
    try {
      return JSON.parse(fs.readFileSync(file, 'utf8')) as SavedSession;
    } catch {
      return undefined; // none yet, or just replaced
    }
  };
  const saved = read();
  if (saved && (await valid(saved))) return saved;
  for (;;) {
    let fd: number;
    try {
      fd = fs.openSync(lock, 'wx');
    } catch {
      // Another worker is signing this account in; a lock left by a worker that died is taken over after 45 s.
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 45_000) fs.rmSync(lock, { force: true });
      await new Promise((r) => setTimeout(r, 200));
      const theirs = read();
      if (theirs && theirs.hints.usertoken !== saved?.hints.usertoken && (await valid(theirs))) return theirs;
      continue;
    }
    try {
      // Signed in by another worker while this one waited for the lock?
      const current = read();
      if (current && current.hints.usertoken !== saved?.hints.usertoken && (await valid(current))) return current;
      const fresh = await signIn();
      fs.writeFileSync(`${file}.tmp`, JSON.stringify(fresh));
      fs.renameSync(`${file}.tmp`, file);
      return fresh;
    } finally {
      fs.closeSync(fd);
      fs.rmSync(lock, { force: true });
    }
  }
}

const storeHints = (page: Page, hints: SessionHints): Promise<void> =>
  page.evaluate((h) => {
    localStorage.setItem('userSlug', h.userSlug);
    localStorage.setItem('userId', h.userId);
    localStorage.setItem('usertoken', h.usertoken);
  }, hints);

/**
 * Signs a staff member in through the API of the page's own browser (its origin's session cookie), password then
 * authenticator code, and stores the app's session hints. The server takes an account's code once per 30-second
 * step and accepts the next step's code one step early (server/domain/identity/mfa.ts): two sign-ins of one account
 * always fit in a step, the current code then the next one. The run never needs more: staff desks share one
 * session per account (`StaffDesk.open`), and the only other staff sign-ins (newcomer.spec.ts, on the citizen
 * build) use the account of their language. A third sign-in in one step fails here, saying so, instead of waiting
 * for the next step on the wall clock (decision 017; decision 041). `device` is the build signed in to (the session
 * records it).
 */
export async function signInStaff(
  page: Page,
  account: Pick<StaffAccount, 'slug' | 'username' | 'secret'>,
  device: 'EMPLOYEE' | 'CITIZEN' = 'EMPLOYEE',
): Promise<SessionHints> {
  const headers = { 'x-csrf-token': 'anonymous', 'x-device': device };
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(account.secret), digits: 6, period: 30, algorithm: 'SHA1' });
  const refused: string[] = [];
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
    refused.push(`${mfa.status()} ${await mfa.text()}`);
  }
  throw new Error(
    `${account.username} could not sign in: both this step's and the next step's authenticator codes were refused ` +
      `(${refused.join('; ')}). More than two sign-ins of one demo staff account in 30 seconds: share its session ` +
      `(StaffDesk.open) or give the test its own demo account.`,
  );
}

/**
 * Opens a page from a staff build's main menu (its English label): below a landscape tablet's width the menu is
 * folded into the menu button (decision 050), which is pressed first.
 */
export async function openFromMainMenu(page: Page, lang: Lang, en: string): Promise<void> {
  const menu = page.getByRole('navigation', { name: tr(lang, 'Main menu') });
  if (!(await menu.isVisible())) await page.getByRole('button', { name: tr(lang, 'Menu'), exact: true }).click();
  await menu.getByRole('link', { name: tr(lang, en), exact: true }).click();
}

export class StaffDesk {
  constructor(
    readonly page: Page,
    readonly lang: Lang,
  ) {}

  /**
   * A tablet page of the employee build, signed in as `account`. The run signs each account in once and its
   * workers reuse the session (cookie and the app's session hints, `sharedSession`) while the server still
   * accepts it: fewer authenticator codes taken, so fewer waits for the next 30-second step.
   */
  static async open(browser: Browser, lang: Lang, account: StaffAccount): Promise<StaffDesk> {
    const context = await tabletContext(browser, lang, EMPLOYEE_BASE_URL);
    const page = await context.newPage();
    await page.goto(`/?lang=${lang}`);
    const saved = await sharedSession(
      account.username,
      async (s) => {
        await context.addCookies(s.cookies);
        // The staff build's session cookie is read when the request says it comes from that build (before, this
        // check read the citizen cookie, always failed, and every desk signed in again).
        const alive = await page.request.get(`/api/${s.hints.userSlug}/${s.hints.userId}`, {
          headers: { 'x-device': 'EMPLOYEE' },
        });
        if (!alive.ok()) await context.clearCookies();
        return alive.ok();
      },
      async () => {
        const hints = await signInStaff(page, account);
        return { cookies: await context.cookies(), hints };
      },
    );
    await storeHints(page, saved.hints);
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

  /**
   * Stops acting for a citizen or company, if this desk is (its banner's Stop): desks are shared by the tests of a
   * worker, and a desk left acting for someone shows that person's requests at /inbox instead of the staff inbox.
   */
  async stopActing(): Promise<void> {
    const banner = this.page.getByTestId('behalf-banner');
    if ((await banner.count()) === 0) return;
    await banner.getByRole('button', { name: tr(this.lang, 'Stop'), exact: true }).click();
    await expect(banner).toHaveCount(0);
  }

  async openInbox(query = ''): Promise<void> {
    await this.page.goto(`/inbox?lang=${this.lang}${query}`);
    await expect(this.heading).toHaveText(tr(this.lang, 'Inbox'));
  }
  /** Opens a page from the main menu (its English label). */
  async openFromMenu(en: string): Promise<void> {
    await openFromMainMenu(this.page, this.lang, en);
  }
  /** Opens the inbox's filters and order, folded under the search bar's "Filters" button (decision 050). */
  async openFilters(): Promise<void> {
    const toggle = this.button('Filters');
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  }
  async search(text: string): Promise<void> {
    await this.page.getByLabel(tr(this.lang, 'Search requests')).fill(text);
    await this.button('Search').click();
  }
  /** A column header of the inbox's table (its sort button is inside; `aria-sort` says the order). */
  inboxHeader(en: string): Locator {
    return this.page.getByRole('columnheader', { name: tr(this.lang, en), exact: true });
  }
  /** Shows or hides an inbox column with the table's column chooser, then closes it. */
  async showColumn(en: string, show: boolean): Promise<void> {
    await this.button('Columns').click();
    await this.page.getByRole('checkbox', { name: tr(this.lang, en), exact: true }).setChecked(show);
    await this.page.keyboard.press('Escape');
  }
  /** The inbox's rows drawn as cards (a phone). */
  get inboxCards(): Locator {
    return this.page.locator('li[data-request]');
  }
  row(number: string): Locator {
    return this.page.getByRole('link', { name: readableNumber(number, this.lang), exact: true }).filter({ visible: true });
  }
  async openRequest(r: { serviceSlug: string; id: string; ID: string }): Promise<void> {
    await this.page.goto(`/services/${r.serviceSlug}/entries/${r.id}?lang=${this.lang}`);
    await expect(this.heading).toContainText(readableNumber(r.ID, this.lang));
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
  /** The headers the page's own API calls carry (its session's csrf token, the employee build). */
  async apiHeaders(): Promise<Record<string, string>> {
    const token = await this.page.evaluate(() => localStorage.getItem('usertoken'));
    return { 'x-csrf-token': token ?? '', 'x-device': 'EMPLOYEE' };
  }
  /** The pager of /assign-requests. */
  get readyPager(): Locator {
    return this.page.getByRole('navigation', { name: tr(this.lang, 'Ready request pages') });
  }
  /** The choice boxes of the ready requests on the /assign-requests page in view, by their names. */
  readyBoxNames(): Promise<string[]> {
    return this.page
      .getByRole('checkbox', {
        name: new RegExp(
          tr(this.lang, 'Select request {number}')
            .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
            .replace('{number}', '.+'),
        ),
      })
      .evaluateAll((boxes) => boxes.map((b) => b.getAttribute('aria-label') ?? ''));
  }
  /** Goes to the next or previous page of /assign-requests and waits for its rows (pages never share a row). */
  async turnReadyPage(towards: 'Next' | 'Previous'): Promise<void> {
    const before = await this.readyBoxNames();
    await this.readyPager.getByRole('button', { name: tr(this.lang, towards), exact: true }).click();
    await expect.poll(async () => (await this.readyBoxNames())[0]).not.toBe(before[0]);
  }
  /**
   * A ready request's choice box on /assign-requests, paging on until it shows: the list is oldest first and other
   * tests' requests may fill its first pages (decision 076).
   */
  async readyCheckbox(number: string): Promise<Locator> {
    const name = tr(this.lang, 'Select request {number}').replace('{number}', readableNumber(number, this.lang));
    const box = this.page.getByRole('checkbox', { name, exact: true });
    await expect(this.page.getByRole('checkbox').first()).toBeVisible();
    for (;;) {
      if ((await box.count()) > 0) return box;
      const next = this.readyPager.getByRole('button', { name: tr(this.lang, 'Next'), exact: true });
      if ((await next.count()) === 0 || (await next.isDisabled()))
        throw new Error(`request ${number} is on no page of /assign-requests`);
      await this.turnReadyPage('Next');
    }
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
    await openFromMainMenu(this.page, this.lang, en);
  }

  /** Files a request (its seed's sample data) through the agent build's own session (its csrf token and device). */
  async file(slug: string): Promise<Filed> {
    const token = await this.page.evaluate(() => localStorage.getItem('usertoken'));
    return fileSample(this.page.request, slug, { 'x-csrf-token': token ?? '', 'x-device': 'AGENT' });
  }
}
