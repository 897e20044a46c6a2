import { sql, type SQL } from 'drizzle-orm';
import type { PagedResult } from '@campus/contract';
import { queryRows, type DbOrTx } from '../../../db/client.ts';
import { competitionPrizes, competitions } from '../../../db/schema/index.ts';
import { aliased, countMatches, keywordColumns, matchKeyword } from '../../../platform/keyword.ts';
import { day } from '../common.ts';

/** The event list's two boxes: title and place. */
const TITLE_KEYWORD = keywordColumns(competitions.title);
const PLACE_KEYWORD = keywordColumns(competitions.place);
/** The award list's box: the award's name or its event's title. */
const PRIZE_KEYWORD = keywordColumns(competitionPrizes.name, competitions.title);
const inPrizes = aliased({ competitions: 'c', competition_prizes: 'cp' });

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

export async function pageCompetitions(
  db: DbOrTx,
  filter: { title?: string; place?: string },
  page: { offset: number; limit: number },
): Promise<PagedResult<CompetitionRecord>> {
  const where = sql.join(
    [sql`TRUE`, matchKeyword(filter.title, TITLE_KEYWORD, aliased('c')) ?? sql`TRUE`, matchKeyword(filter.place, PLACE_KEYWORD, aliased('c')) ?? sql`TRUE`],
    sql` AND `,
  );
  const [counted, rows] = await Promise.all([
    // Either box is a keyword: its matches are counted up to the limit.
    countMatches(db, sql`SELECT 1 FROM competitions c WHERE ${where}`, filter.title || filter.place),
    queryRows<CompetitionRecord>(db, sql`
      SELECT ${COMPETITION_COLUMNS} FROM competitions c LEFT JOIN users p ON p.id = c.publisher_user_id
      WHERE ${where} ORDER BY c.held_on DESC, c.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`),
  ]);
  return { ...counted, rows };
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

export async function pagePrizes(
  db: DbOrTx,
  filter: { competitionId?: number; name?: string },
  page: { offset: number; limit: number },
): Promise<PagedResult<PrizeRecord>> {
  const where: SQL = sql.join(
    [
      sql`TRUE`,
      filter.competitionId ? sql`cp.competition_id = ${filter.competitionId}` : sql`TRUE`,
      matchKeyword(filter.name, PRIZE_KEYWORD, inPrizes) ?? sql`TRUE`,
    ],
    sql` AND `,
  );
  const [counted, rows] = await Promise.all([
    countMatches(db, sql`SELECT 1 FROM competition_prizes cp JOIN competitions c ON c.id = cp.competition_id WHERE ${where}`, filter.name),
    queryRows<PrizeRecord>(db, sql`
      SELECT ${PRIZE_COLUMNS} FROM competition_prizes cp JOIN competitions c ON c.id = cp.competition_id
      WHERE ${where} ORDER BY c.held_on DESC, cp.competition_id DESC, cp.id LIMIT ${page.limit} OFFSET ${page.offset}`),
  ]);
  return { ...counted, rows };
}
