import { sql, type SQL } from 'drizzle-orm';
import type { AboveSchoolCreate, AboveSchoolDetail, AboveSchoolRow, AboveSchoolUpdate, AwardLevel, AwardStudent, PagedResult } from '@campus/contract';
import { queryRows, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import { aboveSchoolAwards, students } from '../../../db/schema/index.ts';
import { forbidden, notFound } from '../../../platform/errors.ts';
import { aliased, keywordColumns, matchKeyword, matchKeywordAcross } from '../../../platform/keyword.ts';
import { pageOfList } from '../../../platform/listPage.ts';
import { formatLocalTime } from '../../../platform/schoolClock.ts';
import { AWARD_PERMISSIONS, checkedPictures, checkedPicturesKeeping, checkStudents, day, intArray, pictureInfos, type Caller } from '../common.ts';

const P = AWARD_PERMISSIONS.aboveSchool;
const seesAll = (caller: Caller) => caller.permissions.has(P.all);

interface AboveSchoolRecord {
  id: number;
  level: AwardLevel;
  name: string;
  awardedOn: string;
  notes: string;
  pictures: string[];
  creatorUserId: number | null;
  creatorName: string | null;
  createdAt: Date;
  winners: AwardStudent[] | null;
}

const COLUMNS = sql`
  a.id, a.level, a.name, ${day(sql`a.awarded_on`)} AS "awardedOn", a.notes, a.pictures, a.creator_user_id AS "creatorUserId",
  u.display_name AS "creatorName", a.created_at AS "createdAt",
  (SELECT jsonb_agg(jsonb_build_object('id', s.id, 'studentNumber', s.student_number, 'name', s.name, 'className', coalesce(c.name, '')) ORDER BY s.student_number)
     FROM above_school_award_winners w JOIN students s ON s.id = w.student_id LEFT JOIN classes c ON c.id = s.class_id WHERE w.award_id = a.id) AS winners`;

/** The award name box. */
const NAME_KEYWORD = keywordColumns(aboveSchoolAwards.name);
/** The winner box: a winner's name, its initials or number. */
const WINNER_KEYWORD = keywordColumns(students.name, students.nameInitials, students.studentNumber);

function toRow(caller: Caller, record: AboveSchoolRecord): AboveSchoolRow {
  return {
    id: record.id,
    level: record.level,
    name: record.name,
    awardedOn: record.awardedOn,
    notes: record.notes,
    winners: record.winners ?? [],
    creatorName: record.creatorName ?? '',
    createdAt: formatLocalTime(new Date(record.createdAt)),
    pictureCount: record.pictures.length,
    mine: seesAll(caller) || record.creatorUserId === caller.auth.userId,
  };
}

/** Rows the caller sees: every one with the `:all` right, else those they recorded. */
const visible = (caller: Caller): SQL => (seesAll(caller) ? sql`TRUE` : sql`a.creator_user_id = ${caller.auth.userId}`);

export async function listAboveSchool(
  db: DbOrTx,
  caller: Caller,
  filter: { level?: AwardLevel | ''; name?: string; keyword?: string },
  page: { offset: number; limit: number },
): Promise<PagedResult<AboveSchoolRow>> {
  const where = sql.join(
    [
      visible(caller),
      filter.level ? sql`a.level = ${filter.level}` : sql`TRUE`,
      matchKeyword(filter.name, NAME_KEYWORD, aliased('a')) ?? sql`TRUE`,
      // The matching students by their keyword indexes, then their awards through the winners' student index.
      matchKeywordAcross(filter.keyword, [
        { key: sql`a.id`, columns: WINNER_KEYWORD, through: sql`SELECT w.award_id FROM above_school_award_winners w WHERE w.student_id` },
      ]) ?? sql`TRUE`,
    ],
    sql` AND `,
  );
  const found = await pageOfList<AboveSchoolRecord>(
    db,
    // Either box is a keyword: its matches are counted up to the limit.
    filter.keyword || filter.name,
    {
      matching: sql`SELECT a.id, a.awarded_on FROM above_school_awards a WHERE ${where}`,
      order: { orderBy: sql`m.awarded_on DESC, m.id DESC` },
      details: { columns: COLUMNS, joins: sql`JOIN above_school_awards a ON a.id = chosen.id LEFT JOIN users u ON u.id = a.creator_user_id` },
    },
    page,
  );
  return { ...found, rows: found.rows.map((row) => toRow(caller, row)) };
}

async function recordById(db: DbOrTx, id: number, lock = false): Promise<AboveSchoolRecord | null> {
  if (lock) await db.execute(sql`SELECT id FROM above_school_awards WHERE id = ${id} FOR UPDATE`);
  const [row] = await queryRows<AboveSchoolRecord>(db, sql`SELECT ${COLUMNS} FROM above_school_awards a LEFT JOIN users u ON u.id = a.creator_user_id WHERE a.id = ${id}`);
  return row ?? null;
}

export async function aboveSchoolDetail(db: DbOrTx, caller: Caller, id: number): Promise<AboveSchoolDetail> {
  const record = await recordById(db, id);
  if (!record || !(seesAll(caller) || record.creatorUserId === caller.auth.userId)) throw notFound();
  return { ...toRow(caller, record), pictures: await pictureInfos(db, record.pictures) };
}

async function writeWinners(tx: Tx, awardId: number, studentIds: readonly number[]): Promise<void> {
  await tx.execute(sql`DELETE FROM above_school_award_winners WHERE award_id = ${awardId}`);
  await tx.execute(sql`
    INSERT INTO above_school_award_winners (award_id, student_id) SELECT ${awardId}, student_id FROM unnest(${intArray([...new Set(studentIds)])}) AS student_id`);
}

export async function createAboveSchool(db: Db, caller: Caller, input: AboveSchoolCreate): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    await checkStudents(tx, caller, P.all, input.studentIds);
    const pictures = await checkedPictures(tx, caller.auth, input.pictures);
    const [row] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO above_school_awards (level, name, awarded_on, pictures, notes, creator_user_id)
      VALUES (${input.level}, ${input.name}, ${input.awardedOn}, ${JSON.stringify(pictures)}::jsonb, ${input.notes}, ${caller.auth.userId})
      RETURNING id`);
    await writeWinners(tx, row!.id, input.studentIds);
    return { id: row!.id };
  });
}

async function managed(db: DbOrTx, caller: Caller, id: number): Promise<AboveSchoolRecord> {
  const record = await recordById(db, id, true);
  if (!record) throw notFound();
  if (!seesAll(caller) && record.creatorUserId !== caller.auth.userId) throw forbidden('awards.notYours');
  return record;
}

export async function updateAboveSchool(db: Db, caller: Caller, input: AboveSchoolUpdate): Promise<void> {
  await db.transaction(async (tx) => {
    const record = await managed(tx, caller, input.id);
    // Winners already on the record stay allowed (a class may have changed teacher since); new ones must be the caller's.
    const kept = new Set((record.winners ?? []).map((winner) => winner.id));
    await checkStudents(tx, caller, P.all, input.studentIds.filter((id) => !kept.has(id)));
    const pictures = await checkedPicturesKeeping(tx, caller.auth, input.pictures, record.pictures);
    await tx.execute(sql`
      UPDATE above_school_awards SET level = ${input.level}, name = ${input.name}, awarded_on = ${input.awardedOn},
             pictures = ${JSON.stringify(pictures)}::jsonb, notes = ${input.notes}, updated_at = now()
      WHERE id = ${input.id}`);
    await writeWinners(tx, input.id, input.studentIds);
  });
}

export async function deleteAboveSchool(db: Db, caller: Caller, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    for (const id of unique) await managed(tx, caller, id);
    await tx.execute(sql`DELETE FROM above_school_awards WHERE id = ANY(${intArray(unique)})`);
  });
}
