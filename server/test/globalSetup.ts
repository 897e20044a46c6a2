import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../src/config.ts';
import { migrateDatabase, openDatabase } from '../src/db/client.ts';
import { seedDemo } from '../src/db/seed/index.ts';
import './provided.ts';

/**
 * Migrates and seeds the demo school once per run, instead of once per test file (half a minute each on
 * the embedded database, on a 2-core machine: most of the suite's time). Each file then starts from a copy:
 * on PostgreSQL a database created from this template, on PGlite the template's files loaded into a new
 * in-memory instance (test/helpers.ts createTestApp). A file that needs another start (a database in a
 * folder) still migrates and seeds its own.
 */

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  const config = loadConfig({}, { logLevel: 'silent', dataDir: 'memory://' });
  if (serverUrl) {
    const name = `campus_template_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://', poolSize: 2 });
    await migrateDatabase(database, url.toString());
    await seedDemo(database.db, { ...config, databaseUrl: url.toString() });
    // No connection may stay open to a template while databases are created from it.
    await database.close();
    project.provide('pgTemplate', name);
    project.provide('pgliteSnapshot', '');
    return async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  await migrateDatabase(database);
  await seedDemo(database.db, config);
  const archive = await database.dump!();
  await database.close();
  const folder = await mkdtemp(path.join(tmpdir(), 'campus-test-'));
  const file = path.join(folder, 'seeded.tar');
  await writeFile(file, Buffer.from(await archive.arrayBuffer()));
  project.provide('pgTemplate', '');
  project.provide('pgliteSnapshot', file);
  return () => rm(folder, { recursive: true, force: true });
}
