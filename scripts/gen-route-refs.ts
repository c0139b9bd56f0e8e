import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as prettier from 'prettier';

/**
 * Writes contract/refs/ (decision 035): for every route descriptor the contract exports (a map of them, or one
 * alone), its method and path, typed as a `RouteRef` of the descriptor; one file per contract module, so that a
 * page's bundle holds the references of the routes it may call and no more. The browser calls routes through
 * these, so its bundle holds no schema. `npm run gen:routes` writes them; a unit test (contract/route-refs.test.ts)
 * fails when they are not what this script would write, and typecheck fails when a screen calls a route they do
 * not have yet.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REFS_DIR = path.join(root, 'contract', 'refs');
/** The contract's modules that export route descriptors. */
export const SOURCES = [
  'routes.ts',
  'routes-identity.ts',
  'routes-requests.ts',
  'routes-meters.ts',
  'routes-bills.ts',
  'routes-payments.ts',
  'routes-staff.ts',
  'routes-forms.ts',
  'service-page.ts',
];

type Descriptor = { method: string; path: string };
const isDescriptor = (v: unknown): v is Descriptor =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Descriptor).method === 'string' &&
  typeof (v as Descriptor).path === 'string';
const ref = (d: Descriptor) => `{ method: ${JSON.stringify(d.method)}, path: ${JSON.stringify(d.path)} }`;

/** The text of contract/refs/<file> for the contract module `file`. */
export async function routeRefsSource(file: string): Promise<string> {
  const mod = (await import(pathToFileURL(path.join(root, 'contract', file)).href)) as Record<string, unknown>;
  const lines = [
    `// Written by scripts/gen-route-refs.ts (\`npm run gen:routes\`) from contract/${file}: do not edit.`,
    '// The method and path of each route, for the browser (decision 035); the types come from the descriptors.',
    `import type * as contract from '../${file}';`,
  ];
  const types = new Set<string>();
  for (const [name, value] of Object.entries(mod).sort(([a], [b]) => a.localeCompare(b))) {
    if (isDescriptor(value)) {
      types.add('RouteRef');
      lines.push('', `export const ${name}: RouteRef<typeof contract.${name}> = ${ref(value)};`);
    } else if (
      typeof value === 'object' &&
      value !== null &&
      Object.values(value).length > 0 &&
      Object.values(value).every(isDescriptor)
    ) {
      types.add('RouteRefs');
      lines.push('', `export const ${name}: RouteRefs<typeof contract.${name}> = {`);
      for (const [key, d] of Object.entries(value as Record<string, Descriptor>)) lines.push(`  ${key}: ${ref(d)},`);
      lines.push('};');
    }
  }
  lines.splice(2, 0, `import type { ${[...types].sort().join(', ')} } from '../route.ts';`);
  const target = path.join(REFS_DIR, file);
  // Written as the repository's formatter would (its options, the file's path).
  return prettier.format(`${lines.join('\n')}\n`, { ...(await prettier.resolveConfig(target)), filepath: target });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.mkdirSync(REFS_DIR, { recursive: true });
  for (const file of SOURCES) fs.writeFileSync(path.join(REFS_DIR, file), await routeRefsSource(file));
  console.log(`wrote ${SOURCES.length} files in ${path.relative(root, REFS_DIR)}`);
}
