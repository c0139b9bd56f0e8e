import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * `npm run check:size`: the size budgets of quality.md on the production build (gzip sizes):
 * index.html <= 14 KB, JavaScript loaded by the home page <= 150 KB, CSS <= 30 KB, any lazy chunk <= 60 KB (the
 * form engine's aside: a form route's own JavaScript <= 90 KB),
 * no precached file over 2 MiB. Reads Vite's manifest to know what the home page loads: the entry and the home
 * route with their static imports, and the Arabic catalog. Chunks loaded on demand (the search dialog) or
 * after the load event (the service worker's registration) are lazy chunks and are held to the lazy budget.
 */
const dist = path.resolve(process.argv[2] ?? 'dist');
type Chunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
const gz = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function closure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k) || !manifest[k]) return;
    seen.add(k);
    for (const i of manifest[k]!.imports ?? []) visit(i);
  };
  keys.forEach(visit);
  return seen;
}

const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
// The home route's lazily split parts, and the default (Arabic) catalog.
const homeKeys = Object.keys(manifest).filter(
  (k) => /^src\/routes\/index\.tsx/.test(k) || /src\/locales\/ar\/messages\.po/.test(k),
);
const homeChunks = closure([entry, ...homeKeys]);
const homeJs = [...homeChunks].reduce((sum, k) => sum + gz(manifest[k]!.file), 0);
const cssFiles = new Set(Object.values(manifest).flatMap((c) => c.css ?? []));
const css = [...cssFiles].reduce((sum, f) => sum + gz(f), 0);
const lazy = Object.entries(manifest)
  .filter(([k, c]) => !c.isEntry && c.file.endsWith('.js') && !closure([entry]).has(k))
  .map(([k, c]) => ({ k, size: gz(c.file) }));
// The form screens (decision 018): their own JavaScript (what the home page has not loaded) <= 90 KB. The form
// engine's chunks (shared by sign-up and contact, not on the home page) are held to that budget, not the lazy one.
const routeKey = (name: string) => Object.keys(manifest).find((k) => k.startsWith(`src/routes/${name}.tsx?tsr-split=component`));
const ownOf = (name: string) => [...closure([routeKey(name) ?? ''])].filter((k) => !homeChunks.has(k));
const formRoutes = ['contact', 'signup'].filter((r) => routeKey(r));
const formEngine = new Set(formRoutes.map(ownOf).reduce<string[]>((a, b) => (a.length ? a.filter((k) => b.includes(k)) : b), []));
const formRouteSizes = formRoutes.map((r) => ({ r, size: ownOf(r).reduce((sum, k) => sum + gz(manifest[k]!.file), 0) }));
const biggestLazy = lazy.filter((c) => !formEngine.has(c.k)).sort((a, b) => b.size - a.size)[0];
const allFiles = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? allFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]));
const biggestFile = allFiles(dist)
  .filter((f) => !f.includes(`${path.sep}.vite${path.sep}`))
  .map((f) => ({ f: path.relative(dist, f), size: fs.statSync(f).size }))
  .sort((a, b) => b.size - a.size)[0]!;

const checks = [
  { name: 'index.html', size: gz('index.html'), max: 14 * 1024 },
  { name: `JavaScript loaded by the home page (${homeChunks.size} files)`, size: homeJs, max: 150 * 1024 },
  { name: 'CSS', size: css, max: 30 * 1024 },
  { name: `largest lazy chunk (${biggestLazy?.k ?? 'none'})`, size: biggestLazy?.size ?? 0, max: 60 * 1024 },
  ...formRouteSizes.map(({ r, size }) => ({ name: `form route's own JavaScript (${r})`, size, max: 90 * 1024 })),
  { name: `largest file, uncompressed (${biggestFile.f})`, size: biggestFile.size, max: 2 * 1024 * 1024 },
];
// What each part costs of the home page's JavaScript (the build's .vite/parts.json, scripts/build/bundle-parts.ts):
// each chunk's real gzip size shared out by its parts' shares.
const partsFile = path.join(dist, '.vite', 'parts.json');
const homeParts = new Map<string, number>();
if (fs.existsSync(partsFile)) {
  const parts = JSON.parse(fs.readFileSync(partsFile, 'utf8')) as Record<string, Record<string, number>>;
  for (const k of homeChunks) {
    const file = manifest[k]!.file;
    const own = Object.entries(parts[file] ?? {});
    const sum = own.reduce((n, [, v]) => n + v, 0);
    for (const [part, v] of own) homeParts.set(part, (homeParts.get(part) ?? 0) + (sum > 0 ? (gz(file) * v) / sum : 0));
  }
}

// No public page loads the schema library (decision 035): its chunk is for the screens that check a form before
// sending it. Each public page's screen and the footer (on every page), with what they import, hold no zod.
const publicKeys = Object.keys(manifest).filter(
  (k) =>
    /^src\/routes\/(index|services\.index|services\.\$serviceSlug|news\.index|news\.\$newsId|faq|about|reach-us|privacyPolicy)\.tsx\?tsr-split=/.test(
      k,
    ) || k === 'src/components/app-footer.tsx',
);
const withZod = fs.existsSync(partsFile)
  ? publicKeys.filter((k) => {
      const parts = JSON.parse(fs.readFileSync(partsFile, 'utf8')) as Record<string, Record<string, number>>;
      return [...closure([entry, k])].some((c) => 'zod' in (parts[manifest[c]!.file] ?? {}));
    })
  : [];

let failed = withZod.length > 0;
console.log(
  withZod.length === 0
    ? `✓ no public page loads the schema library (${publicKeys.length} parts checked: the public screens and the footer)`
    : `✗ these public screens load the schema library (zod): ${withZod.join(', ')}`,
);
for (const c of checks) {
  const ok = c.size <= c.max;
  failed ||= !ok;
  console.log(`${ok ? '✓' : '✗'} ${c.name}: ${kb(c.size)} (budget ${kb(c.max)})`);
}
if (homeParts.size > 0) {
  const rows = [...homeParts].sort((a, b) => b[1] - a[1]);
  const shown = rows.slice(0, 16);
  const rest = rows.slice(16).reduce((n, [, v]) => n + v, 0);
  console.log(`  the home page's JavaScript by part (estimated; headroom ${kb(150 * 1024 - homeJs)}):`);
  for (const [part, v] of shown) console.log(`    ${kb(v).padStart(8)}  ${part}`);
  if (rest > 0) console.log(`    ${kb(rest).padStart(8)}  ${rows.length - shown.length} other parts`);
}
process.exit(failed ? 1 : 0);
