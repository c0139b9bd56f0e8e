import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import * as client from 'openid-client';
import { ZAccountEmail, latinDigits } from '../../../contract/identity.ts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { externalIdentities, users } from '../../db/schema.ts';
import { AppError } from '../app-error.ts';
import { notify } from '../notifications/notify.ts';
import { findSecret, findUser, insertSecret, markSecretUsed, newUserId, type UserRow, type UserTypeRow } from './accounts.ts';
import { safeEqual, sha256 } from './crypto.ts';
import { transaction } from '../../db/tx.ts';

/*
 * External sign-in with OpenID Connect (spec sections 2 and 7: getAuthenticationMeta, /auth-callback,
 * exchangeToken): the authorization code flow with PKCE (S256), state and nonce. The state row
 * (one_time_secrets `oidc-state`, 10 minutes, single use) keeps the verifier, the nonce, the redirect URI and a
 * hash of a value held in the browser's cookie, so that a code can only be exchanged by the browser that started.
 */

export type OidcSettings = NonNullable<AppConfig['oidc']>;

export const OIDC_STATE_TTL_MINUTES = 10;
const SCOPE = 'openid email profile';
const DISCOVERY_TTL_MS = 60 * 60_000;
const TIMEOUT_SECONDS = 10;

/* ------------------------------------------- discovery -------------------------------------------------------- */

const discovered = new Map<string, { at: number; config: Promise<client.Configuration> }>();

/** http is accepted for an issuer configured with http (a local or test provider); https otherwise. */
const insecure = (issuer: string) => new URL(issuer).protocol === 'http:';

/**
 * The provider's configuration, discovered once an hour per issuer and client. Client authentication is
 * client_secret_basic unless the provider only supports client_secret_post; no secret means a public client.
 */
export function oidcConfiguration(oidc: OidcSettings): Promise<client.Configuration> {
  const key = `${oidc.issuer}\n${oidc.clientId}\n${oidc.clientSecret ?? ''}`;
  const hit = discovered.get(key);
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
  const execute = insecure(oidc.issuer) ? [client.allowInsecureRequests] : [];
  const config = (async () => {
    const found = await client.discovery(new URL(oidc.issuer), oidc.clientId, undefined, client.None(), {
      execute,
      timeout: TIMEOUT_SECONDS,
    });
    const metadata = found.serverMetadata();
    const methods = metadata.token_endpoint_auth_methods_supported;
    const auth = !oidc.clientSecret
      ? client.None()
      : methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post')
        ? client.ClientSecretPost(oidc.clientSecret)
        : client.ClientSecretBasic(oidc.clientSecret);
    const configured = new client.Configuration(metadata, oidc.clientId, oidc.clientSecret, auth);
    configured.timeout = TIMEOUT_SECONDS;
    for (const run of execute) run(configured);
    return configured;
  })();
  discovered.set(key, { at: Date.now(), config });
  // A failed discovery is not remembered: the next sign-in tries again.
  config.catch(() => discovered.delete(key));
  return config;
}

async function configurationOrFail(oidc: OidcSettings): Promise<client.Configuration> {
  try {
    return await oidcConfiguration(oidc);
  } catch (err) {
    throw new AppError('INTEGRATION_ERROR', `The sign-in provider cannot be reached: ${(err as Error).message}`);
  }
}

/* ------------------------------------------- the flow --------------------------------------------------------- */

/** A browser-held value (its cookie) and the hash stored with the state. */
export const newBrowserBinding = (): string => crypto.randomBytes(24).toString('base64url');

/** Starts the flow: the state row, and the provider's authorization URL to send the browser to. */
export async function beginExternalSignIn(
  db: Db,
  oidc: OidcSettings,
  v: { userSlug: string; redirectUri: string; binding: string },
): Promise<string> {
  const config = await configurationOrFail(oidc);
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  await insertSecret(db, {
    purpose: 'oidc-state',
    handle: state,
    userId: null,
    data: { verifier, nonce, redirectUri: v.redirectUri, userSlug: v.userSlug, binding: sha256(v.binding) },
    ttlMinutes: OIDC_STATE_TTL_MINUTES,
  });
  return client
    .buildAuthorizationUrl(config, {
      redirect_uri: v.redirectUri,
      scope: SCOPE,
      state,
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    })
    .toString();
}

export type ExternalClaims = {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
  preferredUsername: string | null;
};

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/**
 * Ends the flow: the state must be known, unused, unexpired, of this user type, this redirect URI and this
 * browser (else GRANT_EXPIRED: start again). The code is exchanged with the verifier; the ID token's nonce and
 * issuer are checked by openid-client. A refused code or token is LOGIN_FAILED; an unreachable provider
 * INTEGRATION_ERROR.
 */
export async function completeExternalSignIn(
  db: Db,
  oidc: OidcSettings,
  v: {
    userSlug: string;
    code: string;
    state: string;
    iss?: string | undefined;
    redirectUri: string;
    binding: string | undefined;
  },
): Promise<ExternalClaims> {
  const expired = () => new AppError('GRANT_EXPIRED', 'This sign-in attempt expired or was already used: start again');
  const row = await findSecret(db, 'oidc-state', v.state);
  if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) throw expired();
  const data = row.data as { verifier?: string; nonce?: string; redirectUri?: string; userSlug?: string; binding?: string };
  if (
    !data.verifier ||
    !data.nonce ||
    !data.binding ||
    data.userSlug !== v.userSlug ||
    data.redirectUri !== v.redirectUri ||
    !v.binding ||
    !safeEqual(sha256(v.binding), data.binding)
  )
    throw expired();
  if (!(await markSecretUsed(db, row.id))) throw expired();
  const config = await configurationOrFail(oidc);
  const callback = new URL(data.redirectUri);
  callback.searchParams.set('code', v.code);
  callback.searchParams.set('state', v.state);
  // RFC 9207: the client forwards the `iss` it received. With one configured provider there is no mix-up to
  // detect, so a client that did not forward it gets the provider's own issuer.
  if (config.serverMetadata().authorization_response_iss_parameter_supported)
    callback.searchParams.set('iss', v.iss ?? config.serverMetadata().issuer);
  else if (v.iss) callback.searchParams.set('iss', v.iss);
  try {
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: data.verifier,
      expectedState: v.state,
      expectedNonce: data.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new AppError('LOGIN_FAILED', 'The provider sent no ID token');
    let info: Record<string, unknown> = {};
    if (config.serverMetadata().userinfo_endpoint) {
      info = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
    }
    const all = { ...idClaims, ...info } as Record<string, unknown>;
    return {
      issuer: idClaims.iss,
      subject: idClaims.sub,
      email: str(all.email)?.toLowerCase() ?? null,
      emailVerified: all.email_verified === true || all.email_verified === 'true',
      givenName: str(all.given_name),
      familyName: str(all.family_name),
      name: str(all.name),
      preferredUsername: str(all.preferred_username),
    };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw providerError(err);
  }
}

const PROVIDER_DOWN = new Set([
  'OAUTH_RESPONSE_IS_NOT_CONFORM',
  'OAUTH_RESPONSE_IS_NOT_JSON',
  'OAUTH_HTTP_REQUEST_FORBIDDEN',
  'OAUTH_REQUEST_PROTOCOL_FORBIDDEN',
]);

function providerError(err: unknown): AppError {
  const message = (err as Error | undefined)?.message ?? String(err);
  const code = (err as { code?: unknown } | undefined)?.code;
  if (
    err instanceof client.ResponseBodyError ||
    err instanceof client.AuthorizationResponseError ||
    (err instanceof client.ClientError && !(typeof code === 'string' && PROVIDER_DOWN.has(code)))
  )
    return new AppError('LOGIN_FAILED', `The sign-in provider refused the sign-in: ${message}`);
  return new AppError('INTEGRATION_ERROR', `The sign-in provider cannot be reached: ${message}`);
}

/* ------------------------------------------- the account ------------------------------------------------------ */

/** A username from the provider's claims: lower-case letters and digits (spec section 5), 3 to 24 of them. */
export function usernameBase(c: Pick<ExternalClaims, 'preferredUsername' | 'email' | 'givenName' | 'familyName'>): string {
  const raw = c.preferredUsername ?? c.email?.split('@')[0] ?? `${c.givenName ?? ''}${c.familyName ?? ''}`;
  const s = latinDigits(raw.normalize('NFKD'))
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 24);
  return s.length >= 3 ? s : `user${s}`;
}

function namesOf(c: ExternalClaims): { firstName: string; lastName: string } {
  const clip = (s: string | null) => (s ?? '').slice(0, 50);
  if (c.givenName || c.familyName) return { firstName: clip(c.givenName), lastName: clip(c.familyName) };
  const [first = '', ...rest] = (c.name ?? '').split(/\s+/).filter(Boolean);
  return { firstName: clip(first), lastName: clip(rest.join(' ')) };
}

async function linkedUser(db: Db, c: ExternalClaims): Promise<UserRow | undefined> {
  const [link] = await db
    .select({ userId: externalIdentities.userId })
    .from(externalIdentities)
    .where(and(eq(externalIdentities.issuer, c.issuer), eq(externalIdentities.subject, c.subject)))
    .limit(1);
  return link ? findUser(db, link.userId) : undefined;
}

/**
 * The account of an external identity, for a registration user type (citizens): the one already linked to
 * (issuer, subject); else the account whose e-mail address is verified on both sides, now linked; else a new
 * account (a unique username from the claims, the names, the e-mail address when verified and free; no mobile
 * or national id: the profile asks for them later).
 */
export async function accountForExternalIdentity(db: Db, type: UserTypeRow, c: ExternalClaims): Promise<UserRow> {
  if (!type.registration) throw new AppError('LOGIN_FAILED', 'External sign-in is for citizens');
  for (let attempt = 0; attempt < 6; attempt++) {
    const linked = await linkedUser(db, c);
    if (linked) {
      if (linked.disabled || linked.userSlug !== type.userSlug)
        throw new AppError('LOGIN_FAILED', 'This account cannot sign in here');
      return linked;
    }
    const [byEmail] = c.email ? await db.select().from(users).where(eq(users.email, c.email)).limit(1) : ([] as UserRow[]);
    try {
      if (byEmail && c.emailVerified && byEmail.emailVerified && byEmail.userSlug === type.userSlug && !byEmail.disabled) {
        await db.insert(externalIdentities).values({ issuer: c.issuer, subject: c.subject, userId: byEmail.id });
        return byEmail;
      }
      return await createExternalAccount(db, type, c, c.emailVerified && c.email && !byEmail ? c.email : null);
    } catch (err) {
      // Another sign-in of the same person, or a username taken meanwhile: look again.
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new AppError('LOGIN_FAILED', 'The account could not be created: try again');
}

async function createExternalAccount(db: Db, type: UserTypeRow, c: ExternalClaims, email: string | null): Promise<UserRow> {
  const base = usernameBase(c);
  const candidates = [base, ...Array.from({ length: 5 }, () => `${base}${crypto.randomInt(1000, 1_000_000)}`)];
  const taken = new Set(
    (await db.select({ username: users.username }).from(users).where(inArray(users.username, candidates))).map((u) => u.username),
  );
  const username = candidates.find((u) => !taken.has(u)) ?? `${base}${crypto.randomInt(1_000_000, 100_000_000)}`;
  const validEmail = email && ZAccountEmail.safeParse(email).success ? email : null;
  return transaction(db, async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        id: newUserId(),
        number: sql<number>`nextval('user_number_seq')`,
        userSlug: type.userSlug,
        username,
        email: validEmail,
        emailVerified: validEmail !== null,
        ...namesOf(c),
      })
      .returning();
    const user = created!;
    await tx.insert(externalIdentities).values({ issuer: c.issuer, subject: c.subject, userId: user.id });
    await notify(tx, user.id, 'welcome', { name: user.firstName });
    return user;
  });
}
