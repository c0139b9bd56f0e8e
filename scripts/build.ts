import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * `npm run build`: the three builds of the portal (decision 022), each with its own build kind, manifest, menus and
 * service worker: citizen -> DIST_DIR (dist), employee -> EMPLOYEE_DIST_DIR (dist-employee), agent ->
 * AGENT_DIST_DIR (dist-agent). `npm run build -- employee` builds only the ones named.
 */
export const BUILDS = {
  citizen: () => process.env.DIST_DIR ?? 'dist',
  employee: () => process.env.EMPLOYEE_DIST_DIR ?? 'dist-employee',
  agent: () => process.env.AGENT_DIST_DIR ?? 'dist-agent',
} as const;
export type Kind = keyof typeof BUILDS;

/** Builds one kind into `outDir` (by default its DIST_DIR); `npm start` builds through this too (server/start.ts). */
export function build(kind: Kind, extra: string[] = [], outDir: string = BUILDS[kind]()): number {
  const started = Date.now();
  const vite = path.join(process.cwd(), 'node_modules', 'vite', 'bin', 'vite.js');
  const r = spawnSync(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', ...extra], {
    stdio: 'inherit',
    env: { ...process.env, APP_KIND: kind },
  });
  let status = r.status ?? 1;
  // The citizen build's public pages are also drawn by the server (decision 031): its renderer, for Node, in
  // DIST_DIR/.ssr (not served, not precached).
  if (status === 0 && kind === 'citizen') {
    const ssr = spawnSync(
      process.execPath,
      [vite, 'build', '--ssr', 'src/entry-server.tsx', '--outDir', path.join(outDir, '.ssr'), '--emptyOutDir', ...extra],
      { stdio: 'inherit', env: { ...process.env, APP_KIND: kind } },
    );
    status = ssr.status ?? 1;
  }
  console.log(`${kind} build: ${status === 0 ? 'done' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return status;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const named = process.argv.slice(2).filter((a): a is Kind => a in BUILDS);
  const extra = process.argv.slice(2).filter((a) => !(a in BUILDS));
  for (const kind of named.length > 0 ? named : (Object.keys(BUILDS) as Kind[])) {
    if (build(kind, extra) !== 0) process.exit(1);
  }
}
