import { sql } from 'drizzle-orm';
import { translate, type Language, type ReportStudent, type StudyRun } from '@campus/contract';
import { queryRows, type Db, type DbOrTx } from '../../../db/client.ts';
import { enqueueTask, registerTaskHandler, type TaskHandler } from '../../../platform/background.ts';
import type { Caller } from '../../../platform/caller.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { schoolMinute } from '../../../platform/schoolClock.ts';
import { storeGeneratedFile } from '../../shared/files/service.ts';
import { localName } from '../../timetable/views/queries.ts';
import { ledClassIds } from '../termEvaluation/service.ts';
import { studyReportsPdf } from './pdf.ts';
import { reportTerm, seesEveryClass, studentSelect, studyReportOf } from './service.ts';

/**
 * A class's study reports in one PDF (学业报告, "whole class"), made as background work
 * (platform/background.ts): progress is the students drawn so far; the finished file belongs to whoever
 * asked and is kept in `files` (purpose studyReports), its id in the task's state. A run whose process
 * stopped starts the file again from its first student.
 */
export const STUDY_REPORT_TASK = 'evaluation.studyReports';
const FILE_PURPOSE = 'studyReports';
/** Students drawn between two checkpoints (each renews the claim and shows progress). */
const STEP = 5;

interface RunPayload {
  classId: number;
  termId: number;
  language: Language;
}

export async function queueStudyRun(db: Db, caller: Caller, classId: number, termId: number): Promise<{ id: number; className: string }> {
  return db.transaction(async (tx) => {
    const [cls] = await queryRows<{ name: string; led: boolean; students: number }>(tx, sql`
      SELECT c.name, c.id IN (${ledClassIds(caller.auth.userId)}) AS led, (SELECT count(*)::int FROM students s WHERE s.class_id = c.id) AS students
      FROM classes c WHERE c.id = ${classId}`);
    if (!cls) throw notFound();
    if (!cls.led && !seesEveryClass(caller, 'study')) throw forbidden('report.notYourClass');
    const [term] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM terms WHERE id = ${termId}`);
    if (!term) throw badRequest('termEvaluation.termUnknown');
    if (cls.students === 0) throw badRequest('report.noStudents', { className: cls.name });
    // One open run per caller, class and term: a second click while it runs is told so.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${STUDY_REPORT_TASK}), ${caller.auth.userId})`);
    const [open] = await queryRows(tx, sql`
      SELECT 1 FROM background_tasks WHERE kind = ${STUDY_REPORT_TASK} AND created_by = ${caller.auth.userId} AND status IN ('queued', 'running')
        AND (payload ->> 'classId')::int = ${classId} AND (payload ->> 'termId')::int = ${termId}`);
    if (open) throw conflict('report.runBusy', { className: cls.name });
    const payload: RunPayload = { classId, termId, language: caller.language };
    const id = await enqueueTask(tx, STUDY_REPORT_TASK, payload, caller.auth.userId);
    return { id, className: cls.name };
  });
}

type RunRaw = Omit<StudyRun, 'createdAt'> & { createdAtRaw: Date | string };

/** The caller's ten latest runs, the newest first. */
export async function studyRuns(db: DbOrTx, caller: Caller): Promise<StudyRun[]> {
  const rows = await queryRows<RunRaw>(db, sql`
    SELECT bt.id::int AS id, (bt.payload ->> 'classId')::int AS "classId", coalesce(c.name, '') AS "className", coalesce(${localName('t', caller.language)}, '') AS "termName",
      bt.status, bt.progress_done AS done, bt.progress_total AS total, f.id AS "fileId", f.original_name AS "fileName", bt.created_at AS "createdAtRaw",
      CASE WHEN bt.status = 'failed' THEN left(bt.error, 300) END AS error
    FROM background_tasks bt
    LEFT JOIN classes c ON c.id = (bt.payload ->> 'classId')::int
    LEFT JOIN terms t ON t.id = (bt.payload ->> 'termId')::int
    LEFT JOIN files f ON f.id = bt.state ->> 'fileId' AND bt.status = 'done'
    WHERE bt.kind = ${STUDY_REPORT_TASK} AND bt.created_by = ${caller.auth.userId}
    ORDER BY bt.id DESC LIMIT 10`);
  return rows.map(({ createdAtRaw, ...row }) => ({ ...row, createdAt: schoolMinute(createdAtRaw) }));
}

const studyRunHandler: TaskHandler<RunPayload> = {
  async run(db, task, step) {
    const { classId, termId, language } = task.payload;
    const [cls] = await queryRows<{ name: string }>(db, sql`SELECT name FROM classes WHERE id = ${classId}`);
    const { term, terms } = await reportTerm(db, language, termId);
    const students = await queryRows<ReportStudent>(db, sql`${studentSelect(language)} WHERE s.class_id = ${classId} ORDER BY s.student_number`);
    const total = students.length;
    await db.transaction((tx) => step.checkpoint(tx, { done: 0, total }, {}));
    const pdf = await studyReportsPdf(
      total,
      (index) => studyReportOf(db, language, true, students[index]!, term, terms),
      language,
      async (done) => {
        if (done % STEP === 0 && done < total) await db.transaction((tx) => step.checkpoint(tx, { done, total }, {}));
      },
    );
    const name = `${translate(language, 'report.pdf.classFile', { className: cls?.name ?? '', termName: term.name })}.pdf`;
    await db.transaction(async (tx) => {
      const fileId = await storeGeneratedFile(tx, await ownerOf(tx, task.id), FILE_PURPOSE, name, 'application/pdf', pdf);
      await step.checkpoint(tx, { done: total, total }, { fileId });
    });
  },
};

async function ownerOf(db: DbOrTx, taskId: number): Promise<number> {
  const [row] = await queryRows<{ createdBy: number }>(db, sql`SELECT created_by AS "createdBy" FROM background_tasks WHERE id = ${taskId}`);
  return row!.createdBy;
}

registerTaskHandler(STUDY_REPORT_TASK, studyRunHandler);
