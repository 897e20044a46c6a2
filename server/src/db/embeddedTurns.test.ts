import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from './client.ts';

// The embedded database whatever DATABASE_URL says: this is about PGlite running on the server's thread.
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
});
afterAll(() => database.close());

describe('statements of the embedded database', () => {
  it('end in turns of the event loop of their own, in the order they were asked', async () => {
    // Counts the turns of the event loop, as the connections and requests waiting in it would see them.
    let turns = 0;
    let counting = true;
    const count = () => {
      turns += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const ended: { n: number; turn: number }[] = [];
    const asked = [0, 1, 2, 3, 4].map((n) => database.db.execute(sql`SELECT ${n}::int AS n`).then(() => ended.push({ n, turn: turns })));
    await Promise.all(asked);
    counting = false;
    expect(ended.map((statement) => statement.n)).toEqual([0, 1, 2, 3, 4]);
    for (let i = 1; i < ended.length; i++) expect(ended[i]!.turn).toBeGreaterThan(ended[i - 1]!.turn);
  });

  it('go on after a statement fails, and a transaction runs its own statements inside its turn', async () => {
    await expect(database.db.execute(sql`SELECT 1 / 0`)).rejects.toThrow();
    expect(await queryRows(database.db, sql`SELECT 2::int AS n`)).toEqual([{ n: 2 }]);
    const queued = queryRows(database.db, sql`SELECT 3::int AS n`);
    const inside = await database.db.transaction(async (tx) => [
      ...(await queryRows(tx, sql`SELECT 4::int AS n`)),
      ...(await queryRows(tx, sql`SELECT 5::int AS n`)),
    ]);
    expect(inside).toEqual([{ n: 4 }, { n: 5 }]);
    expect(await queued).toEqual([{ n: 3 }]);
  });
});
