import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { profileRoutes } from './profile.ts';
import { sessionRoutes } from './sessions.ts';
import { signupRoutes } from './signup.ts';
import { verificationRoutes } from './verification.ts';

export { IDENTITY_LIMITS } from './limits.ts';

/**
 * The identity routes, one file per flow: user types and sign-up, sessions, profile, codes and links. Handlers
 * turn a request into plain data for the use cases of server/domain/identity and hold no queries (decision 014).
 */
export function identityRoutes(app: FastifyInstance, db: Db, config: AppConfig): void {
  signupRoutes(app, db, config);
  sessionRoutes(app, db, config);
  profileRoutes(app, db, config);
  verificationRoutes(app, db, config);
}
