import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as prettier from 'prettier';

/**
 * Writes contract/refs/ (decision 035): for every route descriptor the contract exports (a map of them, or one
 * alone), its method, path and a loader of its answer's schema, typed as a `RouteRef` of the descriptor; one file per contract module, so that a
 * page's bundle holds the references of the routes it may call and no more. The browser calls routes through
 * these, so a page's bundle holds no schema: the schemas come with the first answer to check. `npm run gen:routes` writes them; a unit test (contract/route-refs.test.ts)
 * fails when they are not what this script would write, and typecheck fails when a screen calls a route they do
 * not have yet.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REFS_DIR = path.join(root, 'contract', 'refs');
type Descriptor = { method: string; path: string };
const isDescriptor = (v: unknown): v is Descriptor =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Descriptor).method === 'string' &&
  typeof (v as Descriptor).path === 'string';
const isDescriptorMap = (v: unknown): v is Record<string, Descriptor> => {
  if (typeof v !== 'object' || v === null || isDescriptor(v)) return false;
  const values = Object.values(v);
  if (values.length === 0 || !values.some(isDescriptor)) return false;
  if (!values.every(isDescriptor)) throw new Error('a map of route descriptors holds something else too');
  return true;
};
const contractModule = async (file: string) =>
  (await import(pathToFileURL(path.join(root, 'contract', file)).href)) as Record<string, unknown>;

/** The contract's modules that export route descriptors (found, so that a new one cannot be missed). */
export async function routeSources(): Promise<string[]> {
  const files = fs.readdirSync(path.join(root, 'contract')).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const found: string[] = [];
  for (const file of files.sort())
    if (Object.values(await contractModule(file)).some((v) => isDescriptor(v) || isDescriptorMap(v))) found.push(file);
  return found;
}

/** A route's reference: method, path, and its answer's schema from the module loaded on demand. */
const ref = (d: Descriptor, at: string) =>
  `{ method: ${JSON.stringify(d.method)}, path: ${JSON.stringify(d.path)}, response: () => schemas().then((m) => m.${at}.response) }`;

/** The text of contract/refs/<file> for the contract module `file`. */
export async function routeRefsSource(file: string): Promise<string> {
  const mod = await contractModule(file);
  const lines = [
    `// Written by scripts/gen-route-refs.ts (\`npm run gen:routes\`) from contract/${file}: do not edit.`,
    "// Each route's method and path, and its answer's schema on demand, for the browser (decision 035); the types",
    '// come from the descriptors.',
    `import type * as contract from '../${file}';`,
    '',
    '/** The module with the schemas, loaded with the first answer to check (not with the page that calls). */',
    `const schemas = () => import('../${file}');`,
  ];
  const types = new Set<string>();
  for (const [name, value] of Object.entries(mod).sort(([a], [b]) => a.localeCompare(b))) {
    if (isDescriptor(value)) {
      types.add('RouteRef');
      lines.push('', `export const ${name}: RouteRef<typeof contract.${name}> = ${ref(value, name)};`);
    } else if (isDescriptorMap(value)) {
      types.add('RouteRefs');
      lines.push('', `export const ${name}: RouteRefs<typeof contract.${name}> = {`);
      for (const [key, d] of Object.entries(value)) lines.push(`  ${key}: ${ref(d, `${name}.${key}`)},`);
      lines.push('};');
    }
  }
  lines.splice(2, 0, `import type { ${[...types].sort().join(', ')} } from '../route.ts';`);
  const target = path.join(REFS_DIR, file);
  // Written as the repository's formatter would (its options, the file's path).
  return prettier.format(`${lines.join('\n')}\n`, { ...(await prettier.resolveConfig(target)), filepath: target });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const sources = await routeSources();
  fs.rmSync(REFS_DIR, { recursive: true, force: true });
  fs.mkdirSync(REFS_DIR, { recursive: true });
  for (const file of sources) fs.writeFileSync(path.join(REFS_DIR, file), await routeRefsSource(file));
  console.log(`wrote ${sources.length} files in ${path.relative(root, REFS_DIR)}`);
}
