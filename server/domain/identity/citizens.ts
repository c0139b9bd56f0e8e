import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type { ZCitizenSearchBody } from '../../../contract/identity.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../app-error.ts';
import type { UserRow } from './accounts.ts';
import { maskMobile } from './crypto.ts';

/*
 * Finding a citizen for staff and agents (spec section 5: by national id, passport number or mobile): the agent
 * acting for them, an employee applying on their behalf.
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
            : eq(users.mobile, q.mobile ?? ''),
      ),
    )
    .limit(1);
  if (!row) throw new AppError('CITIZEN_NOT_FOUND', 'No citizen account matches');
  return row;
}
