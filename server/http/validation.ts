import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';

/**
 * Zod validation of request parts, with one addition: query strings repeat (every visitor's home page sends
 * the same catalog filter), and parsing the filter's JSON through its schema is a large share of a cached
 * catalog read. The outcome for a given query is remembered per route (bounded); handlers treat parsed input
 * as read-only. Bodies and parameters are always validated afresh.
 */
const MAX_ENTRIES_PER_ROUTE = 200;

type ValidationResult = ReturnType<ReturnType<FastifySchemaCompiler<unknown>>>;

export const cachedQueryValidatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const validate = validatorCompiler(route as never) as (data: unknown) => ValidationResult;
  if (route.httpPart !== 'querystring') return validate;
  const seen = new Map<string, ValidationResult>();
  return (data: unknown) => {
    const key = JSON.stringify(data);
    const hit = seen.get(key);
    if (hit !== undefined) return hit;
    const result = validate(data);
    if (seen.size >= MAX_ENTRIES_PER_ROUTE) seen.clear();
    seen.set(key, result);
    return result;
  };
};
