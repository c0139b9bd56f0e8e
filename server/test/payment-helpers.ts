import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { bills, meters } from '../db/schema.ts';
import type { TPaymentStart } from '../../contract/payments.ts';
import { call, type Session } from './identity-helpers.ts';
import { withKey } from './request-helpers.ts';
import type { TestApp } from './test-app.ts';

/* Meters and bills written straight into the tables (their use cases are another engineer's), and payment calls. */

export async function newMeter(ctx: TestApp, ownerId: string): Promise<string> {
  const id = crypto.randomUUID();
  await ctx.database.db.insert(meters).values({
    id,
    ownerId,
    number: String(crypto.randomInt(10_000_000, 99_999_999)),
    type: 'single_phase',
    ownerName: 'Test Owner',
    ownerNationalId: '29001010101010',
    address: '1 Nile Street',
    connectionType: 'residential',
    status: 'approved',
  });
  return id;
}

export async function newBill(
  ctx: TestApp,
  meterId: string,
  period: string,
  amountPiastres: number,
  status: 'unpaid' | 'paid' = 'unpaid',
): Promise<string> {
  const id = crypto.randomUUID();
  await ctx.database.db.insert(bills).values({
    id,
    number: `B-${crypto.randomBytes(6).toString('hex')}`,
    meterId,
    period,
    consumption: 100,
    amountPiastres,
    issuedAt: new Date(`${period}-28T00:00:00Z`),
    dueAt: new Date(`${period}-28T00:00:00Z`),
    status,
  });
  return id;
}

export const RETURN = { successURL: '/pay/result?ok=1', failureURL: '/pay/result?ok=0' };

export function payBillsCall(
  ctx: TestApp,
  as: Session | undefined,
  billIds: string[],
  more: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return call(ctx, 'POST', '/api/payments/bills', {
    as,
    body: { billIds, channel: 'card', ...RETURN, ...more },
    headers: withKey(),
  });
}

export const started = (res: LightMyRequestResponse): TPaymentStart => res.json() as TPaymentStart;

/** Submits the sandbox page's form as a browser would (application/x-www-form-urlencoded). */
export function sandboxPay(ctx: TestApp, paymentId: string, cardNumber: string): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/sandbox-gateway/${paymentId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ cardNumber, lang: 'en' }).toString(),
  });
}
