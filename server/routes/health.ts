import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';

/** Liveness and readiness for load balancers and orchestrators. Not part of the public API contract. */
export function healthRoutes(app: FastifyInstance, database: Database): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    const r = await database.ready();
    return reply
      .status(r.ok ? 200 : 503)
      .send(r.ok ? { status: 'ready', driver: database.driver } : { status: 'not-ready', reason: r.reason });
  });
}
