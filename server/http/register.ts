import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { jsonQuery } from '../../contract/filter.ts';
import { ZApiError } from '../../contract/error-shape.ts';
import type { AuthPolicy, CsrfPolicy, RateLimitRule, RouteDef } from '../../contract/route.ts';
import { enforcePolicy } from './auth.ts';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY, OWNER_TOKEN, OWNER_TOKEN_HEADER } from '../../contract/requests.ts';
import {
  canonicalJson,
  claimKey,
  completeKey,
  completion,
  fingerprintOf,
  hashOwnerToken,
  releaseKey,
  ReplayAnswer,
  type ClaimedKey,
  type IdempotentWrite,
} from '../domain/idempotency/idempotency.ts';
import type { Db } from '../db/client.ts';
import { routeRateLimit } from '../plugins/rate-limit.ts';
import { AppError } from '../domain/app-error.ts';
import type { AppConfig } from '../config.ts';
import { readVisitorId, setVisitorCookie } from '../plugins/session.ts';
import { demoRequestAllowed } from './demo-only.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's csrf rule, from its descriptor (read by the session plugin). */
    csrf?: CsrfPolicy;
    /** The route's auth policy, from its descriptor (enforced by `registerRoute`, read by the authorization matrix). */
    auth?: AuthPolicy;
    /** The route's rate limits, from its descriptor (applied by `registerRoute`, decision 037). */
    rateLimit?: readonly RateLimitRule[];
  }
  interface FastifyRequest {
    /**
     * On a route that declares `idempotency: 'required'`: stores the answer of this attempt's key. A use case
     * calls it inside its own transaction, so the answer commits with the write (decision 020); otherwise
     * `registerRoute` stores it after the handler returns.
     */
    idempotency?: IdempotentWrite;
  }
}

/**
 * The caller an Idempotency-Key belongs to (decisions 020 and 038): the account, the anonymous filer's owner token,
 * or else the browser's visitor id cookie. Never one scope shared by all visitors: anyone replaying another
 * visitor's key would get their answer (an owner token). Not the address either: it changes between a write and
 * its replay (a phone moving between networks). A client that sent no visitor id gets one in this answer; its
 * write is then in a scope of its own (the PWA makes the cookie before its first write, so its replays match).
 */
export function idempotencyScope(req: FastifyRequest, reply: FastifyReply, config: AppConfig): string {
  if (req.viewer.kind !== 'visitor') return `user:${req.viewer.userId}`;
  const token = req.headers[OWNER_TOKEN_HEADER];
  if (typeof token === 'string' && OWNER_TOKEN.test(token)) return `token:${hashOwnerToken(token)}`;
  let id = readVisitorId(req);
  if (!id) {
    id = crypto.randomBytes(32).toString('base64url');
    setVisitorCookie(reply, config, id);
  }
  return `visitor:${crypto.createHash('sha256').update(`visitor-id\0${id}`).digest('hex')}`;
}

/**
 * Who a request counts against besides its address (decision 037): the signed-in account, or a visitor's owner
 * token, hashed. Other visitors have only their address.
 */
export function rateLimitCaller(req: FastifyRequest): string | undefined {
  if (req.viewer.kind !== 'visitor') return `user:${req.viewer.userId}`;
  const token = req.headers[OWNER_TOKEN_HEADER];
  if (typeof token === 'string' && OWNER_TOKEN.test(token)) return `token:${hashOwnerToken(token)}`;
  return undefined;
}

/** The numbers each rule name was first registered with: two routes sharing a name must share its numbers. */
const ruleNumbers = new Map<string, string>();

type Out<T> = T extends z.ZodMiniType ? z.output<T> : undefined;

export type HandlerInput<R extends RouteDef> = {
  params: Out<R['params']>;
  query: (R['query'] extends z.ZodMiniType ? z.output<R['query']> : Record<string, never>) &
    (R['filter'] extends z.ZodMiniType ? { filter?: z.output<R['filter']> } : unknown);
  body: Out<R['body']>;
};

/**
 * A JSON answer that is already serialised (a cached catalog answer). Sent as is, skipping response
 * serialisation (the cache built it from data validated against the same schema), and compressed once per
 * cached answer rather than once per request: the compressed forms are kept on the body object itself.
 */
export class RawJson {
  constructor(
    readonly body: { text: string; gzip?: Buffer; br?: Buffer },
    /** The request headers the answer depends on (`Vary`); the encoding always. */
    readonly vary = 'accept-encoding',
  ) {}
}

const COMPRESS_MIN_BYTES = 1024;

function sendRaw(req: FastifyRequest, reply: FastifyReply, raw: RawJson): FastifyReply {
  reply.type('application/json; charset=utf-8').header('vary', raw.vary);
  const b = raw.body;
  const accepts = String(req.headers['accept-encoding'] ?? '');
  if (b.text.length >= COMPRESS_MIN_BYTES) {
    if (/\bbr\b/.test(accepts)) {
      b.br ??= zlib.brotliCompressSync(b.text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } });
      return reply.header('content-encoding', 'br').send(b.br);
    }
    if (/\bgzip\b/.test(accepts)) {
      b.gzip ??= zlib.gzipSync(b.text, { level: 6 });
      return reply.header('content-encoding', 'gzip').send(b.gzip);
    }
  }
  return reply.send(b.text);
}

export type Handler<R extends RouteDef> = (
  input: HandlerInput<R>,
  req: FastifyRequest,
  reply: FastifyReply,
) => Promise<z.input<R['response']> | RawJson>;

/** Server-side concerns of one route that the contract does not describe. */
export type RouteOptions<R extends RouteDef = RouteDef> = {
  /** Runs before the body is read, after the descriptor's rate limits (`rateLimit`, decision 037). */
  onRequest?: onRequestHookHandler[];
  /** A smaller body limit than the app's, in bytes. */
  bodyLimit?: number;
  /**
   * The handler answers `RawJson`, compressed once and kept (`sendRaw`): the compression plugin's hooks are left
   * off the route, as work done for nothing on every read.
   */
  precompressed?: true;
  /**
   * Runs before the auth policy, after input validation: a check whose answer must not depend on who asks (an
   * unknown `:userSlug` is an unknown path, 404 for everyone, before any 401).
   */
  beforeAuth?: (input: HandlerInput<R>) => Promise<unknown>;
};

/**
 * Registers a contract route: the same descriptor validates input, documents OpenAPI, types the handler and says
 * who may call it (its `auth` policy, enforced here before the handler runs).
 */
export function registerRoute<R extends RouteDef>(
  app: FastifyInstance,
  route: R,
  handler: Handler<R>,
  options: RouteOptions<R> = {},
): void {
  // Unknown query parameters and path parameters are rejected: every input is whitelisted.
  const querystring = z.strictObject({
    ...(route.query?.shape ?? {}),
    ...(route.filter ? { filter: z.optional(jsonQuery(route.filter)) } : {}),
  });
  const errorCodes = Array.from(new Set([...route.errors, 'INVALID_INPUT', 'INTERNAL_SERVER_ERROR']));
  const routeKey = `${route.method} ${route.path}`;
  const headerNames = route.headers ? Object.keys(route.headers.shape).sort() : [];
  const status = route.status ?? 200;
  const onRequest = [...(options.onRequest ?? [])];
  if (route.rateLimit && route.rateLimit.length > 0) {
    for (const rule of route.rateLimit) {
      const numbers = JSON.stringify([rule.windowMs, rule.perAddress, rule.perCaller ?? null]);
      const known = ruleNumbers.get(rule.name);
      if (known !== undefined && known !== numbers)
        throw new Error(`Rate limit ${rule.name} is declared with two sets of numbers (${routeKey})`);
      ruleNumbers.set(rule.name, numbers);
    }
    onRequest.unshift(routeRateLimit(route.rateLimit, app.config.rateLimitFactor, rateLimitCaller));
  }
  app.withTypeProvider<ZodTypeProvider>().route({
    method: route.method,
    url: route.path,
    ...(onRequest.length > 0 ? { onRequest } : {}),
    ...(options.bodyLimit || route.rawBody ? { bodyLimit: options.bodyLimit ?? route.rawBody?.maxBytes } : {}),
    // A route without a body has nothing to decompress; a precompressed one nothing to compress.
    ...(route.body || route.rawBody ? {} : { decompress: false as const }),
    ...(options.precompressed ? { compress: false as const } : {}),
    config: { csrf: route.csrf ?? 'required', auth: route.auth, rateLimit: route.rateLimit ?? [] },
    schema: {
      summary: route.summary,
      tags: [...route.tags],
      description: `Error codes: ${errorCodes.join(', ')}`,
      ...(route.params ? { params: z.strictObject(route.params.shape) } : {}),
      querystring,
      ...(route.body ? { body: route.body } : {}),
      // Other headers pass through untouched (cookies, the csrf token, Idempotency-Key).
      ...(route.headers ? { headers: z.looseObject(route.headers.shape) } : {}),
      response: { [status]: route.response, '4xx': ZApiError, '5xx': ZApiError },
    },
    handler: async (req, reply) => {
      const input = { params: req.params, query: req.query, body: req.body } as HandlerInput<R>;
      // A demo-only route does not exist outside demo mode, nor for a request addressed to another name.
      if (route.demoOnly && !demoRequestAllowed(req, app.config)) throw new AppError('NOT_FOUND', 'Not available');
      if (options.beforeAuth) await options.beforeAuth(input);
      enforcePolicy(req, route.auth, req.params);
      if (route.idempotency !== 'required') {
        const result = await handler(input, req, reply);
        reply.status(status);
        if (result instanceof RawJson) return sendRaw(req, reply, result);
        return result;
      }
      return idempotent(req, reply, async () => {
        const result = await handler(input, req, reply);
        return result instanceof RawJson ? (JSON.parse(result.body.text) as unknown) : result;
      });
    },
  });

  /**
   * A replayable write (decision 020): claims the caller's Idempotency-Key, answers a repeat with the first
   * answer (`Idempotent-Replayed: true`), stores this answer (the use case may already have stored it in its
   * transaction), and frees the key when the write is refused.
   */
  async function idempotent(req: FastifyRequest, reply: FastifyReply, run: () => Promise<unknown>): Promise<unknown> {
    const db = app.deps.database.db;
    const key = req.headers[IDEMPOTENCY_HEADER];
    if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key))
      throw new AppError(
        'IDEMPOTENCY_KEY_MISSING',
        'An Idempotency-Key header (16 to 128 URL-safe characters, a UUID) is required',
      );
    const scope = idempotencyScope(req, reply, app.config);
    const fingerprint = (body: string | Buffer) =>
      fingerprintOf([
        routeKey,
        req.url.split('?')[0] ?? '',
        ...headerNames.map((h) => `${h}:${String(req.headers[h] ?? '')}`),
        body,
      ]);
    const replay = (status: number, body: string) =>
      reply.status(status).header('idempotent-replayed', 'true').type('application/json; charset=utf-8').send(body);
    let held: ClaimedKey | undefined;
    let completed = false;
    const complete = async (tx: Db, answer: unknown) => {
      if (!held) throw new Error(`${routeKey} completed its Idempotency-Key before claiming it`);
      await completeKey(tx, held, status, answer);
      completed = true;
    };
    // A write of one statement embeds the completion: if that statement fails, the handler throws and the key is
    // freed below as for any refused write; if it succeeds, the key is completed.
    const completionOf = (tx: Db, answer: unknown) => {
      if (!held) throw new Error(`${routeKey} completed its Idempotency-Key before claiming it`);
      completed = true;
      return completion(tx, held, status, answer);
    };
    if (route.rawBody) {
      // The body is streamed by the use case: the key is claimed once its bytes are hashed (claimBody), so that the
      // fingerprint covers them; a repeat of a completed key comes back as ReplayAnswer.
      req.idempotency = {
        complete,
        completion: completionOf,
        claimBody: async (sha256) => {
          const claim = await claimKey(db, { scope, key, route: routeKey, fingerprint: fingerprint(`sha256:${sha256}`) });
          if (claim.kind === 'replay') throw new ReplayAnswer(claim.status, claim.body);
          held = claim.key;
        },
      };
    } else {
      const claim = await claimKey(db, {
        scope,
        key,
        route: routeKey,
        fingerprint: fingerprint(Buffer.isBuffer(req.body) ? req.body : canonicalJson(req.body ?? null)),
      });
      if (claim.kind === 'replay') return replay(claim.status, claim.body);
      held = claim.key;
      req.idempotency = { complete, completion: completionOf };
    }
    let answer: unknown;
    try {
      answer = await run();
    } catch (err) {
      if (err instanceof ReplayAnswer) return replay(err.status, err.body);
      // Refused or failed: nothing was written (or the write rolled back), so the key is free for a retry.
      if (held) await releaseKey(db, held).catch(() => undefined);
      throw err;
    }
    if (!held) throw new Error(`${routeKey} answered without claiming its Idempotency-Key`);
    if (!completed) await completeKey(db, held, status, answer);
    reply.status(status);
    return answer;
  }
}
