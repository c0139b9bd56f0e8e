import crypto from 'node:crypto';
import { stdSerializers } from 'pino';

/*
 * What the logs may carry. Personal data stays out: session cookies, authorization and csrf headers are
 * redacted, and a failed query is logged without its parameters (Drizzle puts them in the error's message and
 * `params`; PostgreSQL may quote a value in `detail`).
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
