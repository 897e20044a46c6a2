import { sql } from 'drizzle-orm';
import { translate, type GenerationReport, type Language, type PlanRow } from '@campus/contract';
import { queryRows, type Db, type DbOrTx } from '../../../db/client.ts';
import { enqueueTask, registerTaskHandler, type TaskHandler } from '../../../platform/background.ts';
import { runInChild } from '../../../platform/childWork.ts';
import { schoolMinute } from '../../../platform/schoolClock.ts';
import { periodList, teachingDays } from '../views/queries.ts';
import { outsideUsesSql } from './conflicts.ts';
import { lockDraft } from './drafts.ts';
import { buildFetProblem } from './fet/build.ts';
import { planRowsSql } from './plan.ts';
import type { Activity, ActivityGroup, Problem, Resource, Solution } from './solver/types.ts';

/**
 * Generation of a draft from the teaching plan (background work, platform/background.ts): the plan's hours
 * not yet in the draft's locked lessons become the solver's activities, the rest of the term (teaching
 * classes, electives, unavailable periods) its resources' unavailable times; the solver runs in a child
 * process; its answer replaces the draft's unlocked lessons in one transaction, with a report of what it
 * could not place and why.
 */
export const GENERATION_TASK = 'timetable.generate';

interface Payload {
  draftId: number;
  seconds: number;
  language: Language;
}

/** Marks the draft as generating and queues the run (in the caller's transaction). */
export async function queueGeneration(db: Db, userId: number, language: Language, draftId: number, seconds: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockDraft(tx, draftId);
    const payload: Payload = { draftId, seconds, language };
    const taskId = await enqueueTask(tx, GENERATION_TASK, payload, userId);
    await tx.execute(sql`UPDATE timetable_drafts SET status = 'generating', task_id = ${taskId}, updated_at = now() WHERE id = ${draftId}`);
  });
}

/** One activity of the solver's problem as the school's records. */
export interface BuiltActivity {
  /** Its class, or an imported activity's classes (none: a FET activity of teachers only, never written). */
  classIds: number[];
  className: string;
  courseId: number;
  courseName: string;
  teacherId: number | null;
  /** Its room (whichever copy of the room the solver chose). */
  roomIds: number[];
  /** An imported draft's activity, and the part of its class it is for. */
  activityId: number | null;
  label: string | null;
}

/** What the solver's indexes stand for, to write its answer back. */
export interface Built {
  problem: Problem;
  activities: BuiltActivity[];
  /** The school's day and period of each of the problem's days and hours. */
  days: number[];
  periods: number[];
  locked: number;
  /** Classes whose plan needs more periods than their week has free: hours needed and free. */
  overfull: Map<number, { needed: number; free: number }>;
  /** The classroom a room resource stands for, where the solver chooses rooms by resource (imported drafts). */
  roomOfResource?: Map<number, number>;
}

interface LockedLesson {
  classId: number;
  courseId: number;
  teacherId: number | null;
  classroomId: number | null;
  day: number;
  period: number;
}

/** The solver's problem for a draft: its term's plan, what is already taken, the locked lessons. */
export async function buildProblem(db: DbOrTx, draftId: number, termId: number, language: Language): Promise<Built> {
  const [dayRows, periodRows, plan, locked, outside, unavailable, rooms, homeRooms] = await Promise.all([
    teachingDays(db, language),
    periodList(db, language),
    queryRows<PlanRow>(db, planRowsSql(termId, language)),
    queryRows<LockedLesson>(db, sql`
      SELECT class_id AS "classId", course_id AS "courseId", teacher_id AS "teacherId", classroom_id AS "classroomId", day, period
      FROM timetable_draft_lessons WHERE draft_id = ${draftId} AND locked ORDER BY id`),
    queryRows<{ kind: 'teacher' | 'room' | 'class'; owner: number; day: number; period: number }>(db, sql`
      SELECT DISTINCT u.kind, u.owner, u.day, u.period FROM (${outsideUsesSql(termId, language)}) u`),
    queryRows<{ staffId: number; day: number; period: number }>(db, sql`
      SELECT staff_id AS "staffId", day, period FROM teacher_unavailable_periods WHERE term_id = ${termId}`),
    queryRows<{ id: number; name: string; classesAtOnce: number }>(db, sql`SELECT id, name, classes_at_once AS "classesAtOnce" FROM classrooms`),
    queryRows<{ id: number; classroomId: number | null }>(db, sql`SELECT id, classroom_id AS "classroomId" FROM classes`),
  ]);
  const days = dayRows.map((d) => d.day);
  const periods = periodRows.map((p) => p.sort);
  const hours = periods.length;
  const slotOf = (day: number, period: number): number | undefined => {
    const d = days.indexOf(day);
    const p = periods.indexOf(period);
    return d < 0 || p < 0 ? undefined : d * hours + p;
  };

  const resources: Resource[] = [];
  const index = new Map<string, number>();
  const resource = (key: string, make: () => Resource): number => {
    let at = index.get(key);
    if (at === undefined) {
      at = resources.push(make()) - 1;
      index.set(key, at);
    }
    return at;
  };
  const className = new Map(plan.map((r) => [r.classId, r.className]));
  const classResource = (id: number) => resource(`c${id}`, () => ({ name: className.get(id) ?? String(id), kind: 'students' }));
  const teacherNames = new Map(plan.filter((r) => r.teacherId).map((r) => [r.teacherId!, r.teacherName]));
  const teacherResource = (id: number) => resource(`t${id}`, () => ({ name: teacherNames.get(id) ?? String(id), kind: 'teacher' }));
  const roomById = new Map(rooms.map((r) => [r.id, r]));
  // A room holding k classes at once is k resources; a lesson takes any one of them.
  const roomCopies = (id: number): number[] => {
    const room = roomById.get(id);
    if (!room) return [];
    return Array.from({ length: Math.max(1, room.classesAtOnce) }, (_, copy) => resource(`r${id}:${copy}`, () => ({ name: room.name, kind: 'room' })));
  };

  // The rest of the term: a teacher or a class taken, a room's copies taken one by one.
  const unavailableOf = new Map<number, Set<number>>();
  const block = (at: number, slot: number | undefined) => {
    if (slot === undefined) return;
    let set = unavailableOf.get(at);
    if (!set) unavailableOf.set(at, (set = new Set()));
    set.add(slot);
  };
  const roomUses = new Map<string, number>();
  for (const use of outside) {
    const slot = slotOf(use.day, use.period);
    if (use.kind === 'teacher') block(teacherResource(use.owner), slot);
    else if (use.kind === 'class') block(classResource(use.owner), slot);
    else {
      const copies = roomCopies(use.owner);
      const key = `${use.owner}:${use.day}:${use.period}`;
      const used = roomUses.get(key) ?? 0;
      roomUses.set(key, used + 1);
      if (copies[used] !== undefined) block(copies[used], slot);
    }
  }
  for (const u of unavailable) block(teacherResource(u.staffId), slotOf(u.day, u.period));

  const activities: Activity[] = [];
  const meta: Built['activities'] = [];
  const groups: ActivityGroup[] = [];
  const homeRoom = new Map(homeRooms.map((c) => [c.id, c.classroomId]));
  const courseNames = new Map(plan.map((r) => [`${r.classId}:${r.courseId}`, r.courseName]));

  // Locked lessons: fixed activities (one hour each), in a free copy of their room.
  const lockedByItem = new Map<string, number[]>();
  const fixedRoomUses = new Map<string, number>();
  let lockedCount = 0;
  for (const lesson of locked) {
    const slot = slotOf(lesson.day, lesson.period);
    if (slot === undefined) continue;
    const uses = [classResource(lesson.classId)];
    if (lesson.teacherId) uses.push(teacherResource(lesson.teacherId));
    const activity: Activity = { name: `${className.get(lesson.classId) ?? ''} ${courseNames.get(`${lesson.classId}:${lesson.courseId}`) ?? ''}`, duration: 1, resources: uses, fixedStart: slot };
    if (lesson.classroomId) {
      const copies = roomCopies(lesson.classroomId);
      const key = `${lesson.classroomId}:${slot}`;
      const used = (fixedRoomUses.get(key) ?? 0) + (roomUses.get(`${lesson.classroomId}:${lesson.day}:${lesson.period}`) ?? 0);
      fixedRoomUses.set(key, (fixedRoomUses.get(key) ?? 0) + 1);
      if (copies[used] !== undefined) {
        activity.roomChoices = [copies[used]];
        activity.fixedRoom = copies[used];
      }
    }
    const key = `${lesson.classId}:${lesson.courseId}`;
    lockedByItem.set(key, [...(lockedByItem.get(key) ?? []), activities.length]);
    activities.push(activity);
    meta.push({ classIds: [lesson.classId], className: className.get(lesson.classId) ?? '', courseId: lesson.courseId, courseName: courseNames.get(key) ?? '', teacherId: lesson.teacherId, roomIds: lesson.classroomId ? [lesson.classroomId] : [], activityId: null, label: null });
    lockedCount++;
  }

  for (const row of plan) {
    const key = `${row.classId}:${row.courseId}`;
    const fixed = lockedByItem.get(key) ?? [];
    const remaining = row.weeklyHours - fixed.length;
    if (remaining <= 0) continue;
    const doubles = Math.min(row.doublePeriods, Math.floor(remaining / 2));
    const roomId = row.classroomId ?? homeRoom.get(row.classId) ?? null;
    const uses = [classResource(row.classId)];
    if (row.teacherId) uses.push(teacherResource(row.teacherId));
    const choices = roomId ? roomCopies(roomId) : [];
    const members = [...fixed];
    for (let i = 0; i < remaining - doubles; i++) {
      const duration = i < doubles ? 2 : 1;
      members.push(activities.length);
      activities.push({ name: `${row.className} ${row.courseName}`, duration, resources: uses, ...(choices.length ? { roomChoices: choices } : {}) });
      meta.push({ classIds: [row.classId], className: row.className, courseId: row.courseId, courseName: row.courseName, teacherId: row.teacherId, roomIds: roomId ? [roomId] : [], activityId: null, label: null });
    }
    if (members.length > 1) {
      // Spread over the week (a preference); never more on one day than the week needs.
      groups.push({ activities: members, minDaysBetween: 1, weight: 10, consecutiveIfSameDay: true, maxPerDay: Math.max(1, Math.ceil(members.length / days.length)) });
    }
  }

  for (const [at, set] of unavailableOf) resources[at]!.unavailable = [...set].sort((a, b) => a - b);
  // A class that needs more periods than it has free cannot be placed whole however long the search runs.
  const needed = new Map<number, number>();
  activities.forEach((a, i) => {
    const classId = meta[i]!.classIds[0]!;
    needed.set(classId, (needed.get(classId) ?? 0) + a.duration);
  });
  const overfull = new Map<number, { needed: number; free: number }>();
  for (const [classId, hoursNeeded] of needed) {
    const free = days.length * hours - (unavailableOf.get(classResource(classId))?.size ?? 0);
    if (hoursNeeded > free) overfull.set(classId, { needed: hoursNeeded, free });
  }
  return { problem: { days: days.length, hours, resources, activities, groups }, activities: meta, days, periods, locked: lockedCount, overfull };
}

/** Writes a solution into the draft: its unlocked lessons replaced, the report stored, editing again. */
async function writeSolution(db: Db, draftId: number, built: Built, solution: Solution, language: Language, step: Parameters<TaskHandler<Payload>['run']>[2]): Promise<void> {
  const t = (key: string, params?: Record<string, string | number>) => translate(language, key, params);
  const hours = built.problem.hours;
  type Row = { classId: number; courseId: number; teacherId: number | null; classroomId: number | null; day: number; period: number; activityId: number | null; label: string | null };
  const lessons: Row[] = [];
  for (const placement of solution.placements) {
    const activity = built.problem.activities[placement.activity]!;
    if (activity.fixedStart !== undefined) continue;
    const info = built.activities[placement.activity]!;
    const day = built.days[Math.floor(placement.start / hours)]!;
    const chosenRoom = placement.room !== undefined ? built.roomOfResource?.get(placement.room) : undefined;
    const classroomId = chosenRoom ?? info.roomIds[0] ?? null;
    for (const classId of info.classIds) {
      for (let k = 0; k < activity.duration; k++) {
        lessons.push({ classId, courseId: info.courseId, teacherId: info.teacherId, classroomId, day, period: built.periods[(placement.start % hours) + k]!, activityId: info.activityId, label: info.label });
      }
    }
  }
  const unplaced: GenerationReport['unplaced'] = solution.unplaced
    .filter((u) => built.activities[u.activity]!.classIds.length > 0)
    .map((u) => {
      const info = built.activities[u.activity]!;
      const classId = info.classIds[0]!;
      const who = u.blockers.map((b) => built.problem.resources[b]?.name).filter(Boolean).slice(0, 3).join(', ');
      const full = built.overfull.get(classId);
      const reason = full
        ? t('arrange.reason.classFull', { class: info.className, needed: full.needed, free: full.free })
        : t(`arrange.reason.${u.reason}`, { who: who || info.className });
      return { classId, className: info.className, courseName: info.courseName, reason };
    });
  const total = built.problem.activities.reduce((sum, a) => sum + a.duration, 0);
  const unplacedHours = solution.unplaced.reduce((sum, u) => sum + built.problem.activities[u.activity]!.duration, 0);
  const report: GenerationReport = {
    placed: total - unplacedHours,
    total,
    locked: built.locked,
    elapsedMs: Math.round(solution.elapsedMs),
    softCost: solution.softCost,
    unplaced,
    finishedAt: schoolMinute(new Date()),
  };
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM timetable_draft_lessons WHERE draft_id = ${draftId} AND NOT locked`);
    if (lessons.length) {
      await tx.execute(sql`
        INSERT INTO timetable_draft_lessons (draft_id, class_id, course_id, teacher_id, classroom_id, day, period, activity_id, label)
        SELECT ${draftId}, l."classId", l."courseId", l."teacherId", l."classroomId", l.day, l.period, l."activityId", l.label
        FROM jsonb_to_recordset(${JSON.stringify(lessons)}::jsonb)
          AS l("classId" int, "courseId" int, "teacherId" int, "classroomId" int, day smallint, period smallint, "activityId" int, label text)`);
    }
    await tx.execute(sql`UPDATE timetable_drafts SET status = 'editing', report = ${JSON.stringify(report)}::jsonb, updated_at = now() WHERE id = ${draftId}`);
    await step.checkpoint(tx, { done: total, total }, {});
  });
}

const generation: TaskHandler<Payload> = {
  async run(db, task, step) {
    const { draftId, seconds, language } = task.payload;
    const [draft] = await queryRows<{ termId: number; status: string; source: string }>(db, sql`SELECT term_id AS "termId", status, source FROM timetable_drafts WHERE id = ${draftId}`);
    if (!draft || draft.status !== 'generating') return;
    const built = draft.source === 'fet' ? await buildFetProblem(db, draftId, draft.termId, language) : await buildProblem(db, draftId, draft.termId, language);
    const total = built.problem.activities.length;
    await db.transaction((tx) => step.checkpoint(tx, { done: 0, total }, {}));
    // Progress is written at most once a second; each write also renews the task's claim.
    let last = 0;
    let writing: Promise<unknown> = Promise.resolve();
    const input = { problem: built.problem, options: { timeLimitMs: seconds * 1000, seed: task.id } };
    const solution = await runInChild<typeof input, Solution>(new URL('./solveEntry.ts', import.meta.url), 'solveProblem', input, {
      timeoutMs: seconds * 1000 + 60_000,
      onProgress: (placed) => {
        const now = Date.now();
        if (now - last < 1000) return;
        last = now;
        writing = writing.then(() => db.transaction((tx) => step.checkpoint(tx, { done: placed, total }, {}))).catch(() => undefined);
      },
    });
    await writing;
    await writeSolution(db, draftId, built, solution, language, step);
  },
  async failed(db, task, message) {
    const { draftId, language } = task.payload;
    const report = { placed: 0, total: 0, locked: 0, elapsedMs: 0, softCost: 0, unplaced: [], error: translate(language, 'arrange.failed', { error: message }), finishedAt: schoolMinute(new Date()) };
    await db.execute(sql`
      UPDATE timetable_drafts SET status = 'editing', report = ${JSON.stringify(report)}::jsonb, updated_at = now()
      WHERE id = ${draftId} AND status = 'generating'`);
  },
};

registerTaskHandler(GENERATION_TASK, generation);
