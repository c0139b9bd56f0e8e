import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A push service for the end-to-end tests (decision 051): a small HTTP receiver on 127.0.0.1 that the portal posts
 * its Web Push messages to (the subscription's endpoint names it; playwright.config.ts lets the portal post to
 * http://127.0.0.1 on any port). It keeps what came per path, and a test decrypts it with the subscription's own keys
 * (RFC 8291 over RFC 8188 aes128gcm), the way a browser would.
 */

export type Received = { path: string; headers: http.IncomingHttpHeaders; body: Buffer };

export class PushReceiver {
  private constructor(
    private readonly server: http.Server,
    readonly received: Received[],
  ) {}

  static async start(): Promise<PushReceiver> {
    const received: Received[] = [];
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(201).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return new PushReceiver(server, received);
  }

  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** A browser's side of a subscription: its P-256 key pair and auth secret, and what `toJSON()` would give. */
export class DeviceKeys {
  private readonly ecdh = crypto.createECDH('prime256v1');
  readonly auth = crypto.randomBytes(16);
  constructor() {
    this.ecdh.generateKeys();
  }
  get p256dh(): string {
    return this.ecdh.getPublicKey().toString('base64url');
  }
  get authSecret(): string {
    return this.auth.toString('base64url');
  }

  /** Decrypts a Web Push message body (Content-Encoding: aes128gcm) sent to this device. */
  decrypt(body: Buffer): string {
    const salt = body.subarray(0, 16);
    const idLength = body.readUInt8(20);
    const serverKey = body.subarray(21, 21 + idLength);
    const ciphertext = body.subarray(21 + idLength);
    const shared = this.ecdh.computeSecret(serverKey);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), this.ecdh.getPublicKey(), serverKey]);
    const ikm = Buffer.from(crypto.hkdfSync('sha256', shared, this.auth, keyInfo, 32));
    const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
    const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
    // The last record ends with the delimiter 0x02, then padding zeros.
    const end = plain.lastIndexOf(2);
    return plain.subarray(0, end).toString('utf8');
  }
}
