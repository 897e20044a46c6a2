import { sql } from 'drizzle-orm';
import type { AwardLevel, MyAwardRow } from '@campus/contract';
import { queryRows, type DbOrTx } from '../../../db/client.ts';
import type { AuthContext } from '../../../platform/context.ts';
import { day, pictureInfos } from '../common.ts';

interface MyAwardRecord {
  kind: 'disciplinary' | 'aboveSchool';
  id: number;
  name: string;
  competitionTitle: string | null;
  level: AwardLevel | null;
  awardedOn: string;
  studentId: number;
  studentName: string;
  notes: string;
  pictures: string[];
}

/**
 * 我的获奖: both kinds of awards of the caller (a student) or of their children (a parent), newest award
 * date first. Whose awards is decided in the query: another family's rows are never read.
 */
export async function listMyAwards(
  db: DbOrTx,
  auth: AuthContext,
  filter: { studentId?: number; kind?: '' | 'disciplinary' | 'aboveSchool' },
  page: { offset: number; limit: number },
): Promise<{ total: number; rows: MyAwardRow[]; children: { id: number; name: string }[] }> {
  const mine = sql`(SELECT s.id FROM students s WHERE s.user_id = ${auth.userId} UNION SELECT g.student_id FROM guardians g WHERE g.parent_user_id = ${auth.userId})`;
  const student = filter.studentId ? sql`AND s.id = ${filter.studentId}` : sql``;
  const parts = [];
  if (filter.kind !== 'aboveSchool') {
    parts.push(sql`
      SELECT 'disciplinary' AS kind, d.id, cp.name, c.title AS "competitionTitle", NULL AS level, cp.awarded_on AS awarded, ${day(sql`cp.awarded_on`)} AS "awardedOn",
             s.id AS "studentId", s.name AS "studentName", '' AS notes, d.pictures, d.created_at AS created
      FROM disciplinary_awards d JOIN competition_prizes cp ON cp.id = d.prize_id JOIN competitions c ON c.id = cp.competition_id
      JOIN students s ON s.id = d.student_id
      WHERE s.id IN ${mine} ${student}`);
  }
  if (filter.kind !== 'disciplinary') {
    parts.push(sql`
      SELECT 'aboveSchool' AS kind, a.id, a.name, NULL AS "competitionTitle", a.level, a.awarded_on AS awarded, ${day(sql`a.awarded_on`)} AS "awardedOn",
             s.id AS "studentId", s.name AS "studentName", a.notes, a.pictures, a.created_at AS created
      FROM above_school_awards a JOIN above_school_award_winners w ON w.award_id = a.id JOIN students s ON s.id = w.student_id
      WHERE s.id IN ${mine} ${student}`);
  }
  const union = sql.join(parts, sql` UNION ALL `);
  const [counted, rows, children] = await Promise.all([
    queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM (${union}) AS awards`),
    queryRows<MyAwardRecord>(db, sql`
      SELECT kind, id, name, "competitionTitle", level, "awardedOn", "studentId", "studentName", notes, pictures
      FROM (${union}) AS awards ORDER BY awarded DESC, created DESC, kind, id DESC LIMIT ${page.limit} OFFSET ${page.offset}`),
    queryRows<{ id: number; name: string }>(db, sql`SELECT s.id, s.name FROM students s WHERE s.id IN ${mine} ORDER BY s.student_number`),
  ]);
  const pictures = new Map((await pictureInfos(db, rows.flatMap((row) => row.pictures))).map((picture) => [picture.id, picture]));
  return {
    total: counted[0]!.total,
    children,
    rows: rows.map((row) => ({ ...row, notes: row.notes ?? '', pictures: row.pictures.flatMap((id) => (pictures.has(id) ? [pictures.get(id)!] : [])) })),
  };
}

/** The newest awards of both kinds won by these students (a class teacher's class overview), newest award date first. */
export async function recentAwardsOf(db: DbOrTx, studentIds: readonly number[], limit: number): Promise<{ kind: 'disciplinary' | 'aboveSchool'; name: string; studentName: string; awardedOn: string }[]> {
  if (studentIds.length === 0) return [];
  const ids = sql`${sql.param([...studentIds])}::int[]`;
  return queryRows(db, sql`
    SELECT kind, name, "studentName", "awardedOn" FROM (
      SELECT 'disciplinary' AS kind, cp.name, s.name AS "studentName", cp.awarded_on AS awarded, ${day(sql`cp.awarded_on`)} AS "awardedOn", d.id
      FROM disciplinary_awards d JOIN competition_prizes cp ON cp.id = d.prize_id JOIN students s ON s.id = d.student_id WHERE d.student_id = ANY(${ids})
      UNION ALL
      SELECT 'aboveSchool' AS kind, a.name, s.name, a.awarded_on, ${day(sql`a.awarded_on`)}, a.id
      FROM above_school_awards a JOIN above_school_award_winners w ON w.award_id = a.id JOIN students s ON s.id = w.student_id WHERE w.student_id = ANY(${ids})
    ) awards ORDER BY awarded DESC, id DESC LIMIT ${limit}`);
}

/** How many awards of both kinds each of these students has. */
export async function awardCountsOf(db: DbOrTx, studentIds: readonly number[]): Promise<Map<number, number>> {
  if (studentIds.length === 0) return new Map();
  const ids = sql`${sql.param([...studentIds])}::int[]`;
  const rows = await queryRows<{ studentId: number; n: number }>(db, sql`
    SELECT "studentId", count(*)::int AS n FROM (
      SELECT d.student_id AS "studentId" FROM disciplinary_awards d WHERE d.student_id = ANY(${ids})
      UNION ALL SELECT w.student_id FROM above_school_award_winners w WHERE w.student_id = ANY(${ids})) x GROUP BY "studentId"`);
  return new Map(rows.map((row) => [row.studentId, row.n]));
}
