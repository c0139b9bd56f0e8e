import fs from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.ts';

/** Renders the app icons (PNG, 192 and 512, plus a maskable one) from the SVGs in public/icons. Run once. */
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
const page = await browser.newPage();
const jobs: [string, string, number][] = [
  ['public/icons/logo.svg', 'public/icons/icon-192.png', 192],
  ['public/icons/logo.svg', 'public/icons/icon-512.png', 512],
  ['public/icons/maskable.svg', 'public/icons/icon-maskable-512.png', 512],
];
for (const [svg, png, size] of jobs) {
  const data = fs.readFileSync(svg, 'base64');
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<html><body style="margin:0;background:transparent"><img src="data:image/svg+xml;base64,${data}" width="${size}" height="${size}"></body></html>`,
  );
  await page.screenshot({ path: png, omitBackground: true });
}
await browser.close();
console.log('icons written');
