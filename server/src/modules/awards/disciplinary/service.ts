import { sql, type SQL } from 'drizzle-orm';
import type { DisciplinaryCreate, DisciplinaryDetail, DisciplinaryRow, DisciplinaryUpdate, PagedResult } from '@campus/contract';
import { queryRows, type Db, type DbOrTx } from '../../../db/client.ts';
import { competitionPrizes, competitions, students } from '../../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../../platform/errors.ts';
import { keywordColumns, matchKeywordAcross } from '../../../platform/keyword.ts';
import { pageOfList } from '../../../platform/listPage.ts';
import { formatLocalTime } from '../../../platform/schoolClock.ts';
import { AWARD_PERMISSIONS, checkedPictures, checkedPicturesKeeping, checkStudents, day, intArray, pictureInfos, type Caller } from '../common.ts';
import { prizeById } from '../competitions/queries.ts';

const P = AWARD_PERMISSIONS.disciplinary;
const seesAll = (caller: Caller) => caller.permissions.has(P.all);

interface DisciplinaryRecord {
  id: number;
  prizeId: number;
  prizeName: string;
  competitionId: number;
  competitionTitle: string;
  awardedOn: string;
  studentId: number;
  studentNumber: string;
  studentName: string;
  className: string;
  giverUserId: number | null;
  giverName: string | null;
  createdAt: Date;
  pictures: string[];
}

const COLUMNS = sql`
  d.id, d.prize_id AS "prizeId", cp.name AS "prizeName", c.id AS "competitionId", c.title AS "competitionTitle", ${day(sql`cp.awarded_on`)} AS "awardedOn",
  s.id AS "studentId", s.student_number AS "studentNumber", s.name AS "studentName", coalesce(cl.name, '') AS "className",
  d.giver_user_id AS "giverUserId", g.display_name AS "giverName", d.created_at AS "createdAt", d.pictures`;
const FROM = sql`
  disciplinary_awards d JOIN competition_prizes cp ON cp.id = d.prize_id JOIN competitions c ON c.id = cp.competition_id
  JOIN students s ON s.id = d.student_id LEFT JOIN classes cl ON cl.id = s.class_id LEFT JOIN users g ON g.id = d.giver_user_id`;

/** The list's keyword: the student's name, its initials or number, the award's name or its event's title. */
const STUDENT_KEYWORD = keywordColumns(students.name, students.nameInitials, students.studentNumber);
const PRIZE_KEYWORD = keywordColumns(competitionPrizes.name);
const COMPETITION_KEYWORD = keywordColumns(competitions.title);

/** The keyword over awards `d`, by the award's own indexed columns. */
function awardKeyword(keyword: string | undefined): SQL | undefined {
  return matchKeywordAcross(keyword, [
    { key: sql`d.student_id`, columns: STUDENT_KEYWORD },
    { key: sql`d.prize_id`, columns: PRIZE_KEYWORD },
    { key: sql`d.prize_id`, columns: COMPETITION_KEYWORD, through: sql`SELECT p.id FROM competition_prizes p WHERE p.competition_id` },
  ]);
}

function toRow(caller: Caller, record: DisciplinaryRecord): DisciplinaryRow {
  return {
    id: record.id,
    prizeId: record.prizeId,
    prizeName: record.prizeName,
    competitionId: record.competitionId,
    competitionTitle: record.competitionTitle,
    awardedOn: record.awardedOn,
    student: { id: record.studentId, studentNumber: record.studentNumber, name: record.studentName, className: record.className },
    giverName: record.giverName ?? '',
    createdAt: formatLocalTime(new Date(record.createdAt)),
    pictureCount: record.pictures.length,
    mine: seesAll(caller) || record.giverUserId === caller.auth.userId,
  };
}

/** Rows the caller sees: every one with the `:all` right, else those they gave. */
const visible = (caller: Caller): SQL => (seesAll(caller) ? sql`TRUE` : sql`d.giver_user_id = ${caller.auth.userId}`);

export async function listDisciplinary(
  db: DbOrTx,
  caller: Caller,
  filter: { competitionId?: number; prizeId?: number; keyword?: string },
  page: { offset: number; limit: number },
): Promise<PagedResult<DisciplinaryRow>> {
  const where = sql.join(
    [
      visible(caller),
      filter.competitionId ? sql`d.prize_id IN (SELECT p.id FROM competition_prizes p WHERE p.competition_id = ${filter.competitionId})` : sql`TRUE`,
      filter.prizeId ? sql`d.prize_id = ${filter.prizeId}` : sql`TRUE`,
      awardKeyword(filter.keyword) ?? sql`TRUE`,
    ],
    sql` AND `,
  );
  const found = await pageOfList<DisciplinaryRecord>(
    db,
    filter.keyword,
    {
      matching: sql`SELECT d.id, d.created_at FROM disciplinary_awards d WHERE ${where}`,
      order: { orderBy: sql`m.created_at DESC, m.id DESC` },
      details: { columns: COLUMNS, joins: sql`JOIN (${FROM}) ON d.id = chosen.id` },
    },
    page,
  );
  return { ...found, rows: found.rows.map((row) => toRow(caller, row)) };
}

async function recordById(db: DbOrTx, id: number, lock = false): Promise<DisciplinaryRecord | null> {
  const [row] = await queryRows<DisciplinaryRecord>(db, sql`SELECT ${COLUMNS} FROM ${FROM} WHERE d.id = ${id} ${lock ? sql`FOR UPDATE OF d` : sql``}`);
  return row ?? null;
}

export async function disciplinaryDetail(db: DbOrTx, caller: Caller, id: number): Promise<DisciplinaryDetail> {
  const record = await recordById(db, id);
  // Another teacher's row is simply not there for this caller.
  if (!record || !(seesAll(caller) || record.giverUserId === caller.auth.userId)) throw notFound();
  return { ...toRow(caller, record), pictures: await pictureInfos(db, record.pictures) };
}

/**
 * Gives an award to students, one row each with the same pictures. The award's row is locked, so two
 * givings at once cannot together pass its winner number.
 */
export async function giveAward(db: Db, caller: Caller, input: DisciplinaryCreate): Promise<{ ids: number[] }> {
  const studentIds = [...new Set(input.studentIds)];
  return db.transaction(async (tx) => {
    const prize = await prizeById(tx, input.prizeId, true);
    if (!prize) throw notFound();
    const chosen = await checkStudents(tx, caller, P.all, studentIds);
    const already = await queryRows<{ name: string }>(tx, sql`
      SELECT s.name FROM disciplinary_awards d JOIN students s ON s.id = d.student_id
      WHERE d.prize_id = ${prize.id} AND d.student_id = ANY(${intArray(studentIds)}) ORDER BY s.name LIMIT 1`);
    if (already.length) throw badRequest('awards.alreadyGiven', { name: already[0]!.name });
    if (prize.givenCount + chosen.length > prize.winnerNumber) {
      throw badRequest('awards.winnersExceeded', { max: prize.winnerNumber, given: prize.givenCount, left: Math.max(0, prize.winnerNumber - prize.givenCount) });
    }
    const pictures = await checkedPictures(tx, caller.auth, input.pictures);
    const rows = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO disciplinary_awards (prize_id, student_id, pictures, giver_user_id)
      SELECT ${prize.id}, student_id, ${JSON.stringify(pictures)}::jsonb, ${caller.auth.userId} FROM unnest(${intArray(studentIds)}) AS student_id
      RETURNING id`);
    return { ids: rows.map((row) => row.id) };
  });
}

async function managed(db: DbOrTx, caller: Caller, id: number): Promise<DisciplinaryRecord> {
  const record = await recordById(db, id, true);
  if (!record) throw notFound();
  if (!seesAll(caller) && record.giverUserId !== caller.auth.userId) throw forbidden('awards.notYours');
  return record;
}

export async function updateDisciplinary(db: Db, caller: Caller, input: DisciplinaryUpdate): Promise<void> {
  await db.transaction(async (tx) => {
    const record = await managed(tx, caller, input.id);
    const pictures = await checkedPicturesKeeping(tx, caller.auth, input.pictures, record.pictures);
    await tx.execute(sql`UPDATE disciplinary_awards SET pictures = ${JSON.stringify(pictures)}::jsonb WHERE id = ${input.id}`);
  });
}

/** Takes given awards back; one the caller may not delete refuses the whole call. */
export async function deleteDisciplinary(db: Db, caller: Caller, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    for (const id of unique) await managed(tx, caller, id);
    await tx.execute(sql`DELETE FROM disciplinary_awards WHERE id = ANY(${intArray(unique)})`);
  });
}
