import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { requests, users } from '../../db/schema.ts';

/*
 * Which requests a staff member may act on (decision 023): a holding employee (no company) all of them; a
 * company's employee their company's and the holding-wide ones (no company); narrowed to their sector and service
 * centers when their profile names them. A request outside is, for them, a request that does not exist (404).
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

/** The SQL condition on `requests` for what this staff member may see. */
export function scopeCondition(m: Pick<StaffMember, 'companyId' | 'sectorId' | 'serviceCenterIds'>): SQL | undefined {
  if (m.companyId === null) return undefined;
  return and(
    or(eq(requests.companyId, m.companyId), isNull(requests.companyId)),
    m.sectorId ? or(eq(requests.sectorId, m.sectorId), isNull(requests.sectorId)) : undefined,
    m.serviceCenterIds.length > 0
      ? or(inArray(requests.serviceCenterId, [...m.serviceCenterIds]), isNull(requests.serviceCenterId))
      : undefined,
  );
}

/** The same rule for one request already read. */
export function inScope(
  m: Pick<StaffMember, 'companyId' | 'sectorId' | 'serviceCenterIds'>,
  r: { companyId: string | null; sectorId: string | null; serviceCenterId: string | null },
): boolean {
  if (m.companyId === null) return true;
  if (r.companyId !== null && r.companyId !== m.companyId) return false;
  if (m.sectorId && r.sectorId !== null && r.sectorId !== m.sectorId) return false;
  if (m.serviceCenterIds.length > 0 && r.serviceCenterId !== null && !m.serviceCenterIds.includes(r.serviceCenterId))
    return false;
  return true;
}
