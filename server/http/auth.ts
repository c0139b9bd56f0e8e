import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import type { SignedInViewer } from './viewer.ts';

/**
 * Authorization on the server (quality.md "Security"): every handler states who may call it with one of these.
 * A visitor gets 401 UNAUTHORIZED (GRANT_EXPIRED when their session timed out); a signed-in user who may not
 * gets 403 FORBIDDEN.
 */
export function requireSignedIn(req: FastifyRequest): SignedInViewer {
  const v = req.viewer;
  if (v.kind === 'visitor') {
    throw v.expired
      ? new AppError('GRANT_EXPIRED', 'The session expired: sign in again')
      : new AppError('UNAUTHORIZED', 'Sign in first');
  }
  return v;
}

/** The signed-in user themself (their own record): anyone else is refused. */
export function requireSelf(req: FastifyRequest, userSlug: string, userId: string): SignedInViewer {
  const v = requireSignedIn(req);
  if (v.userId !== userId || v.userSlug !== userSlug) throw new AppError('FORBIDDEN', 'Not your account');
  return v;
}

export function requireKind(req: FastifyRequest, kinds: readonly SignedInViewer['kind'][]): SignedInViewer {
  const v = requireSignedIn(req);
  if (!kinds.includes(v.kind)) throw new AppError('FORBIDDEN', 'Not allowed for this account type');
  return v;
}

/** Staff with at least one of the roles (spec section 6 role names). */
export function requireStaffRole(req: FastifyRequest, roles: readonly string[]): SignedInViewer {
  const v = requireKind(req, ['staff']);
  if (!roles.some((r) => v.roles.includes(r))) throw new AppError('FORBIDDEN', `Needs one of the roles ${roles.join(', ')}`);
  return v;
}
