import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { TApiError, TErrorCode } from '../../contract/errors.ts';
import { AppError } from '../http/app-error.ts';

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
      const fieldErrors: Record<string, string[]> = {};
      let code: TErrorCode = 'INVALID_INPUT';
      for (const issue of err.validation) {
        const base = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
        // An unknown key is reported under its own name (`{ "nickname": [...] }`), not under its parent object.
        const unknownKeys =
          issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params?.keys)
            ? (issue.params.keys as unknown[]).map(String)
            : [];
        const paths = unknownKeys.length > 0 ? unknownKeys.map((k) => (base ? `${base}.${k}` : k)) : [base || '(root)'];
        for (const path of paths) {
          if (err.validationContext === 'querystring' && (path === 'filter' || path.startsWith('filter.')))
            code = 'INVALID_FILTER';
          (fieldErrors[path] ??= []).push(issue.message ?? 'invalid');
        }
      }
      const body: TApiError = {
        code,
        // Field paths and reasons go in fieldErrors; `details` is for messages a user may read, and these are not.
        message: `Invalid ${err.validationContext ?? 'input'}: ${Object.entries(fieldErrors)
          .map(([p, m]) => `${p}: ${m.join('; ')}`)
          .join(', ')}`,
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
    const code: TErrorCode =
      status === 413
        ? 'PAYLOAD_TOO_LARGE'
        : status === 415
          ? 'UNSUPPORTED_MEDIA_TYPE'
          : status === 429
            ? 'TOO_MANY_REQUESTS'
            : status === 404
              ? 'NOT_FOUND'
              : status === 405
                ? 'METHOD_NOT_ALLOWED'
                : 'INVALID_INPUT';
    return reply.status(status).send({ code, message: err.message } satisfies TApiError);
  });
}
