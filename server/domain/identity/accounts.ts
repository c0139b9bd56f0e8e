import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import {
  latinDigits,
  type TCurrentUser,
  type TLoginResult,
  type TMobileVerificationStep,
  type TSignedIn,
} from '../../../contract/identity.ts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { oneTimeSecrets, users, userTypes, webauthnCredentials } from '../../db/schema.ts';
import { AppError } from '../app-error.ts';
import { enqueue } from '../outbox/outbox.ts';
import { maskMobile, randomCode, randomToken, safeEqual, sha256 } from './crypto.ts';
import { sms, templates } from './messages.ts';
import { createSession, revokeSession, type Device, type SessionKind } from './sessions.ts';
import { transaction } from '../../db/tx.ts';
import type { TLang } from '../../../contract/basics.ts';

/** Policy for one-time codes (quality.md "Security"): values the spec leaves open, chosen here. */
export const CODE_POLICY = {
  codeTtlMinutes: 10,
  resendAfterSeconds: 60,
  maxSendsPerHour: 5,
  maxAttempts: 5,
  emailLinkTtlMinutes: 24 * 60,
  resetTokenTtlMinutes: 15,
  mfaTtlMinutes: 5,
  handleTtlMinutes: 24 * 60,
} as const;

export type UserRow = typeof users.$inferSelect;
export type UserTypeRow = typeof userTypes.$inferSelect;
type SecretRow = typeof oneTimeSecrets.$inferSelect;

/** Whole years from the national id's birth date, or null. */
export function ageFromNationalId(id: string | null, now = new Date()): number | null {
  if (!id || !/^[23]\d{13}$/.test(id)) return null;
  const year = (id[0] === '2' ? 1900 : 2000) + Number(id.slice(1, 3));
  const month = Number(id.slice(3, 5)) - 1;
  const day = Number(id.slice(5, 7));
  let age = now.getUTCFullYear() - year;
  if (now.getUTCMonth() < month || (now.getUTCMonth() === month && now.getUTCDate() < day)) age--;
  return age;
}

export async function loadUserType(db: Db, userSlug: string): Promise<UserTypeRow> {
  const [row] = await db.select().from(userTypes).where(eq(userTypes.userSlug, userSlug)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', `No user type ${userSlug}`);
  return row;
}

export async function toCurrentUser(db: Db, u: UserRow, kind: UserTypeRow['kind']): Promise<TCurrentUser> {
  const passkeys = await db
    .select({ id: webauthnCredentials.id, name: webauthnCredentials.name, createdAt: webauthnCredentials.createdAt })
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.userId, u.id))
    .orderBy(webauthnCredentials.createdAt);
  const p = u.profile;
  return {
    id: u.id,
    ID: String(u.number),
    userSlug: u.userSlug,
    kind,
    username: u.username,
    firstName: u.firstName,
    lastName: u.lastName,
    fullName: `${u.firstName} ${u.lastName}`.trim(),
    email: u.email,
    emailVerified: u.emailVerified,
    mobile: u.mobile,
    mobileVerified: u.mobileVerified,
    nationalId: u.nationalId,
    age: ageFromNationalId(u.nationalId),
    profile: {
      ...(p.homeAddress ? { homeAddress: p.homeAddress } : {}),
      ...(p.governorate ? { governorate: p.governorate } : {}),
      ...(p.nationality ? { nationality: p.nationality } : {}),
      ...(p.passportNumber ? { passportNumber: p.passportNumber } : {}),
      ...(p.job ? { job: p.job } : {}),
      ...(p.phone ? { phone: p.phone } : {}),
      ...(p.landline ? { landline: p.landline } : {}),
      ...(p.commercialRegistration ? { commercialRegistration: p.commercialRegistration } : {}),
      ...(p.taxNumber ? { taxNumber: p.taxNumber } : {}),
      ...(p.authorisedName ? { authorisedName: p.authorisedName } : {}),
      ...(p.authorisedNationalId ? { authorisedNationalId: p.authorisedNationalId } : {}),
    },
    roles: u.roles,
    company: u.company,
    serviceCenter: u.serviceCenters,
    favoriteServices: u.favoriteServices,
    userImage: [],
    mfa: {
      totp: u.totpEnabled,
      passkeys: passkeys.map((k) => ({ id: k.id, name: k.name, createdAt: k.createdAt.toISOString() })),
    },
    createdAt: u.createdAt.toISOString(),
  };
}

/** A sign-in identifier as typed: a username, an e-mail, a mobile number or a national id. */
export function normaliseIdentifier(raw: string): string {
  const s = latinDigits(raw.trim());
  return s.includes('@') ? s.toLowerCase() : /^[\d\s-]+$/.test(s) ? s.replace(/[\s-]/g, '') : s.toLowerCase();
}

/**
 * The account an identifier names. A username may be all digits, so one identifier can match one account's
 * username and another's mobile or national id: the mobile, then the national id, then the e-mail, then the
 * username wins (each is unique), never whichever row the database returns first.
 */
export async function findUserByIdentifier(db: Db, userSlug: string, identifier: string): Promise<UserRow | undefined> {
  const id = normaliseIdentifier(identifier);
  const rows = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.userSlug, userSlug),
        or(eq(users.username, id), eq(users.email, id), eq(users.mobile, id), eq(users.nationalId, id)),
      ),
    )
    .limit(4);
  return (
    rows.find((u) => u.mobile === id) ??
    rows.find((u) => u.nationalId === id) ??
    rows.find((u) => u.email === id) ??
    rows.find((u) => u.username === id)
  );
}

export async function findUser(db: Db, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/* ------------------------------------------- one-time secrets ------------------------------------------------- */

export async function insertSecret(
  db: Db,
  v: {
    purpose: SecretRow['purpose'];
    handle: string;
    userId: string | null;
    secret?: string;
    data?: Record<string, unknown>;
    ttlMinutes: number;
    now?: Date;
  },
): Promise<void> {
  const now = v.now ?? new Date();
  await db.insert(oneTimeSecrets).values({
    purpose: v.purpose,
    lookup: sha256(v.handle),
    userId: v.userId,
    secretHash: v.secret ? sha256(v.secret) : null,
    data: v.data ?? {},
    expiresAt: new Date(now.getTime() + v.ttlMinutes * 60_000),
    createdAt: now,
  });
}

export async function findSecret(db: Db, purpose: SecretRow['purpose'], handle: string): Promise<SecretRow | undefined> {
  const [row] = await db
    .select()
    .from(oneTimeSecrets)
    .where(and(eq(oneTimeSecrets.purpose, purpose), eq(oneTimeSecrets.lookup, sha256(handle))))
    .limit(1);
  return row;
}

export async function markSecretUsed(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(oneTimeSecrets)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeSecrets.id, id), isNull(oneTimeSecrets.usedAt)))
    .returning({ id: oneTimeSecrets.id });
  return rows.length === 1;
}

/**
 * Checks a 6-digit code against its row: NO_CODE_WAS_SENT, MAX_OTP_ATTEMPTS (5 tries per code), EXPIRED_CODE,
 * INVALID_CODE. A wrong code counts a try; the code is single use.
 */
export async function checkCode(db: Db, row: SecretRow | undefined, code: string, now = new Date()): Promise<SecretRow> {
  if (!row || !row.secretHash) throw new AppError('NO_CODE_WAS_SENT', 'No code was sent for this step');
  if (row.usedAt) throw new AppError('INVALID_CODE', 'This code was already used');
  if (row.attempts >= CODE_POLICY.maxAttempts) throw new AppError('MAX_OTP_ATTEMPTS', 'Too many wrong codes: ask for a new one');
  if (row.expiresAt.getTime() <= now.getTime()) throw new AppError('EXPIRED_CODE', 'The code expired: ask for a new one');
  if (!row.userId || !safeEqual(sha256(code), row.secretHash)) {
    const [updated] = await db
      .update(oneTimeSecrets)
      .set({ attempts: sql`${oneTimeSecrets.attempts} + 1` })
      .where(eq(oneTimeSecrets.id, row.id))
      .returning({ attempts: oneTimeSecrets.attempts });
    if ((updated?.attempts ?? 0) >= CODE_POLICY.maxAttempts)
      throw new AppError('MAX_OTP_ATTEMPTS', 'Too many wrong codes: ask for a new one');
    throw new AppError('INVALID_CODE', 'Wrong code');
  }
  if (!(await markSecretUsed(db, row.id))) throw new AppError('INVALID_CODE', 'This code was already used');
  return row;
}

/**
 * Resend rules for codes keyed by what was asked (e.g. the hash of a reset identifier): NOT_ALLOWED_RESEND within
 * a minute of the last code, CODE_ALREADY_SENT after 5 codes in an hour. Applied alike whether an account matched.
 */
export async function assertMaySend(db: Db, purpose: SecretRow['purpose'], key: string, now = new Date()): Promise<void> {
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const recent = await db
    .select({ createdAt: oneTimeSecrets.createdAt })
    .from(oneTimeSecrets)
    .where(
      and(
        eq(oneTimeSecrets.purpose, purpose),
        sql`${oneTimeSecrets.data}->>'key' = ${key}`,
        gt(oneTimeSecrets.createdAt, hourAgo),
      ),
    )
    .orderBy(desc(oneTimeSecrets.createdAt))
    .limit(CODE_POLICY.maxSendsPerHour);
  const last = recent[0]?.createdAt.getTime() ?? 0;
  if (now.getTime() - last < CODE_POLICY.resendAfterSeconds * 1000) {
    const wait = Math.ceil((last + CODE_POLICY.resendAfterSeconds * 1000 - now.getTime()) / 1000);
    throw new AppError('NOT_ALLOWED_RESEND', `Wait ${wait} s before asking for another code`, { details: [String(wait)] });
  }
  if (recent.length >= CODE_POLICY.maxSendsPerHour)
    throw new AppError('CODE_ALREADY_SENT', 'Codes were already sent: use the last one or try again in an hour');
}

/* ------------------------------------------- mobile verification ---------------------------------------------- */

/** When codes were sent to a user's mobile in the last hour, over all their verification handles (oldest first). */
async function recentMobileSends(db: Db, userId: string, now: Date): Promise<{ rows: SecretRow[]; sends: number[] }> {
  const rows = await db
    .select()
    .from(oneTimeSecrets)
    .where(
      and(
        eq(oneTimeSecrets.purpose, 'mobile-verify'),
        eq(oneTimeSecrets.userId, userId),
        gt(oneTimeSecrets.createdAt, new Date(now.getTime() - CODE_POLICY.handleTtlMinutes * 60_000)),
      ),
    )
    .orderBy(desc(oneTimeSecrets.createdAt))
    .limit(50);
  const sends = rows
    .flatMap((r) => JSON.parse(String(r.data.sentAt ?? '[]')) as string[])
    .map((t) => new Date(t).getTime())
    .filter((t) => t > now.getTime() - 3_600_000)
    .sort((a, b) => a - b);
  return { rows, sends };
}

/** NOT_ALLOWED_RESEND within a minute of the last code, CODE_ALREADY_SENT after 5 codes in an hour. */
function mobileSendRule(sends: number[], now: Date): AppError | undefined {
  const last = sends.at(-1) ?? 0;
  if (now.getTime() - last < CODE_POLICY.resendAfterSeconds * 1000) {
    const wait = Math.ceil((last + CODE_POLICY.resendAfterSeconds * 1000 - now.getTime()) / 1000);
    return new AppError('NOT_ALLOWED_RESEND', `Wait ${wait} s before asking for another code`, { details: [String(wait)] });
  }
  if (sends.length >= CODE_POLICY.maxSendsPerHour)
    return new AppError('CODE_ALREADY_SENT', 'Codes were already sent: use the last one or try again in an hour');
  return undefined;
}

/**
 * Starts (or restarts) the mobile verification step: a handle the client keeps (verificationToken) and a code
 * sent by SMS. The handle lives a day; each code 10 minutes. The resend rules hold across handles (quality.md
 * "resends limited per phone"): when a code went out less than a minute ago, or 5 in the last hour, the step
 * gets a new handle for the code already sent (no new SMS); with no such code left, the rule's error.
 */
export async function startMobileVerification(db: Db, user: UserRow, lang: TLang): Promise<TMobileVerificationStep> {
  if (!user.mobile) throw new AppError('USER_NOT_FOUND_OR_ALREADY_VERIFIED', 'No mobile number on the account');
  const handle = randomToken();
  const now = new Date();
  const step = (resendAfterSeconds: number): TMobileVerificationStep => ({
    verificationToken: handle,
    mobileMasked: maskMobile(user.mobile!),
    resendAfterSeconds,
    expiresInMinutes: CODE_POLICY.codeTtlMinutes,
  });
  const { rows, sends } = await recentMobileSends(db, user.id, now);
  const refused = mobileSendRule(sends, now);
  if (refused) {
    const live = rows.find(
      (r) => !r.usedAt && r.secretHash && r.expiresAt.getTime() > now.getTime() && r.attempts < CODE_POLICY.maxAttempts,
    );
    if (!live) throw refused;
    await db
      .update(oneTimeSecrets)
      .set({ lookup: sha256(handle) })
      .where(eq(oneTimeSecrets.id, live.id));
    const last = sends.at(-1) ?? 0;
    return step(Math.max(0, Math.ceil((last + CODE_POLICY.resendAfterSeconds * 1000 - now.getTime()) / 1000)));
  }
  const code = randomCode();
  await transaction(db, async (tx) => {
    await insertSecret(tx, {
      purpose: 'mobile-verify',
      handle,
      userId: user.id,
      secret: code,
      data: { key: `mobile:${user.id}`, sentAt: JSON.stringify([now.toISOString()]) },
      ttlMinutes: CODE_POLICY.codeTtlMinutes,
      now,
    });
    await enqueue(tx, sms(user.mobile!, lang, templates.mobileCode(code, CODE_POLICY.codeTtlMinutes)));
  });
  return step(CODE_POLICY.resendAfterSeconds);
}

/** Sends a new code for an existing verification handle (the handle stays; attempts restart). */
export async function resendMobileCode(db: Db, handle: string, lang: TLang): Promise<void> {
  const row = await findSecret(db, 'mobile-verify', handle);
  if (!row || !row.userId) throw new AppError('tokenExpired', 'This verification is no longer valid: sign in again');
  if (row.createdAt.getTime() + CODE_POLICY.handleTtlMinutes * 60_000 < Date.now())
    throw new AppError('tokenExpired', 'This verification is no longer valid: sign in again');
  const user = await findUser(db, row.userId);
  if (!user || user.mobileVerified || !user.mobile) throw new AppError('USER_NOT_FOUND_OR_ALREADY_VERIFIED', 'Already verified');
  const now = new Date();
  const sent = JSON.parse(String(row.data.sentAt ?? '[]')) as string[];
  const recent = sent.map((t) => new Date(t).getTime()).filter((t) => t > now.getTime() - 3_600_000);
  // The rules count every code sent to this mobile, whichever handle asked for it.
  const refused = mobileSendRule((await recentMobileSends(db, user.id, now)).sends, now);
  if (refused) throw refused;
  const code = randomCode();
  await transaction(db, async (tx) => {
    await tx
      .update(oneTimeSecrets)
      .set({
        secretHash: sha256(code),
        attempts: 0,
        usedAt: null,
        expiresAt: new Date(now.getTime() + CODE_POLICY.codeTtlMinutes * 60_000),
        data: { ...row.data, sentAt: JSON.stringify([...recent.map((t) => new Date(t).toISOString()), now.toISOString()]) },
      })
      .where(eq(oneTimeSecrets.id, row.id));
    await enqueue(tx, sms(user.mobile!, lang, templates.mobileCode(code, CODE_POLICY.codeTtlMinutes)));
  });
}

/* ------------------------------------------- sign-in ------------------------------------------------------------ */

/** Who is signing in, as plain data: the HTTP layer reads it from the request (server/http/sign-in.ts). */
export type SignInClient = {
  device: Device;
  lang: TLang;
  /** The session the client already has for the kind of cookie it sent, if any. */
  current: { sessionHash: string; kind: SessionKind } | undefined;
};

/**
 * A sign-in use case's inputs: the database, the configuration, the client, and where a new session goes
 * (`setSession`: the HTTP layer turns it into the session cookie). No Fastify type crosses into the domain.
 */
export type SignInContext = {
  db: Db;
  config: AppConfig;
  client: SignInClient;
  setSession: (kind: SessionKind, token: string) => void;
};

/** Ends the session this client carries (if of the same kind), then opens a new one for the user: the token and the csrf token. */
export async function openSession(ctx: SignInContext, user: UserRow, kind: UserTypeRow['kind']): Promise<TSignedIn> {
  const { db, config, client } = ctx;
  const sessionKind: SessionKind = kind === 'agent' || kind === 'agent_employee' ? 'agent' : 'user';
  // The session this client had (of the same kind: the agent client's cookie is another) ends: a new token at each sign-in.
  if (client.current && client.current.kind === sessionKind) await revokeSession(db, client.current.sessionHash);
  const { token, csrfToken } = await createSession(db, {
    userId: user.id,
    kind: sessionKind,
    device: client.device,
    maxAgeMs: config.sessionMaxAgeMs,
  });
  ctx.setSession(sessionKind, token);
  return { status: 'signed-in', user: await toCurrentUser(db, user, kind), csrfToken, idleTimeoutMs: config.idleTimeoutMs };
}

export const hasSecondFactor = async (db: Db, user: UserRow): Promise<('totp' | 'webauthn')[]> => {
  const methods: ('totp' | 'webauthn')[] = [];
  if (user.totpEnabled && user.totpSecret) methods.push('totp');
  const [key] = await db
    .select({ id: webauthnCredentials.id })
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.userId, user.id))
    .limit(1);
  if (key) methods.push('webauthn');
  return methods;
};

/**
 * What follows a proven password (or external sign-in, or mobile verification): the mobile step for a citizen
 * whose mobile is unverified, the second-factor step when one is registered (staff must have one), else a session.
 */
export async function continueSignIn(
  ctx: SignInContext,
  user: UserRow,
  kind: UserTypeRow['kind'],
  options: { skipMobile?: boolean } = {},
): Promise<TLoginResult> {
  if (kind === 'citizen' && !user.mobileVerified && !options.skipMobile) {
    return { status: 'mobile-unverified', step: await startMobileVerification(ctx.db, user, ctx.client.lang) };
  }
  const methods = await hasSecondFactor(ctx.db, user);
  if (methods.length === 0 && kind === 'employee')
    throw new AppError('NO_2FA_REGISTERED', 'Staff accounts need a second factor: ask the administrator');
  if (methods.length > 0) {
    const mfaToken = randomToken();
    await insertSecret(ctx.db, { purpose: 'mfa', handle: mfaToken, userId: user.id, ttlMinutes: CODE_POLICY.mfaTtlMinutes });
    return { status: 'mfa-required', mfaToken, methods };
  }
  return openSession(ctx, user, kind);
}

export const newUserId = (): string => crypto.randomUUID();

/** The code sent to a new account's mobile: the mobile is verified, and the caller goes on signing in. */
export async function verifyMobileCode(db: Db, input: { verificationToken: string; code: string }): Promise<UserRow> {
  const row = await findSecret(db, 'mobile-verify', input.verificationToken);
  const user = row?.userId ? await findUser(db, row.userId) : undefined;
  if (row && (!user || user.mobileVerified || user.disabled))
    throw new AppError('USER_NOT_FOUND_OR_ALREADY_VERIFIED', 'Already verified');
  await checkCode(db, row, input.code);
  await db.update(users).set({ mobileVerified: true, updatedAt: new Date() }).where(eq(users.id, user!.id));
  return { ...user!, mobileVerified: true };
}
