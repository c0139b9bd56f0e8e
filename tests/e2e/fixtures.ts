import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

export type E2EOptions = { lang: 'ar' | 'en' };

/** Tests run once per language project; `open` visits a page in that language (the `lang` query parameter). */
export const test = base.extend<E2EOptions & { open: (path: string) => Promise<void> }>({
  lang: ['ar', { option: true }],
  open: async ({ page, lang }, use) => {
    await use(async (path: string) => {
      const sep = path.includes('?') ? '&' : '?';
      await page.goto(`${path}${sep}lang=${lang}`);
    });
  },
});

export { expect };

/** axe with the WCAG 2.2 AA rule sets of quality.md; returns the violations (expected to be none). */
export async function axeViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const result = await builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return result.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
  }));
}
