import crypto from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { TLang } from '../../../contract/basics.ts';
import type { TPushDevice, TPushSubscribeBody } from '../../../contract/requests.ts';
import type { Db } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema.ts';
import { AppError } from '../app-error.ts';
import type { OutgoingMessage } from '../outbox/outbox.ts';

/*
 * Web Push subscriptions (decision 051). A browser subscribes with the server's VAPID public key; its subscription
 * (the push service's endpoint and the keys that encrypt a payload for it) is stored for the account signed in
 * there. A push is an outbox row (channel `push`, recipient the subscription's id, body the JSON the service
 * worker shows), written in the transaction of the change it tells about and delivered by the outbox worker through
 * the push adapter (server/domain/outbox/adapters.ts), which encrypts it with `web-push`.
 *
 * The server posts to the endpoint a browser gave: only the push services of PUSH_ENDPOINT_HOSTS are accepted,
 * so a subscription cannot make the server call an address of someone's choosing.
 */

/** Whether the server may post to this endpoint: https on a listed host (`*.` a domain's hosts), or a listed origin. */
export function endpointAllowed(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return hosts.some((h) => {
    // `http://127.0.0.1:*`: any port of that address (the end-to-end tests' receiver listens where it can).
    if (h.endsWith(':*')) return `${url.protocol}//${url.hostname}` === h.slice(0, -2);
    if (h.includes('://')) return url.origin === h.replace(/\/+$/, '');
    if (url.protocol !== 'https:' || url.port !== '') return false;
    const host = url.hostname.toLowerCase();
    const rule = h.toLowerCase();
    return rule.startsWith('*.') ? host.endsWith(rule.slice(1)) : host === rule;
  });
}

/** A short name of the device for the owner's list, from its user agent ("Chrome on Android"). */
export function deviceName(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : '';
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  return [browser, system].filter(Boolean).join(' / ').slice(0, 60);
}

const toDevice = (r: typeof pushSubscriptions.$inferSelect): TPushDevice => ({
  id: r.id,
  device: r.device,
  lang: r.lang,
  createdAt: r.createdAt.toISOString(),
});

/**
 * Subscribes a browser for a user: one row per endpoint, so the browser of someone who signs in after another gets
 * the new account's pushes, not the former's. An endpoint of an unknown push service: INVALID_INPUT.
 */
export async function subscribe(
  db: Db,
  s: { userId: string; body: TPushSubscribeBody; userAgent: string | undefined; endpointHosts: readonly string[] },
): Promise<TPushDevice> {
  if (!endpointAllowed(s.body.endpoint, s.endpointHosts))
    throw new AppError('INVALID_INPUT', 'This push service is not one the portal sends to', {
      fieldErrors: { endpoint: ['invalid'] },
    });
  const values = {
    userId: s.userId,
    endpoint: s.body.endpoint,
    p256dh: s.body.keys.p256dh,
    auth: s.body.keys.auth,
    lang: s.body.lang,
    device: deviceName(s.userAgent),
  };
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ id: crypto.randomUUID(), ...values, createdAt: new Date() })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values })
    .returning();
  return toDevice(row!);
}

export async function listDevices(db: Db, userId: string): Promise<{ items: TPushDevice[] }> {
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(pushSubscriptions.createdAt);
  return { items: rows.map(toDevice) };
}

/** Removes one of the user's subscriptions; anyone else's id is not found (MODEL_NOT_FOUND), as if it did not exist. */
export async function unsubscribe(db: Db, userId: string, id: string): Promise<{ deleted: boolean }> {
  const done = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  if (done.length === 0) throw new AppError('MODEL_NOT_FOUND', 'No such subscription');
  return { deleted: true };
}

/** What a push shows: a title and a short text in the device's language, and the page a tap opens (a path). */
export type PushPayload = { title: string; body: string; url: string; tag: string };

/**
 * The outbox rows of a push to every device of these users, each in its device's language. `key` makes each row
 * once per device (a retried change pushes nothing twice).
 */
export async function pushMessages(
  tx: Db,
  userIds: readonly string[],
  payload: (lang: TLang) => PushPayload,
  key: string,
): Promise<OutgoingMessage[]> {
  if (userIds.length === 0) return [];
  const subs = await tx
    .select({ id: pushSubscriptions.id, lang: pushSubscriptions.lang })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, [...userIds]));
  return subs.map((s) => {
    const p = payload(s.lang);
    return { channel: 'push', recipient: s.id, subject: p.title, body: JSON.stringify(p), dedupeKey: `${key}:push:${s.id}` };
  });
}
