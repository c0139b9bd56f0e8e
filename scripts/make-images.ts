import fs from 'node:fs';
import path from 'node:path';
import { categories, services } from '../server/seed/data/catalog.ts';
import { news } from '../server/seed/data/content.ts';

/**
 * Writes the service logos and news pictures the seed refers to (public/images/...): small SVGs, one glyph per
 * category, so every seeded image exists. Run again after adding services or news; the output is committed.
 */
const GLYPHS: Record<string, string> = {
  meter:
    '<circle cx="32" cy="34" r="16" fill="none" stroke="#fff" stroke-width="4"/><path d="M32 34l8-8" stroke="#fcd34d" stroke-width="4" stroke-linecap="round"/>',
  bill: '<path d="M20 14h24v36l-4-3-4 3-4-3-4 3-4-3-4 3z" fill="none" stroke="#fff" stroke-width="4" stroke-linejoin="round"/><path d="M26 26h12M26 34h12" stroke="#fcd34d" stroke-width="4"/>',
  plug: '<path d="M26 12v10M38 12v10M20 22h24v8a12 12 0 0 1-24 0z" fill="none" stroke="#fff" stroke-width="4"/><path d="M32 42v10" stroke="#fcd34d" stroke-width="4"/>',
  alert:
    '<path d="M32 12l22 38H10z" fill="none" stroke="#fff" stroke-width="4" stroke-linejoin="round"/><path d="M32 26v12M32 43v2" stroke="#fcd34d" stroke-width="4" stroke-linecap="round"/>',
  document:
    '<path d="M20 12h16l8 8v32H20z" fill="none" stroke="#fff" stroke-width="4" stroke-linejoin="round"/><path d="M26 32h12M26 40h12" stroke="#fcd34d" stroke-width="4"/>',
  headset:
    '<path d="M16 36v-4a16 16 0 0 1 32 0v4" fill="none" stroke="#fff" stroke-width="4"/><rect x="14" y="34" width="8" height="12" rx="3" fill="#fcd34d"/><rect x="42" y="34" width="8" height="12" rx="3" fill="#fcd34d"/>',
};
const BOLT = '<path d="M36 10 22 34h10l-4 20 16-26H34z" fill="#fcd34d"/>';
const COLOURS = ['#0b4f8a', '#0f766e', '#9a3412', '#6d28d9', '#1d4ed8', '#b45309', '#0e7490', '#be123c'];

const out = (rel: string, svg: string) => {
  const file = path.join('public', rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${svg}\n`);
};

const iconOf = new Map(categories.map((c, i) => [c.id, { icon: c.icon, colour: COLOURS[i % COLOURS.length]! }]));
for (const s of services) {
  if (!s.logo) continue;
  const cat = iconOf.get(s.categoryIds[0] ?? '') ?? { icon: '', colour: COLOURS[0]! };
  out(
    s.logo,
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${cat.colour}"/>${GLYPHS[cat.icon] ?? BOLT}</svg>`,
  );
}
news.forEach((n, i) => {
  const c = COLOURS[i % COLOURS.length]!;
  const url = n.featuredImage[0]?.url;
  if (!url) return;
  out(
    url,
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 400"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c}"/><stop offset="1" stop-color="#0f172a"/></linearGradient></defs><rect width="800" height="400" fill="url(#g)"/><g opacity=".15" stroke="#fff" stroke-width="2">${Array.from({ length: 9 }, (_, k) => `<path d="M${k * 100} 400 L${k * 100 + 200} 0"/>`).join('')}</g><g transform="translate(340 140) scale(2)">${BOLT}</g></svg>`,
  );
});
console.log(`wrote ${services.filter((s) => s.logo).length} service logos and ${news.length} news pictures`);
