import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { studentListConditions, studentListPageQuery } from '/work/main/server/src/modules/records/students/queries.ts';
const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/campus_bench' });
const db = drizzle(pool);
for (const kw of process.argv.slice(2)) {
  const where = studentListConditions({ keyword: kw }, sql`TRUE`);
  const q = db.dialect.sqlToQuery(sql`EXPLAIN (ANALYZE, BUFFERS OFF) ${studentListPageQuery(where, { offset: 0, limit: 10, order: 'asc' }, 'zh')}`);
  const r = await pool.query(q.sql, q.params);
  console.log('== page', kw); console.log(r.rows.map((x) => x['QUERY PLAN']).filter((l: string) => !/Index Searches|Buffers/.test(l)).slice(0, 60).join('\n'));
  const c = db.dialect.sqlToQuery(sql`EXPLAIN (ANALYZE, BUFFERS OFF) SELECT count(*) AS total FROM (SELECT 1 FROM students s WHERE ${where} LIMIT 1001) AS matched`);
  const r2 = await pool.query(c.sql, c.params);
  console.log('== count', kw); console.log(r2.rows.map((x) => x['QUERY PLAN']).join('\n'));
}
await pool.end();
