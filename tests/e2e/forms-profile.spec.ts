import type { Page } from '@playwright/test';
import { axeViolations, expect, test } from './fixtures.ts';
import { createCitizen, randomNationalId, signInThroughApi, tr } from './support/auth.ts';
import { fromMailbox, lastMailboxId } from './support/mailbox.ts';
import { AddRequestPage } from './pages/add-request.ts';

/*
 * "Never asked twice" (issue 23, decision 052), at phone width in Arabic and English: a service's form opens filled
 * from the citizen's profile (editable where the service allows it, read-only where it does not; the governorate
 * chosen on the profile page, decision 077), "Use my location" fills the map point from the device (emulated
 * geolocation; no map tile is needed), a review step shows the data before it is sent, and a sign-up started from a
 * service's "new request" comes back to that form after the mobile is verified.
 */

const CAIRO = { latitude: 30.0444, longitude: 31.2357 };
test.use({ viewport: { width: 390, height: 844 }, geolocation: CAIRO, permissions: ['geolocation'] });

/** Profile fields of the citizens createCitizen makes (tests/e2e/support/auth.ts). */
const FULL_NAME = 'Salma Adel';
/** The governorate the fault test's citizen chooses on the profile page (the reference data's `gov-giza`). */
const GIZA = { ar: 'الجيزة', en: 'Giza' } as const;

async function noAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

async function noHorizontalScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

test.describe('forms filled from the profile', () => {
  test('LMIFT opens with the profile: the national id read-only, the name and mobile editable', async ({
    page,
    lang,
    request,
  }) => {
    const citizen = await createCitizen(request);
    await signInThroughApi(page, lang, citizen.username, citizen.password);
    await page.goto('/services/LMIFT/add');
    const add = new AddRequestPage(page, lang);
    await expect(add.heading).toBeVisible();

    await expect(add.field('applicantName')).toHaveValue(FULL_NAME);
    await expect(add.field('mobile')).toHaveValue(citizen.mobile);
    // The service's contract is in the account holder's name: the profile's national id, not editable here.
    await expect(add.field('nationalId')).toHaveValue(citizen.nationalId);
    await expect(add.field('nationalId')).not.toBeEditable();
    await expect(page.getByText(tr(lang, 'From your profile: it cannot be changed here.'))).toBeVisible();
    // Where the service allows it, the profile's value is only a start.
    await add.field('mobile').fill('01098765432');
    await expect(add.field('mobile')).toHaveValue('01098765432');
    await add.field('applicantName').fill('سلمى عادل محمد حسن');
    await expect(add.field('applicantName')).toHaveValue('سلمى عادل محمد حسن');
    await noHorizontalScroll(page);
    await noAxeViolations(page);
  });

  test("a fault report: the profile's governorate, use my location fills the point, the map adds one, a review before sending", async ({
    page,
    lang,
    request,
  }) => {
    test.setTimeout(90_000);
    const citizen = await createCitizen(request);
    await signInThroughApi(page, lang, citizen.username, citizen.password);
    // The governorate is the profile's (decision 077): chosen once on the profile page.
    await page.goto('/profile');
    await page.getByRole('button', { name: tr(lang, 'Edit profile'), exact: true }).click();
    // An optional field: its name ends with "(optional)".
    await page.getByRole('combobox', { name: new RegExp(`^${tr(lang, 'Governorate')}`) }).selectOption({ label: GIZA[lang] });
    await noAxeViolations(page);
    await page.getByRole('button', { name: tr(lang, 'Save changes'), exact: true }).click();
    await expect(page.getByText(tr(lang, 'Your profile has been saved.'))).toBeVisible();
    await expect(page.getByTestId('profile-governorate')).toContainText(GIZA[lang]);

    await page.goto('/services/FAULTS_COMPLAINTS/add');
    const add = new AddRequestPage(page, lang);
    await expect(add.heading).toBeVisible();
    // The form opens with the profile's governorate, and another can be chosen.
    await expect(add.field('governorate')).toHaveValue('gov-giza');
    await expect(add.field('governorate').locator('option:checked')).toHaveText(GIZA[lang]);
    await expect(add.field('governorate')).toBeEditable();
    await add.fillFault('The street light pole is sparking near the corner.');
    await expect(add.field('governorate').locator('option:checked')).toHaveText(add.label('cairo'));

    // The device's position fills the map point (the browser asks; this context has granted it).
    // Optional parts: their names end with "(optional)".
    const latitude = page.getByRole('textbox', { name: new RegExp(`^${tr(lang, 'Latitude')}`) });
    const longitude = page.getByRole('textbox', { name: new RegExp(`^${tr(lang, 'Longitude')}`) });
    await expect(latitude).toHaveValue('');
    await page.getByRole('button', { name: tr(lang, 'Use my location'), exact: true }).click();
    await expect(latitude).toHaveValue(String(CAIRO.latitude));
    await expect(longitude).toHaveValue(String(CAIRO.longitude));
    await expect(page.getByText(tr(lang, 'The point is set. You can correct it below.'))).toBeVisible();
    await noAxeViolations(page);

    // The map (Leaflet, its own chunk): a tap moves the point. Its tiles are not needed for that (none load here).
    await page.getByRole('button', { name: tr(lang, 'Choose on the map'), exact: true }).click();
    const map = page.getByTestId('location-map');
    await expect(map).toBeVisible();
    const box = (await map.boundingBox())!;
    await map.click({ position: { x: box.width / 2 + 40, y: box.height / 2 } });
    await expect(longitude).not.toHaveValue(String(CAIRO.longitude));
    await expect(longitude).toHaveValue(/^31\.23\d*$/);
    await expect(latitude).toHaveValue(/^30\.04\d*$/);
    await noHorizontalScroll(page);
    await noAxeViolations(page);
    // By keyboard (decision 063): the map takes the focus, an arrow moves the point north or east, and the new
    // position is announced.
    await map.focus();
    const announced = page.getByTestId('map-announcement');
    const pointSaid = tr(lang, 'Point: latitude {pLat}, longitude {pLng}').split('{pLat}')[0]!;
    const north = Number(await latitude.inputValue());
    await page.keyboard.press('ArrowUp');
    await expect.poll(async () => Number(await latitude.inputValue())).toBeGreaterThan(north);
    await expect(announced).toContainText(pointSaid);
    const east = Number(await longitude.inputValue());
    await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(async () => Number(await longitude.inputValue())).toBeGreaterThan(east);
    await expect(map).toBeFocused();
    await noAxeViolations(page);
    // Typed by hand, the point is still the fallback.
    await latitude.fill('30.05');
    await longitude.fill('31.24');

    // Contact: the profile's mobile and name.
    await add.next();
    await expect(add.field('mobile')).toHaveValue(citizen.mobile);
    await expect(page.getByRole('textbox', { name: new RegExp(`^${tr(lang, 'Name')}`) })).toHaveValue(FULL_NAME);

    // The review step shows what will be sent; Edit goes back with nothing lost.
    await add.review();
    const review = add.reviewStep;
    await expect(review).toBeVisible();
    await expect(review.getByRole('heading', { level: 2 })).toBeFocused();
    await expect(review).toContainText('The street light pole is sparking near the corner.');
    await expect(review).toContainText(citizen.mobile);
    await expect(review).toContainText(FULL_NAME);
    await expect(review).toContainText(add.label('areaOutage'));
    await noHorizontalScroll(page);
    await noAxeViolations(page);
    await review.getByRole('button', { name: tr(lang, 'Edit'), exact: true }).click();
    await expect(add.field('mobile')).toHaveValue(citizen.mobile);

    await add.send();
    await add.sentNumber('FAULTS_COMPLAINTS');
    await noAxeViolations(page);
  });
});

test.describe('the return address', () => {
  test("sign-up started from a service's new request comes back to its form after the mobile is verified", async ({
    page,
    lang,
    open,
    request,
  }) => {
    test.setTimeout(90_000);
    // A visitor opens a form that needs an account: sign-in, which offers sign-up, remembers the form.
    await open('/services/LMIFT/add');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fservices%2FLMIFT%2Fadd/);
    await page.getByRole('link', { name: tr(lang, 'Create an account'), exact: true }).click();
    await expect(page).toHaveURL(/\/signup\?redirect=%2Fservices%2FLMIFT%2Fadd/);

    const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
    const person = {
      firstName: 'Nour',
      lastName: 'Samir',
      username: `ret${stamp}`,
      mobile: `015${String(Date.now()).slice(-8)}`,
      nationalId: randomNationalId(),
      password: 'Kahraba@2026x',
      confirmPassword: 'Kahraba@2026x',
    };
    const before = await lastMailboxId(request, person.mobile);
    for (const [name, value] of Object.entries(person)) await page.locator(`[name="${name}"]`).first().fill(value);
    await page.getByRole('button', { name: tr(lang, 'Create account'), exact: true }).click();
    await expect(page).toHaveURL(/\/mobileNumber-validate\?.*redirect=%2Fservices%2FLMIFT%2Fadd/);
    const code = await fromMailbox(request, person.mobile, /(\d{6})/, before);
    await page.locator('input[autocomplete="one-time-code"]').fill(code);
    await page.getByRole('button', { name: tr(lang, 'Confirm'), exact: true }).click();

    // Back on the form, filled from the new account.
    await expect(page).toHaveURL(/\/services\/LMIFT\/add$/);
    const add = new AddRequestPage(page, lang);
    await expect(add.field('nationalId')).toHaveValue(person.nationalId);
    await expect(add.field('mobile')).toHaveValue(person.mobile);
    await expect(add.field('applicantName')).toHaveValue('Nour Samir');
    await noAxeViolations(page);
  });
});
