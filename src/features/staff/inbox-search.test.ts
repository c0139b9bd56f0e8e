import { describe, expect, it } from 'vitest';
import { cairoStartOfDay } from '../../../contract/availability.ts';
import { cairoDaysAgo, filterOf } from './components/inbox-search.ts';

describe("the inbox's date filter is Cairo's calendar, whatever the device's zone (decision 050)", () => {
  it('a day starts at midnight in Cairo: UTC+2 in winter, UTC+3 in summer time', () => {
    expect(cairoStartOfDay('2026-01-15')).toBe('2026-01-14T22:00:00.000Z');
    expect(cairoStartOfDay('2026-07-15')).toBe('2026-07-14T21:00:00.000Z');
    expect(filterOf({ since: '2026-01-15' }).statusChangedSince).toBe('2026-01-14T22:00:00.000Z');
  });

  it('days ago count from today in Cairo: at 23:30 UTC it is already tomorrow there', () => {
    const lateUtc = new Date('2026-01-15T23:30:00Z');
    expect(cairoDaysAgo(0, lateUtc)).toBe('2026-01-16');
    expect(cairoDaysAgo(7, lateUtc)).toBe('2026-01-09');
  });
});
