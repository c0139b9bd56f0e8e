import ky, { HTTPError, TimeoutError } from 'ky';
import { readApiError, type TApiError, type TErrorCode } from '../../contract/errors.ts';
import { buildPath, type RouteDef, type RouteInput, type RouteOutput, type RouteRef } from '../../contract/route.ts';
import { currentLang } from './locale.ts';
import { ensureVisitorCookie } from './visitor-scope.ts';

/**
 * The one HTTP client. Calls name a route by its reference (contract/refs/) and are typed from its descriptor;
 * every answer is parsed at the edge against the contract's schema, which the reference loads on demand (decision
 * 035: a page's bundle carries no schema library; it comes with the first answer to check, while the request is
 * on its way). A screen never sees data the contract does not describe. Every failure becomes an ApiError with a
 * catalogued code (spec section 8), including the ones made here: NETWORK_ERROR, CANCEL, ECONNABORTED.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly code: TErrorCode | (string & {}),
    readonly status: number,
    message: string,
    readonly details?: string[],
    readonly fieldErrors?: Record<string, string[]>,
    /** REQUEST_CHANGED: who changed the request, what they did and when (contract/errors.ts). */
    readonly conflict?: TApiError['conflict'],
  ) {
    super(message);
  }
}

export const AGENT_DEVICE = 'AGENT';
export const DEVICE = __APP_KIND__ === 'employee' ? 'EMPLOYEE' : __APP_KIND__ === 'agent' ? 'AGENT' : 'CITIZEN';

type Listener = (error: ApiError, call: { agent: boolean; path: string }) => void;
const listeners = new Set<Listener>();
/** Tells the listeners (maintenance page, session) of an error answer. */
export const notifyApiError = (apiError: ApiError, context: { agent: boolean; path: string }): void => {
  for (const l of listeners) l(apiError, context);
};
/** Transport-level reactions (418 maintenance, 401/403 session clearing) subscribe here. */
export const onApiError = (l: Listener): (() => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The server's render of a public page (src/entry-server.tsx) reads the API in process, at an absolute address. */
let serverTransport: { origin: string; fetch: typeof fetch } | undefined;
export const setServerTransport = (t: { origin: string; fetch: typeof fetch }): void => {
  serverTransport = t;
};
const stored = (key: string): string | null => (serverTransport ? null : localStorage.getItem(key));

const http = ky.create({
  credentials: 'include',
  retry: 0,
  timeout: 30_000,
  throwHttpErrors: true,
  hooks: {
    beforeRequest: [
      (request) => {
        // The agent client (agentApiCall) says so itself; everything else is this build's device.
        const agent = request.headers.get('x-device') === 'AGENT';
        request.headers.set('x-device', agent ? 'AGENT' : DEVICE);
        request.headers.set('accept-language', currentLang());
        // The csrf header (quality.md "Security"): the session's token once signed in, any value before.
        const token = stored(agent && DEVICE !== 'AGENT' ? 'agentToken' : 'usertoken');
        request.headers.set('x-csrf-token', token || 'anonymous');
        // The device's owner token (spec section 7), unless the call names its own (a queued write's).
        const ownerToken = stored('requestOwnerToken');
        if (ownerToken && !request.headers.has('request-owner-token')) request.headers.set('request-owner-token', ownerToken);
      },
    ],
  },
});

export function toSearchParams(input: { query?: object; filter?: unknown }): URLSearchParams {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(input.query ?? {})) if (v !== undefined && v !== null) sp.set(k, String(v));
  if (input.filter !== undefined) sp.set('filter', JSON.stringify(input.filter));
  return sp;
}

/** The ApiError of an error answer: its body's code and message, else one chosen by the status. */
export function apiErrorOf(status: number, body: unknown): ApiError {
  const e = readApiError(body);
  if (e) return new ApiError(e.code, status, e.message, e.details, e.fieldErrors, e.conflict);
  const code =
    status === 404 ? 'NOT_FOUND' : status === 418 ? 'MAINTENANCE' : status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'GENERAL_ERROR';
  return new ApiError(code, status, `HTTP ${status}`);
}

/** The route's answer schema, loading from the moment the request is sent (a failure is reported by `successBody`). */
export function answerSchema(route: RouteRef): Promise<RouteDef['response'] | undefined> {
  return route.response().catch(() => undefined);
}

/**
 * A success answer's body, parsed against the route's schema. One that is not JSON (a proxy's page), does not match
 * the contract, or whose schema could not be loaded is GENERAL_ERROR with the answer's 2xx status: the call did
 * reach the server (the outbox counts such a write as delivered).
 */
export async function successBody<R extends RouteDef>(
  status: number,
  text: string,
  route: RouteRef<R>,
  schema: Promise<RouteDef['response'] | undefined>,
): Promise<RouteOutput<R>> {
  const call = `${route.method} ${route.path}`;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ApiError('GENERAL_ERROR', status, `The answer of ${call} is not JSON`);
  }
  const check = await schema;
  if (!check) throw new ApiError('GENERAL_ERROR', status, `The answer of ${call} could not be checked: no schema`);
  const parsed = check.safeParse(json);
  if (!parsed.success) throw new ApiError('GENERAL_ERROR', status, `The answer of ${call} does not match the contract`);
  return parsed.data as RouteOutput<R>;
}

export async function toApiError(err: unknown): Promise<ApiError> {
  if (err instanceof HTTPError) {
    const body: unknown = await err.response.json().catch(() => undefined);
    return apiErrorOf(err.response.status, body);
  }
  if (err instanceof TimeoutError) return new ApiError('ECONNABORTED', 0, 'timeout');
  if (err instanceof DOMException && err.name === 'AbortError') return new ApiError('CANCEL', 0, 'cancelled');
  if (err instanceof ApiError) return err;
  return new ApiError('NETWORK_ERROR', 0, err instanceof Error ? err.message : 'network error');
}

export type CallOptions = {
  signal?: AbortSignal;
  /** A step token of a multi-step flow (second factor, password reset), sent as `Authorization: Bearer`. */
  bearer?: string;
  /** Use the agent's session (its own cookie and csrf token), spec section 6 "Agents". */
  agent?: boolean;
  /**
   * The write's `Idempotency-Key` (IETF httpapi-idempotency-key-header): a device-made UUID kept with the write
   * (src/features/outbox), so that a replay after a lost answer returns the first answer instead of a second record.
   */
  idempotencyKey?: string;
  /** Extra headers a route declares (a request's owner token, an upload's file name). */
  headers?: Record<string, string>;
};

export const extraHeaders = (options: CallOptions): Record<string, string> => {
  // A visitor's keys are scoped by the browser's visitor id cookie (decision 038): made before the first write.
  if (options.idempotencyKey) ensureVisitorCookie();
  return headersOf(options);
};

const headersOf = (options: CallOptions): Record<string, string> => ({
  ...options.headers,
  // eslint-disable-next-line lingui/no-unlocalized-strings -- an HTTP scheme, not interface text
  ...(options.bearer ? { authorization: `Bearer ${options.bearer}` } : {}),
  ...(options.agent ? { 'x-device': AGENT_DEVICE } : {}),
  ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
});

export async function apiCall<R extends RouteDef>(
  route: RouteRef<R>,
  input: RouteInput<R>,
  options: CallOptions = {},
): Promise<RouteOutput<R>> {
  const i = input as { params?: Record<string, string>; query?: object; filter?: unknown; body?: unknown };
  const url = buildPath(route.path, i.params);
  const schema = answerSchema(route);
  try {
    const response = await http(serverTransport ? serverTransport.origin + url : url, {
      ...(serverTransport ? { fetch: serverTransport.fetch } : {}),
      method: route.method,
      searchParams: toSearchParams(i),
      ...(i.body !== undefined ? { json: i.body } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      headers: extraHeaders(options),
    });
    return await successBody(response.status, await response.text(), route, schema);
  } catch (err) {
    const apiError = await toApiError(err);
    for (const l of listeners) l(apiError, { agent: options.agent === true || DEVICE === 'AGENT', path: route.path });
    throw apiError;
  }
}

/**
 * A file a route answers (a report's export): fetched with this build's headers (its session cookie is read by
 * the device header, which a plain link cannot send) and handed to the browser under `fileName`.
 */
export async function apiDownload<R extends RouteDef>(route: RouteRef<R>, input: RouteInput<R>, fileName: string): Promise<void> {
  const i = input as { params?: Record<string, string>; query?: object };
  try {
    const blob = await http(buildPath(route.path, i.params), { method: route.method, searchParams: toSearchParams(i) }).blob();
    const href = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = href;
    a.download = fileName;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(href), 60_000);
  } catch (err) {
    const apiError = await toApiError(err);
    for (const l of listeners) l(apiError, { agent: false, path: route.path });
    throw apiError;
  }
}

/** The agent's HTTP client (spec section 6): the agent session's cookie and csrf token, device AGENT. */
export function agentApiCall<R extends RouteDef>(
  route: RouteRef<R>,
  input: RouteInput<R>,
  options: Omit<CallOptions, 'agent'> = {},
) {
  return apiCall(route, input, { ...options, agent: true });
}
