import { spawn } from 'node:child_process';

/** `npm run dev`: the API in watch mode on :8080 and Vite with hot reload on :5173 (proxying /api). */
// Links in messages and passkeys use the address the browser sees: Vite's, unless PUBLIC_ORIGIN says otherwise.
const env = {
  ...process.env,
  NODE_ENV: 'development',
  SKIP_BUILD: 'true',
  PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN || 'http://localhost:5173',
};
const children = [
  spawn(process.execPath, ['--watch-path=server', '--watch-path=contract', '--import', 'tsx', 'server/main.ts'], {
    stdio: 'inherit',
    env,
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit', env }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    if (code !== 0 && code !== null) stop();
  });
