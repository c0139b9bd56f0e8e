import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/chromium.ts';
import { axeViolations, expect, test } from './fixtures.ts';
import { createCitizen, tr } from './support/auth.ts';
import { fromMailbox } from './support/mailbox.ts';
import { BASE_URL } from './support/ports.ts';
import { DeviceKeys, PushReceiver } from './support/push-receiver.ts';
import { Bell, Citizen, RequestScreen } from './pages/tracking.ts';
import { STAFF, StaffDesk } from './pages/staff.ts';

/*
 * Notifications a citizen cannot miss (issue 23, decision 051), at phone width: the citizen turns on notifications
 * on this device in the profile; an employee asks for more information; the citizen gets it in the app (the bell,
 * the request page's next step with the note beside it), as an SMS whose text says what is needed (the developer
 * mailbox), and as a web push: the portal's push reaches the subscription's push service (a local receiver here,
 * decrypted with the device's keys as a browser would) and the service worker shows it (delivered through CDP).
 * The citizen's completion then lights the assignee's bell and the "with citizen comments" counter (issue 24).
 *
 * Headless Chromium has no push service: the page's PushManager gives a subscription whose endpoint is the local
 * receiver and whose keys are the test's (an init script); everything after it is the real app and server.
 */

const SLUG = 'SMART_METER_UPGRADE';
const EMPLOYEE = { ar: STAFF.employee, en: STAFF.clerk } as const;

test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 } });
// Debian's full Chromium, not the headless shell the other specs drive (decision 041): the shell answers every
// notification permission with "denied", so the profile's switch could not be turned on there.
test.use({ launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS } });
test.describe.configure({ timeout: 180_000 });

test('asked for information, the citizen is told in the app, by SMS and by push; their answer lights the assignee’s bell', async ({
  page,
  context,
  browser,
  lang,
}) => {
  const receiver = await PushReceiver.start();
  try {
    const device = new DeviceKeys();
    const endpoint = `${receiver.origin}/push/${crypto.randomUUID()}`;
    await context.grantPermissions(['notifications'], { origin: BASE_URL });
    await context.addInitScript(
      ({ endpoint, p256dh, auth }) => {
        const make = (key: ArrayBuffer | null) => {
          const sub = {
            endpoint,
            expirationTime: null,
            options: { applicationServerKey: key, userVisibleOnly: true },
            toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
            unsubscribe: async () => {
              localStorage.removeItem('test-push-key');
              return true;
            },
          };
          return sub;
        };
        const stored = () => {
          const k = localStorage.getItem('test-push-key');
          return k ? make(Uint8Array.from(JSON.parse(k) as number[]).buffer) : null;
        };
        PushManager.prototype.subscribe = async function (opts?: PushSubscriptionOptionsInit) {
          const key = new Uint8Array(opts?.applicationServerKey as ArrayBuffer);
          localStorage.setItem('test-push-key', JSON.stringify([...key]));
          return stored() as unknown as PushSubscription;
        };
        PushManager.prototype.getSubscription = async function () {
          return stored() as unknown as PushSubscription;
        };
      },
      { endpoint, p256dh: device.p256dh, auth: device.authSecret },
    );

    // A new citizen files a request and turns on notifications on this phone.
    const account = await createCitizen(page.request);
    const citizen = new Citizen(page, lang);
    await citizen.signIn(account.username);
    const r = await citizen.file(SLUG);
    await page.goto(`/profile?lang=${lang}`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const pushSwitch = page.getByRole('switch', { name: tr(lang, 'Notifications on this device') });
    await expect(page.getByTestId('push-state')).toHaveAttribute('data-state', 'off');
    await pushSwitch.click();
    await expect(pushSwitch).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('push-state')).toHaveText(tr(lang, 'On'));
    expect(await axeViolations(page, '[data-testid="push-settings"]')).toEqual([]);
    await page.getByTestId('push-settings').screenshot({ path: test.info().outputPath(`push-settings-${lang}.png`) });

    // The employee takes the request and asks for more information.
    const note = `Please add a clearer photo of the meter plate ${lang}-${crypto.randomUUID().slice(0, 8)}.`;
    const desk = await StaffDesk.open(browser, lang, EMPLOYEE[lang]);
    await desk.openRequest(r);
    await desk.button('Assign to me').click();
    await expect(desk.status).toContainText(tr(lang, 'The request is assigned to you.'));
    await desk.changeStatus('in_review');
    await desk.askForInformation(note);

    // SMS: in the citizen's language, saying what is needed, with the request's link.
    const sms = await fromMailbox(page.request, account.mobile, new RegExp(`(.*${note.replace(/[.]/g, '\\.')}.*)`, 's'));
    expect(sms).toContain(`/services/${SLUG}/entries/${r.id}`);

    // Push: the portal's push reached the push service, encrypted for this device, naming the request and the note.
    // (The move to review before it had its own push.)
    const pushes = () =>
      receiver.received
        .filter((m) => endpoint.endsWith(m.path))
        .map((m) => ({ m, payload: JSON.parse(device.decrypt(m.body)) as { title: string; body: string; url: string } }));
    await expect.poll(() => pushes().filter((p) => p.payload.body.includes(note)).length).toBe(1);
    const { m: sent, payload } = pushes().find((p) => p.payload.body.includes(note))!;
    expect(sent.headers['content-encoding']).toBe('aes128gcm');
    expect(sent.headers.authorization).toMatch(/^vapid t=.+, k=.+/);
    expect(payload.url).toBe(`/services/${SLUG}/entries/${r.id}`);

    // The service worker shows that push (delivered as the push service would, through CDP).
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
        const reg = e.registrations.find((x) => x.scopeURL.startsWith(BASE_URL) && !x.isDeleted);
        if (reg) resolve(reg.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: BASE_URL,
      registrationId: await registrationId,
      data: JSON.stringify(payload),
    });
    await expect
      .poll(() =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
            body: n.body,
            data: n.data as unknown,
          })),
        ),
      )
      .toContainEqual({ body: payload.body, data: { url: payload.url } });

    // In the app: the bell, and the request page says first what to do, with the employee's note beside it.
    await page.goto(`/?lang=${lang}`);
    const bell = new Bell(page, lang);
    await bell.button.click();
    await expect(bell.notification(r.ID).first()).toContainText(note);
    const view = new RequestScreen(page, lang);
    await view.open(r);
    const next = page.getByTestId('next-step');
    await expect(next).toBeVisible();
    await expect(next.getByTestId('next-step-note')).toContainText(note);
    expect(await axeViolations(page)).toEqual([]);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, 'nothing overflows the phone').toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath(`next-step-${lang}.png`), fullPage: false });

    // The citizen provides it: the assignee's bell and the "with citizen comments" counter light up.
    await next.getByTestId('request-activity').click();
    const send = page.getByRole('button', { name: tr(lang, 'Send'), exact: true });
    const nextStep = page.getByRole('button', { name: tr(lang, 'Next'), exact: true });
    await expect(send.or(nextStep).first()).toBeVisible();
    while (!(await send.isVisible())) await nextStep.click();
    await send.click();
    // Sent through the app's outbox (decision 019): the request has moved on once the server has it.
    const filter = encodeURIComponent(JSON.stringify({ where: { id: r.id } }));
    await expect
      .poll(async () => {
        const res = await page.request.get(`/api/requests/${SLUG}/findOne?filter=${filter}`, {
          headers: { 'x-csrf-token': 'x', 'x-device': 'CITIZEN' },
        });
        return ((await res.json()) as { status?: { id: string } }).status?.id;
      })
      .not.toBe('needs_info');
    await view.open(r);
    await expect(page.getByTestId('next-step')).toHaveCount(0);

    await desk.openInbox();
    const staffBell = new Bell(desk.page, lang);
    await staffBell.button.click();
    await expect(staffBell.notification(r.ID).first()).toBeVisible();
    await desk.page.screenshot({ path: test.info().outputPath(`staff-bell-${lang}.png`) });
    // The bell's panel covers the inbox's lists on a tablet: closed, as the employee would, before the counter.
    await desk.page.keyboard.press('Escape');
    await expect(staffBell.notification(r.ID)).toHaveCount(0);
    const counter = desk.page.getByRole('button', { name: new RegExp(tr(lang, 'Requests with citizen comments')) });
    await expect(counter).not.toContainText(/\((0|٠)\)/);
    await counter.click();
    await desk.search(r.ID);
    await expect(desk.row(r.ID)).toBeVisible();
    expect(await axeViolations(desk.page)).toEqual([]);
  } finally {
    await receiver.stop();
  }
});
