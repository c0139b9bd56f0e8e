import fs from 'node:fs';
import crypto from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { fromMailbox } from './mailbox.ts';

/*
 * Helpers of the sign-in tests: the interface text in the test's language (read from the Arabic catalog, or from
 * the translations still waiting in i18n-pending/), new citizen accounts made through the API (sign-up, then the
 * mobile code read from the developer mailbox), and the sign-in form.
 */

export const DEMO_PASSWORD = 'Kahraba@2026';
export const DEMO_CITIZEN = { username: 'citizen', firstName: 'أحمد', fullName: 'أحمد محمود', nationalId: '29001010100015' };
export const DEMO_AGENT = { username: 'agent', fullName: 'سامي نبيل' };

function loadArabic(): Map<string, string> {
  const map = new Map<string, string>();
  const unquote = (s: string) => JSON.parse(s) as string;
  try {
    const po = ['messages', 'account', 'reports', 'assistant', 'tour']
      .map((c) => fs.readFileSync(`src/locales/ar/${c}.po`, 'utf8'))
      .join('\n\n');
    for (const block of po.split(/\n\s*\n/)) {
      const id = /^msgid ((?:".*"\s*)+)/m.exec(block);
      const str = /^msgstr ((?:".*"\s*)+)/m.exec(block);
      if (!id || !str) continue;
      const join = (raw: string) => (raw.match(/".*"/g) ?? []).map(unquote).join('');
      const [k, v] = [join(id[1]!), join(str[1]!)];
      if (k && v) map.set(k, v);
    }
  } catch {
    /* no catalog */
  }
  try {
    for (const f of fs.readdirSync('i18n-pending')) {
      if (!f.endsWith('.tsv')) continue;
      for (const line of fs.readFileSync(`i18n-pending/${f}`, 'utf8').split('\n')) {
        const i = line.indexOf('\t');
        if (i > 0 && !map.has(line.slice(0, i))) map.set(line.slice(0, i), line.slice(i + 1));
      }
    }
  } catch {
    /* nothing pending */
  }
  return map;
}
const AR = loadArabic();

/** The text a message shows in the test's language (English is the source). */
export const tr = (lang: 'ar' | 'en', en: string): string => (lang === 'ar' ? (AR.get(en) ?? en) : en);

const digits = (n: number) => Array.from({ length: n }, () => crypto.randomInt(10)).join('');
const pad = (n: number) => String(n).padStart(2, '0');

/** A valid, unused-looking Egyptian national id (born 1950-1999, Cairo). */
export function randomNationalId(): string {
  return `2${pad(crypto.randomInt(50, 100))}${pad(crypto.randomInt(1, 13))}${pad(crypto.randomInt(1, 29))}01${digits(4)}${digits(1)}`;
}

/** A new citizen with a verified mobile, made through the API (never signed in in the page). */
export async function createCitizen(
  request: APIRequestContext,
): Promise<{ username: string; password: string; nationalId: string; mobile: string }> {
  const username = `e2e${Date.now().toString(36)}${digits(4)}`;
  const mobile = `010${digits(8)}`;
  const nationalId = randomNationalId();
  const res = await request.post('/api/citizen', {
    headers: { 'x-csrf-token': 'anonymous' },
    data: {
      firstName: 'Salma',
      lastName: 'Adel',
      username,
      mobile,
      nationalId,
      password: DEMO_PASSWORD,
      confirmPassword: DEMO_PASSWORD,
    },
  });
  if (res.status() !== 201) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
  const { step } = (await res.json()) as { step: { verificationToken: string } };
  const code = await fromMailbox(request, mobile, /\b(\d{6})\b/);
  const verified = await request.post('/api/citizen/verifyMobile', {
    headers: { 'x-csrf-token': 'anonymous' },
    data: { verificationToken: step.verificationToken, code },
  });
  if (!verified.ok()) throw new Error(`mobile verification failed: ${verified.status()} ${await verified.text()}`);
  // That answer signed this API client in: sign it out, the page signs in by itself.
  await request.post('/api/citizen/logout', { headers: { 'x-csrf-token': 'anonymous' }, data: {} });
  return { username, password: DEMO_PASSWORD, nationalId, mobile };
}

/**
 * Signs a citizen in through the API of the page's own browser (its origin's session cookie), then stores what the
 * app stores at sign-in (src/lib/session.ts `storeSession`: the session hints, the idle timeout, a fresh idle
 * countdown) and the language (src/lib/locale.ts), as a visit with `?lang=` would. For tests whose subject is not
 * the sign-in form (auth.spec.ts tests the form): no sign-in page drawn and filled, seconds per test on a busy
 * machine (decision 041). The page is left on `/readyz`, a same-origin address that is not the app: the caller
 * opens the page it needs next.
 */
export async function signInThroughApi(
  page: Page,
  lang: 'ar' | 'en',
  username: string,
  password = DEMO_PASSWORD,
  userSlug = 'citizen',
): Promise<void> {
  const res = await page.request.post(`/api/${userSlug}/login`, {
    headers: { 'x-csrf-token': 'anonymous', 'x-device': 'CITIZEN' },
    data: { username, password },
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as {
    status: string;
    user: { id: string; userSlug: string };
    csrfToken: string;
    idleTimeoutMs: number;
  };
  expect(body.status).toBe('signed-in');
  await page.goto('/readyz');
  await page.evaluate(
    ({ b, l }) => {
      localStorage.setItem('userSlug', b.user.userSlug);
      localStorage.setItem('userId', b.user.id);
      localStorage.setItem('usertoken', b.csrfToken);
      localStorage.setItem('idleTimeoutMs', String(b.idleTimeoutMs));
      const now = String(Date.now());
      localStorage.setItem('lastActiveAt', now);
      localStorage.setItem('lastHeartbeatAt', now);
      localStorage.setItem('lang', l);
      document.cookie = `lang=${l}; path=/; max-age=31536000; samesite=lax`;
    },
    { b: body, l: lang },
  );
}

/** Fills and sends the sign-in form on the page. */
export async function fillSignIn(page: Page, lang: 'ar' | 'en', username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel(tr(lang, 'Username, e-mail, mobile number or national ID')).fill(username);
  await page.getByLabel(tr(lang, 'Password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: tr(lang, 'Sign in'), exact: true }).click();
}
