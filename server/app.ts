import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import { cachedQueryValidatorCompiler } from './http/validation.ts';
import type { AppConfig } from './config.ts';
import { openDatabase, type Database, type Db } from './db/client.ts';
import { CatalogStore } from './domain/catalog/catalog-store.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './plugins/errors.ts';
import { LOG_REDACT, errSerializer, reqSerializer, requestIdOf } from './http/logging.ts';
import { cachedQuerystringParser } from './http/querystring.ts';
import { demoRequestAllowed, isDemoPage } from './http/demo-only.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerOriginCheck } from './plugins/origin-check.ts';
import { registerStatic } from './plugins/static.ts';
import { createPageRenderer } from './plugins/pages.ts';
import { catalogRoutes } from './routes/catalog.ts';
import { assistantRoutes } from './routes/assistant.ts';
import { formsRoutes } from './routes/forms.ts';
import { contentRoutes } from './routes/content.ts';
import { contentAdminRoutes } from './routes/content-admin.ts';
import { healthRoutes } from './routes/health.ts';
import { publicFormsRoutes } from './routes/public-forms.ts';
import { identityRoutes } from './routes/identity/index.ts';
import { mfaRoutes } from './routes/mfa.ts';
import { oidcRoutes } from './routes/oidc.ts';
import { agentRoutes } from './routes/agents.ts';
import { filesRoutes } from './routes/files.ts';
import { storageFromConfig, type FileStorage } from './domain/storage/index.ts';
import { requestRoutes } from './routes/requests.ts';
import { billRoutes } from './routes/bills.ts';
import { staffRoutes } from './routes/staff.ts';
import { catalogAdminRoutes } from './routes/catalog-admin.ts';
import { meterRoutes } from './routes/meters.ts';
import { reportRoutes } from './routes/reports.ts';
import { auditRoutes } from './routes/audit.ts';
import { qualityRoutes } from './routes/quality.ts';
import { dashboardRoutes } from './routes/dashboard.ts';
import { paymentDepsFor, paymentRoutesOf } from './routes/payments.ts';
import type { PaymentDeps } from './domain/payments/payments.ts';
import { registerSessions } from './plugins/session.ts';
import { adaptersFromConfig } from './domain/outbox/adapters.ts';
import { OutboxWorker } from './domain/outbox/worker.ts';
import { purgeUnclaimedUploads } from './domain/attachments/attachments.ts';
import { startJobs } from './domain/jobs/jobs.ts';
import { purgeSpent } from './domain/jobs/retention.ts';
import { REPORT_SUMMARIES_EVERY_MS, refreshPaymentDays } from './domain/reports/payment-lines.ts';
import { refreshReconciliationDays } from './domain/reports/financial.ts';
import { refreshRatingDays } from './domain/reports/rating-lines.ts';
import { refreshReadingDays } from './domain/reports/reading-lines.ts';
import { refreshRequestDays } from './domain/reports/request-lines.ts';
import { DatabaseRateLimitStore, MemoryRateLimitStore, purgeRateLimits, type RateLimitStore } from './plugins/rate-limit.ts';
import type { TApiError } from '../contract/errors.ts';
import { createMetrics, registerMetrics, type Metrics } from './observability/metrics.ts';
import { currentTraceId, nameRequestSpan, tracingOn } from './observability/tracing.ts';
import { opsRoutes } from './routes/ops.ts';

export type AppDeps = {
  database: Database;
  /** Where reports and the dashboard read (issue 25): REPORTS_DATABASE_URL's replica when set, else `database`'s. */
  reportsDb: Db;
  catalog: CatalogStore;
  /** Delivers e-mail and SMS rows (started with the server; tests call `runOnce`). */
  outbox: OutboxWorker;
  /** Attachment bytes: DATA_DIR/files or an S3-compatible bucket (decision 021). */
  storage: FileStorage;
  /** Payments: gateways, fees and the database (decision 027); main.ts starts its reconciliation with it. */
  payments: PaymentDeps;
  /** Per-address rate-limit counters (plugins/rate-limit.ts): in the database on PostgreSQL, else in memory. */
  rateLimits: RateLimitStore;
  /** What `/metrics` shows (server/observability/metrics.ts): routes and jobs report what happened. */
  metrics: Metrics;
};

/** The clean-up's period (scaled by JOBS_INTERVAL_SCALE). */
export const CLEANUP_EVERY_MS = 3_600_000;
/** The jobs whose results count rows removed (`kahraba_retention_purged_total`). */
const RETENTION_JOBS = new Set(['cleanup', 'unclaimed-uploads']);

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    config: AppConfig;
  }
}

export type BuildOptions = {
  /** An open database (tests pass their own); otherwise one is opened from the config and closed with the app. */
  database?: Database;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write: (line: string) => void };
};

/** Opens the database the configuration names: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. */
export function openConfiguredDatabase(config: AppConfig): Promise<Database> {
  return config.databaseUrl
    ? openDatabase({ driver: 'postgres', url: config.databaseUrl, poolMax: config.databasePoolMax })
    : openDatabase({ driver: 'pglite', dataDir: `${config.dataDir}/db` });
}

/** Builds the Fastify app: plugins, routes and the static PWA. Does not listen. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: LOG_REDACT,
            // Every line that names a request has its address's query values redacted (http/logging.ts).
            serializers: { req: reqSerializer, err: errSerializer, error: errSerializer },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    // With tracing on, a request's id is its trace id (decision 072); else the caller's plain x-request-id or a fresh one.
    genReqId: (req) => currentTraceId() ?? requestIdOf(req.headers['x-request-id']),
    // Refusals before a route runs answer in the one error shape with the security headers (plugins/errors.ts).
    frameworkErrors,
    clientErrorHandler,
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    routerOptions: { maxParamLength: 200, querystringParser: cachedQuerystringParser },
  });

  const ownsDatabase = !options.database;
  const database = options.database ?? (await openConfiguredDatabase(config));
  const catalog = new CatalogStore(database.db, config.catalogCacheMs);
  // Reports read through a pool of their own on PostgreSQL (decision 056): REPORTS_DATABASE_URL's replica when one is
  // configured, else the primary. Its sessions run without PostgreSQL's JIT compiler, which spent seconds compiling
  // the reports' one-off aggregates at a million requests, and a burst of reports cannot take the pool submissions
  // use. Writes (the export log) stay with the primary.
  const reportsUrl =
    config.reportsDatabaseUrl ?? (ownsDatabase && database.driver === 'postgres' ? config.databaseUrl : undefined);
  const reportsDatabase = reportsUrl
    ? await openDatabase({
        driver: 'postgres',
        url: reportsUrl,
        poolMax: Math.min(4, config.databasePoolMax),
        options: '-c jit=off',
      })
    : undefined;
  if (reportsDatabase) app.addHook('onClose', () => reportsDatabase.close());
  const reportsDb = reportsDatabase?.db ?? database.db;
  const outbox = new OutboxWorker(database.db, adaptersFromConfig(config), app.log, config.outboxPollMs);
  const storage = storageFromConfig(config);
  // Rate limits are counted in the database every process shares on PostgreSQL; the embedded database has one
  // process, which counts in memory (decision 032).
  const rateLimits = database.driver === 'postgres' ? new DatabaseRateLimitStore(database.db) : new MemoryRateLimitStore();
  const payments = paymentDepsFor(database.db, config, catalog, {
    warn: (obj, msg) => app.log.warn(obj, msg),
  });
  const metrics = createMetrics(database, { timeQueries: config.metricsOn });
  app.decorate('deps', { database, reportsDb, catalog, outbox, storage, payments, rateLimits, metrics });
  app.decorate('config', config);
  if (config.env !== 'test') app.addHook('onReady', async () => outbox.start());
  app.addHook('onClose', () => outbox.stop());
  // The retention clean-up (domain/jobs/retention.ts: sessions, codes, idempotency keys, rate-limit windows, refused
  // callbacks, stale drafts, old outbox rows, each kept its RETENTION_* period), ended rate-limit windows and unclaimed uploads (decision 037)
  // run every hour, by one process of however many share the database (domain/jobs); the metrics count what went.
  let stopJobs: (() => Promise<void>) | undefined;
  if (config.env !== 'test')
    app.addHook('onReady', async () => {
      stopJobs = startJobs(
        database.db,
        [
          {
            name: 'cleanup',
            everyMs: CLEANUP_EVERY_MS,
            run: async () => ({
              ...(await purgeSpent(database.db, config.retention)),
              rateLimits: await purgeRateLimits(database.db),
            }),
          },
          // Uploads no request claimed within RETENTION_UNCLAIMED_UPLOADS_HOURS, rows and bytes (decision 037).
          {
            name: 'unclaimed-uploads',
            everyMs: CLEANUP_EVERY_MS,
            run: () => purgeUnclaimedUploads(database.db, storage, { olderThanMs: config.retention.unclaimedUploadsMs }),
          },
          // The reports' per-day summaries (decisions 065, 075): days ended and days changed since the last run.
          {
            name: 'report-summaries',
            everyMs: REPORT_SUMMARIES_EVERY_MS,
            run: async () => ({
              payments: await refreshPaymentDays(database.db),
              requests: await refreshRequestDays(database.db),
              readings: await refreshReadingDays(database.db),
              ratings: await refreshRatingDays(database.db),
              reconciliation: await refreshReconciliationDays(database.db),
            }),
          },
        ],
        {
          warn: (obj, msg) => app.log.warn(obj, msg),
          scale: config.jobsIntervalScale,
          // Only the retention jobs' counts are rows purged.
          onRun: (job, ok, result) => metrics.jobRun(job, ok, RETENTION_JOBS.has(job) ? result : undefined),
        },
      );
    });
  app.addHook('onClose', async () => stopJobs?.());
  if (ownsDatabase) app.addHook('onClose', () => database.close());

  app.setValidatorCompiler(cachedQueryValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // METRICS=off: neither the route nor the timing of every answer (the overhead's measure, decision 072).
  if (config.metricsOn) registerMetrics(app, metrics, config.metricsToken);
  // The backup of a running portal on PGlite (decision 072): this machine and the token main.ts wrote only.
  opsRoutes(app);
  // Every answer says its request id (the trace id when tracing is on): what a caller quotes to the operator, who
  // finds the log lines (and the trace) with it.
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    if (tracingOn()) nameRequestSpan(req.method, req.routeOptions.url);
    done();
  });

  registerSecurityHeaders(app, config.map ? [config.map.origin] : []);
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Kahraba API', version: '9.5.2', description: 'The citizen electricity e-services portal API.' },
      components: {
        schemas: {},
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, uiConfig: { deepLinking: false } });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  // Maintenance (spec section 8): every API call answers 418 with the message; the client shows the page.
  if (config.maintenanceMessage) {
    const message = config.maintenanceMessage;
    app.addHook('onRequest', async (req, reply) => {
      if (req.url.startsWith('/api/') && !req.url.startsWith('/api/docs') && req.url !== '/api/openapi.json') {
        return reply.status(418).send({ code: 'MAINTENANCE', message } satisfies TApiError);
      }
    });
  }

  // The demo's pages (the mailbox's screen) answer as its routes do (`demoOnly`): in demo mode, to a request
  // addressed to a loopback name (DNS rebinding; http/demo-only.ts).
  app.addHook('onRequest', (req, reply, done) => {
    if (!isDemoPage(req.url) || demoRequestAllowed(req, config)) return done();
    void reply.status(404).send({ code: 'NOT_FOUND', message: 'Not available' } satisfies TApiError);
  });

  // Cross-site state changes are refused (403 FORBIDDEN) when the browser names another origin.
  registerOriginCheck(app, config.publicOrigin);
  // Who is asking (session cookie), and the csrf token on every state change.
  registerSessions(app, database.db, config);

  healthRoutes(app, database);
  catalogRoutes(app, catalog);
  contentRoutes(app, catalog, config.map);
  assistantRoutes(app, database.db, catalog, config.chatbot);
  await publicFormsRoutes(app, database.db);
  identityRoutes(app, database.db, config);
  mfaRoutes(app, database.db, config);
  oidcRoutes(app, database.db, config);
  agentRoutes(app, database.db);
  await filesRoutes(app, database.db, catalog, storage, config);
  await contentAdminRoutes(app, database.db, catalog, storage);
  requestRoutes(app, database.db, config, catalog);
  staffRoutes(app, database.db, config, catalog);
  catalogAdminRoutes(app, database.db, catalog);
  meterRoutes(app, database.db);
  await paymentRoutesOf(app, payments, catalog);
  formsRoutes(app, database.db, catalog);
  billRoutes(app, database.db);
  reportRoutes(app, database.db, reportsDb, catalog);
  dashboardRoutes(app, database.db, reportsDb, catalog);
  qualityRoutes(app, database.db, reportsDb, config, catalog);
  auditRoutes(app, database.db, config, catalog);
  // The employee and agent builds are served on their own ports by the same process (decision 022).
  const { employee, agent } = config.builds;
  await registerStatic(app, config.distDir, {
    builds: { employee: employee.distDir, agent: agent.distDir },
    pages: await createPageRenderer(app, config.distDir, { cacheMs: config.catalogCacheMs }),
    buildOf: (req) => {
      const port = req.socket?.localPort;
      return port === undefined ? 'citizen' : port === employee.port ? 'employee' : port === agent.port ? 'agent' : 'citizen';
    },
  });

  return app;
}
