import crypto from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Where attachment bytes live (decision 021): a folder under DATA_DIR by default, or any S3-compatible store.
 * Keys are ours, random (`newStorageKey`), never a name a user chose; the database row keeps the user's name.
 */
export interface FileStorage {
  /** `disk` or `s3`: logs and the health of the configuration. */
  readonly kind: 'disk' | 's3';
  /** Stores a body under a key (replacing nothing: keys are fresh). `size` is the exact byte count. */
  put(key: string, body: Readable | Buffer, info: { size: number; contentType: string }): Promise<void>;
  /** The stored bytes as a stream; `StorageNotFound` when the key holds nothing. */
  get(key: string): Promise<Readable>;
  /** Removes a key; a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export class StorageNotFound extends Error {
  override name = 'StorageNotFound';
  constructor(key: string) {
    super(`No stored file ${key}`);
  }
}

/** A key: 128 random bits as hex, fanned out by its first two bytes (`ab/cd/abcd…`) so no folder grows too big. */
export function newStorageKey(): string {
  const id = crypto.randomBytes(16).toString('hex');
  return `${id.slice(0, 2)}/${id.slice(2, 4)}/${id}`;
}

const KEY = /^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{32}$/;

/** Refuses any key that `newStorageKey` did not make: nothing reaches the file system or the bucket unchecked. */
export function assertKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`Not a storage key: ${JSON.stringify(key).slice(0, 80)}`);
}
