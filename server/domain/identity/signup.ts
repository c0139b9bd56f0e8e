import { eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type { TMobileVerificationStep, TUserType, ZSignupBody } from '../../../contract/identity.ts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { users, userTypes } from '../../db/schema.ts';
import { transaction } from '../../db/tx.ts';
import { AppError } from '../app-error.ts';
import { notify } from '../notifications/notify.ts';
import { enqueue } from '../outbox/outbox.ts';
import { loadUserType, newUserId, startMobileVerification, type UserRow } from './accounts.ts';
import { hashPassword } from './crypto.ts';
import { email, templates } from './messages.ts';
import { sendEmailVerification } from './profile.ts';
import type { TLang } from '../../../contract/basics.ts';

/** The next account number, from its sequence. */
export const sqlNextUserNumber = sql<number>`nextval('user_number_seq')`;

type UserTypeWhere = { userSlug?: string; registration?: boolean | { neq: boolean } } | undefined;

const toUserType = (t: typeof userTypes.$inferSelect): TUserType => ({
  userSlug: t.userSlug,
  kind: t.kind,
  registration: t.registration,
  label: t.data.label,
  schema: t.data.schema as TUserType['schema'],
});

const matches = (t: TUserType, where: UserTypeWhere) =>
  (!where?.userSlug || t.userSlug === where.userSlug) &&
  (where?.registration === undefined ||
    (typeof where.registration === 'boolean'
      ? t.registration === where.registration
      : t.registration !== where.registration.neq));

/** The user types (spec "Dynamic user model") matching a LoopBack-style where clause, by slug. */
export async function listUserTypes(db: Db, where: UserTypeWhere): Promise<TUserType[]> {
  const all = (await db.select().from(userTypes).orderBy(userTypes.userSlug)).map(toUserType);
  return all.filter((t) => matches(t, where));
}

export type SignUp = {
  userSlug: string;
  /** Whether the caller is already signed in (refused: ALREADY_LOGGED_IN). */
  signedIn: boolean;
  lang: TLang;
  body: z.output<typeof ZSignupBody>;
};

/**
 * Sign-up: the account, its welcome notification, its e-mails and the first SMS code in one transaction
 * (transactional outbox, decision 010). A national id, username, mobile or e-mail already in use is
 * `Duplicate_Data` with the clashing fields; sign-in accepts any of them as the identifier, so an all-digit
 * username may not be someone's mobile or national id, nor the other way round.
 */
export async function signUp(
  db: Db,
  config: Pick<AppConfig, 'appOrigin' | 'scryptLog2N'>,
  input: SignUp,
): Promise<{ userId: string; step: TMobileVerificationStep }> {
  const { body } = input;
  const type = await loadUserType(db, input.userSlug);
  if (!type.registration) throw new AppError('FORBIDDEN', 'This user type cannot sign up');
  if (input.signedIn) throw new AppError('ALREADY_LOGGED_IN', 'Already signed in');
  const emailAddress = body.email ? body.email : null;
  await assertNoClash(db, { ...body, email: emailAddress });
  const passwordHash = await hashPassword(body.password, config.scryptLog2N);
  try {
    const created = await transaction(db, async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          id: newUserId(),
          number: sqlNextUserNumber,
          userSlug: type.userSlug,
          username: body.username,
          email: emailAddress,
          mobile: body.mobile,
          nationalId: body.nationalId,
          passwordHash,
          firstName: body.firstName,
          lastName: body.lastName,
        })
        .returning();
      const u: UserRow = row!;
      await notify(tx, u.id, 'welcome', { name: u.firstName });
      if (u.email) {
        await enqueue(tx, email(u.email, input.lang, templates.welcome(u.firstName), `welcome:${u.id}`));
        await sendEmailVerification(tx, u, input.lang, config.appOrigin);
      }
      return { user: u, step: await startMobileVerification(tx, u, input.lang) };
    });
    return { userId: created.user.id, step: created.step };
  } catch (err) {
    // Two sign-ups racing for the same national id: the unique index decides.
    if (isUniqueViolation(err)) throw new AppError('Duplicate_Data', 'Already registered');
    throw err;
  }
}

/**
 * Sign-up's and an agent's registration's uniqueness check: `Duplicate_Data` with the clashing fields. Sign-in
 * accepts any of username, mobile and national id as the identifier, so an all-digit username may not be
 * someone's mobile or national id, nor the other way round.
 */
export async function assertNoClash(
  db: Db,
  body: { nationalId: string; username: string; mobile: string; email: string | null },
): Promise<void> {
  const emailAddress = body.email;
  const clash = await db
    .select({ nationalId: users.nationalId, username: users.username, email: users.email, mobile: users.mobile })
    .from(users)
    .where(
      or(
        eq(users.nationalId, body.nationalId),
        eq(users.username, body.username),
        eq(users.mobile, body.mobile),
        emailAddress ? eq(users.email, emailAddress) : undefined,
        eq(users.mobile, body.username),
        eq(users.nationalId, body.username),
        eq(users.username, body.mobile),
        eq(users.username, body.nationalId),
      ),
    );
  if (clash.length > 0) {
    const fields = new Set<string>();
    for (const c of clash) {
      if (c.nationalId === body.nationalId || c.username === body.nationalId) fields.add('nationalId');
      if (c.username === body.username || c.mobile === body.username || c.nationalId === body.username) fields.add('username');
      if (c.mobile === body.mobile || c.username === body.mobile) fields.add('mobile');
      if (emailAddress && c.email === emailAddress) fields.add('email');
    }
    // Spec section 8: a national id already registered is Duplicate_Data. The other unique fields say which.
    throw new AppError('Duplicate_Data', 'Already registered', {
      fieldErrors: Object.fromEntries([...fields].map((f) => [f, ['already-exists']])),
    });
  }
}
