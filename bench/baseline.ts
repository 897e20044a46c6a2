/**
 * The benchmark's baselines: a bare Fastify route answering fixed JSON (GET /bare) and a route that
 * only runs SELECT 1 through the server's own database client and pool (GET /select1). Started by
 * bench/run.ts as its own process; DATABASE_URL or DATA_DIR and PORT as for the server.
 */
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/src/db/client.ts';
import { ok } from '../server/src/platform/envelope.ts';

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR ?? 'memory://' });
const app = Fastify({ logger: false });

const fixed = ok({ status: 'up' });
app.get('/bare', async () => fixed);
app.get('/select1', async () => {
  await database.db.execute(sql`SELECT 1`);
  return fixed;
});

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ port: Number(process.env.PORT ?? 8090), host: process.env.HOST ?? '127.0.0.1' });
