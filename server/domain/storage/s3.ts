import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { StorageNotFound, assertKey, type FileStorage } from './storage.ts';

export type S3Settings = {
  /** Any S3-compatible store (MinIO, Ceph, Garage, a cloud's object storage); unset means AWS itself. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Unset: the SDK's default credential chain (instance role, environment, profile). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `bucket` in the path rather than the host name: what most self-hosted stores need. */
  forcePathStyle: boolean;
};

const notFound = (err: unknown): boolean =>
  err instanceof S3ServiceException
    ? err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey' || err.name === 'NotFound'
    : false;

/** Files as objects of one bucket, under their storage key. Objects are private: only the server reads them. */
export class S3Storage implements FileStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
      forcePathStyle: settings.forcePathStyle,
      // The SDK's default (a CRC32 trailer in aws-chunked encoding on every upload) is not understood by every
      // S3-compatible store: checksums only where the API requires them. Our own sha256 is in the database row.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Readable | Buffer, info: { size: number; contentType: string }): Promise<void> {
    assertKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentLength: info.size,
        ContentType: info.contentType,
      }),
    );
  }

  async get(key: string): Promise<Readable> {
    assertKey(key);
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!out.Body) throw new StorageNotFound(key);
      return out.Body as Readable;
    } catch (err) {
      if (notFound(err)) throw new StorageNotFound(key);
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async exists(key: string): Promise<boolean> {
    assertKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (err) {
      if (notFound(err)) return false;
      throw err;
    }
  }

  close(): void {
    this.client.destroy();
  }
}
