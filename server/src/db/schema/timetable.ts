import { index, integer, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';
import { classes, classrooms, courses, staff, terms } from './school.ts';

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
