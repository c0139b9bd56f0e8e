import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type { TAgentRegistrationStep, ZAgentRegisterBody } from '../../../contract/identity.ts';
import type { TLang } from '../../../contract/basics.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { oneTimeSecrets, users } from '../../db/schema.ts';
import { transaction } from '../../db/tx.ts';
import { AppError } from '../app-error.ts';
import { notify } from '../notifications/notify.ts';
import { enqueue } from '../outbox/outbox.ts';
import { CODE_POLICY, checkCode, findSecret, insertSecret, newUserId, type UserRow } from './accounts.ts';
import { maskMobile, randomCode, randomToken } from './crypto.ts';
import { sms, templates } from './messages.ts';
import { assertNoClash, sqlNextUserNumber } from './signup.ts';

/*
 * An agent registers a new citizen (spec section 3 "an agent registering a citizen", issue 24, decision 061).
 * `startAgentRegistration` checks the details as sign-up does (Duplicate_Data), keeps them in a one-time secret
 * bound to the agent, and sends a code by SMS to the citizen's own mobile through the outbox; nothing else is
 * written. `confirmAgentRegistration` takes the code the citizen reads out: a wrong one counts a try (5 at most,
 * MAX_OTP_ATTEMPTS), an old one is EXPIRED_CODE, another agent's or an unknown handle REGISTRATION_EXPIRED. Only
 * then is the account created, its mobile verified by that very code, with no password: the citizen sets one with
 * "forgot password" on their mobile. Sending is bounded per mobile as every code is (a minute apart, 5 an hour).
 */

type Details = z.output<typeof ZAgentRegisterBody>;

export async function startAgentRegistration(
  db: Db,
  input: { agent: UserRow; details: Details; lang: TLang; now?: Date },
): Promise<TAgentRegistrationStep> {
  const { details, agent } = input;
  const now = input.now ?? new Date();
  const email = details.email ? details.email : null;
  await assertNoClash(db, { nationalId: details.nationalId, username: details.nationalId, mobile: details.mobile, email });
  const key = `agent-registration:${details.mobile}`;
  // The resend rules of every code, per mobile: a minute apart, 5 an hour, whichever agent asks.
  const mine = await db
    .select({ createdAt: oneTimeSecrets.createdAt })
    .from(oneTimeSecrets)
    .where(
      and(
        eq(oneTimeSecrets.purpose, 'agent-registration'),
        sql`${oneTimeSecrets.data}->>'key' = ${key}`,
        gt(oneTimeSecrets.createdAt, new Date(now.getTime() - 3_600_000)),
      ),
    )
    .orderBy(desc(oneTimeSecrets.createdAt))
    .limit(CODE_POLICY.maxSendsPerHour);
  const last = mine[0]?.createdAt.getTime() ?? 0;
  if (now.getTime() - last < CODE_POLICY.resendAfterSeconds * 1000) {
    const wait = Math.ceil((last + CODE_POLICY.resendAfterSeconds * 1000 - now.getTime()) / 1000);
    throw new AppError('NOT_ALLOWED_RESEND', `Wait ${wait} s before asking for another code`, { details: [String(wait)] });
  }
  if (mine.length >= CODE_POLICY.maxSendsPerHour)
    throw new AppError('CODE_ALREADY_SENT', 'Codes were already sent: use the last one or try again in an hour');
  const handle = randomToken();
  const code = randomCode();
  await transaction(db, async (tx) => {
    await insertSecret(tx, {
      purpose: 'agent-registration',
      handle,
      // The agent's: checkCode counts tries on the row, and another agent's handle is refused.
      userId: agent.id,
      secret: code,
      data: { key, details: { ...details, email: email ?? '', landline: details.landline ?? '' } },
      ttlMinutes: CODE_POLICY.codeTtlMinutes,
      now,
    });
    const agentName = `${agent.firstName} ${agent.lastName}`.trim();
    await enqueue(
      tx,
      sms(details.mobile, input.lang, templates.agentRegistrationCode(agentName, code, CODE_POLICY.codeTtlMinutes)),
    );
  });
  return {
    registrationToken: handle,
    mobileMasked: maskMobile(details.mobile),
    resendAfterSeconds: CODE_POLICY.resendAfterSeconds,
    expiresInMinutes: CODE_POLICY.codeTtlMinutes,
  };
}

export async function confirmAgentRegistration(
  db: Db,
  input: { agentId: string; registrationToken: string; code: string; now?: Date },
): Promise<UserRow> {
  const row = await findSecret(db, 'agent-registration', input.registrationToken);
  if (!row || row.userId !== input.agentId)
    throw new AppError('REGISTRATION_EXPIRED', 'This registration is unknown or not yours: enter the details again');
  await checkCode(db, row, input.code, input.now);
  const d = row.data.details as Details & { email: string; landline: string };
  try {
    return await transaction(db, async (tx) => {
      await assertNoClash(tx, { nationalId: d.nationalId, username: d.nationalId, mobile: d.mobile, email: d.email || null });
      const [created] = await tx
        .insert(users)
        .values({
          id: newUserId(),
          number: sqlNextUserNumber,
          userSlug: 'citizen',
          username: d.nationalId,
          email: d.email || null,
          mobile: d.mobile,
          // The code the citizen read out came to this mobile.
          mobileVerified: true,
          nationalId: d.nationalId,
          passwordHash: null,
          firstName: d.firstName,
          lastName: d.lastName,
          profile: { ...(d.landline ? { landline: d.landline } : {}), registeredByAgent: input.agentId },
        })
        .returning();
      await notify(tx, created!.id, 'welcome', { name: created!.firstName });
      return created!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('Duplicate_Data', 'Already registered');
    throw err;
  }
}
