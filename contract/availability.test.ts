import { describe, expect, it } from 'vitest';
import { activationPeriod, availability, cairoDate, isAvailable, type AvailabilityInput } from './availability.ts';

const base: AvailabilityInput = {
  deactivated: false,
  fromDate: null,
  toDate: null,
  activation: { kind: 'permanent' },
  release: '2026-01-01',
};
const at = (iso: string) => new Date(iso);

describe('service availability', () => {
  it('a permanent service without dates is always active; deactivated wins', () => {
    expect(availability(base, at('2026-11-22T10:00:00Z'))).toBe('alwaysActive');
    expect(availability({ ...base, deactivated: true }, at('2026-11-22T10:00:00Z'))).toBe('deactivated');
  });

  it('is active only between fromDate and toDate, inclusive, in Cairo days', () => {
    const s = { ...base, fromDate: '2026-03-01', toDate: '2026-03-31' };
    expect(availability(s, at('2026-02-28T12:00:00Z'))).toBe('aboutToBeActive');
    // 22:30 UTC on Feb 28 is already March 1 in Cairo (UTC+2).
    expect(availability(s, at('2026-02-28T22:30:00Z'))).toBe('active');
    expect(availability(s, at('2026-03-31T21:00:00Z'))).toBe('active'); // 23:00 in Cairo
    expect(availability(s, at('2026-03-31T22:30:00Z'))).toBe('expired');
    expect(isAvailable(s, at('2026-03-15T12:00:00Z'))).toBe(true);
  });

  it('an "until" window closes after its day', () => {
    const s = { ...base, activation: { kind: 'until', date: '2026-06-30' } as const };
    expect(isAvailable(s, at('2026-06-30T12:00:00Z'))).toBe(true);
    expect(availability(s, at('2026-07-01T12:00:00Z'))).toBe('expired');
  });

  it('a monthly window opens from day min to day max of each month', () => {
    const s = { ...base, activation: { kind: 'monthly', minDay: 1, maxDay: 10, month: 'this' } as const };
    expect(isAvailable(s, at('2026-11-05T12:00:00Z'))).toBe(true);
    expect(isAvailable(s, at('2026-11-10T12:00:00Z'))).toBe(true);
    expect(availability(s, at('2026-11-11T12:00:00Z'))).toBe('aboutToBeActive');
  });

  it('an after-delay service opens delayDays after its release', () => {
    const s = { ...base, release: '2026-01-01', activation: { kind: 'afterDelay', delayDays: 30 } as const };
    expect(availability(s, at('2026-01-30T12:00:00Z'))).toBe('aboutToBeActive');
    expect(isAvailable(s, at('2026-01-31T12:00:00Z'))).toBe(true);
  });

  it('labels the period as YYYY/MM/DD - YYYY/MM/DD, or null for an open service', () => {
    expect(activationPeriod({ fromDate: '2026-01-01', toDate: '2027-12-31' })).toBe('2026/01/01 - 2027/12/31');
    expect(activationPeriod({ fromDate: null, toDate: '2027-12-31' })).toBeNull();
  });

  it('reads calendar days in Cairo whatever the machine zone', () => {
    expect(cairoDate(at('2026-07-01T21:30:00Z'))).toBe('2026-07-02');
  });
});
