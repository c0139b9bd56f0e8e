import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StorageNotFound, assertKey, type FileStorage } from './storage.ts';

/**
 * Files in a folder (DATA_DIR/files by default). A body is written to a temporary name in the same folder tree and
 * renamed into place when complete, so a crash never leaves half a file under a real key.
 */
export class DiskStorage implements FileStorage {
  readonly kind = 'disk' as const;
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Readable | Buffer, info: { size: number }): Promise<void> {
    const target = this.pathOf(key);
    const tmpDir = path.join(this.root, 'tmp');
    await Promise.all([fsp.mkdir(path.dirname(target), { recursive: true }), fsp.mkdir(tmpDir, { recursive: true })]);
    const tmp = path.join(tmpDir, `${crypto.randomBytes(12).toString('hex')}.part`);
    try {
      await pipeline(
        Buffer.isBuffer(body) ? Readable.from([body]) : body,
        fs.createWriteStream(tmp, { flags: 'wx', mode: 0o600 }),
      );
      const { size } = await fsp.stat(tmp);
      if (size !== info.size) throw new Error(`Stored ${size} bytes, expected ${info.size}`);
      await fsp.rename(tmp, target);
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    try {
      const handle = await fsp.open(file, 'r');
      return handle.createReadStream();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new StorageNotFound(key);
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await fsp.stat(this.pathOf(key))).isFile();
    } catch {
      return false;
    }
  }
}
