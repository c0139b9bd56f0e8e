import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The one database type the rest of the server sees, whichever driver runs underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Applies the checked-in migrations (idempotent). */
  migrate(): Promise<void>;
  /** True when the database answers and every checked-in migration is applied. */
  ready(): Promise<{ ok: boolean; reason?: string }>;
  close(): Promise<void>;
};

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export class DatabaseLockedError extends Error {
  override name = 'DatabaseLockedError';
}

type OpenOptions =
  | { driver: 'postgres'; url: string; poolMax?: number }
  /** `dataDir` undefined means in memory (tests). */
  | { driver: 'pglite'; dataDir: string | undefined };

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  return opts.driver === 'postgres' ? openPostgres(opts.url, opts.poolMax ?? 10) : openPglite(opts.dataDir);
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

async function openPostgres(url: string, poolMax: number): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
  // A pool error (server restart) must not crash the process; queries will fail and /readyz will say so.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    migrate: () => migrate(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    ready: () => readiness(db),
    close: () => pool.end(),
  };
}

/**
 * PGlite takes no lock of its own: a second process would open the same folder and corrupt it. We hold a lock
 * file with our pid beside the data folder; a lock whose process is gone is taken over.
 */
function acquireLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => fs.rmSync(lockPath, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(lockPath, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DatabaseLockedError(
          `The embedded database in ${dataDir} is in use by process ${pid}. Stop that process, or set DATA_DIR to another folder, or set DATABASE_URL to use a PostgreSQL server.`,
        );
      }
      fs.rmSync(lockPath, { force: true }); // stale lock: its process is gone
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

async function openPglite(dataDir: string | undefined): Promise<Database> {
  const release = dataDir ? acquireLock(dataDir) : () => undefined;
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const client = dataDir ? new PGlite(path.join(dataDir, 'pglite')) : new PGlite();
    await client.waitReady;
    const db = drizzle(client, { schema }) as unknown as Db;
    let closed = false;
    return {
      db,
      driver: 'pglite',
      migrate: () => migrate(db as never, { migrationsFolder: MIGRATIONS_DIR }),
      ready: () => readiness(db),
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
