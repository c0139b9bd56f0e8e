import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';
import { REPORT_MAX_MONTHS_DEFAULT } from '../contract/reports.ts';

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
  /** A read replica for reports and the dashboard (issue 25); unset: they read DATABASE_URL's (or PGlite). */
  REPORTS_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** The employee and agent builds' ports (decision 022): by default PORT+1 and PORT+2; 0 (or PORT 0): not served. */
  EMPLOYEE_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  AGENT_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  EMPLOYEE_DIST_DIR: z.string().min(1).default('./dist-employee'),
  AGENT_DIST_DIR: z.string().min(1).default('./dist-agent'),
  /** Retention (issue 28): how long each kind of spent row is kept before the hourly clean-up removes it. */
  RETENTION_ENDED_SESSIONS_HOURS: z.coerce.number().int().min(1).max(8760).default(24),
  RETENTION_IDEMPOTENCY_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  RETENTION_REJECTED_CALLBACKS_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  RETENTION_UNCLAIMED_UPLOADS_HOURS: z.coerce.number().int().min(1).max(8760).default(24),
  RETENTION_DRAFTS_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  RETENTION_OUTBOX_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** The record of looks at citizens' data (decision 071): at least 30 days (the table's trigger refuses less). */
  RETENTION_DATA_ACCESS_DAYS: z.coerce.number().int().min(31).max(3650).default(730),
  /** Scrapes of /metrics must carry `Authorization: Bearer <this>`; unset, only this machine may scrape. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** `off`: no /metrics, nothing timed (what the metrics cost, measured with it: decision 072). */
  METRICS: z.enum(['on', 'off']).default('on'),
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
  /**
   * The map of location fields (decision 052): a tile server's URL template ({z}/{x}/{y}, optionally {s}), its
   * attribution; `off`: no map, the point is typed or taken from the device. Its origin joins the
   * pages' img-src.
   */
  MAP_TILES_URL: z
    .string()
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png')
    .refine(
      (v) =>
        v === '' ||
        v === 'off' ||
        (/^https?:\/\/(?:\{s\}\.)?[^/{}\s]+\/\S*$/.test(v) && ['{z}', '{x}', '{y}'].every((p) => v.includes(p))),
      'must be an http(s) URL template with {z}, {x} and {y}, or off',
    ),
  MAP_TILES_ATTRIBUTION: z.string().max(300).default('© OpenStreetMap contributors'),
  /**
   * Noor's brain (decision 068): empty, the built-in assistant; else a Rasa server's base URL, whose REST channel
   * (`/webhooks/rest/webhook`) answers `POST /api/askChat`. CHATBOT_TIMEOUT_MS bounds its answer.
   */
  CHATBOT_URL: z
    .string()
    .default('')
    .refine((v) => v === '' || /^https?:\/\/\S+$/.test(v), 'must be an http(s) URL or empty'),
  CHATBOT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
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
  /** Multiplies the periods of the scheduled jobs (decision 032): 1 in production; the scale-out test shortens them. */
  JOBS_INTERVAL_SCALE: z.coerce.number().min(0.0001).max(1).default(1),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_PROVIDER_NAME: z.string().min(1).default('Digital Egypt'),
  /**
   * Multiplies every rate limit and per-account count quota (contract/limits.ts, decision 037): 1 in production;
   * the browser tests, which send everything from 127.0.0.1, raise it.
   */
  /** The longest report date range, in months (spec sections 5 and 9; issue 25). */
  REPORT_MAX_MONTHS: z.coerce.number().int().min(1).max(120).default(REPORT_MAX_MONTHS_DEFAULT),
  RATE_LIMIT_FACTOR: z.coerce.number().int().min(1).max(1000).optional(),
  /** The former name of RATE_LIMIT_FACTOR (it covered the identity routes only); read when that one is unset. */
  IDENTITY_RATE_LIMIT_FACTOR: z.coerce.number().int().min(1).max(1000).optional(),
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
  /** Payments (decision 027): the card gateway, `sandbox` (this server's own test page) or `paymob`. */
  PAYMENT_GATEWAY: z.enum(['sandbox', 'paymob']).default('sandbox'),
  /** Fees in piastres: a fixed part plus basis points (1/100 of a percent) of what is paid, rounded up. */
  PAYMENT_SERVICE_FEE_PIASTRES: z.coerce.number().int().min(0).max(100_000).default(100),
  PAYMENT_SERVICE_FEE_BPS: z.coerce.number().int().min(0).max(2000).default(0),
  PAYMENT_CARD_FEE_PIASTRES: z.coerce.number().int().min(0).max(100_000).default(200),
  PAYMENT_CARD_FEE_BPS: z.coerce.number().int().min(0).max(2000).default(250),
  PAYMENT_CODE_FEE_PIASTRES: z.coerce.number().int().min(0).max(100_000).default(300),
  PAYMENT_CODE_FEE_BPS: z.coerce.number().int().min(0).max(2000).default(100),
  /** How long a payment code (Fawry reference) can be paid. */
  PAYMENT_CODE_EXPIRY_HOURS: z.coerce.number().int().min(1).max(720).default(48),
  /** The sandbox gateway's HMAC secret (signed like Paymob's callbacks); random per start when unset. */
  SANDBOX_GATEWAY_SECRET: z.string().min(16).optional(),
  PAYMOB_BASE_URL: z.url().default('https://accept.paymob.com'),
  PAYMOB_API_KEY: z.string().min(1).optional(),
  PAYMOB_HMAC_SECRET: z.string().min(1).optional(),
  PAYMOB_INTEGRATION_ID: z.coerce.number().int().min(1).optional(),
  PAYMOB_IFRAME_ID: z.coerce.number().int().min(1).optional(),
  /** Fawry reference codes: used for the `code` channel when the merchant code and secure key are set. */
  FAWRY_BASE_URL: z.url().default('https://atfawry.fawrystaging.com'),
  FAWRY_MERCHANT_CODE: z.string().min(1).optional(),
  FAWRY_SECURE_KEY: z.string().min(1).optional(),
  /**
   * Web Push (decision 051): the VAPID key pair (base64url, as `web-push generate-vapid-keys` prints them) and the
   * contact the push services may write to. Unset in demo or development: generated once into DATA_DIR/vapid.json.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https:// address')
    .default('mailto:support@kahraba.local'),
  /**
   * The push services a subscription's endpoint may name (the server posts to it): host names, `*.` for a domain's
   * hosts, over https; or a whole origin (`http://127.0.0.1:4461`, the end-to-end tests' receiver).
   */
  PUSH_ENDPOINT_HOSTS: z
    .string()
    .default('fcm.googleapis.com,updates.push.services.mozilla.com,*.notify.windows.com,*.push.apple.com,web.push.apple.com')
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    ),
});

export type FeeRule = { fixedPiastres: number; bps: number };

/** Payment gateways and fees (decision 027). */
export type PaymentsConfig = {
  cardGateway: 'sandbox' | 'paymob';
  codeGateway: 'sandbox' | 'fawry';
  serviceFee: FeeRule;
  cardFee: FeeRule;
  codeFee: FeeRule;
  codeExpiryHours: number;
  sandboxSecret: string;
  /**
   * The sandbox (a page that "pays" with test cards) takes payments only in demo mode or when
   * SANDBOX_GATEWAY_SECRET is set on purpose (a staging server, a benchmark): never by default in production.
   */
  sandboxEnabled: boolean;
  paymob:
    { baseUrl: string; apiKey: string; hmacSecret: string; integrationId: number; iframeId: number | undefined } | undefined;
  fawry: { baseUrl: string; merchantCode: string; secureKey: string } | undefined;
};

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  /** REPORTS_DATABASE_URL: report and dashboard reads go to this replica when set. */
  reportsDatabaseUrl: string | undefined;
  dataDir: string;
  /** The employee and agent builds: their ports (null: not served) and built files (decision 022). */
  builds: { employee: { port: number | null; distDir: string }; agent: { port: number | null; distDir: string } };
  logLevel: z.infer<typeof ZConfigEnv>['LOG_LEVEL'];
  /** RETENTION_*: how long spent rows are kept, in milliseconds (the hourly clean-up in server/app.ts). */
  retention: {
    endedSessionsMs: number;
    idempotencyMs: number;
    rejectedCallbacksMs: number;
    unclaimedUploadsMs: number;
    draftsMs: number;
    outboxMs: number;
    dataAccessMs: number;
  };
  /** METRICS_TOKEN (server/observability/metrics.ts). */
  metricsToken: string | undefined;
  /** METRICS=off: no /metrics route, no answer or statement timed. */
  metricsOn: boolean;
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
  /** RATE_LIMIT_FACTOR: multiplies every rate limit and count quota (decision 037). */
  rateLimitFactor: number;
  /** REPORT_MAX_MONTHS: a longer report range is DATE_RANGE_EXCEEDS_LIMIT. */
  reportMaxMonths: number;
  employeeUserSlugs: string[];
  maintenanceMessage: string | undefined;
  /** Location fields' map tiles (decision 052), and the origin the pages' CSP allows images from; undefined: no map. */
  map: { tilesUrl: string; attribution: string; origin: string } | undefined;
  /** Noor (decision 068): a Rasa server's base URL, or undefined for the built-in assistant. */
  chatbot: { url: string | undefined; timeoutMs: number };
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
  /** JOBS_INTERVAL_SCALE: the scheduled jobs' periods are multiplied by it (1 but in tests). */
  jobsIntervalScale: number;
  oidc: { issuer: string; clientId: string; clientSecret: string | undefined; providerName: string } | undefined;
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
  payments: PaymentsConfig;
  /** Web Push (decision 051): the VAPID keys (undefined: no pushes) and the push services endpoints may name. */
  push: { vapid: VapidKeys | undefined; endpointHosts: string[] };
};

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

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
function demoExposure(host: string, publicOrigin: string | undefined, trustProxy: boolean): string | undefined {
  if (!isLoopback(host)) return `HOST=${host} listens beyond this machine`;
  if (publicOrigin && !isLoopback(new URL(publicOrigin).hostname)) return `PUBLIC_ORIGIN=${publicOrigin} is public`;
  // A loopback address behind a proxy is the usual set-up of a public server: the proxy brings everyone in.
  if (trustProxy) return `TRUST_PROXY=true says a proxy brings others to it`;
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
  if (e.PAYMENT_GATEWAY === 'paymob' && !(e.PAYMOB_API_KEY && e.PAYMOB_HMAC_SECRET && e.PAYMOB_INTEGRATION_ID))
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENT_GATEWAY=paymob needs PAYMOB_API_KEY, PAYMOB_HMAC_SECRET and PAYMOB_INTEGRATION_ID.',
    );
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined))
    throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither.');
  if ((e.FAWRY_MERCHANT_CODE === undefined) !== (e.FAWRY_SECURE_KEY === undefined))
    throw new ConfigError('Invalid configuration:\n  FAWRY_MERCHANT_CODE and FAWRY_SECURE_KEY go together: set both or neither.');
  const host = e.HOST ?? (e.DEMO_MODE ? '127.0.0.1' : '0.0.0.0');
  const exposure = e.DEMO_MODE && !e.DEMO_MODE_FORCE ? demoExposure(host, e.PUBLIC_ORIGIN, e.TRUST_PROXY) : undefined;
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
    reportsDatabaseUrl: e.REPORTS_DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    builds: {
      employee: { port: sidePort(e.PORT, e.EMPLOYEE_PORT, 1), distDir: path.resolve(e.EMPLOYEE_DIST_DIR) },
      agent: { port: sidePort(e.PORT, e.AGENT_PORT, 2), distDir: path.resolve(e.AGENT_DIST_DIR) },
    },
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    metricsOn: e.METRICS === 'on',
    retention: {
      endedSessionsMs: e.RETENTION_ENDED_SESSIONS_HOURS * 3_600_000,
      idempotencyMs: e.RETENTION_IDEMPOTENCY_DAYS * 86_400_000,
      rejectedCallbacksMs: e.RETENTION_REJECTED_CALLBACKS_DAYS * 86_400_000,
      unclaimedUploadsMs: e.RETENTION_UNCLAIMED_UPLOADS_HOURS * 3_600_000,
      draftsMs: e.RETENTION_DRAFTS_DAYS * 86_400_000,
      outboxMs: e.RETENTION_OUTBOX_DAYS * 86_400_000,
      dataAccessMs: e.RETENTION_DATA_ACCESS_DAYS * 86_400_000,
    },
    distDir: path.resolve(e.DIST_DIR),
    publicOrigin: e.PUBLIC_ORIGIN,
    appOrigin: (e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    seedOnEmpty: e.SEED_ON_EMPTY,
    demoMode: e.DEMO_MODE,
    demoModeForced: e.DEMO_MODE && e.DEMO_MODE_FORCE,
    catalogCacheMs: e.CATALOG_CACHE_MS,
    idleTimeoutMs: e.IDLE_TIMEOUT_MS,
    rateLimitFactor: e.RATE_LIMIT_FACTOR ?? e.IDENTITY_RATE_LIMIT_FACTOR ?? 1,
    reportMaxMonths: e.REPORT_MAX_MONTHS,
    employeeUserSlugs: e.EMPLOYEE_USER_SLUGS,
    maintenanceMessage: e.MAINTENANCE_MESSAGE,
    chatbot: { url: e.CHATBOT_URL === '' ? undefined : e.CHATBOT_URL.replace(/\/+$/, ''), timeoutMs: e.CHATBOT_TIMEOUT_MS },
    map:
      e.MAP_TILES_URL === '' || e.MAP_TILES_URL === 'off'
        ? undefined
        : {
            tilesUrl: e.MAP_TILES_URL,
            attribution: e.MAP_TILES_ATTRIBUTION,
            origin: new URL(e.MAP_TILES_URL.replace(/\{s\}/g, 'a')).origin.replace('//a.', '//*.'),
          },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    trustProxy: e.TRUST_PROXY,
    sessionMaxAgeMs: e.SESSION_MAX_AGE_MS,
    scryptLog2N: e.SCRYPT_LOG2N,
    secureCookies: e.SECURE_COOKIES ?? e.PUBLIC_ORIGIN?.startsWith('https:') ?? false,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    outboxPollMs: e.OUTBOX_POLL_MS,
    jobsIntervalScale: e.JOBS_INTERVAL_SCALE,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            providerName: e.OIDC_PROVIDER_NAME,
          }
        : undefined,
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
    push: {
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT }
          : e.NODE_ENV === 'test'
            ? { ...webpush.generateVAPIDKeys(), subject: e.VAPID_SUBJECT }
            : e.DEMO_MODE || e.NODE_ENV === 'development'
              ? { ...vapidKeysIn(path.resolve(e.DATA_DIR)), subject: e.VAPID_SUBJECT }
              : undefined,
      endpointHosts: e.PUSH_ENDPOINT_HOSTS,
    },
    payments: {
      cardGateway: e.PAYMENT_GATEWAY,
      codeGateway: e.FAWRY_MERCHANT_CODE && e.FAWRY_SECURE_KEY ? 'fawry' : 'sandbox',
      serviceFee: { fixedPiastres: e.PAYMENT_SERVICE_FEE_PIASTRES, bps: e.PAYMENT_SERVICE_FEE_BPS },
      cardFee: { fixedPiastres: e.PAYMENT_CARD_FEE_PIASTRES, bps: e.PAYMENT_CARD_FEE_BPS },
      codeFee: { fixedPiastres: e.PAYMENT_CODE_FEE_PIASTRES, bps: e.PAYMENT_CODE_FEE_BPS },
      codeExpiryHours: e.PAYMENT_CODE_EXPIRY_HOURS,
      sandboxSecret: e.SANDBOX_GATEWAY_SECRET ?? crypto.randomBytes(32).toString('hex'),
      sandboxEnabled: e.DEMO_MODE || e.SANDBOX_GATEWAY_SECRET !== undefined,
      paymob:
        e.PAYMOB_API_KEY && e.PAYMOB_HMAC_SECRET && e.PAYMOB_INTEGRATION_ID
          ? {
              baseUrl: e.PAYMOB_BASE_URL.replace(/\/+$/, ''),
              apiKey: e.PAYMOB_API_KEY,
              hmacSecret: e.PAYMOB_HMAC_SECRET,
              integrationId: e.PAYMOB_INTEGRATION_ID,
              iframeId: e.PAYMOB_IFRAME_ID,
            }
          : undefined,
      fawry:
        e.FAWRY_MERCHANT_CODE && e.FAWRY_SECURE_KEY
          ? { baseUrl: e.FAWRY_BASE_URL.replace(/\/+$/, ''), merchantCode: e.FAWRY_MERCHANT_CODE, secureKey: e.FAWRY_SECURE_KEY }
          : undefined,
    },
  };
}

/**
 * The demo's and development's VAPID keys: read from DATA_DIR/vapid.json, made there once when absent (a browser's
 * subscription is bound to the public key: new keys each start would silence every subscribed device). Two
 * processes starting together on one folder take the file the first one wrote.
 */
function vapidKeysIn(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'vapid.json');
  const read = () => JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  try {
    return read();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw new ConfigError(`${file} cannot be read: ${String(err)}`);
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  try {
    fs.writeFileSync(file, JSON.stringify(keys), { flag: 'wx', mode: 0o600 });
    return keys;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return read();
    throw err;
  }
}

/** A side build's port: as configured (0: none), else next to the citizen build's (none when that one is 0). */
function sidePort(main: number, configured: number | undefined, offset: number): number | null {
  if (configured !== undefined) return configured === 0 ? null : configured;
  return main === 0 || main + offset > 65535 ? null : main + offset;
}
