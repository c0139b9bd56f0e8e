import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { identityRoutes as r } from '../../contract/routes-identity.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { continueSignIn, loadUserType } from '../domain/identity/accounts.ts';
import { signInContext } from '../http/sign-in.ts';
import {
  OIDC_STATE_TTL_MINUTES,
  accountForExternalIdentity,
  beginExternalSignIn,
  completeExternalSignIn,
  newBrowserBinding,
} from '../domain/identity/oidc.ts';
import { AppError } from '../domain/app-error.ts';
import { registerRoute } from '../http/register.ts';
import { readCookie, sessionKindOf } from '../plugins/session.ts';

/** The SPA route the provider sends the browser back to (spec section 2 "Other routes"). */
export const AUTH_CALLBACK_PATH = '/auth-callback';

const canonicalOrigin = (value: string): string | undefined => {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
};

/**
 * External sign-in (OpenID Connect): `getAuthenticationMeta` answers whether it is offered and the provider's
 * address; `exchangeToken` turns the code the provider returned to /auth-callback into a sign-in. The flow is
 * tied to the browser that started it by a short-lived HttpOnly cookie (login CSRF).
 */
export function oidcRoutes(app: FastifyInstance, db: Db, config: AppConfig): void {
  const cookieName = config.secureCookies ? '__Host-kahraba_oidc' : 'kahraba_oidc';
  const cookieAttrs = (maxAge: number) =>
    ['Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAge}`, ...(config.secureCookies ? ['Secure'] : [])].join('; ');
  const bindingOf = (req: FastifyRequest): string | undefined => {
    const v = readCookie(req, cookieName);
    return v && /^[A-Za-z0-9_-]{32}$/.test(v) ? v : undefined;
  };

  /** The redirect URI must be this portal's /auth-callback (PUBLIC_ORIGIN or the address the request came to). */
  const checkRedirect = (req: FastifyRequest, redirectUrl: string): string => {
    const allowed = new Set(
      [config.publicOrigin, `${req.protocol}://${req.host}`]
        .map((o) => (o ? canonicalOrigin(o) : undefined))
        .filter((o): o is string => !!o)
        .map((o) => `${o}${AUTH_CALLBACK_PATH}`),
    );
    let normalised: string | undefined;
    try {
      const u = new URL(redirectUrl);
      normalised = !u.search && !u.hash ? `${u.origin}${u.pathname}` : undefined;
    } catch {
      normalised = undefined;
    }
    if (!normalised || !allowed.has(normalised))
      throw new AppError('INVALID_INPUT', `redirectUrl must be this portal's ${AUTH_CALLBACK_PATH}`, {
        fieldErrors: { redirectUrl: ['redirect-invalid'] },
      });
    return normalised;
  };

  registerRoute(app, r.authMeta, async ({ params, query }, req, reply: FastifyReply) => {
    const type = await loadUserType(db, params.userSlug);
    const oidc = config.oidc;
    if (!oidc || !type.registration) return { enabled: false, authorizationUrl: null, providerName: null };
    const redirectUri = checkRedirect(req, query.redirectUrl);
    // One binding per browser: asking again (another tab, a re-render) keeps the earlier URLs usable.
    const binding = bindingOf(req) ?? newBrowserBinding();
    const authorizationUrl = await beginExternalSignIn(db, oidc, { userSlug: type.userSlug, redirectUri, binding });
    reply.header('set-cookie', `${cookieName}=${binding}; ${cookieAttrs(OIDC_STATE_TTL_MINUTES * 60)}`);
    reply.header('cache-control', 'no-store');
    return { enabled: true, authorizationUrl, providerName: oidc.providerName };
  });

  registerRoute(app, r.exchangeToken, async ({ params, body }, req, reply) => {
    const type = await loadUserType(db, params.userSlug);
    const oidc = config.oidc;
    if (!oidc || !type.registration) throw new AppError('NOT_FOUND', 'External sign-in is not offered');
    if (req.viewer.kind !== 'visitor' && sessionKindOf(req) === 'user')
      throw new AppError('ALREADY_LOGGED_IN', 'Already signed in');
    const claims = await completeExternalSignIn(db, oidc, {
      userSlug: type.userSlug,
      code: body.token,
      state: body.state,
      iss: body.iss,
      redirectUri: checkRedirect(req, body.redirectUrl),
      binding: bindingOf(req),
    });
    const user = await accountForExternalIdentity(db, type, claims);
    reply.header('set-cookie', `${cookieName}=; ${cookieAttrs(0)}`);
    // The provider proved who the person is: no mobile step; a registered second factor still applies.
    return continueSignIn(signInContext(db, config, req, reply), user, type.kind, { skipMobile: true });
  });
}
