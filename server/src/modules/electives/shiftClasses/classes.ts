import { sql } from 'drizzle-orm';
import {
  DEFAULT_LANGUAGE,
  SHIFT_URLS,
  translate,
  type BlockPeriodsForm,
  type FormationReport,
  type Language,
  type ShiftBlocks,
  type ShiftClassForm,
  type ShiftClassRow,
  type ShiftClassStudent,
} from '@campus/contract';
import { jsonValue, queryRows, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import { enqueueTask, registerTaskHandler, type TaskHandler } from '../../../platform/background.ts';
import type { Caller } from '../../../platform/caller.ts';
import { runInChild } from '../../../platform/childWork.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';
import { schoolMinute } from '../../../platform/schoolClock.ts';
import { localName, periodList, teachingDays, teachingSlots } from '../../timetable/views/queries.ts';
import { sendMessages } from '../common.ts';
import { batchById, lockBatch, syncTeachingClassStudents } from './batches.ts';
import type { FormationInput, FormationOutput } from './formation.ts';

/**
 * 走班: the time blocks of a batch (/zbgl/pkzbjgl), the formation run (background work; the computation in
 * formation.ts runs in a child process), the shift classes (/zbgl/bjgl) and their students (/zbgl/bjxsgl),
 * and publishing them as teaching classes with their lessons and students.
 */
export const FORMATION_TASK = 'electives.shiftFormation';
/** The formation's search stops with its best answer after this long. */
const FORMATION_SECONDS = 40;

interface Payload {
  batchId: number;
  language: Language;
}

export async function batchBlocks(db: DbOrTx, language: Language, batchId: number): Promise<ShiftBlocks> {
  const batch = await batchById(db, language, batchId);
  const [days, periods, periodsOfBlocks, [extra]] = await Promise.all([
    teachingDays(db, language),
    periodList(db, language),
    queryRows<{ block: number; day: number; period: number }>(db, sql`SELECT block, day, period FROM shift_block_periods WHERE batch_id = ${batchId} ORDER BY block, day, period`),
    queryRows<{ report: FormationReport | string | null; done: number | null; total: number | null }>(db, sql`
      SELECT b.report, bt.progress_done AS done, bt.progress_total AS total FROM shift_batches b
      LEFT JOIN background_tasks bt ON bt.id = b.task_id AND b.formation_status = 'running' WHERE b.id = ${batchId}`),
  ]);
  return {
    batch,
    days,
    periods: periods.map((p) => ({ sort: p.sort, name: p.name })),
    periodsOfBlocks,
    progress: batch.formationStatus === 'running' ? { done: extra?.done ?? 0, total: extra?.total ?? 0 } : null,
    report: extra?.report ? jsonValue<FormationReport>(extra.report) : null,
  };
}

export async function saveBlockPeriods(db: Db, form: BlockPeriodsForm): Promise<void> {
  await db.transaction(async (tx) => {
    const batch = await lockBatch(tx, form.batchId);
    if (form.periods.some((p) => p.block > batch.blockCount)) throw badRequest('errors.badRequest');
    const teaching = await teachingSlots(tx);
    if (form.periods.some((p) => !teaching(p.day, p.period))) throw badRequest('shift.slotInvalid');
    const unique = [...new Map(form.periods.map((p) => [`${p.day}:${p.period}`, p])).values()];
    await tx.execute(sql`DELETE FROM shift_block_periods WHERE batch_id = ${form.batchId}`);
    if (unique.length) {
      await tx.execute(sql`
        INSERT INTO shift_block_periods (batch_id, block, day, period)
        SELECT ${form.batchId}, p.block, p.day, p.period FROM jsonb_to_recordset(${JSON.stringify(unique)}::jsonb) AS p(block smallint, day smallint, period smallint)`);
    }
  });
}

/** Queues the formation of a batch's classes (its earlier classes, unpublished, are replaced when it ends). */
export async function queueFormation(db: Db, caller: Caller, batchId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const batch = await lockBatch(tx, batchId);
    const [facts] = await queryRows<{ courses: number; choices: number }>(tx, sql`
      SELECT (SELECT count(*)::int FROM shift_batch_courses WHERE batch_id = ${batchId}) AS courses,
        (SELECT count(*)::int FROM shift_choices WHERE batch_id = ${batchId}) AS choices`);
    if (!facts?.courses) throw conflict('shift.noCourses');
    if (!facts.choices) throw conflict('shift.noChoices');
    // Every block holds as many periods as the subjects' weekly hours (they may be taught in any block).
    const [hours] = await queryRows<{ max: number }>(tx, sql`SELECT max(weekly_hours)::int AS max FROM shift_batch_courses WHERE batch_id = ${batchId}`);
    const perBlock = await queryRows<{ block: number; n: number }>(tx, sql`SELECT block, count(*)::int AS n FROM shift_block_periods WHERE batch_id = ${batchId} GROUP BY block`);
    for (let block = 1; block <= batch.blockCount; block++) {
      const have = perBlock.find((p) => p.block === block)?.n ?? 0;
      if (have < (hours?.max ?? 0)) throw conflict('shift.blocksMissing', { block, have, need: hours?.max ?? 0 });
    }
    const payload: Payload = { batchId, language: caller.language };
    const taskId = await enqueueTask(tx, FORMATION_TASK, payload, caller.auth.userId);
    await tx.execute(sql`UPDATE shift_batches SET formation_status = 'running', task_id = ${taskId}, updated_at = now() WHERE id = ${batchId}`);
  });
}

/** What the computation needs: subjects with teachers, students with their class, gender, prior score, choice. */
export async function formationInput(
  db: DbOrTx,
  batchId: number,
  language: Language = DEFAULT_LANGUAGE,
): Promise<{ input: FormationInput; names: Map<number, string>; reportNames: Map<number, string>; studentNames: Map<number, string>; rooms: number[]; hours: Map<number, number> }> {
  const [batch] = await queryRows<{ gradeId: number; termId: number; mode: 'full' | 'fixTwo'; blockCount: number; minSize: number; maxSize: number }>(db, sql`
    SELECT grade_id AS "gradeId", term_id AS "termId", mode, block_count AS "blockCount", min_class_size AS "minSize", max_class_size AS "maxSize" FROM shift_batches WHERE id = ${batchId}`);
  if (!batch) throw notFound();
  const level = sql`CASE WHEN bc.level <> '' THEN '(' || bc.level || ')' ELSE '' END`;
  const courses = await queryRows<{ id: number; courseId: number; name: string; reportName: string; hours: number; teachers: number[] }>(db, sql`
    SELECT bc.id, bc.course_id AS "courseId", co.name || ${level} AS name, ${localName('co', language)} || ${level} AS "reportName", bc.weekly_hours AS hours,
      -- Teachers of the subject: those who teach it in the grade this term first, then its teaching-research group.
      ARRAY(SELECT t.id FROM (
              SELECT p.teacher_id AS id, 0 AS rank FROM timetable_plan_items p JOIN classes c ON c.id = p.class_id
              WHERE p.term_id = ${batch.termId} AND c.grade_id = ${batch.gradeId} AND p.course_id = bc.course_id AND p.teacher_id IS NOT NULL
              UNION SELECT st.id, 1 FROM staff st WHERE st.research_group_id = co.research_group_id) t
            GROUP BY t.id ORDER BY min(t.rank), t.id) AS teachers
    FROM shift_batch_courses bc JOIN courses co ON co.id = bc.course_id WHERE bc.batch_id = ${batchId} ORDER BY bc.id`);
  const students = await queryRows<{ id: number; name: string; classId: number; gender: string; score: string | number | null; courses: number[] }>(db, sql`
    SELECT s.id, s.name, s.class_id AS "classId", s.gender, ch.batch_course_ids AS courses,
      (SELECT t.total FROM score_totals t JOIN score_batches sb ON sb.id = t.batch_id WHERE t.student_id = s.id ORDER BY sb.id DESC LIMIT 1) AS score
    FROM shift_choices ch JOIN students s ON s.id = ch.student_id JOIN classes c ON c.id = s.class_id
    WHERE ch.batch_id = ${batchId} AND c.grade_id = ${batch.gradeId} AND s.in_school_status = '1' ORDER BY s.id`);
  // Rooms: the grade's classrooms first, then rooms no class calls its own.
  const rooms = await queryRows<{ id: number }>(db, sql`
    SELECT cr.id FROM classrooms cr LEFT JOIN classes c ON c.classroom_id = cr.id
    WHERE (c.grade_id = ${batch.gradeId} OR c.id IS NULL) AND cr.classes_at_once = 1
    ORDER BY (c.grade_id = ${batch.gradeId}) DESC NULLS LAST, cr.code`);
  return {
    input: {
      blockCount: batch.blockCount,
      minSize: batch.minSize,
      maxSize: batch.maxSize,
      mode: batch.mode,
      roomsPerBlock: rooms.length,
      courses: courses.map((c) => ({ id: c.id, hours: c.hours, teachers: c.teachers })),
      students: students.map((s) => ({ id: s.id, classId: s.classId, gender: s.gender, score: s.score == null ? null : Number(s.score), courses: s.courses })),
      timeLimitMs: FORMATION_SECONDS * 1000,
    },
    // Class names are data, in the school's language; the report is in the language of whoever asked.
    names: new Map(courses.map((c) => [c.id, c.name])),
    reportNames: new Map(courses.map((c) => [c.id, c.reportName])),
    studentNames: new Map(students.map((s) => [s.id, s.name])),
    rooms: rooms.map((r) => r.id),
    hours: new Map(courses.map((c) => [c.id, c.hours])),
  };
}

/** Runs the computation in a child process. */
export function runFormation(input: FormationInput, onProgress?: (done: number, total: number) => void): Promise<FormationOutput> {
  return runInChild<FormationInput, FormationOutput>(new URL('./formation.ts', import.meta.url), 'formClasses', input, { timeoutMs: input.timeLimitMs + 60_000, ...(onProgress ? { onProgress } : {}) });
}

/** Students with two classes in one block (0 unless something is wrong). */
function clashesOf(output: FormationOutput): number {
  const seen = new Set<string>();
  let clashes = 0;
  for (const section of output.sections) {
    for (const student of section.students) {
      const key = `${student}:${section.block}`;
      if (seen.has(key)) clashes++;
      seen.add(key);
    }
  }
  return clashes;
}

/**
 * Forms a batch's classes with `compute` (the child process in the task; the computation itself in the
 * seed) and writes them, replacing the batch's earlier classes, with the report; `inside` runs in the same
 * transaction (the task's checkpoint).
 */
export async function formAndWrite(
  db: Db,
  batchId: number,
  language: Language,
  compute: (input: FormationInput) => Promise<FormationOutput>,
  inside: (tx: Tx) => Promise<void> = async () => undefined,
): Promise<FormationReport> {
  const { input, names, reportNames, studentNames, rooms, hours } = await formationInput(db, batchId, language);
  const output = await compute(input);
  const t = (key: string, params: Record<string, string | number> = {}) => translate(language, key, params);
  const sizes = (courseId: number) => output.sections.filter((s) => s.courseId === courseId).map((s) => s.students.length);
  const report: FormationReport = {
    students: input.students.length,
    placed: input.students.length - new Set(output.unplaced.map((u) => u.studentId)).size,
    classCount: output.sections.length,
    classLowerBound: output.classLowerBound,
    teacherPeriods: output.sections.reduce((sum, s) => sum + (hours.get(s.courseId) ?? 0), 0),
    teacherPeriodsLowerBound: output.teacherPeriodsLowerBound,
    clashes: clashesOf(output),
    elapsedMs: output.elapsedMs,
    subjects: input.courses.map((c) => {
      const list = sizes(c.id);
      return { name: reportNames.get(c.id) ?? '', students: list.reduce((a, b) => a + b, 0), classes: list.length, smallest: list.length ? Math.min(...list) : 0, largest: list.length ? Math.max(...list) : 0 };
    }),
    unplaced: output.unplaced.slice(0, 200).map((u) => ({ studentName: studentNames.get(u.studentId) ?? String(u.studentId), reason: t('shift.reason.noClass', { course: reportNames.get(u.courseId) ?? '' }) })),
    warnings: output.warnings.map(([key, params]) => t(key, { ...params, ...(typeof params.course === 'number' ? { course: reportNames.get(params.course) ?? '' } : {}) })),
    finishedAt: schoolMinute(new Date()),
  };
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM shift_classes WHERE batch_id = ${batchId}`);
    // Numbers in subject and block order; rooms dealt in each block, the grade's own first.
    const numberOf = new Map<number, number>();
    const roomAt = new Map<number, number>();
    let number = 0;
    const ordered = [...output.sections].sort((a, b) => a.courseId - b.courseId || a.block - b.block);
    for (const section of ordered) {
      number++;
      const index = (numberOf.get(section.courseId) ?? 0) + 1;
      numberOf.set(section.courseId, index);
      const room = rooms[roomAt.get(section.block) ?? 0] ?? null;
      roomAt.set(section.block, (roomAt.get(section.block) ?? 0) + 1);
      const [row] = await queryRows<{ id: number }>(tx, sql`
        INSERT INTO shift_classes (batch_id, batch_course_id, number, name, block, teacher_id, classroom_id)
        VALUES (${batchId}, ${section.courseId}, ${number}, ${translate(DEFAULT_LANGUAGE, 'shift.className', { course: names.get(section.courseId) ?? '', level: '', number: index })}, ${section.block}, ${section.teacherId}, ${room})
        RETURNING id`);
      await tx.execute(sql`INSERT INTO shift_class_students (shift_class_id, student_id) SELECT ${row!.id}, unnest(${sql.param(section.students)}::int[])`);
    }
    await tx.execute(sql`UPDATE shift_batches SET formation_status = 'formed', report = ${JSON.stringify(report)}::jsonb, updated_at = now() WHERE id = ${batchId}`);
    await inside(tx);
  });
  return report;
}

const formation: TaskHandler<Payload> = {
  async run(db, task, step) {
    const { batchId, language } = task.payload;
    const [batch] = await queryRows<{ status: string }>(db, sql`SELECT formation_status AS status FROM shift_batches WHERE id = ${batchId}`);
    if (batch?.status !== 'running') return;
    await db.transaction((tx) => step.checkpoint(tx, { done: 0, total: 3 }, {}));
    await formAndWrite(
      db,
      batchId,
      language,
      (input) => runFormation(input, (done, total) => void db.transaction((tx) => step.checkpoint(tx, { done, total }, {})).catch(() => undefined)),
      (tx) => step.checkpoint(tx, { done: 3, total: 3 }, {}),
    );
  },
  async failed(db, task, message) {
    const { batchId, language } = task.payload;
    const report = { students: 0, placed: 0, classCount: 0, classLowerBound: 0, teacherPeriods: 0, teacherPeriodsLowerBound: 0, clashes: 0, elapsedMs: 0, subjects: [], unplaced: [], warnings: [], error: translate(language, 'shift.failed', { error: message }), finishedAt: schoolMinute(new Date()) };
    await db.execute(sql`
      UPDATE shift_batches SET formation_status = CASE WHEN EXISTS (SELECT 1 FROM shift_classes WHERE batch_id = ${batchId}) THEN 'formed' ELSE 'none' END,
        report = ${JSON.stringify(report)}::jsonb, updated_at = now() WHERE id = ${batchId} AND formation_status = 'running'`);
  },
};
registerTaskHandler(FORMATION_TASK, formation);

// ---- Classes ----

const scoreOf = sql`(SELECT t.total FROM score_totals t JOIN score_batches sb ON sb.id = t.batch_id WHERE t.student_id = s.id ORDER BY sb.id DESC LIMIT 1)`;

export async function shiftClassRows(db: DbOrTx, language: Language, batchId: number): Promise<ShiftClassRow[]> {
  await batchById(db, language, batchId);
  const rows = await queryRows<Omit<ShiftClassRow, 'averageScore'> & { averageScore: string | number | null }>(db, sql`
    SELECT sc.id, sc.batch_id AS "batchId", sc.batch_course_id AS "batchCourseId", ${localName('co', language)} AS "courseName", bc.level, sc.number, sc.name, sc.block,
      sc.teacher_id AS "teacherId", coalesce(st.name, '') AS "teacherName", sc.classroom_id AS "classroomId", coalesce(cr.name, '') AS "classroomName",
      count(m.student_id)::int AS size, count(*) FILTER (WHERE s.gender = '1')::int AS boys, count(*) FILTER (WHERE s.gender = '2')::int AS girls,
      round(avg(${scoreOf}), 1) AS "averageScore"
    FROM shift_classes sc JOIN shift_batch_courses bc ON bc.id = sc.batch_course_id JOIN courses co ON co.id = bc.course_id
    LEFT JOIN staff st ON st.id = sc.teacher_id LEFT JOIN classrooms cr ON cr.id = sc.classroom_id
    LEFT JOIN shift_class_students m ON m.shift_class_id = sc.id LEFT JOIN students s ON s.id = m.student_id
    WHERE sc.batch_id = ${batchId}
    GROUP BY sc.id, co.name, co.name_en, bc.level, st.name, cr.name ORDER BY sc.number`);
  return rows.map((r) => ({ ...r, averageScore: r.averageScore == null ? null : Number(r.averageScore) }));
}

export async function saveShiftClass(db: Db, form: ShiftClassForm): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await queryRows<{ batchId: number }>(tx, sql`SELECT batch_id AS "batchId" FROM shift_classes WHERE id = ${form.id}`);
    if (!row) throw notFound();
    await lockBatch(tx, row.batchId);
    const [taken] = await queryRows(tx, sql`SELECT 1 FROM shift_classes WHERE batch_id = ${row.batchId} AND number = ${form.number} AND id <> ${form.id}`);
    if (taken) throw conflict('shift.duplicateNumber');
    const [refs] = await queryRows<{ ok: boolean }>(tx, sql`
      SELECT (${form.teacherId ?? null}::int IS NULL OR EXISTS (SELECT 1 FROM staff WHERE id = ${form.teacherId ?? null}::int))
        AND (${form.classroomId ?? null}::int IS NULL OR EXISTS (SELECT 1 FROM classrooms WHERE id = ${form.classroomId ?? null}::int)) AS ok`);
    if (!refs?.ok) throw badRequest('errors.notFound');
    await tx.execute(sql`
      UPDATE shift_classes SET number = ${form.number}, name = ${form.name}, teacher_id = ${form.teacherId ?? null}, classroom_id = ${form.classroomId ?? null} WHERE id = ${form.id}`);
  });
}

/** A class's students, or (no class given) the batch's students who lack a class for one of their subjects. */
export async function shiftClassStudents(db: DbOrTx, language: Language, batchId: number, shiftClassId: number | undefined): Promise<ShiftClassStudent[]> {
  await batchById(db, language, batchId);
  const columns = sql`s.id AS "studentId", s.student_number AS "studentNumber", s.name, s.gender, coalesce(c.name, '') AS "className", ${scoreOf}::float AS score`;
  if (shiftClassId) {
    return queryRows<ShiftClassStudent>(db, sql`
      SELECT ${columns} FROM shift_class_students m JOIN shift_classes sc ON sc.id = m.shift_class_id AND sc.batch_id = ${batchId}
      JOIN students s ON s.id = m.student_id LEFT JOIN classes c ON c.id = s.class_id
      WHERE m.shift_class_id = ${shiftClassId} ORDER BY c.sort, s.student_number`);
  }
  // A student has one choice per batch: no duplicates to remove.
  return queryRows<ShiftClassStudent>(db, sql`
    SELECT ${columns} FROM shift_choices ch JOIN students s ON s.id = ch.student_id LEFT JOIN classes c ON c.id = s.class_id
    WHERE ch.batch_id = ${batchId} AND EXISTS (SELECT 1 FROM unnest(ch.batch_course_ids) AS chosen(id)
      WHERE NOT EXISTS (SELECT 1 FROM shift_class_students m JOIN shift_classes sc ON sc.id = m.shift_class_id WHERE m.student_id = s.id AND sc.batch_course_id = chosen.id))
      AND EXISTS (SELECT 1 FROM shift_classes WHERE batch_id = ${batchId})
    ORDER BY c.sort, s.student_number`);
}

/**
 * Moves a student into a class of the same subject (fromClassId 0 is none: a student without a class of
 * that subject is placed): refused when the class is full or in a block where the student has another class.
 */
export async function moveStudent(db: Db, body: { batchId: number; studentId: number; fromClassId: number; toClassId: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const batch = await lockBatch(tx, body.batchId);
    const [target] = await queryRows<{ name: string; block: number; courseId: number; size: number; max: number }>(tx, sql`
      SELECT sc.name, sc.block, sc.batch_course_id AS "courseId", (SELECT count(*)::int FROM shift_class_students WHERE shift_class_id = sc.id) AS size, b.max_class_size AS max
      FROM shift_classes sc JOIN shift_batches b ON b.id = sc.batch_id WHERE sc.id = ${body.toClassId} AND sc.batch_id = ${body.batchId}`);
    if (!target) throw notFound();
    const [student] = await queryRows<{ name: string; chose: boolean }>(tx, sql`
      SELECT s.name, EXISTS (SELECT 1 FROM shift_choices ch WHERE ch.batch_id = ${body.batchId} AND ch.student_id = s.id AND ${target.courseId} = ANY(ch.batch_course_ids)) AS chose
      FROM students s WHERE s.id = ${body.studentId}`);
    if (!student) throw notFound();
    if (body.fromClassId) {
      const [from] = await queryRows<{ courseId: number }>(tx, sql`
        SELECT sc.batch_course_id AS "courseId" FROM shift_class_students m JOIN shift_classes sc ON sc.id = m.shift_class_id
        WHERE m.shift_class_id = ${body.fromClassId} AND m.student_id = ${body.studentId} AND sc.batch_id = ${body.batchId}`);
      if (!from) throw conflict('shift.notInClass');
      if (from.courseId !== target.courseId) throw conflict('shift.notSameCourse');
    } else if (!student.chose) {
      throw conflict('shift.notSameCourse');
    }
    if (body.fromClassId === body.toClassId) return;
    if (target.size >= target.max) throw conflict('shift.classFull', { class: target.name, size: target.size, max: target.max });
    const [clash] = await queryRows<{ name: string }>(tx, sql`
      SELECT sc.name FROM shift_class_students m JOIN shift_classes sc ON sc.id = m.shift_class_id
      WHERE m.student_id = ${body.studentId} AND sc.batch_id = ${body.batchId} AND sc.block = ${target.block} AND sc.id <> ${body.fromClassId} LIMIT 1`);
    if (clash) throw conflict('shift.classClash', { student: student.name, other: clash.name, block: target.block });
    if (body.fromClassId) await tx.execute(sql`DELETE FROM shift_class_students WHERE shift_class_id = ${body.fromClassId} AND student_id = ${body.studentId}`);
    await tx.execute(sql`INSERT INTO shift_class_students (shift_class_id, student_id) VALUES (${body.toClassId}, ${body.studentId}) ON CONFLICT DO NOTHING`);
    // A published batch's teaching classes follow the move.
    if (batch.formationStatus === 'published') await syncTeachingClassStudents(tx, body.batchId);
  });
}

/**
 * Publishes a batch's classes: each becomes a teaching class of the term (its subject, teacher, room and
 * students, its lessons at its block's periods, all the term's weeks); a batch published before has its
 * teaching classes replaced. Its students and their parents get a message.
 */
export async function publishShiftClasses(db: Db, caller: Caller, batchId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const batch = await lockBatch(tx, batchId);
    if (batch.formationStatus === 'none') throw conflict('shift.notFormed');
    const classes = await queryRows<{ id: number; name: string; courseId: number; teacherId: number | null; classroomId: number | null; block: number; oldId: number | null; size: number }>(tx, sql`
      SELECT sc.id, sc.name, bc.course_id AS "courseId", sc.teacher_id AS "teacherId", sc.classroom_id AS "classroomId", sc.block, sc.teaching_class_id AS "oldId",
        (SELECT count(*)::int FROM shift_class_students WHERE shift_class_id = sc.id) AS size
      FROM shift_classes sc JOIN shift_batch_courses bc ON bc.id = sc.batch_course_id WHERE sc.batch_id = ${batchId} ORDER BY sc.number`);
    if (!classes.length) throw conflict('shift.notFormed');
    // The teaching classes of an earlier publication of this batch go (names are unique in a term).
    await tx.execute(sql`DELETE FROM teaching_classes WHERE id IN (SELECT teaching_class_id FROM shift_classes WHERE batch_id = ${batchId} AND teaching_class_id IS NOT NULL)`);
    const [term] = await queryRows<{ weekCount: number }>(tx, sql`SELECT week_count AS "weekCount" FROM terms WHERE id = ${batch.termId}`);
    for (const c of classes) {
      const name = `${batch.name} ${c.name}`.slice(0, 50);
      const [created] = await queryRows<{ id: number }>(tx, sql`
        INSERT INTO teaching_classes (term_id, name, course_id, grade_id, teacher_id, classroom_id, capacity, week_from, week_to, remarks)
        VALUES (${batch.termId}, ${name}, ${c.courseId}, ${batch.gradeId}, ${c.teacherId}, ${c.classroomId}, ${Math.max(c.size, 1)}, 1, ${term!.weekCount}, ${batch.name})
        ON CONFLICT (term_id, name) DO UPDATE SET course_id = excluded.course_id, teacher_id = excluded.teacher_id, classroom_id = excluded.classroom_id,
          capacity = excluded.capacity, updated_at = now()
        RETURNING id`);
      await tx.execute(sql`DELETE FROM teaching_class_lessons WHERE teaching_class_id = ${created!.id}`);
      await tx.execute(sql`
        INSERT INTO teaching_class_lessons (teaching_class_id, day, period)
        SELECT ${created!.id}, day, period FROM shift_block_periods WHERE batch_id = ${batchId} AND block = ${c.block}`);
      await tx.execute(sql`UPDATE shift_classes SET teaching_class_id = ${created!.id} WHERE id = ${c.id}`);
    }
    await syncTeachingClassStudents(tx, batchId);
    await tx.execute(sql`UPDATE shift_batches SET formation_status = 'published', published_at = now(), updated_at = now() WHERE id = ${batchId}`);
    const recipients = sql`
      SELECT s.user_id FROM shift_class_students m JOIN shift_classes sc ON sc.id = m.shift_class_id JOIN students s ON s.id = m.student_id WHERE sc.batch_id = ${batchId}
      UNION SELECT g.parent_user_id FROM shift_class_students m JOIN shift_classes sc ON sc.id = m.shift_class_id JOIN guardians g ON g.student_id = m.student_id WHERE sc.batch_id = ${batchId}`;
    await sendMessages(tx, caller, recipients, 'shift.message.published', { batch: batch.name }, SHIFT_URLS.myChoice);
  });
}
