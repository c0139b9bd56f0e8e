import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { TMeter, TMeterStatus, TStaffMeter } from '../../../contract/meters.ts';
import type { z } from 'zod/mini';
import type { ZMeterBody, ZMeterDecisionBody } from '../../../contract/meters.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { meterReadings, meters, serviceCenters, users } from '../../db/schema.ts';
import { transaction } from '../../db/tx.ts';
import { AppError } from '../app-error.ts';
import { notify } from '../notifications/notify.ts';
import { inScope, scopeCondition, type StaffMember } from '../staff/scope.ts';

/*
 * Meters (spec section 3 "Meter", section 2 "My meters"; issue 12). A citizen adds, edits and removes their
 * meters; a number belongs to one account at a time once approved (the partial unique index on approved meters:
 * METER_NUMBER_TAKEN, never a 500). A pending registration claims nothing (decision 037): anyone could type
 * someone else's number, so several accounts may have one number pending and the staff approve one; an account
 * has at most `maxPending` meters waiting (QUOTA_EXCEEDED). Staff of the meter's scope approve, reject or delete it from the platform,
 * naming the version they saw; each decision notifies the owner in the same transaction.
 */

type Row = typeof meters.$inferSelect;
export type MeterFields = z.output<typeof ZMeterBody>;
type LastReading = { value: number; period: string; readAt: Date } | undefined;

export const toMeter = (m: Row, last?: LastReading): TMeter => ({
  id: m.id,
  name: m.name,
  number: m.number,
  type: m.type,
  maker: m.maker,
  ownerName: m.ownerName,
  ownerFirstName: m.ownerFirstName,
  ownerNationalId: m.ownerNationalId,
  address: m.address,
  area: m.area,
  governorateId: m.governorateId,
  companyId: m.companyId,
  serviceCenterId: m.serviceCenterId,
  sectorId: m.sectorId,
  connectionType: m.connectionType,
  contractType: m.contractType,
  subscriberCode: m.subscriberCode,
  chassisNumber: m.chassisNumber,
  activityDescription: m.activityDescription,
  placeDescription: m.placeDescription,
  applicantDescription: m.applicantDescription,
  status: m.status,
  rejectionReason: m.rejectionReason,
  removalReason: m.removalReason,
  decidedAt: m.decidedAt?.toISOString() ?? null,
  initialReading: m.initialReading,
  digits: m.digits,
  version: m.version,
  createdAt: m.createdAt.toISOString(),
  updatedAt: m.updatedAt.toISOString(),
  lastReading: last ? { value: last.value, period: last.period, readAt: last.readAt.toISOString() } : null,
});

/** The last reading of each meter named. */
async function lastReadings(db: Db, ids: string[]): Promise<Map<string, LastReading>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([meterReadings.meterId], {
      meterId: meterReadings.meterId,
      value: meterReadings.value,
      period: meterReadings.period,
      readAt: meterReadings.readAt,
    })
    .from(meterReadings)
    .where(inArray(meterReadings.meterId, ids))
    .orderBy(meterReadings.meterId, desc(meterReadings.readAt));
  return new Map(rows.map((r) => [r.meterId, r]));
}

/** Where a meter is handled: its service center's company, sector and governorate; else the governorate's company. */
async function placeOf(
  db: Db,
  f: Pick<MeterFields, 'serviceCenterId' | 'governorateId'>,
): Promise<Pick<Row, 'governorateId' | 'companyId' | 'sectorId' | 'serviceCenterId'>> {
  if (f.serviceCenterId) {
    const [c] = await db
      .select({ data: serviceCenters.data })
      .from(serviceCenters)
      .where(eq(serviceCenters.id, f.serviceCenterId));
    if (!c) throw new AppError('INVALID_INPUT', 'Unknown service center', { fieldErrors: { serviceCenterId: ['invalid'] } });
    return {
      governorateId: c.data.governorateId,
      companyId: c.data.companyId,
      sectorId: c.data.sectorId,
      serviceCenterId: c.data.id,
    };
  }
  if (f.governorateId) {
    const result = await db.execute(
      sql`select id from distribution_companies where data->'governorateIds' ? ${f.governorateId} order by id limit 1`,
    );
    const [row] = (result as unknown as { rows: { id: string }[] }).rows;
    return { governorateId: f.governorateId, companyId: row?.id ?? null, sectorId: null, serviceCenterId: null };
  }
  return { governorateId: null, companyId: null, sectorId: null, serviceCenterId: null };
}

const columnsOf = (f: MeterFields) => ({
  name: f.name ?? null,
  number: f.number,
  type: f.type,
  maker: f.maker ?? null,
  ownerName: f.ownerName,
  ownerFirstName: f.ownerFirstName ?? null,
  ownerNationalId: f.ownerNationalId,
  address: f.address,
  area: f.area ?? null,
  connectionType: f.connectionType,
  contractType: f.contractType ?? null,
  subscriberCode: f.subscriberCode ?? null,
  chassisNumber: f.chassisNumber ?? null,
  activityDescription: f.activityDescription ?? null,
  placeDescription: f.placeDescription ?? null,
  applicantDescription: f.applicantDescription ?? null,
  initialReading: f.initialReading,
  digits: f.digits ?? 6,
});

/**
 * A unique violation of "one account at a time" (approved) or "once per account" (pending or approved) becomes
 * METER_NUMBER_TAKEN.
 */
async function numberRule<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, 'meters_number_approved_uq') || isUniqueViolation(err, 'meters_owner_number_uq'))
      throw new AppError('METER_NUMBER_TAKEN', 'This meter number is already registered on an account');
    throw err;
  }
}

/**
 * What a registration (new, or sent again for approval) must meet, under the owner's row lock (so that two at once
 * cannot both pass the quota): the number is approved on no other meter (someone else's pending one does not
 * count), and the owner has fewer than `maxPending` meters waiting for a decision.
 */
async function assertMayRegister(
  tx: Db,
  input: { ownerId: string; number: string; exceptId?: string; becomesPending: boolean; maxPending: number },
): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, input.ownerId)).for('update');
  const [approved] = await tx
    .select({ id: meters.id })
    .from(meters)
    .where(
      and(
        eq(meters.number, input.number),
        eq(meters.status, 'approved'),
        input.exceptId ? ne(meters.id, input.exceptId) : undefined,
      ),
    )
    .limit(1);
  if (approved) throw new AppError('METER_NUMBER_TAKEN', 'This meter number is already registered on an account');
  if (!input.becomesPending) return;
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(meters)
    .where(
      and(
        eq(meters.ownerId, input.ownerId),
        eq(meters.status, 'pending'),
        input.exceptId ? ne(meters.id, input.exceptId) : undefined,
      ),
    );
  if ((row?.n ?? 0) >= input.maxPending)
    throw new AppError('QUOTA_EXCEEDED', `At most ${input.maxPending} meters may wait for approval at once`, {
      details: ['pendingMeters', String(input.maxPending)],
    });
}

/** The caller's meters, newest first: every status but removed, or the one asked for. */
export async function listMeters(db: Db, ownerId: string, status?: TMeterStatus): Promise<{ items: TMeter[] }> {
  const rows = await db
    .select()
    .from(meters)
    .where(and(eq(meters.ownerId, ownerId), status ? eq(meters.status, status) : ne(meters.status, 'removed')))
    .orderBy(desc(meters.createdAt), desc(meters.id))
    .limit(200);
  const last = await lastReadings(
    db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => toMeter(r, last.get(r.id))) };
}

/** One of the owner's meters (locked with `forUpdate`); anyone else's does not exist (404). */
export async function ownedMeter(db: Db, ownerId: string, id: string, forUpdate = false): Promise<Row> {
  const q = db
    .select()
    .from(meters)
    .where(and(eq(meters.id, id), eq(meters.ownerId, ownerId)));
  const [row] = forUpdate ? await q.for('update') : await q;
  if (!row) throw new AppError('MODEL_NOT_FOUND', 'No such meter');
  return row;
}

export async function readMeter(db: Db, ownerId: string, id: string): Promise<TMeter> {
  const row = await ownedMeter(db, ownerId, id);
  return toMeter(row, (await lastReadings(db, [id])).get(id));
}

export async function addMeter(
  db: Db,
  input: { ownerId: string; fields: MeterFields; maxPending: number; now?: Date },
): Promise<TMeter> {
  const now = input.now ?? new Date();
  const place = await placeOf(db, input.fields);
  const [row] = await numberRule(() =>
    transaction(db, async (tx) => {
      await assertMayRegister(tx, {
        ownerId: input.ownerId,
        number: input.fields.number,
        becomesPending: true,
        maxPending: input.maxPending,
      });
      return tx
        .insert(meters)
        .values({
          id: crypto.randomUUID(),
          ownerId: input.ownerId,
          ...columnsOf(input.fields),
          ...place,
          status: 'pending',
          createdAt: now,
          updatedAt: now,
        })
        .returning();
    }),
  );
  return toMeter(row!);
}

/** METER_CHANGED naming who decided last (staff) or the owner, and when. */
async function changed(db: Db, m: Row): Promise<AppError> {
  let by: string | null = null;
  if (m.decidedById) {
    const [u] = await db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, m.decidedById));
    by = u ? `${u.firstName} ${u.lastName}`.trim() : null;
  }
  return new AppError('METER_CHANGED', `The meter was changed (${m.status}) at ${m.updatedAt.toISOString()}`, {
    conflict: { by, action: m.status, at: m.updatedAt.toISOString(), version: m.version },
  });
}

/**
 * Edits a meter the owner still has (pending, approved, rejected). A rejected meter goes back to pending approval
 * (sent again); an approved one too when its number changes. Removed and deleted ones: METER_NOT_EDITABLE.
 */
export async function updateMeter(
  db: Db,
  input: { ownerId: string; id: string; version: number; fields: MeterFields; maxPending: number; now?: Date },
): Promise<TMeter> {
  const now = input.now ?? new Date();
  const place = await placeOf(db, input.fields);
  const row = await numberRule(() =>
    transaction(db, async (tx) => {
      const m = await ownedMeter(tx, input.ownerId, input.id, true);
      if (m.status === 'removed' || m.status === 'deleted_by_platform')
        throw new AppError('METER_NOT_EDITABLE', `A ${m.status} meter cannot be edited`);
      if (m.version !== input.version) throw await changed(tx, m);
      const back = m.status === 'rejected' || (m.status === 'approved' && m.number !== input.fields.number);
      if (back || m.number !== input.fields.number)
        await assertMayRegister(tx, {
          ownerId: input.ownerId,
          number: input.fields.number,
          exceptId: m.id,
          becomesPending: back,
          maxPending: input.maxPending,
        });
      const [updated] = await tx
        .update(meters)
        .set({
          ...columnsOf(input.fields),
          ...place,
          ...(back ? { status: 'pending' as const, rejectionReason: null, decidedById: null, decidedAt: null } : {}),
          version: m.version + 1,
          updatedAt: now,
        })
        .where(eq(meters.id, m.id))
        .returning();
      return updated!;
    }),
  );
  return toMeter(row, (await lastReadings(db, [row.id])).get(row.id));
}

/** The owner removes a meter from the account (its readings stay, its number is free again). */
export async function removeMeter(
  db: Db,
  input: { ownerId: string; id: string; version: number; reason?: string | undefined; now?: Date },
): Promise<TMeter> {
  const now = input.now ?? new Date();
  return transaction(db, async (tx) => {
    const m = await ownedMeter(tx, input.ownerId, input.id, true);
    if (m.status === 'removed' || m.status === 'deleted_by_platform')
      throw new AppError('METER_NOT_EDITABLE', `The meter is already ${m.status}`);
    if (m.version !== input.version) throw await changed(tx, m);
    const [updated] = await tx
      .update(meters)
      .set({ status: 'removed', removalReason: input.reason ?? null, version: m.version + 1, updatedAt: now })
      .where(eq(meters.id, m.id))
      .returning();
    return toMeter(updated!);
  });
}

/* --------------------------------------------------- staff ------------------------------------------------- */

/** Meters a staff member may act on: the same rule as requests (decisions 023, 036) on the meter's own place. */
export const meterScope = (m: Pick<StaffMember, 'companyId' | 'sectorId' | 'serviceCenterIds'>): SQL | undefined =>
  scopeCondition(m, meters);

const staffRow = (m: Row, owner: { firstName: string; lastName: string } | null | undefined): TStaffMeter => ({
  ...toMeter(m),
  ownerId: m.ownerId,
  ownerAccountName: owner ? `${owner.firstName} ${owner.lastName}`.trim() : '',
});

/** The meters of the staff member's scope in one status (pending approval by default), oldest first, a page at a time. */
export async function staffListMeters(
  db: Db,
  member: StaffMember,
  status: TMeterStatus = 'pending',
  page: { limit: number; skip: number } = { limit: 20, skip: 0 },
): Promise<{ items: TStaffMeter[]; total: number }> {
  const where = and(eq(meters.status, status), meterScope(member));
  const [rows, count] = await Promise.all([
    db
      .select({ m: meters, firstName: users.firstName, lastName: users.lastName })
      .from(meters)
      .innerJoin(users, eq(users.id, meters.ownerId))
      .where(where)
      .orderBy(meters.createdAt, meters.id)
      .limit(page.limit)
      .offset(page.skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(meters)
      .where(where),
  ]);
  return { items: rows.map((r) => staffRow(r.m, r)), total: Number(count[0]?.n ?? 0) };
}

const NEXT = { approve: 'approved', reject: 'rejected', delete: 'deleted_by_platform' } as const;

/**
 * A staff decision: approve or reject a pending meter, or delete any live meter from the platform (with the
 * reason the owner reads). Outside the scope the meter does not exist (404). The owner's notification is written
 * in the same transaction.
 */
export async function decideMeter(
  db: Db,
  member: StaffMember,
  input: { id: string } & z.output<typeof ZMeterDecisionBody>,
  now = new Date(),
): Promise<TStaffMeter> {
  return numberRule(() =>
    transaction(db, async (tx) => {
      const [m] = await tx.select().from(meters).where(eq(meters.id, input.id)).for('update');
      if (!m || !inScope(member, m)) throw new AppError('MODEL_NOT_FOUND', 'No such meter');
      const allowed =
        input.decision === 'delete'
          ? m.status === 'pending' || m.status === 'approved' || m.status === 'rejected'
          : m.status === 'pending';
      if (m.version !== input.version) throw await changed(tx, m);
      if (!allowed) throw new AppError('METER_NOT_EDITABLE', `A ${m.status} meter cannot be ${input.decision}d`);
      const status = NEXT[input.decision];
      const [updated] = await tx
        .update(meters)
        .set({
          status,
          rejectionReason: input.decision === 'approve' ? null : (input.reason ?? null),
          decidedById: member.id,
          decidedAt: now,
          version: m.version + 1,
          updatedAt: now,
        })
        .where(eq(meters.id, m.id))
        .returning();
      await notify(
        tx,
        m.ownerId,
        'meter-decided',
        {
          meterId: m.id,
          meterNumber: m.number,
          status,
          ...(input.decision === 'approve' || !input.reason ? {} : { reason: input.reason }),
        },
        now,
      );
      const [owner] = await tx
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, m.ownerId));
      return staffRow(updated!, owner);
    }),
  );
}
