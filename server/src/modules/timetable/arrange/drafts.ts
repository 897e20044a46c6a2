import { sql, type SQL } from 'drizzle-orm';
import {
  translate,
  type DraftDetail,
  type DraftForm,
  type DraftGrid,
  type DraftLesson,
  type DraftRow,
  type DraftSource,
  type DraftStatus,
  type PlaceLesson,
  type GenerationReport,
  type Language,
  type PagedResult,
  type WeekParity,
} from '@campus/contract';
import { jsonValue, queryRows, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import type { Caller } from '../../../platform/caller.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';
import { idList } from '../../../platform/resource.ts';
import { schoolMinute } from '../../../platform/schoolClock.ts';
import { localName, periodList, teachingDays, teachingSlots } from '../views/queries.ts';
import { draftConflicts, lessonConflict, outsideUsesSql } from './conflicts.ts';
import { planRowsSql } from './plan.ts';

/**
 * 排课管理's drafts: a term's timetable being made (docs/calls-timetable.md, "Timetable arrangement"). Every
 * change to a draft locks its row first, so two people dragging on one draft are checked one after the
 * other, and no change is made while a generation runs or after it was published.
 */

interface DraftHead {
  id: number;
  termId: number;
  status: DraftStatus;
  source: DraftSource;
}

/** Locks a draft for a change: it must exist and be open for editing. */
export async function lockDraft(tx: Tx, id: number): Promise<DraftHead> {
  const [draft] = await queryRows<DraftHead>(tx, sql`SELECT id, term_id AS "termId", status, source FROM timetable_drafts WHERE id = ${id} FOR UPDATE`);
  if (!draft) throw notFound();
  if (draft.status === 'generating') throw conflict('arrange.generating');
  if (draft.status === 'published') throw conflict('arrange.published');
  return draft;
}

const touch = (tx: Tx, id: number) => tx.execute(sql`UPDATE timetable_drafts SET updated_at = now() WHERE id = ${id}`);

/**
 * Hours of the plan not in the draft, summed over its classes and courses (lessons beyond the plan do not
 * count); an imported draft: the hours of its activities not placed.
 */
const unplacedSql = (draftAlias: string) => {
  const d = sql.raw(draftAlias);
  return sql`
  (CASE WHEN ${d}.source = 'fet' THEN
    (SELECT coalesce(sum(a.duration), 0)::int FROM timetable_draft_activities a
     WHERE a.draft_id = ${d}.id AND NOT EXISTS (SELECT 1 FROM timetable_draft_lessons l WHERE l.activity_id = a.id))
  ELSE
  (SELECT coalesce(sum(greatest(h.weekly_hours - coalesce(placed.n, 0), 0)), 0)::int
   FROM classes c JOIN grade_course_hours h ON h.grade_id = c.grade_id AND h.term_id = ${d}.term_id
   LEFT JOIN (SELECT class_id, course_id, count(*) AS n FROM timetable_draft_lessons WHERE draft_id = ${d}.id GROUP BY class_id, course_id) placed
     ON placed.class_id = c.id AND placed.course_id = h.course_id)
  END)`;
};

type DraftRaw = Omit<DraftRow, 'createdAt' | 'updatedAt' | 'publishedAt'> & { createdAt: Date | string; updatedAt: Date | string; publishedAt: Date | string | null };

const draftSelect = (language: Language, where: SQL) => sql`
  SELECT d.id, d.term_id AS "termId", ${localName('t', language)} AS "termName", d.name, d.status, d.source,
    (SELECT count(*)::int FROM timetable_draft_lessons l WHERE l.draft_id = d.id) AS "lessonCount",
    ${unplacedSql('d')} AS "unplacedCount",
    coalesce(u.display_name, '') AS "createdByName", d.created_at AS "createdAt", d.updated_at AS "updatedAt", d.published_at AS "publishedAt"
  FROM timetable_drafts d JOIN terms t ON t.id = d.term_id LEFT JOIN users u ON u.id = d.created_by_user_id
  WHERE ${where}`;

const draftRow = (row: DraftRaw): DraftRow => ({
  ...row,
  createdAt: schoolMinute(row.createdAt),
  updatedAt: schoolMinute(row.updatedAt),
  publishedAt: row.publishedAt ? schoolMinute(row.publishedAt) : null,
});

export async function pageDrafts(db: DbOrTx, language: Language, search: { termId?: number }, page: { offset: number; limit: number }): Promise<PagedResult<DraftRow>> {
  const where = search.termId ? sql`d.term_id = ${search.termId}` : sql`TRUE`;
  const [count] = await queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM timetable_drafts d WHERE ${where}`);
  const rows = await queryRows<DraftRaw>(db, sql`${draftSelect(language, where)} ORDER BY d.created_at DESC, d.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`);
  return { rows: rows.map(draftRow), total: count?.total ?? 0 };
}

export async function getDraft(db: DbOrTx, language: Language, id: number): Promise<DraftDetail> {
  const [row] = await queryRows<DraftRaw & { report: GenerationReport | string | null; done: number | null; total: number | null }>(db, sql`
    SELECT x.*, d.report, bt.progress_done AS done, bt.progress_total AS total
    FROM (${draftSelect(language, sql`d.id = ${id}`)}) x JOIN timetable_drafts d ON d.id = x.id
    LEFT JOIN background_tasks bt ON bt.id = d.task_id AND d.status = 'generating'`);
  if (!row) throw notFound();
  const { report, done, total, ...rest } = row;
  return {
    ...draftRow(rest),
    progress: rest.status === 'generating' ? { done: done ?? 0, total: total ?? 0 } : null,
    report: report ? jsonValue<GenerationReport>(report) : null,
    editable: rest.status === 'editing',
  };
}

export async function createDraft(db: Db, caller: Caller, form: DraftForm): Promise<number> {
  return db.transaction(async (tx) => {
    const [term] = await queryRows(tx, sql`SELECT 1 FROM terms WHERE id = ${form.termId}`);
    if (!term) throw badRequest('arrange.unknownReference');
    const [draft] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO timetable_drafts (term_id, name, created_by_user_id) VALUES (${form.termId}, ${form.name}, ${caller.auth.userId}) RETURNING id`);
    if (form.from === 'published') {
      await tx.execute(sql`
        INSERT INTO timetable_draft_lessons (draft_id, class_id, course_id, teacher_id, classroom_id, day, period, week_parity, label)
        SELECT ${draft!.id}, class_id, course_id, teacher_id, classroom_id, day, period, week_parity, label
        FROM timetable_entries WHERE term_id = ${form.termId} ORDER BY id`);
    }
    return draft!.id;
  });
}

export async function deleteDrafts(db: Db, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number; status: DraftStatus }>(tx, sql`SELECT id, status FROM timetable_drafts WHERE id IN ${idList(ids)} FOR UPDATE`);
    if (rows.length !== new Set(ids).size) throw notFound();
    if (rows.some((r) => r.status === 'generating')) throw conflict('arrange.generating');
    await tx.execute(sql`DELETE FROM timetable_drafts WHERE id IN ${idList(ids)}`);
  });
}

const lessonSelect = (language: Language) => sql`
  SELECT l.id, l.class_id AS "classId", c.name AS "className", l.course_id AS "courseId", ${localName('co', language)} AS "courseName",
    l.teacher_id AS "teacherId", coalesce(st.name, '') AS "teacherName", l.classroom_id AS "classroomId", coalesce(cr.name, '') AS "classroomName",
    l.day, l.period, l.week_parity AS "weekParity", coalesce(l.label, '') AS label, l.locked, l.activity_id AS "activityId"
  FROM timetable_draft_lessons l JOIN classes c ON c.id = l.class_id JOIN courses co ON co.id = l.course_id
  LEFT JOIN staff st ON st.id = l.teacher_id LEFT JOIN classrooms cr ON cr.id = l.classroom_id`;

/** One owner's week in a draft: its lessons, its times taken outside the draft, what is still to place. */
export async function draftGrid(db: DbOrTx, language: Language, query: { id: number; kind: 'class' | 'teacher' | 'room'; ownerId: number }): Promise<DraftGrid> {
  const [draft] = await queryRows<{ termId: number; source: DraftSource }>(db, sql`SELECT term_id AS "termId", source FROM timetable_drafts WHERE id = ${query.id}`);
  if (!draft) throw notFound();
  const column = { class: 'class_id', teacher: 'teacher_id', room: 'classroom_id' }[query.kind];
  const outsideKind = { class: 'class', teacher: 'teacher', room: 'room' }[query.kind];
  // Unplaced: the plan rows of the owner (a room: those whose lessons it holds, its class's own or named).
  const planWhere = {
    class: sql`c.id = ${query.ownerId}`,
    teacher: sql`p.teacher_id = ${query.ownerId}`,
    room: sql`coalesce(p.classroom_id, c.classroom_id) = ${query.ownerId}`,
  }[query.kind];
  const [lessons, busy, plan, days, periods] = await Promise.all([
    queryRows<DraftLesson>(db, sql`${lessonSelect(language)} WHERE l.draft_id = ${query.id} AND l.${sql.raw(column)} = ${query.ownerId} ORDER BY l.day, l.period, c.sort, l.id`),
    queryRows<{ day: number; period: number; what: string }>(db, sql`
      SELECT u.day, u.period, string_agg(DISTINCT u.what, ', ') AS what FROM (${outsideUsesSql(draft.termId, language)}) u
      WHERE u.kind = ${outsideKind} AND u.owner = ${query.ownerId} GROUP BY u.day, u.period
      ${query.kind === 'teacher' ? sql`UNION ALL SELECT day, period, ${translate(language, 'arrange.unavailableCell')} FROM teacher_unavailable_periods WHERE term_id = ${draft.termId} AND staff_id = ${query.ownerId}` : sql``}
      ORDER BY 1, 2`),
    draft.source === 'fet'
      ? unplacedActivities(db, language, query)
      : queryRows<{ classId: number; className: string; courseId: number; courseName: string; teacherName: string; weeklyHours: number; placed: number }>(db, sql`
      SELECT r.*, (SELECT count(*)::int FROM timetable_draft_lessons l WHERE l.draft_id = ${query.id} AND l.class_id = r."classId" AND l.course_id = r."courseId") AS placed
      FROM (${planRowsSql(draft.termId, language, planWhere)}) r`),
    teachingDays(db, language),
    periodList(db, language),
  ]);
  return {
    days,
    periods: periods.map((p) => ({ sort: p.sort, name: p.name })),
    lessons,
    busy,
    unplaced: plan
      .filter((r) => r.placed < r.weeklyHours)
      .map((r) => ({
        classId: r.classId,
        className: r.className,
        courseId: r.courseId,
        courseName: r.courseName,
        teacherName: r.teacherName,
        missing: r.weeklyHours - r.placed,
        activityId: 'activityId' in r ? (r.activityId as number) : null,
      })),
  };
}

/** An imported draft's activities not placed, of a class, teacher or room, in the shape of plan rows (all of its duration missing). */
function unplacedActivities(db: DbOrTx, language: Language, query: { id: number; kind: 'class' | 'teacher' | 'room'; ownerId: number }) {
  const owner = {
    class: sql`${query.ownerId} = ANY (a.class_ids)`,
    teacher: sql`a.teacher_id = ${query.ownerId}`,
    room: sql`a.classroom_id = ${query.ownerId}`,
  }[query.kind];
  return queryRows<{ activityId: number; classId: number; className: string; courseId: number; courseName: string; teacherName: string; weeklyHours: number; placed: number }>(db, sql`
    SELECT a.id AS "activityId", a.class_ids[1] AS "classId",
      (SELECT string_agg(c.name, ', ' ORDER BY c.sort, c.id) FROM classes c WHERE c.id = ANY (a.class_ids)) || coalesce(' · ' || a.label, '') AS "className",
      a.course_id AS "courseId", ${localName('co', language)} AS "courseName", coalesce(nullif(a.teacher_names, ''), st.name, '') AS "teacherName",
      a.duration::int AS "weeklyHours", 0 AS placed
    FROM timetable_draft_activities a JOIN courses co ON co.id = a.course_id LEFT JOIN staff st ON st.id = a.teacher_id
    WHERE a.draft_id = ${query.id} AND ${owner} AND NOT EXISTS (SELECT 1 FROM timetable_draft_lessons l WHERE l.activity_id = a.id)
    ORDER BY a.fet_id`);
}

interface LessonFacts {
  classId: number;
  teacherId: number | null;
  classroomId: number | null;
  weekParity: WeekParity;
  activityId: number | null;
  day: number;
  period: number;
}

const lessonFacts = sql`SELECT id, class_id AS "classId", teacher_id AS "teacherId", classroom_id AS "classroomId", week_parity AS "weekParity",
  activity_id AS "activityId", day, period FROM timetable_draft_lessons`;

async function teachingSlot(db: DbOrTx, day: number, period: number): Promise<void> {
  if (!(await teachingSlots(db))(day, period)) throw badRequest('arrange.slotInvalid');
}

/**
 * The periods an activity of `duration` takes starting at `period`: the next ones of the school's day, which
 * must all exist (a double period does not run past the last period).
 */
async function periodsFrom(db: DbOrTx, day: number, period: number, duration: number): Promise<number[]> {
  // One read of the periods both checks the slot and gives the ones that follow it.
  const days = await teachingDays(db, 'zh');
  const sorts = (await periodList(db, 'zh')).map((p) => p.sort);
  const start = sorts.indexOf(period);
  if (start < 0 || !days.some((d) => d.day === day)) throw badRequest('arrange.slotInvalid');
  if (start + duration > sorts.length) throw badRequest('arrange.activityPastDay');
  return sorts.slice(start, start + duration);
}

/** The first conflict of any of `lessons` (those of one activity, or one lesson) at their new times, refused. */
async function refuseConflicts(tx: Tx, draftId: number, lessons: (LessonFacts & { id: number })[], language: Language): Promise<void> {
  for (const lesson of lessons) {
    const problem = await lessonConflict(tx, draftId, lesson, lesson.id, language);
    if (problem) throw conflict('arrange.conflict', { conflict: problem });
  }
}

/**
 * Moves a lesson of a draft to another day and period: refused with the first conflict found there. A lesson
 * of an imported activity moves the whole activity (each of its classes, each hour of a double period).
 */
export async function moveLesson(db: Db, language: Language, body: { id: number; lessonId: number; day: number; period: number }): Promise<void> {
  await db.transaction(async (tx) => {
    await lockDraft(tx, body.id);
    await teachingSlot(tx, body.day, body.period);
    const [lesson] = await queryRows<LessonFacts & { id: number }>(tx, sql`${lessonFacts} WHERE id = ${body.lessonId} AND draft_id = ${body.id}`);
    if (!lesson) throw notFound();
    let moved: (LessonFacts & { id: number })[] = [{ ...lesson, day: body.day, period: body.period }];
    if (lesson.activityId) {
      const group = await queryRows<LessonFacts & { id: number }>(tx, sql`${lessonFacts} WHERE activity_id = ${lesson.activityId} ORDER BY id`);
      const sorts = (await periodList(tx, 'zh')).map((p) => p.sort);
      const shift = sorts.indexOf(body.period) - sorts.indexOf(lesson.period);
      moved = group.map((row) => {
        const to = sorts[sorts.indexOf(row.period) + shift];
        if (to === undefined) throw badRequest('arrange.activityPastDay');
        return { ...row, day: body.day, period: to };
      });
    }
    await refuseConflicts(tx, body.id, moved, language);
    for (const row of moved) await tx.execute(sql`UPDATE timetable_draft_lessons SET day = ${row.day}, period = ${row.period} WHERE id = ${row.id}`);
    await touch(tx, body.id);
  });
}

/**
 * Places one more hour of a class's course (its plan's teacher and room) at a day and period; in an imported
 * draft, an activity not yet placed, whole, starting there.
 */
export async function placeLesson(db: Db, language: Language, body: PlaceLesson): Promise<number> {
  if ('activityId' in body) return placeActivity(db, language, body);
  return db.transaction(async (tx) => {
    const draft = await lockDraft(tx, body.id);
    if (draft.source === 'fet') throw conflict('arrange.placeActivity');
    await teachingSlot(tx, body.day, body.period);
    const [row] = await queryRows<{ className: string; courseName: string; weeklyHours: number; teacherId: number | null; classroomId: number | null; homeRoom: number | null; placed: number }>(tx, sql`
      SELECT r."className", r."courseName", r."weeklyHours", r."teacherId", r."classroomId", c.classroom_id AS "homeRoom",
        (SELECT count(*)::int FROM timetable_draft_lessons l WHERE l.draft_id = ${body.id} AND l.class_id = r."classId" AND l.course_id = r."courseId") AS placed
      FROM (${planRowsSql(draft.termId, language, sql`c.id = ${body.classId} AND h.course_id = ${body.courseId}`)}) r JOIN classes c ON c.id = r."classId"`);
    if (!row) {
      const [names] = await queryRows<{ className: string | null; courseName: string | null }>(tx, sql`
        SELECT (SELECT name FROM classes WHERE id = ${body.classId}) AS "className", (SELECT ${localName('co', language)} FROM courses co WHERE co.id = ${body.courseId}) AS "courseName"`);
      if (!names?.className || !names.courseName) throw badRequest('arrange.unknownReference');
      throw conflict('arrange.notInPlan', { class: names.className, course: names.courseName });
    }
    if (row.placed >= row.weeklyHours) throw conflict('arrange.allPlaced', { class: row.className, course: row.courseName, hours: row.weeklyHours });
    const lesson = { classId: body.classId, teacherId: row.teacherId, classroomId: row.classroomId ?? row.homeRoom, weekParity: 'all' as const, day: body.day, period: body.period, activityId: null };
    const problem = await lessonConflict(tx, body.id, lesson, 0, language);
    if (problem) throw conflict('arrange.conflict', { conflict: problem });
    const [created] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO timetable_draft_lessons (draft_id, class_id, course_id, teacher_id, classroom_id, day, period)
      VALUES (${body.id}, ${body.classId}, ${body.courseId}, ${lesson.teacherId}, ${lesson.classroomId}, ${body.day}, ${body.period}) RETURNING id`);
    await touch(tx, body.id);
    return created!.id;
  });
}

async function placeActivity(db: Db, language: Language, body: { id: number; activityId: number; day: number; period: number }): Promise<number> {
  return db.transaction(async (tx) => {
    await lockDraft(tx, body.id);
    const [activity] = await queryRows<{ classIds: number[]; courseId: number; teacherId: number | null; classroomId: number | null; duration: number; label: string | null; placed: boolean }>(tx, sql`
      SELECT class_ids AS "classIds", course_id AS "courseId", teacher_id AS "teacherId", classroom_id AS "classroomId", duration, label,
        EXISTS (SELECT 1 FROM timetable_draft_lessons l WHERE l.activity_id = a.id) AS placed
      FROM timetable_draft_activities a WHERE id = ${body.activityId} AND draft_id = ${body.id}`);
    if (!activity) throw badRequest('arrange.unknownReference');
    if (activity.placed) throw conflict('arrange.activityPlaced');
    const periods = await periodsFrom(tx, body.day, body.period, activity.duration);
    const lessons = activity.classIds.flatMap((classId) =>
      periods.map((period) => ({ id: 0, classId, teacherId: activity.teacherId, classroomId: activity.classroomId, weekParity: 'all' as const, activityId: body.activityId, day: body.day, period })),
    );
    await refuseConflicts(tx, body.id, lessons, language);
    const created = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO timetable_draft_lessons (draft_id, class_id, course_id, teacher_id, classroom_id, day, period, label, activity_id)
      SELECT ${body.id}, l."classId", ${activity.courseId}, ${activity.teacherId}, ${activity.classroomId}, ${body.day}, l.period, ${activity.label}, ${body.activityId}
      FROM jsonb_to_recordset(${JSON.stringify(lessons)}::jsonb) AS l("classId" int, period smallint) RETURNING id`);
    await touch(tx, body.id);
    return created[0]!.id;
  });
}

export async function removeLesson(db: Db, body: { id: number; lessonId: number }): Promise<void> {
  await db.transaction(async (tx) => {
    await lockDraft(tx, body.id);
    // A lesson of an imported activity takes the activity's other lessons with it: the activity is unplaced again.
    const rows = await queryRows(tx, sql`
      DELETE FROM timetable_draft_lessons WHERE draft_id = ${body.id}
        AND (id = ${body.lessonId} OR activity_id = (SELECT activity_id FROM timetable_draft_lessons WHERE id = ${body.lessonId} AND draft_id = ${body.id}))
      RETURNING id`);
    if (!rows.length) throw notFound();
    await touch(tx, body.id);
  });
}

export async function lockLesson(db: Db, body: { id: number; lessonId: number; locked: boolean }): Promise<void> {
  await db.transaction(async (tx) => {
    await lockDraft(tx, body.id);
    const rows = await queryRows(tx, sql`
      UPDATE timetable_draft_lessons SET locked = ${body.locked} WHERE draft_id = ${body.id}
        AND (id = ${body.lessonId} OR activity_id = (SELECT activity_id FROM timetable_draft_lessons WHERE id = ${body.lessonId} AND draft_id = ${body.id}))
      RETURNING id`);
    if (!rows.length) throw notFound();
    await touch(tx, body.id);
  });
}

/**
 * Publishes a draft: checked whole once more (the rest of the term may have changed since it was made), then
 * the term's timetable becomes its lessons, held every week of the term (or every other week).
 */
export async function publishDraft(db: Db, caller: Caller, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const draft = await lockDraft(tx, id);
    // One publication of a term at a time.
    await tx.execute(sql`SELECT id FROM terms WHERE id = ${draft.termId} FOR UPDATE`);
    const conflicts = await draftConflicts(tx, id, draft.termId, caller.language);
    if (conflicts.length) throw conflict('arrange.conflictsAtPublish', { count: conflicts.length, conflict: conflicts[0]! });
    await tx.execute(sql`DELETE FROM timetable_entries WHERE term_id = ${draft.termId}`);
    await tx.execute(sql`
      INSERT INTO timetable_entries (term_id, class_id, day, period, course_id, teacher_id, classroom_id, label, week_from, week_to, week_parity)
      SELECT ${draft.termId}, l.class_id, l.day, l.period, l.course_id, l.teacher_id, l.classroom_id, l.label, 1, t.week_count, l.week_parity
      FROM timetable_draft_lessons l JOIN terms t ON t.id = ${draft.termId}
      WHERE l.draft_id = ${id} ORDER BY l.class_id, l.day, l.period, l.id`);
    await tx.execute(sql`
      UPDATE timetable_drafts SET status = 'published', published_at = now(), published_by_user_id = ${caller.auth.userId}, updated_at = now() WHERE id = ${id}`);
  });
}
