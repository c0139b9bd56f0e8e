/** s3rver ships no types: the part the storage test uses (a local S3-protocol server). */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      silent?: boolean;
      directory: string;
      resetOnClose?: boolean;
      configureBuckets?: { name: string }[];
    });
    /** Listens; answers the address it listens on. */
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
