import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { TApiError } from '../../contract/errors.ts';

export type RateLimitOptions = {
  /** Requests allowed per client IP in one window. */
  max: number;
  windowMs: number;
  /** Clients remembered in one window; beyond it the oldest entry is forgotten (memory stays bounded). */
  maxClients?: number;
  /** The clock, for tests. */
  now?: () => number;
};

/**
 * A fixed-window counter per key (the client IP), in memory and per process. Windows are aligned to the clock
 * (`now - now % windowMs`), so the whole map is dropped when a window ends: memory holds one window of clients,
 * at most `maxClients`.
 */
export class FixedWindowLimiter {
  private windowStart = -1;
  private readonly counts = new Map<string, number>();
  private readonly maxClients: number;
  private readonly now: () => number;

  constructor(
    readonly max: number,
    readonly windowMs: number,
    options: Pick<RateLimitOptions, 'maxClients' | 'now'> = {},
  ) {
    this.maxClients = options.maxClients ?? 50_000;
    this.now = options.now ?? Date.now;
  }

  /** Counts one request of `key`; when it is over the limit, says how many seconds until the window ends. */
  hit(key: string): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    const now = this.now();
    const start = now - (now % this.windowMs);
    if (start !== this.windowStart) {
      this.windowStart = start;
      this.counts.clear();
    }
    const count = (this.counts.get(key) ?? 0) + 1;
    if (count === 1 && this.counts.size >= this.maxClients) {
      const oldest = this.counts.keys().next();
      if (!oldest.done) this.counts.delete(oldest.value);
    }
    this.counts.set(key, count);
    if (count <= this.max) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((start + this.windowMs - now) / 1000)) };
  }

  /** Clients counted in the current window (for tests and metrics). */
  get size(): number {
    return this.counts.size;
  }
}

/**
 * A route's `onRequest` hook that answers 429 TOO_MANY_REQUESTS with `Retry-After` (seconds) once a client IP
 * has made `max` requests in the window. Runs before the body is read. Applied per route:
 * `registerRoute(app, route, handler, { onRequest: [rateLimit({ max: 10, windowMs: 60_000 })] })`.
 */
export function rateLimit(options: RateLimitOptions): onRequestHookHandler {
  const limiter = new FixedWindowLimiter(options.max, options.windowMs, options);
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const result = limiter.hit(req.ip);
    if (result.allowed) return;
    return reply
      .status(429)
      .header('retry-after', String(result.retryAfterSeconds))
      .send({
        code: 'TOO_MANY_REQUESTS',
        message: `Too many requests: try again in ${result.retryAfterSeconds} s`,
      } satisfies TApiError);
  };
}
