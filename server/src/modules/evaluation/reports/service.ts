import { sql, type SQL } from 'drizzle-orm';
import {
  REPORT_PERMISSIONS,
  translate,
  type EvaluationItemKind,
  type EvaluationThemeType,
  type Language,
  type QualityReport,
  type ReportAward,
  type ReportConduct,
  type ReportEvaluation,
  type ReportStudent,
  type ReportStudents,
  type ReportTerm,
  type StudyReport,
  type StudySubjectRow,
} from '@campus/contract';
import { jsonValue, queryRows, type DbOrTx } from '../../../db/client.ts';
import type { Caller } from '../../../platform/caller.ts';
import { forbidden, notFound } from '../../../platform/errors.ts';
import { isStaff, ownStudentIds } from '../../../platform/scope.ts';
import { schoolMinute } from '../../../platform/schoolClock.ts';
import { releasedScoreBatches } from '../../scores/mine/service.ts';
import { localName } from '../../timetable/views/queries.ts';
import { termChoice } from '../../shared/terms/service.ts';
import { ledClassIds } from '../termEvaluation/service.ts';

/**
 * 学生评价's reports of a student's term (综合素质报告 and 学业报告). Who may open whose: a student their
 * own, a parent their children's, a class teacher the students of the classes they lead, the holder of a
 * report's "all classes" button every student's. Families read released scores and released themes only.
 */

export type ReportKind = 'quality' | 'study';

const allPermission = (kind: ReportKind) => (kind === 'quality' ? REPORT_PERMISSIONS.qualityAll : REPORT_PERMISSIONS.studyAll);
export const seesEveryClass = (caller: Caller, kind: ReportKind) => isStaff(caller.auth) && caller.permissions.has(allPermission(kind));

/** Condition on a students row `s`: the students whose reports the caller may open. */
function reportableStudents(caller: Caller, kind: ReportKind): SQL {
  if (!isStaff(caller.auth)) return sql`s.id IN (${ownStudentIds(caller.auth)})`;
  if (seesEveryClass(caller, kind)) return sql`TRUE`;
  return sql`s.class_id IN (${ledClassIds(caller.auth.userId)})`;
}

export const studentSelect = (language: Language) => sql`
  SELECT s.id, s.name, s.student_number AS "studentNumber", s.class_id AS "classId", coalesce(c.name, '') AS "className",
    coalesce(${localName('g', language)}, '') AS "gradeName"
  FROM students s LEFT JOIN classes c ON c.id = s.class_id LEFT JOIN grades g ON g.id = c.grade_id`;

/**
 * The term a study report opens on when none is asked for: the latest in which the students have released
 * scores (early in a term that is the last one), else the current.
 */
async function latestScoredTerm(db: DbOrTx, students: SQL): Promise<number | undefined> {
  const [latest] = await queryRows<{ termId: number }>(db, sql`
    SELECT b.term_id AS "termId" FROM score_batches b JOIN terms t ON t.id = b.term_id
    WHERE b.released AND EXISTS (SELECT 1 FROM scores sc WHERE sc.batch_id = b.id AND sc.student_id IN (${students}))
    ORDER BY t.start_date DESC LIMIT 1`);
  return latest?.termId;
}

export async function reportStudents(db: DbOrTx, caller: Caller, kind: ReportKind, termId: number | undefined, classId: number | undefined): Promise<ReportStudents> {
  // The study report without a term asked for opens where the students' latest released scores are.
  const termFor = async (students: SQL) => (kind === 'study' && !termId ? await latestScoredTerm(db, students) : termId);
  if (!isStaff(caller.auth)) {
    const choice = await termChoice(db, caller.language, await termFor(sql`SELECT s.id FROM students s WHERE ${reportableStudents(caller, kind)}`));
    const students = await queryRows<ReportStudent>(db, sql`${studentSelect(caller.language)} WHERE ${reportableStudents(caller, kind)} ORDER BY s.student_number`);
    return { ...choice, classes: [], classId: null, students };
  }
  const classes = await queryRows<ReportStudents['classes'][number]>(db, sql`
    SELECT c.id, c.name, ${localName('g', caller.language)} AS "gradeName" FROM classes c JOIN grades g ON g.id = c.grade_id
    ${seesEveryClass(caller, kind) ? sql`` : sql`WHERE c.id IN (${ledClassIds(caller.auth.userId)})`}
    ORDER BY g.sort, g.id, c.sort, c.name`);
  const chosen = classId && classes.some((item) => item.id === classId) ? classId : (classes[0]?.id ?? null);
  if (classId && chosen !== classId) throw forbidden('report.notYourStudent');
  const choice = await termChoice(db, caller.language, chosen ? await termFor(sql`SELECT s.id FROM students s WHERE s.class_id = ${chosen}`) : termId);
  const students = chosen ? await queryRows<ReportStudent>(db, sql`${studentSelect(caller.language)} WHERE s.class_id = ${chosen} ORDER BY s.student_number`) : [];
  return { ...choice, classes, classId: chosen, students };
}

/** The student, if the caller may open their reports; else 403 ('only your own students'). */
export async function reportStudent(db: DbOrTx, caller: Caller, kind: ReportKind, studentId: number): Promise<ReportStudent> {
  const [student] = await queryRows<ReportStudent>(db, sql`${studentSelect(caller.language)} WHERE s.id = ${studentId}`);
  if (!student) throw notFound();
  const [mine] = await queryRows(db, sql`SELECT 1 FROM students s WHERE s.id = ${studentId} AND ${reportableStudents(caller, kind)}`);
  if (!mine) throw forbidden('report.notYourStudent');
  return student;
}

export async function reportTerm(db: DbOrTx, language: Language, termId: number | undefined): Promise<{ term: ReportTerm; terms: ReportStudents['terms'] }> {
  const choice = await termChoice(db, language, termId);
  if (!choice.termId) throw notFound();
  const [term] = await queryRows<ReportTerm>(db, sql`
    SELECT t.id, ${localName('t', language)} AS name, t.start_date::text AS "startDate", t.end_date::text AS "endDate" FROM terms t WHERE t.id = ${choice.termId}`);
  return { term: term!, terms: choice.terms };
}

type EvaluationRaw = Omit<ReportEvaluation, 'items' | 'updatedAt'> & { items: unknown; answers: unknown; updatedAtRaw: Date | string | null };

/**
 * The term's themes for the student's grade (or that the student has answers to), with the answers; a
 * family sees released themes only.
 */
async function evaluationsOf(db: DbOrTx, staffView: boolean, student: ReportStudent, term: ReportTerm): Promise<ReportEvaluation[]> {
  const rows = await queryRows<EvaluationRaw>(db, sql`
    SELECT th.id AS "themeId", th.name, th.type, e.answers, e.updated_at AS "updatedAtRaw", u.display_name AS "updatedByName",
      (SELECT coalesce(json_agg(json_build_object('id', i.id, 'name', i.name, 'kind', i.kind) ORDER BY i.sort, i.id), '[]'::json)
       FROM evaluation_items i WHERE i.theme_id = th.id) AS items
    FROM evaluation_themes th
    LEFT JOIN evaluation_entries e ON e.theme_id = th.id AND e.student_id = ${student.id}
    LEFT JOIN users u ON u.id = e.updated_by
    WHERE th.term_id = ${term.id} ${staffView ? sql`` : sql`AND th.released`}
      AND (e.student_id IS NOT NULL OR EXISTS (
        SELECT 1 FROM evaluation_theme_grades tg JOIN classes c ON c.grade_id = tg.grade_id WHERE tg.theme_id = th.id AND c.id = ${student.classId ?? 0}))
    ORDER BY th.fill_start, th.id`);
  return rows.map(({ answers, updatedAtRaw, items, ...row }) => {
    const given = jsonValue<Record<string, string | number>>(answers as string) ?? {};
    return {
      ...row,
      updatedAt: updatedAtRaw ? schoolMinute(updatedAtRaw) : null,
      items: (jsonValue<{ id: number; name: string; kind: EvaluationItemKind }[]>(items as string) ?? []).map((item) => ({
        name: item.name,
        kind: item.kind,
        value: given[String(item.id)] ?? null,
      })),
    };
  });
}

async function awardsOf(db: DbOrTx, language: Language, studentId: number, term: ReportTerm): Promise<ReportAward[]> {
  const rows = await queryRows<ReportAward>(db, sql`
    SELECT 'disciplinary' AS source, p.awarded_on::text AS date, co.title AS name, p.name AS level
    FROM disciplinary_awards da JOIN competition_prizes p ON p.id = da.prize_id JOIN competitions co ON co.id = p.competition_id
    WHERE da.student_id = ${studentId} AND p.awarded_on BETWEEN ${term.startDate}::date AND ${term.endDate}::date
    UNION ALL
    SELECT 'aboveSchool', a.awarded_on::text, a.name, a.level
    FROM above_school_award_winners w JOIN above_school_awards a ON a.id = w.award_id
    WHERE w.student_id = ${studentId} AND a.awarded_on BETWEEN ${term.startDate}::date AND ${term.endDate}::date
    ORDER BY date, name`);
  return rows.map((row) => (row.source === 'aboveSchool' ? { ...row, level: translate(language, `awards.level.${row.level}`) } : row));
}

async function conductOf(db: DbOrTx, language: Language, studentId: number, term: ReportTerm): Promise<ReportConduct[]> {
  const rows = await queryRows<ReportConduct>(db, sql`
    SELECT to_char(r.created_at, 'YYYY-MM-DD') AS date, r.category, r.content, r.result, u.display_name AS "publisherName"
    FROM conduct_records r LEFT JOIN users u ON u.id = r.publisher_user_id
    WHERE r.student_id = ${studentId} AND r.created_at >= ${term.startDate}::date AND r.created_at < ${term.endDate}::date + 1
    ORDER BY r.created_at, r.id`);
  return rows.map((row) => ({
    ...row,
    category: translate(language, `homeSchool.conduct.category.${row.category}`),
    result: translate(language, `homeSchool.conduct.result.${row.result}`),
  }));
}

export async function qualityReport(db: DbOrTx, caller: Caller, studentId: number, termId: number | undefined): Promise<QualityReport> {
  const student = await reportStudent(db, caller, 'quality', studentId);
  const { term, terms } = await reportTerm(db, caller.language, termId);
  const [evaluations, awards, conduct, scores] = await Promise.all([
    evaluationsOf(db, isStaff(caller.auth), student, term),
    awardsOf(db, caller.language, student.id, term),
    conductOf(db, caller.language, student.id, term),
    releasedScoreBatches(db, student.id, caller.language, term.id),
  ]);
  return { student, term, terms, evaluations, awards, conduct, scores };
}

/**
 * The study report of a student the caller has already been checked for (one, or each of a class's in a
 * background run); staff read the comment theme before it is released.
 */
export async function studyReportOf(db: DbOrTx, language: Language, staffView: boolean, student: ReportStudent, term: ReportTerm, terms: ReportStudents['terms']): Promise<StudyReport> {
  const batches = (await releasedScoreBatches(db, student.id, language, term.id)).reverse();
  const subjects = new Map<number, StudySubjectRow>();
  for (const batch of batches) {
    for (const subject of batch.subjects) {
      const row = subjects.get(subject.courseId) ?? { courseId: subject.courseId, courseName: subject.courseName, scores: {}, marks: {}, average: null };
      row.scores[String(batch.id)] = subject.score;
      row.marks[String(batch.id)] = subject.mark;
      subjects.set(subject.courseId, row);
    }
  }
  for (const row of subjects.values()) {
    const given = Object.values(row.scores).filter((score): score is number => score !== null);
    row.average = given.length ? Math.round((given.reduce((sum, score) => sum + score, 0) / given.length) * 100) / 100 : null;
  }
  const comments = (await evaluationsOf(db, staffView, student, term)).filter((theme) => (theme.type as EvaluationThemeType) === 'comment');
  const comment = comments.flatMap((theme) => theme.items.filter((item) => item.kind === 'text' && item.value !== null).map((item) => String(item.value)))[0] ?? null;
  return { student, term, terms, batches, subjects: [...subjects.values()], comment };
}

export async function studyReport(db: DbOrTx, caller: Caller, studentId: number, termId: number | undefined): Promise<StudyReport> {
  const student = await reportStudent(db, caller, 'study', studentId);
  const { term, terms } = await reportTerm(db, caller.language, termId ?? (await latestScoredTerm(db, sql`${student.id}`)));
  return studyReportOf(db, caller.language, isStaff(caller.auth), student, term, terms);
}
