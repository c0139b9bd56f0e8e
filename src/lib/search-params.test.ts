import { describe, expect, it } from 'vitest';
import { searchFlag, searchNumber, searchText, withoutEmpty } from './search-params.ts';

describe('search parameters read from an address', () => {
  it('keeps a text of the right length, and replaces a long or non-text value by an empty one', () => {
    expect(searchText('عداد', 10)).toBe('عداد');
    expect(searchText('x'.repeat(11), 10)).toBe('');
    expect(searchText(42, 10)).toBe('');
    expect(searchText(undefined, 10)).toBeUndefined();
  });

  it('reads numbers and numeric texts, and falls back on anything else or what the check refuses', () => {
    expect(searchNumber(3, 0)).toBe(3);
    expect(searchNumber('7', 0)).toBe(7);
    expect(searchNumber('seven', 0)).toBe(0);
    expect(searchNumber('', 1)).toBe(1);
    expect(searchNumber(Infinity, 1)).toBe(1);
    expect(searchNumber({}, 1)).toBe(1);
    const page = (n: number) => Number.isInteger(n) && n >= 1 && n <= 1000;
    expect(searchNumber(2.5, 1, page)).toBe(1);
    expect(searchNumber(1001, 1, page)).toBe(1);
    expect(searchNumber(12, 1, page)).toBe(12);
    expect(searchNumber(undefined, 1)).toBeUndefined();
  });

  it('reads a flag as true only when it is true', () => {
    expect(searchFlag(true)).toBe(true);
    expect(searchFlag(false)).toBe(false);
    expect(searchFlag('yes')).toBe(false);
    expect(searchFlag(undefined)).toBeUndefined();
  });

  it('writes only the filters that are set into the address, leaving out a default the caller names', () => {
    expect(withoutEmpty({ service: 'METER', status: '', number: undefined, page: 2 })).toEqual({ service: 'METER', page: 2 });
    expect(withoutEmpty({ tab: 'requests', service: 'METER' }, ['requests'])).toEqual({ service: 'METER' });
    expect(withoutEmpty({ tab: 'drafts' }, ['requests'])).toEqual({ tab: 'drafts' });
  });
});
