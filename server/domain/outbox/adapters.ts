import nodemailer, { type Transporter } from 'nodemailer';
import type { OutboxRow } from './outbox.ts';

/**
 * Delivery adapters. Each outside party sits behind one interface whose default runs locally for real:
 * - e-mail: SMTP through nodemailer when SMTP_URL is set; otherwise the developer mailbox (the outbox row itself,
 *   marked sent, read at /dev/mailbox in demo or development mode);
 * - SMS: the outbox as mailbox too, until an SMS gateway adapter is configured.
 */
export interface MessageAdapter {
  readonly name: string;
  deliver(message: OutboxRow): Promise<void>;
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

export type Adapters = { email: MessageAdapter; sms: MessageAdapter };

export function adaptersFromConfig(config: { smtpUrl: string | undefined; mailFrom: string }): Adapters {
  return {
    email: config.smtpUrl ? new SmtpAdapter(config.smtpUrl, config.mailFrom) : new MailboxAdapter(),
    sms: new MailboxAdapter(),
  };
}
