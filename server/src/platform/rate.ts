import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../db/client.ts';

/** Current count of a fixed-window counter (0 once its window has passed). */
export async function readCounter(db: DbOrTx, key: string, windowMinutes: number): Promise<number> {
  const rows = await queryRows<{ count: number }>(db, sql`
    SELECT count FROM rate_counters
    WHERE key = ${key} AND window_start > now() - make_interval(mins => ${windowMinutes})`);
  return Number(rows[0]?.count ?? 0);
}

/** Adds one to a counter in one statement, so concurrent processes never lose a count. */
export async function bumpCounter(db: DbOrTx, key: string, windowMinutes: number): Promise<number> {
  const rows = await queryRows<{ count: number }>(db, sql`
    INSERT INTO rate_counters (key, window_start, count) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_counters.window_start <= now() - make_interval(mins => ${windowMinutes}) THEN 1 ELSE rate_counters.count + 1 END,
      window_start = CASE WHEN rate_counters.window_start <= now() - make_interval(mins => ${windowMinutes}) THEN now() ELSE rate_counters.window_start END
    RETURNING count`);
  return Number(rows[0]?.count ?? 1);
}

export async function clearCounter(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM rate_counters WHERE key = ${key}`);
}

/** Takes back one count (never below zero): an attempt that turned out to be a success. */
export async function giveBackCounter(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`UPDATE rate_counters SET count = GREATEST(0, count - 1) WHERE key = ${key}`);
}
