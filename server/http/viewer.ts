import type { FastifyRequest } from 'fastify';
import type { Audience } from '../domain/catalog/catalog-store.ts';
import type { TUserKind } from '../../contract/identity.ts';
import type { CallerKind } from '../../contract/route.ts';

/**
 * Who is asking, set by the session plugin (server/plugins/session.ts) from the session cookie:
 * - visitor: no valid session (`expired` says a session existed but timed out: GRANT_EXPIRED rather than UNAUTHORIZED);
 * - citizen, staff (employee slugs) or agent (agent and agent employee), with roles and the session's handles.
 */
export type SignedInViewer = {
  kind: CallerKind;
  userId: string;
  userSlug: string;
  userKind: TUserKind;
  roles: readonly string[];
  sessionHash: string;
  csrfToken: string;
  /** For an agent: the citizen they act for. */
  actingFor: string | null;
};
export type Viewer = { kind: 'visitor'; expired?: boolean } | SignedInViewer;

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer;
  }
}

/**
 * Staff and agents see every service (spec section 6); a citizen the services offered to their user type (decision
 * 074; the catalog store shares the visitor's answers with every type no service is limited to); a visitor the
 * services offered to everyone.
 */
export const audienceOf = (req: FastifyRequest): Audience =>
  req.viewer.kind === 'staff' || req.viewer.kind === 'agent'
    ? 'staff'
    : req.viewer.kind === 'citizen'
      ? `type:${req.viewer.userSlug}`
      : 'public';

export const viewerKindOf = (userKind: TUserKind): SignedInViewer['kind'] =>
  userKind === 'citizen' ? 'citizen' : userKind === 'employee' ? 'staff' : 'agent';
