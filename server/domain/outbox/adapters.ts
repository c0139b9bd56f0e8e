import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import webpush from 'web-push';
import type { VapidKeys } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema.ts';
import { endpointAllowed } from '../notifications/push.ts';
import type { OutboxRow } from './outbox.ts';

/**
 * Delivery adapters. Each outside party sits behind one interface whose default runs locally for real:
 * - e-mail: SMTP through nodemailer when SMTP_URL is set; otherwise the developer mailbox (the outbox row itself,
 *   marked sent, read at /dev/mailbox in demo or development mode);
 * - SMS: the outbox as mailbox too, until an SMS gateway adapter is configured;
 * - web push (decision 051): `web-push` encrypts the row's payload for the subscription (aes128gcm) and posts it,
 *   signed with the VAPID keys, to the subscription's push service. Without a network that fails, and the row is
 *   retried like any other.
 */
export interface MessageAdapter {
  readonly name: string;
  /** `tx`: the worker's transaction, which holds the row (an adapter that reads the database reads through it). */
  deliver(message: OutboxRow, tx: Db): Promise<void>;
}

/** Delivery "to the mailbox": the row stays readable in the developer mailbox; nothing leaves the machine. */
export class MailboxAdapter implements MessageAdapter {
  readonly name = 'mailbox';
  async deliver(): Promise<void> {}
}

export class SmtpAdapter implements MessageAdapter {
  readonly name = 'smtp';
  private readonly transport: Transporter;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }
  async deliver(m: OutboxRow): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: m.recipient,
      subject: m.subject ?? '',
      text: m.body,
      ...(m.html ? { html: m.html } : {}),
    });
  }
}

/** How long a push service keeps a push for a device that is off: a day, then the news is stale. */
export const PUSH_TTL_SECONDS = 24 * 3600;

/**
 * Web Push through `web-push`. The row names the subscription; one removed since (the owner turned pushes off)
 * has nothing to deliver. A push service's 404 or 410 says the subscription ended (the app was uninstalled, the
 * permission withdrawn): the subscription is removed and the row counts as done. Any other failure is retried.
 */
export class WebPushAdapter implements MessageAdapter {
  readonly name = 'web-push';
  constructor(
    private readonly vapid: VapidKeys | undefined,
    private readonly endpointHosts: readonly string[],
  ) {}
  async deliver(m: OutboxRow, tx: Db): Promise<void> {
    const [sub] = await tx.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, m.recipient));
    if (!sub) return;
    if (!this.vapid) throw new Error('Web Push has no VAPID keys (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY)');
    if (!endpointAllowed(sub.endpoint, this.endpointHosts)) throw new Error('The subscription names a push service not allowed');
    // web-push encrypts and signs; the request is sent here (fetch), so any push service's address works, https for
    // the real ones, the tests' local receiver over http (PUSH_ENDPOINT_HOSTS says which are allowed).
    const details = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      m.body,
      {
        vapidDetails: this.vapid,
        TTL: PUSH_TTL_SECONDS,
        urgency: 'high',
        contentEncoding: 'aes128gcm',
      },
    );
    const headers = Object.fromEntries(
      Object.entries(details.headers as Record<string, string | number>)
        .filter(([k]) => k.toLowerCase() !== 'content-length')
        .map(([k, v]) => [k, String(v)]),
    );
    const res = await fetch(details.endpoint, {
      method: details.method,
      headers,
      ...(details.body ? { body: new Uint8Array(details.body) } : {}),
      redirect: 'error',
      signal: AbortSignal.timeout(10_000),
    });
    if (res.status === 404 || res.status === 410) {
      await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
      return;
    }
    if (!res.ok) throw new Error(`push service answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  }
}

export type Adapters = { email: MessageAdapter; sms: MessageAdapter; push: MessageAdapter };

export function adaptersFromConfig(config: {
  smtpUrl: string | undefined;
  mailFrom: string;
  push: { vapid: VapidKeys | undefined; endpointHosts: string[] };
}): Adapters {
  return {
    email: config.smtpUrl ? new SmtpAdapter(config.smtpUrl, config.mailFrom) : new MailboxAdapter(),
    sms: new MailboxAdapter(),
    push: new WebPushAdapter(config.push.vapid, config.push.endpointHosts),
  };
}
