import { describe, expect, it } from 'vitest';
import { durationParts, durationText } from './duration.ts';

describe('durations in natural units', () => {
  it('turns whole hours into hours and long whole days into days; other spans stay minutes', () => {
    expect(durationParts(1440)).toEqual({ count: 24, unit: 'hour' });
    expect(durationParts(10)).toEqual({ count: 10, unit: 'minute' });
    expect(durationParts(90)).toEqual({ count: 90, unit: 'minute' });
    expect(durationParts(60)).toEqual({ count: 1, unit: 'hour' });
    expect(durationParts(72 * 60)).toEqual({ count: 72, unit: 'hour' });
    expect(durationParts(7 * 24 * 60)).toEqual({ count: 7, unit: 'day' });
  });

  it('words them in English and in Arabic with the number agreeing', () => {
    expect(durationText('en', 1440)).toBe('24 hours');
    expect(durationText('en', 60)).toBe('1 hour');
    expect(durationText('en', 10)).toBe('10 minutes');
    expect(durationText('ar', 1440)).toBe('24 ساعة');
    expect(durationText('ar', 10)).toBe('10 دقائق');
    expect(durationText('ar', 60)).toBe('ساعة واحدة');
    expect(durationText('ar', 120)).toBe('ساعتين');
    expect(durationText('ar', 7 * 24 * 60)).toBe('7 أيام');
    expect(durationText('ar', 15)).toBe('15 دقيقة');
  });
});
