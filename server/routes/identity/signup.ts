import type { FastifyInstance } from 'fastify';
import { identityRoutes as r } from '../../../contract/routes-identity.ts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { listUserTypes, signUp } from '../../domain/identity/signup.ts';
import { AppError } from '../../domain/app-error.ts';
import { registerRoute } from '../../http/register.ts';
import { langOf } from '../../http/sign-in.ts';

/** User types (the sign-up form's schema) and sign-up. */
export function signupRoutes(app: FastifyInstance, db: Db, config: AppConfig): void {
  registerRoute(app, r.userTypeFindOne, async ({ query }) => {
    const [found] = await listUserTypes(db, query.filter?.where as never);
    if (!found) throw new AppError('MODEL_NOT_FOUND', 'No such user type');
    return found;
  });
  registerRoute(app, r.userTypes, async ({ query }) => listUserTypes(db, query.filter?.where as never));

  registerRoute(app, r.signup, async ({ params, body }, req) =>
    signUp(db, config, { userSlug: params.userSlug, signedIn: req.viewer.kind !== 'visitor', lang: langOf(req), body }),
  );
}
