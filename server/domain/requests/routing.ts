import { eq, sql } from 'drizzle-orm';
import type { TService } from '../../../contract/catalog.ts';
import type { Db } from '../../db/client.ts';
import { serviceCenters } from '../../db/schema.ts';
import { activityFields } from './validate.ts';

/*
 * Where a new request is handled (the staff inbox's scope, decision 024): the service center the citizen chose
 * and its company and sector; else the first distribution company covering the chosen governorate; else nobody in
 * particular (holding-wide: every company's staff who act on the service see it). And the values staff search by.
 */

export type Routing = { companyId: string | null; sectorId: string | null; serviceCenterId: string | null };

const str = (v: unknown) => (typeof v === 'string' && v.length > 0 && v.length <= 100 ? v : undefined);

export async function routingOf(db: Db, data: Record<string, unknown>): Promise<Routing> {
  const center = str(data.serviceCenter);
  if (center) {
    const [row] = await db.select({ data: serviceCenters.data }).from(serviceCenters).where(eq(serviceCenters.id, center));
    if (row) return { companyId: row.data.companyId, sectorId: row.data.sectorId, serviceCenterId: row.data.id };
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
  return { companyId: null, sectorId: null, serviceCenterId: null };
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
