import path from 'node:path';
import type { AppConfig } from '../../config.ts';
import { DiskStorage } from './disk.ts';
import { S3Storage } from './s3.ts';
import type { FileStorage } from './storage.ts';

export { DiskStorage } from './disk.ts';
export { S3Storage } from './s3.ts';
export { StorageNotFound, newStorageKey, type FileStorage } from './storage.ts';

/** The storage the configuration names: the S3 bucket when S3_BUCKET is set, else DATA_DIR/files. */
export function storageFromConfig(config: Pick<AppConfig, 'dataDir' | 's3'>): FileStorage {
  return config.s3 ? new S3Storage(config.s3) : new DiskStorage(path.join(config.dataDir, 'files'));
}
