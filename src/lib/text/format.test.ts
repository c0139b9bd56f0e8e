import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatNumber, isolateLtr, numberLocale } from './format.ts';

describe('numberLocale', () => {
  it('is Egyptian Arabic or US English', () => {
    expect(numberLocale('ar')).toBe('ar-EG');
    expect(numberLocale('en')).toBe('en-US');
  });
});

describe('formatNumber and formatMoney', () => {
  it('formats numbers in the locale', () => {
    expect(formatNumber('en', 1234567.5)).toBe('1,234,567.5');
    expect(formatNumber('ar', 1234567.5)).toBe(new Intl.NumberFormat('ar-EG').format(1234567.5));
    expect(formatNumber('ar', 1250)).toMatch(/^[\u0660-\u0669\u066C]+$/); // Arabic-Indic digits and separator
  });

  it('formats Egyptian pounds with piastres', () => {
    for (const lang of ['ar', 'en'] as const) {
      const expected = new Intl.NumberFormat(numberLocale(lang), { style: 'currency', currency: 'EGP' }).format(1250.5);
      expect(formatMoney(lang, 1250.5)).toBe(expected);
    }
    expect(formatMoney('en', 1250.5)).toContain('1,250.50');
    expect(formatMoney('ar', 1250.5)).toContain('١٬٢٥٠٫٥٠');
  });
});

describe('formatDate', () => {
  it('writes day, month name, year', () => {
    expect(formatDate('en', '2026-10-05')).toBe('5 October 2026');
    expect(formatDate('ar', '2026-10-05')).toBe('٥ أكتوبر ٢٠٢٦');
    expect(formatDate('en', new Date(Date.UTC(2026, 0, 15, 12)))).toBe('15 January 2026');
  });

  it('uses the Cairo calendar day', () => {
    // 22:30 UTC on 4 October is 01:30 on 5 October in Cairo (UTC+3 in summer time).
    expect(formatDate('en', '2026-10-04T22:30:00Z')).toBe('5 October 2026');
    // 21:30 UTC on 31 December is 23:30 in Cairo (UTC+2 in winter): still the old year.
    expect(formatDate('ar', '2025-12-31T21:30:00Z')).toBe('٣١ ديسمبر ٢٠٢٥');
  });

  it('shows an unparseable value as given instead of throwing', () => {
    expect(formatDate('en', 'not a date')).toBe('not a date');
    expect(formatDate('en', new Date(Number.NaN))).toBe('');
  });
});

describe('isolateLtr', () => {
  it('wraps the value in first strong isolate … pop directional isolate', () => {
    expect(isolateLtr('0123456789')).toBe('\u20680123456789\u2069');
    expect(`رقم العداد ${isolateLtr('12-345/6')}`).toBe('رقم العداد \u206812-345/6\u2069');
  });
});
