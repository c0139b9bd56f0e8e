import type { FastifyInstance } from 'fastify';
import { identityRoutes as r } from '../../../contract/routes-identity.ts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { CODE_POLICY, continueSignIn, loadUserType, resendMobileCode, verifyMobileCode } from '../../domain/identity/accounts.ts';
import { confirmEmail, resendEmailVerification } from '../../domain/identity/profile.ts';
import { requestPasswordReset, resetPassword, validateResetCode } from '../../domain/identity/reset.ts';
import { AppError } from '../../domain/app-error.ts';
import { signedInViewer } from '../../http/auth.ts';
import { registerRoute } from '../../http/register.ts';
import { bearer, langOf, signInContext } from '../../http/sign-in.ts';

/** Codes and links: forgot password, mobile verification, e-mail verification. */
export function verificationRoutes(app: FastifyInstance, db: Db, config: AppConfig): void {
  registerRoute(app, r.forgetPassword, async ({ params, body }, req) =>
    requestPasswordReset(db, config, {
      userSlug: params.userSlug,
      identifier: body.identifier,
      channel: body.channel,
      lang: langOf(req),
      ip: req.ip,
    }),
  );

  registerRoute(app, r.validateResetOtp, async ({ body }, req) => validateResetCode(db, { ...body, ip: req.ip }));

  registerRoute(app, r.resetPassword, async ({ body }, req) => {
    await resetPassword(db, config, { token: bearer(req), password: body.password, lang: langOf(req) });
    return { reset: true as const };
  });

  registerRoute(app, r.sendMobileVerification, async ({ body }, req) => {
    await resendMobileCode(db, body.verificationToken, langOf(req));
    return {
      sent: true as const,
      resendAfterSeconds: CODE_POLICY.resendAfterSeconds,
      expiresInMinutes: CODE_POLICY.codeTtlMinutes,
    };
  });

  registerRoute(app, r.verifyMobile, async ({ body }, req, reply) => {
    const user = await verifyMobileCode(db, body);
    const type = await loadUserType(db, user.userSlug);
    return continueSignIn(signInContext(db, config, req, reply), user, type.kind);
  });

  registerRoute(app, r.resendEmailVerification, async ({ params }, req) => {
    const { emailMasked } = await resendEmailVerification(db, config, { userId: params.userId, lang: langOf(req) });
    return { sent: true as const, emailMasked, resendAfterSeconds: CODE_POLICY.resendAfterSeconds };
  });

  registerRoute(app, r.verifyEmail, async ({ params, body }, req) => {
    const v = signedInViewer(req);
    if (v.userSlug !== params.userSlug) throw new AppError('notAuthorized', 'This link belongs to another account');
    const { email } = await confirmEmail(db, { userId: v.userId, token: body.token });
    return { verified: true as const, email };
  });
}
