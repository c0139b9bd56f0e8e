import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { TEXT_INVALID } from '../../contract/common.ts';

/**
 * Zod validation of request parts, with two additions.
 *
 * 1. U+0000 and lone surrogates are refused in every string and key of every part (params, query, body) of every
 *    route, before the route's schema runs: PostgreSQL cannot store them (a failed query, a 500), and no field of
 *    the contract has a use for them. Doing it
 *    here, where every contract route is validated, covers present and future routes with one rule; the answer
 *    is the usual 400 INVALID_INPUT with `fieldErrors: { <path>: ['text-invalid'] }`.
 * 2. Query strings repeat (every visitor's home page sends the same catalog filter), and parsing the filter's
 *    JSON through its schema is a large share of a cached catalog read. The outcome for a given query is
 *    remembered per route by the parsed query's object; handlers treat parsed input as read-only. Bodies and
 *    parameters are always validated afresh.
 */
type ValidationResult = ReturnType<ReturnType<FastifySchemaCompiler<unknown>>>;

/** The marker fastify-type-provider-zod puts on its issues; the error handler recognises validation errors by it. */
const ZOD_ISSUE = Symbol.for('ZodFastifySchemaValidationError');

/** A string no column can store: U+0000, or a lone surrogate (not well-formed Unicode, no UTF-8 form). */
const unstorable = (s: string): boolean => s.includes('\u0000') || !s.isWellFormed();

/** The path (`/a/0/b`) of the first string or key that cannot be stored, or undefined. Iterative: input may nest deeply. */
export function findUnstorable(data: unknown): string | undefined {
  const stack: [unknown, string][] = [[data, '']];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (unstorable(value)) return path;
    } else if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) stack.push([value[i], `${path}/${i}`]);
    } else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (unstorable(k)) return path;
        stack.push([v, `${path}/${k}`]);
      }
    }
  }
  return undefined;
}

function nulError(path: string): ValidationResult {
  const issue = {
    [ZOD_ISSUE]: true,
    keyword: 'custom',
    instancePath: path.replaceAll('\u0000', '').toWellFormed(),
    schemaPath: '#/custom',
    message: TEXT_INVALID,
    params: {},
  };
  return { error: [issue] as never };
}

export const cachedQueryValidatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const zodValidate = validatorCompiler(route as never) as (data: unknown) => ValidationResult;
  const validate = (data: unknown): ValidationResult => {
    const nul = findUnstorable(data);
    return nul === undefined ? zodValidate(data) : nulError(nul);
  };
  if (route.httpPart !== 'querystring') return validate;
  // The app's parser (server/http/querystring.ts) gives one frozen object per query string, kept while the text
  // repeats (bounded there): the outcome is remembered by that object. Anything else is validated afresh.
  const seen = new WeakMap<object, ValidationResult>();
  return (data: unknown) => {
    if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) return validate(data);
    let result = seen.get(data);
    if (result === undefined) {
      result = validate(data);
      seen.set(data, result);
    }
    return result;
  };
};
