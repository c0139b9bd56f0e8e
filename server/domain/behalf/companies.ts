import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type { ZCompanySearchBody } from '../../../contract/staff.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../app-error.ts';
import type { UserRow } from '../identity/accounts.ts';

/*
 * Applying on behalf of a company (spec section 1, issue 24, decision 061). A company has an account of the user
 * type `company` (kind citizen: it signs in on the citizen build and reads its requests in its inbox); its
 * commercial registration, tax number and authorised person are in its profile. The employee names all of them:
 * the commercial registration finds the account (`users_commercial_registration_uq`), the tax number must be the
 * one on record (else COMPANY_NOT_FOUND, as if the registration were unknown: no hint of which part is wrong), and
 * the authorised person's national id must be the one on record (COMPANY_NOT_AUTHORISED). The owner token then
 * names the company's account, so the request is the company's and records the employee as its filer.
 */

export const COMPANY_USER_SLUG = 'company';

export async function findCompany(db: Db, q: z.output<typeof ZCompanySearchBody>): Promise<UserRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.userSlug, COMPANY_USER_SLUG),
        eq(users.disabled, false),
        sql`${users.profile}->>'commercialRegistration' = ${q.commercialRegistration}`,
      ),
    )
    .limit(1);
  if (!row || row.profile.taxNumber !== q.taxNumber)
    throw new AppError('COMPANY_NOT_FOUND', 'No company account matches this commercial registration and tax number');
  if (row.profile.authorisedNationalId !== q.authorisedNationalId)
    throw new AppError('COMPANY_NOT_AUTHORISED', "Not the company's authorised person on record");
  return row;
}
