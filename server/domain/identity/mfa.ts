import { and, eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { oneTimeSecrets, users, webauthnCredentials } from '../../db/schema.ts';
import { AppError } from '../app-error.ts';
import { CODE_POLICY, findSecret, findUser, markSecretUsed, type UserRow } from './accounts.ts';
import { sha256 } from './crypto.ts';
import { transaction } from '../../db/tx.ts';

/*
 * The second factor (quality.md "Security": TOTP per RFC 6238 and WebAuthn passkeys): the sign-in step after a
 * proven password (POST {slug}/MFA with the `mfa` one-time secret as bearer token) and the enrolment of an
 * authenticator app or a passkey from the profile.
 *
 * Rows kept in one_time_secrets (no extra columns needed):
 * - purpose `mfa`, lookup = hash of the mfa token: the sign-in step (accounts.ts continueSignIn), 5 minutes;
 * - purpose `mfa`, lookup = hash of `totp-step:<user>:<step>`: a time step already used by that user (RFC 6238
 *   section 5.2: a code is accepted once), inserted under the unique (purpose, lookup) index so that two
 *   simultaneous uses of one code cannot both pass;
 * - purpose `mfa`, lookup = hash of `totp-pending:<user>`: an authenticator-app secret shown but not yet confirmed;
 * - purpose `webauthn-challenge`, lookup = hash of `auth:<mfa row id>` or `register:<user>`: the challenge of the
 *   ceremony in progress (the latest one replaces an earlier one; single use).
 */

export const TOTP_ISSUER = 'Kahraba';
const TOTP_PERIOD = 30;
const TOTP_DIGITS = 6;
const TOTP_WINDOW = 1;
const TOTP_PENDING_TTL_MINUTES = 15;
const CHALLENGE_TTL_MINUTES = 5;
const RP_NAME = 'Kahraba';

type SecretRow = typeof oneTimeSecrets.$inferSelect;

const totpOf = (secretBase32: string, label = 'user'): TOTP =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD,
    secret: Secret.fromBase32(secretBase32),
  });

/** Inserts or replaces the row of (purpose, handle): the latest ceremony or pending secret wins. */
async function upsertSecret(
  db: Db,
  v: { purpose: SecretRow['purpose']; handle: string; userId: string; data: Record<string, unknown>; ttlMinutes: number },
): Promise<void> {
  const now = new Date();
  const expiresAt = new Date(now.getTime() + v.ttlMinutes * 60_000);
  await db
    .insert(oneTimeSecrets)
    .values({ purpose: v.purpose, lookup: sha256(v.handle), userId: v.userId, data: v.data, expiresAt, createdAt: now })
    .onConflictDoUpdate({
      target: [oneTimeSecrets.purpose, oneTimeSecrets.lookup],
      set: { userId: v.userId, data: v.data, expiresAt, createdAt: now, usedAt: null, attempts: 0 },
    });
}

const isLive = (row: SecretRow | undefined, now = Date.now()): row is SecretRow =>
  !!row && !row.usedAt && row.expiresAt.getTime() > now;

/* ------------------------------------------- TOTP ------------------------------------------------------------ */

/**
 * Checks a 6-digit code against a base32 secret (SHA-1, 30 s, one step either side) and claims its time step for
 * the user: a code already used (or older than one used) is refused like a wrong one.
 */
export async function checkTotp(db: Db, userId: string, secretBase32: string, code: string, now = Date.now()): Promise<boolean> {
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  if (delta === null) return false;
  const step = Math.floor(now / 1000 / TOTP_PERIOD) + delta;
  // A later step already used: this code is older than the last accepted one.
  const [later] = await db
    .select({ id: oneTimeSecrets.id })
    .from(oneTimeSecrets)
    .where(
      and(
        eq(oneTimeSecrets.purpose, 'mfa'),
        eq(oneTimeSecrets.userId, userId),
        sql`${oneTimeSecrets.data}->>'kind' = 'totp-step'`,
        sql`(${oneTimeSecrets.data}->>'step')::bigint >= ${step}`,
      ),
    )
    .limit(1);
  if (later) return false;
  const claimed = await db
    .insert(oneTimeSecrets)
    .values({
      purpose: 'mfa',
      lookup: sha256(`totp-step:${userId}:${step}`),
      userId,
      data: { kind: 'totp-step', step },
      // Long enough to outlive the window in which the code is otherwise valid.
      expiresAt: new Date(now + (2 * TOTP_WINDOW + 2) * TOTP_PERIOD * 1000),
      usedAt: new Date(now),
    })
    .onConflictDoNothing()
    .returning({ id: oneTimeSecrets.id });
  return claimed.length === 1;
}

export type TotpSetup = { secret: string; otpauthUrl: string; qrSvg: string };

/** A new 20-byte secret, kept pending (not enabled) until confirmed with a code; the otpauth URL and its QR code. */
export async function startTotpSetup(db: Db, user: UserRow): Promise<TotpSetup> {
  const secret = new Secret({ size: 20 }).base32;
  await upsertSecret(db, {
    purpose: 'mfa',
    handle: `totp-pending:${user.id}`,
    userId: user.id,
    data: { kind: 'totp-pending', secret },
    ttlMinutes: TOTP_PENDING_TTL_MINUTES,
  });
  const otpauthUrl = totpOf(secret, user.username).toString();
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { secret, otpauthUrl, qrSvg };
}

/** Confirms the pending secret with a code from the app: the app becomes the account's TOTP factor. */
export async function confirmTotpSetup(db: Db, user: UserRow, code: string): Promise<UserRow> {
  const row = await findSecret(db, 'mfa', `totp-pending:${user.id}`);
  const secret = typeof row?.data.secret === 'string' ? row.data.secret : undefined;
  if (!isLive(row) || row.userId !== user.id || !secret) throw new AppError('NO_CODE_WAS_SENT', 'Start the set-up again');
  if (!(await checkTotp(db, user.id, secret, code))) throw new AppError('WRONG_OTP', 'Wrong code');
  return transaction(db, async (tx) => {
    if (!(await markSecretUsed(tx, row.id))) throw new AppError('NO_CODE_WAS_SENT', 'Start the set-up again');
    const [u] = await tx
      .update(users)
      .set({ totpSecret: secret, totpEnabled: true, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    return u!;
  });
}

/* ------------------------------------------- factors ---------------------------------------------------------- */

/**
 * Removes a factor inside a transaction that locks the account row, so that two removals at once cannot leave a
 * staff account without a second factor (NO_2FA_REGISTERED: staff must keep one).
 */
async function removeFactor(
  db: Db,
  userId: string,
  staff: boolean,
  what: { totp: true } | { credentialId: string },
): Promise<UserRow> {
  return transaction(db, async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new AppError('NOT_FOUND', 'No such user');
    const keys = await tx
      .select({ id: webauthnCredentials.id })
      .from(webauthnCredentials)
      .where(eq(webauthnCredentials.userId, userId));
    const hasTotp = user.totpEnabled && !!user.totpSecret;
    if ('credentialId' in what) {
      if (!keys.some((k) => k.id === what.credentialId)) throw new AppError('NOT_FOUND', 'No such security key');
      if (staff && !hasTotp && keys.length === 1)
        throw new AppError('NO_2FA_REGISTERED', 'Staff accounts must keep a second factor: add another one first');
      await tx
        .delete(webauthnCredentials)
        .where(and(eq(webauthnCredentials.id, what.credentialId), eq(webauthnCredentials.userId, userId)));
      return user;
    }
    if (staff && hasTotp && keys.length === 0)
      throw new AppError('NO_2FA_REGISTERED', 'Staff accounts must keep a second factor: add another one first');
    const [u] = await tx
      .update(users)
      .set({ totpSecret: null, totpEnabled: false, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    return u!;
  });
}

export const removeTotp = (db: Db, userId: string, staff: boolean) => removeFactor(db, userId, staff, { totp: true });
export const removePasskey = (db: Db, userId: string, staff: boolean, credentialId: string) =>
  removeFactor(db, userId, staff, { credentialId });

/* ------------------------------------------- WebAuthn -------------------------------------------------------- */

/**
 * The relying party: the portal's configured origin (config.appOrigin: PUBLIC_ORIGIN, else http://localhost:PORT)
 * and its host name as the RP ID. Never the request's Host header.
 */
export function relyingParty(config: Pick<AppConfig, 'appOrigin'>): { origin: string; rpID: string } {
  const url = new URL(config.appOrigin);
  return { origin: url.origin, rpID: url.hostname };
}

const b64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');
const bytesOf = (s: string): Uint8Array<ArrayBuffer> => new Uint8Array(Buffer.from(s, 'base64url'));

type CredentialRow = typeof webauthnCredentials.$inferSelect;
const listCredentials = (db: Db, userId: string): Promise<CredentialRow[]> =>
  db.select().from(webauthnCredentials).where(eq(webauthnCredentials.userId, userId));

type Transport = NonNullable<NonNullable<PublicKeyCredentialCreationOptionsJSON['excludeCredentials']>[number]['transports']>;
const transportsOf = (row: CredentialRow) => row.transports as Transport;

/** Registration options for a new passkey or security key; the challenge is kept for the registration call. */
export async function passkeyRegistrationOptions(
  db: Db,
  user: UserRow,
  rp: { rpID: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await listCredentials(db, user.id);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpID,
    userName: user.username,
    userID: new TextEncoder().encode(user.id) as Uint8Array<ArrayBuffer>,
    userDisplayName: `${user.firstName} ${user.lastName}`.trim() || user.username,
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.id, transports: transportsOf(c) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await upsertSecret(db, {
    purpose: 'webauthn-challenge',
    handle: `register:${user.id}`,
    userId: user.id,
    data: { challenge: options.challenge },
    ttlMinutes: CHALLENGE_TTL_MINUTES,
  });
  return options;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const hasStrings = (o: Record<string, unknown>, keys: string[]) => keys.every((k) => typeof o[k] === 'string');

/** Verifies the authenticator's answer to the registration options and stores the credential (WRONG_U2F otherwise). */
export async function registerPasskey(
  db: Db,
  user: UserRow,
  rp: { origin: string; rpID: string },
  name: string,
  response: Record<string, unknown>,
): Promise<void> {
  const row = await findSecret(db, 'webauthn-challenge', `register:${user.id}`);
  const challenge = typeof row?.data.challenge === 'string' ? row.data.challenge : undefined;
  if (!isLive(row) || row.userId !== user.id || !challenge || !(await markSecretUsed(db, row.id)))
    throw new AppError('WRONG_U2F', 'Start the registration again');
  if (!hasStrings(response, ['id', 'rawId', 'type']) || !isRecord(response.response))
    throw new AppError('WRONG_U2F', 'Not a registration response');
  let info;
  try {
    const result = await verifyRegistrationResponse({
      response: response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
    });
    if (!result.verified) throw new Error('not verified');
    info = result.registrationInfo;
  } catch (err) {
    throw new AppError('WRONG_U2F', `The security key could not be registered: ${(err as Error).message}`);
  }
  try {
    await db.insert(webauthnCredentials).values({
      id: info.credential.id,
      userId: user.id,
      name,
      publicKey: b64(info.credential.publicKey),
      counter: info.credential.counter,
      transports: info.credential.transports ?? [],
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('WRONG_U2F', 'This security key is already registered');
    throw err;
  }
}

/* ------------------------------------------- the sign-in step ------------------------------------------------ */

export type MfaGrant = { row: SecretRow; user: UserRow };

/**
 * The second-factor step of a sign-in: the `mfa` secret of the bearer token, live (5 minutes, unused) and belonging to an enabled account of the user type in the path. Anything else is
 * GRANT_EXPIRED: the client goes back to the password step.
 */
export async function loadMfaGrant(db: Db, token: string | undefined, userSlug: string): Promise<MfaGrant> {
  const expired = () => new AppError('GRANT_EXPIRED', 'This sign-in step expired: sign in again');
  if (!token) throw expired();
  const row = await findSecret(db, 'mfa', token);
  if (!isLive(row) || !row.userId || row.data.kind !== undefined) throw expired();
  const user = await findUser(db, row.userId);
  if (!user || user.disabled || user.userSlug !== userSlug) throw expired();
  return { row, user };
}

/** After 5 wrong answers the step is over (GRANT_EXPIRED); checked after the growing delays, which say more. */
export function assertAttemptsLeft(grant: MfaGrant): void {
  if (grant.row.attempts >= CODE_POLICY.maxAttempts)
    throw new AppError('GRANT_EXPIRED', 'Too many wrong answers for this sign-in step: sign in again');
}

/** Counts a wrong answer against the step (5 per step). */
export async function countMfaAttempt(db: Db, grant: MfaGrant): Promise<void> {
  await db
    .update(oneTimeSecrets)
    .set({ attempts: sql`${oneTimeSecrets.attempts} + 1` })
    .where(eq(oneTimeSecrets.id, grant.row.id));
}

/** Ends the step (single use): false when another request already used it. */
export const consumeMfaGrant = (db: Db, grant: MfaGrant): Promise<boolean> => markSecretUsed(db, grant.row.id);

/** Options for `navigator.credentials.get` with the user's keys; the challenge is tied to this sign-in step. */
export async function passkeyAuthenticationOptions(
  db: Db,
  grant: MfaGrant,
  rp: { rpID: string },
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const keys = await listCredentials(db, grant.user.id);
  if (keys.length === 0) throw new AppError('NO_2FA_REGISTERED', 'No security key is registered');
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    allowCredentials: keys.map((c) => ({ id: c.id, transports: transportsOf(c) })),
    userVerification: 'preferred',
  });
  await upsertSecret(db, {
    purpose: 'webauthn-challenge',
    handle: `auth:${grant.row.id}`,
    userId: grant.user.id,
    data: { challenge: options.challenge },
    ttlMinutes: CHALLENGE_TTL_MINUTES,
  });
  return options;
}

/**
 * Verifies an assertion: WRONG_U2F for a key that is not the user's or a signature that does not verify;
 * U2F_SIGN_Failed for an answer that cannot be checked (no options asked, malformed, wrong challenge or origin,
 * counter gone backwards). The challenge is single use; the stored counter moves on.
 */
export async function verifyPasskeyAssertion(
  db: Db,
  grant: MfaGrant,
  rp: { origin: string; rpID: string },
  response: Record<string, unknown>,
): Promise<void> {
  const row = await findSecret(db, 'webauthn-challenge', `auth:${grant.row.id}`);
  const challenge = typeof row?.data.challenge === 'string' ? row.data.challenge : undefined;
  if (!isLive(row) || !challenge || !(await markSecretUsed(db, row.id)))
    throw new AppError('U2F_SIGN_Failed', 'Ask for the security key options first');
  const inner = response.response;
  if (
    !hasStrings(response, ['id', 'rawId', 'type']) ||
    !isRecord(inner) ||
    !hasStrings(inner, ['clientDataJSON', 'authenticatorData', 'signature'])
  )
    throw new AppError('U2F_SIGN_Failed', 'Not a security key answer');
  const [key] = await db
    .select()
    .from(webauthnCredentials)
    .where(and(eq(webauthnCredentials.id, String(response.id)), eq(webauthnCredentials.userId, grant.user.id)))
    .limit(1);
  if (!key) throw new AppError('WRONG_U2F', 'This security key is not registered to the account');
  let result;
  try {
    result = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: { id: key.id, publicKey: bytesOf(key.publicKey), counter: key.counter, transports: key.transports },
      requireUserVerification: false,
    });
  } catch (err) {
    throw new AppError('U2F_SIGN_Failed', `The security key answer could not be checked: ${(err as Error).message}`);
  }
  if (!result.verified) throw new AppError('WRONG_U2F', 'The security key signature does not match');
  await db
    .update(webauthnCredentials)
    .set({ counter: result.authenticationInfo.newCounter })
    .where(eq(webauthnCredentials.id, key.id));
}
