import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig, type AppConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { createScratchDatabase } from '../db/scratch.ts';
import { seedDatabase, seedIdentity } from '../db/seed/seed.ts';

/**
 * The one helper that builds the server for a test file. Each file gets its own database: an in-memory
 * PGlite, or (TEST_DB_DRIVER=postgres) a fresh database on the TEST_DATABASE_URL server, dropped afterwards.
 */
export const testDriver = (): 'pglite' | 'postgres' =>
  process.env.TEST_DB_DRIVER === 'postgres' && process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

export async function createTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (testDriver() === 'pglite') {
    const database = await openDatabase({ driver: 'pglite', dataDir: undefined });
    return { database, drop: () => database.close() };
  }
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'kahraba_t');
  const database = await openDatabase({ driver: 'postgres', url: scratch.url, poolMax: 5 });
  return {
    database,
    drop: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

export type TestApp = { app: FastifyInstance; database: Database; config: AppConfig; close: () => Promise<void> };

export async function buildTestApp(
  env: Record<string, string> = {},
  options: { seed?: boolean; demoUsers?: boolean } = {},
): Promise<TestApp> {
  const { database, drop } = await createTestDatabase();
  await database.migrate();
  // Tests hash passwords at a lower scrypt cost (production keeps N = 2^17); stored hashes carry their own cost.
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DIST_DIR: './dist-test-none', SCRYPT_LOG2N: '12', ...env });
  if (options.seed !== false) {
    await seedDatabase(database.db);
    await seedIdentity(database.db, {
      employeeSlugs: config.employeeUserSlugs,
      demo: options.demoUsers ?? false,
      scryptLog2N: config.scryptLog2N,
    });
  }
  const app = await buildApp(config, { database });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}
