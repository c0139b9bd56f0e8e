import { eq, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { notifications, outboxMessages, users } from '../../db/schema.ts';
import { transaction } from '../../db/tx.ts';
import type { OutgoingMessage } from '../outbox/outbox.ts';
import { CODE_POLICY, assertMaySend, findUserByIdentifier, insertSecret, loadUserType, normaliseIdentifier } from './accounts.ts';
import { randomCode, randomToken, sha256 } from './crypto.ts';
import { assertNotBlocked } from './throttle.ts';
import { email, sms, templates, type Lang } from './messages.ts';

export type ResetRequest = {
  userSlug: string;
  identifier: string;
  channel: 'sms' | 'email';
  lang: Lang;
  /** The client address (its attempts are throttled). */
  ip: string;
};

/**
 * Forgot password: a code (and, by e-mail, a link) to an address the account proved it owns (a verified e-mail
 * or mobile). The answer is the same whether an account matched, and so is the work: both paths run the same
 * statements (the code row, the link row, the notification and the message), the last two inserting their
 * row only for an account (`insert … select … from users where id = <target>`), so the time taken tells
 * nothing (issue 9).
 */
export async function requestPasswordReset(db: Db, config: Pick<AppConfig, 'appOrigin'>, r: ResetRequest) {
  const type = await loadUserType(db, r.userSlug);
  const identifier = normaliseIdentifier(r.identifier);
  const key = sha256(`${type.userSlug}:${r.channel}:${identifier}`);
  await assertNotBlocked(db, [`reset:ip:${r.ip}`]);
  await assertMaySend(db, 'reset-code', key);
  const user = await findUserByIdentifier(db, type.userSlug, identifier);
  // Only to an address the account proved it owns: an unverified one may be a typo or someone else's.
  const address =
    user && !user.disabled
      ? r.channel === 'email'
        ? user.emailVerified && user.email
        : user.mobileVerified && user.mobile
      : null;
  const target = address && user ? { userId: user.id, address } : undefined;
  const resetId = randomToken();
  const code = randomCode();
  const linkToken = randomToken();
  const link = `${config.appOrigin}/forget-password/reset?token=${linkToken}`;
  const message =
    r.channel === 'sms'
      ? sms(target?.address ?? '', r.lang, templates.resetCode(code, CODE_POLICY.codeTtlMinutes, undefined))
      : email(target?.address ?? '', r.lang, templates.resetCode(code, CODE_POLICY.codeTtlMinutes, link));
  await transaction(db, async (tx) => {
    await insertSecret(tx, {
      purpose: 'reset-code',
      handle: resetId,
      userId: target?.userId ?? null,
      secret: code,
      data: { key },
      ttlMinutes: CODE_POLICY.codeTtlMinutes,
    });
    // The link works by itself as a reset token (e-mail only; unusable without an account: no user to reset).
    await insertSecret(tx, {
      purpose: 'reset-token',
      handle: linkToken,
      userId: r.channel === 'email' ? (target?.userId ?? null) : null,
      ttlMinutes: CODE_POLICY.codeTtlMinutes,
    });
    await insertForAccount(tx, target?.userId, { type: 'forgot-password', data: { channel: r.channel } }, message);
  });
  return {
    resetId,
    channel: r.channel,
    resendAfterSeconds: CODE_POLICY.resendAfterSeconds,
    expiresInMinutes: CODE_POLICY.codeTtlMinutes,
  };
}

/**
 * The account's notification and its message (an outbox row, as `enqueue` writes it), each inserted only when
 * `userId` names an account: with none, the same two statements insert nothing.
 */
async function insertForAccount(
  tx: Db,
  userId: string | undefined,
  note: { type: 'forgot-password'; data: Record<string, string> },
  message: OutgoingMessage,
): Promise<void> {
  const id = userId ?? '';
  const col = (c: { name: string }) => sql.identifier(c.name);
  await tx.execute(sql`
    insert into ${notifications} (${col(notifications.userId)}, ${col(notifications.type)}, ${col(notifications.data)})
    select ${users.id}, ${note.type}, ${JSON.stringify(note.data)}::jsonb from ${users} where ${eq(users.id, id)}`);
  const m = outboxMessages;
  await tx.execute(sql`
    insert into ${m} (${col(m.channel)}, ${col(m.recipient)}, ${col(m.subject)}, ${col(m.body)}, ${col(m.html)})
    select ${message.channel}, ${message.recipient}, ${message.subject ?? null}::text, ${message.body}, ${message.html ?? null}::text
    from ${users} where ${eq(users.id, id)}`);
}
