import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TApiError } from '../../contract/errors.ts';

const STATE_CHANGING = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/** `scheme://host[:port]` in canonical form (lower case, default port dropped), or undefined if not a URL. */
function canonicalOrigin(value: string): string | undefined {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/** The origin this request was addressed to (behind a proxy, from X-Forwarded-Proto and -Host: trustProxy). */
const ownOrigin = (req: FastifyRequest): string | undefined => canonicalOrigin(`${req.protocol}://${req.host}`);

/**
 * Refuses cross-site state changes: a POST, PATCH, PUT or DELETE to /api/* whose `Origin` header is present and
 * is neither the request's own origin nor PUBLIC_ORIGIN answers 403 FORBIDDEN. Requests without `Origin`
 * (server to server, tests) pass; CSRF tokens for signed-in calls come with the identity work.
 */
export function registerOriginCheck(app: FastifyInstance, publicOrigin: string | undefined): void {
  const configured = publicOrigin ? canonicalOrigin(publicOrigin) : undefined;
  // A callback hook, not an async one: it runs on every request, and most pass at once.
  app.addHook('onRequest', (req, reply, done) => {
    const header = req.headers.origin;
    if (!STATE_CHANGING.has(req.method) || !req.url.startsWith('/api/') || header === undefined) return done();
    const origin = canonicalOrigin(header);
    if (origin !== undefined && (origin === configured || origin === ownOrigin(req))) return done();
    void reply.status(403).send({ code: 'FORBIDDEN', message: 'Cross-origin request refused' } satisfies TApiError);
  });
}
