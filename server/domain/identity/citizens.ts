import { and, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type { ZCitizenSearchBody } from '../../../contract/identity.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../app-error.ts';
import type { UserRow } from './accounts.ts';
import { maskMobile } from './crypto.ts';

/*
 * Finding a citizen for staff and agents (spec section 5: by national id, passport number or phone): the agent
 * acting for them, an employee applying on their behalf. A phone number finds the account's mobile or, failing
 * that, the other phone of the profile (`profile.phone`, spec "Profile: ... phone"; issue 24). A landline
 * (`profile.landline`, LANDLINE_RE) finds the profile holding it, through `users_landline_idx` (migration 0015).
 */

export const citizenSummary = (u: UserRow) => ({
  id: u.id,
  fullName: `${u.firstName} ${u.lastName}`.trim(),
  nationalId: u.nationalId,
  mobileMasked: u.mobile ? maskMobile(u.mobile) : null,
});

export async function findCitizen(db: Db, q: z.output<typeof ZCitizenSearchBody>): Promise<UserRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.userSlug, 'citizen'),
        eq(users.disabled, false),
        // One identifier decides, in this order: a body naming two never matches whichever citizen comes first.
        q.nationalId
          ? eq(users.nationalId, q.nationalId)
          : q.passportNumber
            ? sql`upper(${users.profile}->>'passportNumber') = ${q.passportNumber.toUpperCase()}`
            : q.landline
              ? sql`${users.profile}->>'landline' = ${q.landline}`
              : or(eq(users.mobile, q.mobile ?? ''), sql`${users.profile}->>'phone' = ${q.mobile ?? ''}`),
      ),
    )
    // A number that is one citizen's account mobile and another's other phone finds the account's owner.
    .orderBy(sql`(${users.mobile} = ${q.mobile ?? ''}) desc nulls last`, users.createdAt)
    .limit(1);
  if (!row) throw new AppError('CITIZEN_NOT_FOUND', 'No citizen account matches');
  return row;
}
