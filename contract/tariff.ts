import { z } from 'zod/mini';
import { ZLocalized } from './common.ts';

/*
 * Electricity tariffs as data and the one computation of a bill from a month's consumption (decision 026). The
 * same pure function prices a stored reading on the server and the estimate of the bill calculator on the device.
 * Money is integer piastres (1 EGP = 100 piastres) everywhere: prices per kWh are whole piastres, so every amount
 * is a whole number and nothing is ever a float.
 */

/** The connection types (spec section 3 "Meter": connection type) that have a tariff. */
export const CONNECTION_TYPES = ['residential', 'commercial'] as const;
export const ZConnectionType = z.enum(CONNECTION_TYPES);
export type TConnectionType = z.infer<typeof ZConnectionType>;

/** A month of entitlement, `YYYY-MM`. */
export const ZPeriod = z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/));

const whole = (min: number, max: number) => z.int().check(z.gte(min), z.lte(max));

/**
 * One consumption band: up to `upToKwh` (inclusive; `null` for no upper limit, the last band) at
 * `piastresPerKwh`. `restart`: this band starts a new schedule, see {@link computeBill}.
 */
export const ZTariffTier = z.object({
  upToKwh: z.nullable(whole(1, 10_000_000)),
  piastresPerKwh: whole(0, 100_000),
  restart: z.optional(z.boolean()),
});
export type TTariffTier = z.infer<typeof ZTariffTier>;

/** The monthly customer service charge of a consumption band (up to `upToKwh` inclusive; `null`: no limit). */
export const ZFixedCharge = z.object({ upToKwh: z.nullable(whole(0, 10_000_000)), piastres: whole(0, 10_000_000) });
export type TFixedCharge = z.infer<typeof ZFixedCharge>;

export const ZTariff = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  connectionType: ZConnectionType,
  /** The first month of entitlement it prices (`YYYY-MM`). */
  validFrom: ZPeriod,
  tiers: z.array(ZTariffTier).check(z.minLength(1)),
  fixedCharges: z.array(ZFixedCharge),
  /** Above this many kWh the whole consumption is priced at the price of the band it falls in; `null`: never. */
  flatAboveKwh: z.nullable(whole(0, 10_000_000)),
  name: ZLocalized,
});
export type TTariff = z.infer<typeof ZTariff>;

/** One priced slice of the consumption: kWh `fromKwh` (exclusive) to `toKwh` (inclusive) at a price. */
export const ZBillLine = z.object({
  fromKwh: z.int(),
  toKwh: z.int(),
  kWh: z.int(),
  piastresPerKwh: z.int(),
  amountPiastres: z.int(),
});
export type TBillLine = z.infer<typeof ZBillLine>;

export const ZBillBreakdown = z.object({
  /** The consumption priced (kWh). */
  kWh: z.int(),
  lines: z.array(ZBillLine),
  /** The whole consumption was priced at one band's price (above `flatAboveKwh`). */
  flat: z.boolean(),
  energyPiastres: z.int(),
  fixedChargePiastres: z.int(),
  totalPiastres: z.int(),
});
export type TBillBreakdown = z.infer<typeof ZBillBreakdown>;

/** The largest monthly consumption the calculator and the server price (a reading above it is a mistake). */
export const MAX_MONTHLY_KWH = 1_000_000;

/**
 * A bill from a tariff and a month's consumption (whole kWh, 0 or more), in integer piastres.
 *
 * The rule (decision 026), for consumption C:
 * 1. The band of C is the first tier with `upToKwh` null or `C <= upToKwh` (0 kWh falls in the first band).
 * 2. If `flatAboveKwh` is set and `C > flatAboveKwh`, all of C is priced at that band's price (one line).
 * 3. Otherwise C is priced progressively over one schedule: the schedule starts at the last tier marked `restart`
 *    at or before C's band (or the first tier); its first tier prices kWh 1 to its `upToKwh`, each following
 *    tier the kWh above the previous tier's `upToKwh` up to its own, until C. Tiers before the schedule's start
 *    do not apply: this is how, above 100 kWh, Egypt's residential consumption is priced from the start at the
 *    higher bands.
 * 4. The fixed (customer service) charge is that of the first fixed-charge band with `upToKwh` null or
 *    `C <= upToKwh` (none if no band matches).
 * 5. Total = energy + fixed charge.
 */
export function computeBill(tariff: Pick<TTariff, 'tiers' | 'fixedCharges' | 'flatAboveKwh'>, kWh: number): TBillBreakdown {
  if (!Number.isSafeInteger(kWh) || kWh < 0) throw new RangeError(`consumption must be a whole number of kWh, got ${kWh}`);
  const tiers = tariff.tiers;
  const within = (upTo: number | null) => upTo === null || kWh <= upTo;
  let band = tiers.findIndex((t) => within(t.upToKwh));
  if (band < 0) band = tiers.length - 1; // a tariff whose last band has a limit prices beyond it at that band
  const lines: TBillLine[] = [];
  const flat = tariff.flatAboveKwh !== null && kWh > tariff.flatAboveKwh;
  if (flat) {
    const price = tiers[band]!.piastresPerKwh;
    lines.push({ fromKwh: 0, toKwh: kWh, kWh, piastresPerKwh: price, amountPiastres: kWh * price });
  } else {
    let start = 0;
    for (let i = band; i > 0; i--) {
      if (tiers[i]!.restart) {
        start = i;
        break;
      }
    }
    let from = 0;
    for (let i = start; i <= band && from < kWh; i++) {
      const t = tiers[i]!;
      const to = i === band || t.upToKwh === null ? kWh : Math.min(kWh, t.upToKwh);
      if (to <= from) continue;
      lines.push({
        fromKwh: from,
        toKwh: to,
        kWh: to - from,
        piastresPerKwh: t.piastresPerKwh,
        amountPiastres: (to - from) * t.piastresPerKwh,
      });
      from = to;
    }
  }
  const energyPiastres = lines.reduce((sum, l) => sum + l.amountPiastres, 0);
  const fixedChargePiastres = tariff.fixedCharges.find((c) => within(c.upToKwh))?.piastres ?? 0;
  return { kWh, lines, flat, energyPiastres, fixedChargePiastres, totalPiastres: energyPiastres + fixedChargePiastres };
}

/** The tariff in force for a month: the latest `validFrom` not after it, of the connection type. */
export function tariffInForce<T extends Pick<TTariff, 'connectionType' | 'validFrom'>>(
  tariffs: readonly T[],
  connectionType: string,
  period: string,
): T | undefined {
  let best: T | undefined;
  for (const t of tariffs) {
    if (t.connectionType !== connectionType || t.validFrom > period) continue;
    if (!best || t.validFrom > best.validFrom) best = t;
  }
  return best;
}
