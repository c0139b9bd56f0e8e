import { describe, expect, it } from 'vitest';
import {
  averageDaily,
  checkReading,
  displayMaximum,
  periodOf,
  previousOf,
  UNUSUAL_FLOOR_KWH,
  withLastReading,
} from './reading-check.ts';

const at = (iso: string) => Date.parse(`${iso}T10:00:00Z`);
const base = { previous: { value: 1000, readAt: at('2026-01-01') }, digits: 6, averageDaily: null };

describe('periodOf', () => {
  it('is the month of the date in Cairo', () => {
    expect(periodOf('2026-03-15T10:00:00Z')).toBe('2026-03');
    // 23:30 UTC on 31 January is already 1 February in Cairo.
    expect(periodOf('2026-01-31T23:30:00Z')).toBe('2026-02');
    expect(periodOf(new Date('2026-12-31T12:00:00Z'))).toBe('2026-12');
  });
});

describe('checkReading', () => {
  it('takes a higher reading with its consumption', () => {
    expect(checkReading({ ...base, value: 1250, readAt: at('2026-02-01') })).toEqual({
      ok: true,
      consumption: 250,
      rolledOver: false,
      flags: [],
    });
    expect(checkReading({ ...base, value: 1000, readAt: at('2026-02-01') })).toMatchObject({ ok: true, consumption: 0 });
  });

  it('refuses a lower reading with the spec code, unless a rollover is declared', () => {
    expect(checkReading({ ...base, value: 999, readAt: at('2026-02-01') })).toEqual({
      ok: false,
      code: 'reading_less_than_last',
    });
    const rolled = checkReading({
      ...base,
      previous: { value: 999_950, readAt: at('2026-01-01') },
      value: 30,
      readAt: at('2026-02-01'),
      rollover: true,
    });
    expect(rolled).toEqual({ ok: true, consumption: 80, rolledOver: true, flags: ['rollover'] });
    // A rollover declared on a higher reading changes nothing.
    expect(checkReading({ ...base, value: 1100, readAt: at('2026-02-01'), rollover: true })).toMatchObject({
      consumption: 100,
      rolledOver: false,
    });
  });

  it('refuses what the display cannot show', () => {
    expect(displayMaximum(4)).toBe(9999);
    expect(
      checkReading({
        ...base,
        digits: 4,
        previous: { value: 10, readAt: at('2026-01-01') },
        value: 10_000,
        readAt: at('2026-02-01'),
      }),
    ).toEqual({
      ok: false,
      code: 'READING_OVER_MAXIMUM',
    });
    expect(checkReading({ ...base, value: 1000.5, readAt: at('2026-02-01') })).toMatchObject({
      ok: false,
      code: 'READING_OVER_MAXIMUM',
    });
  });

  it('asks to confirm a jump above 3 x the daily average x the days, and above the floor', () => {
    const avg = { ...base, averageDaily: 10 };
    // 31 days x 10 kWh x 3 = 930: 900 passes, 1000 asks.
    expect(checkReading({ ...avg, value: 1900, readAt: at('2026-02-01') })).toMatchObject({ ok: true, consumption: 900 });
    expect(checkReading({ ...avg, value: 2000, readAt: at('2026-02-01') })).toEqual({
      ok: false,
      code: 'READING_UNUSUAL',
      consumption: 1000,
      limit: 930,
    });
    expect(checkReading({ ...avg, value: 2000, readAt: at('2026-02-01'), confirmUnusual: true })).toEqual({
      ok: true,
      consumption: 1000,
      rolledOver: false,
      flags: ['unusual_confirmed'],
    });
    // A tiny average never asks below the floor.
    const tiny = { ...base, averageDaily: 0.1 };
    expect(checkReading({ ...tiny, value: 1000 + UNUSUAL_FLOOR_KWH, readAt: at('2026-01-02') })).toMatchObject({ ok: true });
    expect(checkReading({ ...tiny, value: 1001 + UNUSUAL_FLOOR_KWH, readAt: at('2026-01-02') })).toMatchObject({
      ok: false,
      code: 'READING_UNUSUAL',
    });
  });

  it('without history, a large declared rollover must be confirmed (a mistyped reading would look like one)', () => {
    const input = {
      ...base,
      previous: { value: 500_000, readAt: at('2026-01-01') },
      value: 10,
      readAt: at('2026-02-01'),
      rollover: true,
    };
    expect(checkReading(input)).toMatchObject({ ok: false, code: 'READING_UNUSUAL' });
    expect(checkReading({ ...input, confirmUnusual: true })).toMatchObject({ ok: true, rolledOver: true });
  });
});

describe('averageDaily and previousOf', () => {
  it('averages the consumption after the first reading over the days between first and last', () => {
    expect(averageDaily([])).toBeNull();
    expect(averageDaily([{ value: 1, readAt: at('2026-01-01'), consumption: 5 }])).toBeNull();
    expect(
      averageDaily([
        { value: 1300, readAt: at('2026-02-01'), consumption: 300 },
        { value: 1000, readAt: at('2026-01-01'), consumption: 1000 },
      ]),
    ).toBeCloseTo(300 / 31, 6);
  });

  it('finds the reading just before a date, else the initial one', () => {
    const initial = { value: 5, readAt: at('2025-12-01') };
    const list = [
      { value: 10, readAt: at('2026-01-01') },
      { value: 20, readAt: at('2026-02-01') },
    ];
    expect(previousOf(list, at('2026-01-15'), initial).value).toBe(10);
    expect(previousOf(list, at('2026-03-01'), initial).value).toBe(20);
    expect(previousOf(list, at('2025-12-15'), initial)).toBe(initial);
  });

  it("checks against the meter's last reading from the meters list when its history was never opened", () => {
    // The demo shop meter: initial 48210, last 51627 (My meters); no readings on the device.
    const known = withLastReading([], { value: 51627, readAt: '2026-10-05T10:00:00.000Z' });
    const previous = previousOf(known, at('2026-11-05'), { value: 48210, readAt: at('2025-01-01') });
    expect(previous.value).toBe(51627);
    expect(checkReading({ ...base, previous, value: 50000, readAt: at('2026-11-05') })).toEqual({
      ok: false,
      code: 'reading_less_than_last',
    });
    // Already among the readings the device holds: not added twice.
    const held = [{ value: 51627, readAt: '2026-10-05T10:00:00.000Z' }];
    expect(withLastReading(held, { value: 51627, readAt: '2026-10-05T10:00:00.000Z' })).toHaveLength(1);
    expect(withLastReading(held, null)).toHaveLength(1);
  });
});
