import { and, eq, or, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { notifications, oneTimeSecrets, outboxMessages, users } from '../../db/schema.ts';
import { transaction } from '../../db/tx.ts';
import { AppError } from '../app-error.ts';
import { enqueue, type OutgoingMessage } from '../outbox/outbox.ts';
import {
  CODE_POLICY,
  assertMaySend,
  checkCode,
  findSecret,
  findUser,
  findUserByIdentifier,
  insertSecret,
  loadUserType,
  markSecretUsed,
  normaliseIdentifier,
} from './accounts.ts';
import { hashPassword, randomCode, randomToken, sha256 } from './crypto.ts';
import { forgetDevices } from './devices.ts';
import { revokeOtherSessions } from './sessions.ts';
import { assertNotBlocked, clearFailures, recordFailure } from './throttle.ts';
import { email, sms, templates } from './messages.ts';
import type { TLang } from '../../../contract/basics.ts';

export type ResetRequest = {
  userSlug: string;
  identifier: string;
  channel: 'sms' | 'email';
  lang: TLang;
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

/**
 * The code of a forgot-password message, exchanged for a reset token. Wrong codes count against the client
 * address (growing delays, throttle.ts).
 */
export async function validateResetCode(
  db: Db,
  input: { resetId: string; code: string; ip: string },
): Promise<{ resetToken: string }> {
  const ipKey = [`reset:ip:${input.ip}`];
  await assertNotBlocked(db, ipKey);
  const row = await findSecret(db, 'reset-code', input.resetId);
  try {
    await checkCode(db, row, input.code);
  } catch (err) {
    if (err instanceof AppError && (err.code === 'INVALID_CODE' || err.code === 'NO_CODE_WAS_SENT'))
      await recordFailure(db, ipKey);
    throw err;
  }
  const resetToken = randomToken();
  await insertSecret(db, {
    purpose: 'reset-token',
    handle: resetToken,
    userId: row!.userId,
    ttlMinutes: CODE_POLICY.resetTokenTtlMinutes,
  });
  return { resetToken };
}

/**
 * A new password with a reset token (from the code or the e-mail link): the token and every other open reset of
 * the account end, the other sessions and remembered devices too, and the owner is told by e-mail.
 */
export async function resetPassword(
  db: Db,
  config: Pick<AppConfig, 'scryptLog2N'>,
  input: { token: string | undefined; password: string; lang: TLang },
): Promise<void> {
  const row = input.token ? await findSecret(db, 'reset-token', input.token) : undefined;
  if (!row || !row.userId || row.usedAt) throw new AppError('notAuthorized', 'This reset link is not available');
  if (row.expiresAt.getTime() <= Date.now()) throw new AppError('tokenExpired', 'This reset link expired');
  const user = await findUser(db, row.userId);
  if (!user || user.disabled) throw new AppError('notAuthorized', 'This reset link is not available');
  const passwordHash = await hashPassword(input.password, config.scryptLog2N);
  await transaction(db, async (tx) => {
    if (!(await markSecretUsed(tx, row.id))) throw new AppError('notAuthorized', 'This reset link is not available');
    await tx
      .update(oneTimeSecrets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(oneTimeSecrets.userId, user.id),
          or(eq(oneTimeSecrets.purpose, 'reset-code'), eq(oneTimeSecrets.purpose, 'reset-token')),
        ),
      );
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await revokeOtherSessions(tx, user.id);
    await forgetDevices(tx, user.id);
    if (user.email) await enqueue(tx, email(user.email, input.lang, templates.passwordChanged(user.firstName)));
  });
  await clearFailures(db, [`login:id:${sha256(`${user.userSlug}:${user.username}`)}`, `login:user:${user.id}`]);
}
