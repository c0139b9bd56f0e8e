import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApp, openConfiguredDatabase } from './app.ts';
import { ConfigError, isLoopback, loadConfig } from './config.ts';
import { DatabaseLockedError } from './db/client.ts';
import { isEmpty, seedDatabase, seedIdentity } from './seed/seed.ts';
import { generateReportData } from './seed/report-data.ts';
import { seedDemoQuality } from './seed/demo-quality.ts';
import { DEMO_PASSWORD, DEMO_TOTP, demoUsers } from './seed/data/users.ts';
import { startReconciler } from './domain/payments/reconcile.ts';
import { startTracing } from './observability/tracing.ts';
import { issueOpsToken } from './routes/ops.ts';

/**
 * Starts the server: configuration, database (migrated, seeded when empty), HTTP. Stops gracefully on
 * SIGTERM/SIGINT: stop accepting, finish in-flight requests (at most SHUTDOWN_GRACE_MS), close the database.
 */
export async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  // Traces only when an OTLP endpoint is configured (decision 072): otherwise nothing of the SDK is loaded.
  const tracing = await startTracing(process.env, process.env.npm_package_version);

  let database;
  try {
    database = await openConfiguredDatabase(config);
  } catch (err) {
    if (err instanceof DatabaseLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  // Several processes starting at once on one PostgreSQL take turns: the first migrates and seeds, the others
  // find it done (decision 032).
  await database.exclusively(async () => {
    await database.migrate();
    if (config.seedOnEmpty && (await isEmpty(database.db))) {
      const counts = await seedDatabase(database.db);
      console.log(
        `Seeded an empty database: ${Object.entries(counts)
          .map(([k, v]) => `${v} ${k}`)
          .join(', ')}`,
      );
    }

    // User types follow the configuration (EMPLOYEE_USER_SLUGS) on every start; demo accounts exist in demo mode.
    await seedIdentity(database.db, {
      employeeSlugs: config.employeeUserSlugs,
      demo: config.demoMode,
      scryptLog2N: config.scryptLog2N,
    });
    // Months of generated requests, readings, bills and payments for the reports (demo mode, once; decision 057).
    if (config.demoMode && !(await isEmpty(database.db))) {
      await generateReportData(database.db);
      // Comments on some of those ratings, their follow-ups and contact messages for /quality (once; decision 074).
      await seedDemoQuality(database.db);
    }
  });

  const app = await buildApp(config, { database });
  // Pending payments are re-checked at their gateway every 15 minutes, older ones daily (decision 027), by one
  // process of however many share the database.
  const stopReconciler = startReconciler(app.deps.payments, {
    scale: config.jobsIntervalScale,
    onRun: (job, ok) => app.deps.metrics.jobRun(job, ok),
  });
  app.addHook('onClose', () => stopReconciler());
  const sides: http.Server[] = [];
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.warn('grace period over, exiting');
      process.exit(1);
    }, config.shutdownGraceMs);
    timer.unref();
    try {
      await Promise.all(sides.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
      await app.close();
      await database.close();
      fs.rmSync(path.join(config.dataDir, 'db', 'ops.json'), { force: true });
      // The last spans, if the collector answers: an unreachable one must not fail the shutdown.
      await tracing?.stop().catch((err: unknown) => app.log.warn({ err }, 'the last traces were not sent'));
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // PGlite: `npm run backup` cannot open the data folder while we hold it; it finds us, and our token, here (decision 072).
  const opsFile = path.join(config.dataDir, 'db', 'ops.json');
  if (database.driver === 'pglite') {
    const listening = app.server.address();
    fs.writeFileSync(
      opsFile,
      JSON.stringify({
        pid: process.pid,
        port: typeof listening === 'object' && listening ? listening.port : config.port,
        token: issueOpsToken(app),
      }),
      { mode: 0o600 },
    );
  }
  if (tracing) app.log.info('tracing on: spans go to the OTLP endpoint configured (OTEL_EXPORTER_OTLP_*)');
  // The employee and agent builds (decision 022): more listeners on the same app, the same API and database.
  for (const kind of ['employee', 'agent'] as const) {
    const port = config.builds[kind].port;
    if (port === null) continue;
    const server = http.createServer(app.routing);
    server.on('clientError', (err, socket) => app.server.emit('clientError', err, socket));
    // The same limits as the main listener (Fastify set them on its own server only).
    server.requestTimeout = app.server.requestTimeout;
    server.headersTimeout = app.server.headersTimeout;
    server.keepAliveTimeout = app.server.keepAliveTimeout;
    server.timeout = app.server.timeout;
    server.maxHeadersCount = app.server.maxHeadersCount;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, config.host, () => resolve());
    });
    sides.push(server);
  }

  // Shown as localhost, the name the links in messages and passkeys use (config.appOrigin).
  const shownHost = config.host === '0.0.0.0' || config.host === '::' || isLoopback(config.host) ? 'localhost' : config.host;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const at = (p: number | null) => (p === null ? 'not served' : `http://${shownHost}:${p}`);
  console.log(
    `\nKahraba is running on http://${shownHost}:${port} (citizens)  [database: ${database.driver}]\n` +
      `  employees: ${at(config.builds.employee.port)}\n` +
      `  agents:    ${at(config.builds.agent.port)}\n`,
  );
  if (config.demoMode)
    printDemoAccounts(
      config.employeeUserSlugs,
      { citizen: `http://${shownHost}:${port}`, employee: at(config.builds.employee.port), agent: at(config.builds.agent.port) },
      config.smtpUrl !== undefined,
    );
  if (config.demoMode && config.demoModeForced)
    app.log.warn('DEMO_MODE_FORCE: demo accounts and /dev/mailbox (every code sent) are reachable beyond this machine.');
}

/** Demo mode: the accounts a tester can use (README "Demo accounts"). */
function printDemoAccounts(
  employeeSlugs: readonly string[],
  urls: { citizen: string; employee: string; agent: string },
  smtp: boolean,
): void {
  const base = urls.citizen;
  const rows = demoUsers(employeeSlugs).map((u) => {
    const secret = Object.entries(DEMO_TOTP).find(([name]) => name === u.username)?.[1];
    return `  ${u.userSlug.padEnd(15)} ${u.username.padEnd(10)} ${u.purpose}${secret ? `\n${' '.repeat(28)}authenticator secret ${secret}` : ''}`;
  });
  console.log(
    `Demo accounts (password ${DEMO_PASSWORD} for all):\n${rows.join('\n')}\n` +
      `Citizens sign in at ${base}/login, employees at ${urls.employee}/login, agents at ${urls.agent}/login.\n` +
      `Staff need an authenticator app with the secret shown.\n` +
      `${smtp ? 'SMS' : 'E-mails and SMS'} stay on this machine (no gateway configured): read them at ${base}/dev/mailbox\n`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
