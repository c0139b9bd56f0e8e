/*
 * The checks of a meter reading (spec section 5 "Readings": the current reading must be greater than the previous
 * one), one pure function for both sides: the device runs it before it queues a reading (offline too, against the
 * readings it knows), the server runs it again against the stored ones.
 */

/** An unusual jump: more than this many times the meter's average daily consumption over the days elapsed... */
export const UNUSUAL_FACTOR = 3;
/** ...and more than this many kWh (a small meter's ordinary month never asks for a confirmation). */
export const UNUSUAL_FLOOR_KWH = 300;
const DAY_MS = 86_400_000;

/** The period (month of entitlement) of a reading: the month of its date in Cairo, `YYYY-MM`. */
export function periodOf(readAt: Date | string): string {
  const d = typeof readAt === 'string' ? new Date(readAt) : readAt;
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo', year: 'numeric', month: '2-digit' }).formatToParts(
    d,
  );
  const year = parts.find((p) => p.type === 'year')?.value ?? '0000';
  const month = parts.find((p) => p.type === 'month')?.value ?? '01';
  return `${year}-${month}`;
}

/** The largest number the display shows: 10^digits - 1. */
export const displayMaximum = (digits: number): number => 10 ** digits - 1;

/** A reading as the check needs it: its value and when it was read (ISO text or ms). */
export type KnownReading = { value: number; readAt: string | number; consumption?: number | undefined };

/**
 * The meter's average daily consumption from its readings (oldest to newest, any order accepted): the
 * consumption after the first reading divided by the days from the first to the last. Fewer than two readings,
 * or all on one day: unknown (null), and no jump is called unusual.
 */
export function averageDaily(readings: readonly KnownReading[]): number | null {
  if (readings.length < 2) return null;
  const sorted = [...readings].sort((a, b) => time(a.readAt) - time(b.readAt));
  const days = (time(sorted.at(-1)!.readAt) - time(sorted[0]!.readAt)) / DAY_MS;
  if (days < 1) return null;
  const used = sorted.slice(1).reduce((sum, r) => sum + (r.consumption ?? 0), 0);
  return used / days;
}

const time = (t: string | number): number => (typeof t === 'number' ? t : Date.parse(t));

export type ReadingCheckInput = {
  /** The reading before this one (by date), or the meter's initial reading and when it was added. */
  previous: KnownReading;
  digits: number;
  /** The meter's average daily consumption (averageDaily), null when unknown. */
  averageDaily: number | null;
  value: number;
  readAt: string | number;
  /** The reader says the display passed its maximum and started again from 0. */
  rollover?: boolean | undefined;
  /** The reader confirmed an unusual jump. */
  confirmUnusual?: boolean | undefined;
};

export type ReadingCheckCode = 'reading_less_than_last' | 'READING_OVER_MAXIMUM' | 'READING_UNUSUAL';

export type ReadingCheck =
  | { ok: true; consumption: number; rolledOver: boolean; flags: string[] }
  | { ok: false; code: ReadingCheckCode; consumption?: number | undefined; limit?: number | undefined };

/**
 * Less than the previous reading: `reading_less_than_last`, unless the reader declares a rollover (then the
 * consumption runs through the maximum). Above the display's maximum: `READING_OVER_MAXIMUM`. A consumption above
 * max(UNUSUAL_FLOOR_KWH, UNUSUAL_FACTOR x average daily x days elapsed): `READING_UNUSUAL` until confirmed.
 */
export function checkReading(input: ReadingCheckInput): ReadingCheck {
  const max = displayMaximum(input.digits);
  const { value } = input;
  const prev = input.previous.value;
  if (!Number.isInteger(value) || value < 0 || value > max) return { ok: false, code: 'READING_OVER_MAXIMUM' };
  let consumption: number;
  let rolledOver = false;
  if (value < prev) {
    if (!input.rollover) return { ok: false, code: 'reading_less_than_last' };
    consumption = max + 1 - prev + value;
    rolledOver = true;
  } else consumption = value - prev;
  const flags: string[] = rolledOver ? ['rollover'] : [];
  if (input.averageDaily !== null) {
    const days = Math.max(1, (time(input.readAt) - time(input.previous.readAt)) / DAY_MS);
    const limit = Math.max(UNUSUAL_FLOOR_KWH, Math.ceil(UNUSUAL_FACTOR * input.averageDaily * days));
    if (consumption > limit) {
      if (!input.confirmUnusual) return { ok: false, code: 'READING_UNUSUAL', consumption, limit };
      flags.push('unusual_confirmed');
    }
  } else if (rolledOver && consumption > UNUSUAL_FLOOR_KWH && !input.confirmUnusual) {
    // A declared rollover without history to compare with: a mistyped reading would look like one.
    return { ok: false, code: 'READING_UNUSUAL', consumption, limit: UNUSUAL_FLOOR_KWH };
  } else if (rolledOver && consumption > UNUSUAL_FLOOR_KWH) flags.push('unusual_confirmed');
  return { ok: true, consumption, rolledOver, flags };
}

/** The reading just before `readAt` among the known ones, else the meter's initial reading. */
export function previousOf(readings: readonly KnownReading[], readAt: string | number, initial: KnownReading): KnownReading {
  const at = time(readAt);
  let best: KnownReading | undefined;
  for (const r of readings) if (time(r.readAt) <= at && (!best || time(r.readAt) > time(best.readAt))) best = r;
  return best ?? initial;
}

/**
 * The readings a device knows of a meter, with the meter's last reading as the meters list gives it (`lastReading`)
 * added when the meter's history on the device does not hold it (issue 23: a meter whose readings were never opened
 * on the device was checked against its initial reading, not its last). The check then always runs against the
 * last known reading.
 */
export function withLastReading<T extends KnownReading>(
  readings: readonly T[],
  last: { value: number; readAt: string } | null | undefined,
): (T | { value: number; readAt: string })[] {
  if (!last || readings.some((r) => time(r.readAt) === time(last.readAt) && r.value === last.value)) return [...readings];
  return [...readings, { value: last.value, readAt: last.readAt }];
}
