import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testDriver } from './test/test-app.ts';

/**
 * The real process, as `npm start` runs it (minus the build): migrates and seeds an empty embedded database,
 * serves, refuses a second process on the same data folder, and exits cleanly on SIGTERM.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kahraba-main-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function startServer(
  port: number,
  extra: Record<string, string> = {},
): {
  child: ChildProcessWithoutNullStreams;
  output: () => string;
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      DIST_DIR: path.join(dataDir, 'no-dist'),
      ...extra,
    },
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** Waits for the address the server prints (it listens on a free port: PORT=0) and for /readyz. */
async function waitReady(server: ReturnType<typeof startServer>, timeoutMs = 90_000): Promise<number> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const port = Number(/running on http:\/\/(?:127\.0\.0\.1|localhost):(\d+)/.exec(server.output())?.[1] ?? 0);
    if (port) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return port;
      } catch {
        /* starting */
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become ready:\n${server.output()}`);
}

// The process runs on its own embedded database (DATABASE_URL empty) whichever driver the other tests use: it is
// checked in the PGlite pass only, not again, the same way, in the PostgreSQL one.
describe.runIf(testDriver() === 'pglite')('the server process', () => {
  it(
    'seeds an empty database, prints its address, refuses a second process on the same data, and stops on SIGTERM',
    { timeout: 240_000 },
    async () => {
      const first = startServer(0);
      const port = await waitReady(first);
      expect(first.output()).toMatch(/Seeded an empty database: \d+ services/);
      expect(first.output()).toContain(`is running on http://localhost:${port}`);
      const categories = (await (await fetch(`http://127.0.0.1:${port}/api/Categories`)).json()) as unknown[];
      expect(categories.length).toBeGreaterThanOrEqual(6);

      const second = startServer(0);
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(/in use by process \d+/);

      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'db', 'pglite.lock'))).toBe(false);

      // The data survived: a restart does not seed again and serves the same catalog.
      const again = startServer(0);
      const port2 = await waitReady(again);
      expect(again.output()).not.toMatch(/Seeded/);
      expect(((await (await fetch(`http://127.0.0.1:${port2}/api/Categories`)).json()) as unknown[]).length).toBe(
        categories.length,
      );
      again.child.kill('SIGINT');
      expect(await again.exited).toBe(0);
    },
  );

  it('refuses to start demo mode listening beyond this machine', { timeout: 60_000 }, async () => {
    const exposed = startServer(0, { HOST: '0.0.0.0', DEMO_MODE: '', DEMO_MODE_FORCE: '' });
    expect(await exposed.exited).toBe(1);
    expect(exposed.output()).toMatch(/Refusing to start: DEMO_MODE is on/);
  });
});
