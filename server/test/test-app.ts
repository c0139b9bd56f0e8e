import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig, type AppConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { createScratchDatabase } from '../db/scratch.ts';
import { seedDatabase, seedIdentity } from '../seed/seed.ts';

/**
 * The one helper that builds the server for a test file. Each file gets its own database: an in-memory
 * PGlite, or (TEST_DB_DRIVER=postgres) a fresh database on the TEST_DATABASE_URL server, dropped afterwards.
 *
 * A database starts at a stage: empty, migrated, with the catalog, or with the catalog and the demo accounts.
 * Reaching a stage from nothing costs seconds per file (a new PGlite runs initdb; then the migrations, the seed,
 * the demo accounts' hash), so the api project's global setup (server/test/global-setup.ts) prepares each stage
 * once per run: a PGlite dump that each file loads, or a PostgreSQL template database that each file's
 * database is created from. Without it (a script), the file's own database is brought to the stage the same way.
 */
export const testDriver = (): 'pglite' | 'postgres' =>
  process.env.TEST_DB_DRIVER === 'postgres' && process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

export type TestDatabaseStage = 'empty' | 'migrated' | 'catalog' | 'demo';
const STAGES: readonly TestDatabaseStage[] = ['empty', 'migrated', 'catalog', 'demo'];

/**
 * The configuration every test starts from; a file's own variables go on top. Tests hash passwords at a lower
 * scrypt cost (production keeps N = 2^17; stored hashes carry their own cost). Every rate limit and count quota is
 * multiplied by 1000 (decision 037): a file writes as its few demo accounts from one address far more than a person
 * would; a file that tests a limit asks for RATE_LIMIT_FACTOR 1. Files (attachments, kept PDFs) go to a temporary
 * folder of the test process, not to the working copy's ./data.
 */
const testConfig = (env: Record<string, string>): AppConfig =>
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DIST_DIR: './dist-test-none',
    SCRYPT_LOG2N: '12',
    RATE_LIMIT_FACTOR: '1000',
    DATA_DIR: path.join(os.tmpdir(), `kahraba-test-files-${process.pid}`),
    ...env,
  });

/** Takes a database from the stage before `stage` to `stage`. */
async function advance(database: Database, stage: TestDatabaseStage): Promise<void> {
  if (stage === 'migrated') await database.migrate();
  if (stage === 'catalog') await seedDatabase(database.db);
  if (stage === 'demo') {
    const config = testConfig({});
    await seedIdentity(database.db, { employeeSlugs: config.employeeUserSlugs, demo: true, scryptLog2N: config.scryptLog2N });
  }
}

/** Where the global setup left the prepared stages: a dump file (PGlite) or a template database's name, by stage. */
const PREPARED_ENV = 'KAHRABA_TEST_PREPARED_DATABASES';
type Prepared = Partial<Record<TestDatabaseStage, string>>;
const prepared = (): Prepared => JSON.parse(process.env[PREPARED_ENV] ?? '{}') as Prepared;
/**
 * The prepared dump of a stage on PGlite (undefined on PostgreSQL, or without the global setup): what a test that
 * opens an embedded database of its own, on disk, can start from instead of an initdb (server/db/client.test.ts).
 */
export const preparedPgliteDump = (stage: TestDatabaseStage): Blob | undefined => {
  const from = testDriver() === 'pglite' ? prepared()[stage] : undefined;
  return from ? new Blob([fs.readFileSync(from)]) : undefined;
};
/** Whether this run's stages are prepared already (by the global setup of another API project). */
export const testDatabasesPrepared = (): boolean => process.env[PREPARED_ENV] !== undefined;

export async function createTestDatabase(
  stage: TestDatabaseStage = 'empty',
): Promise<{ database: Database; drop: () => Promise<void>; url?: string }> {
  const from = prepared()[stage];
  if (testDriver() === 'pglite') {
    const database = await openDatabase({
      driver: 'pglite',
      dataDir: undefined,
      ...(from ? { loadDataDir: new Blob([fs.readFileSync(from)]) } : {}),
    });
    if (!from) for (const s of STAGES.slice(1, STAGES.indexOf(stage) + 1)) await advance(database, s);
    return { database, drop: () => database.close() };
  }
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'kahraba_t', from);
  const database = await openDatabase({ driver: 'postgres', url: scratch.url, poolMax: 5 });
  if (!from) for (const s of STAGES.slice(1, STAGES.indexOf(stage) + 1)) await advance(database, s);
  return {
    database,
    url: scratch.url,
    drop: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/**
 * Prepares every stage once (the api project's global setup) and says where to the test files' processes, which
 * inherit the environment. Returns the clean-up.
 */
export async function prepareTestDatabases(): Promise<() => Promise<void>> {
  const out: Prepared = {};
  let cleanUp: () => Promise<void>;
  if (testDriver() === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kahraba-test-db-'));
    cleanUp = async () => fs.rmSync(dir, { recursive: true, force: true });
    const database = await openDatabase({ driver: 'pglite', dataDir: undefined });
    try {
      for (const stage of STAGES) {
        await advance(database, stage);
        const file = path.join(dir, `${stage}.tar`);
        fs.writeFileSync(file, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()));
        out[stage] = file;
      }
    } finally {
      await database.close();
    }
  } else {
    // 'empty' is a plain CREATE DATABASE: no template needed. Each template is made from the one before and is
    // closed before it is copied (PostgreSQL copies only a database nobody is connected to).
    const templates: { drop: () => Promise<void> }[] = [];
    cleanUp = async () => {
      for (const t of templates.reverse()) await t.drop();
    };
    let previous: string | undefined;
    for (const stage of STAGES.slice(1)) {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'kahraba_tpl', previous);
      templates.push(scratch);
      const database = await openDatabase({ driver: 'postgres', url: scratch.url, poolMax: 1 });
      try {
        await advance(database, stage);
      } finally {
        await database.close();
      }
      previous = out[stage] = new URL(scratch.url).pathname.slice(1);
    }
  }
  process.env[PREPARED_ENV] = JSON.stringify(out);
  return async () => {
    delete process.env[PREPARED_ENV];
    await cleanUp();
  };
}

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  close: () => Promise<void>;
  /** The PostgreSQL database's address (TEST_DB_DRIVER=postgres), which another process's app may open. */
  databaseUrl?: string | undefined;
};

export async function buildTestApp(
  env: Record<string, string> = {},
  options: { seed?: boolean; demoUsers?: boolean; logStream?: { write: (line: string) => void } } = {},
): Promise<TestApp> {
  const config = testConfig(env);
  const seed = options.seed !== false;
  const demo = options.demoUsers ?? false;
  // The prepared demo accounts and user types are those of the default test configuration; a file that changes
  // what they depend on (employee slugs, hash cost) gets the catalog and seeds its own.
  const defaults = testConfig({});
  const defaultIdentity =
    config.scryptLog2N === defaults.scryptLog2N && config.employeeUserSlugs.join(',') === defaults.employeeUserSlugs.join(',');
  const stage: TestDatabaseStage = !seed ? 'migrated' : demo && defaultIdentity ? 'demo' : 'catalog';
  const { database, drop, url } = await createTestDatabase(stage);
  if (seed && stage !== 'demo') {
    await seedIdentity(database.db, { employeeSlugs: config.employeeUserSlugs, demo, scryptLog2N: config.scryptLog2N });
  }
  const app = await buildApp(config, { database, ...(options.logStream ? { logStream: options.logStream } : {}) });
  await app.ready();
  return {
    app,
    database,
    config,
    databaseUrl: url,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

/**
 * A second app on the first one's PostgreSQL database, as another process of a scale-out would be (decision 032):
 * its own pool, catalog snapshot and caches. Close it before the first (which drops the database).
 */
export async function buildSecondTestApp(first: TestApp, env: Record<string, string> = {}): Promise<TestApp> {
  if (!first.databaseUrl) throw new Error('a second app shares a PostgreSQL database only (TEST_DB_DRIVER=postgres)');
  const config = testConfig(env);
  const database = await openDatabase({ driver: 'postgres', url: first.databaseUrl, poolMax: 5 });
  const app = await buildApp(config, { database });
  await app.ready();
  return {
    app,
    database,
    config,
    databaseUrl: first.databaseUrl,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
