import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Database } from '../../db/client.ts';
import type { FileStorage } from '../storage/index.ts';
import { BackupRefused, backupName, restoreBackup, writeBackup, type BackupManifest } from './backup.ts';

/**
 * Where backups go and come from: a folder, or `s3://bucket/prefix` on any S3-compatible store. A backup is a
 * folder of files (backup.ts); to a bucket it is written in a temporary folder first, then uploaded under
 * `prefix/kahraba-<time>/`; a restore from a bucket downloads it first.
 *
 * The bucket's store: BACKUP_S3_ENDPOINT, BACKUP_S3_REGION, BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY,
 * each falling back to its S3_* setting (the files' store), then to the SDK's defaults (AWS, its credential chain).
 */
export type Place = { kind: 'folder'; dir: string } | { kind: 's3'; bucket: string; prefix: string };

export function parsePlace(arg: string): Place {
  const m = /^s3:\/\/([^/]+)\/?(.*)$/.exec(arg);
  if (m) return { kind: 's3', bucket: m[1]!, prefix: m[2]!.replace(/\/+$/, '') };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(arg))
    throw new BackupRefused(`${arg}: a backup goes to a folder or to s3://bucket/prefix.`);
  return { kind: 'folder', dir: path.resolve(arg) };
}

export const describePlace = (p: Place): string => (p.kind === 'folder' ? p.dir : `s3://${p.bucket}/${p.prefix}`);

type Env = Record<string, string | undefined>;

export function backupS3Client(env: Env = process.env): S3Client {
  const get = (name: string) => env[`BACKUP_S3_${name}`] || env[`S3_${name}`] || undefined;
  const endpoint = get('ENDPOINT');
  const accessKeyId = get('ACCESS_KEY_ID');
  const secretAccessKey = get('SECRET_ACCESS_KEY');
  return new S3Client({
    region: get('REGION') ?? 'us-east-1',
    ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const e of await fsp.readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* walk(p);
    else if (e.isFile()) yield p;
  }
}

const join = (...parts: string[]) => parts.filter((p) => p !== '').join('/');

async function upload(client: S3Client, bucket: string, prefix: string, dir: string): Promise<void> {
  // The manifest last: a backup without one is unfinished (as in a folder).
  const files: string[] = [];
  for await (const f of walk(dir)) files.push(f);
  files.sort((a, b) => Number(path.basename(a) === 'manifest.json') - Number(path.basename(b) === 'manifest.json'));
  for (const file of files) {
    const rel = path.relative(dir, file).split(path.sep).join('/');
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: join(prefix, rel),
        Body: fs.createReadStream(file),
        ContentLength: (await fsp.stat(file)).size,
      }),
    );
  }
}

async function download(client: S3Client, bucket: string, prefix: string, dir: string): Promise<void> {
  let token: string | undefined;
  let found = 0;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix === '' ? undefined : `${prefix}/`, ContinuationToken: token }),
    );
    for (const o of page.Contents ?? []) {
      if (!o.Key) continue;
      const rel = prefix === '' ? o.Key : o.Key.slice(prefix.length + 1);
      // Nothing outside the folder, whatever a key says.
      const target = path.resolve(dir, ...rel.split('/'));
      if (!target.startsWith(`${path.resolve(dir)}${path.sep}`)) continue;
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const got = await client.send(new GetObjectCommand({ Bucket: bucket, Key: o.Key }));
      await pipeline(got.Body as Readable, fs.createWriteStream(target, { mode: 0o600 }));
      found++;
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  if (found === 0) throw new BackupRefused(`No backup at s3://${bucket}/${prefix}.`);
}

/**
 * Backs up to `place`: a new folder `kahraba-<time>` in it (or under its prefix). Returns where, and the manifest.
 */
export async function backupTo(
  place: Place,
  deps: { database: Database; storage: FileStorage; appVersion?: string; env?: Env },
): Promise<{ location: string; manifest: BackupManifest }> {
  const name = backupName();
  const opts = deps.appVersion ? { appVersion: deps.appVersion } : {};
  if (place.kind === 'folder') {
    const dir = path.join(place.dir, name);
    return { location: dir, manifest: await writeBackup(deps.database, deps.storage, dir, opts) };
  }
  const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'kahraba-backup-'));
  const client = backupS3Client(deps.env);
  try {
    const manifest = await writeBackup(deps.database, deps.storage, path.join(tmp, name), opts);
    const prefix = join(place.prefix, name);
    await upload(client, place.bucket, prefix, path.join(tmp, name));
    return { location: `s3://${place.bucket}/${prefix}`, manifest };
  } finally {
    client.destroy();
    await fsp.rm(tmp, { recursive: true, force: true });
  }
}

/** Restores the backup at `place` (the backup's own folder or prefix, where its manifest.json is). */
export async function restoreFrom(
  place: Place,
  deps: { database: Database; storage: FileStorage; force?: boolean; env?: Env },
): Promise<{ tables: number; rows: number; files: number }> {
  const opts = { force: deps.force ?? false };
  if (place.kind === 'folder') return restoreBackup(deps.database, deps.storage, place.dir, opts);
  const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'kahraba-restore-'));
  const client = backupS3Client(deps.env);
  try {
    await download(client, place.bucket, place.prefix, tmp);
    return await restoreBackup(deps.database, deps.storage, tmp, opts);
  } finally {
    client.destroy();
    await fsp.rm(tmp, { recursive: true, force: true });
  }
}
