import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, INSTALL_HINT, chromiumPath } from './chromium.ts';

/**
 * Renders the footer documents (docs/pdf-src/<name>.<lang>.html) to public/docs/<name>.<lang>.pdf.
 * Run by hand after editing a document: `node --import tsx scripts/make-pdfs.ts [citizen-guide | code-of-conduct.ar ...]`.
 * The PDFs are committed, so CI and the server never need Chromium or these fonts. They embed the system fonts of
 * the machine that renders them: Arabic needs a font with Arabic glyphs (Debian: `apt-get install -y fonts-noto-core`).
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const SRC = path.join(ROOT, 'docs', 'pdf-src');
const OUT = path.join(ROOT, 'public', 'docs');
const DOCS = ['code-of-conduct.ar', 'code-of-conduct.en', 'citizen-guide.ar', 'citizen-guide.en'] as const;
/** The margins of the @page rule in docs/pdf-src/print.css, whose page-margin boxes hold the header band and footer line. */
const MARGIN = { top: '24mm', right: '18mm', bottom: '18mm', left: '18mm' };
const SIZE_BUDGET = 300 * 1024;

const executablePath = chromiumPath();
if (!executablePath) {
  console.error(INSTALL_HINT);
  process.exit(1);
}

// Without a font that has Arabic glyphs, Chromium prints the Arabic documents as boxes.
const arabicFonts = spawnSync('fc-list', [':lang=ar', 'family'], { encoding: 'utf8' });
if (arabicFonts.status === 0 && !/arabic/i.test(arabicFonts.stdout)) {
  console.warn('! no font made for Arabic is installed (fc-list :lang=ar): apt-get install -y fonts-noto-core');
}

const only = process.argv.slice(2);
const jobs = DOCS.filter((doc) => only.length === 0 || only.some((prefix) => doc.startsWith(prefix)));
const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
fs.mkdirSync(OUT, { recursive: true });

const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
let failed = false;
try {
  const page = await browser.newPage();
  for (const doc of jobs) {
    const src = path.join(SRC, `${doc}.html`);
    const out = path.join(OUT, `${doc}.pdf`);
    if (!fs.readFileSync(src, 'utf8').includes(version)) {
      console.warn(`! ${path.relative(ROOT, src)} does not mention the current version ${version}`);
    }
    await page.goto(pathToFileURL(src).href, { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready);
    // tagged: a structured (accessible) PDF; outline: bookmarks from the headings.
    await page.pdf({ path: out, format: 'A4', printBackground: true, margin: MARGIN, tagged: true, outline: true });
    const size = fs.statSync(out).size;
    const over = size > SIZE_BUDGET;
    failed ||= over;
    console.log(
      `${over ? '✗' : '✓'} ${path.relative(ROOT, out)}: ${(size / 1024).toFixed(1)} KB${over ? ` (budget ${SIZE_BUDGET / 1024} KB)` : ''}`,
    );
  }
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
