import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';
import { backgroundTasks } from './background.ts';
import { classes, classrooms, courses, staff, terms } from './school.ts';
import { users } from './system.ts';

/**
 * 调课申请 / 补课申请 (issue 16): a teacher's request to move one of their lessons within a week (swap) or to
 * give an extra one (makeUp). A request not submitted has no application; once submitted its application
 * carries the approval chain, and a withdrawn or decided one keeps it for the trail until submitted again.
 */
export const lessonChanges = pgTable(
  'lesson_changes',
  {
    id: serial('id').primaryKey(),
    /** contract LESSON_CHANGE_KINDS */
    kind: varchar('kind', { length: 8 }).notNull(),
    termId: integer('term_id').notNull().references(() => terms.id, { onDelete: 'cascade' }),
    classId: integer('class_id').notNull().references(() => classes.id, { onDelete: 'cascade' }),
    week: smallint('week').notNull(),
    staffId: integer('staff_id').notNull().references(() => staff.id, { onDelete: 'cascade' }),
    /** swap: the lesson that moves, and where to. */
    fromDay: smallint('from_day'),
    fromPeriod: smallint('from_period'),
    toDay: smallint('to_day'),
    toPeriod: smallint('to_period'),
    /** makeUp: the extra lesson. */
    day: smallint('day'),
    period: smallint('period'),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    classroomId: integer('classroom_id').references(() => classrooms.id, { onDelete: 'set null' }),
    reason: varchar('reason', { length: 200 }).notNull(),
    applicationId: integer('application_id').references(() => applications.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lesson_changes_staff_idx').on(t.staffId, t.createdAt), index('lesson_changes_application_idx').on(t.applicationId)],
);

/**
 * What a passed request does to one week of a class: a lesson not held at a time ('cancel'), or held
 * ('add'). Every timetable view of that week reads these over the term's cells.
 */
export const timetableChanges = pgTable(
  'timetable_changes',
  {
    id: serial('id').primaryKey(),
    lessonChangeId: integer('lesson_change_id')
      .notNull()
      .references(() => lessonChanges.id, { onDelete: 'cascade' }),
    termId: integer('term_id').notNull().references(() => terms.id, { onDelete: 'cascade' }),
    week: smallint('week').notNull(),
    classId: integer('class_id').notNull().references(() => classes.id, { onDelete: 'cascade' }),
    day: smallint('day').notNull(),
    period: smallint('period').notNull(),
    /** 'cancel' | 'add' */
    kind: varchar('kind', { length: 6 }).notNull(),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id').references(() => staff.id, { onDelete: 'set null' }),
    classroomId: integer('classroom_id').references(() => classrooms.id, { onDelete: 'set null' }),
    /** The cell's label (调课, 补课). */
    label: varchar('label', { length: 20 }),
  },
  (t) => [
    index('timetable_changes_class_idx').on(t.termId, t.week, t.classId),
    index('timetable_changes_teacher_idx').on(t.termId, t.week, t.teacherId),
    index('timetable_changes_room_idx').on(t.termId, t.week, t.classroomId),
  ],
);

/**
 * 排课 (issue 16): the teaching plan of a term — who teaches each course of a class, in which room, and
 * how many of its weekly hours (grade_course_hours of the class's grade) come as double periods.
 */
export const timetablePlanItems = pgTable(
  'timetable_plan_items',
  {
    id: serial('id').primaryKey(),
    termId: integer('term_id').notNull().references(() => terms.id, { onDelete: 'cascade' }),
    classId: integer('class_id').notNull().references(() => classes.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'restrict' }),
    teacherId: integer('teacher_id').references(() => staff.id, { onDelete: 'set null' }),
    /** The room of its lessons; none: the class's own room. */
    classroomId: integer('classroom_id').references(() => classrooms.id, { onDelete: 'set null' }),
    /** How many pairs of its weekly hours are held as double periods. */
    doublePeriods: smallint('double_periods').notNull().default(0),
  },
  (t) => [uniqueIndex('timetable_plan_items_idx').on(t.termId, t.classId, t.courseId), index('timetable_plan_items_teacher_idx').on(t.termId, t.teacherId)],
);

/** Periods a teacher cannot teach in a term (generation never places them there; a drag there is refused). */
export const teacherUnavailablePeriods = pgTable(
  'teacher_unavailable_periods',
  {
    termId: integer('term_id').notNull().references(() => terms.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').notNull().references(() => staff.id, { onDelete: 'cascade' }),
    day: smallint('day').notNull(),
    period: smallint('period').notNull(),
  },
  (t) => [primaryKey({ columns: [t.termId, t.staffId, t.day, t.period] })],
);

/**
 * A timetable being made for a term: copied from the published one, or generated from the plan (a
 * background task), edited by dragging, then published into timetable_entries. contract DRAFT_STATUSES.
 */
export const timetableDrafts = pgTable(
  'timetable_drafts',
  {
    id: serial('id').primaryKey(),
    termId: integer('term_id').notNull().references(() => terms.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    status: varchar('status', { length: 12 }).notNull().default('editing'),
    /** contract DRAFT_SOURCES: 'plan', or 'fet' (imported; its activities in timetable_draft_activities). */
    source: varchar('source', { length: 8 }).notNull().default('plan'),
    /** An imported draft's FET document, solved again by each generation (constraints and all). */
    fetDocument: text('fet_document'),
    /** An imported draft's FET names and the school's records they became (rooms, teachers), for generation. */
    fetNames: jsonb('fet_names'),
    /** The generation run (progress and failure are read from it). */
    taskId: integer('task_id').references(() => backgroundTasks.id, { onDelete: 'set null' }),
    /** The last generation's report: what could not be placed and why, the soft score, the time taken. */
    report: jsonb('report'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedByUserId: integer('published_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('timetable_drafts_term_idx').on(t.termId, t.createdAt)],
);

/**
 * The activities of an imported draft (FET's): one course for one or more classes (or part of one, such as
 * a subgroup) lasting `duration` consecutive periods. Its lessons are one per class and period.
 */
export const timetableDraftActivities = pgTable(
  'timetable_draft_activities',
  {
    id: serial('id').primaryKey(),
    draftId: integer('draft_id').notNull().references(() => timetableDrafts.id, { onDelete: 'cascade' }),
    /** FET's activity id. */
    fetId: integer('fet_id').notNull(),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'restrict' }),
    /** The first of its teachers with a staff record (FET may name several, or one without a record). */
    teacherId: integer('teacher_id').references(() => staff.id, { onDelete: 'set null' }),
    /** All its FET teachers' names (shown; the solver keeps each apart). */
    teacherNames: text('teacher_names').notNull().default(''),
    classIds: integer('class_ids').array().notNull(),
    /** FET's smallest students sets it occupies: two activities of one class clash only when these meet. */
    atoms: text('atoms').array().notNull(),
    /** Shown on its lessons when it is for part of a class (a subgroup's name). */
    label: varchar('label', { length: 20 }),
    classroomId: integer('classroom_id').references(() => classrooms.id, { onDelete: 'set null' }),
    duration: smallint('duration').notNull(),
  },
  (t) => [uniqueIndex('timetable_draft_activities_idx').on(t.draftId, t.fetId)],
);

/** The lessons of a draft: a class's course at a day and period, held every week or every other week. */
export const timetableDraftLessons = pgTable(
  'timetable_draft_lessons',
  {
    id: serial('id').primaryKey(),
    draftId: integer('draft_id').notNull().references(() => timetableDrafts.id, { onDelete: 'cascade' }),
    classId: integer('class_id').notNull().references(() => classes.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'restrict' }),
    teacherId: integer('teacher_id').references(() => staff.id, { onDelete: 'set null' }),
    classroomId: integer('classroom_id').references(() => classrooms.id, { onDelete: 'set null' }),
    day: smallint('day').notNull(),
    period: smallint('period').notNull(),
    /** 'all' | 'odd' | 'even', as timetable_entries. */
    weekParity: varchar('week_parity', { length: 4 }).notNull().default('all'),
    label: varchar('label', { length: 20 }),
    /** Kept where it is when the draft is generated again (a fixed lesson). */
    locked: boolean('locked').notNull().default(false),
    /** An imported draft's activity this lesson is an hour of, for one of its classes. */
    activityId: integer('activity_id').references(() => timetableDraftActivities.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('timetable_draft_lessons_class_idx').on(t.draftId, t.classId),
    index('timetable_draft_lessons_teacher_idx').on(t.draftId, t.teacherId),
    index('timetable_draft_lessons_room_idx').on(t.draftId, t.classroomId),
    index('timetable_draft_lessons_activity_idx').on(t.activityId),
  ],
);
