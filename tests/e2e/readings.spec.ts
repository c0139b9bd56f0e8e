import type { Page } from '@playwright/test';
import { axeViolations, expect, test } from './fixtures.ts';
import { createCitizen, signInThroughApi, tr } from './support/auth.ts';
import { apiSignIn } from './pages/add-request.ts';
import { MeterApi, MetersPage, ReadingsPage, approveMeter, pendingMeterOnApprovals } from './pages/meters.ts';
import { STAFF, StaffDesk } from './pages/staff.ts';
import { putAway } from './support/offline.ts';

/*
 * Meters and readings (issue 12). A reader with two approved meters works offline for 14 simulated days (the pages'
 * clock, decision 017), across a month boundary: readings wait in the outbox while pages are closed and reopened
 * and the service worker is restarted; back online, every reading arrives exactly once, and replaying every request
 * the pages ever sent (same Idempotency-Key and body) changes nothing. And a meter added in the citizen build is
 * approved in the employee build, both screens axe clean.
 */

const DAY = 86_400_000;

/** Signed in through the API (the sign-in form and its redirect are auth.spec.ts's subject), then on `path`. */
async function signInTo(page: Page, lang: 'ar' | 'en', path: string, username: string, password: string): Promise<void> {
  await signInThroughApi(page, lang, username, password);
  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/$?]/g, '\\$&')}$`));
}

/**
 * Moves the pages' clock forward to `to` with the app open. The reader is using the app at that moment: the idle
 * sign-out (auth.spec's subject) must not count the simulated days as idleness.
 */
async function jump(page: Page, to: number): Promise<void> {
  // The last activity is the moment jumped to, written before the jump: no timer sees the days in between as idle.
  await page.evaluate((t) => {
    localStorage.setItem('lastActiveAt', String(t));
    localStorage.setItem('lastHeartbeatAt', String(t));
  }, to);
  await page.clock.setSystemTime(to);
}

test.describe('meter readings', () => {
  test.describe('with the service worker', () => {
    test.use({ serviceWorkers: 'allow' });
    test('14 days offline across a month boundary: every reading arrives exactly once, and replays change nothing', async ({
      page,
      context,
      browser,
      lang,
      request,
    }) => {
      test.setTimeout(240_000);
      const citizen = await createCitizen(request);
      const api = new MeterApi(request, await apiSignIn(request, citizen.username, citizen.password));
      const [a, b] = [await api.add({ initialReading: 1000 }), await api.add({ initialReading: 5000 })];
      const desk = await StaffDesk.open(browser, lang, STAFF.employee);
      for (const m of [a!, b!]) await approveMeter(desk.page, m);
      await desk.page.context().close();

      // Day 0 is a week before the first of last month (always in the past for the server), at noon UTC.
      const now = new Date();
      const day0 = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1, 12) - 7 * DAY;
      await context.clock.install({ time: day0 });
      // Every reading POST any page of the context makes (each try), with its key and body, kept in the pages' own
      // storage (they are closed and reopened) to replay them at the end.
      await context.addInitScript(() => {
        const send = window.fetch.bind(window);
        window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
          const req = new Request(input, init);
          const path = new URL(req.url).pathname;
          if (req.method === 'POST' && /^\/api\/meters\/[^/]+\/readings$/.test(path)) {
            const list = JSON.parse(localStorage.getItem('e2e-readings-sent') ?? '[]') as unknown[];
            list.push({
              url: path,
              key: req.headers.get('idempotency-key') ?? '',
              csrf: req.headers.get('x-csrf-token') ?? '',
              body: await req.clone().text(),
            });
            localStorage.setItem('e2e-readings-sent', JSON.stringify(list));
          }
          return send(req);
        };
      });

      const readings = new ReadingsPage(page, lang);
      await signInTo(page, lang, `/profile/meters?readings=${a!.id}`, citizen.username, citizen.password);
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
      await readings.open(b!.id); // both meters' readings are now on the device
      await readings.open(a!.id);

      // Day 0, offline: one reading per meter.
      await context.setOffline(true);
      await readings.enter(1120);
      await readings.expectKept();
      await readings.open(b!.id);
      await readings.enter(5040);
      await readings.expectKept();
      await expect(readings.outboxButton).toContainText(lang === 'ar' ? '٢ في الانتظار' : '2 waiting');

      // The app is put away (pages closed, service worker stopped) and opened again offline; a week later (the
      // next month), readings again; and once more a week after that.
      await putAway(context, page);
      let day = new ReadingsPage(await context.newPage(), lang);
      await day.open(a!.id);
      await expect(day.rows('waiting')).toHaveCount(1);
      await jump(day.page, day0 + 7 * DAY);
      await day.open(a!.id);
      await day.enter(1300);
      await day.expectKept();
      await day.open(b!.id);
      await day.enter(5210);
      await day.expectKept();

      await putAway(context, day.page);
      day = new ReadingsPage(await context.newPage(), lang);
      await day.open(a!.id);
      await expect(day.rows('waiting')).toHaveCount(2);
      await jump(day.page, day0 + 14 * DAY);
      await day.open(a!.id);
      // A second reading for this month is refused by the device itself.
      await day.enter(1350);
      await expect(day.page.getByText(tr(lang, 'This meter already has a reading for this month.')).first()).toBeVisible();
      await expect(day.outboxButton).toContainText(lang === 'ar' ? '٤ في الانتظار' : '4 waiting');
      await day.outboxButton.click();
      await expect(day.page.getByTestId('outbox-item')).toHaveCount(4);
      await expect(day.page.getByTestId('outbox-item').filter({ hasText: a!.number })).toHaveCount(2);
      await expect(day.page.getByTestId('outbox-item').filter({ hasText: `${b!.number} · 5210` })).toHaveCount(1);
      await day.page.keyboard.press('Escape');

      // Back online: everything is sent by itself, each reading once, in its own period.
      await context.setOffline(false);
      await expect(day.outboxButton).toHaveCount(0, { timeout: 30_000 });
      const periods = [new Date(day0).toISOString().slice(0, 7), new Date(day0 + 7 * DAY).toISOString().slice(0, 7)];
      const expected = { [a!.id]: [1300, 1120], [b!.id]: [5210, 5040] };
      for (const [id, values] of Object.entries(expected)) {
        const list = await api.readings(id);
        expect(list.items.map((r) => [r.period, r.value])).toEqual([
          [periods[1], values[0]],
          [periods[0], values[1]],
        ]);
      }
      await expect(day.rows('sent')).toHaveCount(2);

      // Replaying every request ever sent, with its key: the first answers come back, nothing new is written.
      const sent = await day.page.evaluate(
        () =>
          JSON.parse(localStorage.getItem('e2e-readings-sent') ?? '[]') as {
            url: string;
            key: string;
            body: string;
            csrf: string;
          }[],
      );
      expect(new Set(sent.map((s) => s.key)).size).toBe(4);
      for (const s of sent) {
        const res = await day.page.request.post(s.url, {
          headers: {
            'idempotency-key': s.key,
            'x-csrf-token': s.csrf,
            'content-type': 'application/json',
            'x-device': 'CITIZEN',
          },
          data: Buffer.from(s.body),
        });
        expect(res.status(), await res.text()).toBe(201);
        expect(res.headers()['idempotent-replayed']).toBe('true');
      }
      for (const [id] of Object.entries(expected)) expect((await api.readings(id)).items).toHaveLength(2);
    });
  });

  test('a meter added by a citizen is approved by an employee; both screens are axe clean', async ({
    page,
    browser,
    lang,
    request,
  }) => {
    test.setTimeout(90_000);
    const citizen = await createCitizen(request);
    const meters = new MetersPage(page, lang);
    await signInTo(page, lang, '/profile/meters', citizen.username, citizen.password);
    await meters.button('Add a meter').click();
    const number = String(Date.now()).slice(-9);
    await meters.field('number').fill(number);
    await meters.field('ownerName').fill('سلمى عادل محمود');
    await meters.field('ownerNationalId').fill(citizen.nationalId);
    await meters.field('address').fill('١٢ شارع شبرا، القاهرة');
    await meters.field('initialReading').fill('2500');
    expect(await axeViolations(page)).toEqual([]);
    await meters.button('Add the meter').click();
    await expect(page.getByText(tr(lang, 'The meter was saved and is waiting for approval.'))).toBeVisible();
    await expect(meters.card(number)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    const desk = await StaffDesk.open(browser, lang, STAFF.employee);
    await desk.page.goto(`/meter-approvals?lang=${lang}`);
    await expect(desk.heading).toHaveText(tr(lang, 'Meters waiting for approval'));
    const pending = await pendingMeterOnApprovals(desk.page, lang, number);
    await expect(pending).toBeVisible();
    expect(await axeViolations(desk.page)).toEqual([]);
    await pending.getByRole('button', { name: tr(lang, 'Approve'), exact: true }).click();
    await expect(desk.status).toContainText(number);
    await expect(pending).toHaveCount(0);
    await desk.page.context().close();

    await page.reload();
    await page.getByRole('tab', { name: new RegExp(tr(lang, 'Approved')) }).click();
    await expect(meters.card(number)).toBeVisible();
    await expect(meters.card(number).getByRole('link', { name: tr(lang, 'Readings'), exact: true })).toBeVisible();
  });
});
