import { pathToFileURL } from 'node:url';
import { buildApp, openConfiguredDatabase } from './app.ts';
import { ConfigError, isLoopback, loadConfig } from './config.ts';
import { DatabaseLockedError } from './db/client.ts';
import { isEmpty, seedDatabase, seedIdentity } from './db/seed/seed.ts';
import { DEMO_PASSWORD, DEMO_TOTP, demoUsers } from './db/seed/data/users.ts';

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
  await seedIdentity(database.db, { employeeSlugs: config.employeeUserSlugs, demo: config.demoMode });

  const app = await buildApp(config, { database });
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
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // Shown as localhost, the name the links in messages and passkeys use (config.appOrigin).
  const shownHost = config.host === '0.0.0.0' || config.host === '::' || isLoopback(config.host) ? 'localhost' : config.host;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`\nKahraba (${config.appKind} build) is running on http://${shownHost}:${port}  [database: ${database.driver}]\n`);
  if (config.demoMode) printDemoAccounts(config.employeeUserSlugs, `http://${shownHost}:${port}`, config.smtpUrl !== undefined);
  if (config.demoMode && config.demoModeForced)
    app.log.warn('DEMO_MODE_FORCE: demo accounts and /dev/mailbox (every code sent) are reachable beyond this machine.');
}

/** Demo mode: the accounts a tester can use (README "Demo accounts"). */
function printDemoAccounts(employeeSlugs: readonly string[], base: string, smtp: boolean): void {
  const rows = demoUsers(employeeSlugs).map((u) => {
    const secret = Object.entries(DEMO_TOTP).find(([name]) => name === u.username)?.[1];
    return `  ${u.userSlug.padEnd(15)} ${u.username.padEnd(10)} ${u.purpose}${secret ? `\n${' '.repeat(28)}authenticator secret ${secret}` : ''}`;
  });
  console.log(
    `Demo accounts (password ${DEMO_PASSWORD} for all):\n${rows.join('\n')}\n` +
      `Sign in at ${base}/login (agents at ${base}/agent-login). Staff need an authenticator app with the secret shown.\n` +
      `${smtp ? 'SMS' : 'E-mails and SMS'} stay on this machine (no gateway configured): read them at ${base}/dev/mailbox\n`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
