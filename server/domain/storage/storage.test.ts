import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import type { S3Storage } from './index.ts';
import { DiskStorage, StorageNotFound, newStorageKey, storageFromConfig, type FileStorage } from './index.ts';

/*
 * Both adapters against the real thing: a folder, and an S3-protocol server (s3rver) started here on a free port.
 * The same checks run on each: what goes in comes out byte for byte, a missing key is StorageNotFound, delete
 * removes, and keys that storage did not make are refused before reaching the disk or the bucket.
 */

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kahraba-storage-'));
let s3server: S3rver;
let s3: S3Storage;

beforeAll(async () => {
  s3server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(tmp, 's3rver'),
    configureBuckets: [{ name: 'kahraba-test' }],
  });
  const { port } = await s3server.run();
  const config = loadConfig({
    NODE_ENV: 'test',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: 'kahraba-test',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  const storage = storageFromConfig(config);
  expect(storage.kind).toBe('s3');
  s3 = storage as S3Storage;
});

afterAll(async () => {
  s3?.close();
  await s3server?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const adapters: [string, () => FileStorage][] = [
  ['disk', () => new DiskStorage(path.join(tmp, 'files'))],
  ['s3', () => s3],
];

describe.each(adapters)('%s storage', (_, storage) => {
  it('keeps a streamed body byte for byte and gives it back as a stream', async () => {
    const bytes = crypto.randomBytes(300_000);
    const key = newStorageKey();
    const chunks = [bytes.subarray(0, 100_000), bytes.subarray(100_000)];
    await storage().put(key, Readable.from(chunks), { size: bytes.length, contentType: 'application/pdf' });
    expect(await storage().exists(key)).toBe(true);
    const back = Buffer.concat(await (await storage().get(key)).toArray());
    expect(crypto.createHash('sha256').update(back).digest('hex')).toBe(crypto.createHash('sha256').update(bytes).digest('hex'));
  });

  it('stores a Buffer too, and deletes', async () => {
    const key = newStorageKey();
    await storage().put(key, Buffer.from('مرحبا hello'), { size: Buffer.byteLength('مرحبا hello'), contentType: 'text/plain' });
    expect(await text(await storage().get(key))).toBe('مرحبا hello');
    await storage().delete(key);
    expect(await storage().exists(key)).toBe(false);
    await expect(storage().get(key)).rejects.toBeInstanceOf(StorageNotFound);
    // Deleting what is gone is not an error.
    await storage().delete(key);
  });

  it('refuses keys it did not make (no path tricks reach the disk or the bucket)', async () => {
    for (const key of ['../../etc/passwd', 'ab/cd/../../x', 'report.pdf', '', 'AB/CD/' + 'A'.repeat(32)]) {
      await expect(storage().put(key, Buffer.from('x'), { size: 1, contentType: 'text/plain' })).rejects.toThrow(
        /Not a storage key/,
      );
      await expect(storage().get(key)).rejects.toThrow(/Not a storage key/);
    }
  });
});

describe('disk storage', () => {
  it('writes under DATA_DIR/files by default, with random names and no half-written file after a failure', async () => {
    const dataDir = path.join(tmp, 'data');
    const storage = storageFromConfig(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
    expect(storage.kind).toBe('disk');
    const key = newStorageKey();
    expect(key).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{32}$/);
    expect(newStorageKey()).not.toBe(key);
    await storage.put(key, Buffer.from('abc'), { size: 3, contentType: 'text/plain' });
    expect(fs.existsSync(path.join(dataDir, 'files', ...key.split('/')))).toBe(true);

    // A body that ends short of its announced size is not kept under the key.
    const short = newStorageKey();
    await expect(storage.put(short, Buffer.from('ab'), { size: 3, contentType: 'text/plain' })).rejects.toThrow();
    expect(await storage.exists(short)).toBe(false);
    expect(fs.readdirSync(path.join(dataDir, 'files', 'tmp'))).toEqual([]);
  });
});

describe('configuration', () => {
  it('asks for both S3 keys or neither, and a bucket with an endpoint', () => {
    expect(() => loadConfig({ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'x' })).toThrow(/go together/);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/without S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET/);
    expect(loadConfig({ S3_BUCKET: 'files' }).s3).toMatchObject({
      bucket: 'files',
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(loadConfig({ S3_BUCKET: 'files', S3_ENDPOINT: 'http://127.0.0.1:9000' }).s3?.forcePathStyle).toBe(true);
    expect(loadConfig({}).s3).toBeUndefined();
  });
});
