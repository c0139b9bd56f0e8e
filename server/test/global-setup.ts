import { prepareTestDatabases } from './test-app.ts';

/** The api project's global setup: the test databases' stages, prepared once per run (see test-app.ts). */
export default function setup(): Promise<() => Promise<void>> {
  return prepareTestDatabases();
}
