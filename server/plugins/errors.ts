import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { TApiError, TErrorCode } from '../../contract/errors.ts';
import { AppError } from '../domain/app-error.ts';
import { SECURITY_HEADERS } from './security-headers.ts';

/*
 * An error answer is small whatever the input (a 13 KB query of 1,800 unknown keys once made a 67 MB answer):
 * at most MAX_FIELDS field paths of at most MAX_PATH characters, each with at most MAX_REASONS reasons of at
 * most MAX_REASON characters; an unknown key is reported as `unknown-key` under its own name (zod's message
 * lists every unknown key, so it is never repeated per key); nothing the client sent is echoed beyond these
 * bounds. The whole answer stays under about 8 KB.
 */
export const MAX_FIELDS = 20;
const MAX_PATH = 100;
const MAX_REASONS = 3;
const MAX_REASON = 120;
const MAX_MESSAGE = 300;

export const UNKNOWN_KEY = 'unknown-key';

const clip = (s: string, max: number): string => (s.length <= max ? s : `${s.slice(0, max - 1)}…`);

/** A failure's English message, bounded: framework messages may quote what the client sent. */
export const boundedMessage = (message: string): string => clip(message, MAX_MESSAGE);

type Issue = { keyword?: string; instancePath?: string; message?: string; params?: Record<string, unknown> };

/** Field errors of a validation failure, within the bounds above; `more` counts the paths left out. */
export function boundedFieldErrors(issues: readonly Issue[]): { fieldErrors: Record<string, string[]>; more: number } {
  // A Map, not an object: a field named `__proto__` or `constructor` is a key like any other.
  const byPath = new Map<string, string[]>();
  let more = 0;
  const add = (path: string, reason: string) => {
    const key = clip(path, MAX_PATH);
    const list = byPath.get(key);
    if (list) {
      if (list.length < MAX_REASONS && !list.includes(reason)) list.push(clip(reason, MAX_REASON));
    } else if (byPath.size >= MAX_FIELDS) more++;
    else byPath.set(key, [clip(reason, MAX_REASON)]);
  };
  for (const issue of issues) {
    const base = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    const keys = issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params?.keys) ? issue.params.keys : undefined;
    if (keys && keys.length > 0) {
      for (const k of keys) {
        if (more > 0) {
          more += 1;
          continue;
        }
        add(base ? `${base}.${String(k)}` : String(k), UNKNOWN_KEY);
      }
    } else add(base || '(root)', issue.message ?? 'invalid');
  }
  // Object.fromEntries defines own properties, `__proto__` included.
  return { fieldErrors: Object.fromEntries(byPath), more };
}

/**
 * One error handler for the whole API: every failure leaves as `{ code, message, details?, fieldErrors? }`.
 * Bad input is a 4xx with a catalogued code; 5xx never carries internal details to the client.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      if (err.status >= 500) req.log.error({ err }, 'request failed');
      return reply.status(err.status).send(err.toJSON());
    }

    if (hasZodFastifySchemaValidationErrors(err)) {
      const { fieldErrors, more } = boundedFieldErrors(err.validation as Issue[]);
      const paths = Object.keys(fieldErrors);
      const code: TErrorCode =
        err.validationContext === 'querystring' && paths.some((p) => p === 'filter' || p.startsWith('filter.'))
          ? 'INVALID_FILTER'
          : 'INVALID_INPUT';
      const body: TApiError = {
        code,
        // Field paths and reasons go in fieldErrors; `details` is for messages a user may read, and these are not.
        message: boundedMessage(
          `Invalid ${err.validationContext ?? 'input'}: ${paths.join(', ')}${more > 0 ? ` and ${more} more` : ''}`,
        ),
        fieldErrors,
      };
      return reply.status(400).send(body);
    }

    const status = err.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err }, 'unhandled error');
      return reply.status(500).send({ code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error' } satisfies TApiError);
    }
    // Fastify's own 4xx (bad JSON body, unsupported content type, body too large, ...).
    return reply.status(status).send({ code: codeOfStatus(status), message: boundedMessage(err.message) } satisfies TApiError);
  });
}

/** The catalogued code of a framework refusal by its status. */
export function codeOfStatus(status: number): TErrorCode {
  switch (status) {
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 408:
      return 'REQUEST_TIMEOUT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 414:
      return 'URI_TOO_LONG';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'TOO_MANY_REQUESTS';
    case 431:
      return 'HEADERS_TOO_LARGE';
    default:
      return 'INVALID_INPUT';
  }
}

/*
 * Refusals made before a route runs leave in the same shape, with the security headers:
 * - `frameworkErrors`: a path that is not valid percent-encoding (400), a path parameter over the router's
 *   length (414);
 * - `clientErrorHandler`: what Node's HTTP parser refuses before Fastify sees a request (headers or address over
 *   16 KB: 431; a malformed request: 400; too slow: 408). The answer is written on the socket, which is closed.
 */
export const frameworkErrors = (err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void => {
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  const message = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A path parameter is too long' : 'The address is not valid';
  void reply
    .headers(SECURITY_HEADERS)
    .status(status)
    .send({ code: codeOfStatus(status), message } satisfies TApiError);
};

export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const message =
    status === 431 ? 'The request headers are too large' : status === 408 ? 'The request took too long' : 'Malformed request';
  const body = JSON.stringify({ code: codeOfStatus(status), message } satisfies TApiError);
  const headers = {
    ...SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    connection: 'close',
  };
  if (socket.writable) {
    const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}`);
    socket.write(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`);
  }
  socket.destroy();
}
