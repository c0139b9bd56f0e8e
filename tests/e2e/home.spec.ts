import { axeViolations, expect, test } from './fixtures.ts';

test.describe('home page', () => {
  test('lists categories and services from the API in the chosen language and direction', async ({ page, open, lang }) => {
    await open('/');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    // The lang parameter is stored and removed from the address.
    await expect(page).toHaveURL(/\/$/);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(lang === 'ar' ? 'خدمات الكهرباء الإلكترونية' : 'Electricity e-services');

    // Category headings and service cards come from the seeded catalog through the API.
    const api = await page.request.get('/api/Categories?filter=' + encodeURIComponent(JSON.stringify({ order: 'order ASC', include: 'services' })));
    const categories = (await api.json()) as { translations: Record<string, { name: string }>; services: { serviceSlug: string; translations: Record<string, { serviceLabel: string }> }[] }[];
    expect(categories.length).toBeGreaterThanOrEqual(6);
    for (const c of categories) {
      await expect(page.getByRole('heading', { level: 3, name: c.translations[lang]!.name })).toBeVisible();
    }
    const codemeter = categories.flatMap((c) => c.services).find((s) => s.serviceSlug === 'CODEMETER')!;
    await expect(page.getByRole('heading', { level: 4, name: codemeter.translations[lang]!.serviceLabel }).first()).toBeVisible();
  });

  test('remembers the language after the parameter is gone, and switches with the language select', async ({ page, open, lang }) => {
    await open('/');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    const other = lang === 'ar' ? 'en' : 'ar';
    await page.getByRole('combobox').selectOption(other);
    await expect(page.locator('html')).toHaveAttribute('lang', other);
    await expect(page.locator('html')).toHaveAttribute('dir', other === 'ar' ? 'rtl' : 'ltr');
  });

  test('registers a service worker', async ({ page, open }) => {
    await open('/');
    await expect(page.getByRole('heading', { level: 3 }).first()).toBeVisible();
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toMatch(/\/$/);
  });

  test('shows the not-found page for an unknown path', async ({ page, open, lang }) => {
    await open('/no/such/page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(lang === 'ar' ? 'الصفحة غير موجودة' : 'Page not found');
  });

  test('has no axe violations, in light and dark themes', async ({ page, open }) => {
    await open('/');
    await expect(page.getByRole('heading', { level: 3 }).first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { pressed: false }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    expect(await axeViolations(page)).toEqual([]);
    await open('/no/such/page');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
