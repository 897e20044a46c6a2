import v8 from 'node:v8';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { migrateDatabase, openDatabase } from './db/client.ts';
import { DataFolderInUseError } from './db/folderLock.ts';
import { seedDemo } from './db/seed/index.ts';
import { schedulerOf } from './modules/system/jobs/scheduler.ts';
import { backgroundOf } from './platform/background.ts';

// V8 lets the heap grow to four times what survives a full collection when collections are cheap, which
// a busy server's are: 50 MB alive reached 230 MB before each collection and 437 MB resident in the
// district bench. Growing by half keeps it near 230 MB resident at the same throughput
// (docs/decisions.md "Server memory").
v8.setFlagsFromString('--heap-growing-percent=50');

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch((error: unknown) => {
  if (!(error instanceof DataFolderInUseError)) throw error;
  console.error(`[campus] ${error.message}`);
  process.exit(1);
});
await migrateDatabase(database, config.databaseUrl);
if (config.seedDemo) await seedDemo(database.db, config);
const app = await buildApp({ config, database });

const shutdown = async () => {
  await backgroundOf(app).stop();
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
// Every process runs the job loop; the database lets one of them run each due job (docs/decisions.md).
// Background work (a notice's delivery, ...) likewise: any process claims a queued task (platform/background.ts).
if (process.env.JOB_SCHEDULER !== 'off') {
  schedulerOf(app).start();
  backgroundOf(app).start();
}
