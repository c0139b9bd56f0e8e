import { openConfiguredDatabase } from '../app.ts';
import { loadConfig } from '../config.ts';

/** `npm run db:migrate`: applies the checked-in migrations to the configured database. */
const database = await openConfiguredDatabase(loadConfig());
await database.migrate();
console.log(`Migrations applied (${database.driver}).`);
await database.close();
