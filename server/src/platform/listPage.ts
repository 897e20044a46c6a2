import type { PagedResult } from '@campus/contract';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../db/client.ts';
import { KEYWORD_MATCH_LIMIT, MATCH_CAP, overCapForm, walkForm } from './keyword.ts';

/**
 * A list's page in the shape every large list takes (docs/decisions.md "Keyword search of every list"):
 * the matching rows are found by key alone, the page's keys chosen among them with only the joins the
 * order needs, and only those ten or twenty rows detailed. Joining names and titles to every match before
 * the LIMIT was what made a common surname cost seconds on a district's lists.
 *
 * Texts are named prepared statements (queryRows' `prepared`): they vary only with which filters are given,
 * never with their values, and planning a list's joins afresh cost more than running them.
 */
export interface ListQuery {
  /**
   * The matching rows' keys: `SELECT <alias>.id, <what the order sorts on> FROM … WHERE <scope, filters,
   * keyword>`, one row per list row, no ORDER BY. Carrying the sort columns here spares joining the
   * matches back to their table to order them.
   */
  matching: SQL;
  /**
   * How the page is chosen among the matches `m`: `orderBy` over m's columns (or over tables `joins`
   * brings, starting from `m`), ending in a unique column so pages never repeat or skip rows.
   * `walk` says an index of the list's own table holds that order (after the columns of its scope, such
   * as a publisher), so a keyword's page past KEYWORD_MATCH_LIMIT matches is found by walking it, in the
   * same statement (keywordPage).
   */
  order: { joins?: SQL; orderBy: SQL; walk?: boolean };
  /** The page rows' columns and their joins, from the chosen keys `chosen.id`. */
  details: { columns: SQL; joins: SQL };
}

export interface ListPage {
  offset: number;
  limit: number;
}

/**
 * The page's keys with their place on it. The place is numbered after the LIMIT, over rows already in
 * order (a window ordered by the list's order would make PostgreSQL sort every match instead of keeping
 * the top few: 100,000 insured students sorted for a page of ten).
 */
function chosenPage(from: SQL, query: ListQuery, page: ListPage): SQL {
  return sql`SELECT page.id, row_number() OVER () AS place FROM (
    SELECT m.id FROM ${from} ${query.order.joins ?? sql``}
    ORDER BY ${query.order.orderBy}
    LIMIT ${page.limit} OFFSET ${page.offset}) AS page`;
}

/** The page over all matches, in place order. */
function plainPage(query: ListQuery, page: ListPage): SQL {
  return sql`
    WITH chosen AS (${chosenPage(sql`(${query.matching}) AS m`, query, page)})
    SELECT ${query.details.columns} FROM chosen ${query.details.joins} ORDER BY chosen.place`;
}

const MATCH_LIMIT_SQL = sql.raw(String(KEYWORD_MATCH_LIMIT));

/**
 * A keyword's page in one statement: at most KEYWORD_MATCH_LIMIT + 1 matches collected through the keyword
 * indexes, counted, and the page chosen among them and detailed. The one row it always answers carries the
 * count (with null columns when the page is empty). Its estimates do not depend on the keyword, the
 * collection being capped, so PostgreSQL keeps one generic plan for it instead of planning every call.
 *
 * Past the cap the collected matches are not all of them. A list whose order walks (ListQuery.order.walk)
 * then takes its page from a walk in that order, which a common word ends after a few dozen rows; another
 * list's page comes from a second statement (pageOfList), and this one does not detail a page it would
 * throw away. Both choices depend only on the count, known before the page is read, so PostgreSQL runs
 * just the branch that holds (a One-Time Filter).
 */
export function keywordPage(query: ListQuery, page: ListPage): SQL {
  // Counted once: the count is read by the answer and by each gate.
  const count = sql`(SELECT n FROM counted)`;
  const chosen = query.order.walk
    ? sql`${chosenPage(sql`matched AS m`, query, page)} WHERE ${count} <= ${MATCH_LIMIT_SQL}
      UNION ALL ${chosenPage(sql`(${walkForm(query.matching)}) AS m`, query, page)} WHERE ${count} > ${MATCH_LIMIT_SQL}`
    : chosenPage(sql`matched AS m`, query, page);
  const detailed = query.order.walk ? sql`chosen` : sql`(SELECT * FROM chosen WHERE ${count} <= ${MATCH_LIMIT_SQL}) AS chosen`;
  return sql`
    WITH matched AS MATERIALIZED (${query.matching} ${MATCH_CAP}),
    counted AS MATERIALIZED (SELECT count(*) AS n FROM matched),
    chosen AS (${chosen})
    SELECT ${count} AS "matchCount", d.*
    FROM (SELECT 1) AS one
    LEFT JOIN LATERAL (SELECT chosen.place AS "listPlace", ${query.details.columns} FROM ${detailed} ${query.details.joins}) AS d ON TRUE
    ORDER BY d."listPlace"`;
}

/**
 * One page of a list and its total: exact without a keyword; with one, counted up to KEYWORD_MATCH_LIMIT,
 * past which the page is chosen among every match and the answer says `totalCapped` ("1,000+").
 */
export async function pageOfList<Row extends object>(db: DbOrTx, keyword: string | undefined | null, query: ListQuery, page: ListPage): Promise<PagedResult<Row>> {
  if (keyword?.trim()) {
    const found = await queryRows<Row & { matchCount: number | string; listPlace: unknown }>(db, keywordPage(query, page), { prepared: true, genericPlan: true });
    const matches = Number(found[0]?.matchCount ?? 0);
    const rows = () => found.filter((row) => row.listPlace !== null).map(({ matchCount: _count, listPlace: _place, ...row }) => row as unknown as Row);
    if (matches <= KEYWORD_MATCH_LIMIT) return { total: matches, rows: rows() };
    if (query.order.walk) return { total: KEYWORD_MATCH_LIMIT, totalCapped: true, rows: rows() };
    // Planned for this keyword on every call, not prepared: whether walking the list's order or collecting
    // the matches is cheaper depends on the keyword, and a prepared statement soon settles on the generic plan,
    // which collects and sorts every match (作文's 1,585 assignments: 5 ms a call under load, against 0.6 ms
    // to plan and 0.8 ms to walk).
    return { total: KEYWORD_MATCH_LIMIT, totalCapped: true, rows: await queryRows<Row>(db, overCapForm(plainPage(query, page))) };
  }
  const [rows, [counted]] = await Promise.all([
    queryRows<Row>(db, plainPage(query, page), { prepared: true }),
    queryRows<{ total: number | string }>(db, sql`SELECT count(*) AS total FROM (${query.matching}) AS matched`, { prepared: true }),
  ]);
  return { total: Number(counted?.total ?? 0), rows };
}
