import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { DatabaseLockedError, lockRecordOf, openDatabase, processStartTime } from './client.ts';
import { isEmpty, seedDatabase } from '../seed/seed.ts';
import { createTestDatabase, preparedPgliteDump, testDriver } from '../test/test-app.ts';
import * as t from './schema.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/**
 * A new data folder for a lock test, holding a database cluster already: a copy of one made once for the file (from
 * the run's prepared empty stage where there is one), instead of a PGlite initdb per test, seconds each. What the
 * tests check, the lock file beside the cluster, is the same on a new folder and on one that has a cluster.
 */
let template = '';
const dataFolder = (): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kahraba-db-'));
  dirs.push(dir);
  fs.cpSync(template, dir, { recursive: true });
  return dir;
};

// The embedded database's lock is the same whichever driver the other tests use: checked in the PGlite pass only.
describe.runIf(testDriver() === 'pglite')('embedded database lock', () => {
  beforeAll(async () => {
    template = fs.mkdtempSync(path.join(os.tmpdir(), 'kahraba-db-template-'));
    dirs.push(template);
    const dump = preparedPgliteDump('empty');
    const database = await openDatabase({ driver: 'pglite', dataDir: template, ...(dump ? { loadDataDir: dump } : {}) });
    await database.close();
    expect(fs.existsSync(path.join(template, 'pglite', 'PG_VERSION'))).toBe(true);
  });

  it('refuses a second opener of the same folder with a clear error, and frees the folder on close', async () => {
    const dir = dataFolder();
    const first = await openDatabase({ driver: 'pglite', dataDir: dir });
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'pglite.lock'), 'utf8'))).toEqual(lockRecordOf(process.pid));
    // Held by another live Node.js process (our parent, the test runner), as another server would hold it.
    fs.writeFileSync(path.join(dir, 'pglite.lock'), JSON.stringify(lockRecordOf(process.ppid)));
    await expect(openDatabase({ driver: 'pglite', dataDir: dir })).rejects.toThrow(DatabaseLockedError);
    await expect(openDatabase({ driver: 'pglite', dataDir: dir })).rejects.toThrow(/in use by process/);
    fs.writeFileSync(path.join(dir, 'pglite.lock'), JSON.stringify(lockRecordOf(process.pid)));
    await first.close();
    expect(fs.existsSync(path.join(dir, 'pglite.lock'))).toBe(false);
  });

  it('takes over a lock left by a process that is gone', async () => {
    const dir = dataFolder();
    fs.writeFileSync(path.join(dir, 'pglite.lock'), '999999');
    const db = await openDatabase({ driver: 'pglite', dataDir: dir });
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'pglite.lock'), 'utf8')).pid).toBe(process.pid);
    await db.close();
  });

  it.runIf(processStartTime(process.pid) !== undefined)(
    'takes over a lock whose pid is alive but is another process (pid reused after a kill -9)',
    async () => {
      const dir = dataFolder();
      const lockPath = path.join(dir, 'pglite.lock');
      // The pid of a live process (our parent), with the start time of the process that once had it.
      const reused = { ...lockRecordOf(process.ppid), startTime: '1' };
      fs.writeFileSync(lockPath, JSON.stringify(reused));
      let db = await openDatabase({ driver: 'pglite', dataDir: dir });
      expect(JSON.parse(fs.readFileSync(lockPath, 'utf8')).pid).toBe(process.pid);
      await db.close();
      // A lock written by an older version (a bare pid) naming a live process that is not Node.js.
      const sleeper = spawn('sleep', ['60'], { stdio: 'ignore' });
      try {
        fs.writeFileSync(lockPath, String(sleeper.pid));
        db = await openDatabase({ driver: 'pglite', dataDir: dir });
        expect(JSON.parse(fs.readFileSync(lockPath, 'utf8')).pid).toBe(process.pid);
        await db.close();
        // Our own pid in the lock (a restarted container's server is often pid 1 again) is stale too.
        fs.writeFileSync(lockPath, JSON.stringify({ pid: process.pid, startTime: '1' }));
        db = await openDatabase({ driver: 'pglite', dataDir: dir });
        await db.close();
      } finally {
        sleeper.kill();
      }
    },
  );
});

describe('migrations and seed', () => {
  it('migrate is idempotent, readiness follows it, and the seed can run twice with the same rows', async () => {
    const { database, drop } = await createTestDatabase();
    try {
      expect((await database.ready()).ok).toBe(false);
      await database.migrate();
      await database.migrate();
      expect(await database.ready()).toEqual({ ok: true });
      expect(await isEmpty(database.db)).toBe(true);
      const counts = await seedDatabase(database.db);
      expect(counts.services).toBeGreaterThanOrEqual(24);
      expect(counts.categories).toBeGreaterThanOrEqual(6);
      expect(counts.governorates).toBe(27);
      expect(counts.companies).toBe(9);
      expect(counts.serviceCenters).toBeGreaterThanOrEqual(40);
      expect(counts.news).toBeGreaterThanOrEqual(6);
      expect(counts.faqs).toBeGreaterThanOrEqual(12);
      await seedDatabase(database.db);
      const services = await database.db.select().from(t.services);
      expect(services).toHaveLength(counts.services!);
      const slugs = services.map((s) => s.serviceSlug);
      for (const s of ['CODEMETER', 'LMIFT', 'ADD_METER', 'PAYBILLS', 'CCC', 'tickets']) expect(slugs).toContain(s);
    } finally {
      await drop();
    }
  });
});
