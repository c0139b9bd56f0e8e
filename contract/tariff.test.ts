import { describe, expect, it } from 'vitest';
import { computeBill, tariffInForce, type TTariff } from './tariff.ts';
import { tariffSeeds } from '../server/seed/data/tariffs.ts';

const residential = tariffSeeds.find((t) => t.connectionType === 'residential')!;
const commercial = tariffSeeds.find((t) => t.connectionType === 'commercial')!;

const lines = (t: TTariff, kWh: number) => computeBill(t, kWh).lines.map((l) => [l.kWh, l.piastresPerKwh, l.amountPiastres]);

describe('computeBill: residential (bands 50/100, from the start above 100, flat above 1000)', () => {
  it.each([
    // kWh, energy, fixed charge, total
    [0, 0, 100, 100],
    [1, 68, 100, 168],
    [50, 3400, 100, 3500],
    [51, 3478, 200, 3678],
    [100, 7300, 200, 7500],
    [101, 9595, 600, 10195],
    [200, 19000, 600, 19600],
    [201, 19155, 900, 20055],
    [350, 42250, 900, 43150],
    [351, 42445, 2000, 44445],
    [1000, 174250, 2000, 176250],
    [1001, 223223, 4000, 227223],
  ])('%i kWh: energy %i + fixed %i = %i piastres', (kWh, energy, fixed, total) => {
    const b = computeBill(residential, kWh);
    expect(b).toMatchObject({ kWh, energyPiastres: energy, fixedChargePiastres: fixed, totalPiastres: total });
    expect(b.lines.reduce((s, l) => s + l.kWh, 0)).toBe(kWh);
    for (const v of [b.energyPiastres, b.fixedChargePiastres, b.totalPiastres]) expect(Number.isInteger(v)).toBe(true);
  });

  it('up to 100 kWh uses the two lowest bands', () => {
    expect(lines(residential, 100)).toEqual([
      [50, 68, 3400],
      [50, 78, 3900],
    ]);
    expect(computeBill(residential, 100).flat).toBe(false);
  });

  it('above 100 kWh prices from the start at the higher bands (68 and 78 no longer apply)', () => {
    expect(lines(residential, 101)).toEqual([[101, 95, 9595]]);
    expect(lines(residential, 1000)).toEqual([
      [200, 95, 19000],
      [150, 155, 23250],
      [300, 195, 58500],
      [350, 210, 73500],
    ]);
    expect(computeBill(residential, 1000).lines.map((l) => [l.fromKwh, l.toKwh])).toEqual([
      [0, 200],
      [200, 350],
      [350, 650],
      [650, 1000],
    ]);
  });

  it('above 1000 kWh prices all of it at the top price, in one line', () => {
    const b = computeBill(residential, 1001);
    expect(b.flat).toBe(true);
    expect(lines(residential, 1001)).toEqual([[1001, 223, 223223]]);
  });

  it('zero consumption still pays the first band’s customer service charge', () => {
    expect(computeBill(residential, 0)).toEqual({
      kWh: 0,
      lines: [],
      flat: false,
      energyPiastres: 0,
      fixedChargePiastres: 100,
      totalPiastres: 100,
    });
  });

  it('refuses a negative or fractional consumption', () => {
    expect(() => computeBill(residential, -1)).toThrow(RangeError);
    expect(() => computeBill(residential, 10.5)).toThrow(RangeError);
    expect(() => computeBill(residential, Number.NaN)).toThrow(RangeError);
  });
});

describe('computeBill: commercial', () => {
  it.each([
    [0, 500],
    [100, 9000],
    [101, 101 * 168 + 1500],
    [300, 250 * 168 + 50 * 182 + 2000],
    [1000, 250 * 168 + 350 * 182 + 400 * 208 + 2500],
    [1200, 1200 * 223 + 4000],
  ])('%i kWh: %i piastres', (kWh, total) => {
    expect(computeBill(commercial, kWh).totalPiastres).toBe(total);
  });

  it('has its own bands', () => {
    expect(lines(commercial, 300)).toEqual([
      [250, 168, 42000],
      [50, 182, 9100],
    ]);
  });
});

describe('computeBill: a tariff without flat pricing or restarts is plainly progressive', () => {
  const simple = {
    tiers: [
      { upToKwh: 10, piastresPerKwh: 1 },
      { upToKwh: 20, piastresPerKwh: 2 },
    ],
    fixedCharges: [],
    flatAboveKwh: null,
  };
  it('prices beyond the last limited band at that band', () => {
    expect(computeBill(simple, 25)).toMatchObject({ energyPiastres: 10 + 15 * 2, fixedChargePiastres: 0, flat: false });
  });
});

describe('tariffInForce', () => {
  const older = { ...residential, id: 'r-old', validFrom: '2023-01' };
  const all = [older, residential, commercial];
  it('takes the latest tariff of the type not after the month', () => {
    expect(tariffInForce(all, 'residential', '2024-07')?.id).toBe('r-old');
    expect(tariffInForce(all, 'residential', '2024-08')?.id).toBe(residential.id);
    expect(tariffInForce(all, 'residential', '2030-01')?.id).toBe(residential.id);
    expect(tariffInForce(all, 'commercial', '2024-01')).toBeUndefined();
    expect(tariffInForce(all, 'industrial', '2030-01')).toBeUndefined();
  });
});
