import { and, eq, lt, sql } from 'drizzle-orm';
import { generateBillForReading } from '../domain/bills/bills.ts';
import type { Db } from '../db/client.ts';
import { bills, meterReadings, meters, tariffs, users } from '../db/schema.ts';
import { transaction } from '../db/tx.ts';

/*
 * The demo citizen's meters (demo mode only): a residential and a commercial meter, approved, each with the
 * readings of the last 12 months (consumption by season: summer higher) and the bills made from them with the
 * tariffs (the newest unpaid, older ones paid); one meter awaiting approval and one rejected with a reason.
 * Deterministic (no randomness: the consumption is a table by calendar month) and upserted by fixed ids, so a
 * second run changes nothing; a bill the citizen has paid stays paid.
 */

const CITIZEN = 'demo-citizen';
const OWNER = { ownerName: 'أحمد محمود', ownerFirstName: 'أحمد', ownerNationalId: '29001010100015' };

/** kWh by calendar month, January first. */
const RESIDENTIAL_KWH = [210, 185, 170, 176, 240, 365, 480, 512, 405, 262, 188, 224];
const COMMERCIAL_KWH = [640, 598, 575, 612, 760, 985, 1150, 1214, 1020, 781, 636, 702];

type DemoMeter = typeof meters.$inferInsert & { kWh?: number[]; unpaidMonths?: number };

const DEMO_METERS: DemoMeter[] = [
  {
    id: 'demo-meter-home',
    ownerId: CITIZEN,
    name: 'المنزل',
    number: '10203040',
    type: 'single_phase',
    maker: 'Elsewedy',
    ...OWNER,
    address: '12 شارع التحرير، الدقي، الجيزة',
    area: 'الدقي',
    connectionType: 'residential',
    contractType: 'permanent',
    subscriberCode: '01-23-456-7890-01',
    status: 'approved',
    initialReading: 48_210,
    digits: 6,
    kWh: RESIDENTIAL_KWH,
    unpaidMonths: 3,
  },
  {
    id: 'demo-meter-shop',
    ownerId: CITIZEN,
    name: 'المحل',
    number: '50607080',
    type: 'three_phase',
    maker: 'Iskraemeco',
    ...OWNER,
    address: '5 شارع مصدق، الدقي، الجيزة',
    area: 'الدقي',
    connectionType: 'commercial',
    contractType: 'permanent',
    subscriberCode: '01-23-456-7891-02',
    status: 'approved',
    initialReading: 152_400,
    digits: 6,
    kWh: COMMERCIAL_KWH,
    unpaidMonths: 2,
  },
  {
    id: 'demo-meter-pending',
    ownerId: CITIZEN,
    name: 'الشقة الجديدة',
    number: '70809010',
    type: 'single_phase',
    ...OWNER,
    address: '3 شارع النيل، العجوزة، الجيزة',
    connectionType: 'residential',
    status: 'pending',
  },
  {
    id: 'demo-meter-rejected',
    ownerId: CITIZEN,
    name: 'المخزن',
    number: '90807060',
    type: 'single_phase',
    ...OWNER,
    address: '8 شارع السودان، المهندسين، الجيزة',
    connectionType: 'commercial',
    status: 'rejected',
    rejectionReason: 'صورة عقد الإيجار غير واضحة، ورقم العداد لا يطابق الصورة المرفقة.',
  },
];

/** `YYYY-MM` of the month `back` months before `now`'s month (UTC). */
function monthBefore(now: Date, back: number): { period: string; year: number; month: number } {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return { period: d.toISOString().slice(0, 7), year: d.getUTCFullYear(), month: d.getUTCMonth() };
}

export async function seedDemoBills(db: Db, now = new Date()): Promise<number> {
  if ((await db.select({ id: users.id }).from(users).where(eq(users.id, CITIZEN))).length === 0) return 0;
  // Without tariffs (a database without the public data) there is nothing to price the readings with.
  if ((await db.select({ id: tariffs.id }).from(tariffs).limit(1)).length === 0) return 0;
  let made = 0;
  await transaction(db, async (tx) => {
    for (const m of DEMO_METERS) {
      const { kWh, unpaidMonths, ...row } = m;
      const decided = m.status === 'approved' || m.status === 'rejected';
      const values = {
        ...row,
        decidedAt: decided ? new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth() - 1, 5)) : null,
      };
      const { id: _id, ...set } = values;
      await tx.insert(meters).values(values).onConflictDoUpdate({ target: meters.id, set });
      if (!kWh) continue;
      // 12 readings, the oldest first: each month's reading taken on the 1st of the next month.
      let value = m.initialReading ?? 0;
      const periods: string[] = [];
      for (let back = 12; back >= 1; back--) {
        const { period, month } = monthBefore(now, back);
        const consumption = kWh[month]!;
        value += consumption;
        const readingId = `${m.id}-${period}`;
        const readAt = new Date(`${period}-01T08:00:00Z`);
        readAt.setUTCMonth(readAt.getUTCMonth() + 1);
        await tx
          .insert(meterReadings)
          .values({ id: readingId, meterId: m.id, period, value, consumption, readAt, source: 'seed' })
          .onConflictDoNothing();
        const issuedAt = new Date(readAt.getTime() + 2 * 86_400_000);
        await generateBillForReading(tx, readingId, { issuedAt });
        periods.push(period);
        made++;
      }
      // The older bills were paid (a few days before they were due); the newest `unpaidMonths` are due.
      const paidUpTo = periods[periods.length - (unpaidMonths ?? 0)]!;
      const older = await tx
        .select({ id: bills.id, dueAt: bills.dueAt })
        .from(bills)
        .where(and(eq(bills.meterId, m.id), lt(bills.period, paidUpTo), eq(bills.status, 'unpaid')));
      for (const b of older) {
        await tx
          .update(bills)
          .set({ status: 'paid', paidAt: new Date(b.dueAt.getTime() - 5 * 86_400_000), version: sql`${bills.version} + 1` })
          .where(eq(bills.id, b.id));
      }
    }
  });
  return made;
}
