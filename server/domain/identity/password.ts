import { eq } from 'drizzle-orm';
import { FIELD_CODES, isStrongPassword } from '../../../contract/identity.ts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { transaction } from '../../db/tx.ts';
import { AppError } from '../app-error.ts';
import { notify } from '../notifications/notify.ts';
import { enqueue } from '../outbox/outbox.ts';
import { findUser } from './accounts.ts';
import { hashPassword, verifyPassword } from './crypto.ts';
import { email, templates } from './messages.ts';
import { revokeOtherSessions } from './sessions.ts';
import { assertNotBlocked, clearFailures, recordFailure } from './throttle.ts';
import type { TLang } from '../../../contract/basics.ts';

export type PasswordChange = {
  userId: string;
  /** The session asking: it stays open, the user's other sessions end. */
  sessionHash: string;
  oldPassword: string | undefined;
  newPassword: string | undefined;
  confirmPassword: string | undefined;
  lang: TLang;
};

/**
 * Change a signed-in user's password (spec section 7 "Users"): the current one proves it is them (wrong guesses
 * count, with growing delays: throttle.ts), the new one must be strong and differ. Other sessions end, and the
 * user is told by notification and e-mail.
 */
export async function changePassword(db: Db, config: Pick<AppConfig, 'scryptLog2N'>, c: PasswordChange): Promise<void> {
  if (!c.oldPassword) throw new AppError('OLD_PASSWORD_REQUIRED', 'The current password is required');
  if (!c.newPassword) throw new AppError('NEW_PASSWORD_REQUIRED', 'The new password is required');
  if (!isStrongPassword(c.newPassword))
    throw new AppError('INVALID_INPUT', 'The new password is too weak', {
      fieldErrors: { newPassword: [FIELD_CODES.password] },
    });
  if (c.confirmPassword !== undefined && c.confirmPassword !== c.newPassword)
    throw new AppError('INVALID_INPUT', 'The passwords differ', {
      fieldErrors: { confirmPassword: [FIELD_CODES.passwordMismatch] },
    });
  const key = [`password:user:${c.userId}`];
  await assertNotBlocked(db, key);
  const user = await findUser(db, c.userId);
  if (!user || !(await verifyPassword(c.oldPassword, user.passwordHash))) {
    await recordFailure(db, key);
    throw new AppError('INVALID_PASSWORD', 'The current password is wrong', {
      fieldErrors: { oldPassword: ['password-incorrect'] },
    });
  }
  if (c.newPassword === c.oldPassword)
    throw new AppError('ChangePasswordFailed', 'The new password must differ from the current one', {
      fieldErrors: { newPassword: ['password-same'] },
    });
  await clearFailures(db, key);
  const passwordHash = await hashPassword(c.newPassword, config.scryptLog2N);
  await transaction(db, async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await revokeOtherSessions(tx, user.id, c.sessionHash);
    await notify(tx, user.id, 'password-changed', {});
    if (user.email) await enqueue(tx, email(user.email, c.lang, templates.passwordChanged(user.firstName)));
  });
}
