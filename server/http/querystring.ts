import { parse } from 'fast-querystring';

/**
 * Fastify's own query string parser (fast-querystring), remembering what it parsed: the same query strings come
 * again and again (every visitor's home page sends the same catalog filter). The parsed object is frozen and
 * shared by the requests that sent the same string, which lets the query's validation remember its outcome by
 * the object (server/http/validation.ts) instead of writing it out as a key on every request. Bounded: the
 * strings come from clients.
 */
const MAX_ENTRIES = 1000;
const parsed = new Map<string, Readonly<Record<string, unknown>>>();
const EMPTY: Readonly<Record<string, unknown>> = Object.freeze({});

export function cachedQuerystringParser(query: string): Readonly<Record<string, unknown>> {
  if (query.length === 0) return EMPTY;
  let q = parsed.get(query);
  if (q === undefined) {
    const fresh = parse(query) as Record<string, unknown>;
    // A repeated key's values (`a=1&a=2`) are an array: frozen too, as the object is shared.
    for (const v of Object.values(fresh)) if (Array.isArray(v)) Object.freeze(v);
    q = Object.freeze(fresh);
    if (parsed.size >= MAX_ENTRIES) parsed.clear();
    parsed.set(query, q);
  }
  return q;
}
