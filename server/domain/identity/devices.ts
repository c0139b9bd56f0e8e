import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oneTimeSecrets } from '../../db/schema.ts';
import { randomToken, sha256 } from './crypto.ts';

/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): a browser in which a user
 * proved their password gets a random token (a row of `one_time_secrets`, purpose `device`, stored hashed and
 * tied to that user). Its later password attempts for that user are counted against the device alone, so a
 * stranger guessing the password elsewhere blocks the account for other strangers, never for the owner's own
 * browser; wrong guesses from the device block the device. A reset of the password forgets the devices.
 */
export const DEVICE_TTL_DAYS = 180;
const DEVICE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The device row (its id) when the token is one this user signed in with and it has not expired. */
export async function trustedDevice(
  db: Db,
  token: string | undefined,
  userId: string,
  now = new Date(),
): Promise<number | undefined> {
  if (!token || !DEVICE_TOKEN.test(token)) return undefined;
  const [row] = await db
    .select({ id: oneTimeSecrets.id })
    .from(oneTimeSecrets)
    .where(
      and(
        eq(oneTimeSecrets.purpose, 'device'),
        eq(oneTimeSecrets.lookup, sha256(token)),
        eq(oneTimeSecrets.userId, userId),
        gt(oneTimeSecrets.expiresAt, now),
      ),
    )
    .limit(1);
  return row?.id;
}

/** A new device token for the user (the cookie's value). */
export async function rememberDevice(db: Db, userId: string, now = new Date()): Promise<string> {
  const token = randomToken();
  await db.insert(oneTimeSecrets).values({
    purpose: 'device',
    lookup: sha256(token),
    userId,
    expiresAt: new Date(now.getTime() + DEVICE_TTL_DAYS * 24 * 3_600_000),
    createdAt: now,
  });
  return token;
}

/** Forgets every device of the user (after a password reset: whoever held the old password starts over). */
export async function forgetDevices(db: Db, userId: string): Promise<void> {
  await db.delete(oneTimeSecrets).where(and(eq(oneTimeSecrets.purpose, 'device'), eq(oneTimeSecrets.userId, userId)));
}

/** The throttle keys of one password attempt: the device's own when trusted, else the address, identifier and account. */
export function loginThrottleKeys(v: {
  ip: string;
  userSlug: string;
  identifier: string;
  userId: string | undefined;
  deviceId: number | undefined;
}): { keys: string[]; clearOnSuccess: string[] } {
  if (v.deviceId !== undefined) {
    const device = [`login:device:${v.deviceId}`];
    return { keys: device, clearOnSuccess: device };
  }
  const keys = [`login:ip:${v.ip}`, `login:id:${sha256(`${v.userSlug}:${v.identifier}`)}`];
  // Counted per account too: switching between its username, e-mail, mobile and national id gains no tries.
  if (v.userId) keys.push(`login:user:${v.userId}`);
  return { keys, clearOnSuccess: keys.slice(1) };
}
