import { openConfiguredDatabase } from '../app.ts';
import { loadConfig } from '../config.ts';
import { seedDatabase, seedIdentity } from './seed.ts';

/** `npm run db:seed`: migrates, then upserts the demo catalog (idempotent: safe to run again). */
const config = loadConfig();
const database = await openConfiguredDatabase(config);
await database.migrate();
const counts = {
  ...(await seedDatabase(database.db)),
  demoUsers: await seedIdentity(database.db, {
    employeeSlugs: config.employeeUserSlugs,
    demo: config.demoMode,
    scryptLog2N: config.scryptLog2N,
  }),
};
console.log(
  `Seeded (${database.driver}): ${Object.entries(counts)
    .map(([k, v]) => `${v} ${k}`)
    .join(', ')}`,
);
await database.close();
