import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { requests, users } from '../../db/schema.ts';

/*
 * Which requests a staff member may act on (decisions 023, 036): a holding employee (no company) all of them; a
 * company's employee their company's only, narrowed to their sector and service centers when their profile names
 * them. A request no rule routed to a company (no company) is the holding's: never every company's. A request
 * outside is, for them, a request that does not exist (404). Meters follow the same rule on their own place.
 */

export type StaffMember = {
  id: string;
  name: string;
  roles: readonly string[];
  companyId: string | null;
  sectorId: string | null;
  serviceCenterIds: readonly string[];
};

export async function staffMember(db: Db, userId: string): Promise<StaffMember | undefined> {
  const [u] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      roles: users.roles,
      company: users.company,
      serviceCenters: users.serviceCenters,
      profile: users.profile,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!u) return undefined;
  const sector = u.profile.sector;
  return {
    id: u.id,
    name: `${u.firstName} ${u.lastName}`,
    roles: u.roles,
    companyId: u.company,
    sectorId: typeof sector === 'string' && sector !== '' ? sector : null,
    serviceCenterIds: u.serviceCenters,
  };
}

type Scope = Pick<StaffMember, 'companyId' | 'sectorId' | 'serviceCenterIds'>;
type Placed = { companyId: PgColumn; sectorId: PgColumn; serviceCenterId: PgColumn };

/**
 * The SQL condition for what this staff member may see, on a table with the three place columns (`requests` by
 * default; `meters` too). Within the company, a record with no sector or service center is the whole company's.
 */
export function scopeCondition(m: Scope, t: Placed = requests): SQL | undefined {
  if (m.companyId === null) return undefined;
  return and(
    eq(t.companyId, m.companyId),
    m.sectorId ? or(eq(t.sectorId, m.sectorId), isNull(t.sectorId)) : undefined,
    m.serviceCenterIds.length > 0
      ? or(inArray(t.serviceCenterId, [...m.serviceCenterIds]), isNull(t.serviceCenterId))
      : undefined,
  );
}

/** The same rule for one record already read. */
export function inScope(
  m: Scope,
  r: { companyId: string | null; sectorId: string | null; serviceCenterId: string | null },
): boolean {
  if (m.companyId === null) return true;
  if (r.companyId !== m.companyId) return false;
  if (m.sectorId && r.sectorId !== null && r.sectorId !== m.sectorId) return false;
  if (m.serviceCenterIds.length > 0 && r.serviceCenterId !== null && !m.serviceCenterIds.includes(r.serviceCenterId))
    return false;
  return true;
}
