import type { FastifyInstance } from 'fastify';
import type { TUserType } from '../../contract/identity.ts';
import { identityRoutes as r } from '../../contract/routes-identity.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { findUser, loadUserType, openSession, toCurrentUser, type UserRow } from '../domain/identity/accounts.ts';
import {
  assertAttemptsLeft,
  checkTotp,
  confirmTotpSetup,
  consumeMfaGrant,
  countMfaAttempt,
  loadMfaGrant,
  passkeyAuthenticationOptions,
  passkeyRegistrationOptions,
  registerPasskey,
  relyingParty,
  removePasskey,
  removeTotp,
  startTotpSetup,
  verifyPasskeyAssertion,
} from '../domain/identity/mfa.ts';
import { assertNotBlocked, clearFailures, recordFailure } from '../domain/identity/throttle.ts';
import { AppError } from '../domain/app-error.ts';
import { registerRoute } from '../http/register.ts';
import { bearer, signInContext } from '../http/sign-in.ts';

/**
 * The second factor (spec sections 7 and 8): the sign-in step `POST {slug}/MFA` (an authenticator-app code or a
 * passkey / security key) and, from the profile, enrolling and removing them. Wrong answers count against the
 * step (5 per step) and, with growing delays, against the account and the client IP (throttle.ts).
 */
export function mfaRoutes(app: FastifyInstance, db: Db, config: AppConfig): void {
  /** The signed-in user's own record (the routes' policy is `self`), for the profile's security section. */
  const loadSelf = async (userSlug: string, userId: string): Promise<{ user: UserRow; kind: TUserType['kind'] }> => {
    const user = await findUser(db, userId);
    if (!user || user.userSlug !== userSlug) throw new AppError('NOT_FOUND', 'No such user');
    const type = await loadUserType(db, userSlug);
    return { user, kind: type.kind };
  };

  /* ----------------------------------------- the sign-in step ----------------------------------------------- */

  registerRoute(app, r.mfa, async ({ params, body }, req, reply) => {
    const type = await loadUserType(db, params.userSlug);
    const grant = await loadMfaGrant(db, bearer(req), type.userSlug);
    const keys = [`mfa:user:${grant.user.id}`, `mfa:ip:${req.ip}`];
    await assertNotBlocked(db, keys);
    assertAttemptsLeft(grant);
    const rp = relyingParty(config);

    if (body.method === 'webauthn-options') {
      return { status: 'webauthn-options' as const, options: { ...(await passkeyAuthenticationOptions(db, grant, rp)) } };
    }
    try {
      if (body.method === 'totp') {
        const { user } = grant;
        if (!user.totpEnabled || !user.totpSecret) throw new AppError('NO_2FA_REGISTERED', 'No authenticator app is set up');
        if (!(await checkTotp(db, user.id, user.totpSecret, body.code))) throw new AppError('WRONG_OTP', 'Wrong code');
      } else {
        await verifyPasskeyAssertion(db, grant, rp, body.response);
      }
    } catch (err) {
      if (err instanceof AppError && ['WRONG_OTP', 'WRONG_U2F', 'U2F_SIGN_Failed'].includes(err.code)) {
        await countMfaAttempt(db, grant);
        await recordFailure(db, keys);
      }
      throw err;
    }
    if (!(await consumeMfaGrant(db, grant))) throw new AppError('GRANT_EXPIRED', 'This sign-in step was already used');
    await clearFailures(db, [keys[0]!]);
    return openSession(signInContext(db, config, req, reply), grant.user, type.kind);
  });

  /* ----------------------------------------- authenticator app ----------------------------------------------- */

  registerRoute(app, r.totpSetup, async ({ params }) => {
    const { user } = await loadSelf(params.userSlug, params.userId);
    return startTotpSetup(db, user);
  });

  registerRoute(app, r.totpConfirm, async ({ params, body }) => {
    const { user, kind } = await loadSelf(params.userSlug, params.userId);
    const keys = [`totp-confirm:user:${user.id}`];
    await assertNotBlocked(db, keys);
    try {
      const updated = await confirmTotpSetup(db, user, body.code);
      await clearFailures(db, keys);
      return await toCurrentUser(db, updated, kind);
    } catch (err) {
      if (err instanceof AppError && err.code === 'WRONG_OTP') await recordFailure(db, keys);
      throw err;
    }
  });

  registerRoute(app, r.totpRemove, async ({ params }) => {
    const { user, kind } = await loadSelf(params.userSlug, params.userId);
    const updated = await removeTotp(db, user.id, kind === 'employee');
    return toCurrentUser(db, updated, kind);
  });

  /* ----------------------------------------- passkeys and security keys ------------------------------------- */

  registerRoute(app, r.passkeyOptions, async ({ params }) => {
    const { user } = await loadSelf(params.userSlug, params.userId);
    return { options: { ...(await passkeyRegistrationOptions(db, user, relyingParty(config))) } };
  });

  registerRoute(app, r.passkeyRegister, async ({ params, body }) => {
    const { user, kind } = await loadSelf(params.userSlug, params.userId);
    await registerPasskey(db, user, relyingParty(config), body.name, body.response);
    return toCurrentUser(db, user, kind);
  });

  registerRoute(app, r.passkeyRemove, async ({ params }) => {
    const { user, kind } = await loadSelf(params.userSlug, params.userId);
    const updated = await removePasskey(db, user.id, kind === 'employee', params.credentialId);
    return toCurrentUser(db, updated, kind);
  });
}
