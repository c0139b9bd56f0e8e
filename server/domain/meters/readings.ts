import { and, asc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod/mini';
import { READING_PHOTO, type TReading, type TReadingList, type ZReadingBody } from '../../../contract/meters.ts';
import { averageDaily, checkReading, periodOf } from '../../../contract/reading-check.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { attachments, meterReadings } from '../../db/schema.ts';
import { transaction } from '../../db/tx.ts';
import { AppError } from '../app-error.ts';
import type { IdempotentWrite } from '../idempotency/idempotency.ts';
import { onReadingStored } from './hooks.ts';
import { ownedMeter, readMeter } from './meters.ts';

/*
 * Meter readings (spec section 2 "Meter reading registration", section 5 "Readings"; issue 12). One reading per
 * meter and period (the month of its date in Cairo): the unique index makes a reading arrive once whatever the
 * device replays; the Idempotency-Key gives a replay the first answer. The checks are the device's own
 * (contract/reading-check.ts), run again here against the stored readings, under the meter's row lock.
 */

type Row = typeof meterReadings.$inferSelect;
const DAY_MS = 86_400_000;
/** A device clock a little ahead is tolerated; a reading dated later than this is refused. */
const FUTURE_TOLERANCE_MS = DAY_MS;

const toReading = (r: Row): TReading => ({
  id: r.id,
  meterId: r.meterId,
  period: r.period,
  value: r.value,
  consumption: r.consumption,
  rolledOver: r.rolledOver,
  flags: r.flags,
  readAt: r.readAt.toISOString(),
  photoAttachmentId: r.photoAttachmentId,
  source: r.source,
  createdAt: r.createdAt.toISOString(),
});

const readingsOf = (db: Db, meterId: string) =>
  db.select().from(meterReadings).where(eq(meterReadings.meterId, meterId)).orderBy(asc(meterReadings.readAt));

/** The owner's meter with its readings, newest first, and the average daily consumption the checks use. */
export async function listReadings(db: Db, ownerId: string, meterId: string): Promise<TReadingList> {
  const meter = await readMeter(db, ownerId, meterId);
  const rows = await readingsOf(db, meterId);
  return {
    meter,
    items: rows.map(toReading).reverse(),
    averageDaily: averageDaily(rows.map((r) => ({ value: r.value, readAt: r.readAt.getTime(), consumption: r.consumption }))),
  };
}

export type ReadingInput = {
  ownerId: string;
  meterId: string;
  body: z.output<typeof ZReadingBody>;
  /** Who typed it (the citizen, or the agent acting for them). */
  submittedById: string;
  source: 'citizen' | 'agent';
  idempotency?: IdempotentWrite | undefined;
  now?: Date;
};

/**
 * Stores a reading of an approved meter in one transaction with its checks, the `onReadingStored` hook and the
 * completed Idempotency-Key. Refusals: METER_NOT_APPROVED, READING_DATE_INVALID (in the future, or not after the
 * last stored reading), READING_PERIOD_TAKEN, and the checks' codes.
 */
export async function submitReading(db: Db, input: ReadingInput): Promise<TReading> {
  const now = input.now ?? new Date();
  const readAt = new Date(input.body.readAt);
  try {
    return await transaction(db, async (tx) => {
      const meter = await ownedMeter(tx, input.ownerId, input.meterId, true);
      if (meter.status !== 'approved') throw new AppError('METER_NOT_APPROVED', `The meter is ${meter.status}`);
      if (readAt.getTime() > now.getTime() + FUTURE_TOLERANCE_MS)
        throw new AppError('READING_DATE_INVALID', 'The reading date is in the future', {
          fieldErrors: { readAt: ['READING_DATE_INVALID'] },
        });
      const period = periodOf(readAt);
      const rows = await readingsOf(tx, meter.id);
      if (rows.some((r) => r.period === period))
        throw new AppError('READING_PERIOD_TAKEN', `The meter already has a reading for ${period}`);
      // Readings may arrive out of order (several devices, an outbox that was stuck): this one is checked against
      // the reading before it by date, and the one after it, if any, must still follow from it.
      const last = rows.filter((r) => r.readAt.getTime() <= readAt.getTime()).at(-1);
      const after = rows.find((r) => r.readAt.getTime() > readAt.getTime());
      const max = 10 ** meter.digits - 1;
      if (after && !after.rolledOver && after.value < input.body.value)
        throw new AppError('READING_DATE_INVALID', 'A later reading is lower than this one', {
          fieldErrors: { readAt: ['READING_DATE_INVALID'] },
        });
      const known = rows.map((r) => ({ value: r.value, readAt: r.readAt.getTime(), consumption: r.consumption }));
      const check = checkReading({
        previous: last
          ? { value: last.value, readAt: last.readAt.getTime() }
          : { value: meter.initialReading, readAt: meter.createdAt.getTime() },
        digits: meter.digits,
        averageDaily: averageDaily(known),
        value: input.body.value,
        readAt: readAt.getTime(),
        rollover: input.body.rollover,
        confirmUnusual: input.body.confirmUnusual,
      });
      if (!check.ok)
        throw new AppError(check.code, `The reading was refused (${check.code})`, {
          fieldErrors: { value: [check.code] },
        });
      let photo: string | null = null;
      if (input.body.photoAttachmentId) {
        // The picture uploaded for this reading by whoever typed it; claimed (its field marked) so that it no longer
        // counts as an unclaimed upload of the field.
        const [att] = await tx
          .update(attachments)
          .set({ fieldId: `${READING_PHOTO.fieldId}:claimed`, ownerId: input.ownerId })
          .where(
            and(
              eq(attachments.id, input.body.photoAttachmentId),
              eq(attachments.ownerId, input.submittedById),
              eq(attachments.serviceSlug, READING_PHOTO.serviceSlug),
              eq(attachments.fieldId, READING_PHOTO.fieldId),
              isNull(attachments.requestId),
            ),
          )
          .returning({ id: attachments.id });
        if (!att) throw new AppError('INVALID_INPUT', 'Unknown picture', { fieldErrors: { photoAttachmentId: ['invalid'] } });
        photo = att.id;
      }
      const [row] = await tx
        .insert(meterReadings)
        .values({
          id: crypto.randomUUID(),
          meterId: meter.id,
          period,
          value: input.body.value,
          consumption: check.consumption,
          rolledOver: check.rolledOver,
          flags: check.flags,
          readAt,
          photoAttachmentId: photo,
          source: input.source,
          submittedById: input.submittedById,
          createdAt: now,
        })
        .returning();
      if (after) {
        const consumption = after.rolledOver ? max + 1 - input.body.value + after.value : after.value - input.body.value;
        await tx.update(meterReadings).set({ consumption }).where(eq(meterReadings.id, after.id));
      }
      const reading = toReading(row!);
      await onReadingStored(tx, reading, { laterReadingId: after?.id });
      await input.idempotency?.complete(tx, reading);
      return reading;
    });
  } catch (err) {
    // Two devices sending the same period at once: the second waits on the row lock, then finds the first; a
    // unique violation is still answered with the code, never a 500.
    if (isUniqueViolation(err, 'meter_readings_period_uq'))
      throw new AppError('READING_PERIOD_TAKEN', 'The meter already has a reading for this period');
    throw err;
  }
}
