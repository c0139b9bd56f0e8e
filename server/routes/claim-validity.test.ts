import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests, services } from '../db/schema.ts';
import { CLAIM_HOOK, claimExpiresAt } from '../domain/payments/claim.ts';
import { call, expectError, signUpVerified, type SignedUp, type Session } from '../test/identity-helpers.ts';
import { RETURN } from '../test/payment-helpers.ts';
import { submit, withKey } from '../test/request-helpers.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

/*
 * Spec section 9: "Inspection or estimation (claim) valid three months from claim date." The claim date is when the
 * request entered awaiting_payment (the inspection done, the estimate issued); paying it later is refused with
 * DEADLINE_EXCEEDED, on the payment's details and on its start alike.
 */

let ctx: TestApp;
let A: SignedUp & { session: Session };

beforeAll(async () => {
  ctx = await buildTestApp();
  A = await signUpVerified(ctx);
});
afterAll(() => ctx.close());

const DAY = 86_400_000;

/** A CODEMETER request of A (its terms state the claim rule) whose estimate was issued at `claimAt`. */
async function claimIssuedAt(claimAt: Date): Promise<string> {
  const sub = await submit(ctx, 'CODEMETER', { as: A.session });
  expect(sub.statusCode, sub.body).toBe(201);
  const id = (sub.json() as { id: string }).id;
  // The staff's move to awaiting_payment, dated in the past (what the inspection's end would have written).
  await ctx.database.db.update(requests).set({ status: 'awaiting_payment', statusUpdatedAt: claimAt }).where(eq(requests.id, id));
  return `/api/requests/CODEMETER/${id}/activity/pay`;
}

const start = (base: string) =>
  call(ctx, 'POST', `${base}/paymentMeans`, {
    as: A.session,
    body: { gatewayId: 'sandbox', channel: 'card', ...RETURN },
    headers: withKey(),
  });

describe('the inspection or estimate (claim) is valid three months', () => {
  it('the seeded services that state the rule in their terms carry it; the others do not', async () => {
    const rows = await ctx.database.db.select().from(services);
    const claim = 'An inspection or estimate (claim) is valid for three months from its date and must be redone after that.';
    for (const r of rows)
      expect(r.data.hooks.includes(CLAIM_HOOK), r.serviceSlug).toBe(r.data.translations.en.terms.includes(claim));
    expect(rows.filter((r) => r.data.hooks.includes(CLAIM_HOOK)).map((r) => r.serviceSlug)).toEqual(
      expect.arrayContaining(['LMIFT', 'CODEMETER']),
    );
  });

  it('an estimate issued three months and a day ago is refused (410 DEADLINE_EXCEEDED), to see and to pay', async () => {
    const base = await claimIssuedAt(new Date(Date.now() - 92 * DAY - DAY));
    expectError(await call(ctx, 'GET', `${base}/paymentDetails`, { as: A.session }), 410, 'DEADLINE_EXCEEDED');
    expectError(await start(base), 410, 'DEADLINE_EXCEEDED');
  });

  it('an estimate issued two months ago is still payable', async () => {
    const base = await claimIssuedAt(new Date(Date.now() - 60 * DAY));
    const details = await call(ctx, 'GET', `${base}/paymentDetails`, { as: A.session });
    expect(details.statusCode, details.body).toBe(200);
    const res = await start(base);
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('claimExpiresAt', () => {
  it('adds three calendar months, kept within the month', () => {
    expect(claimExpiresAt(new Date('2026-01-15T08:00:00Z')).toISOString()).toBe('2026-04-15T08:00:00.000Z');
    expect(claimExpiresAt(new Date('2026-11-30T08:00:00Z')).toISOString()).toBe('2027-02-28T08:00:00.000Z');
    expect(claimExpiresAt(new Date('2027-11-30T08:00:00Z')).toISOString()).toBe('2028-02-29T08:00:00.000Z');
  });
});
