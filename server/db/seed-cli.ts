import { openConfiguredDatabase } from '../app.ts';
import { loadConfig } from '../config.ts';
import { seedDatabase } from './seed/seed.ts';

/** `npm run db:seed`: migrates, then upserts the demo catalog (idempotent: safe to run again). */
const database = await openConfiguredDatabase(loadConfig());
await database.migrate();
const counts = await seedDatabase(database.db);
console.log(
  `Seeded (${database.driver}): ${Object.entries(counts)
    .map(([k, v]) => `${v} ${k}`)
    .join(', ')}`,
);
await database.close();
