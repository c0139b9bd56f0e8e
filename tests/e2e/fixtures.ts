import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

export type E2EOptions = { lang: 'ar' | 'en' };

/**
 * The guided tour starts on a device's first visit of the home, service, request and add-request pages (decision
 * 073) and covers them until skipped. Every test's context is a new device, so every context starts as a device that
 * has seen every tour: the tour spec says `test.use({ tourSeen: false })`, and a context a test makes itself
 * (`browser.newContext`) calls `seenTours`. The key is the app's `TOUR_SEEN_KEY` (src/features/tour/page-tour.ts).
 */
export async function seenTours(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    try {
      if (!localStorage.getItem('kahraba.tour.v1'))
        localStorage.setItem('kahraba.tour.v1', JSON.stringify({ home: 1, service: 1, request: 1, add: 1 }));
    } catch {
      // A document without storage (about:blank, a sandboxed frame).
    }
  });
}

/** Tests run once per language project; `open` visits a page in that language (the `lang` query parameter). */
export const test = base.extend<E2EOptions & { tourSeen: boolean; open: (path: string) => Promise<void> }>({
  lang: ['ar', { option: true }],
  tourSeen: [true, { option: true }],
  context: async ({ context, tourSeen }, use) => {
    if (tourSeen) await seenTours(context);
    await use(context);
  },
  open: async ({ page, lang }, use) => {
    await use(async (path: string) => {
      const sep = path.includes('?') ? '&' : '?';
      await page.goto(`${path}${sep}lang=${lang}`);
    });
  },
});

export { expect };

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** axe-core's script, run only where the document has no axe yet (the builder puts it in before every check). */
const axeSource = `if (!window.axe) {\n${fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')}\n}`;

/** E2E_AXE_LOG=file: one line per axe pass (where, at what size, how long, a hash of the document): a profiling aid. */
async function logAxePass(page: Page, include: string | undefined, ms: number) {
  const html = await page.evaluate(() => document.documentElement.outerHTML).catch(() => '');
  const line = {
    url: page.url().replace(/^https?:\/\/[^/]+/, ''),
    include,
    size: page.viewportSize(),
    ms,
    doc: crypto.createHash('sha1').update(html).digest('hex').slice(0, 12),
    nodes: (html.match(/<[a-z]/g) ?? []).length,
  };
  fs.appendFileSync(process.env.E2E_AXE_LOG!, `${JSON.stringify(line)}\n`);
}

/**
 * axe with the WCAG 2.2 AA rule sets of quality.md; returns the violations (expected to be none). The pages have no
 * frames, so the builder runs axe in the page itself (legacy mode: no second page opened to merge frame results),
 * puts axe-core in once per document, and keeps only the violations: seconds per check saved on a busy machine.
 */
export async function axeViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page, axeSource }).setLegacyMode().options({ resultTypes: ['violations'] });
  if (include) builder.include(include);
  // From the top of the page, then back: scrolled down, a control passing under the sticky header counts as a
  // target too small (target-size measures what overlaps it), which says where the test scrolled, not how the page is.
  const scrolled = await page.evaluate(() => {
    const y = window.scrollY;
    window.scrollTo(0, 0);
    return y;
  });
  const started = Date.now();
  const result = await builder.withTags(AXE_TAGS).analyze();
  await page.evaluate((y) => window.scrollTo(0, y), scrolled);
  if (process.env.E2E_AXE_LOG) await logAxePass(page, include, Date.now() - started);
  return result.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
  }));
}
