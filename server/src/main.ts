import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { migrateDatabase, openDatabase } from './db/client.ts';
import { seedDemo } from './db/seed/index.ts';
import { schedulerOf } from './modules/jobs/scheduler.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateDatabase(database, config.databaseUrl);
if (config.seedDemo) await seedDemo(database.db, config);
const app = await buildApp({ config, database });

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
// Every process runs the job loop; the database lets one of them run each due job (docs/decisions.md).
if (process.env.JOB_SCHEDULER !== 'off') schedulerOf(app).start();
