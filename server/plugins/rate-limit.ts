import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { lte, sql } from 'drizzle-orm';
import type { TApiError } from '../../contract/errors.ts';
import type { RateLimitRule } from '../../contract/route.ts';
import type { Db } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema.ts';

export type RateLimitOptions = {
  /**
   * The counter's name: requests to every route given this limit count together, in every process. Each
   * `rateLimit(...)` call names its own (a second call with the same name would share its counts).
   */
  name: string;
  /** Requests allowed per client IP in one window. */
  max: number;
  windowMs: number;
};

/** How an in-memory limiter keeps its counts. */
export type LimiterOptions = {
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
    options: LimiterOptions = {},
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

export type HitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** One count to take: a limit and who it counts. */
export type Hit = { limit: RateLimitOptions; client: string };

/** Where the counters live: this process's memory, or the database every process shares. */
export type RateLimitStore = {
  hit(limit: RateLimitOptions, client: string): Promise<HitResult>;
  /**
   * Takes the counts in order and stops at the first over its limit (that one and those before it stand, the ones
   * after it are not taken): the same as `hit` one after the other, in one round trip where the store has trips.
   */
  hitMany(hits: readonly Hit[]): Promise<HitResult>;
};

/** `hitMany` as `hit` one after the other. */
async function hitInTurn(store: RateLimitStore, hits: readonly Hit[]): Promise<HitResult> {
  for (const h of hits) {
    const result = await store.hit(h.limit, h.client);
    if (!result.allowed) return result;
  }
  return { allowed: true };
}

const retryAfter = (end: number, now: number) => Math.max(1, Math.ceil((end - now) / 1000));

/** Counters in memory, one limiter per limit name: for the embedded database, which one process holds. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly limiters = new Map<string, FixedWindowLimiter>();

  constructor(private readonly options: LimiterOptions = {}) {}

  hit(limit: RateLimitOptions, client: string): Promise<HitResult> {
    let limiter = this.limiters.get(limit.name);
    if (!limiter) {
      limiter = new FixedWindowLimiter(limit.max, limit.windowMs, this.options);
      this.limiters.set(limit.name, limiter);
    }
    return Promise.resolve(limiter.hit(client));
  }

  hitMany(hits: readonly Hit[]): Promise<HitResult> {
    return hitInTurn(this, hits);
  }
}

/**
 * Counters in `rate_limit_counters`, shared by every process on one PostgreSQL (several processes behind a proxy
 * count one client's requests together): one upsert per request, windows aligned to the clock as in memory.
 * Ended windows are removed by the hourly clean-up (`purgeRateLimits`).
 */
export class DatabaseRateLimitStore implements RateLimitStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async hit(limit: RateLimitOptions, client: string): Promise<HitResult> {
    const now = this.now();
    const end = now - (now % limit.windowMs) + limit.windowMs;
    const [row] = await this.db
      .insert(rateLimitCounters)
      .values({ name: limit.name, client, windowEnd: new Date(end), count: 1 })
      .onConflictDoUpdate({
        target: [rateLimitCounters.name, rateLimitCounters.client, rateLimitCounters.windowEnd],
        set: { count: sql`${rateLimitCounters.count} + 1` },
      })
      .returning({ count: rateLimitCounters.count });
    if ((row?.count ?? 1) <= limit.max) return { allowed: true };
    return { allowed: false, retryAfterSeconds: retryAfter(end, now) };
  }

  /**
   * One statement of chained upserts (decision 046): each count is taken only when every count before it is
   * within its limit, as `hit` one after the other would. A counter named twice (one row cannot be updated twice
   * in one statement) is counted in turn instead.
   */
  async hitMany(hits: readonly Hit[]): Promise<HitResult> {
    if (hits.length < 2) return hits[0] ? this.hit(hits[0].limit, hits[0].client) : { allowed: true };
    if (new Set(hits.map((h) => `${h.limit.name}\u0000${h.client}\u0000${h.limit.windowMs}`)).size < hits.length)
      return hitInTurn(this, hits);
    const now = this.now();
    const ends = hits.map((h) => now - (now % h.limit.windowMs) + h.limit.windowMs);
    const steps = hits.map((h, i) => {
      const within = hits.slice(0, i).map((p, j) => sql`(select count from h${sql.raw(String(j))}) <= ${p.limit.max}`);
      const when = within.length ? sql` where ${sql.join(within, sql` and `)}` : sql``;
      return sql`h${sql.raw(String(i))} as (
        insert into rate_limit_counters (name, client, window_end, count)
        select ${h.limit.name}, ${h.client}, ${new Date(ends[i]!).toISOString()}::timestamptz, 1${when}
        on conflict (name, client, window_end) do update set count = rate_limit_counters.count + 1
        returning count)`;
    });
    const counts = sql.join(
      hits.map((_, i) => sql`(select count from h${sql.raw(String(i))}) as c${sql.raw(String(i))}`),
      sql`, `,
    );
    const result = await this.db.execute(sql`with ${sql.join(steps, sql`, `)} select ${counts}`);
    const row = (result as unknown as { rows: Record<string, number | null>[] }).rows[0] ?? {};
    for (const [i, h] of hits.entries()) {
      const count = row[`c${i}`];
      if (count === null || count === undefined) break;
      if (Number(count) > h.limit.max) return { allowed: false, retryAfterSeconds: retryAfter(ends[i]!, now) };
    }
    return { allowed: true };
  }
}

/** Removes the counters of ended windows (the hourly clean-up). */
export async function purgeRateLimits(db: Db, now = new Date()): Promise<number> {
  const gone = await db
    .delete(rateLimitCounters)
    .where(lte(rateLimitCounters.windowEnd, now))
    .returning({ name: rateLimitCounters.name });
  return gone.length;
}

function tooMany(reply: FastifyReply, retryAfterSeconds: number): FastifyReply {
  return reply
    .status(429)
    .header('retry-after', String(retryAfterSeconds))
    .send({
      code: 'TOO_MANY_REQUESTS',
      message: `Too many requests: try again in ${retryAfterSeconds} s`,
    } satisfies TApiError);
}

/**
 * An `onRequest` hook that answers 429 TOO_MANY_REQUESTS with `Retry-After` (seconds) once a client IP has made
 * `max` requests in the window. Runs before the body is read. Routes declare their limits in their descriptor
 * (`rateLimit`, decision 037) and `registerRoute` applies them with `routeRateLimit`; this one is for a hook of
 * its own. The counters are the app's store (`deps.rateLimits`): shared through the database on PostgreSQL, in
 * memory on the embedded database.
 */
export function rateLimit(options: RateLimitOptions): onRequestHookHandler {
  const limit = { ...options };
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const result = await req.server.deps.rateLimits.hit(limit, req.ip);
    if (!result.allowed) return tooMany(reply, result.retryAfterSeconds);
  };
}

/**
 * How many times a rule's address budget the known callers (accounts, owner-token holders) of one address share:
 * carrier-grade NAT puts a whole neighbourhood's phones behind one address, and each of them has its own budget.
 */
export const KNOWN_CALLERS_ADDRESS_FACTOR = 10;

/**
 * Who a request counts against besides its address: the signed-in account, or a visitor's owner token (hashed:
 * the counters never hold a token). `undefined` for other visitors, who have only their address.
 */
export type CallerKeyOf = (req: FastifyRequest) => string | undefined;

/**
 * The hook of a route's declared limits (decision 037): for each rule, one count per client address and, when
 * the caller is known (`callerKey`) and the rule has a caller budget, one per caller (a counter named
 * `<rule>:caller`) and the address's count among known callers (`<rule>:known`, `KNOWN_CALLERS_ADDRESS_FACTOR`
 * times the address budget) instead of the anonymous one. The first count over its
 * limit answers 429 TOO_MANY_REQUESTS; the counts before it stand (a refused request still counts). `factor`
 * multiplies every limit (RATE_LIMIT_FACTOR).
 */
export function routeRateLimit(rules: readonly RateLimitRule[], factor: number, callerKey: CallerKeyOf): onRequestHookHandler {
  const limits = rules.map((r) => ({
    address: { name: r.name, max: r.perAddress * factor, windowMs: r.windowMs },
    caller: r.perCaller === undefined ? undefined : { name: `${r.name}:caller`, max: r.perCaller * factor, windowMs: r.windowMs },
    knownAddress: { name: `${r.name}:known`, max: r.perAddress * KNOWN_CALLERS_ADDRESS_FACTOR * factor, windowMs: r.windowMs },
  }));
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const caller = limits.some((l) => l.caller) ? callerKey(req) : undefined;
    // A known caller has a budget of its own; its address (a mobile network's, shared by many citizens) only a
    // flood's ceiling, counted apart from the anonymous visitors' address budget.
    const hits = limits.flatMap((l): Hit[] =>
      l.caller && caller !== undefined
        ? [
            { limit: l.knownAddress, client: req.ip },
            { limit: l.caller, client: caller },
          ]
        : [{ limit: l.address, client: req.ip }],
    );
    const result = await req.server.deps.rateLimits.hitMany(hits);
    if (!result.allowed) return tooMany(reply, result.retryAfterSeconds);
  };
}
