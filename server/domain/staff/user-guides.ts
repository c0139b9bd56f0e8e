import { asc } from 'drizzle-orm';
import type { TUserGuide } from '../../../contract/staff.ts';
import type { Db } from '../../db/client.ts';
import { userGuides } from '../../db/schema.ts';

/** The staff user guide library (spec section 2 `/userGuide`): the guides for staff, in its order. */
export async function listUserGuides(db: Db): Promise<{ items: TUserGuide[] }> {
  const rows = await db.select().from(userGuides).orderBy(asc(userGuides.sortOrder), asc(userGuides.id));
  return {
    items: rows.filter((g) => g.audience.includes('staff')).map((g) => ({ id: g.id, name: g.name, url: g.url, kind: g.kind })),
  };
}
