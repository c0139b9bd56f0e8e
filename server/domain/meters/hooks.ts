import type { TReading } from '../../../contract/meters.ts';
import type { Db } from '../../db/client.ts';
import { NoTariffError, generateBillForReading, repriceBillForReading } from '../bills/bills.ts';

/*
 * What happens after a reading is stored, in the reading's own transaction (decision 026): the month's bill is
 * made from it (one per meter and month), and a later reading whose consumption it changed has its unpaid bill
 * priced again. A meter whose connection type has no tariff yet (industrial, agricultural, government: only
 * residential and commercial are seeded) keeps its reading and gets no bill.
 */

/** Called inside the transaction that stored `reading`: a throw rolls the reading back. */
export async function onReadingStored(
  tx: Db,
  reading: TReading & { meterId: string },
  changed: { laterReadingId?: string | undefined } = {},
): Promise<void> {
  try {
    await generateBillForReading(tx, reading.id);
  } catch (err) {
    // The reading is kept either way: a connection type without a tariff yet gets its bill once one is added.
    if (!(err instanceof NoTariffError)) throw err;
  }
  if (changed.laterReadingId) await repriceBillForReading(tx, changed.laterReadingId);
}
