import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSubmitResult } from '../../contract/requests.ts';
import { requests } from '../db/schema.ts';
import { newCitizenData, signUpVerified, type SignedUp, type Session } from '../test/identity-helpers.ts';
import type { TFieldSchema } from '../../contract/catalog.ts';
import { submit, validData } from '../test/request-helpers.ts';
import { services } from '../seed/data/catalog.ts';
import { call } from '../test/identity-helpers.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

/*
 * "Never asked twice" on the server (decision 052): a field bound to the profile that the service does not let the
 * filer change (LMIFT's national id) is the owner's, whatever the client sent; an editable bound field (the mobile)
 * keeps what was sent; a visitor's data is checked as sent.
 */

let ctx: TestApp;
let A: SignedUp & { session: Session };

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoUsers: true });
  A = await signUpVerified(ctx);
});
afterAll(() => ctx.close());

const stored = async (id: string) => {
  const [row] = await ctx.database.db.select().from(requests).where(eq(requests.id, id));
  return row!;
};

describe('fields bound to the profile', () => {
  it("takes a locked field from the owner's profile, not from the request", async () => {
    const someoneElse = newCitizenData().nationalId;
    expect(someoneElse).not.toBe(A.data.nationalId);
    const res = await submit(ctx, 'LMIFT', {
      as: A.session,
      data: { ...validData('LMIFT'), nationalId: someoneElse, mobile: '01555555555' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await stored((res.json() as TSubmitResult).id);
    expect(row.data.nationalId).toBe(A.data.nationalId);
    expect(row.nationalId).toBe(A.data.nationalId);
    // The mobile is bound too, but editable: the request keeps the number given for it.
    expect(row.data.mobile).toBe('01555555555');
  });

  it('fills a locked field the request left out, so the profile answers for it', async () => {
    const data = { ...validData('LMIFT') };
    delete data.nationalId;
    const res = await submit(ctx, 'LMIFT', { as: A.session, data });
    expect(res.statusCode, res.body).toBe(201);
    expect((await stored((res.json() as TSubmitResult).id)).data.nationalId).toBe(A.data.nationalId);
  });

  it('checks an editable bound field as sent (a bad national id on CODEMETER is refused)', async () => {
    const res = await submit(ctx, 'CODEMETER', { as: A.session, data: { ...validData('CODEMETER'), nationalId: '123' } });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { fieldErrors: Record<string, string[]> }).fieldErrors).toHaveProperty('nationalId');
  });

  it("binds every seeded governorate to the profile's, editable: the request keeps the governorate chosen", async () => {
    const governorates = services.flatMap((svc) =>
      svc.activities.flatMap((a) =>
        a.steps.flatMap((st) =>
          Object.entries(st.fieldsSchema as Record<string, TFieldSchema>).filter(([id]) => id === 'governorate'),
        ),
      ),
    );
    expect(governorates.length).toBeGreaterThan(5);
    for (const [, f] of governorates) expect(f.profile).toEqual({ from: 'governorate' });

    const B = await signUpVerified(ctx);
    const set = await call(ctx, 'PATCH', `/api/citizen/${B.userId}`, { as: B.session, body: { governorate: 'gov-giza' } });
    expect(set.statusCode, set.body).toBe(200);
    const res = await submit(ctx, 'FAULTS_COMPLAINTS', {
      as: B.session,
      data: { ...validData('FAULTS_COMPLAINTS'), governorate: 'gov-alexandria' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await stored((res.json() as TSubmitResult).id)).data.governorate).toBe('gov-alexandria');
  });
});
