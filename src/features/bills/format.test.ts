import { describe, expect, it } from 'vitest';
import { formatPeriod, formatPiastres } from './format.ts';

describe('bill formatting', () => {
  it('shows piastres as Egyptian pounds with the language’s digits', () => {
    expect(formatPiastres('en', 27650)).toBe(
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EGP' }).format(276.5),
    );
    expect(formatPiastres('ar', 27650)).toBe(
      new Intl.NumberFormat('ar-EG', { style: 'currency', currency: 'EGP' }).format(276.5),
    );
    expect(formatPiastres('ar', 27650)).toMatch(/٢٧٦٫٥٠/);
  });

  it('shows a month of entitlement as month and year', () => {
    expect(formatPeriod('en', '2026-03')).toBe('March 2026');
    expect(formatPeriod('ar', '2026-03')).toBe('مارس ٢٠٢٦');
    expect(formatPeriod('en', '2026-12')).toBe('December 2026');
    expect(formatPeriod('en', 'bad')).toBe('bad');
  });
});
