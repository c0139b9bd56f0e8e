import type { Locator, Page } from '@playwright/test';
import { readableNumber } from '../../contract/request-number.ts';
import { axeViolations, expect, test } from './fixtures.ts';
import { createCitizen, DEMO_CITIZEN, signInThroughApi, tr } from './support/auth.ts';
import { Citizen } from './pages/tracking.ts';

/*
 * Noor, the assistant, and the guided tour (issue 27, decisions 068 and 073), on a phone, in Arabic and English:
 * what a visitor and the demo citizen ask it and what they get (the service's papers with its link, the bills due
 * with a pay link, a request's status by its number, an honest "I don't know" with the contact form and the
 * hotline, an FAQ answer offline), and the tour: on a first visit, skipped, replayed from the help menu, never over
 * the element it explains. The demo citizen's data is only read here.
 */

test.use({ viewport: { width: 390, height: 844 } });

type Lang = 'ar' | 'en';
const arabicDigits = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x660 + Number(d)));

/** Noor's button and panel as a citizen uses them. */
class Noor {
  readonly launcher: Locator;
  readonly panel: Locator;
  readonly answers: Locator;
  constructor(
    readonly page: Page,
    readonly lang: Lang,
  ) {
    this.launcher = page.getByRole('button', { name: tr(lang, 'Ask Noor') });
    this.panel = page.getByRole('dialog', { name: tr(lang, 'Noor, your assistant') });
    this.answers = this.panel.getByTestId('noor-answer');
  }

  /** Opens the panel (a press before the app has taken over the server's page is lost: pressed again). */
  async open(): Promise<void> {
    await expect(async () => {
      if (await this.launcher.isVisible()) await this.launcher.click();
      await expect(this.panel).toBeVisible({ timeout: 2000 });
    }).toPass();
    await expect(this.panel.getByRole('textbox', { name: tr(this.lang, 'Your question') })).toBeFocused();
  }

  /** Asks a question and returns Noor's answer to it. */
  async ask(question: string): Promise<Locator> {
    const before = await this.answers.count();
    await this.panel.getByRole('textbox', { name: tr(this.lang, 'Your question') }).fill(question);
    await this.panel.getByRole('button', { name: tr(this.lang, 'Send') }).click();
    await expect(this.answers).toHaveCount(before + 1);
    return this.answers.nth(before);
  }
}

test('a visitor asks which papers a new meter needs and gets the service’s papers with its link', async ({
  page,
  open,
  lang,
}) => {
  await open('/');
  const noor = new Noor(page, lang);
  await noor.open();
  const answer = await noor.ask(lang === 'ar' ? 'ايه الورق المطلوب لتركيب عداد جديد؟' : 'Which papers does a new meter need?');
  await expect(answer.getByRole('listitem').first()).toBeVisible();
  const source = answer.getByRole('link').filter({ hasText: tr(lang, 'Source: {label}').split('{label}')[0]!.trim() });
  await expect(source.first()).toHaveAttribute('href', /^\/services\/(LMIFT|CODEMETER)$/);
  // The conversation is read out as it grows.
  await expect(noor.panel.getByRole('log')).toHaveAttribute('aria-live', 'polite');
  expect(await axeViolations(page)).toEqual([]);
  // The link opens the service's page, the conversation still beside it.
  const href = (await source.first().getAttribute('href'))!;
  await source.first().click();
  await expect(page).toHaveURL(new RegExp(`${href}(\\?|$)`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(noor.answers).toHaveCount(1);
});

test('the demo citizen asks how much they owe and gets the bills due with a pay link', async ({ page, open, lang }) => {
  await signInThroughApi(page, lang, DEMO_CITIZEN.username);
  await open('/');
  const noor = new Noor(page, lang);
  await noor.open();
  const answer = await noor.ask(lang === 'ar' ? 'عليا فلوس كام؟' : 'How much do I owe?');
  await expect(answer.getByRole('listitem').first()).toBeVisible();
  const pay = answer.getByRole('link', { name: lang === 'ar' ? 'ادفع الآن' : 'Pay now' });
  await expect(pay).toHaveAttribute('href', '/services/PAYBILLS/add');
  expect(await axeViolations(page)).toEqual([]);
  await pay.click();
  await expect(page).toHaveURL(/\/services\/PAYBILLS\/add/);
});

test('a citizen asks for a request’s status by its number and gets it with a link to the request', async ({
  page,
  open,
  lang,
}) => {
  test.setTimeout(90_000);
  const account = await createCitizen(page.request);
  const citizen = new Citizen(page, lang);
  await citizen.signIn(account.username);
  const filed = await citizen.file('CODEMETER');
  const number = readableNumber(filed.ID, lang);
  await open('/');
  const noor = new Noor(page, lang);
  await noor.open();
  // As citizens type it: in Arabic with Arabic-Indic digits.
  const answer = await noor.ask(
    lang === 'ar' ? `فين الطلب ${arabicDigits(number)}؟` : `What is the status of request ${number}?`,
  );
  await expect(answer).toContainText(number);
  const link = answer.getByRole('link').first();
  await expect(link).toHaveAttribute('href', new RegExp(`^/services/CODEMETER/entries/`));
  expect(await axeViolations(page)).toEqual([]);
  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(number);
});

test('a question Noor cannot answer: it says so and offers the contact form and the hotline', async ({ page, open, lang }) => {
  await open('/');
  const noor = new Noor(page, lang);
  await noor.open();
  const answer = await noor.ask(lang === 'ar' ? 'مين هيكسب الدوري السنة دي؟' : 'Who will win the football league this year?');
  await expect(answer).toContainText(lang === 'ar' ? 'لا أعرف إجابة هذا السؤال' : 'I don’t know the answer to that');
  await expect(answer.getByRole('link', { name: lang === 'ar' ? 'نموذج التواصل' : 'Contact form' })).toHaveAttribute(
    'href',
    '/contact',
  );
  await expect(answer.getByRole('link', { name: lang === 'ar' ? /الخط الساخن/ : /Hotline/ })).toHaveAttribute('href', 'tel:121');
  expect(await axeViolations(page)).toEqual([]);
});

test('offline, Noor answers an FAQ question from the FAQ on the device', async ({ page, context, open, lang }) => {
  await open('/');
  const noor = new Noor(page, lang);
  // The panel reads the FAQ when it opens, while online.
  const faqRead = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/faq' && r.ok());
  await noor.open();
  await faqRead;
  await context.setOffline(true);
  await expect(noor.panel.getByText(tr(lang, 'Offline: I answer from the FAQ on this device.'))).toBeVisible();
  const answer = await noor.ask(lang === 'ar' ? 'ما رقم الخط الساخن؟' : 'What is the hotline number?');
  await expect(answer).toContainText(lang === 'ar' ? '١٢١' : '121');
  await expect(answer.getByText(tr(lang, 'Answered offline from the FAQ on this device.'))).toBeVisible();
  await expect(answer.getByRole('link').first()).toHaveAttribute('href', /^\/faq#/);
  expect(await axeViolations(page)).toEqual([]);
  await context.setOffline(false);
});

test('on a phone Noor’s bar keeps its own room: nothing of the page hides under it', async ({ page, open, lang }) => {
  await open('/');
  const noor = new Noor(page, lang);
  await expect(noor.launcher).toBeVisible();
  /** Whether a tap at the element's centre reaches the element (not Noor's bar over it). */
  const reachable = (target: Locator) =>
    target.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return hit !== null && el.contains(hit);
    });
  const barTop = () => noor.launcher.evaluate((el) => el.parentElement!.getBoundingClientRect().top);
  // The link the walk found under the floating button, now just above the bar.
  const allServices = page.getByRole('link', { name: tr(lang, 'All services') });
  const top = await barTop();
  await allServices.evaluate((el, y) => window.scrollBy(0, el.getBoundingClientRect().bottom - y + 4), top);
  expect(await reachable(allServices)).toBe(true);
  // Beyond the bar, it is beyond the screen: focused from the keyboard, it scrolls clear of the bar.
  await allServices.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - window.innerHeight + 8));
  await allServices.focus();
  expect(await reachable(allServices)).toBe(true);
  // The end of the page scrolls clear of it.
  const last = page.getByRole('contentinfo').getByRole('link').last();
  await expect(last).toBeAttached();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await reachable(last)).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
});

test.describe('the guided tour', () => {
  // A device that has never seen a tour (the other specs' contexts have: fixtures.ts).
  test.use({ tourSeen: false });

  const tour = (page: Page) => page.locator('.driver-popover');
  /** Every step of the tour on screen: its popover beside the element it explains, never over it. */
  async function walkThrough(page: Page, lang: Lang, keyboard: boolean): Promise<number> {
    let steps = 0;
    for (;;) {
      await expect(tour(page)).toBeVisible();
      const active = page.locator('.driver-active-element');
      await expect(active).toHaveCount(1);
      const [a, b] = await Promise.all([tour(page).boundingBox(), active.boundingBox()]);
      const overlap = a && b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      expect(overlap, `step ${steps + 1}: the popover covers the element it explains`).toBeFalsy();
      steps++;
      const next = tour(page).getByRole('button', { name: tr(lang, 'Next') });
      if ((await next.count()) === 0) break;
      const text = await tour(page).locator('.driver-popover-description').textContent();
      // In Arabic the next step is to the left.
      if (keyboard) await page.keyboard.press(lang === 'ar' ? 'ArrowLeft' : 'ArrowRight');
      else await next.click();
      await expect(tour(page).locator('.driver-popover-description')).not.toHaveText(text!);
    }
    return steps;
  }

  test('shows on a first visit, is skipped, stays away, and is replayed from the help menu', async ({ page, open, lang }) => {
    await open('/');
    const dialog = page.getByRole('dialog', { name: tr(lang, 'Welcome to the portal') });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(tr(lang, 'Find a service: type part of its name, or pick one of the most searched.'));
    // Keyboard and screen readers: the focus is in the step, its buttons are named, axe finds nothing.
    await expect(dialog.getByRole('button', { name: tr(lang, 'Next') })).toBeFocused();
    expect(await axeViolations(page, '.driver-popover')).toEqual([]);
    const steps = await walkThrough(page, lang, true);
    expect(steps).toBeGreaterThanOrEqual(3);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: tr(lang, 'Skip the tour') })
      .click();
    await expect(tour(page)).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    // Remembered on the device: no tour on the next visit.
    expect(await page.evaluate(() => localStorage.getItem('kahraba.tour.v1'))).toContain('"home":1');
    await page.reload();
    const menu = page.getByRole('button', { name: tr(lang, 'Menu') });
    await expect(async () => {
      await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true', { timeout: 1000 });
    }).toPass();
    await expect(tour(page)).toHaveCount(0);
    // The help menu replays it.
    await page.getByRole('button', { name: tr(lang, 'Help') }).click();
    await page.getByRole('button', { name: tr(lang, 'Tour of this page') }).click();
    await expect(dialog).toBeVisible();
    await walkThrough(page, lang, false);
    await page.keyboard.press('Escape');
    await expect(tour(page)).toHaveCount(0);
  });

  test('a service’s page follows the service’s own steps', async ({ page, open, lang }) => {
    await open('/services/CODEMETER');
    const dialog = page.getByRole('dialog', { name: tr(lang, "This service's page") });
    await expect(dialog).toBeVisible();
    // CODEMETER's `tour` data (the seed's TOUR_BASIC), in the page's language.
    await expect(dialog).toContainText(
      lang === 'ar' ? 'هنا تجد خطوات الحصول على الخدمة بالترتيب.' : 'Here are the steps to get the service, in order.',
    );
    expect(await axeViolations(page, '.driver-popover')).toEqual([]);
    expect(await walkThrough(page, lang, false)).toBe(3);
    await dialog.getByRole('button', { name: tr(lang, 'Done') }).click();
    await expect(tour(page)).toHaveCount(0);
  });
});
