import { describe, expect, it } from 'vitest';
import { cachedQuerystringParser } from './querystring.ts';

describe('the query string parser', () => {
  it('parses as Fastify does, and gives one frozen object per query string', () => {
    const first = cachedQuerystringParser('view=card&lang=ar&filter=%7B%22a%22%3A1%7D');
    expect(first).toEqual({ view: 'card', lang: 'ar', filter: '{"a":1}' });
    expect(cachedQuerystringParser('view=card&lang=ar&filter=%7B%22a%22%3A1%7D')).toBe(first);
    expect(cachedQuerystringParser('view=card&lang=en')).toEqual({ view: 'card', lang: 'en' });
    expect(cachedQuerystringParser('a=1&a=2')).toEqual({ a: ['1', '2'] });
    expect(cachedQuerystringParser('')).toEqual({});
  });

  it("keeps one request's changes from reaching the next request with the same query", () => {
    const q = cachedQuerystringParser('page=2') as Record<string, unknown>;
    expect(() => {
      q.page = '3';
    }).toThrow(TypeError);
    expect(cachedQuerystringParser('page=2')).toEqual({ page: '2' });
    const repeated = cachedQuerystringParser('a=1&a=2') as Record<string, string[]>;
    expect(() => repeated.a!.push('3')).toThrow(TypeError);
    expect(cachedQuerystringParser('a=1&a=2')).toEqual({ a: ['1', '2'] });
  });
});
