import { axeViolations, expect, test } from './fixtures.ts';
import { createCitizen, tr } from './support/auth.ts';
import { VerifyPage, fileAndGetReceipt } from './support/verify-page.ts';
import { readableNumber } from '../../contract/request-number.ts';

/*
 * /verify (issue 10 item 6; spec section 2 "Other routes", section 8 "Invalid QR Code"): the page a printed
 * receipt's QR code opens, outside the main layout. A real receipt (a citizen files a request through the API and
 * takes its QR address from My papers) shows the document; any other code shows "Invalid QR Code".
 */

const SIZES = { phone: { width: 390, height: 844 }, tablet: { width: 820, height: 1180 } } as const;

test.describe('QR verification', () => {
  // One receipt, checked at both widths: the page is loaded at the phone width, then resized in place to the
  // tablet width, and every check runs again there (decision 041).
  test("a receipt's QR code shows the document, outside the main layout, on a phone and a tablet", async ({
    page,
    lang,
    request,
  }, info) => {
    const { username } = await createCitizen(request);
    const { number, verifyUrl } = await fileAndGetReceipt(request, username);
    const verify = new VerifyPage(page, lang);
    for (const [size, viewport] of Object.entries(SIZES)) {
      await page.setViewportSize(viewport);
      if (size === 'phone') await verify.open(new URL(verifyUrl).searchParams.get('secret')!);

      await expect(verify.heading()).toBeVisible();
      await expect(verify.document()).toBeVisible();
      await expect(verify.document().getByRole('heading', { level: 2 })).toHaveText(
        lang === 'ar' ? 'إيصال استلام الطلب' : 'Request receipt',
      );
      await expect(verify.value('Request number')).toHaveText(readableNumber(number, lang));
      await expect(verify.value('Service')).toHaveText(lang === 'ar' ? 'الأعطال والشكاوى' : 'Faults and complaints');
      // No header menus or footer: the page stands alone.
      await expect(verify.siteNavigation()).toHaveCount(0);
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: info.outputPath(`verify-${lang}-${size}.png`), fullPage: true });
    }
  });

  test('any other code is an Invalid QR Code, and so is no code', async ({ page, lang }, info) => {
    const verify = new VerifyPage(page, lang);
    await verify.open('not-a-real-secret');
    await expect(verify.invalid()).toBeVisible();
    await expect(verify.document()).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: info.outputPath(`verify-invalid-${lang}.png`), fullPage: true });

    await page.goto(`/verify?lang=${lang}`);
    await expect(verify.invalid()).toBeVisible();
    // The way back to the portal.
    await verify
      .invalid()
      .getByRole('link', { name: tr(lang, 'Go to the portal') })
      .click();
    await expect(page).toHaveURL(/\/$/);
  });
});
