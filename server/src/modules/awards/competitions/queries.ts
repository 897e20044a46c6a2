import { sql, type SQL } from 'drizzle-orm';
import type { PagedResult } from '@campus/contract';
import { queryRows, type DbOrTx } from '../../../db/client.ts';
import { competitionPrizes, competitions } from '../../../db/schema/index.ts';
import { aliased, keywordColumns, matchKeyword, matchKeywordAcross } from '../../../platform/keyword.ts';
import { pageOfList } from '../../../platform/listPage.ts';
import { day } from '../common.ts';

/** The event list's two boxes: title and place. */
const TITLE_KEYWORD = keywordColumns(competitions.title);
const PLACE_KEYWORD = keywordColumns(competitions.place);
/** The award list's box: the award's name or its event's title. */
const PRIZE_KEYWORD = keywordColumns(competitionPrizes.name);

export interface CompetitionRecord {
  id: number;
  title: string;
  heldOn: string;
  place: string;
  content: string;
  pictures: string[];
  publisherUserId: number | null;
  publisherName: string | null;
  releasedAt: Date;
  prizeCount: number;
  givenCount: number;
}

const COMPETITION_COLUMNS = sql`
  c.id, c.title, ${day(sql`c.held_on`)} AS "heldOn", c.place, c.content, c.pictures, c.publisher_user_id AS "publisherUserId",
  p.display_name AS "publisherName", c.released_at AS "releasedAt",
  (SELECT count(*)::int FROM competition_prizes cp WHERE cp.competition_id = c.id) AS "prizeCount",
  (SELECT count(*)::int FROM disciplinary_awards d JOIN competition_prizes cp ON cp.id = d.prize_id WHERE cp.competition_id = c.id) AS "givenCount"`;

export async function competitionById(db: DbOrTx, id: number, lock = false): Promise<CompetitionRecord | null> {
  const [row] = await queryRows<CompetitionRecord>(db, sql`
    SELECT ${COMPETITION_COLUMNS} FROM competitions c LEFT JOIN users p ON p.id = c.publisher_user_id
    WHERE c.id = ${id} ${lock ? sql`FOR UPDATE OF c` : sql``}`);
  return row ?? null;
}

/** The events, latest held first (platform/listPage.ts): awards counted for the page's events only. */
export function pageCompetitions(
  db: DbOrTx,
  filter: { title?: string; place?: string },
  page: { offset: number; limit: number },
): Promise<PagedResult<CompetitionRecord>> {
  const where = sql.join(
    [sql`TRUE`, matchKeyword(filter.title, TITLE_KEYWORD, aliased('c')) ?? sql`TRUE`, matchKeyword(filter.place, PLACE_KEYWORD, aliased('c')) ?? sql`TRUE`],
    sql` AND `,
  );
  return pageOfList<CompetitionRecord>(
    db,
    // Either box is a keyword: its matches are counted up to the limit.
    filter.title || filter.place,
    {
      matching: sql`SELECT c.id, c.held_on FROM competitions c WHERE ${where}`,
      order: { orderBy: sql`m.held_on DESC, m.id DESC` },
      details: { columns: COMPETITION_COLUMNS, joins: sql`JOIN competitions c ON c.id = chosen.id LEFT JOIN users p ON p.id = c.publisher_user_id` },
    },
    page,
  );
}

export interface PrizeRecord {
  id: number;
  competitionId: number;
  competitionTitle: string;
  competitionPublisherUserId: number | null;
  name: string;
  winnerNumber: number;
  givenCount: number;
  awardedOn: string;
  startsOn: string;
  endsOn: string;
  publisherUserId: number | null;
}

const PRIZE_COLUMNS = sql`
  cp.id, cp.competition_id AS "competitionId", c.title AS "competitionTitle", c.publisher_user_id AS "competitionPublisherUserId",
  cp.name, cp.winner_number::int AS "winnerNumber",
  (SELECT count(*)::int FROM disciplinary_awards d WHERE d.prize_id = cp.id) AS "givenCount",
  ${day(sql`cp.awarded_on`)} AS "awardedOn", ${day(sql`cp.starts_on`)} AS "startsOn", ${day(sql`cp.ends_on`)} AS "endsOn",
  cp.publisher_user_id AS "publisherUserId"`;

/**
 * An award with how many students were given it. Locking takes the row first in a statement of its own,
 * so the count read after it sees every giving committed while this one waited.
 */
export async function prizeById(db: DbOrTx, id: number, lock = false): Promise<PrizeRecord | null> {
  if (lock) await db.execute(sql`SELECT id FROM competition_prizes WHERE id = ${id} FOR UPDATE`);
  const [row] = await queryRows<PrizeRecord>(db, sql`
    SELECT ${PRIZE_COLUMNS} FROM competition_prizes cp JOIN competitions c ON c.id = cp.competition_id WHERE cp.id = ${id}`);
  return row ?? null;
}

/** The awards, by their events latest held first (platform/listPage.ts). */
export function pagePrizes(
  db: DbOrTx,
  filter: { competitionId?: number; name?: string },
  page: { offset: number; limit: number },
): Promise<PagedResult<PrizeRecord>> {
  const where: SQL = sql.join(
    [
      sql`TRUE`,
      filter.competitionId ? sql`cp.competition_id = ${filter.competitionId}` : sql`TRUE`,
      // By the award's own indexed keys, never one OR over the joined event's title.
      matchKeywordAcross(filter.name, [
        { key: sql`cp.id`, columns: PRIZE_KEYWORD },
        { key: sql`cp.competition_id`, columns: TITLE_KEYWORD },
      ]) ?? sql`TRUE`,
    ],
    sql` AND `,
  );
  return pageOfList<PrizeRecord>(
    db,
    filter.name,
    {
      matching: sql`SELECT cp.id, cp.competition_id FROM competition_prizes cp WHERE ${where}`,
      order: { joins: sql`JOIN competitions c ON c.id = m.competition_id`, orderBy: sql`c.held_on DESC, m.competition_id DESC, m.id` },
      details: { columns: PRIZE_COLUMNS, joins: sql`JOIN competition_prizes cp ON cp.id = chosen.id JOIN competitions c ON c.id = cp.competition_id` },
    },
    page,
  );
}
