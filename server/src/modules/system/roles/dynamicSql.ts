import type { MessageKey } from '@campus/contract';
import { sql } from 'drizzle-orm';
import { parse } from 'libpg-query';
import pg from 'pg';
import { queryRows, type Database, type DbOrTx } from '../../../db/client.ts';
import { AppError, badRequest } from '../../../platform/errors.ts';
import { DYNAMIC_READER, DYNAMIC_ROLE_VIEWS } from './dynamicViews.ts';

/**
 * Dynamic roles: a role whose members are the USERIDs a stored SELECT returns (spec section 1, issue 4).
 *
 * The SQL is written by an administrator but runs on the product's database, so it is treated as hostile:
 * 1. checkDynamicSql walks PostgreSQL's own parse tree (libpg-query) and accepts one plain SELECT over the
 *    role_* views (migration 0007), with allow-lists of node kinds, functions, operators and types; it is the
 *    only guard that holds on PGlite.
 * 2. resolveDynamicRole runs it read-only with a row limit; on a PostgreSQL server it runs on a separate
 *    connection logged in as campus_dynamic_reader (SELECT on the views, nothing else) with a statement
 *    timeout. A SET ROLE on the app's own connection is no guard there: set_config('role', ...) checks the
 *    session user, so it would switch straight back (see docs/decisions.md, "Dynamic roles").
 */

export type DynamicCheck = { ok: true } | { ok: false; key: MessageKey; params?: Record<string, string | number> };

/** Longest dynamic-role SQL accepted; a role's query is a few lines, a longer text is not a role. */
export const DYNAMIC_SQL_MAX_LENGTH = 4000;
/** Rows resolveDynamicRole reads at most unless told otherwise. */
export const DYNAMIC_ROLE_DEFAULT_LIMIT = 5000;
/** Statement timeout on a PostgreSQL server. */
export const DYNAMIC_ROLE_TIMEOUT_MS = 2000;

/**
 * Functions a dynamic role may call: text, date and aggregate helpers that read nothing but their arguments.
 * Anything else (set_config, pg_read_file, lo_import, pg_sleep, generate_series, query_to_xml, dblink, ...)
 * is refused, so the check never has to know every dangerous function.
 */
export const DYNAMIC_SQL_FUNCTIONS = [
  'lower', 'upper', 'btrim', 'ltrim', 'rtrim', 'concat', 'concat_ws', 'substring', 'substr', 'left', 'right',
  'length', 'char_length', 'replace', 'position', 'strpos', 'now', 'date_part', 'extract', 'date_trunc', 'to_char',
  'count', 'min', 'max', 'sum', 'avg', 'abs', 'round',
] as const;

/** Types a value may be cast to; reg* types (regclass, regproc, ...) would name catalogue objects. */
const ALLOWED_TYPES = new Set([
  'text', 'varchar', 'bpchar', 'char', 'int2', 'int4', 'int8', 'integer', 'smallint', 'bigint', 'numeric', 'decimal',
  'float4', 'float8', 'bool', 'boolean', 'date', 'time', 'timestamp', 'timestamptz', 'interval',
]);

const ALLOWED_OPERATORS = new Set([
  '=', '<>', '!=', '<', '>', '<=', '>=', '+', '-', '*', '/', '%', '||', '~~', '!~~', '~~*', '!~~*',
  'BETWEEN', 'NOT BETWEEN', 'BETWEEN SYMMETRIC', 'NOT BETWEEN SYMMETRIC',
]);

const ALLOWED_EXPRESSION_KINDS = new Set([
  'AEXPR_OP', 'AEXPR_OP_ANY', 'AEXPR_OP_ALL', 'AEXPR_DISTINCT', 'AEXPR_NOT_DISTINCT', 'AEXPR_NULLIF', 'AEXPR_IN',
  'AEXPR_LIKE', 'AEXPR_ILIKE', 'AEXPR_BETWEEN', 'AEXPR_NOT_BETWEEN', 'AEXPR_BETWEEN_SYM', 'AEXPR_NOT_BETWEEN_SYM',
]);

const ALLOWED_VALUE_FUNCTIONS = new Set([
  'SVFOP_CURRENT_DATE', 'SVFOP_CURRENT_TIME', 'SVFOP_CURRENT_TIME_N', 'SVFOP_CURRENT_TIMESTAMP', 'SVFOP_CURRENT_TIMESTAMP_N',
  'SVFOP_LOCALTIME', 'SVFOP_LOCALTIME_N', 'SVFOP_LOCALTIMESTAMP', 'SVFOP_LOCALTIMESTAMP_N',
  // The login the query runs as (campus_dynamic_reader): harmless, and it shows which login ran it.
  'SVFOP_CURRENT_ROLE', 'SVFOP_CURRENT_USER', 'SVFOP_USER', 'SVFOP_SESSION_USER',
]);

/**
 * Parse-tree node kinds a SELECT over views may contain. Deny by default: a kind PostgreSQL adds later, or one
 * left out here (RangeFunction, RangeTableSample, RangeTableFunc, XmlExpr, ParamRef, LockingClause, every
 * statement but SELECT, ...), is refused with its name.
 */
const ALLOWED_NODES = new Set([
  'SelectStmt', 'ResTarget', 'ColumnRef', 'String', 'Integer', 'Float', 'Boolean', 'BitString', 'A_Const', 'A_Star',
  'A_Expr', 'BoolExpr', 'NullTest', 'BooleanTest', 'FuncCall', 'RangeVar', 'RangeSubselect', 'JoinExpr', 'SubLink',
  'CommonTableExpr', 'SortBy', 'TypeCast', 'TypeName', 'CaseExpr', 'CaseWhen', 'CoalesceExpr', 'MinMaxExpr',
  'SQLValueFunction', 'Alias', 'List', 'A_ArrayExpr', 'RowExpr', 'A_Indirection', 'A_Indices', 'WindowDef',
  'GroupingSet', 'CollateClause',
]);

/** System columns of every table; views have none, but a CTE or subquery alias must not smuggle them in. */
const SYSTEM_COLUMNS = new Set(['ctid', 'xmin', 'xmax', 'cmin', 'cmax', 'tableoid', 'oid']);

/** Keys whose string value is an identifier (checked for pg_ / information_schema names). */
const IDENTIFIER_KEYS = new Set(['relname', 'schemaname', 'catalogname', 'aliasname', 'ctename', 'name', 'refname']);

const VIEW_NAMES: ReadonlySet<string> = new Set(DYNAMIC_ROLE_VIEWS);
const FUNCTION_NAMES: ReadonlySet<string> = new Set(DYNAMIC_SQL_FUNCTIONS);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** A refusal found while walking; thrown inside the walk, turned into a DynamicCheck at the top. */
class Refusal extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params?: Record<string, string | number>,
  ) {
    super(key);
  }
}

const refuse = (key: MessageKey, params?: Record<string, string | number>): never => {
  throw new Refusal(key, params);
};

const isObject = (value: Json | undefined): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The svals of a list of String nodes (function, type, operator and column names). */
function names(list: Json | undefined): string[] {
  if (!Array.isArray(list)) return [];
  return list.map((item) => (isObject(item) && isObject(item.String) && typeof item.String.sval === 'string' ? item.String.sval : '*'));
}

function checkIdentifier(name: string): void {
  const lower = name.toLowerCase();
  if (lower.startsWith('pg_') || lower === 'information_schema') refuse('roles.sqlSystemName', { name });
}

/** Walks the tree of one SELECT; `ctes` are the CTE names visible at this point (they shadow tables). */
class Walker {
  visit(value: Json | undefined, ctes: ReadonlySet<string>, key?: string): void {
    if (Array.isArray(value)) {
      for (const item of value) this.visit(item, ctes);
      return;
    }
    if (typeof value === 'string') {
      if (key && IDENTIFIER_KEYS.has(key)) checkIdentifier(value);
      return;
    }
    if (!isObject(value)) return;
    // Relation references are checked wherever they appear, wrapped as a RangeVar node or not.
    if (typeof value.relname === 'string') this.relation(value, ctes);
    for (const [field, child] of Object.entries(value)) {
      if (/^[A-Z]/.test(field)) this.node(field, child, ctes);
      else this.visit(child, ctes, field);
    }
  }

  /** A wrapped node: {"Kind": {...}}. */
  private node(kind: string, body: Json, ctes: ReadonlySet<string>): void {
    if (!ALLOWED_NODES.has(kind)) {
      if (kind.endsWith('Stmt')) refuse('roles.sqlReadOnly', { name: kind.replace(/Stmt$/, '').toUpperCase() });
      if (kind === 'RangeFunction' || kind === 'RangeTableFunc') refuse('roles.sqlFunctionInFrom');
      refuse('roles.sqlConstruct', { name: kind });
    }
    if (!isObject(body)) return;
    switch (kind) {
      case 'SelectStmt':
        return this.select(body, ctes);
      case 'A_Const':
        return; // a constant is data, not a name
      case 'FuncCall':
        this.functionName(body);
        return this.visitExcept(body, ctes, 'funcname');
      case 'TypeCast':
      case 'TypeName':
        if (kind === 'TypeName') this.typeName(body);
        else if (isObject(body.typeName)) this.typeName(body.typeName);
        return this.visitExcept(body, ctes, kind === 'TypeName' ? 'names' : 'typeName.names');
      case 'A_Expr':
        this.operator(body);
        return this.visitExcept(body, ctes, 'name');
      case 'SQLValueFunction':
        if (!ALLOWED_VALUE_FUNCTIONS.has(String(body.op))) refuse('roles.sqlConstruct', { name: String(body.op).replace(/^SVFOP_/, '') });
        return;
      case 'ColumnRef': {
        const fields = names(body.fields);
        const last = fields[fields.length - 1] ?? '';
        if (SYSTEM_COLUMNS.has(last.toLowerCase())) refuse('roles.sqlSystemName', { name: last });
        for (const field of fields) if (field !== '*') checkIdentifier(field);
        return;
      }
      case 'String':
        if (typeof body.sval === 'string') checkIdentifier(body.sval);
        return;
      default:
        return this.visit(body, ctes);
    }
  }

  private visitExcept(body: JsonObject, ctes: ReadonlySet<string>, skip: string): void {
    const [head, rest] = skip.split('.');
    for (const [field, child] of Object.entries(body)) {
      if (field === head) {
        if (rest && isObject(child)) this.visitExcept(child, ctes, rest);
        continue;
      }
      this.visit({ [field]: child }, ctes);
    }
  }

  /** A SELECT (wrapped or the unwrapped larg / rarg of a set operation). */
  select(value: Json | undefined, outer: ReadonlySet<string>): void {
    if (!isObject(value)) return;
    if (value.intoClause) refuse('roles.sqlReadOnly', { name: 'SELECT INTO' });
    if (Array.isArray(value.lockingClause) && value.lockingClause.length > 0) refuse('roles.sqlReadOnly', { name: 'FOR UPDATE / FOR SHARE' });
    let scope = outer;
    const withClause = value.withClause;
    if (isObject(withClause)) {
      if (withClause.recursive) refuse('roles.sqlConstruct', { name: 'WITH RECURSIVE' });
      // A CTE sees the CTEs before it (not after: a later name would still mean the table), the body sees all.
      const visible = new Set(outer);
      for (const item of Array.isArray(withClause.ctes) ? withClause.ctes : []) {
        const cte = isObject(item) && isObject(item.CommonTableExpr) ? item.CommonTableExpr : refuse('roles.sqlConstruct', { name: 'WITH' });
        const query = cte.ctequery;
        if (!isObject(query) || !isObject(query.SelectStmt)) {
          const kind = isObject(query) ? Object.keys(query)[0] ?? 'WITH' : 'WITH';
          refuse('roles.sqlReadOnly', { name: kind.replace(/Stmt$/, '').toUpperCase() });
        }
        this.visitExcept(cte, new Set(visible), 'ctequery');
        this.select((query as JsonObject).SelectStmt, new Set(visible));
        if (typeof cte.ctename === 'string') visible.add(cte.ctename);
      }
      scope = visible;
    }
    for (const [field, child] of Object.entries(value)) {
      if (field === 'withClause') continue;
      if (field === 'larg' || field === 'rarg') this.select(child, scope);
      else this.visit({ [field]: child }, scope);
    }
  }

  private relation(range: JsonObject, ctes: ReadonlySet<string>): void {
    const schema = typeof range.schemaname === 'string' ? range.schemaname : undefined;
    const name = String(range.relname);
    const shown = schema ? `${schema}.${name}` : name;
    for (const part of [range.catalogname, schema, name]) if (typeof part === 'string') checkIdentifier(part);
    if (range.catalogname) refuse('roles.sqlTable', { views: DYNAMIC_ROLE_VIEWS.join(', '), name: `${String(range.catalogname)}.${shown}` });
    if (!schema && ctes.has(name)) return;
    if ((schema === undefined || schema === 'public') && VIEW_NAMES.has(name)) return;
    refuse('roles.sqlTable', { views: DYNAMIC_ROLE_VIEWS.join(', '), name: shown });
  }

  private functionName(call: JsonObject): void {
    const parts = names(call.funcname);
    const name = parts.join('.');
    // pg_catalog.x only comes from SQL syntax (EXTRACT, SUBSTRING ... FROM, TRIM, POSITION ... IN).
    const plain = parts.length === 1 ? parts[0] : parts.length === 2 && parts[0] === 'pg_catalog' && call.funcformat === 'COERCE_SQL_SYNTAX' ? parts[1] : undefined;
    if (!plain || !FUNCTION_NAMES.has(plain)) refuse('roles.sqlFunction', { functions: DYNAMIC_SQL_FUNCTIONS.join(', '), name });
  }

  private typeName(type: JsonObject): void {
    const parts = names(type.names);
    const plain = parts.length === 1 ? parts[0] : parts.length === 2 && parts[0] === 'pg_catalog' ? parts[1] : undefined;
    if (!plain || !ALLOWED_TYPES.has(plain)) refuse('roles.sqlType', { name: parts.join('.') });
  }

  private operator(expression: JsonObject): void {
    const kind = String(expression.kind);
    const parts = names(expression.name);
    if (!ALLOWED_EXPRESSION_KINDS.has(kind)) refuse('roles.sqlConstruct', { name: kind.replace(/^AEXPR_/, '') });
    if (parts.length !== 1 || !ALLOWED_OPERATORS.has(parts[0])) refuse('roles.sqlOperator', { name: parts.join('.') });
  }
}

/** The output name of the USERID column of the outermost SELECT (the left-most branch of a set operation). */
function userIdColumn(select: JsonObject): string | undefined {
  let branch: JsonObject = select;
  while (branch.op && branch.op !== 'SETOP_NONE' && isObject(branch.larg)) branch = branch.larg;
  const targets = Array.isArray(branch.targetList) ? branch.targetList : [];
  for (const item of targets) {
    const target = isObject(item) && isObject(item.ResTarget) ? item.ResTarget : undefined;
    if (!target) continue;
    let name = typeof target.name === 'string' ? target.name : undefined;
    if (!name && isObject(target.val) && isObject(target.val.ColumnRef)) {
      const fields = names(target.val.ColumnRef.fields);
      name = fields[fields.length - 1];
    }
    if (name && name.toLowerCase() === 'userid') return name;
  }
  return undefined;
}

interface CheckedSql {
  /** The statement text alone (no trailing semicolon or comment), ready to wrap as a subquery. */
  body: string;
  /** The exact output name of the USERID column. */
  userId: string;
}

async function analyse(text: string): Promise<CheckedSql> {
  if (!text.trim()) refuse('roles.sqlRequired');
  if (text.length > DYNAMIC_SQL_MAX_LENGTH) refuse('roles.sqlTooLong', { max: DYNAMIC_SQL_MAX_LENGTH });
  let tree: { stmts?: { stmt?: Json; stmt_location?: number; stmt_len?: number }[] };
  try {
    tree = (await parse(text)) as typeof tree;
  } catch (error) {
    refuse('roles.sqlSyntax', { reason: error instanceof Error ? error.message : String(error) });
    throw error; // unreachable: refuse throws
  }
  const statements = tree.stmts ?? [];
  if (statements.length !== 1) refuse('roles.sqlSingleSelect', { count: statements.length });
  const [statement] = statements;
  const root = statement.stmt;
  if (!isObject(root) || !isObject(root.SelectStmt)) {
    const kind = isObject(root) ? (Object.keys(root)[0] ?? '') : '';
    refuse('roles.sqlSingleSelect', { count: 1, name: kind.replace(/Stmt$/, '').toUpperCase() });
  }
  const select = (root as JsonObject).SelectStmt as JsonObject;
  new Walker().visit(root, new Set());
  const userId = userIdColumn(select);
  if (!userId) refuse('roles.sqlNoUserId');
  const start = statement.stmt_location ?? 0;
  const body = statement.stmt_len ? text.slice(start, start + statement.stmt_len) : text.slice(start);
  return { body, userId: userId as string };
}

/**
 * Checks a dynamic role's SQL without running it: one plain SELECT over the role_* views, allowed functions,
 * operators and types only, with a USERID column. The refusal names the catalogue message to show.
 */
export async function checkDynamicSql(text: string): Promise<DynamicCheck> {
  try {
    await analyse(text);
    return { ok: true };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, key: error.key, params: error.params };
    throw error;
  }
}

export interface ResolveOptions {
  /** Most USERIDs returned (default DYNAMIC_ROLE_DEFAULT_LIMIT). */
  limit?: number;
  /** Statement timeout on a PostgreSQL server (default DYNAMIC_ROLE_TIMEOUT_MS); PGlite has none. */
  timeoutMs?: number;
  /**
   * The reader login's connection string on a PostgreSQL server; default: the app's own connection string
   * with the user campus_dynamic_reader and no password (trust, peer, certificate or ~/.pgpass logins).
   */
  readerUrl?: string;
}

const readerPools = new Map<string, pg.Pool>();

function readerUrl(database: Pick<Database, 'db'>, options: ResolveOptions): string {
  if (options.readerUrl) return options.readerUrl;
  // The app's node-postgres pool, as drizzle keeps it.
  const client = (database.db as unknown as { $client?: { options?: { connectionString?: string } } }).$client;
  const own = client?.options?.connectionString;
  if (!own) throw badRequest('roles.sqlReaderUnavailable', { login: DYNAMIC_READER, reason: 'no connection string' });
  const url = new URL(own);
  url.username = DYNAMIC_READER;
  url.password = '';
  return url.toString();
}

function readerPool(url: string): pg.Pool {
  let pool = readerPools.get(url);
  if (!pool) {
    // Small and short-lived: dynamic roles resolve now and then, and an idle pool must not keep the process up.
    pool = new pg.Pool({ connectionString: url, max: 2, idleTimeoutMillis: 10_000, connectionTimeoutMillis: 5000, allowExitOnIdle: true });
    pool.on('error', () => undefined); // an idle connection ended by the server is replaced on next use
    readerPools.set(url, pool);
  }
  return pool;
}

/** Closes the reader connections (server shutdown, tests). */
export async function closeDynamicReaders(): Promise<void> {
  const pools = [...readerPools.values()];
  readerPools.clear();
  await Promise.all(pools.map((pool) => pool.end().catch(() => undefined)));
}

/** The PostgreSQL error code of an error from either driver (drizzle wraps it in `cause`). */
function errorCode(error: unknown): { code?: string; message: string } {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return { code: candidate.code, message: String(candidate.message) };
    if (!candidate.cause) break;
    current = candidate.cause;
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

function failure(error: unknown, timeoutMs: number): AppError {
  if (error instanceof AppError) return error;
  const { code, message } = errorCode(error);
  if (code === '57014') return badRequest('roles.sqlTimeout', { seconds: timeoutMs / 1000 });
  if (code === '42501' || code === '25006') return badRequest('roles.sqlDenied', { reason: message });
  return badRequest('roles.sqlFailed', { reason: message });
}

/**
 * The accounts a dynamic role's SQL resolves to (at most `limit`, sorted). Re-checks the SQL, then runs it as
 * `SELECT DISTINCT "USERID"::text FROM (<sql>) LIMIT n` in a read-only transaction: on a PostgreSQL server on
 * the campus_dynamic_reader login with a statement timeout, on PGlite under SET LOCAL ROLE (see the module
 * comment for why that is no guard there). Throws an AppError with a roles.sql* key when refused or failed.
 */
export async function resolveDynamicRole(
  database: Pick<Database, 'db' | 'kind'>,
  text: string,
  options: ResolveOptions = {},
): Promise<string[]> {
  let checked: CheckedSql;
  try {
    checked = await analyse(text);
  } catch (error) {
    if (error instanceof Refusal) throw badRequest(error.key, error.params);
    throw error;
  }
  const limit = Math.max(1, Math.min(Math.trunc(options.limit ?? DYNAMIC_ROLE_DEFAULT_LIMIT), 100_000));
  const timeoutMs = Math.max(1, Math.trunc(options.timeoutMs ?? DYNAMIC_ROLE_TIMEOUT_MS));
  const column = `"${checked.userId.replace(/"/g, '""')}"`;
  // Newlines end a trailing line comment of the body, so it cannot swallow the closing parenthesis.
  const wrapped = `SELECT DISTINCT ${column}::text AS userid FROM (\n${checked.body}\n) AS dynamic_role WHERE ${column} IS NOT NULL ORDER BY 1 LIMIT ${limit}`;
  await assertWrapped(wrapped);

  if (database.kind === 'pglite') {
    try {
      return await database.db.transaction(
        async (tx) => {
          await tx.execute(sql.raw(`SET LOCAL ROLE ${DYNAMIC_READER}`));
          const rows = await queryRows<{ userid: string }>(tx, sql.raw(wrapped));
          return rows.map((row) => row.userid);
        },
        { accessMode: 'read only' },
      );
    } catch (error) {
      throw failure(error, timeoutMs);
    }
  }

  let client: pg.PoolClient;
  try {
    client = await readerPool(readerUrl(database, options)).connect();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest('roles.sqlReaderUnavailable', { login: DYNAMIC_READER, reason: errorCode(error).message });
  }
  try {
    await client.query('BEGIN TRANSACTION READ ONLY');
    await client.query(`SET LOCAL statement_timeout = ${timeoutMs}`);
    await client.query('SET LOCAL search_path = public');
    // Fail closed when the login was given more than it should hold.
    const { rows: privileged } = await client.query<{ privileged: boolean }>(`
      SELECT r.rolsuper OR r.rolcreaterole OR r.rolcreatedb OR r.rolbypassrls
        OR EXISTS (SELECT 1 FROM pg_auth_members m WHERE m.member = r.oid) AS privileged
      FROM pg_roles r WHERE r.rolname = current_user`);
    if (privileged[0]?.privileged !== false) throw badRequest('roles.sqlReaderUnavailable', { login: DYNAMIC_READER, reason: 'the login holds privileges' });
    const { rows } = await client.query<{ userid: string }>(wrapped);
    return rows.map((row) => row.userid);
  } catch (error) {
    throw failure(error, timeoutMs);
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release();
  }
}

/** Belt and braces: the wrapped text must still be one SELECT reading only the dynamic_role subquery. */
async function assertWrapped(wrapped: string): Promise<void> {
  const tree = (await parse(wrapped)) as { stmts?: { stmt?: Json }[] };
  const statements = tree.stmts ?? [];
  const root = statements[0]?.stmt;
  const select = isObject(root) && isObject(root.SelectStmt) ? root.SelectStmt : undefined;
  const from = select && Array.isArray(select.fromClause) ? select.fromClause : [];
  const only = from.length === 1 && isObject(from[0]) && isObject(from[0].RangeSubselect) ? from[0].RangeSubselect : undefined;
  if (statements.length !== 1 || !only || !isObject(only.alias) || only.alias.aliasname !== 'dynamic_role') {
    throw badRequest('roles.sqlSingleSelect', { count: statements.length });
  }
}

const PROCEDURE_NAME = /^(?:([A-Za-z_][A-Za-z0-9_]*)\.)?([A-Za-z_][A-Za-z0-9_]*)$/;

/**
 * Checks a dynamic role's stored procedure: `name` or `schema.name` of letters, digits and underscore, not a
 * system one, that exists with exactly three parameters (user id, user type, output).
 */
export async function checkDynamicProcedure(db: DbOrTx, name: string): Promise<DynamicCheck> {
  const match = PROCEDURE_NAME.exec(name.trim());
  if (!match) return { ok: false, key: 'roles.procedureName' };
  const [, schema, procedure] = match;
  if ([schema, procedure].some((part) => part && (part.toLowerCase().startsWith('pg_') || part.toLowerCase() === 'information_schema'))) {
    return { ok: false, key: 'roles.procedureName' };
  }
  const rows = await queryRows<{ found: number }>(db, sql`
    SELECT count(*)::int AS found FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE p.proname = ${procedure.toLowerCase()}
      AND n.nspname = ${(schema ?? 'public').toLowerCase()}
      AND coalesce(array_length(p.proallargtypes, 1), p.pronargs) = 3
      AND p.prokind IN ('f', 'p')`);
  if ((rows[0]?.found ?? 0) === 0) return { ok: false, key: 'roles.procedureMissing', params: { name: name.trim() } };
  return { ok: true };
}

/**
 * The accounts a role defined by a stored function resolves to: the function (user id, user type, output)
 * is asked for every enabled user, in a read-only transaction with the statement timeout on a server.
 * The function was written by a database administrator (the screen only names it), so it runs with the
 * application's rights; a PROCEDURE cannot be called per row and is answered with a clear refusal.
 */
export async function resolveProcedureRole(database: Pick<Database, 'db' | 'kind'>, name: string, options: ResolveOptions = {}): Promise<string[]> {
  const verdict = await checkDynamicProcedure(database.db, name);
  if (!verdict.ok) throw badRequest(verdict.key, verdict.params);
  const [, schema, procedure] = PROCEDURE_NAME.exec(name.trim())!;
  // Unquoted names fold to lower case in PostgreSQL, as checkDynamicProcedure looked them up.
  const schemaName = (schema ?? 'public').toLowerCase();
  const procedureName = procedure!.toLowerCase();
  const [found] = await queryRows<{ kind: string }>(database.db, sql`
    SELECT p.prokind AS kind FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE p.proname = ${procedureName} AND n.nspname = ${schemaName} LIMIT 1`);
  if (found?.kind !== 'f') throw badRequest('roles.procedureNotListable');
  const limit = Math.max(1, Math.min(Math.trunc(options.limit ?? DYNAMIC_ROLE_DEFAULT_LIMIT), 100_000));
  const timeoutMs = Math.max(1, Math.trunc(options.timeoutMs ?? DYNAMIC_ROLE_TIMEOUT_MS));
  const fn = sql`${sql.identifier(schemaName)}.${sql.identifier(procedureName)}`;
  try {
    return await database.db.transaction(
      async (tx) => {
        if (database.kind !== 'pglite') await tx.execute(sql.raw(`SET LOCAL statement_timeout = ${timeoutMs}`));
        const rows = await queryRows<{ userid: string }>(tx, sql`
          SELECT u.account AS userid FROM users u
          WHERE u.enabled AND lower((${fn}(u.account::text, u.user_type::int))::text) IN ('true', 't', '1', 'yes', 'y')
          ORDER BY u.account LIMIT ${limit}`);
        return rows.map((row) => row.userid);
      },
      { accessMode: 'read only' },
    );
  } catch (error) {
    throw failure(error, timeoutMs);
  }
}
