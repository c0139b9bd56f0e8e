import { expect, type APIRequestContext } from '@playwright/test';

/*
 * The developer mailbox (/api/dev/mailbox, demo mode): the outbox worker delivers codes and links there within
 * OUTBOX_POLL_MS (playwright.config.ts). Reads poll until the message is there, never sleep.
 */

type MailboxItem = { id: number; body: string };

async function items(request: APIRequestContext, recipient: string): Promise<MailboxItem[]> {
  const res = await request.get(`/api/dev/mailbox?recipient=${encodeURIComponent(recipient)}`);
  return ((await res.json()) as { items: MailboxItem[] }).items;
}

/** The latest message to a recipient, newer than message `after`, that matches `pattern` (its first group). */
export async function fromMailbox(request: APIRequestContext, recipient: string, pattern: RegExp, after = 0): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const m = (await items(request, recipient))
          .filter((i) => i.id > after)
          .map((i) => pattern.exec(i.body))
          .find(Boolean);
        found = m?.[1] ?? '';
        return found;
      },
      // Every 100 ms, not Playwright's default 100, 250, 500 then 1000 ms: the outbox delivers within OUTBOX_POLL_MS
      // (200 ms), and a sign-up's code read one back-off step late cost most of a second per test.
      { message: `a message to ${recipient} matching ${pattern}`, intervals: [100] },
    )
    .not.toBe('');
  return found;
}

/** The id of the latest message to a recipient (0: none yet). */
export async function lastMailboxId(request: APIRequestContext, recipient: string): Promise<number> {
  return (await items(request, recipient))[0]?.id ?? 0;
}
