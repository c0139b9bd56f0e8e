import { describe, expect, it } from 'vitest';
import { NUMBER_PREFIXES, readableNumber, storedNumber, textNumber } from './request-number.ts';

describe('readable request numbers', () => {
  it('reads a stored number with the service prefix of the language', () => {
    expect(readableNumber('FAULTS_COMPLAINTS-2026-000123', 'ar')).toBe('شك-2026-000123');
    expect(readableNumber('FAULTS_COMPLAINTS-2026-000123', 'en')).toBe('CMP-2026-000123');
    // A service without a prefix keeps its slug; another shape stays as it is.
    expect(readableNumber('NEW_SERVICE-2026-000001', 'en')).toBe('NEW_SERVICE-2026-000001');
    expect(readableNumber('abc', 'ar')).toBe('abc');
  });

  it('finds the stored number from either readable form or the stored one', () => {
    expect(storedNumber('شك-2026-000123')).toBe('FAULTS_COMPLAINTS-2026-000123');
    expect(storedNumber(' cmp - ٢٠٢٦-٠٠٠١٢٣ ')).toBe('FAULTS_COMPLAINTS-2026-000123');
    expect(storedNumber('CODEMETER-2026-000007')).toBe('CODEMETER-2026-000007');
    expect(storedNumber('codemeter-2026-000007')).toBe('CODEMETER-2026-000007');
    expect(storedNumber('tickets-2026-000001')).toBe('tickets-2026-000001');
    expect(storedNumber('TKT-2026-000001')).toBe('tickets-2026-000001');
    expect(storedNumber('hello')).toBeUndefined();
  });

  it('writes the number for plain text with a left-to-right mark in Arabic, and reads it back', () => {
    const ar = textNumber('FAULTS_COMPLAINTS-2026-000123', 'ar');
    expect(ar).toBe('شك-\u200E2026-000123');
    expect(textNumber('FAULTS_COMPLAINTS-2026-000123', 'en')).toBe('CMP-2026-000123');
    expect(textNumber('abc', 'ar')).toBe('abc');
    // Copied from an SMS or a page (with its isolates), it still finds the request.
    expect(storedNumber(ar)).toBe('FAULTS_COMPLAINTS-2026-000123');
    expect(storedNumber('\u2068CMP-\u20662026-000123\u2069\u2069')).toBe('FAULTS_COMPLAINTS-2026-000123');
  });

  it('has one prefix per service in each language', () => {
    for (const lang of ['ar', 'en'] as const) {
      const prefixes = Object.values(NUMBER_PREFIXES).map((p) => p[lang].toUpperCase());
      expect(new Set(prefixes).size).toBe(prefixes.length);
    }
  });
});
