import { asc } from 'drizzle-orm';
import { ZTariff, tariffInForce, type TTariff } from '../../../contract/tariff.ts';
import type { Db } from '../../db/client.ts';
import { tariffs } from '../../db/schema.ts';

/** The current month of entitlement in Cairo (`YYYY-MM`). */
export function currentPeriod(now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo', year: 'numeric', month: '2-digit' }).formatToParts(
    now,
  );
  const part = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}

/** Every stored tariff, read through the contract's schema (a bad row fails loudly, never prices a bill). */
export async function allTariffs(db: Db): Promise<TTariff[]> {
  const rows = await db.select().from(tariffs).orderBy(asc(tariffs.connectionType), asc(tariffs.validFrom));
  return rows.map((r) =>
    ZTariff.parse({
      id: r.id,
      connectionType: r.connectionType,
      validFrom: r.validFrom,
      tiers: r.tiers,
      fixedCharges: r.fixedCharges,
      flatAboveKwh: r.flatAboveKwh,
      name: r.name,
    }),
  );
}

/** The tariffs in force in a month, one per connection type that has one. */
export async function currentTariffs(db: Db, period = currentPeriod()): Promise<TTariff[]> {
  const all = await allTariffs(db);
  const types = [...new Set(all.map((t) => t.connectionType))];
  return types.map((type) => tariffInForce(all, type, period)).filter((t): t is TTariff => t !== undefined);
}
