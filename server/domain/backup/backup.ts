import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { once } from 'node:events';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { sql, type SQL } from 'drizzle-orm';
import { MIGRATIONS_DIR, openDatabase, type Database, type Db } from '../../db/client.ts';
import { documentPdfKey } from '../documents/documents.ts';
import { StorageNotFound, type FileStorage } from '../storage/index.ts';

/*
 * Backups that restore (issue 28 part 3, decision 072). One format for both databases: each table of the `public`
 * schema as JSON lines (PostgreSQL's own `row_to_json`, gzipped), the sequences' positions, the stored files the
 * rows name (attachments, the content's files, the documents' kept PDFs), and a manifest (the schema's migration,
 * counts, SHA-256 of every file) written last: a folder without `manifest.json` is no backup.
 *
 * - Consistent: every table is read in one REPEATABLE READ, READ ONLY transaction. On PGlite (one connection, which
 *   a long transaction would hold) the running database is first copied in memory (`dumpDataDir`, a moment), and
 *   the copy is read while the portal goes on.
 * - Restore: into an empty database (refused otherwise, unless forced, which drops everything first), which is
 *   migrated to the backup's schema, loaded (foreign keys dropped meanwhile and put back, so they are checked),
 *   then migrated to this version's. A backup of a newer schema than this version knows is refused.
 * - A backup made on PGlite restores into PostgreSQL and back: the format is the same.
 */

export const BACKUP_FORMAT = 'kahraba-backup';
export const BACKUP_FORMAT_VERSION = 1;

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  appVersion: string;
  driver: 'pglite' | 'postgres';
  /** The migrations applied to the database backed up: how many, the last's tag and its time (drizzle's journal). */
  schema: { migrations: number; last: string; lastAt: string };
  tables: { name: string; rows: number; file: string; bytes: number; sha256: string }[];
  /** Sequences' positions (`setval`); `value` is null for a sequence never used. */
  sequences: { name: string; value: string | null }[];
  files: { key: string; size: number; sha256: string; contentType: string }[];
  /** Files the rows name that the storage did not have (an operator should look). */
  missing: string[];
};

/** A backup or a restore that must not go on: the message says why and what to do. */
export class BackupRefused extends Error {
  override name = 'BackupRefused';
}

type Journal = { entries: { idx: number; when: number; tag: string }[] };
const journal = (): Journal => JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as Journal;

const rowsOf = <T>(res: unknown): T[] => ((res as { rows?: T[] }).rows ?? (res as T[])) as T[];
const q = (name: string): string => `"${name.replace(/"/g, '""')}"`;
const run = async <T>(db: Db, query: SQL | string): Promise<T[]> =>
  rowsOf<T>(await db.execute(typeof query === 'string' ? sql.raw(query) : query));

const sha256File = async (file: string): Promise<string> => {
  const hash = crypto.createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
};

/** The tables of the `public` schema. */
const tablesOf = async (db: Db): Promise<string[]> =>
  (await run<{ name: string }>(db, `select tablename as name from pg_tables where schemaname = 'public' order by 1`)).map(
    (r) => r.name,
  );

/** The migrations a database has applied (0 when it has none). */
async function appliedMigrations(db: Db): Promise<{ count: number; lastAt: string }> {
  const [exists] = await run<{ t: string | null }>(db, `select to_regclass('drizzle.__drizzle_migrations')::text as t`);
  if (!exists?.t) return { count: 0, lastAt: '0' };
  const [row] = await run<{ n: number; at: string | null }>(
    db,
    `select count(*)::int as n, max(created_at)::text as at from drizzle.__drizzle_migrations`,
  );
  return { count: Number(row?.n ?? 0), lastAt: row?.at ?? '0' };
}

/** A gzipped file written line by line, with its size and SHA-256 as written. */
async function writeLines(file: string, lines: AsyncIterable<string>): Promise<{ bytes: number; sha256: string; rows: number }> {
  const hash = crypto.createHash('sha256');
  let bytes = 0;
  const count = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  const gzip = zlib.createGzip();
  const out = pipeline(gzip, count, fs.createWriteStream(file, { mode: 0o600 }));
  let rows = 0;
  try {
    for await (const line of lines) {
      rows++;
      if (!gzip.write(`${line}\n`)) await once(gzip, 'drain');
    }
  } catch (err) {
    gzip.destroy(err as Error);
    await out.catch(() => undefined);
    throw err;
  }
  gzip.end();
  await out;
  return { bytes, sha256: hash.digest('hex'), rows };
}

/** A table's rows as JSON text, a batch at a time (a cursor of the transaction `tx`). */
async function* tableRows(tx: Db, table: string): AsyncGenerator<string> {
  await run(tx, `declare kahraba_backup no scroll cursor for select row_to_json(t)::text as j from ${q(table)} t`);
  for (;;) {
    const batch = await run<{ j: string }>(tx, 'fetch 2000 from kahraba_backup');
    if (batch.length === 0) break;
    for (const r of batch) yield r.j;
  }
  await run(tx, 'close kahraba_backup');
}

type StoredFile = { key: string; contentType: string; optional: boolean };

/**
 * The stored files the rows name: attachments, the content's files and their card-sized copies, and the kept PDFs
 * of the documents (in each language, where drawn: they are drawn on first request, decision 037). A new kind of
 * stored file is added here.
 */
async function storedFiles(tx: Db): Promise<StoredFile[]> {
  const rows = await run<{ key: string; type: string }>(
    tx,
    `select storage_key as key, mime as type from attachments
     union all select storage_key, mime from content_files
     union all select card_key, 'image/webp' from content_files where card_key is not null`,
  );
  const docs = await run<{ id: string }>(tx, 'select id from documents');
  return [
    ...rows.map((r) => ({ key: r.key, contentType: r.type, optional: false })),
    ...docs.flatMap((d) =>
      (['ar', 'en'] as const).map((lang) => ({
        key: documentPdfKey(d.id, lang),
        contentType: 'application/pdf',
        optional: true,
      })),
    ),
  ];
}

async function copyOut(storage: FileStorage, key: string, file: string): Promise<{ size: number; sha256: string }> {
  const hash = crypto.createHash('sha256');
  let size = 0;
  await fsp.mkdir(path.dirname(file), { recursive: true });
  await pipeline(
    await storage.get(key),
    new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    }),
    fs.createWriteStream(file, { mode: 0o600 }),
  );
  return { size, sha256: hash.digest('hex') };
}

/** A fresh name for a backup: `kahraba-2026-11-27T22-30-05-123Z`. */
export const backupName = (now = new Date()): string => `kahraba-${now.toISOString().replace(/[:.]/g, '-')}`;

/**
 * Backs up the database and the files it names into `dir` (created; must not hold a backup already). Returns the
 * manifest, also written there last.
 */
export async function writeBackup(
  database: Database,
  storage: FileStorage,
  dir: string,
  opts: { appVersion?: string } = {},
): Promise<BackupManifest> {
  if (fs.existsSync(path.join(dir, 'manifest.json'))) throw new BackupRefused(`${dir} holds a backup already.`);
  await fsp.mkdir(path.join(dir, 'db'), { recursive: true });
  // PGlite: a copy of the running database to read at leisure (its one connection stays the portal's).
  const source =
    database.driver === 'pglite' && database.dumpDataDir
      ? await openDatabase({ driver: 'pglite', dataDir: undefined, loadDataDir: await database.dumpDataDir() })
      : database;
  try {
    const list = journal().entries;
    const { tables, sequences, files, schema } = await source.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      await run(tx, 'set transaction isolation level repeatable read, read only');
      const applied = await appliedMigrations(tx);
      const tables: BackupManifest['tables'] = [];
      for (const name of await tablesOf(tx)) {
        const file = `db/${name}.jsonl.gz`;
        const written = await writeLines(path.join(dir, file), tableRows(tx, name));
        tables.push({ name, rows: written.rows, file, bytes: written.bytes, sha256: written.sha256 });
      }
      const sequences = await run<{ name: string; value: string | null }>(
        tx,
        `select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public' order by 1`,
      );
      return {
        tables,
        sequences,
        files: await storedFiles(tx),
        schema: {
          migrations: applied.count,
          last: list[applied.count - 1]?.tag ?? '',
          lastAt: applied.lastAt,
        },
      };
    });
    const copied: BackupManifest['files'] = [];
    const missing: string[] = [];
    for (const f of files) {
      try {
        const got = await copyOut(storage, f.key, path.join(dir, 'files', ...f.key.split('/')));
        copied.push({ key: f.key, contentType: f.contentType, ...got });
      } catch (err) {
        if (!(err instanceof StorageNotFound)) throw err;
        if (!f.optional) missing.push(f.key);
      }
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      appVersion: opts.appVersion ?? 'unknown',
      driver: database.driver,
      schema,
      tables,
      sequences,
      files: copied,
      missing,
    };
    await fsp.writeFile(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`, { mode: 0o600 });
    return manifest;
  } finally {
    if (source !== database) await source.close();
  }
}

/** The manifest of the backup in `dir`, checked: its format, and a schema this version knows. */
export async function readManifest(dir: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await fsp.readFile(path.join(dir, 'manifest.json'), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupRefused(`No backup in ${dir}: it has no readable manifest.json (an unfinished backup has none).`);
  }
  if (manifest.format !== BACKUP_FORMAT || typeof manifest.formatVersion !== 'number')
    throw new BackupRefused(`${dir}/manifest.json is not a Kahraba backup's manifest.`);
  if (manifest.formatVersion > BACKUP_FORMAT_VERSION)
    throw new BackupRefused(
      `This backup is in format ${manifest.formatVersion}, newer than this version of Kahraba reads (${BACKUP_FORMAT_VERSION}): restore it with the version that made it (${manifest.appVersion}) or a newer one.`,
    );
  const known = journal().entries;
  const m = manifest.schema.migrations;
  if (m > known.length)
    throw new BackupRefused(
      `This backup is of a newer database schema (migration ${manifest.schema.last}, ${m} migrations) than this version of Kahraba knows (${known[known.length - 1]?.tag}, ${known.length}): restore it with the version that made it (${manifest.appVersion}) or a newer one.`,
    );
  if (m > 0 && String(known[m - 1]?.when) !== manifest.schema.lastAt)
    throw new BackupRefused(
      `This backup's database schema (migration ${manifest.schema.last}) is not one this version of Kahraba made: restore it with the version that made it (${manifest.appVersion}).`,
    );
  return manifest;
}

/** Checks every file of the backup against its manifest before anything is changed. */
async function verifyFiles(dir: string, manifest: BackupManifest): Promise<void> {
  const wrong: string[] = [];
  for (const t of manifest.tables)
    if ((await sha256File(path.join(dir, t.file)).catch(() => '')) !== t.sha256) wrong.push(t.file);
  for (const f of manifest.files) {
    const file = path.join(dir, 'files', ...f.key.split('/'));
    if ((await sha256File(file).catch(() => '')) !== f.sha256) wrong.push(`files/${f.key}`);
  }
  if (wrong.length > 0)
    throw new BackupRefused(
      `The backup in ${dir} is damaged: ${wrong.length} file(s) missing or not as the manifest says (${wrong.slice(0, 5).join(', ')}${wrong.length > 5 ? ', …' : ''}).`,
    );
}

/** Whether the database holds no rows in any table of its `public` schema. */
export async function databaseIsEmpty(db: Db): Promise<boolean> {
  for (const t of await tablesOf(db)) if ((await run(db, `select 1 from ${q(t)} limit 1`)).length > 0) return false;
  return true;
}

/** Drops everything: the `public` schema (tables, sequences, functions) and drizzle's record of migrations. */
async function wipe(db: Db): Promise<void> {
  await run(db, 'drop schema if exists drizzle cascade');
  await run(db, 'drop schema public cascade');
  await run(db, 'create schema public');
}

/** A copy of the migrations folder with its first `count` migrations only: the schema a backup was made at. */
async function migrationsUpTo(count: number): Promise<string> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'kahraba-migrations-'));
  const j = journal();
  const entries = j.entries.slice(0, count);
  await fsp.mkdir(path.join(dir, 'meta'));
  await fsp.writeFile(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...j, entries }));
  for (const e of entries) await fsp.copyFile(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

async function* linesOf(file: string): AsyncGenerator<string> {
  const input: Readable = fs.createReadStream(file).pipe(zlib.createGunzip());
  for await (const line of readline.createInterface({ input, crlfDelay: Infinity })) if (line !== '') yield line;
}

const BATCH = 500;

/**
 * Restores the backup in `dir` into `database` and `storage`: refused when the database holds any row, unless
 * `force` (then everything in it is dropped first). Returns what was restored.
 */
export async function restoreBackup(
  database: Database,
  storage: FileStorage,
  dir: string,
  opts: { force?: boolean } = {},
): Promise<{ tables: number; rows: number; files: number }> {
  const manifest = await readManifest(dir);
  await verifyFiles(dir, manifest);
  const db = database.db;
  if (!(await databaseIsEmpty(db))) {
    if (!opts.force)
      throw new BackupRefused(
        'The database is not empty: a restore replaces everything in it. Restore into an empty database, or add --force to drop what it holds first.',
      );
    await wipe(db);
  } else if ((await appliedMigrations(db)).count > manifest.schema.migrations) {
    // Empty but migrated further than the backup (a fresh start of this version): its schema is rebuilt at the backup's.
    await wipe(db);
  }
  const folder = await migrationsUpTo(manifest.schema.migrations);
  try {
    await database.migrate(folder);
  } finally {
    await fsp.rm(folder, { recursive: true, force: true });
  }
  let rows = 0;
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    // Foreign keys are dropped while the tables fill in any order, then put back (which checks every row).
    const keys = await run<{ tbl: string; name: string; def: string }>(
      tx,
      `select conrelid::regclass::text as tbl, conname as name, pg_get_constraintdef(oid) as def
         from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`,
    );
    for (const k of keys) await run(tx, `alter table ${k.tbl} drop constraint ${q(k.name)}`);
    for (const table of manifest.tables) {
      const columns = (
        await run<{ name: string }>(
          tx,
          sql`select attname as name from pg_attribute
               where attrelid = ${`public.${q(table.name)}`}::regclass and attnum > 0 and not attisdropped and attgenerated = ''
               order by attnum`,
        )
      ).map((c) => q(c.name));
      const head = `insert into public.${q(table.name)} (${columns.join(', ')}) overriding system value select ${columns.join(', ')} from json_populate_recordset(null::public.${q(table.name)}, `;
      let batch: string[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        await tx.execute(sql`${sql.raw(head)}${`[${batch.join(',')}]`}::json)`);
        rows += batch.length;
        batch = [];
      };
      for await (const line of linesOf(path.join(dir, table.file))) {
        batch.push(line);
        if (batch.length >= BATCH) await flush();
      }
      await flush();
    }
    for (const k of keys) await run(tx, `alter table ${k.tbl} add constraint ${q(k.name)} ${k.def}`);
    for (const s of manifest.sequences)
      if (s.value !== null) await run(tx, sql`select setval(${`public.${q(s.name)}`}::regclass, ${s.value}::bigint, true)`);
    const off: string[] = [];
    for (const t of manifest.tables) {
      const [got] = await run<{ n: number }>(tx, `select count(*)::int as n from public.${q(t.name)}`);
      if (Number(got?.n) !== t.rows) off.push(`${t.name} ${got?.n}/${t.rows}`);
    }
    if (off.length > 0) throw new Error(`Restored row counts differ from the backup's: ${off.join(', ')}`);
  });
  // Then this version's own migrations, as on any start.
  await database.migrate();
  for (const f of manifest.files) {
    const file = path.join(dir, 'files', ...f.key.split('/'));
    await storage.put(f.key, fs.createReadStream(file), { size: f.size, contentType: f.contentType });
  }
  return { tables: manifest.tables.length, rows, files: manifest.files.length };
}
