import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type AppConfig } from './config.ts';
import { build } from '../scripts/build.ts';

/**
 * `npm start`: builds the citizen, employee and agent PWAs when missing or older than their sources, then runs the server
 * (migrations, seed of an empty database, listen). Set SKIP_BUILD=true to serve dist/ as it is.
 */
const root = process.cwd();
const SOURCES = [
  'src',
  'sw',
  'public',
  'contract',
  'scripts/build',
  'index.html',
  'vite.config.ts',
  'lingui.config.ts',
  'package.json',
];

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const e of fs.readdirSync(p)) max = Math.max(max, newestMtime(path.join(p, e)));
  return max;
}

let config: AppConfig;
try {
  config = loadConfig();
} catch (err) {
  // A bad or unsafe configuration is the operator's to fix: say what, without a stack trace.
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(1);
}
const sourcesAt = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
// The three builds (decision 022): each is built when missing or older than the sources; a side build whose port
// is off is skipped.
const builds = [
  { kind: 'citizen', dir: config.distDir, served: true },
  { kind: 'employee', dir: config.builds.employee.distDir, served: config.builds.employee.port !== null },
  { kind: 'agent', dir: config.builds.agent.distDir, served: config.builds.agent.port !== null },
] as const;
for (const b of builds) {
  if (!b.served || process.env.SKIP_BUILD === 'true') continue;
  const index = path.join(b.dir, 'index.html');
  // The citizen build includes the server's renderer of the public pages (decision 031): without it they are
  // served as the bare shell.
  const complete = b.kind !== 'citizen' || fs.existsSync(path.join(b.dir, '.ssr', 'entry-server.js'));
  const builtAt = complete && fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  if (builtAt >= sourcesAt) continue;
  console.log(
    builtAt === 0
      ? `Building the ${b.kind} web app (first start)…`
      : `Sources changed since the last build: rebuilding the ${b.kind} web app…`,
  );
  const status = build(b.kind, [], b.dir);
  if (status !== 0) {
    console.error(`The ${b.kind} web app build failed; see the messages above.`);
    process.exit(status);
  }
}

const { main } = await import('./main.ts');
await main();
