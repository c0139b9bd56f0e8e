import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/*
 * The people a staff screen names beside a request (its owner, assignee, filer), read in one query and projected
 * one way for the inbox's rows and the request's staff page: a person by name, the owner with the national id and
 * mobile staff look citizens up by.
 */

export type People = {
  /** A person by name ({ id, name }), or null. */
  person: (id: string | null) => { id: string; name: string } | null;
  /** The request's owner as staff see them, or null. */
  owner: (id: string | null) => { id: string; name: string; nationalId: string | null; mobile: string | null } | null;
};

export async function peopleOf(db: Db, ids: readonly (string | null)[]): Promise<People> {
  const wanted = [...new Set(ids.filter((x): x is string => x !== null))];
  const rows =
    wanted.length > 0
      ? await db
          .select({
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            nationalId: users.nationalId,
            mobile: users.mobile,
          })
          .from(users)
          .where(inArray(users.id, wanted))
      : [];
  const find = (id: string | null) => (id ? rows.find((p) => p.id === id) : undefined);
  return {
    person: (id) => {
      const p = find(id);
      return p ? { id: p.id, name: `${p.firstName} ${p.lastName}` } : null;
    },
    owner: (id) => {
      const p = find(id);
      return p ? { id: p.id, name: `${p.firstName} ${p.lastName}`, nationalId: p.nationalId, mobile: p.mobile } : null;
    },
  };
}
