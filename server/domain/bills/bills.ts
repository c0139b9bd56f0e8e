import crypto from 'node:crypto';
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { BILL_DUE_DAYS, ZBill, type TBill, type TBillPage, type TBillStatus } from '../../../contract/bills.ts';
import { ZBillBreakdown, computeBill, tariffInForce } from '../../../contract/tariff.ts';
import type { Db } from '../../db/client.ts';
import { bills, meterReadings, meters } from '../../db/schema.ts';
import { nextNumber } from '../requests/submit.ts';
import { notFound } from '../app-error.ts';
import { allTariffs } from './tariffs.ts';

/*
 * Bills (decision 026): one per meter and month of entitlement, made from the month's stored reading with the
 * tariff in force for the meter's connection type; read by the meter's owner only.
 */

const DAY = 86_400_000;

/** No tariff of the meter's connection type is in force for the month: no bill until the finance department adds one. */
export class NoTariffError extends Error {
  constructor(
    readonly connectionType: string,
    readonly period: string,
  ) {
    super(`no ${connectionType} tariff in force for ${period}`);
  }
}

export type GenerateOptions = {
  /** When the bill is issued (default: now; the seed passes the month after the period). */
  issuedAt?: Date;
};

/**
 * Makes the bill of a stored reading's month (the meters feature calls it once a reading is stored). Idempotent:
 * the unique meter+month index keeps one bill per meter and month; a second call (or a race) answers the bill
 * that exists. A reading of a meter whose connection type has no tariff for the month: an error (the tariffs
 * are data; a missing one is the finance department's to add, never a bill of 0).
 */
export async function generateBillForReading(tx: Db, readingId: string, options: GenerateOptions = {}): Promise<TBill> {
  const [reading] = await tx.select().from(meterReadings).where(eq(meterReadings.id, readingId));
  if (!reading) throw notFound('Reading');
  const existing = await billOfMeterPeriod(tx, reading.meterId, reading.period);
  if (existing) return existing;
  const [meter] = await tx.select().from(meters).where(eq(meters.id, reading.meterId));
  if (!meter) throw notFound('Meter');
  const tariff = tariffInForce(await allTariffs(tx), meter.connectionType, reading.period);
  if (!tariff) throw new NoTariffError(meter.connectionType, reading.period);
  const breakdown = computeBill(tariff, reading.consumption);
  const issuedAt = options.issuedAt ?? new Date();
  const inserted = await tx
    .insert(bills)
    .values({
      id: crypto.randomUUID(),
      number: await nextNumber(tx, 'BILL', Number(reading.period.slice(0, 4))),
      meterId: meter.id,
      period: reading.period,
      readingId: reading.id,
      consumption: reading.consumption,
      amountPiastres: breakdown.totalPiastres,
      breakdown,
      tariffId: tariff.id,
      issuedAt,
      dueAt: new Date(issuedAt.getTime() + BILL_DUE_DAYS * DAY),
      status: 'unpaid',
    })
    .onConflictDoNothing({ target: [bills.meterId, bills.period] })
    .returning({ id: bills.id });
  if (inserted.length === 0) {
    // Another call made it between our read and our write.
    const made = await billOfMeterPeriod(tx, reading.meterId, reading.period);
    if (made) return made;
    throw new Error(`bill of ${reading.meterId} ${reading.period} neither inserted nor found`);
  }
  return (await billOfMeterPeriod(tx, reading.meterId, reading.period))!;
}

/**
 * A reading's consumption changed (an earlier reading arrived late, between it and its predecessor): its month's
 * bill, while unpaid, is priced again from the new consumption (version + 1). A paid bill keeps what was paid;
 * the difference is the finance department's to settle (decision 026).
 */
export async function repriceBillForReading(tx: Db, readingId: string): Promise<void> {
  const [reading] = await tx.select().from(meterReadings).where(eq(meterReadings.id, readingId));
  if (!reading) return;
  const [bill] = await tx
    .select()
    .from(bills)
    .where(and(eq(bills.meterId, reading.meterId), eq(bills.period, reading.period)));
  if (!bill || bill.status !== 'unpaid' || bill.consumption === reading.consumption) return;
  const [meter] = await tx.select().from(meters).where(eq(meters.id, reading.meterId));
  const tariff = meter && tariffInForce(await allTariffs(tx), meter.connectionType, reading.period);
  if (!tariff) return;
  const breakdown = computeBill(tariff, reading.consumption);
  await tx
    .update(bills)
    .set({
      consumption: reading.consumption,
      amountPiastres: breakdown.totalPiastres,
      breakdown,
      tariffId: tariff.id,
      version: sql`${bills.version} + 1`,
    })
    .where(and(eq(bills.id, bill.id), eq(bills.status, 'unpaid')));
}

const selection = {
  bill: bills,
  meterNumber: meters.number,
  meterName: meters.name,
  connectionType: meters.connectionType,
};
type Row = { bill: typeof bills.$inferSelect; meterNumber: string; meterName: string | null; connectionType: string };

function toBill(r: Row): TBill {
  const b = r.bill;
  const breakdown = ZBillBreakdown.safeParse(b.breakdown);
  return ZBill.parse({
    id: b.id,
    number: b.number,
    meterId: b.meterId,
    meterNumber: r.meterNumber,
    meterName: r.meterName,
    connectionType: r.connectionType,
    period: b.period,
    consumption: b.consumption,
    amountPiastres: b.amountPiastres,
    breakdown: breakdown.success ? breakdown.data : null,
    tariffId: b.tariffId,
    issuedAt: b.issuedAt.toISOString(),
    dueAt: b.dueAt.toISOString(),
    status: b.status,
    paidAt: b.paidAt?.toISOString() ?? null,
    version: b.version,
  });
}

async function billOfMeterPeriod(tx: Db, meterId: string, period: string): Promise<TBill | undefined> {
  const [row] = await tx
    .select(selection)
    .from(bills)
    .innerJoin(meters, eq(meters.id, bills.meterId))
    .where(and(eq(bills.meterId, meterId), eq(bills.period, period)));
  return row ? toBill(row) : undefined;
}

/** The bills an owner reads: those of every meter they own (a removed meter keeps its history). */
const ownedBy = (ownerId: string): SQL => eq(meters.ownerId, ownerId);

export type BillListInput = {
  /** The citizen whose bills (null: an agent acting for nobody, who sees none). */
  ownerId: string | null;
  meterId?: string | undefined;
  status?: TBillStatus | undefined;
  limit: number;
  skip: number;
  /** A further condition on the meters (staff reading a citizen's bills: their scope, decision 060). */
  meterScope?: SQL | undefined;
};

/** The owner's bills, newest month first (then meter number), paged, with what the whole selection leaves due. */
export async function listBills(db: Db, input: BillListInput): Promise<TBillPage> {
  if (input.ownerId === null) return { items: [], total: 0, unpaidTotalPiastres: 0 };
  const where = and(
    ownedBy(input.ownerId),
    input.meterScope,
    input.meterId ? eq(bills.meterId, input.meterId) : undefined,
    input.status ? eq(bills.status, input.status) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select(selection)
      .from(bills)
      .innerJoin(meters, eq(meters.id, bills.meterId))
      .where(where)
      .orderBy(desc(bills.period), meters.number, bills.id)
      .limit(input.limit)
      .offset(input.skip),
    db
      .select({
        total: count(),
        unpaid: sql<string>`coalesce(sum(${bills.amountPiastres}) filter (where ${bills.status} = 'unpaid'), 0)`,
      })
      .from(bills)
      .innerJoin(meters, eq(meters.id, bills.meterId))
      .where(where),
  ]);
  return { items: rows.map(toBill), total: Number(totals?.total ?? 0), unpaidTotalPiastres: Number(totals?.unpaid ?? 0) };
}

/** One bill of a meter the owner owns; anyone else's (or none): 404. */
export async function ownedBill(db: Db, ownerId: string | null, billId: string): Promise<TBill> {
  if (ownerId === null) throw notFound('Bill');
  const [row] = await db
    .select(selection)
    .from(bills)
    .innerJoin(meters, eq(meters.id, bills.meterId))
    .where(and(eq(bills.id, billId), ownedBy(ownerId)));
  if (!row) throw notFound('Bill');
  return toBill(row);
}

/** The unpaid bills of the owner's meters among `ids`, oldest month first, per meter (for the payments feature). */
export async function unpaidBillsOfMeters(db: Db, ownerId: string, meterIds: readonly string[]): Promise<TBill[]> {
  if (meterIds.length === 0) return [];
  const rows = await db
    .select(selection)
    .from(bills)
    .innerJoin(meters, eq(meters.id, bills.meterId))
    .where(and(ownedBy(ownerId), inArray(bills.meterId, [...meterIds]), eq(bills.status, 'unpaid')))
    .orderBy(bills.meterId, bills.period);
  return rows.map(toBill);
}
