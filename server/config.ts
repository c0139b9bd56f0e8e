import path from 'node:path';
import { z } from 'zod';

/**
 * The one place that reads the environment. Every variable has a default that runs the demo; a bad value stops
 * start-up with a message naming the variable.
 */
const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

export const ZConfigEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Default: 127.0.0.1 in demo mode (the demo conveniences stay on this machine), else 0.0.0.0. */
  HOST: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().min(1).default('./data'),
  APP_KIND: z.enum(['citizen', 'employee', 'agent']).default('citizen'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DIST_DIR: z.string().min(1).default('./dist'),
  PUBLIC_ORIGIN: z.url().optional(),
  SEED_ON_EMPTY: bool.default(true),
  DEMO_MODE: bool.default(true),
  /** Lets demo mode run where others can reach it (a public origin or a non-loopback address): a shared demo. */
  DEMO_MODE_FORCE: bool.default(false),
  CATALOG_CACHE_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  IDLE_TIMEOUT_MS: z.coerce.number().int().min(10_000).default(3_600_000),
  EMPLOYEE_USER_SLUGS: z
    .string()
    .default('employee,we_employee,xceed_employee')
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    ),
  MAINTENANCE_MESSAGE: z.string().optional(),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  TRUST_PROXY: bool.default(false),
  SESSION_MAX_AGE_MS: z.coerce
    .number()
    .int()
    .min(60_000)
    .default(12 * 3_600_000),
  SCRYPT_LOG2N: z.coerce.number().int().min(10).max(20).default(17),
  SECURE_COOKIES: bool.optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Kahraba <no-reply@kahraba.local>'),
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).default(1000),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_PROVIDER_NAME: z.string().min(1).default('Digital Egypt'),
  IDENTITY_RATE_LIMIT_FACTOR: z.coerce.number().int().min(1).max(1000).default(1),
  /** Attachments in an S3-compatible store instead of DATA_DIR/files (decision 021): set S3_BUCKET to use it. */
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3-63 lowercase letters, digits, dots, hyphens)')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
  /**
   * The key the printed documents' QR secrets are derived from (HMAC-SHA256 of the document id; decision 021).
   * Unset: a key is made once and kept in the database. Set it to keep that key outside the database.
   */
  DOCUMENT_SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
});

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  dataDir: string;
  appKind: 'citizen' | 'employee' | 'agent';
  logLevel: z.infer<typeof ZConfigEnv>['LOG_LEVEL'];
  distDir: string;
  publicOrigin: string | undefined;
  /**
   * The portal's own address for links in messages and the WebAuthn relying party: PUBLIC_ORIGIN, else
   * http://localhost:PORT. Never taken from a request (its Host header is the sender's to choose).
   */
  appOrigin: string;
  seedOnEmpty: boolean;
  demoMode: boolean;
  /** DEMO_MODE_FORCE: demo mode accepted although others can reach it (config refuses it otherwise). */
  demoModeForced: boolean;
  catalogCacheMs: number;
  idleTimeoutMs: number;
  /** Multiplies the per-address limits of the identity routes (browser tests; 1 in production). */
  identityRateLimitFactor: number;
  employeeUserSlugs: string[];
  maintenanceMessage: string | undefined;
  shutdownGraceMs: number;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (rate limits key on it). */
  trustProxy: boolean;
  /** Absolute session lifetime; the idle timeout ends a session earlier. */
  sessionMaxAgeMs: number;
  /** scrypt cost as log2(N); 17 in production (quality.md), lower only to speed up tests. */
  scryptLog2N: number;
  /** `Secure` session cookies (and the `__Host-` prefix): on when PUBLIC_ORIGIN is https, unless set. */
  secureCookies: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  outboxPollMs: number;
  oidc: { issuer: string; clientId: string; clientSecret: string | undefined; providerName: string } | undefined;
  /** DOCUMENT_SECRET_KEY: the QR secrets' key; undefined means one kept in the database (decision 021). */
  documentSecretKey: string | undefined;
  /** Attachments in an S3-compatible bucket (S3_BUCKET set), else undefined: files under DATA_DIR/files. */
  s3:
    | {
        endpoint: string | undefined;
        bucket: string;
        region: string;
        credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
        forcePathStyle: boolean;
      }
    | undefined;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Loopback addresses and names: only this machine reaches them. */
export function isLoopback(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

/**
 * Demo mode (demo accounts with a published password, the developer mailbox with every code) is for one
 * machine. Refused where others can reach it, unless DEMO_MODE_FORCE=true says so on purpose (decision 013).
 */
function demoExposure(host: string, publicOrigin: string | undefined): string | undefined {
  if (!isLoopback(host)) return `HOST=${host} listens beyond this machine`;
  if (publicOrigin && !isLoopback(new URL(publicOrigin).hostname)) return `PUBLIC_ORIGIN=${publicOrigin} is public`;
  return undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // Empty strings count as unset, as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZConfigEnv.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  ${i.path.join('.')}: ${i.message} (got ${JSON.stringify(env[String(i.path[0])])})`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}\nSee .env.example and the README's configuration table.`);
  }
  const e = parsed.data;
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined))
    throw new ConfigError(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither.',
    );
  if (e.S3_ENDPOINT && !e.S3_BUCKET)
    throw new ConfigError(
      'Invalid configuration:\n  S3_ENDPOINT is set without S3_BUCKET: name the bucket that holds the attachments.',
    );
  const host = e.HOST ?? (e.DEMO_MODE ? '127.0.0.1' : '0.0.0.0');
  const exposure = e.DEMO_MODE && !e.DEMO_MODE_FORCE ? demoExposure(host, e.PUBLIC_ORIGIN) : undefined;
  if (exposure)
    throw new ConfigError(
      `Refusing to start: DEMO_MODE is on (the default) and ${exposure}.\n` +
        `Demo mode publishes the demo accounts' password and shows every code at /dev/mailbox.\n` +
        `Set DEMO_MODE=false for a real deployment, or DEMO_MODE_FORCE=true for a shared demo on purpose.`,
    );
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    dataDir: path.resolve(e.DATA_DIR),
    appKind: e.APP_KIND,
    logLevel: e.LOG_LEVEL,
    distDir: path.resolve(e.DIST_DIR),
    publicOrigin: e.PUBLIC_ORIGIN,
    appOrigin: (e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    seedOnEmpty: e.SEED_ON_EMPTY,
    demoMode: e.DEMO_MODE,
    demoModeForced: e.DEMO_MODE && e.DEMO_MODE_FORCE,
    catalogCacheMs: e.CATALOG_CACHE_MS,
    idleTimeoutMs: e.IDLE_TIMEOUT_MS,
    identityRateLimitFactor: e.IDENTITY_RATE_LIMIT_FACTOR,
    employeeUserSlugs: e.EMPLOYEE_USER_SLUGS,
    maintenanceMessage: e.MAINTENANCE_MESSAGE,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    trustProxy: e.TRUST_PROXY,
    sessionMaxAgeMs: e.SESSION_MAX_AGE_MS,
    scryptLog2N: e.SCRYPT_LOG2N,
    secureCookies: e.SECURE_COOKIES ?? e.PUBLIC_ORIGIN?.startsWith('https:') ?? false,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    outboxPollMs: e.OUTBOX_POLL_MS,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            providerName: e.OIDC_PROVIDER_NAME,
          }
        : undefined,
    documentSecretKey: e.DOCUMENT_SECRET_KEY,
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          // Self-hosted stores (an S3_ENDPOINT) mostly want path-style addresses; AWS itself wants host-style.
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
        }
      : undefined,
  };
}
