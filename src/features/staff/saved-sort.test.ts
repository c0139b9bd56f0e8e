import { afterEach, describe, expect, it } from 'vitest';
import { applyCacheVersion } from '../../lib/locale.ts';
import { savedSort } from './saved-sort.ts';

describe("an employee's own order of a service's requests", () => {
  afterEach(() => localStorage.clear());

  it('is kept per service, and a damaged or unknown one counts as none', () => {
    localStorage.setItem('sorts:CODEMETER', JSON.stringify({ sort: 'number', order: 'asc' }));
    expect(savedSort('CODEMETER')).toEqual({ sort: 'number', order: 'asc' });
    expect(savedSort('ADD_METER')).toBeNull();
    localStorage.setItem('sorts:all', '{not json');
    expect(savedSort(undefined)).toBeNull();
    localStorage.setItem('sorts:all', JSON.stringify({ sort: 'password', order: 'asc' }));
    expect(savedSort(undefined)).toBeNull();
  });

  it('is wiped when the cache version changes (spec section 5)', () => {
    localStorage.setItem('userCacheVersion', 'v1');
    localStorage.setItem('sorts:CODEMETER', JSON.stringify({ sort: 'number', order: 'asc' }));
    applyCacheVersion(localStorage);
    expect(savedSort('CODEMETER')).toBeNull();
  });
});
