import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openConfiguredDatabase } from '../../app.ts';
import { ConfigError, loadConfig, type AppConfig } from '../../config.ts';
import { DatabaseLockedError, type Database } from '../../db/client.ts';
import { storageFromConfig } from '../storage/index.ts';
import { BackupRefused, type BackupManifest } from './backup.ts';
import { backupTo, describePlace, parsePlace, restoreFrom } from './places.ts';

/*
 * `npm run backup -- --to <folder | s3://bucket/prefix>` and `npm run restore -- --from <backup> [--force]`
 * (decision 072), with the portal's own configuration (DATABASE_URL or DATA_DIR, S3_* for the files).
 * On PGlite a running portal holds the data folder: the backup is then made by the portal itself, asked on this
 * machine with the token it wrote into DATA_DIR/db/ops.json. A restore needs the portal stopped (on PGlite) and
 * an empty database (or --force).
 */

const USAGE = `Usage:
  npm run backup  -- --to <folder | s3://bucket/prefix>
  npm run restore -- --from <backup folder | s3://bucket/prefix/kahraba-…> [--force]`;

const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};

function summary(location: string, m: BackupManifest): string {
  const rows = m.tables.reduce((n, t) => n + t.rows, 0);
  const bytes = m.files.reduce((n, f) => n + f.size, 0);
  return (
    `Backed up to ${location}\n  ${m.tables.length} tables, ${rows} rows; ${m.files.length} files, ${bytes} bytes; schema ${m.schema.last}` +
    (m.missing.length > 0
      ? `\n  Warning: ${m.missing.length} file(s) the rows name were not in the storage: ${m.missing.slice(0, 5).join(', ')}`
      : '')
  );
}

/** A running portal on PGlite backs itself up: it is asked through the loopback with its token. */
async function backupThroughPortal(config: AppConfig, to: string): Promise<string> {
  const opsFile = path.join(config.dataDir, 'db', 'ops.json');
  let ops: { port: number; token: string };
  try {
    ops = JSON.parse(fs.readFileSync(opsFile, 'utf8')) as { port: number; token: string };
  } catch {
    return fail(
      `The embedded database in ${config.dataDir} is in use, and ${opsFile} is missing: restart the portal (this version writes it) or stop it and back up again.`,
    );
  }
  const place = parsePlace(to);
  const res = await fetch(`http://127.0.0.1:${ops.port}/ops/backup`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ops.token}`, 'content-type': 'application/json' },
    // The portal's working folder may differ from ours: a folder goes as an absolute path.
    body: JSON.stringify({ to: place.kind === 'folder' ? place.dir : to }),
  }).catch((err: Error) => fail(`The portal did not answer on port ${ops.port}: ${err.message}`));
  const body = (await res.json().catch(() => ({}))) as { location?: string; manifest?: BackupManifest; message?: string };
  if (!res.ok || !body.location || !body.manifest)
    return fail(`The portal refused the backup (${res.status}): ${body.message ?? ''}`);
  return summary(body.location, body.manifest);
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const { values } = parseArgs({
    args: rest,
    options: { to: { type: 'string' }, from: { type: 'string' }, force: { type: 'boolean', default: false } },
    strict: true,
  });
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) return fail(err.message);
    throw err;
  }
  const version = process.env.npm_package_version;
  if (command === 'backup' && values.to) {
    let database: Database;
    try {
      database = await openConfiguredDatabase(config);
    } catch (err) {
      if (!(err instanceof DatabaseLockedError)) throw err;
      console.log(await backupThroughPortal(config, values.to));
      return;
    }
    try {
      const { location, manifest } = await backupTo(parsePlace(values.to), {
        database,
        storage: storageFromConfig(config),
        ...(version ? { appVersion: version } : {}),
      });
      console.log(summary(location, manifest));
    } finally {
      await database.close();
    }
    return;
  }
  if (command === 'restore' && values.from) {
    const place = parsePlace(values.from);
    let database: Database;
    try {
      database = await openConfiguredDatabase(config);
    } catch (err) {
      if (err instanceof DatabaseLockedError) return fail(`${err.message}\nA restore needs the portal stopped.`);
      throw err;
    }
    try {
      const done = await restoreFrom(place, { database, storage: storageFromConfig(config), force: values.force });
      console.log(`Restored ${describePlace(place)}: ${done.tables} tables, ${done.rows} rows, ${done.files} files.`);
    } finally {
      await database.close();
    }
    return;
  }
  fail(USAGE);
}

try {
  await main();
} catch (err) {
  if (err instanceof BackupRefused) fail(err.message);
  if (
    err instanceof TypeError &&
    /parseArgs|Unknown option|ERR_PARSE_ARGS/.test(`${(err as { code?: string }).code} ${err.message}`)
  )
    fail(`${err.message}\n${USAGE}`);
  throw err;
}
