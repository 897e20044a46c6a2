import { sql } from 'drizzle-orm';
import {
  OVERALL_PERMISSIONS,
  type Language,
  type OverallCandidate,
  type OverallDetails,
  type OverallList,
  type OverallScheme,
  type OverallSchemeFormParsed,
  type OverallStudentRow,
  type OverallSubject,
  type ScoreMark,
} from '@campus/contract';
import { intArray, jsonValue, queryRows, type Db, type DbOrTx } from '../../../db/client.ts';
import type { Caller } from '../../../platform/caller.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { schoolMinute } from '../../../platform/schoolClock.ts';
import { termChoice } from '../../shared/terms/service.ts';
import { localName } from '../../timetable/views/queries.ts';

/**
 * 总评 (/cjfxNew/zpfx): schemes of weighted exams and the overall scores they give, computed on reading
 * (a class is at most a few thousand scores). The rule is the contract's (scores/overall.ts): absent counts
 * 0, exempt and not entered leave the exam out, the weights of the exams that count are the divisor.
 */

type SchemeRaw = Omit<OverallScheme, 'parts' | 'updatedAt'> & { parts: unknown; updatedAtRaw: Date | string };

function schemeSelect(language: Language) {
  return sql`
    SELECT os.id, os.term_id AS "termId", ${localName('t', language)} AS "termName", os.grade_id AS "gradeId", ${localName('g', language)} AS "gradeName",
      os.name, os.remarks, os.updated_at AS "updatedAtRaw",
      (SELECT coalesce(json_agg(json_build_object('batchId', b.id, 'batchName', b.name, 'examNode', b.exam_node, 'weight', p.weight, 'released', b.released)
          ORDER BY b.entry_start, b.id), '[]'::json)
       FROM overall_scheme_parts p JOIN score_batches b ON b.id = p.batch_id WHERE p.scheme_id = os.id) AS parts
    FROM overall_schemes os JOIN terms t ON t.id = os.term_id JOIN grades g ON g.id = os.grade_id`;
}

function schemeOf(row: SchemeRaw): OverallScheme {
  const { parts: raw, updatedAtRaw, ...rest } = row;
  const parts = jsonValue<OverallScheme['parts']>(raw as string) ?? [];
  return {
    ...rest,
    parts,
    totalWeight: parts.reduce((sum, part) => sum + part.weight, 0),
    complete: parts.length > 0 && parts.every((part) => part.released),
    updatedAt: schoolMinute(updatedAtRaw),
  };
}

export async function overallList(db: DbOrTx, language: Language, termId: number | undefined): Promise<OverallList> {
  const choice = await termChoice(db, language, termId);
  const grades = await queryRows<{ id: number; name: string }>(db, sql`SELECT g.id, ${localName('g', language)} AS name FROM grades g ORDER BY g.sort, g.id`);
  if (!choice.termId) return { ...choice, grades, schemes: [] };
  const rows = await queryRows<SchemeRaw>(db, sql`${schemeSelect(language)} WHERE os.term_id = ${choice.termId} ORDER BY g.sort, g.id, os.name`);
  return { ...choice, grades, schemes: rows.map(schemeOf) };
}

export async function overallScheme(db: DbOrTx, language: Language, id: number): Promise<OverallScheme> {
  const [row] = await queryRows<SchemeRaw>(db, sql`${schemeSelect(language)} WHERE os.id = ${id}`);
  if (!row) throw notFound('overall.paramsLost');
  return schemeOf(row);
}

export async function overallCandidates(db: DbOrTx, language: Language, termId: number, gradeId: number): Promise<OverallCandidate[]> {
  const rows = await queryRows<Omit<OverallCandidate, 'entryStart' | 'subjects'> & { entryStartRaw: Date | string; subjects: unknown }>(db, sql`
    SELECT b.id, b.name, b.exam_node AS "examNode", b.released, b.entry_start AS "entryStartRaw",
      (SELECT coalesce(json_agg(${localName('co', language)} ORDER BY co.sort, co.id), '[]'::json)
       FROM score_batch_subjects bs JOIN courses co ON co.id = bs.course_id WHERE bs.batch_id = b.id) AS subjects
    FROM score_batches b WHERE b.term_id = ${termId} AND b.grade_id = ${gradeId}
    ORDER BY b.entry_start, b.id`);
  return rows.map(({ entryStartRaw, subjects, ...row }) => ({ ...row, entryStart: schoolMinute(entryStartRaw), subjects: jsonValue<string[]>(subjects as string) ?? [] }));
}

/** Creates or changes a scheme: its exams must be of its term and grade; the weights are checked by the contract. */
export async function saveOverallScheme(db: Db, input: OverallSchemeFormParsed, by: number): Promise<{ id: number; name: string }> {
  return db.transaction(async (tx) => {
    const [term] = await queryRows(tx, sql`SELECT 1 FROM terms WHERE id = ${input.termId}`);
    if (!term) throw badRequest('termEvaluation.termUnknown');
    const [grade] = await queryRows(tx, sql`SELECT 1 FROM grades WHERE id = ${input.gradeId}`);
    if (!grade) throw badRequest('termEvaluation.gradeUnknown');
    const batches = await queryRows<{ id: number; name: string; termId: number; gradeId: number }>(tx, sql`
      SELECT id, name, term_id AS "termId", grade_id AS "gradeId" FROM score_batches WHERE id = ANY(${intArray(input.parts.map((part) => part.batchId))})`);
    if (batches.length !== input.parts.length) throw badRequest('overall.batchRequired');
    const outside = batches.find((batch) => batch.termId !== input.termId || batch.gradeId !== input.gradeId);
    if (outside) throw badRequest('overall.batchOutside', { name: outside.name });
    const [taken] = await queryRows(tx, sql`
      SELECT 1 FROM overall_schemes WHERE term_id = ${input.termId} AND name = ${input.name} ${input.id ? sql`AND id <> ${input.id}` : sql``}`);
    if (taken) throw conflict('overall.nameTaken', { name: input.name });
    let id = input.id;
    if (id) {
      const [updated] = await queryRows<{ id: number }>(tx, sql`
        UPDATE overall_schemes SET term_id = ${input.termId}, grade_id = ${input.gradeId}, name = ${input.name}, remarks = ${input.remarks},
          updated_by = ${by}, updated_at = now() WHERE id = ${id} RETURNING id`);
      if (!updated) throw notFound('overall.paramsLost');
      await tx.execute(sql`DELETE FROM overall_scheme_parts WHERE scheme_id = ${id}`);
    } else {
      const [created] = await queryRows<{ id: number }>(tx, sql`
        INSERT INTO overall_schemes (term_id, grade_id, name, remarks, updated_by) VALUES (${input.termId}, ${input.gradeId}, ${input.name}, ${input.remarks}, ${by}) RETURNING id`);
      id = created!.id;
    }
    await tx.execute(sql`
      INSERT INTO overall_scheme_parts (scheme_id, batch_id, weight) VALUES ${sql.join(input.parts.map((part) => sql`(${id}, ${part.batchId}, ${part.weight})`), sql`, `)}`);
    return { id, name: input.name };
  });
}

export async function deleteOverallSchemes(db: Db, ids: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number }>(tx, sql`DELETE FROM overall_schemes WHERE id = ANY(${intArray(ids)}) RETURNING id`);
    if (rows.length !== new Set(ids).size) throw notFound();
    return rows.length;
  });
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The overall scores of one class of the scheme's grade; a class teacher sees the classes they lead. */
export async function overallDetails(db: DbOrTx, caller: Caller, id: number, classId: number | undefined): Promise<OverallDetails> {
  const scheme = await overallScheme(db, caller.language, id);
  const seesAll = caller.permissions.has(OVERALL_PERMISSIONS.all);
  const classes = await queryRows<{ id: number; name: string; led: boolean }>(db, sql`
    SELECT c.id, c.name, EXISTS (SELECT 1 FROM staff st WHERE st.id = c.class_teacher_id AND st.user_id = ${caller.auth.userId}) AS led
    FROM classes c WHERE c.grade_id = ${scheme.gradeId} ORDER BY c.sort, c.name`);
  const visible = classes.filter((cls) => seesAll || cls.led).map(({ id: classIdOf, name }) => ({ id: classIdOf, name }));
  if (classId !== undefined && !visible.some((cls) => cls.id === classId)) {
    const asked = classes.find((cls) => cls.id === classId);
    if (!asked) throw notFound();
    throw forbidden('overall.notYourClass');
  }
  const chosen = classId ?? visible[0]?.id ?? null;
  const batchIds = scheme.parts.map((part) => part.batchId);
  const subjects = await queryRows<{ courseId: number; courseName: string }>(db, sql`
    SELECT DISTINCT co.id AS "courseId", ${localName('co', caller.language)} AS "courseName", co.sort
    FROM score_batch_subjects bs JOIN courses co ON co.id = bs.course_id WHERE bs.batch_id = ANY(${intArray(batchIds)})
    ORDER BY co.sort, co.id`);
  if (!chosen) return { scheme, classes: visible, classId: null, subjects: subjects.map((s) => ({ courseId: s.courseId, courseName: s.courseName, average: null, highest: null, lowest: null })), rows: [] };
  const students = await queryRows<{ id: number; name: string; studentNumber: string }>(db, sql`
    SELECT s.id, s.name, s.student_number AS "studentNumber" FROM students s WHERE s.class_id = ${chosen} ORDER BY s.student_number`);
  const cells = await queryRows<{ studentId: number; courseId: number; batchId: number; score: number | null; mark: ScoreMark | null }>(db, sql`
    SELECT sc.student_id AS "studentId", sc.course_id AS "courseId", sc.batch_id AS "batchId", sc.score::float8 AS score, sc.mark
    FROM scores sc JOIN students s ON s.id = sc.student_id AND s.class_id = ${chosen}
    WHERE sc.batch_id = ANY(${intArray(batchIds)})`);
  const weight = new Map(scheme.parts.map((part) => [part.batchId, part.weight]));
  const byStudent = new Map<number, typeof cells>();
  for (const cell of cells) byStudent.set(cell.studentId, [...(byStudent.get(cell.studentId) ?? []), cell]);

  const rows: OverallStudentRow[] = students.map((student) => {
    const overall: OverallStudentRow['overall'] = {};
    const parts: OverallStudentRow['parts'] = {};
    const own = byStudent.get(student.id) ?? [];
    let total: number | null = null;
    for (const subject of subjects) {
      const key = String(subject.courseId);
      let weighted = 0;
      let counted = 0;
      parts[key] = {};
      for (const cell of own.filter((item) => item.courseId === subject.courseId)) {
        parts[key][String(cell.batchId)] = { score: cell.score, mark: cell.mark };
        const w = weight.get(cell.batchId) ?? 0;
        if (cell.score !== null) {
          weighted += cell.score * w;
          counted += w;
        } else if (cell.mark === 'absent') {
          counted += w;
        }
      }
      overall[key] = counted > 0 ? round2(weighted / counted) : null;
      if (overall[key] !== null) total = round2((total ?? 0) + overall[key]!);
    }
    return { studentId: student.id, studentNumber: student.studentNumber, name: student.name, overall, parts, total, classRank: null };
  });
  for (const row of rows) {
    if (row.total === null) continue;
    row.classRank = 1 + rows.filter((other) => other.total !== null && other.total > row.total!).length;
  }
  const stats: OverallSubject[] = subjects.map((subject) => {
    const values = rows.map((row) => row.overall[String(subject.courseId)]).filter((value): value is number => value !== null && value !== undefined);
    return {
      courseId: subject.courseId,
      courseName: subject.courseName,
      average: values.length ? round2(values.reduce((sum, value) => sum + value, 0) / values.length) : null,
      highest: values.length ? Math.max(...values) : null,
      lowest: values.length ? Math.min(...values) : null,
    };
  });
  return { scheme, classes: visible, classId: chosen, subjects: stats, rows };
}
