import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type AppConfig } from './config.ts';

/**
 * `npm start`: builds the PWA when dist/ is missing or older than its sources, then runs the server
 * (migrations, seed of an empty database, listen). Set SKIP_BUILD=true to serve dist/ as it is.
 */
const root = process.cwd();
const SOURCES = ['src', 'sw', 'public', 'contract', 'index.html', 'vite.config.ts', 'lingui.config.ts', 'package.json'];

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
const builtAt = fs.existsSync(path.join(config.distDir, 'index.html'))
  ? fs.statSync(path.join(config.distDir, 'index.html')).mtimeMs
  : 0;
const sourcesAt = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
if (process.env.SKIP_BUILD !== 'true' && builtAt < sourcesAt) {
  console.log(
    builtAt === 0 ? 'Building the web app (first start)…' : 'Sources changed since the last build: rebuilding the web app…',
  );
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const r = spawnSync(process.execPath, [vite, 'build', '--outDir', config.distDir, '--emptyOutDir'], { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('The web app build failed; see the messages above.');
    process.exit(r.status ?? 1);
  }
}

const { main } = await import('./main.ts');
await main();
