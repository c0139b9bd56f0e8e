import { spawn } from 'node:child_process';

/** `npm run dev`: the API in watch mode on :8080 and Vite with hot reload on :5173 (proxying /api). */
const env = { ...process.env, NODE_ENV: 'development', SKIP_BUILD: 'true' };
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
