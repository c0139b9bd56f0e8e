import { sql, type SQL } from 'drizzle-orm';
import type { TService } from '../../../contract/catalog.ts';
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

/** What the filing says about its place, and whose request it is (the owner's meters and profile). */
export type RoutingInput = { service: TService; activityId: string; ownerId: string | null };

/** A row of {@link routingQuery} (the submission reads it in its own statement). */
export type RoutingRow = { company_id: string | null; sector_id: string | null; service_center_id: string | null };

export const routingFrom = (row: RoutingRow | undefined): Routing =>
  row ? { companyId: row.company_id, sectorId: row.sector_id, serviceCenterId: row.service_center_id } : NOWHERE;

/**
 * The rules above as one query (one round trip, and embeddable in a larger statement: decision 046): each rule
 * that applies is one branch, ranked; the first that finds a place wins. No row: nowhere.
 */
export function routingQuery(data: Record<string, unknown>, input?: RoutingInput): SQL {
  const branches: SQL[] = [];
  const center = str(data.serviceCenter);
  // The service center the form names: its company and sector.
  if (center)
    branches.push(
      sql`select 1 as rank, data->>'companyId' as company_id, data->>'sectorId' as sector_id, data->>'id' as service_center_id
          from service_centers where id = ${center}`,
    );
  const location = data.location as { governorate?: unknown } | null | undefined;
  const governorate = str(data.governorate) ?? str(typeof location === 'object' && location ? location.governorate : undefined);
  // The first distribution company covering the governorate it names.
  if (governorate)
    branches.push(
      sql`select * from (select 2 as rank, id as company_id, null::text as sector_id, null::text as service_center_id
          from distribution_companies where data->'governorateIds' ? ${governorate} order by id limit 1) g`,
    );
  const ownerId = input?.ownerId;
  if (input && ownerId) {
    // The place of the owner's approved meter whose number a `meter` field names.
    const fields = activityFields(input.service, input.activityId) ?? {};
    const numbers = Object.entries(fields)
      .filter(([, f]) => f.type === 'meter')
      .map(([k]) => str(data[k]))
      .filter((v): v is string => v !== undefined);
    if (numbers.length > 0)
      branches.push(
        sql`select * from (select 3 as rank, company_id, sector_id, service_center_id from meters
            where owner_id = ${ownerId} and number in (${sql.join(
              numbers.map((n) => sql`${n}`),
              sql`, `,
            )}) and status = 'approved' and company_id is not null limit 1) m`,
      );
    // The owner's own place: the first service center of their profile, else their company.
    branches.push(
      sql`select 4 as rank, c.data->>'companyId' as company_id, c.data->>'sectorId' as sector_id, c.data->>'id' as service_center_id
          from users u join service_centers c on c.id = u.service_centers->>0 where u.id = ${ownerId}`,
      sql`select 5 as rank, company as company_id, null::text as sector_id, null::text as service_center_id from users where id = ${ownerId} and company is not null`,
    );
  }
  if (branches.length === 0)
    return sql`select null::text as company_id, null::text as sector_id, null::text as service_center_id where false`;
  return sql`select company_id, sector_id, service_center_id from (${sql.join(branches, sql` union all `)}) r
    order by rank limit 1`;
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
