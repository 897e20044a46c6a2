import type { Language } from '@campus/contract';
import { sql, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { isEmbedded, queryRows, type DbOrTx } from '../../../db/client.ts';
import { hasCase, isShortKeyword, KEYWORD_MATCH_LIMIT, likeContains, MATCH_CAP } from '../../../platform/keyword.ts';

export interface PeopleFilter {
  /** Contains, case-insensitive, on account, name or the name's pinyin initials. */
  keyword?: string;
  userTypes?: number[];
  /** Campus org code: a staff member's campus or the campus of a student's class. */
  campusCode?: string;
  /** Org code of a staff member's working department or research group, or a student's class code. */
  unitCode?: string;
  /** A term code; when given it must exist (no person is term-bound otherwise, see docs/calls-components.md). */
  termCode?: string;
}

export interface PersonRow {
  account: string;
  display_name: string;
  user_type: number;
  campus_name: string | null;
  unit_name: string | null;
}

/**
 * Conditions on users `u`. Disabled users are never listed. The keyword matches the account, the name or
 * the name's pinyin initials (张伟 → zw), each through its own index (users_*_grams_idx, users_*_trgm_idx).
 * `keywordAsFilter`: the rows come from another index (the walk in list order) and the keyword only
 * filters them.
 */
export function peopleConditions(filter: PeopleFilter, keywordAsFilter = false): SQL {
  const parts: SQL[] = [sql`u.enabled`];
  if (filter.keyword) {
    if (isShortKeyword(filter.keyword) && !keywordAsFilter) {
      // One or two characters hold no trigram: the pieces index of migration 0010 serves them instead.
      const piece = filter.keyword.toLowerCase();
      parts.push(sql`(campus_grams(lower(u.account)) @> ARRAY[${piece}]::text[] OR campus_grams(lower(u.display_name)) @> ARRAY[${piece}]::text[]
        OR campus_grams(lower(u.name_initials)) @> ARRAY[${piece}]::text[])`);
    } else {
      // As a filter a short keyword matches the same rows with (I)LIKE as with its pieces, at a fraction
      // of the cost: campus_grams builds the array of every piece of the row, and filtering with it the
      // 3,301 users listed before the parents took 630 ms for 家长 on the embedded school database.
      const pattern = likeContains(filter.keyword);
      // ILIKE folds case row by row, which makes a scan several times slower than LIKE; a keyword without
      // cased letters (Chinese names, digits) matches the same rows with LIKE. Both use the trigram indexes.
      const like = hasCase(filter.keyword) ? sql`ILIKE` : sql`LIKE`;
      parts.push(sql`(u.account ${like} ${pattern} OR u.display_name ${like} ${pattern} OR u.name_initials ${like} ${pattern})`);
    }
  }
  if (filter.userTypes?.length) parts.push(sql`u.user_type IN (${sql.join(filter.userTypes.map((type) => sql`${type}`), sql`, `)})`);
  if (filter.campusCode) {
    parts.push(sql`(
      u.id IN (SELECT st.user_id FROM staff st JOIN org_units o ON o.id = st.campus_id WHERE o.code = ${filter.campusCode})
      OR u.id IN (SELECT s.user_id FROM students s JOIN classes c ON c.id = s.class_id JOIN org_units o ON o.id = c.campus_id WHERE o.code = ${filter.campusCode}))`);
  }
  if (filter.unitCode) {
    parts.push(sql`(
      u.id IN (SELECT st.user_id FROM staff st JOIN org_units o ON o.id IN (st.working_dept_id, st.research_group_id) WHERE o.code = ${filter.unitCode})
      OR u.id IN (SELECT s.user_id FROM students s JOIN classes c ON c.id = s.class_id WHERE c.code = ${filter.unitCode}))`);
  }
  if (filter.termCode) parts.push(sql`EXISTS (SELECT 1 FROM terms t WHERE t.code = ${filter.termCode})`);
  return sql.join(parts, sql` AND `);
}

/** The name of the organisation unit whose id is `idColumn`, in the caller's language (null when none). */
const orgName = (idColumn: string, language: Language) =>
  sql.raw(`(SELECT ${language === 'en' ? 'COALESCE(o.name_en, o.name)' : 'o.name'} FROM org_units o WHERE o.id = ${idColumn})`);

/**
 * The columns and joins that turn chosen users `u` into picker rows. Unit names are looked up per row:
 * as four more joins of org_units they made planning cost five times the execution (6 ms of planning for
 * a 1 ms walk over 310,000 users; docs/decisions.md "People search").
 */
function personDetails(language: Language): { columns: SQL; joins: SQL } {
  return {
    columns: sql`u.account, u.display_name, u.user_type,
           COALESCE(${orgName('st.campus_id', language)}, ${orgName('cl.campus_id', language)}) AS campus_name,
           COALESCE(${orgName('st.working_dept_id', language)}, ${orgName('st.research_group_id', language)}, cl.name) AS unit_name`,
    joins: sql`
    LEFT JOIN staff st ON st.user_id = u.id
    LEFT JOIN students s ON s.user_id = u.id
    LEFT JOIN classes cl ON cl.id = s.class_id`,
  };
}

/**
 * The rows of one page, ordered by user type then account. Without a keyword (and with a keyword that
 * matches very many people, `walkInOrder`) the (user_type, account) index is read in order and the first
 * matching rows end the scan; a rarer keyword's matches come from the keyword indexes and are sorted, because
 * walking the order index would filter row after row to find them.
 */
export function peoplePageQuery(filter: PeopleFilter, page: { offset: number; limit: number }, language: Language, walkInOrder = !filter.keyword): SQL {
  const { columns, joins } = personDetails(language);
  return sql`
    SELECT ${columns}
    FROM users u ${joins}
    WHERE ${peopleConditions(filter, walkInOrder)}
    ORDER BY ${walkInOrder ? sql`u.user_type` : sql`u.user_type + 0`}, u.account
    LIMIT ${page.limit} OFFSET ${page.offset}`;
}

/** A keyword search stops counting at KEYWORD_MATCH_LIMIT (docs/decisions.md "People search"). */
export { KEYWORD_MATCH_LIMIT };

/**
 * One statement for a keyword page: collect at most KEYWORD_MATCH_LIMIT + 1 matches through the keyword
 * indexes, count them and detail the requested page of them. Every answer has at least one row, which
 * carries the count (its person columns are null when the page is empty).
 */
export function keywordPageQuery(filter: PeopleFilter, page: { offset: number; limit: number }, language: Language): SQL {
  const { columns, joins } = personDetails(language);
  return sql`
    WITH matched AS MATERIALIZED (
      SELECT u.id, u.user_type, u.account FROM users u WHERE ${peopleConditions(filter)} ${MATCH_CAP}
    ), chosen AS (
      SELECT m.id FROM matched m ORDER BY m.user_type, m.account LIMIT ${page.limit} OFFSET ${page.offset}
    )
    SELECT (SELECT count(*) FROM matched) AS total, d.*
    FROM (SELECT 1) AS one
    LEFT JOIN LATERAL (SELECT ${columns} FROM chosen c JOIN users u ON u.id = c.id ${joins}) AS d ON TRUE
    ORDER BY d.user_type, d.account`;
}

export interface PeoplePage {
  total: number;
  rows: PersonRow[];
  /** True when more people match the keyword than KEYWORD_MATCH_LIMIT (total is then that limit). */
  more: boolean;
}

/**
 * Reads a keyword page (keywordPageQuery). Prepared: planning this statement (seven joins, two keyword
 * indexes) costs two to five times its execution, and its generic plan reads the keyword indexes whatever
 * the keyword (docs/decisions.md "People search").
 *
 * The embedded database prepares nothing: every call is planned for its own keyword, and for a short one
 * that most people match (a digit, 家) that plan reads users in table order and computes campus_grams for
 * each row until it has its 1,001: the planner prices the function far below its cost, and charges the
 * index path for rechecking it, which the pieces index's exact matches never need. 80 ms for `2` on the
 * embedded school database, 5 ms through the pieces index. Sequential scans are turned off for that one
 * statement, in a transaction of its own (the embedded database runs it as one turn).
 */
async function readKeywordPage(db: DbOrTx, filter: PeopleFilter, query: SQL): Promise<(PersonRow & { total: number | string })[]> {
  const embeddedShort = filter.keyword !== undefined && isShortKeyword(filter.keyword) && isEmbedded(db);
  // Inside a caller's transaction the setting would outlive the statement: the planner decides there.
  if (!embeddedShort || db instanceof PgTransaction) return queryRows(db, query, { prepared: true });
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    return queryRows(tx, query);
  });
}

export async function pagePeople(db: DbOrTx, filter: PeopleFilter, page: { offset: number; limit: number }, language: Language): Promise<PeoplePage> {
  if (filter.keyword) {
    // The walk below stays unprepared: a generic plan cannot see that its LIMIT is small.
    const found = await readKeywordPage(db, filter, keywordPageQuery(filter, page, language));
    const total = Number(found[0]?.total ?? 0);
    if (total <= KEYWORD_MATCH_LIMIT) {
      return { total, rows: found.filter((row) => row.account !== null).map(({ total: _total, ...row }) => row), more: false };
    }
    // A common keyword (a year of student numbers, a frequent surname): its matches are dense, so the
    // order index meets a page of them within a few hundred rows.
    return { total: KEYWORD_MATCH_LIMIT, rows: await queryRows<PersonRow>(db, peoplePageQuery(filter, page, language, true)), more: true };
  }
  const [rows, counted] = await Promise.all([
    queryRows<PersonRow>(db, peoplePageQuery(filter, page, language)),
    queryRows<{ total: number | string }>(db, sql`SELECT count(*) AS total FROM users u WHERE ${peopleConditions(filter)}`),
  ]);
  return { total: Number(counted[0]?.total ?? 0), rows, more: false };
}

/** Accounts and names of the given accounts (enabled or not: a stored selection still shows its name). */
export async function namesOfAccounts(db: DbOrTx, accounts: readonly string[]): Promise<{ account: string; display_name: string }[]> {
  if (accounts.length === 0) return [];
  return queryRows(db, sql`
    SELECT u.account, u.display_name FROM users u
    WHERE u.account IN (${sql.join(accounts.map((account) => sql`${account}`), sql`, `)})`);
}

export interface OrgRow {
  id: number;
  parent_id: number | null;
  code: string;
  name: string;
  name_en: string | null;
  kind: string;
}

/** Enabled organisation units whose every ancestor is enabled too, in display order. */
export async function enabledOrgUnits(db: DbOrTx): Promise<OrgRow[]> {
  return queryRows<OrgRow>(db, sql`
    WITH RECURSIVE tree AS (
      SELECT o.id FROM org_units o WHERE o.parent_id IS NULL AND o.enabled
      UNION ALL
      SELECT o.id FROM org_units o JOIN tree ON o.parent_id = tree.id WHERE o.enabled
    )
    SELECT o.id, o.parent_id, o.code, o.name, o.name_en, o.kind
    FROM org_units o JOIN tree ON tree.id = o.id
    ORDER BY o.sort, o.code`);
}

export interface RoleRow {
  code: string;
  name: string;
  role_type: string;
}

export async function enabledRoles(db: DbOrTx, roleType?: string): Promise<RoleRow[]> {
  return queryRows<RoleRow>(db, sql`
    SELECT r.code, r.name, r.role_type FROM roles r
    WHERE r.enabled ${roleType ? sql`AND r.role_type = ${roleType}` : sql``}
    ORDER BY r.sort, r.code`);
}

export interface AreaRow {
  code: string;
  name: string;
  level: number;
  has_children: boolean;
}

/** Children of `parentCode`, or the top-level areas when it is absent, with whether each has children. */
export async function areaChildren(db: DbOrTx, parentCode?: string): Promise<AreaRow[]> {
  return queryRows<AreaRow>(db, sql`
    SELECT a.code, a.name, a.level, EXISTS (SELECT 1 FROM areas c WHERE c.parent_code = a.code) AS has_children
    FROM areas a
    WHERE ${parentCode ? sql`a.parent_code = ${parentCode}` : sql`a.parent_code IS NULL`}
    ORDER BY a.code`);
}

export async function areaExists(db: DbOrTx, code: string): Promise<boolean> {
  const rows = await queryRows<{ code: string }>(db, sql`SELECT code FROM areas WHERE code = ${code}`);
  return rows.length > 0;
}

/** Codes from the top-level area down to `code`; empty when the code is unknown. */
export async function areaPath(db: DbOrTx, code: string): Promise<string[]> {
  const rows = await queryRows<{ code: string }>(db, sql`
    WITH RECURSIVE up AS (
      SELECT a.code, a.parent_code, 0 AS depth FROM areas a WHERE a.code = ${code}
      UNION ALL
      SELECT p.code, p.parent_code, up.depth + 1 FROM areas p JOIN up ON p.code = up.parent_code WHERE up.depth < 10
    )
    SELECT code FROM up ORDER BY depth DESC`);
  return rows.map((row) => row.code);
}
