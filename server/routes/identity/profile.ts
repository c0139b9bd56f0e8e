import type { FastifyInstance } from 'fastify';
import { identityRoutes as r } from '../../../contract/routes-identity.ts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { findUser, loadUserType, toCurrentUser, type UserRow, type UserTypeRow } from '../../domain/identity/accounts.ts';
import { changePassword } from '../../domain/identity/password.ts';
import { updateProfile } from '../../domain/identity/profile.ts';
import { AppError } from '../../domain/app-error.ts';
import { signedInViewer } from '../../http/auth.ts';
import { registerRoute } from '../../http/register.ts';
import { langOf } from '../../http/sign-in.ts';

/** The current user: read, edit, change password (the `self` policy admits only the path's own user). */
export function profileRoutes(app: FastifyInstance, db: Db, config: AppConfig): void {
  const loadSelf = async (userSlug: string, userId: string): Promise<{ user: UserRow; kind: UserTypeRow['kind'] }> => {
    const user = await findUser(db, userId);
    if (!user || user.userSlug !== userSlug) throw new AppError('NOT_FOUND', 'No such user');
    return { user, kind: (await loadUserType(db, userSlug)).kind };
  };

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
    const updated = await updateProfile(db, config, { user, patch: body as Record<string, unknown>, lang: langOf(req) });
    return toCurrentUser(db, updated, kind);
  });

  registerRoute(app, r.changePassword, async ({ body }, req) => {
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
  });
}
