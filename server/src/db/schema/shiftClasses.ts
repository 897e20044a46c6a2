import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { backgroundTasks } from './background.ts';
import { teachingClasses } from './roll.ts';
import { classrooms, courses, grades, staff, students, terms } from './school.ts';
import { users } from './system.ts';

/**
 * 走班管理 (issue 16): a batch of a grade's subject choices (志愿) under the new college-entrance exam. Its
 * status (not started, in progress, ended) follows its choice window. Choices become shift classes (教学班
 * of the choice subjects) placed in time blocks so that no student has two at once; publishing turns them
 * into teaching classes with their lessons and students.
 */
export const shiftBatches = pgTable(
  'shift_batches',
  {
    id: serial('id').primaryKey(),
    termId: integer('term_id').notNull().references(() => terms.id, { onDelete: 'restrict' }),
    gradeId: integer('grade_id').notNull().references(() => grades.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 50 }).notNull(),
    /** contract SHIFT_SCHEMES: '312' (3+1+2) or '33' (3+3). */
    scheme: varchar('scheme', { length: 4 }).notNull(),
    /** contract SHIFT_MODES: 'full' (全走班) or 'fixTwo' (定二走一: a class's students of a subject kept in one block). */
    mode: varchar('mode', { length: 8 }).notNull().default('full'),
    choiceStart: timestamp('choice_start', { withTimezone: true }).notNull(),
    choiceEnd: timestamp('choice_end', { withTimezone: true }).notNull(),
    minClassSize: smallint('min_class_size').notNull().default(40),
    maxClassSize: smallint('max_class_size').notNull().default(50),
    /** Time blocks the choice subjects are taught in (a student's subjects each in a different one). */
    blockCount: smallint('block_count').notNull().default(3),
    /** contract FORMATION_STATUSES */
    formationStatus: varchar('formation_status', { length: 10 }).notNull().default('none'),
    taskId: integer('task_id').references(() => backgroundTasks.id, { onDelete: 'set null' }),
    report: jsonb('report'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shift_batches_term_idx').on(t.termId, t.gradeId)],
);

/** A choice subject of a batch at a level (选考, 学考 …), with its weekly hours and its group in 3+1+2. */
export const shiftBatchCourses = pgTable(
  'shift_batch_courses',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id').notNull().references(() => shiftBatches.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'restrict' }),
    level: varchar('level', { length: 20 }).notNull().default(''),
    /** contract SHIFT_COURSE_GROUPS: 'first' (首选, one of) or 'second' (再选). */
    choiceGroup: varchar('choice_group', { length: 8 }).notNull().default('second'),
    weeklyHours: smallint('weekly_hours').notNull(),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('shift_batch_courses_idx').on(t.batchId, t.courseId, t.level)],
);

/** A student's choice in a batch: the batch courses they take (sorted ids). */
export const shiftChoices = pgTable(
  'shift_choices',
  {
    batchId: integer('batch_id').notNull().references(() => shiftBatches.id, { onDelete: 'cascade' }),
    studentId: integer('student_id').notNull().references(() => students.id, { onDelete: 'cascade' }),
    batchCourseIds: integer('batch_course_ids').array().notNull(),
    submittedByUserId: integer('submitted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.studentId] }), index('shift_choices_student_idx').on(t.studentId)],
);

/** 调整志愿: a change of choice asked for after the window, decided by the academic office (/xkzysp/tzzy). */
export const shiftChoiceChanges = pgTable(
  'shift_choice_changes',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id').notNull().references(() => shiftBatches.id, { onDelete: 'cascade' }),
    studentId: integer('student_id').notNull().references(() => students.id, { onDelete: 'cascade' }),
    fromCourseIds: integer('from_course_ids').array().notNull(),
    toCourseIds: integer('to_course_ids').array().notNull(),
    reason: varchar('reason', { length: 200 }).notNull(),
    /** contract CHOICE_CHANGE_STATUSES */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    reviewComment: varchar('review_comment', { length: 200 }).notNull().default(''),
    requestedByUserId: integer('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedByUserId: integer('reviewed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shift_choice_changes_batch_idx').on(t.batchId, t.status, t.createdAt),
    // One open request per student and batch.
    uniqueIndex('shift_choice_changes_open_idx').on(t.batchId, t.studentId).where(sql`status = 'pending'`),
  ],
);

/** The periods of each time block of a batch (a period in one block at most). */
export const shiftBlockPeriods = pgTable(
  'shift_block_periods',
  {
    batchId: integer('batch_id').notNull().references(() => shiftBatches.id, { onDelete: 'cascade' }),
    block: smallint('block').notNull(),
    day: smallint('day').notNull(),
    period: smallint('period').notNull(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.day, t.period] })],
);

/** A shift class: one batch course's section in one block, with its number (unique in the batch). */
export const shiftClasses = pgTable(
  'shift_classes',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id').notNull().references(() => shiftBatches.id, { onDelete: 'cascade' }),
    batchCourseId: integer('batch_course_id').notNull().references(() => shiftBatchCourses.id, { onDelete: 'cascade' }),
    number: smallint('number').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    block: smallint('block').notNull(),
    teacherId: integer('teacher_id').references(() => staff.id, { onDelete: 'set null' }),
    classroomId: integer('classroom_id').references(() => classrooms.id, { onDelete: 'set null' }),
    /** The teaching class it was published as. */
    teachingClassId: integer('teaching_class_id').references(() => teachingClasses.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('shift_classes_number_idx').on(t.batchId, t.number), index('shift_classes_course_idx').on(t.batchCourseId)],
);

export const shiftClassStudents = pgTable(
  'shift_class_students',
  {
    shiftClassId: integer('shift_class_id').notNull().references(() => shiftClasses.id, { onDelete: 'cascade' }),
    studentId: integer('student_id').notNull().references(() => students.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.shiftClassId, t.studentId] }), index('shift_class_students_student_idx').on(t.studentId)],
);
