import { prepareTestDatabases, testDatabasesPrepared } from './test-app.ts';

/**
 * The API projects' global setup: the test databases' stages, prepared once per run (see test-app.ts). Both API
 * projects (vitest.config.ts) name it; the second to start finds the stages prepared and uses them.
 */
export default async function setup(): Promise<() => Promise<void>> {
  if (testDatabasesPrepared()) return async () => {};
  return prepareTestDatabases();
}
