import type { FastifyInstance } from 'fastify';
import { identityRoutes as r } from '../../../contract/routes-identity.ts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { continueSignIn, findUserByIdentifier, loadUserType, normaliseIdentifier } from '../../domain/identity/accounts.ts';
import { verifyPassword } from '../../domain/identity/crypto.ts';
import { DEVICE_TTL_DAYS, loginThrottleKeys, rememberDevice, trustedDevice } from '../../domain/identity/devices.ts';
import { touchSession } from '../../domain/identity/sessions.ts';
import { assertNotBlocked, clearFailures, recordFailure } from '../../domain/identity/throttle.ts';
import { AppError } from '../../domain/app-error.ts';
import { signedInViewer } from '../../http/auth.ts';
import { registerRoute } from '../../http/register.ts';
import { closeSession, signInContext } from '../../http/sign-in.ts';
import { deviceCookieName, readCookie, sessionKindOf, setDeviceCookie } from '../../plugins/session.ts';

/** A same-site path to go to after sign-out; anything else becomes `/`. */
const safeRedirect = (url: string | undefined): string => (url && /^\/(?!\/)[^\s\\]*$/.test(url) ? url : '/');

/** Sign-in with a password, sign-out, and the idle heartbeat. */
export function sessionRoutes(app: FastifyInstance, db: Db, config: AppConfig): void {
  registerRoute(app, r.login, async ({ params, body }, req, reply) => {
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
  });

  registerRoute(app, r.logout, async ({ body }, req, reply) => {
    await closeSession(db, config, req, reply);
    return { signedOut: true as const, redirectUrl: safeRedirect(body.redirectUrl) };
  });

  registerRoute(app, r.heartbeat, async ({ body }, req) => {
    const v = signedInViewer(req);
    const lastActive = Math.min(Date.now(), new Date(body.lastActive).getTime());
    const touched = await touchSession(db, v.sessionHash, new Date(lastActive));
    if (!touched) throw new AppError('UNAUTHORIZED', 'Sign in first');
    // The end the session plugin will apply: idle timeout after the stored last activity, or the absolute end.
    const ends = Math.min(touched.lastActiveAt.getTime() + config.idleTimeoutMs, touched.expiresAt.getTime());
    return { expiresAt: new Date(ends).toISOString(), idleTimeoutMs: config.idleTimeoutMs };
  });
}
