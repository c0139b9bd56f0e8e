import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  EDITABLE_PROFILE_FIELDS,
  NOT_EDITABLE_FIELDS,
  type TMobileVerificationStep,
  type TProfilePatch,
  type TUserType,
} from '../../contract/identity.ts';
import { identityRoutes as r } from '../../contract/routes-identity.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { notifications, oneTimeSecrets, users, userTypes } from '../db/schema.ts';
import {
  CODE_POLICY,
  assertMaySend,
  checkCode,
  continueSignIn,
  findSecret,
  findUser,
  findUserByIdentifier,
  insertSecret,
  loadUserType,
  markSecretUsed,
  newUserId,
  normaliseIdentifier,
  resendMobileCode,
  startMobileVerification,
  toCurrentUser,
  type UserRow,
} from '../domain/identity/accounts.ts';
import { hashPassword, maskEmail, randomToken, sha256, verifyPassword } from '../domain/identity/crypto.ts';
import { email, templates, type Lang } from '../domain/identity/messages.ts';
import { DEVICE_TTL_DAYS, forgetDevices, loginThrottleKeys, rememberDevice, trustedDevice } from '../domain/identity/devices.ts';
import { changePassword } from '../domain/identity/password.ts';
import { requestPasswordReset } from '../domain/identity/reset.ts';
import { revokeOtherSessions, touchSession } from '../domain/identity/sessions.ts';
import { assertNotBlocked, clearFailures, recordFailure } from '../domain/identity/throttle.ts';
import { enqueue } from '../domain/outbox/outbox.ts';
import { AppError } from '../http/app-error.ts';
import { signedInViewer } from '../http/auth.ts';
import { registerRoute } from '../http/register.ts';
import { bearer, closeSession, langOf, signInContext } from '../http/sign-in.ts';
import { deviceCookieName, readCookie, sessionKindOf, setDeviceCookie } from '../plugins/session.ts';
import { rateLimit } from '../plugins/rate-limit.ts';
import { transaction } from '../db/tx.ts';

const MINUTE = 60_000;
/** The next account number, from its sequence. */
const sqlNextUserNumber = sql<number>`nextval('user_number_seq')`;
/** Per client IP and minute, on top of the per-account growing delays (throttle.ts). */
export const IDENTITY_LIMITS = { signup: 5, login: 30, codes: 10, reset: 10 } as const;

/**
 * The limits in force: the browser tests run every sign-in from one address and raise them with
 * IDENTITY_RATE_LIMIT_FACTOR (left at 1 in production).
 */
export const identityLimits = (config: AppConfig): Record<keyof typeof IDENTITY_LIMITS, number> => {
  const f = config.identityRateLimitFactor;
  return { signup: 5 * f, login: 30 * f, codes: 10 * f, reset: 10 * f };
};

/** A same-site path to go to after sign-out; anything else becomes `/`. */
const safeRedirect = (url: string | undefined): string => (url && /^\/(?!\/)[^\s\\]*$/.test(url) ? url : '/');

async function sendEmailVerification(tx: Db, user: UserRow, lang: Lang, origin: string): Promise<void> {
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

export function identityRoutes(app: FastifyInstance, db: Db, config: AppConfig): void {
  const limits = identityLimits(config);
  const loadSelf = async (userSlug: string, userId: string): Promise<{ user: UserRow; kind: TUserType['kind'] }> => {
    const user = await findUser(db, userId);
    if (!user || user.userSlug !== userSlug) throw new AppError('NOT_FOUND', 'No such user');
    const type = await loadUserType(db, userSlug);
    return { user, kind: type.kind };
  };

  /* ----------------------------------------- user types ----------------------------------------------------- */

  const toUserType = (t: typeof userTypes.$inferSelect): TUserType => ({
    userSlug: t.userSlug,
    kind: t.kind,
    registration: t.registration,
    label: t.data.label,
    schema: t.data.schema as TUserType['schema'],
  });
  const matches = (t: TUserType, where: { userSlug?: string; registration?: boolean | { neq: boolean } } | undefined) =>
    (!where?.userSlug || t.userSlug === where.userSlug) &&
    (where?.registration === undefined ||
      (typeof where.registration === 'boolean'
        ? t.registration === where.registration
        : t.registration !== where.registration.neq));

  registerRoute(app, r.userTypeFindOne, async ({ query }) => {
    const all = (await db.select().from(userTypes).orderBy(userTypes.userSlug)).map(toUserType);
    const found = all.find((t) => matches(t, query.filter?.where as never));
    if (!found) throw new AppError('MODEL_NOT_FOUND', 'No such user type');
    return found;
  });
  registerRoute(app, r.userTypes, async ({ query }) => {
    const all = (await db.select().from(userTypes).orderBy(userTypes.userSlug)).map(toUserType);
    return all.filter((t) => matches(t, query.filter?.where as never));
  });

  /* ----------------------------------------- sign-up -------------------------------------------------------- */

  registerRoute(
    app,
    r.signup,
    async ({ params, body }, req) => {
      const type = await loadUserType(db, params.userSlug);
      if (!type.registration) throw new AppError('FORBIDDEN', 'This user type cannot sign up');
      if (req.viewer.kind !== 'visitor') throw new AppError('ALREADY_LOGGED_IN', 'Already signed in');
      const emailAddress = body.email ? body.email : null;
      // Spec section 8: a national id already registered is Duplicate_Data. The other unique fields say which.
      const clash = await db
        .select({ nationalId: users.nationalId, username: users.username, email: users.email, mobile: users.mobile })
        .from(users)
        .where(
          or(
            eq(users.nationalId, body.nationalId),
            eq(users.username, body.username),
            eq(users.mobile, body.mobile),
            emailAddress ? eq(users.email, emailAddress) : undefined,
            // Sign-in accepts any of them as the identifier: an all-digit username may not be someone's mobile or
            // national id, nor the other way round.
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
          if (c.username === body.username || c.mobile === body.username || c.nationalId === body.username)
            fields.add('username');
          if (c.mobile === body.mobile || c.username === body.mobile) fields.add('mobile');
          if (emailAddress && c.email === emailAddress) fields.add('email');
        }
        throw new AppError('Duplicate_Data', 'Already registered', {
          fieldErrors: Object.fromEntries([...fields].map((f) => [f, ['already-exists']])),
        });
      }
      const passwordHash = await hashPassword(body.password, config.scryptLog2N);
      const lang = langOf(req);
      const origin = config.appOrigin;
      const id = newUserId();
      let created: { user: UserRow; step: TMobileVerificationStep };
      try {
        // The account, its welcome notification, its e-mails and the SMS code: one transaction (transactional outbox).
        created = await transaction(db, async (tx) => {
          const [created] = await tx
            .insert(users)
            .values({
              id,
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
          const u = created!;
          await tx.insert(notifications).values({ userId: u.id, type: 'welcome', data: { name: u.firstName } });
          if (u.email) {
            await enqueue(tx, email(u.email, lang, templates.welcome(u.firstName), `welcome:${u.id}`));
            await sendEmailVerification(tx, u, lang, origin);
          }
          return { user: u, step: await startMobileVerification(tx, u, lang) };
        });
      } catch (err) {
        // Two sign-ups racing for the same national id: the unique index decides.
        if (isUniqueViolation(err)) throw new AppError('Duplicate_Data', 'Already registered');
        throw err;
      }
      return { userId: created.user.id, step: created.step };
    },
    { onRequest: [rateLimit({ max: limits.signup, windowMs: MINUTE })] },
  );

  /* ----------------------------------------- sign-in and out ------------------------------------------------- */

  registerRoute(
    app,
    r.login,
    async ({ params, body }, req, reply) => {
      const type = await loadUserType(db, params.userSlug);
      const kind = type.kind === 'agent' || type.kind === 'agent_employee' ? 'agent' : 'user';
      if (req.viewer.kind !== 'visitor' && sessionKindOf(req) === kind)
        throw new AppError('ALREADY_LOGGED_IN', 'Already signed in');
      const user = await findUserByIdentifier(db, type.userSlug, body.username);
      const deviceToken = readCookie(req, deviceCookieName(config.secureCookies));
      const deviceId = user ? await trustedDevice(db, deviceToken, user.id) : undefined;
      const { keys, clearOnSuccess } = loginThrottleKeys({
        ip: req.ip,
        userSlug: type.userSlug,
        identifier: normaliseIdentifier(body.username),
        userId: user?.id,
        deviceId,
      });
      await assertNotBlocked(db, keys);
      const ok = await verifyPassword(body.password, user && !user.disabled ? user.passwordHash : undefined, config.scryptLog2N);
      if (!user || user.disabled || !ok) {
        await recordFailure(db, keys);
        throw new AppError('WRONG_CREDENTIALS', 'Wrong username or password');
      }
      await clearFailures(db, clearOnSuccess);
      const result = await continueSignIn(signInContext(db, config, req, reply), user, type.kind);
      // The password is proven in this browser: from now on its attempts for this account have their own budget.
      if (deviceId === undefined) setDeviceCookie(reply, config, await rememberDevice(db, user.id), DEVICE_TTL_DAYS * 24 * 3600);
      return result;
    },
    { onRequest: [rateLimit({ max: limits.login, windowMs: MINUTE })] },
  );

  registerRoute(app, r.logout, async ({ body }, req, reply) => {
    await closeSession(db, config, req, reply);
    return { signedOut: true as const, redirectUrl: safeRedirect(body.redirectUrl) };
  });

  registerRoute(app, r.heartbeat, async ({ body }, req) => {
    const v = signedInViewer(req);
    const now = Date.now();
    const lastActive = Math.min(now, new Date(body.lastActive).getTime());
    const touched = await touchSession(db, v.sessionHash, new Date(lastActive));
    if (!touched) throw new AppError('UNAUTHORIZED', 'Sign in first');
    // The end the session plugin will apply: idle timeout after the stored last activity, or the absolute end.
    const ends = Math.min(touched.lastActiveAt.getTime() + config.idleTimeoutMs, touched.expiresAt.getTime());
    return { expiresAt: new Date(ends).toISOString(), idleTimeoutMs: config.idleTimeoutMs };
  });

  /* ----------------------------------------- profile --------------------------------------------------------- */

  registerRoute(
    app,
    r.currentUser,
    async ({ params }) => {
      const { user, kind } = await loadSelf(params.userSlug, params.userId);
      return toCurrentUser(db, user, kind);
    },
    // An unknown user type is an unknown path (404), not a sign-in question.
    { beforeAuth: ({ params }) => loadUserType(db, params.userSlug) },
  );

  registerRoute(app, r.updateProfile, async ({ params, body }, req) => {
    const { user, kind } = await loadSelf(params.userSlug, params.userId);
    const input = body as Record<string, unknown>;
    const locked = NOT_EDITABLE_FIELDS.filter((k) => input[k] !== undefined);
    if (locked.length > 0)
      throw new AppError('NOT_EDITABLE', `Not editable: ${locked.join(', ')}`, {
        details: locked,
        fieldErrors: Object.fromEntries(locked.map((k) => [k, ['not-editable']])),
      });
    const patch = Object.fromEntries(
      EDITABLE_PROFILE_FIELDS.filter((k) => input[k] !== undefined).map((k) => [k, input[k]]),
    ) as TProfilePatch;
    const newEmail = patch.email === undefined ? user.email : patch.email === '' ? null : patch.email;
    const emailChanged = newEmail !== user.email;
    const profile = { ...user.profile };
    for (const k of ['homeAddress', 'nationality', 'passportNumber', 'job', 'phone'] as const) {
      const v = patch[k];
      if (v === undefined) continue;
      if (v === '') delete profile[k];
      else profile[k] = v;
    }
    try {
      const updated = await transaction(db, async (tx) => {
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
        // A link to the new address, within the hourly limit (else the banner's resend sends it later): a profile
        // edit must not send mail to any address at any rate.
        if (emailChanged && u && !(await emailLinksExhausted(tx, u.id)))
          await sendEmailVerification(tx, u, langOf(req), config.appOrigin);
        return u!;
      });
      return await toCurrentUser(db, updated, kind);
    } catch (err) {
      if (isUniqueViolation(err))
        throw new AppError('Duplicate_Data', 'This e-mail address belongs to another account', {
          fieldErrors: { email: ['already-exists'] },
        });
      throw err;
    }
  });

  registerRoute(
    app,
    r.changePassword,
    async ({ body }, req) => {
      const v = signedInViewer(req);
      await changePassword(db, config, {
        userId: v.userId,
        sessionHash: v.sessionHash,
        oldPassword: body.oldPassword,
        newPassword: body.newPassword,
        confirmPassword: body.confirmPassword,
        lang: langOf(req),
      });
      return { changed: true as const };
    },
    { onRequest: [rateLimit({ max: limits.reset, windowMs: MINUTE })] },
  );

  /* ----------------------------------------- forgot password ------------------------------------------------- */

  registerRoute(
    app,
    r.forgetPassword,
    async ({ params, body }, req) =>
      requestPasswordReset(db, config, {
        userSlug: params.userSlug,
        identifier: body.identifier,
        channel: body.channel,
        lang: langOf(req),
        ip: req.ip,
      }),
    { onRequest: [rateLimit({ max: limits.reset, windowMs: MINUTE })] },
  );

  registerRoute(
    app,
    r.validateResetOtp,
    async ({ body }, req) => {
      const ipKey = [`reset:ip:${req.ip}`];
      await assertNotBlocked(db, ipKey);
      const row = await findSecret(db, 'reset-code', body.resetId);
      try {
        await checkCode(db, row, body.code);
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
    },
    { onRequest: [rateLimit({ max: limits.codes, windowMs: MINUTE })] },
  );

  registerRoute(
    app,
    r.resetPassword,
    async ({ body }, req) => {
      const token = bearer(req);
      const row = token ? await findSecret(db, 'reset-token', token) : undefined;
      if (!row || !row.userId || row.usedAt) throw new AppError('notAuthorized', 'This reset link is not available');
      if (row.expiresAt.getTime() <= Date.now()) throw new AppError('tokenExpired', 'This reset link expired');
      const user = await findUser(db, row.userId);
      if (!user || user.disabled) throw new AppError('notAuthorized', 'This reset link is not available');
      const passwordHash = await hashPassword(body.password, config.scryptLog2N);
      await transaction(db, async (tx) => {
        if (!(await markSecretUsed(tx, row.id))) throw new AppError('notAuthorized', 'This reset link is not available');
        // Every other open reset of this account ends too.
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
        if (user.email) await enqueue(tx, email(user.email, langOf(req), templates.passwordChanged(user.firstName)));
      });
      await clearFailures(db, [`login:id:${sha256(`${user.userSlug}:${user.username}`)}`, `login:user:${user.id}`]);
      return { reset: true as const };
    },
    { onRequest: [rateLimit({ max: limits.codes, windowMs: MINUTE })] },
  );

  /* ----------------------------------------- mobile and e-mail verification ---------------------------------- */

  registerRoute(
    app,
    r.sendMobileVerification,
    async ({ body }, req) => {
      await resendMobileCode(db, body.verificationToken, langOf(req));
      return {
        sent: true as const,
        resendAfterSeconds: CODE_POLICY.resendAfterSeconds,
        expiresInMinutes: CODE_POLICY.codeTtlMinutes,
      };
    },
    { onRequest: [rateLimit({ max: limits.codes, windowMs: MINUTE })] },
  );

  registerRoute(
    app,
    r.verifyMobile,
    async ({ body }, req, reply) => {
      const row = await findSecret(db, 'mobile-verify', body.verificationToken);
      const user = row?.userId ? await findUser(db, row.userId) : undefined;
      if (row && (!user || user.mobileVerified || user.disabled))
        throw new AppError('USER_NOT_FOUND_OR_ALREADY_VERIFIED', 'Already verified');
      await checkCode(db, row, body.code);
      await db.update(users).set({ mobileVerified: true, updatedAt: new Date() }).where(eq(users.id, user!.id));
      const type = await loadUserType(db, user!.userSlug);
      return continueSignIn(signInContext(db, config, req, reply), { ...user!, mobileVerified: true }, type.kind);
    },
    { onRequest: [rateLimit({ max: limits.codes, windowMs: MINUTE })] },
  );

  registerRoute(
    app,
    r.resendEmailVerification,
    async ({ params }, req) => {
      const user = await findUser(db, params.userId);
      if (!user?.email) throw new AppError('emailNotFound', 'The account has no e-mail address');
      if (user.emailVerified) throw new AppError('alreadyVerified', 'The e-mail address is already verified');
      await assertMaySend(db, 'email-verify', `email:${user.id}`);
      await transaction(db, (tx) => sendEmailVerification(tx, user, langOf(req), config.appOrigin));
      return { sent: true as const, emailMasked: maskEmail(user.email), resendAfterSeconds: CODE_POLICY.resendAfterSeconds };
    },
    { onRequest: [rateLimit({ max: limits.codes, windowMs: MINUTE })] },
  );

  registerRoute(app, r.verifyEmail, async ({ params, body }, req) => {
    const v = signedInViewer(req);
    if (v.userSlug !== params.userSlug) throw new AppError('notAuthorized', 'This link belongs to another account');
    const row = await findSecret(db, 'email-verify', body.token);
    if (!row || row.userId !== v.userId) throw new AppError('notAuthorized', 'This link belongs to another account');
    const user = await findUser(db, v.userId);
    if (!user?.email) throw new AppError('notAuthorized', 'This link is not available');
    if (user.emailVerified && user.email === row.data.email) throw new AppError('alreadyVerified', 'Already verified');
    if (row.usedAt || row.data.email !== user.email || row.expiresAt.getTime() <= Date.now())
      throw new AppError('tokenExpired', 'This link expired: ask for a new one');
    await transaction(db, async (tx) => {
      await markSecretUsed(tx, row.id);
      await tx.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, user.id));
    });
    return { verified: true as const, email: user.email };
  });
}
