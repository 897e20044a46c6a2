import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { queryRows } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { checkDynamicProcedure, checkDynamicSql, closeDynamicReaders, resolveDynamicRole } from './dynamicSql.ts';
import { DYNAMIC_READER } from './dynamicViews.ts';

let t: TestApp;
let gradeCode: string;
let classCode: string;

beforeAll(async () => {
  t = await createTestApp();
  const [row] = await queryRows<{ grade_code: string; class_code: string }>(t.database.db, sql`
    SELECT g.code AS grade_code, c.code AS class_code FROM students s JOIN classes c ON c.id = s.class_id JOIN grades g ON g.id = c.grade_id
    JOIN users u ON u.id = s.user_id WHERE u.account = '201911001'`);
  gradeCode = row.grade_code;
  classCode = row.class_code;
});
afterAll(async () => {
  await closeDynamicReaders();
  await t.close();
});

const onServer = () => t.database.kind === 'postgres';
const resolve = (text: string, options?: { limit?: number; timeoutMs?: number }) => resolveDynamicRole(t.database, text, options);

/** The catalogue key a resolve is refused with. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.key;
    throw error;
  }
  return 'resolved';
}

async function expectRefused(text: string, key: string) {
  const result = await checkDynamicSql(text);
  expect(result, text).toMatchObject({ ok: false, key });
  // The runner re-checks: it never sends a refused text to the database.
  expect(await refusal(resolve(text)), text).toBe(key);
}

describe('checkDynamicSql accepts reads of the role views', () => {
  const accepted = [
    `SELECT "USERID" FROM role_students WHERE grade_code = '201908'`,
    `SELECT p."USERID" FROM role_parents p WHERE p.class_code = '20190801';`,
    `SELECT "USERID" FROM role_class_teachers`,
    `SELECT "USERID" FROM role_students WHERE class_code = '20190801' UNION SELECT "USERID" FROM public.role_class_teachers WHERE class_code = '20190801'`,
    `WITH grade AS (SELECT "USERID", class_code FROM role_students WHERE grade_code = '201908') SELECT "USERID" FROM grade -- the grade`,
    `SELECT s."USERID" FROM role_students s JOIN role_classes c ON c.class_code = s.class_code WHERE upper(c.name) LIKE '%1%' AND s.entry_year >= extract(year from now()) - 10`,
    `SELECT class_teacher_account AS "USERID" FROM role_classes WHERE campus_code IN (SELECT campus_code FROM role_staff WHERE staff_type::text = '1') ORDER BY 1 LIMIT 5`,
    `SELECT "USERID" FROM role_teaching t WHERE EXISTS (SELECT 1 FROM role_students s WHERE s.class_code = t.class_code AND trim(s.gender) = '1')`,
    `SELECT account AS userid FROM (SELECT "USERID" AS account, count(*) FROM role_people GROUP BY 1 HAVING count(*) > 0) x`,
  ];
  for (const text of accepted) {
    it(text, async () => {
      expect(await checkDynamicSql(text)).toEqual({ ok: true });
    });
  }
});

describe('checkDynamicSql refuses', () => {
  const refused: [string, string, string][] = [
    ['INSERT', `INSERT INTO users (account, display_name, user_type) VALUES ('x', 'x', 1)`, 'roles.sqlSingleSelect'],
    ['UPDATE', `UPDATE users SET enabled = false`, 'roles.sqlSingleSelect'],
    ['DELETE', `DELETE FROM users`, 'roles.sqlSingleSelect'],
    ['TRUNCATE', `TRUNCATE users`, 'roles.sqlSingleSelect'],
    ['DROP', `DROP TABLE users`, 'roles.sqlSingleSelect'],
    ['COPY', `COPY users TO '/tmp/users.csv'`, 'roles.sqlSingleSelect'],
    ['SELECT INTO', `SELECT "USERID" INTO stolen FROM role_people`, 'roles.sqlReadOnly'],
    ['FOR UPDATE', `SELECT "USERID" FROM role_people FOR UPDATE`, 'roles.sqlReadOnly'],
    ['a data-modifying CTE', `WITH x AS (DELETE FROM users RETURNING account) SELECT account AS "USERID" FROM x`, 'roles.sqlReadOnly'],
    ['an UPDATE in a nested CTE', `SELECT "USERID" FROM (WITH x AS (UPDATE users SET enabled = false RETURNING account AS "USERID") SELECT "USERID" FROM x) y`, 'roles.sqlReadOnly'],
    ['reading users', `SELECT account AS "USERID" FROM users`, 'roles.sqlTable'],
    ['reading password hashes', `SELECT "USERID" FROM role_people WHERE "USERID" IN (SELECT account FROM users WHERE password_hash LIKE '$argon2%')`, 'roles.sqlTable'],
    ['reading sessions (tokens)', `SELECT "USERID" FROM role_people p JOIN sessions s ON s.token_hash IS NOT NULL`, 'roles.sqlTable'],
    ['reading pg_authid', `SELECT rolname AS "USERID" FROM pg_authid`, 'roles.sqlSystemName'],
    ['reading pg_catalog.pg_shadow', `SELECT usename AS "USERID" FROM pg_catalog.pg_shadow`, 'roles.sqlSystemName'],
    ['reading information_schema', `SELECT table_name AS "USERID" FROM information_schema.tables`, 'roles.sqlSystemName'],
    ['a CTE named like a table it cannot see', `WITH a AS (SELECT account FROM users), users AS (SELECT 1) SELECT account AS "USERID" FROM a`, 'roles.sqlTable'],
    ['a CTE of an inner scope', `SELECT account AS "USERID" FROM (WITH users AS (SELECT 'x' AS account) SELECT 1) a, users`, 'roles.sqlTable'],
    ['a table in a UNION branch', `SELECT "USERID" FROM role_people UNION SELECT account FROM users`, 'roles.sqlTable'],
    ['another database', `SELECT "USERID" FROM other.public.role_people`, 'roles.sqlTable'],
    ['switching role with set_config', `SELECT set_config('role', 'postgres', false) AS "USERID"`, 'roles.sqlFunction'],
    ['switching session authorisation', `SELECT "USERID" FROM role_people WHERE set_config('session_authorization', 'postgres', true) IS NOT NULL`, 'roles.sqlFunction'],
    ['reading a file', `SELECT pg_read_file('/etc/passwd') AS "USERID"`, 'roles.sqlFunction'],
    ['importing a large object', `SELECT lo_import('/etc/passwd')::text AS "USERID"`, 'roles.sqlFunction'],
    ['sleeping', `SELECT "USERID" FROM role_people WHERE pg_sleep(10) IS NOT NULL`, 'roles.sqlFunction'],
    ['running SQL text', `SELECT query_to_xml('select * from users', true, true, '')::text AS "USERID"`, 'roles.sqlFunction'],
    ['a schema-qualified function', `SELECT pg_catalog.lower("USERID") AS "USERID" FROM role_people`, 'roles.sqlFunction'],
    ['generate_series in FROM', `SELECT g::text AS "USERID" FROM generate_series(1, 100000000) g`, 'roles.sqlFunctionInFrom'],
    ['a table sample', `SELECT "USERID" FROM role_people TABLESAMPLE SYSTEM (10)`, 'roles.sqlConstruct'],
    ['a recursive CTE', `WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT n::text AS "USERID" FROM r`, 'roles.sqlConstruct'],
    ['a system column', `SELECT "USERID" FROM role_people WHERE xmin IS NOT NULL`, 'roles.sqlSystemName'],
    ['a cast to regclass', `SELECT 'users'::regclass::text AS "USERID"`, 'roles.sqlType'],
    ['an operator in another schema', `SELECT "USERID" FROM role_people WHERE 1 OPERATOR(pg_catalog.=) 1`, 'roles.sqlOperator'],
    ['two statements', `SELECT 1 AS "USERID"; DELETE FROM users`, 'roles.sqlSingleSelect'],
    ['a comment-hidden second statement', `SELECT 1 AS "USERID" /* harmless; */ ; -- ok\n DELETE FROM users`, 'roles.sqlSingleSelect'],
    ['a missing USERID', `SELECT student_number FROM role_students`, 'roles.sqlNoUserId'],
    ['SELECT * without an explicit USERID', `SELECT * FROM role_students`, 'roles.sqlNoUserId'],
    ['a syntax error', `SELEC "USERID" FROM role_people`, 'roles.sqlSyntax'],
    ['an empty text', `  `, 'roles.sqlRequired'],
    ['only a comment', `-- nothing`, 'roles.sqlSingleSelect'],
    ['a text longer than 4000 characters', `SELECT "USERID" FROM role_people WHERE name <> '${'x'.repeat(4000)}'`, 'roles.sqlTooLong'],
  ];
  for (const [label, text, key] of refused) {
    it(label, async () => {
      await expectRefused(text, key);
    });
  }

  it('names what it refuses in the message parameters', async () => {
    expect(await checkDynamicSql(`SELECT account AS "USERID" FROM users`)).toMatchObject({ ok: false, params: { name: 'users' } });
    expect(await checkDynamicSql(`SELECT pg_read_file('/etc/passwd') AS "USERID"`)).toMatchObject({ params: { name: 'pg_read_file' } });
    const syntax = await checkDynamicSql(`SELEC 1`);
    expect(syntax).toMatchObject({ key: 'roles.sqlSyntax' });
    expect(syntax.ok ? '' : String(syntax.params?.reason)).toMatch(/syntax error/);
  });
});

describe('resolveDynamicRole', () => {
  it("returns the accounts of a grade's students in the demo school", async () => {
    const expected = await queryRows<{ account: string }>(t.database.db, sql`
      SELECT u.account FROM students s JOIN users u ON u.id = s.user_id JOIN classes c ON c.id = s.class_id
      JOIN grades g ON g.id = c.grade_id WHERE g.code = ${gradeCode} ORDER BY 1`);
    expect(expected.length).toBeGreaterThan(10);
    const accounts = await resolve(`SELECT "USERID" FROM role_students WHERE grade_code = '${gradeCode}'`);
    expect(accounts).toEqual(expected.map((row) => row.account).sort());
    expect(accounts).toContain('201911001');
  });

  it("returns a class's parents and class teacher, distinct, with a row limit", async () => {
    const accounts = await resolve(`
      SELECT "USERID" FROM role_parents WHERE class_code = '${classCode}'
      UNION ALL SELECT "USERID" FROM role_class_teachers WHERE class_code = '${classCode}'
      UNION ALL SELECT "USERID" FROM role_class_teachers WHERE class_code = '${classCode}' -- twice`);
    expect(accounts).toContain('jz201911001');
    expect(accounts).toContain('T0002');
    expect(new Set(accounts).size).toBe(accounts.length);
    expect(await resolve(`SELECT "USERID" FROM role_people`, { limit: 3 })).toHaveLength(3);
  });

  it('runs as the reader login, never as the app', async () => {
    expect(await resolve(`SELECT current_user AS "USERID"`)).toEqual([DYNAMIC_READER]);
    if (onServer()) expect(await resolve(`SELECT session_user AS "USERID"`)).toEqual([DYNAMIC_READER]);
  });

  it('reports a query the database cannot run', async () => {
    expect(await refusal(resolve(`SELECT "USERID" FROM role_classes`))).toBe('roles.sqlFailed');
  });

  it('is refused by the database when a view is not granted to the reader', async () => {
    // Grants belong to this test database only: the parser allows the view, the database must still say no.
    await t.database.db.execute(sql.raw(`REVOKE SELECT ON role_teaching FROM ${DYNAMIC_READER}`));
    try {
      expect(await checkDynamicSql(`SELECT "USERID" FROM role_teaching`)).toEqual({ ok: true });
      expect(await refusal(resolve(`SELECT "USERID" FROM role_teaching`))).toBe('roles.sqlDenied');
    } finally {
      await t.database.db.execute(sql.raw(`GRANT SELECT ON role_teaching TO ${DYNAMIC_READER}`));
    }
  });

  it.runIf(!!process.env.DATABASE_URL)('on a server the reader login itself cannot write, switch role or read files', async () => {
    // What the parse-tree check refuses, the login refuses too: run the texts straight on its connection.
    const url = new URL(t.config.databaseUrl!);
    url.username = DYNAMIC_READER;
    url.password = '';
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    const denied = async (text: string) => {
      try {
        await client.query(text);
        return 'ran';
      } catch (error) {
        return (error as { code?: string }).code;
      }
    };
    try {
      expect(await denied(`SELECT account FROM users`)).toBe('42501');
      expect(await denied(`SELECT token_hash FROM sessions`)).toBe('42501');
      expect(await denied(`SELECT rolpassword FROM pg_authid`)).toBe('42501');
      expect(await denied(`SELECT set_config('role', 'postgres', false)`)).toBe('42501');
      expect(await denied(`SELECT set_config('session_authorization', 'postgres', false)`)).toBe('42501');
      expect(await denied(`SELECT pg_read_file('/etc/passwd')`)).toBe('42501');
      expect(await denied(`DELETE FROM role_people`)).toBe('42501');
      expect(await denied(`SELECT "USERID" FROM role_people LIMIT 1`)).toBe('ran');
    } finally {
      await client.end();
    }
  });

  it.runIf(!!process.env.DATABASE_URL)('stops a query that runs longer than the statement timeout', async () => {
    const started = Date.now();
    const key = await refusal(resolve(`SELECT count(*)::text AS "USERID" FROM role_students a, role_students b, role_students c`));
    expect(key).toBe('roles.sqlTimeout');
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('checkDynamicProcedure', () => {
  it('accepts an existing function with three parameters and refuses others', async () => {
    await t.database.db.execute(sql.raw(`
      CREATE OR REPLACE FUNCTION public.role_probe(user_id text, user_type int, OUT member boolean)
      LANGUAGE sql AS $$ SELECT user_type = 3 $$`));
    expect(await checkDynamicProcedure(t.database.db, 'role_probe')).toEqual({ ok: true });
    expect(await checkDynamicProcedure(t.database.db, 'public.role_probe')).toEqual({ ok: true });
    expect(await checkDynamicProcedure(t.database.db, 'missing_probe')).toMatchObject({ ok: false, key: 'roles.procedureMissing' });
    expect(await checkDynamicProcedure(t.database.db, 'lower')).toMatchObject({ ok: false, key: 'roles.procedureMissing' });
    expect(await checkDynamicProcedure(t.database.db, 'pg_catalog.set_config')).toMatchObject({ ok: false, key: 'roles.procedureName' });
    expect(await checkDynamicProcedure(t.database.db, 'role_probe; DROP TABLE users')).toMatchObject({ ok: false, key: 'roles.procedureName' });
    expect(await checkDynamicProcedure(t.database.db, 'a.b.c')).toMatchObject({ ok: false, key: 'roles.procedureName' });
  });
});
