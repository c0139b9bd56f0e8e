import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import * as schema from './schema.ts';
import { installFastSql } from './fast-sql.ts';

// Drizzle's SQL text building, made cheap (decision 047): every statement of the server goes through it.
installFastSql();

export type Schema = typeof schema;
/** The one database type the rest of the server sees, whichever driver runs underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Applies the checked-in migrations (idempotent); `folder`: others (a restore takes a backup's schema first). */
  migrate(folder?: string): Promise<void>;
  /**
   * Runs `fn` while no other process runs its own: several servers starting at once on one PostgreSQL migrate
   * and seed one after the other (a session advisory lock on a connection of its own). PGlite has one process
   * (its lock file), so it just runs `fn`.
   */
  exclusively<T>(fn: () => Promise<T>): Promise<T>;
  /** True when the database answers and every checked-in migration is applied. */
  ready(): Promise<{ ok: boolean; reason?: string }>;
  close(): Promise<void>;
  /** PostgreSQL only: the pool's connections now (metrics). */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  /** PostgreSQL only: `fn` hears how long each statement took, in seconds (metrics). */
  observeQueries?(fn: (seconds: number) => void): void;
  /**
   * PGlite only: its data folder as one tarball, which `openDatabase({ driver: 'pglite', loadDataDir })` starts
   * from. The API tests prepare their databases once per run this way (server/test/test-app.ts).
   */
  dumpDataDir?(): Promise<Blob>;
};

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export class DatabaseLockedError extends Error {
  override name = 'DatabaseLockedError';
}

type OpenOptions =
  /** `options`: the session's settings (libpq `options`, e.g. `-c jit=off` for the reports' pool). */
  | { driver: 'postgres'; url: string; poolMax?: number; options?: string }
  /**
   * `dataDir` undefined means in memory (tests). `loadDataDir` starts it from another instance's dump instead of
   * an empty cluster: no initdb, which is most of the cost of a new PGlite.
   */
  | { driver: 'pglite'; dataDir: string | undefined; loadDataDir?: Blob };

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  return opts.driver === 'postgres'
    ? openPostgres(opts.url, opts.poolMax ?? 10, opts.options)
    : openPglite(opts.dataDir, opts.loadDataDir);
}

function journalCount(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

async function readiness(db: Db): Promise<{ ok: boolean; reason?: string }> {
  try {
    const rows = await db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const applied = Number(
      (rows as unknown as { rows?: { n: number }[] }).rows?.[0]?.n ?? (rows as unknown as { n: number }[])[0]?.n ?? 0,
    );
    const expected = journalCount();
    return applied >= expected ? { ok: true } : { ok: false, reason: `migrations applied ${applied}/${expected}` };
  } catch (err) {
    return { ok: false, reason: (err as Error).message };
  }
}

/** The advisory lock key of start-up (migrations and seed): any fixed number no other lock uses. */
const STARTUP_LOCK = 7_340_032_016;

async function openPostgres(url: string, poolMax: number, options?: string): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({ connectionString: url, max: poolMax, ...(options ? { options } : {}) });
  // A pool error (server restart) must not crash the process; queries will fail and /readyz will say so.
  pool.on('error', () => undefined);
  // Each connection's statements are timed for the metrics (server/observability/metrics.ts) once someone listens.
  let observer: ((seconds: number) => void) | undefined;
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const listening = observer;
      if (!listening) return query(...args);
      const start = process.hrtime.bigint();
      const answer = query(...args);
      const done = () => listening(Number(process.hrtime.bigint() - start) / 1e9);
      if (answer instanceof Promise) answer.then(done, done);
      return answer;
    };
  });
  const db = drizzle(pool, { schema }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    migrate: (folder = MIGRATIONS_DIR) => migrate(db as never, { migrationsFolder: folder }),
    exclusively: async (fn) => {
      // Not from the pool: the lock's connection stays busy while `fn` uses the pool (whose size may be 1).
      const lock = new pg.Client({ connectionString: url });
      await lock.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
        return await fn();
      } finally {
        // Ending the session releases its advisory locks.
        await lock.end();
      }
    },
    ready: () => readiness(db),
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolMax }),
    observeQueries: (fn) => {
      observer = fn;
    },
  };
}

/**
 * PGlite takes no lock of its own: a second process would open the same folder and corrupt it. We hold a lock
 * file beside the data folder naming our process: its pid, its start time and the boot id (from /proc, where
 * there is one). A lock is stale, and taken over, when its process is gone, or when the pid is alive but is
 * another process: after a kill -9 in a container, the pid in the file is often reused by an unrelated process
 * (or is our own), and the start time tells them apart. A lock from an older version (a bare pid) counts as held
 * only while that pid is a Node.js process.
 */
export type LockRecord = { pid: number; startTime?: string; bootId?: string };

const readProc = (file: string): string | undefined => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

/** A process's start time in clock ticks since boot (/proc/<pid>/stat field 22), where /proc exists. */
export function processStartTime(pid: number): string | undefined {
  const stat = readProc(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  // The command name (field 2) is in parentheses and may hold spaces: count fields after its closing one.
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return rest[19];
}

const bootId = (): string | undefined => readProc('/proc/sys/kernel/random/boot_id')?.trim() || undefined;

/** The lock record of a process (ours by default). */
export function lockRecordOf(pid: number = process.pid): LockRecord {
  const startTime = processStartTime(pid);
  const boot = bootId();
  return { pid, ...(startTime ? { startTime } : {}), ...(boot ? { bootId: boot } : {}) };
}

function parseLock(text: string): LockRecord | undefined {
  const t = text.trim();
  if (/^\d+$/.test(t)) return { pid: Number(t) };
  try {
    const r = JSON.parse(t) as Partial<LockRecord>;
    return typeof r.pid === 'number' && Number.isInteger(r.pid) && r.pid > 0
      ? {
          pid: r.pid,
          ...(typeof r.startTime === 'string' ? { startTime: r.startTime } : {}),
          ...(typeof r.bootId === 'string' ? { bootId: r.bootId } : {}),
        }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the lock's process is alive and is the one that wrote it (another process of ours, not a reused pid). */
function isHeld(lock: LockRecord): boolean {
  if (lock.pid === process.pid || !isAlive(lock.pid)) return false;
  if (lock.bootId && bootId() && lock.bootId !== bootId()) return false;
  const now = processStartTime(lock.pid);
  if (now === undefined) return true; // no /proc: a live pid is all we can know
  if (lock.startTime !== undefined) return lock.startTime === now;
  return /\bnode\b/.test(readProc(`/proc/${lock.pid}/cmdline`) ?? 'node');
}

function acquireLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, JSON.stringify(lockRecordOf()));
      fs.closeSync(fd);
      return () => fs.rmSync(lockPath, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const lock = parseLock(readProc(lockPath) ?? '');
      if (lock && isHeld(lock)) {
        throw new DatabaseLockedError(
          `The embedded database in ${dataDir} is in use by process ${lock.pid}. Stop that process, or set DATA_DIR to another folder, or set DATABASE_URL to use a PostgreSQL server.`,
        );
      }
      fs.rmSync(lockPath, { force: true }); // stale lock: its process is gone, or the pid is now another process
    }
  }
  throw new DatabaseLockedError(`Could not lock ${lockPath}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Database> {
  const release = dataDir ? acquireLock(dataDir) : () => undefined;
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const client = new PGlite({
      ...(dataDir ? { dataDir: path.join(dataDir, 'pglite') } : {}),
      ...(loadDataDir ? { loadDataDir } : {}),
    });
    await client.waitReady;
    const db = drizzle(client, { schema }) as unknown as Db;
    let closed = false;
    return {
      db,
      driver: 'pglite',
      migrate: (folder = MIGRATIONS_DIR) => migrate(db as never, { migrationsFolder: folder }),
      exclusively: (fn) => fn(),
      ready: () => readiness(db),
      // Uncompressed: loading it is then faster (gzip saved 35 MB of 40 but took half as long again to load).
      dumpDataDir: () => client.dumpDataDir('none'),
      close: async () => {
        if (closed) return;
        closed = true;
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}
