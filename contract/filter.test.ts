import { describe, expect, it } from 'vitest';
import { ZCategoryFilter, ZServiceFilter } from './routes.ts';
import { jsonQuery } from './filter.ts';

describe('the whitelisted filter', () => {
  it('accepts the LoopBack shapes the portal uses', () => {
    const f = ZServiceFilter.parse({
      where: { serviceSlug: { inq: ['CODEMETER', 'LMIFT'] }, deactivated: false },
      fields: { id: true, serviceSlug: true, hooks: false },
      order: ['order ASC', 'serviceSlug desc'],
      limit: 10,
      skip: 5,
    });
    expect(f.fields).toEqual(['id', 'serviceSlug']);
    expect(f.order).toEqual([
      { field: 'order', dir: 'ASC' },
      { field: 'serviceSlug', dir: 'DESC' },
    ]);
    expect(ZCategoryFilter.parse({ include: { relation: 'services', scope: { fields: ['id'] } } }).include).toBeDefined();
  });

  it('rejects unknown keys, fields, operators and relations', () => {
    for (const bad of [
      { where: { secret: 1 } },
      { where: { serviceSlug: { regexp: '.*' } } },
      { fields: ['passwordHash'] },
      { order: 'secret ASC' },
      { include: 'services' },
      { limit: 0 },
      { offset: 3 },
    ]) {
      expect(ZServiceFilter.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('reads JSON text from the query string and rejects text that is not JSON', () => {
    const q = jsonQuery(ZServiceFilter);
    expect(q.parse('{"limit":2}')).toEqual({ limit: 2 });
    expect(q.safeParse('{limit:2}').success).toBe(false);
  });
});
