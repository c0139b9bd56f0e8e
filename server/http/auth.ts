import type { FastifyRequest } from 'fastify';
import type { AuthPolicy } from '../../contract/route.ts';
import { AppError } from '../domain/app-error.ts';
import type { SignedInViewer } from './viewer.ts';

/**
 * Authorization on the server (quality.md "Security"): every route declares who may call it (`auth` on its
 * descriptor), which `enforcePolicy` applies with these; a handler uses them itself only for finer checks.
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

/**
 * The caller of a route whose policy admits only signed-in users (anything but `public`): the policy already
 * answered 401 to a visitor, so a visitor here is a descriptor that says `public` where it means otherwise.
 */
export function signedInViewer(req: FastifyRequest): SignedInViewer {
  const v = req.viewer;
  if (v.kind === 'visitor') throw new Error(`${req.method} ${req.routeOptions.url}: the route's policy admits visitors`);
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

/**
 * A route's declared policy (`auth` on its descriptor, contract/route.ts), applied by `registerRoute` before the
 * handler runs, with the functions above: handlers no longer repeat what the descriptor says.
 */
export function enforcePolicy(req: FastifyRequest, policy: AuthPolicy, params: unknown): void {
  if (policy === 'public') return;
  const path = (params ?? {}) as { userSlug?: unknown; userId?: unknown };
  if (policy === 'signedIn') {
    requireSignedIn(req);
  } else if (policy === 'ownType') {
    const v = requireSignedIn(req);
    if (v.userSlug !== path.userSlug) throw new AppError('FORBIDDEN', 'Not your account type');
  } else if (policy === 'self') {
    requireSelf(req, String(path.userSlug), String(path.userId));
  } else {
    const v = requireSignedIn(req);
    if (policy.kinds?.includes(v.kind)) return;
    if (policy.roles && v.kind === 'staff') requireStaffRole(req, policy.roles);
    else throw new AppError('FORBIDDEN', 'Not allowed for this account type');
  }
}
