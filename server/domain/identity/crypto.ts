import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/**
 * Password hashing (quality.md "Security"): scrypt with N = 2^17, r = 8, p = 1 (128 MiB per hash; Node's default
 * `maxmem` of 32 MiB refuses it, so it is raised). The parameters are stored with the hash, so a later change of
 * cost still verifies old hashes. Tests lower the cost through SCRYPT_LOG2N; production keeps 17.
 */
export const SCRYPT_DEFAULT_LOG2N = 17;
const R = 8;
const P = 1;
const KEY_LEN = 32;

export async function hashPassword(password: string, log2N = SCRYPT_DEFAULT_LOG2N): Promise<string> {
  const N = 2 ** log2N;
  const salt = crypto.randomBytes(16);
  const key = await scryptAsync(password.normalize('NFC'), salt, KEY_LEN, { N, r: R, p: P, maxmem: 256 * N * R });
  return `scrypt$${log2N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(
  password: string,
  stored: string | null | undefined,
  dummyLog2N = SCRYPT_DEFAULT_LOG2N,
): Promise<boolean> {
  const parts = (stored ?? '').split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') {
    // Spend the same time as a real check (at the configured cost), so that "no such account" cannot be told
    // from "wrong password".
    await hashPassword(password, dummyLog2N);
    return false;
  }
  const [, log2N, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const N = 2 ** Number(log2N);
  const expected = Buffer.from(hash, 'base64url');
  const key = await scryptAsync(password.normalize('NFC'), Buffer.from(salt, 'base64url'), expected.length, {
    N,
    r: Number(r),
    p: Number(p),
    maxmem: 256 * N * Number(r),
  });
  return crypto.timingSafeEqual(key, expected);
}

/** A random opaque token: 32 bytes (256 bits), base64url. */
export const randomToken = (bytes = 32): string => crypto.randomBytes(bytes).toString('base64url');

/** A 6-digit one-time code, uniformly drawn. */
export const randomCode = (): string => String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');

export const sha256 = (s: string): string => crypto.createHash('sha256').update(s).digest('base64url');

export function safeEqual(a: string, b: string): boolean {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return ba.length === bb.length && crypto.timingSafeEqual(ba, bb);
}

/** `01012345678` → `010•••••678`; `someone@example.com` → `so•••@example.com`. */
export const maskMobile = (m: string): string => `${m.slice(0, 3)}${'•'.repeat(Math.max(0, m.length - 6))}${m.slice(-3)}`;
export function maskEmail(e: string): string {
  const [local = '', domain = ''] = e.split('@');
  return `${local.slice(0, 2)}•••@${domain}`;
}
