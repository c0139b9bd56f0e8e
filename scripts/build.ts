import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * `npm run build`: the three builds of the portal (decision 022), each with its own build kind, manifest, menus and
 * service worker: citizen -> DIST_DIR (dist), employee -> EMPLOYEE_DIST_DIR (dist-employee), agent ->
 * AGENT_DIST_DIR (dist-agent). `npm run build -- employee` builds only the ones named. They build in two lanes side
 * by side (`buildInLanes`); BUILD_LANES=1 builds them one after the other.
 */
export const BUILDS = {
  citizen: () => process.env.DIST_DIR ?? 'dist',
  employee: () => process.env.EMPLOYEE_DIST_DIR ?? 'dist-employee',
  agent: () => process.env.AGENT_DIST_DIR ?? 'dist-agent',
} as const;
export type Kind = keyof typeof BUILDS;

/** The vite commands of one kind's build, in order: the citizen build's public pages renderer follows its build. */
function viteRuns(kind: Kind, extra: string[], outDir: string): string[][] {
  const vite = path.join(process.cwd(), 'node_modules', 'vite', 'bin', 'vite.js');
  const runs = [[vite, 'build', '--outDir', outDir, '--emptyOutDir', ...extra]];
  // The citizen build's public pages are also drawn by the server (decision 031): its renderer, for Node, in
  // DIST_DIR/.ssr (not served, not precached). After the build: its --emptyOutDir would remove it.
  if (kind === 'citizen')
    runs.push([vite, 'build', '--ssr', 'src/entry-server.tsx', '--outDir', path.join(outDir, '.ssr'), '--emptyOutDir', ...extra]);
  return runs;
}

const report = (kind: Kind, status: number, started: number) =>
  console.log(`${kind} build: ${status === 0 ? 'done' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);

/** Builds one kind into `outDir` (by default its DIST_DIR); `npm start` builds through this too (server/start.ts). */
export function build(kind: Kind, extra: string[] = [], outDir: string = BUILDS[kind]()): number {
  const started = Date.now();
  let status = 0;
  for (const args of viteRuns(kind, extra, outDir)) {
    status = spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, APP_KIND: kind } }).status ?? 1;
    if (status !== 0) break;
  }
  report(kind, status, started);
  return status;
}

/** The same, as a child process the caller does not wait on (`buildInLanes`). */
async function buildAsync(kind: Kind, extra: string[]): Promise<number> {
  const started = Date.now();
  let status = 0;
  for (const args of viteRuns(kind, extra, BUILDS[kind]())) {
    status = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, args, { stdio: 'inherit', env: { ...process.env, APP_KIND: kind } });
      child.once('error', () => resolve(1));
      child.once('exit', (code) => resolve(code ?? 1));
    });
    if (status !== 0) break;
  }
  report(kind, status, started);
  return status;
}

/**
 * Builds the kinds named in two lanes side by side: the citizen build (with its renderer) in one, the others one
 * after the other in the second. A build spends most of its time in JavaScript on one core (Babel's Lingui macro,
 * the router's code splitter), so on two cores two lanes take about half as long as one (decision 041). The
 * employee and agent builds stay in one lane: both regenerate src/routeTree.gen.ts (the citizen build has a file
 * of its own), and two writers of one file at once could each read the other's half-written one.
 */
export async function buildInLanes(kinds: readonly Kind[], extra: string[] = []): Promise<number> {
  const lanes = [kinds.filter((k) => k === 'citizen'), kinds.filter((k) => k !== 'citizen')].filter((l) => l.length > 0);
  const results = await Promise.all(
    lanes.map(async (lane) => {
      for (const kind of lane) if ((await buildAsync(kind, extra)) !== 0) return 1;
      return 0;
    }),
  );
  return results.some((r) => r !== 0) ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const named = process.argv.slice(2).filter((a): a is Kind => a in BUILDS);
  const extra = process.argv.slice(2).filter((a) => !(a in BUILDS));
  const kinds = named.length > 0 ? named : (Object.keys(BUILDS) as Kind[]);
  // BUILD_LANES=1: one build after the other (less memory at once; the output is not interleaved).
  const status =
    process.env.BUILD_LANES === '1'
      ? kinds.reduce((s, kind) => (s !== 0 ? s : build(kind, extra)), 0)
      : await buildInLanes(kinds, extra);
  process.exit(status);
}
