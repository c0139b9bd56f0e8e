import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { precompress } from './precompress.ts';

/**
 * `npm run build`: the three builds of the portal (decision 022), each with its own build kind, manifest, menus and
 * service worker: citizen -> DIST_DIR (dist), employee -> EMPLOYEE_DIST_DIR (dist-employee), agent ->
 * AGENT_DIST_DIR (dist-agent). `npm run build -- employee` builds only the ones named. Each build's text files get
 * their brotli and gzip copies (scripts/precompress.ts), which the server sends as they are.
 */
export const BUILDS = {
  citizen: () => process.env.DIST_DIR ?? 'dist',
  employee: () => process.env.EMPLOYEE_DIST_DIR ?? 'dist-employee',
  agent: () => process.env.AGENT_DIST_DIR ?? 'dist-agent',
} as const;
export type Kind = keyof typeof BUILDS;

export async function build(kind: Kind, extra: string[] = [], outDir: string = BUILDS[kind]()): Promise<number> {
  const started = Date.now();
  const vite = path.join(process.cwd(), 'node_modules', 'vite', 'bin', 'vite.js');
  const r = spawnSync(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', ...extra], {
    stdio: 'inherit',
    env: { ...process.env, APP_KIND: kind },
  });
  if (r.status === 0) {
    const c = await precompress(outDir);
    console.log(
      `${kind} build: ${c.files} files precompressed, ${(c.bytes / 1024).toFixed(0)} KB -> ${(c.brotliBytes / 1024).toFixed(0)} KB brotli`,
    );
  }
  console.log(`${kind} build: ${r.status === 0 ? 'done' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return r.status ?? 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const named = process.argv.slice(2).filter((a): a is Kind => a in BUILDS);
  const extra = process.argv.slice(2).filter((a) => !(a in BUILDS));
  for (const kind of named.length > 0 ? named : (Object.keys(BUILDS) as Kind[])) {
    if ((await build(kind, extra)) !== 0) process.exit(1);
  }
}
