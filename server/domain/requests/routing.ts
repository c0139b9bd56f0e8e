import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { TService } from '../../../contract/catalog.ts';
import type { Db } from '../../db/client.ts';
import { meters, serviceCenters, users } from '../../db/schema.ts';
import { activityFields } from './validate.ts';

/*
 * Where a new request is handled (the staff inbox's scope, decisions 024 and 036), by the first rule that finds a
 * place: the service center the form names, and its company and sector; the first distribution company covering
 * the governorate it names; the place of the owner's approved meter it names (a reading, a meter service); the
 * owner's own service center or company (their profile). Else the holding's: only staff with no company see it,
 * never every company's. And the values staff search by.
 */

export type Routing = { companyId: string | null; sectorId: string | null; serviceCenterId: string | null };

const str = (v: unknown) => (typeof v === 'string' && v.length > 0 && v.length <= 100 ? v : undefined);

const NOWHERE: Routing = { companyId: null, sectorId: null, serviceCenterId: null };

async function centerRouting(db: Db, center: string): Promise<Routing | undefined> {
  const [row] = await db.select({ data: serviceCenters.data }).from(serviceCenters).where(eq(serviceCenters.id, center));
  return row ? { companyId: row.data.companyId, sectorId: row.data.sectorId, serviceCenterId: row.data.id } : undefined;
}

/** What the filing says about its place, and whose request it is (the owner's meters and profile). */
export type RoutingInput = { service: TService; activityId: string; ownerId: string | null };

export async function routingOf(db: Db, data: Record<string, unknown>, input?: RoutingInput): Promise<Routing> {
  const center = str(data.serviceCenter);
  if (center) {
    const found = await centerRouting(db, center);
    if (found) return found;
  }
  const location = data.location as { governorate?: unknown } | null | undefined;
  const governorate = str(data.governorate) ?? str(typeof location === 'object' && location ? location.governorate : undefined);
  if (governorate) {
    const result = await db.execute(
      sql`select id from distribution_companies where data->'governorateIds' ? ${governorate} order by id limit 1`,
    );
    const [row] = (result as unknown as { rows: { id: string }[] }).rows;
    if (row) return { companyId: row.id, sectorId: null, serviceCenterId: null };
  }
  if (!input?.ownerId) return NOWHERE;
  return (await ownerMeterRouting(db, data, input)) ?? (await ownerRouting(db, input.ownerId)) ?? NOWHERE;
}

/** The place of the owner's approved meter whose number a `meter` field of the filing names. */
async function ownerMeterRouting(db: Db, data: Record<string, unknown>, input: RoutingInput): Promise<Routing | undefined> {
  const fields = activityFields(input.service, input.activityId) ?? {};
  const numbers = Object.entries(fields)
    .filter(([, f]) => f.type === 'meter')
    .map(([k]) => str(data[k]))
    .filter((v): v is string => v !== undefined);
  if (numbers.length === 0 || !input.ownerId) return undefined;
  const [m] = await db
    .select({ companyId: meters.companyId, sectorId: meters.sectorId, serviceCenterId: meters.serviceCenterId })
    .from(meters)
    .where(
      and(
        eq(meters.ownerId, input.ownerId),
        inArray(meters.number, numbers),
        eq(meters.status, 'approved'),
        isNotNull(meters.companyId),
      ),
    )
    .limit(1);
  return m;
}

/** The owner's own place: the first service center of their profile, else their company. */
async function ownerRouting(db: Db, ownerId: string): Promise<Routing | undefined> {
  const [u] = await db
    .select({ company: users.company, serviceCenters: users.serviceCenters })
    .from(users)
    .where(eq(users.id, ownerId));
  const center = u?.serviceCenters[0];
  if (center) {
    const found = await centerRouting(db, center);
    if (found) return found;
  }
  return u?.company ? { companyId: u.company, sectorId: null, serviceCenterId: null } : undefined;
}

/** How a searched value is kept and compared: NFC, Latin digits, lower case, trimmed. */
export const searchKey = (v: string): string =>
  v
    .normalize('NFC')
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .trim()
    .toLowerCase()
    .slice(0, 200);

/** The values of the creating activity's fields marked `searchField`, as staff search them. */
export function searchValuesOf(service: TService, activityId: string, data: Record<string, unknown>): string[] {
  const fields = activityFields(service, activityId) ?? {};
  const out = new Set<string>();
  for (const [k, f] of Object.entries(fields)) {
    if (!f.searchField) continue;
    const v = data[k];
    if ((typeof v === 'string' || typeof v === 'number') && String(v).trim() !== '') out.add(searchKey(String(v)));
    if (out.size >= 20) break;
  }
  return [...out];
}

/** The value of the field a service marks with a dataIndex (applicantName, nationalId), if it is text. */
export function indexed(service: TService, activityId: string, data: Record<string, unknown>, index: string): string | null {
  const fields = activityFields(service, activityId) ?? {};
  const id = Object.keys(fields).find((k) => fields[k]!.dataIndex === index);
  const v = id ? data[id] : undefined;
  return typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, 200) : null;
}
