import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { messages as arShell } from '../../locales/ar/messages.po';
import { messages as enShell } from '../../locales/en/messages.po';
import {
  formatDate,
  formatDateTime,
  formatDuration,
  formatFileSize,
  formatMoney,
  formatMonth,
  formatNumber,
  formatPiastres,
  formatTime,
  isolateLtr,
  numberLocale,
} from './format.ts';

/** Latin digits or their separators: none may be left in an Arabic format. */
const LATIN_DIGIT = /[0-9]/;

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

describe('formatPiastres', () => {
  it('shows piastres as Egyptian pounds with the language’s digits', () => {
    expect(formatPiastres('en', 27650)).toBe(formatMoney('en', 276.5));
    expect(formatPiastres('en', 27650)).toContain('276.50');
    expect(formatPiastres('ar', 27650)).toBe(formatMoney('ar', 276.5));
    expect(formatPiastres('ar', 27650)).toMatch(/٢٧٦٫٥٠/);
    expect(formatPiastres('ar', 27650)).not.toMatch(LATIN_DIGIT);
  });
});

describe('formatTime and formatDateTime', () => {
  it('writes the Cairo clock, 24-hour, in Arabic-Indic digits in Arabic', () => {
    // 21:39 UTC on 23 November is 23:39 in Cairo (UTC+2 in winter).
    expect(formatTime('en', '2026-11-23T21:39:00Z')).toBe('23:39');
    expect(formatTime('ar', '2026-11-23T21:39:00Z')).toBe('٢٣:٣٩');
    expect(formatTime('en', Date.UTC(2026, 6, 1, 9, 5))).toBe('12:05'); // UTC+3 in summer
  });

  it('writes the Cairo day and time near midnight UTC', () => {
    expect(formatDateTime('en', '2026-11-23T21:39:00Z')).toBe('23 November 2026, 23:39');
    expect(formatDateTime('ar', '2026-11-23T21:39:00Z')).toBe('٢٣ نوفمبر ٢٠٢٦، ٢٣:٣٩');
    // 23:30 UTC on 4 October is already 5 October in Cairo.
    expect(formatDateTime('en', '2026-10-04T23:30:00Z')).toBe('5 October 2026, 02:30');
    expect(formatDateTime('ar', new Date('2026-10-04T23:30:00Z'))).toBe('٥ أكتوبر ٢٠٢٦، ٠٢:٣٠');
    expect(formatDateTime('ar', Date.parse('2026-10-04T23:30:00Z'))).not.toMatch(LATIN_DIGIT);
  });

  it('shows an unreadable value as given', () => {
    expect(formatDateTime('en', 'not a date')).toBe('not a date');
    expect(formatTime('ar', 'not a date')).toBe('not a date');
    expect(formatTime('en', Number.NaN)).toBe('');
  });
});

describe('formatMonth', () => {
  it('shows a month as month name and year', () => {
    expect(formatMonth('en', '2026-03')).toBe('March 2026');
    expect(formatMonth('ar', '2026-03')).toBe('مارس ٢٠٢٦');
    expect(formatMonth('en', '2026-12')).toBe('December 2026');
    expect(formatMonth('en', '2026-01')).toBe('January 2026');
    expect(formatMonth('en', 'bad')).toBe('bad');
    expect(formatMonth('en', '2026-13')).toBe('2026-13');
  });
});

describe('formatFileSize', () => {
  it('uses B, KB and MB with at most one decimal', () => {
    const i18n = setupI18n({ locale: 'en', messages: { en: enShell } });
    expect(formatFileSize(i18n, 512)).toBe('512 B');
    expect(formatFileSize(i18n, 2048)).toBe('2 KB');
    expect(formatFileSize(i18n, 840_090)).toBe('820.4 KB');
    expect(formatFileSize(i18n, 1024 * 1024 - 1)).toBe('1 MB');
    expect(formatFileSize(i18n, 1.5 * 1024 * 1024)).toBe('1.5 MB');
  });

  it('writes Arabic units and Arabic-Indic digits in Arabic', () => {
    const i18n = setupI18n({ locale: 'ar', messages: { ar: arShell } });
    expect(formatFileSize(i18n, 512)).toBe('٥١٢ بايت');
    expect(formatFileSize(i18n, 840_090)).toBe('٨٢٠٫٤ ك.ب');
    expect(formatFileSize(i18n, 1.5 * 1024 * 1024)).toBe('١٫٥ م.ب');
  });
});

describe('formatDuration', () => {
  it('says minutes in natural units', () => {
    const i18n = setupI18n({ locale: 'en', locales: ['en-US'], messages: { en: enShell } });
    expect(formatDuration(i18n, 1440)).toBe('24 hours');
    expect(formatDuration(i18n, 60)).toBe('1 hour');
    expect(formatDuration(i18n, 10)).toBe('10 minutes');
    expect(formatDuration(i18n, 7 * 24 * 60)).toBe('7 days');
  });

  it('in Arabic, with the number agreeing and in Arabic-Indic digits', () => {
    const i18n = setupI18n({ locale: 'ar', locales: ['ar-EG'], messages: { ar: arShell } });
    expect(formatDuration(i18n, 1440)).toBe('٢٤ ساعة');
    expect(formatDuration(i18n, 120)).toBe('ساعتين');
    expect(formatDuration(i18n, 10)).toBe('١٠ دقائق');
    expect(formatDuration(i18n, 7 * 24 * 60)).toBe('٧ أيام');
    expect(formatDuration(i18n, 1440)).not.toMatch(LATIN_DIGIT);
  });
});

describe('isolateLtr', () => {
  it('wraps the value in first strong isolate … pop directional isolate', () => {
    expect(isolateLtr('0123456789')).toBe('\u20680123456789\u2069');
    expect(`رقم العداد ${isolateLtr('12-345/6')}`).toBe('رقم العداد \u206812-345/6\u2069');
  });
});
