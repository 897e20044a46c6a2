import { sql } from 'drizzle-orm';
import type { Language, MyScoreBatch, MyScores } from '@campus/contract';
import { jsonValue, queryRows, type DbOrTx } from '../../../db/client.ts';
import type { AuthContext } from '../../../platform/context.ts';
import { badRequest, forbidden, notFound } from '../../../platform/errors.ts';
import { isStaff, ownStudentIds, visibleStudents } from '../../../platform/scope.ts';
import { schoolMinute } from '../../../platform/schoolClock.ts';
import { localName } from '../../timetable/views/queries.ts';

export const MY_SCORES_PERMISSION = 'score:transcript';

/**
 * The student whose transcript the caller reads: a family's own (the given child, or the first; a student
 * themselves; none: null), or for staff the given student among those they see (an administrator every
 * student, a teacher those of the classes they lead or teach).
 */
export async function transcriptStudent(db: DbOrTx, auth: AuthContext, studentId: number | undefined): Promise<MyScores['student'] | null> {
  if (isStaff(auth) && !studentId) throw badRequest('transcript.chooseStudent');
  const scope = isStaff(auth) ? visibleStudents(auth, sql`s.id`) : sql`s.id IN (${ownStudentIds(auth)})`;
  const [student] = await queryRows<MyScores['student']>(db, sql`
    SELECT s.id, s.name, s.student_number AS "studentNumber", coalesce(c.name, '') AS "className"
    FROM students s LEFT JOIN classes c ON c.id = s.class_id
    WHERE ${scope} ${studentId ? sql`AND s.id = ${studentId}` : sql``}
    ORDER BY s.student_number LIMIT 1`);
  if (!student && studentId) throw forbidden();
  return student ?? null;
}

type BatchRaw = Omit<MyScoreBatch, 'subjects' | 'releasedAt'> & { subjects: MyScoreBatch['subjects'] | string; releasedAtRaw: Date | string | null };

/**
 * A student's scores of released batches with the class's figures. The class is the student's class as the
 * batch lists it; places are 1 + those above, so equal scores share one. Nothing of a batch whose release
 * was cancelled is read.
 */
export async function myScores(db: DbOrTx, auth: AuthContext, studentId: number | undefined, language: Language): Promise<MyScores> {
  const student = await transcriptStudent(db, auth, studentId);
  if (!student) throw notFound();
  return { student, batches: await releasedScoreBatches(db, student.id, language) };
}

/**
 * The released batches of one student (of one term when given), the newest first. The caller has checked
 * that the student is theirs to see (a family's own, a class teacher's class: 学生评价's reports).
 */
export async function releasedScoreBatches(db: DbOrTx, studentId: number, language: Language, termId?: number): Promise<MyScoreBatch[]> {
  const student = { id: studentId };
  const batches = await queryRows<BatchRaw>(db, sql`
    WITH mine AS (
      SELECT b.id, b.name, b.term_id, b.exam_node, b.released_at, b.entry_start, s.class_id
      FROM score_batches b JOIN students s ON s.id = ${student.id}
      WHERE b.released ${termId ? sql`AND b.term_id = ${termId}` : sql``} AND EXISTS (SELECT 1 FROM scores sc WHERE sc.batch_id = b.id AND sc.student_id = s.id)),
    classmates AS (
      SELECT m.id AS batch_id, s.id AS student_id FROM mine m JOIN students s ON s.class_id = m.class_id),
    totals AS (
      SELECT sc.batch_id, sc.student_id, sum(sc.score) AS total
      FROM scores sc JOIN classmates cm ON cm.batch_id = sc.batch_id AND cm.student_id = sc.student_id
      WHERE sc.score IS NOT NULL GROUP BY sc.batch_id, sc.student_id)
    SELECT m.id, m.name, m.term_id AS "termId", ${localName('t', language)} AS "termName", m.exam_node AS "examNode", m.released_at AS "releasedAtRaw",
      (SELECT sum(ss.full_mark)::int FROM score_batch_subjects bs JOIN score_systems ss ON ss.id = bs.score_system_id WHERE bs.batch_id = m.id) AS "totalFull",
      (SELECT tt.total::float8 FROM totals tt WHERE tt.batch_id = m.id AND tt.student_id = ${student.id}) AS total,
      (SELECT 1 + count(*)::int FROM totals tt WHERE tt.batch_id = m.id
         AND tt.total > (SELECT t2.total FROM totals t2 WHERE t2.batch_id = m.id AND t2.student_id = ${student.id})) AS "classRank",
      (SELECT count(*)::int FROM totals tt WHERE tt.batch_id = m.id) AS "classSize",
      (SELECT st.grade_rank FROM score_totals st WHERE st.batch_id = m.id AND st.student_id = ${student.id}) AS "gradeRank",
      coalesce((SELECT g.counted FROM score_stats g WHERE g.batch_id = m.id AND g.class_id = 0 AND g.course_id = 0), 0) AS "gradeSize",
      (SELECT coalesce(json_agg(json_build_object(
          'courseId', bs.course_id, 'courseName', ${localName('co', language)}, 'fullMark', ss.full_mark,
          'score', own.score::float8, 'mark', own.mark,
          'parts', (SELECT coalesce(json_agg(json_build_object('name', i.name, 'maxScore', i.max_score::float8,
                      'score', (own.sub_scores ->> i.id::text)::float8) ORDER BY i.sort, i.id), '[]'::json)
                    FROM score_sub_items i WHERE i.batch_id = m.id AND i.course_id = bs.course_id AND own.sub_scores IS NOT NULL),
          'level', CASE WHEN own.score IS NULL THEN NULL WHEN own.score >= ss.excellent_line THEN 'excellent' WHEN own.score >= ss.good_line THEN 'good'
                        WHEN own.score >= ss.pass_line THEN 'pass' ELSE 'fail' END,
          'classAverage', round(cls.average, 2)::float8, 'classHighest', cls.highest::float8, 'classCount', cls.counted,
          'classRank', CASE WHEN own.score IS NULL THEN NULL ELSE 1 + cls.above END) ORDER BY co.sort, co.id), '[]'::json)
       FROM score_batch_subjects bs JOIN courses co ON co.id = bs.course_id JOIN score_systems ss ON ss.id = bs.score_system_id
       LEFT JOIN scores own ON own.batch_id = m.id AND own.course_id = bs.course_id AND own.student_id = ${student.id}
       CROSS JOIN LATERAL (
         SELECT avg(sc.score) AS average, max(sc.score) AS highest, count(*)::int AS counted, count(*) FILTER (WHERE sc.score > own.score)::int AS above
         FROM scores sc JOIN classmates cm ON cm.batch_id = sc.batch_id AND cm.student_id = sc.student_id
         WHERE sc.batch_id = m.id AND sc.course_id = bs.course_id AND sc.score IS NOT NULL) cls
       WHERE bs.batch_id = m.id) AS subjects
    FROM mine m JOIN terms t ON t.id = m.term_id
    ORDER BY t.start_date DESC, m.entry_start DESC, m.id DESC`);
  return batches.map(({ releasedAtRaw, ...batch }) => ({
    ...batch,
    classRank: batch.total === null ? null : batch.classRank,
    releasedAt: releasedAtRaw ? schoolMinute(releasedAtRaw) : '',
    subjects: jsonValue(batch.subjects),
  }));
}
