import { getTableName, is, SQL, sql } from 'drizzle-orm';
import { PgColumn, type PgColumn as Column } from 'drizzle-orm/pg-core';
import { queryRows, type DbOrTx } from '../db/client.ts';

/**
 * Keyword search of the lists (docs/decisions.md "Keyword search").
 *
 * Chinese users search by a surname or a two-character given name: one or two characters hold no
 * trigram, so a trigram index cannot serve them and `LIKE '%侯%'` reads the whole table. Every keyword
 * column therefore carries two indexes (`keywordIndexes`, db/schema/keywordIndexes.ts): its one- and two-character pieces
 * (`campus_grams`, migration 0010) for short keywords, and its trigrams for longer ones. A list names its
 * keyword columns once (`keywordColumns`); `matchKeyword` picks the index the keyword can use, and the
 * hygiene test refuses a declared column whose table lacks either index.
 *
 * People's names also have their pinyin initials (张伟 → zw) in a column the database keeps itself
 * (`name_initials`, set by a trigger from the table `pinyin_initials`), searched like any other column.
 */

/** How many matches a keyword search counts before it reports "more than" instead (the picker's limit too). */
export const KEYWORD_MATCH_LIMIT = 1000;

/**
 * `LIMIT 1001` written into the statement's text rather than passed as a parameter: a prepared statement's
 * generic plan cannot see a parameter's value and assumes a tenth of the rows, and for so few it prefers
 * reading the whole table (56 ms for 侯 over 25,000 awards against 2 ms through the indexes).
 */
export const MATCH_CAP = sql.raw(`LIMIT ${KEYWORD_MATCH_LIMIT + 1}`);

/** Escapes LIKE wildcards so a keyword matches literally, anywhere in the text. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** One or two characters (code points): too short for a trigram. */
export function isShortKeyword(text: string): boolean {
  return [...text].length <= 2;
}

/** True when the text has letters whose case could differ (so matching it must ignore case). */
export function hasCase(text: string): boolean {
  return text.toLowerCase() !== text.toUpperCase();
}

const declared = new Set<Column>();

/** Declares the columns a list's keyword searches; `matchKeyword` takes the answer. */
export function keywordColumns(...columns: Column[]): readonly Column[] {
  for (const column of columns) declared.add(column);
  return columns;
}

/** Every column a list declared, as table and column names (for the hygiene test's index check). */
export function declaredKeywordColumns(): { table: string; column: string }[] {
  return [...declared].map((column) => ({ table: getTableName(column.table), column: column.name }));
}

/**
 * How a raw query names a column: `s.name` where the table is aliased `s`, or, for a keyword over several
 * joined tables, each table's alias by its name (`{ students: 's', conduct_records: 'r' }`).
 */
export function aliased(aliases: string | Readonly<Record<string, string>>): (column: Column) => SQL {
  return (column) => {
    const alias = typeof aliases === 'string' ? aliases : aliases[getTableName(column.table)];
    if (!alias) throw new Error(`aliased: no alias for table ${getTableName(column.table)}`);
    return sql.raw(`${alias}."${column.name}"`);
  };
}

/**
 * The condition of a keyword over the columns (any column matching), or undefined when there is none.
 * A keyword of one or two characters is looked up among the columns' pieces; a longer one is a
 * substring match the trigram indexes serve, LIKE when it has no cased letters (folding case row by row
 * makes a recheck several times slower) and ILIKE otherwise.
 */
export function matchKeyword(keyword: string | undefined | null, columns: readonly Column[], name: (column: Column) => SQL = (column) => sql`${column}`): SQL | undefined {
  const text = keyword?.trim();
  if (!text) return undefined;
  if (columns.some((column) => !declared.has(column) || !is(column, PgColumn))) throw new Error('matchKeyword: declare the columns with keywordColumns()');
  if (isShortKeyword(text)) {
    const piece = text.toLowerCase();
    // The pieces find the rows through their indexes; the LIKE, which matches exactly the same rows, is
    // what a plan that reads rows another way (a walk in list order, a scan that stops at a LIMIT) tests
    // first: it costs a fraction of building a row's pieces, which then happens only for rows that match.
    const pieces = sql.join(columns.map((column) => sql`campus_grams(lower(${name(column)})) @> ARRAY[${piece}]::text[]`), sql` OR `);
    const pattern = likeContains(piece);
    const likes = sql.join(columns.map((column) => sql`lower(${name(column)}) LIKE ${pattern}`), sql` OR `);
    const tested = sql`(${likes})`;
    const evenChance = sql`(CASE WHEN ${likes} THEN TRUE ELSE FALSE END)`;
    overCapForms.set(tested, evenChance);
    const matched = sql`((${pieces}) AND ${tested})`;
    walkForms.set(matched, evenChance);
    return matched;
  }
  const pattern = likeContains(text);
  const like = hasCase(text) ? sql`ILIKE` : sql`LIKE`;
  const likes = sql.join(columns.map((column) => sql`${name(column)} ${like} ${pattern}`), sql` OR `);
  const matched = sql`(${likes})`;
  walkForms.set(matched, sql`(CASE WHEN ${likes} THEN TRUE ELSE FALSE END)`);
  return matched;
}

/** Rewrites the statement's keyword conditions found in `forms` (by identity), at any depth. */
function rewritten(query: SQL, forms: WeakMap<SQL, SQL>): SQL {
  const chunks = query.queryChunks.map((chunk) => (is(chunk, SQL) ? (forms.get(chunk) ?? rewritten(chunk, forms)) : chunk));
  const result = new SQL(chunks);
  return (query as unknown as { shouldInlineParams: boolean }).shouldInlineParams ? result.inlineParams() : result;
}

/**
 * A short keyword's LIKE, as written for a page past KEYWORD_MATCH_LIMIT (see overCapForm), by the LIKE it stands for.
 */
const overCapForms = new WeakMap<SQL, SQL>();

/**
 * A statement with its short keywords' LIKEs in the form PostgreSQL does not count twice, for the page of a
 * keyword known to match more than KEYWORD_MATCH_LIMIT rows. The pieces and the LIKE match the same rows,
 * but the planner multiplies their selectivities: 作文's 1,585 assignments of 29,573 were estimated at one
 * row, so it never walked the list's order index (about 150 rows read for the first page) and sorted every
 * match instead. Behind a CASE, the LIKE counts as an even chance and the pieces' estimate stands.
 * The capped statements keep the plain form: their generic plans are tuned to it (listPage.ts).
 */
export function overCapForm(query: SQL): SQL {
  return rewritten(query, overCapForms);
}

/** A keyword's whole condition, as written for a walk in the list's order (see walkForm), by the condition. */
const walkForms = new WeakMap<SQL, SQL>();

/**
 * A statement whose keywords are tested row by row, with no index of theirs to read: every condition
 * matchKeyword wrote becomes its LIKE behind a CASE, which PostgreSQL takes for an even chance. A plan that
 * must serve any keyword then walks the list's order and stops at the page's end, which is the right way
 * once a keyword is known to match more than KEYWORD_MATCH_LIMIT rows (listPage.ts, ListQuery.order.walk).
 */
export function walkForm(query: SQL): SQL {
  return rewritten(query, walkForms);
}

/**
 * A keyword over columns of several tables: one `key = ANY(ARRAY(the table's matching ids))` per table, each
 * array found through that table's keyword indexes. A single OR over columns of joined tables can only be
 * tested row by row after the join, which builds every row's pieces (490,178 for 侯 over 30,000 discipline
 * records, none this way). Each key should be an indexed column of the list's own table (`d.student_id`):
 * the parts then combine as one BitmapOr of index lookups instead of testing every row against the arrays
 * (130 ms for 侯's 400 students against 25,000 awards through a join). A table reached through another,
 * such as a competition's title from an award's prize, names the step in `through`
 * (`SELECT p.id FROM competition_prizes p WHERE p.competition_id`), whose ids the key is then compared with.
 * Each part's columns are of one table, whose primary key is `id`.
 */
export function matchKeywordAcross(keyword: string | undefined | null, parts: readonly { key: SQL; columns: readonly Column[]; through?: SQL }[]): SQL | undefined {
  const text = keyword?.trim();
  if (!text) return undefined;
  return sql`(${sql.join(
    parts.map(({ key, columns, through }) => {
      const table = getTableName(columns[0]!.table);
      if (columns.some((column) => getTableName(column.table) !== table)) throw new Error('matchKeywordAcross: one table per part');
      const ids = sql`SELECT k.id FROM ${sql.identifier(table)} k WHERE ${matchKeyword(text, columns, aliased('k'))}`;
      return sql`${key} = ANY(ARRAY(${through ? sql`${through} IN (${ids})` : ids}))`;
    }),
    sql` OR `,
  )})`;
}

/**
 * Students `s` of the given classes, written for the keyword's generic plan (listPage.ts). A short
 * keyword's pieces and the classes combine as a BitmapAnd of two index lookups, which stays cheap for a
 * common surname in one class as in a district's 247 (1.3 ms for 侯). A longer keyword's trigrams find a
 * handful of students, which are then tested against the classes: the class index is kept out (`+ 0`) because
 * the generic plan, taking a batch for ten classes, would rather read every student of its classes and test
 * the keyword on each (13 ms for 王秀英 over a district batch's 9,872 students).
 */
export function inClasses(classIds: SQL, keyword: string | undefined): SQL {
  return keyword?.trim() && !isShortKeyword(keyword.trim()) ? sql`s.class_id + 0 = ANY(ARRAY(${classIds}))` : sql`s.class_id = ANY(ARRAY(${classIds}))`;
}

/**
 * The total of a list: exact without a keyword; with one, counted up to KEYWORD_MATCH_LIMIT, past which
 * the answer says `totalCapped` (the screen shows "1,000+") instead of counting every match of a single
 * common character on each keystroke. `matching` selects the matching rows (any columns): raw SQL, or a
 * query builder's select (`db.select({ one: sql`1` }).from(table).where(where)`).
 */
export async function countMatches(
  db: DbOrTx,
  query: SQL | { getSQL(): SQL },
  keyword: string | undefined | null,
  /** A hot list's count as a named prepared statement (queryRows' `prepared`: its text must not vary with the data). */
  options: { prepared?: boolean } = {},
): Promise<{ total: number; totalCapped?: true }> {
  const capped = Boolean(keyword?.trim());
  const matching = is(query, SQL) ? query : query.getSQL();
  const [row] = await queryRows<{ total: number | string }>(
    db,
    capped
      ? sql`SELECT count(*) AS total FROM (${matching} ${MATCH_CAP}) AS matched`
      : sql`SELECT count(*) AS total FROM (${matching}) AS matched`,
    options,
  );
  const total = Number(row?.total ?? 0);
  return capped && total > KEYWORD_MATCH_LIMIT ? { total: KEYWORD_MATCH_LIMIT, totalCapped: true } : { total };
}
