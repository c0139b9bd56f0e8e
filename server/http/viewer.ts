import type { FastifyRequest } from 'fastify';
import type { Audience } from '../domain/catalog/catalog-store.ts';

/**
 * Who is asking. Until accounts exist (identity issue) every caller is a visitor; the identity layer will set
 * `request.viewer` from the session, and staff will then see services hidden on web.
 */
export type Viewer =
  { kind: 'visitor' } | { kind: 'citizen'; userId: string } | { kind: 'staff'; userId: string; roles: string[] };

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer;
  }
}

export const audienceOf = (req: FastifyRequest): Audience => (req.viewer.kind === 'staff' ? 'staff' : 'public');
