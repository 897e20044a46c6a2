import { sql } from 'drizzle-orm';
import type { Language, MaintenanceBatches, MaintenancePage, MaintenanceRow, MaintenanceSubject, ScoreCell, ScoreCorrection, ScoreMark } from '@campus/contract';
import { intArray, jsonValue, queryRows, type Db, type DbOrTx } from '../../../db/client.ts';
import { students } from '../../../db/schema/index.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';
import { aliased, inClasses, keywordColumns, matchKeyword } from '../../../platform/keyword.ts';
import { pageOfList } from '../../../platform/listPage.ts';
import { schoolMinute } from '../../../platform/schoolClock.ts';
import { termChoice } from '../../shared/terms/service.ts';
import { localName } from '../../timetable/views/queries.ts';
import { queueAnalysis } from '../analysis/compute.ts';
import { checkCells } from '../entry/service.ts';

/**
 * 考试成绩维护 (/cjfxNew/cjgl/kscjwh): the office corrects a student's scores of any batch with a reason.
 * The cells are checked as 成绩登记 checks them (entry/service.ts checkCells); each changed subject leaves a
 * row in score_corrections; the class's sheet versions move on (an open 成绩登记 sheet is told it changed),
 * and a released batch's analysis is computed again.
 */

export async function maintenanceBatches(db: DbOrTx, language: Language, termId: number | undefined): Promise<MaintenanceBatches> {
  const choice = await termChoice(db, language, termId);
  if (!choice.termId) return { ...choice, batches: [] };
  const rows = await queryRows<Omit<MaintenanceBatches['batches'][number], 'classes'> & { classes: unknown }>(db, sql`
    SELECT b.id, b.name, b.exam_node AS "examNode", ${localName('g', language)} AS "gradeName", b.released,
      (SELECT coalesce(json_agg(json_build_object('id', c.id, 'name', c.name) ORDER BY c.sort, c.name), '[]'::json)
       FROM score_batch_classes bc JOIN classes c ON c.id = bc.class_id WHERE bc.batch_id = b.id) AS classes
    FROM score_batches b JOIN grades g ON g.id = b.grade_id WHERE b.term_id = ${choice.termId}
    ORDER BY b.entry_start DESC, b.id DESC`);
  return { ...choice, batches: rows.map((row) => ({ ...row, classes: jsonValue<MaintenanceBatches['batches'][number]['classes']>(row.classes as string) ?? [] })) };
}

async function batchSubjects(db: DbOrTx, language: Language, batchId: number): Promise<MaintenanceSubject[]> {
  const rows = await queryRows<Omit<MaintenanceSubject, 'items'> & { items: unknown }>(db, sql`
    SELECT bs.course_id AS "courseId", ${localName('co', language)} AS "courseName", ss.full_mark AS "fullMark",
      (SELECT coalesce(json_agg(json_build_object('id', i.id, 'name', i.name, 'maxScore', i.max_score::float8) ORDER BY i.sort, i.id), '[]'::json)
       FROM score_sub_items i WHERE i.batch_id = bs.batch_id AND i.course_id = bs.course_id) AS items
    FROM score_batch_subjects bs JOIN courses co ON co.id = bs.course_id JOIN score_systems ss ON ss.id = bs.score_system_id
    WHERE bs.batch_id = ${batchId} ORDER BY co.sort, co.id`, { prepared: true });
  return rows.map((row) => ({ ...row, items: jsonValue<MaintenanceSubject['items']>(row.items as string) ?? [] }));
}

/** The students' keyword: a name, its pinyin initials or a student number. */
const STUDENT_KEYWORD = keywordColumns(students.name, students.nameInitials, students.studentNumber);

export async function maintenancePage(
  db: DbOrTx,
  language: Language,
  input: { batchId: number; classId?: number; keyword?: string; currPage: number; limit: number },
): Promise<MaintenancePage> {
  const keyword = matchKeyword(input.keyword, STUDENT_KEYWORD, aliased('s'));
  const where = sql.join(
    [
      inClasses(sql`SELECT bc.class_id FROM score_batch_classes bc WHERE bc.batch_id = ${input.batchId}`, input.keyword),
      input.classId ? sql`s.class_id = ${input.classId}` : sql`TRUE`,
      keyword ?? sql`TRUE`,
    ],
    sql` AND `,
  );
  // The batch, its subjects and the page are independent reads: asked at once, a page waits for the slowest only.
  const [[batch], subjects, found] = await Promise.all([
    queryRows(db, sql`SELECT 1 FROM score_batches WHERE id = ${input.batchId}`, { prepared: true }),
    batchSubjects(db, language, input.batchId),
    // totalCapped (a keyword's matches past the count's limit) goes out too: the contract's MaintenancePage lacks it yet.
    pageOfList<Omit<MaintenanceRow, 'cells'> & { cells: unknown }>(
      db,
      input.keyword,
      {
        matching: sql`SELECT s.id, s.class_id, s.student_number FROM students s WHERE ${where}`,
        order: { joins: sql`JOIN classes c ON c.id = m.class_id`, orderBy: sql`c.sort, c.name, m.student_number, m.id` },
        details: {
          columns: sql`s.id AS "studentId", s.student_number AS "studentNumber", s.name, c.name AS "className",
            (SELECT coalesce(json_object_agg(sc.course_id::text, json_build_object('score', sc.score::float8, 'mark', sc.mark, 'parts', sc.sub_scores)), '{}'::json)
             FROM scores sc WHERE sc.batch_id = ${input.batchId} AND sc.student_id = s.id) AS cells,
            (SELECT sum(sc.score)::float8 FROM scores sc WHERE sc.batch_id = ${input.batchId} AND sc.student_id = s.id) AS total,
            (SELECT count(*)::int FROM score_corrections sr WHERE sr.batch_id = ${input.batchId} AND sr.student_id = s.id) AS corrections`,
          joins: sql`JOIN students s ON s.id = chosen.id JOIN classes c ON c.id = s.class_id`,
        },
      },
      { offset: input.currPage * input.limit, limit: input.limit },
    ),
  ]);
  if (!batch) throw notFound();
  return { subjects, ...found, rows: found.rows.map((row) => ({ ...row, cells: jsonValue<MaintenanceRow['cells']>(row.cells as string) ?? {} })) };
}

const sameParts = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Corrects one student's subjects of a batch. Refused whole (nothing written) for a bad cell, a subject not
 * of the batch, a student not in it, or when nothing changes.
 */
export async function correctScores(
  db: Db,
  language: Language,
  input: { batchId: number; studentId: number; reason: string; cells: ScoreCell[] },
  by: number,
): Promise<{ name: string; corrected: number; recomputed: boolean }> {
  return db.transaction(async (tx) => {
    const [student] = await queryRows<{ name: string; classId: number | null; inBatch: boolean; released: boolean | null }>(tx, sql`
      SELECT s.name, s.class_id AS "classId",
        EXISTS (SELECT 1 FROM score_batch_classes bc WHERE bc.batch_id = ${input.batchId} AND bc.class_id = s.class_id) AS "inBatch",
        (SELECT b.released FROM score_batches b WHERE b.id = ${input.batchId}) AS released
      FROM students s WHERE s.id = ${input.studentId}`);
    if (!student || student.released === null) throw notFound();
    if (!student.inBatch || student.classId === null) throw badRequest('scoreCorrection.notInBatch', { name: student.name });
    if (input.cells.some((cell) => cell.studentId !== input.studentId)) throw badRequest('scoreCorrection.otherStudent');
    // Saves of the class's sheet take turns with the correction; a release or change of the batch waits for it.
    await tx.execute(sql`SELECT pg_advisory_xact_lock_shared(hashtext('score-batch'), ${input.batchId})`);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('score-sheet'), hashtext(${`${input.batchId}:${student.classId}`}))`);
    const subjects = await batchSubjects(tx, language, input.batchId);
    if (input.cells.some((cell) => !subjects.some((subject) => subject.courseId === cell.courseId))) throw badRequest('scoreCorrection.subjectUnknown');
    const written = checkCells(subjects, new Map([[input.studentId, student.name]]), input.cells);
    const current = await queryRows<{ courseId: number; score: number | null; mark: ScoreMark | null; parts: unknown }>(tx, sql`
      SELECT course_id AS "courseId", score::float8 AS score, mark, sub_scores AS parts FROM scores
      WHERE batch_id = ${input.batchId} AND student_id = ${input.studentId} AND course_id = ANY(${intArray(written.map((cell) => cell.courseId))})`);
    const before = new Map(current.map((row) => [row.courseId, { ...row, parts: jsonValue<unknown>(row.parts as string) ?? null }]));
    const changed = written.filter((cell) => {
      const old = before.get(cell.courseId);
      return (old?.score ?? null) !== cell.score || (old?.mark ?? null) !== cell.mark || !sameParts(old?.parts, cell.parts);
    });
    if (!changed.length) throw badRequest('scoreCorrection.unchanged');
    for (const cell of changed) {
      if (cell.score === null && cell.mark === null) {
        await tx.execute(sql`DELETE FROM scores WHERE batch_id = ${input.batchId} AND student_id = ${input.studentId} AND course_id = ${cell.courseId}`);
      } else {
        await tx.execute(sql`
          INSERT INTO scores (batch_id, student_id, course_id, score, mark, sub_scores, updated_by, updated_at)
          VALUES (${input.batchId}, ${input.studentId}, ${cell.courseId}, ${cell.score}, ${cell.mark}, ${cell.parts ? JSON.stringify(cell.parts) : null}::jsonb, ${by}, now())
          ON CONFLICT (batch_id, student_id, course_id) DO UPDATE SET score = excluded.score, mark = excluded.mark, sub_scores = excluded.sub_scores,
            updated_by = excluded.updated_by, updated_at = excluded.updated_at`);
      }
      const old = before.get(cell.courseId);
      await tx.execute(sql`
        INSERT INTO score_corrections (batch_id, student_id, course_id, old_score, old_mark, new_score, new_mark, reason, corrected_by)
        VALUES (${input.batchId}, ${input.studentId}, ${cell.courseId}, ${old?.score ?? null}, ${old?.mark ?? null}, ${cell.score}, ${cell.mark}, ${input.reason}, ${by})`);
    }
    await tx.execute(sql`
      INSERT INTO score_sheet_versions (batch_id, class_id, course_id, version)
      SELECT ${input.batchId}, ${student.classId}, unnest(${intArray(changed.map((cell) => cell.courseId))}), 1
      ON CONFLICT (batch_id, class_id, course_id) DO UPDATE SET version = score_sheet_versions.version + 1`);
    if (student.released) await queueAnalysis(tx, [input.batchId], by);
    return { name: student.name, corrected: changed.length, recomputed: student.released };
  });
}

export async function correctionHistory(db: DbOrTx, language: Language, batchId: number, studentId: number | undefined): Promise<ScoreCorrection[]> {
  const rows = await queryRows<Omit<ScoreCorrection, 'correctedAt'> & { correctedAtRaw: Date | string }>(db, sql`
    SELECT r.id, r.student_id AS "studentId", s.name AS "studentName", s.student_number AS "studentNumber", ${localName('co', language)} AS "courseName",
      r.old_score::float8 AS "oldScore", r.old_mark AS "oldMark", r.new_score::float8 AS "newScore", r.new_mark AS "newMark", r.reason,
      u.display_name AS "correctedByName", r.corrected_at AS "correctedAtRaw"
    FROM score_corrections r JOIN students s ON s.id = r.student_id JOIN courses co ON co.id = r.course_id LEFT JOIN users u ON u.id = r.corrected_by
    WHERE r.batch_id = ${batchId} ${studentId ? sql`AND r.student_id = ${studentId}` : sql``}
    ORDER BY r.corrected_at DESC, r.id DESC LIMIT 500`);
  return rows.map(({ correctedAtRaw, ...row }) => ({ ...row, correctedAt: schoolMinute(correctedAtRaw) }));
}
