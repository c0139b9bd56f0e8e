import type { z } from 'zod/mini';
import type { TErrorCode } from './errors.ts';
import type { TRole } from './roles.ts';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * The csrf rule of a state-changing route (decision 014), enforced by the session plugin from the descriptor:
 * `required` (the default): the `x-csrf-token` header, the session's own token when there is a session;
 * `lenient`: any non-empty value (sign-in and sign-out: a client that lost its token must still get in or out);
 * `none`: no header (`navigator.sendBeacon` cannot set one: reports that change nothing a user owns).
 */
export type CsrfPolicy = 'required' | 'lenient' | 'none';

/** The kind of a signed-in caller: citizen, staff (employee user types) or agent (agent and agent employee). */
export type CallerKind = 'citizen' | 'staff' | 'agent';

/**
 * Who may call a route (decision 014), enforced by `registerRoute` before the handler runs:
 * `public`: anyone, signed in or not (the handler may still decide: a sign-up refuses a signed-in caller, a
 *   bearer token or a one-time code is the key);
 * `signedIn`: any signed-in user;
 * `ownType`: a signed-in user whose user type is the path's `:userSlug`;
 * `self`: the signed-in user is the path's `:userSlug/:userId`;
 * `{ kinds, roles }`: a signed-in caller of one of the kinds, or staff with one of the roles (`contract/roles.ts`).
 * A visitor is answered 401 UNAUTHORIZED (GRANT_EXPIRED after a timed-out session), anyone else refused 403
 * FORBIDDEN. Record-level checks (this agent's own id, this link's owner) stay in the handler.
 */
export type AuthPolicy =
  'public' | 'signedIn' | 'ownType' | 'self' | { readonly kinds?: readonly CallerKind[]; readonly roles?: readonly TRole[] };

/**
 * One rate limit of a route (decision 037): at most `perAddress` requests of a client address in a window of
 * `windowMs` (aligned to the clock), and, where the caller is known, `perCaller` requests of the signed-in account
 * or of the visitor's owner token. Routes naming the same rule count together. The rules are in contract/limits.ts.
 */
export type RateLimitRule = {
  readonly name: string;
  readonly windowMs: number;
  readonly perAddress: number;
  readonly perCaller?: number;
};

/**
 * A route descriptor: everything both sides must agree on. The server registers it (validation, OpenAPI),
 * the client calls it through its reference (contract/refs/: typed input and output; decision 035).
 */
export type RouteDef = {
  method: HttpMethod;
  /** Fastify-style path, `:name` for parameters. */
  path: `/${string}`;
  summary: string;
  tags: readonly string[];
  params?: z.ZodMiniObject;
  query?: z.ZodMiniObject;
  /** The LoopBack-style `filter` query parameter, sent as JSON text. */
  filter?: z.ZodMiniType;
  body?: z.ZodMiniType;
  response: z.ZodMiniType;
  /** The success status (default 200): 201 for a created record, 202 for a report accepted for later use. */
  status?: 200 | 201 | 202;
  /** The error codes this route can answer, besides the generic ones. */
  errors: readonly TErrorCode[];
  /** The csrf rule (default `required`). */
  csrf?: CsrfPolicy;
  /** Who may call it: every route declares it. */
  auth: AuthPolicy;
  /**
   * Its budget (decision 037): the rules of contract/limits.ts it counts against, applied by `registerRoute` before
   * the body is read (429 TOO_MANY_REQUESTS with Retry-After). Every write route (POST, PUT, PATCH, DELETE)
   * declares one; the fuzz test fails one that does not.
   */
  rateLimit?: readonly RateLimitRule[];
  /**
   * A replayable write (IETF draft httpapi-idempotency-key-header, decision 020): the `Idempotency-Key` header is
   * required; a repeat answers the first answer, the same key with another body 422 IDEMPOTENCY_KEY_REUSED, a key
   * still in flight 409 IDEMPOTENCY_KEY_IN_FLIGHT; a 4xx answer frees the key. `registerRoute` applies it.
   */
  idempotency?: 'required';
  /** Request headers the route reads, validated like the other parts (e.g. an upload's field and file name). */
  headers?: z.ZodMiniObject;
  /** The body is raw bytes read by the handler (uploads), at most `maxBytes`; such a route has no `body` schema. */
  rawBody?: { maxBytes: number };
  /**
   * Exists in demo mode only, and answers only requests addressed to a loopback name (decisions 013 and 038: DNS
   * rebinding): otherwise 404 NOT_FOUND, before anything else. `registerRoute` applies it.
   */
  demoOnly?: true;
};

export const defineRoute = <const T extends RouteDef>(route: T): T => route;

/**
 * What the browser needs to call a route (decision 035): its method and path, and its answer's schema loaded on
 * demand, so that a page that calls routes does not load the schema library with its JavaScript (the first page's
 * answers come drawn into its HTML). The type remembers the whole descriptor, so that a call's input and output
 * are typed from the contract. `contract/refs/` holds them, one file per contract module (scripts/gen-route-refs.ts
 * writes them).
 */
export type RouteRef<R extends RouteDef = RouteDef> = {
  readonly method: R['method'];
  readonly path: R['path'];
  /** The answer's schema; the first call loads the contract module's chunk (the schema library with it). */
  readonly response: () => Promise<R['response']>;
  /** Type only: never present at run time. */
  readonly __def?: R;
};
/** A descriptor's reference made at run time (tests that define a route of their own). */
export const refOf = <R extends RouteDef>(route: R): RouteRef<R> => ({
  method: route.method,
  path: route.path,
  response: async () => route.response,
});

/** The references of a map of route descriptors, by the same names. */
export type RouteRefs<M extends Record<string, RouteDef>> = { readonly [K in keyof M]: RouteRef<M[K]> };

/** What a caller passes: parsed-input types (before server-side transforms). */
export type RouteInput<R extends RouteDef> = (R['params'] extends z.ZodMiniObject
  ? { params: z.input<R['params']> }
  : { params?: never }) &
  (R['query'] extends z.ZodMiniObject ? { query?: z.input<R['query']> } : { query?: never }) &
  (R['filter'] extends z.ZodMiniType ? { filter?: z.input<R['filter']> } : { filter?: never }) &
  (R['body'] extends z.ZodMiniType ? { body: z.input<R['body']> } : { body?: never });

export type RouteOutput<R extends RouteDef> = z.output<R['response']>;

/** Fills `:name` parameters of a path. Values are URI-encoded. */
export function buildPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
