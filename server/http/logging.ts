import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { stdSerializers } from 'pino';

/*
 * What the logs may carry. Personal data and secrets stay out: session cookies, authorization and csrf headers are
 * redacted, a failed query is logged without its parameters (Drizzle puts them in the error's message and
 * `params`; PostgreSQL may quote a value in `detail`), and an address is logged with its query values redacted
 * but for a short list of harmless ones (decision 038): reset, e-mail verification and mobile links carry their
 * token there, QR documents their secret, the external sign-in's return its code and state.
 */

/** A client's `x-request-id` is kept when it is a plain token (letters, digits, `.`, `_`, `-`, 1 to 64); else a fresh id. */
export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && /^[A-Za-z0-9._-]{1,64}$/.test(header) ? header : crypto.randomUUID();
}

export const LOG_REDACT = ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]'];

const PARAMS = /\nparams: [\s\S]*?(?=\n {4}at |$)/;

type Serialized = Record<string, unknown> & { message?: string; stack?: string; cause?: unknown };

function scrub(e: Serialized): Serialized {
  delete e.params;
  delete e.detail;
  delete e.parameters;
  if (typeof e.message === 'string') e.message = e.message.replace(PARAMS, '\nparams: [redacted]');
  if (typeof e.stack === 'string') e.stack = e.stack.replace(PARAMS, '\nparams: [redacted]');
  if (e.cause && typeof e.cause === 'object') e.cause = scrub({ ...(e.cause as Serialized) });
  return e;
}

/** pino's error serializer, without query parameters or values quoted by the database. */
export const errSerializer = (err: Error): { type: string; message: string; stack: string; [key: string]: unknown } =>
  scrub({ ...(stdSerializers.err(err) as unknown as Serialized) }) as ReturnType<typeof stdSerializers.err>;

/**
 * Query parameters whose values may be logged: layout and paging choices, never a secret nor personal data. Any
 * other value (`token`, `secret`, `code`, `state`, `hmac`, `redirect`, `filter`, `recipient`, and whatever a later
 * page or route adds) is written `[redacted]`: a new secret-bearing address is covered without anyone
 * remembering to list it.
 */
export const LOGGED_QUERY_VALUES: ReadonlySet<string> = new Set([
  'lang',
  'view',
  'limit',
  'skip',
  'page',
  'refresh',
  'edit',
  'withDocuments',
]);

/** An address as the logs keep it: the path, and the query with every value not in `LOGGED_QUERY_VALUES` redacted. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url.slice(q + 1);
  if (query === '') return url;
  const parts = query.split('&').map((part) => {
    const eq = part.indexOf('=');
    const rawName = eq < 0 ? part : part.slice(0, eq);
    if (LOGGED_QUERY_VALUES.has(rawName)) return part;
    // A bare part (`?abc`) may be the secret itself; a name is kept only when it looks like one.
    if (eq < 0 || !/^[A-Za-z0-9_.-]{1,40}$/.test(rawName)) return '[redacted]';
    return `${rawName}=[redacted]`;
  });
  return `${url.slice(0, q)}?${parts.join('&')}`;
}

/**
 * Fastify's request serializer (method, url, host, client address, port) with the address redacted: every log
 * line that names a request (incoming, completed, failed) goes through it.
 */
export const reqSerializer = (req: FastifyRequest): Record<string, unknown> => ({
  method: req.method,
  url: redactUrl(req.url),
  host: req.host,
  remoteAddress: req.ip,
  remotePort: req.socket?.remotePort,
});
