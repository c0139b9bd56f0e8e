import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { jsonQuery } from '../../contract/filter.ts';
import { ZApiError } from '../../contract/errors.ts';
import type { AuthPolicy, CsrfPolicy, RouteDef } from '../../contract/route.ts';
import { enforcePolicy } from './auth.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's csrf rule, from its descriptor (read by the session plugin). */
    csrf?: CsrfPolicy;
    /** The route's auth policy, from its descriptor (enforced by `registerRoute`, read by the authorization matrix). */
    auth?: AuthPolicy;
  }
}

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
  constructor(readonly body: { text: string; gzip?: Buffer; br?: Buffer }) {}
}

const COMPRESS_MIN_BYTES = 1024;

function sendRaw(req: FastifyRequest, reply: FastifyReply, raw: RawJson): FastifyReply {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
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
  /** Runs before the body is read: rate limits (`server/plugins/rate-limit.ts`). */
  onRequest?: onRequestHookHandler[];
  /** A smaller body limit than the app's, in bytes. */
  bodyLimit?: number;
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
  const status = route.status ?? 200;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: route.method,
    url: route.path,
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    config: { csrf: route.csrf ?? 'required', auth: route.auth },
    schema: {
      summary: route.summary,
      tags: [...route.tags],
      description: `Error codes: ${errorCodes.join(', ')}`,
      ...(route.params ? { params: z.strictObject(route.params.shape) } : {}),
      querystring,
      ...(route.body ? { body: route.body } : {}),
      response: { [status]: route.response, '4xx': ZApiError, '5xx': ZApiError },
    },
    handler: async (req, reply) => {
      const input = { params: req.params, query: req.query, body: req.body } as HandlerInput<R>;
      if (options.beforeAuth) await options.beforeAuth(input);
      enforcePolicy(req, route.auth, req.params);
      const result = await handler(input, req, reply);
      reply.status(status);
      if (result instanceof RawJson) return sendRaw(req, reply, result);
      return result;
    },
  });
}
