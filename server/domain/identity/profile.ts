import { and, eq, gt, sql } from 'drizzle-orm';
import { EDITABLE_PROFILE_FIELDS, NOT_EDITABLE_FIELDS, type TProfilePatch } from '../../../contract/identity.ts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { governorates, oneTimeSecrets, users } from '../../db/schema.ts';
import { transaction } from '../../db/tx.ts';
import { AppError } from '../app-error.ts';
import { enqueue } from '../outbox/outbox.ts';
import { CODE_POLICY, assertMaySend, findSecret, findUser, insertSecret, markSecretUsed, type UserRow } from './accounts.ts';
import { maskEmail, randomToken } from './crypto.ts';
import { email, templates } from './messages.ts';
import type { TLang } from '../../../contract/basics.ts';

/** A link that proves the user owns their e-mail address, as an outbox row in the caller's transaction. */
export async function sendEmailVerification(tx: Db, user: UserRow, lang: TLang, origin: string): Promise<void> {
  if (!user.email) return;
  const token = randomToken();
  await insertSecret(tx, {
    purpose: 'email-verify',
    handle: token,
    userId: user.id,
    data: { email: user.email, key: `email:${user.id}` },
    ttlMinutes: CODE_POLICY.emailLinkTtlMinutes,
  });
  const link = `${origin}/email-verify?token=${token}`;
  await enqueue(tx, email(user.email, lang, templates.verifyEmail(user.firstName, link, CODE_POLICY.emailLinkTtlMinutes)));
}

/** Whether the user was sent CODE_POLICY.maxSendsPerHour e-mail verification links in the last hour. */
async function emailLinksExhausted(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(oneTimeSecrets)
    .where(
      and(
        eq(oneTimeSecrets.purpose, 'email-verify'),
        eq(oneTimeSecrets.userId, userId),
        gt(oneTimeSecrets.createdAt, new Date(Date.now() - 3_600_000)),
      ),
    );
  return (row?.n ?? 0) >= CODE_POLICY.maxSendsPerHour;
}

/**
 * A profile edit (spec "Profile"): only the editable fields (the others are NOT_EDITABLE); an empty text clears
 * an optional one. A new e-mail address is unverified and gets a link, within the hourly limit (else the
 * banner's resend sends it later): a profile edit must not send mail to any address at any rate.
 */
export async function updateProfile(
  db: Db,
  config: Pick<AppConfig, 'appOrigin'>,
  input: { user: UserRow; patch: Record<string, unknown>; lang: TLang },
): Promise<UserRow> {
  const { user } = input;
  const locked = NOT_EDITABLE_FIELDS.filter((k) => input.patch[k] !== undefined);
  if (locked.length > 0)
    throw new AppError('NOT_EDITABLE', `Not editable: ${locked.join(', ')}`, {
      details: locked,
      fieldErrors: Object.fromEntries(locked.map((k) => [k, ['not-editable']])),
    });
  const patch = Object.fromEntries(
    EDITABLE_PROFILE_FIELDS.filter((k) => input.patch[k] !== undefined).map((k) => [k, input.patch[k]]),
  ) as TProfilePatch;
  const newEmail = patch.email === undefined ? user.email : patch.email === '' ? null : patch.email;
  const emailChanged = newEmail !== user.email;
  // The governorate is one of the reference data's (forms asking for one open with it, decision 077).
  if (patch.governorate) {
    const [known] = await db
      .select({ id: governorates.id })
      .from(governorates)
      .where(eq(governorates.id, patch.governorate))
      .limit(1);
    if (!known)
      throw new AppError('INVALID_INPUT', 'Unknown governorate', { fieldErrors: { governorate: ['value-not-allowed'] } });
  }
  const profile = { ...user.profile };
  for (const k of ['homeAddress', 'governorate', 'nationality', 'passportNumber', 'job', 'phone', 'landline'] as const) {
    const v = patch[k];
    if (v === undefined) continue;
    if (v === '') delete profile[k];
    else profile[k] = v;
  }
  try {
    return await transaction(db, async (tx) => {
      const [u] = await tx
        .update(users)
        .set({
          firstName: patch.firstName ?? user.firstName,
          lastName: patch.lastName ?? user.lastName,
          email: newEmail,
          emailVerified: emailChanged ? false : user.emailVerified,
          profile,
          updatedAt: new Date(),
        })
        .where(eq(users.id, user.id))
        .returning();
      if (emailChanged && u && !(await emailLinksExhausted(tx, u.id)))
        await sendEmailVerification(tx, u, input.lang, config.appOrigin);
      return u!;
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw new AppError('Duplicate_Data', 'This e-mail address belongs to another account', {
        fieldErrors: { email: ['already-exists'] },
      });
    throw err;
  }
}

/** "Resend" of the e-mail banner: a new verification link, within the sending limits. */
export async function resendEmailVerification(
  db: Db,
  config: Pick<AppConfig, 'appOrigin'>,
  input: { userId: string; lang: TLang },
): Promise<{ emailMasked: string }> {
  const user = await findUser(db, input.userId);
  if (!user?.email) throw new AppError('emailNotFound', 'The account has no e-mail address');
  if (user.emailVerified) throw new AppError('alreadyVerified', 'The e-mail address is already verified');
  await assertMaySend(db, 'email-verify', `email:${user.id}`);
  await transaction(db, (tx) => sendEmailVerification(tx, user, input.lang, config.appOrigin));
  return { emailMasked: maskEmail(user.email) };
}

/** Following the link: only the signed-in owner, for the address the link was sent to, before it expires. */
export async function confirmEmail(db: Db, input: { userId: string; token: string }): Promise<{ email: string }> {
  const row = await findSecret(db, 'email-verify', input.token);
  if (!row || row.userId !== input.userId) throw new AppError('notAuthorized', 'This link belongs to another account');
  const user = await findUser(db, input.userId);
  if (!user?.email) throw new AppError('notAuthorized', 'This link is not available');
  if (user.emailVerified && user.email === row.data.email) throw new AppError('alreadyVerified', 'Already verified');
  if (row.usedAt || row.data.email !== user.email || row.expiresAt.getTime() <= Date.now())
    throw new AppError('tokenExpired', 'This link expired: ask for a new one');
  await transaction(db, async (tx) => {
    await markSecretUsed(tx, row.id);
    await tx.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, user.id));
  });
  return { email: user.email };
}
