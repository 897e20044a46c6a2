import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { keywordIndexes } from './keywordIndexes.ts';
import { classrooms, electiveSessions, staff, students, terms } from './school.ts';
import { users } from './system.ts';

/**
 * 选修课申报 (issue 16): a teacher's elective course for a term, reviewed by the academic office. Approval
 * opens it: an elective course and its session (elective_sessions, the timetables' elective cells).
 */
export const electiveDeclarations = pgTable(
  'elective_declarations',
  {
    id: serial('id').primaryKey(),
    termId: integer('term_id').notNull().references(() => terms.id, { onDelete: 'restrict' }),
    teacherId: integer('teacher_id').notNull().references(() => staff.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 50 }).notNull(),
    intro: varchar('intro', { length: 300 }).notNull(),
    /** The lectures' contents, in order (12 to 40). */
    lectures: jsonb('lectures').$type<string[]>().notNull(),
    capacity: smallint('capacity').notNull(),
    gradeIds: integer('grade_ids').array().notNull(),
    day: smallint('day').notNull(),
    period: smallint('period').notNull(),
    weekFrom: smallint('week_from').notNull(),
    weekTo: smallint('week_to').notNull(),
    classroomId: integer('classroom_id').notNull().references(() => classrooms.id, { onDelete: 'restrict' }),
    /** contract DECLARATION_STATUSES */
    status: varchar('status', { length: 12 }).notNull().default('declarable'),
    reviewComment: varchar('review_comment', { length: 200 }).notNull().default(''),
    reviewedByUserId: integer('reviewed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    sessionId: integer('session_id').references(() => electiveSessions.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('elective_declarations_teacher_idx').on(t.teacherId, t.termId),
    index('elective_declarations_status_idx').on(t.termId, t.status),
    uniqueIndex('elective_declarations_session_idx').on(t.sessionId).where(sql`${t.sessionId} IS NOT NULL`),
    ...keywordIndexes('elective_declarations_name', t.name),
  ],
);

/** A term's selection: its window, how places are given, and the lottery once drawn. */
export const electiveSelectionSettings = pgTable('elective_selection_settings', {
  termId: integer('term_id')
    .primaryKey()
    .references(() => terms.id, { onDelete: 'cascade' }),
  selectionStart: timestamp('selection_start', { withTimezone: true }).notNull(),
  selectionEnd: timestamp('selection_end', { withTimezone: true }).notNull(),
  /** contract SELECTION_MODES */
  mode: varchar('mode', { length: 12 }).notNull(),
  drawnAt: timestamp('drawn_at', { withTimezone: true }),
  /** The lottery's random order is md5(seed || student): kept, so the draw can be checked afterwards. */
  drawSeed: text('draw_seed'),
  updatedByUserId: integer('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A student's major or minor course of a term (at most one of each). An enrolled choice has its row in
 * elective_enrolments too (what the timetables read); a lottery preference waits until the draw.
 */
export const electiveChoices = pgTable(
  'elective_choices',
  {
    termId: integer('term_id').notNull().references(() => terms.id, { onDelete: 'cascade' }),
    studentId: integer('student_id').notNull().references(() => students.id, { onDelete: 'cascade' }),
    /** contract CHOICE_KINDS */
    kind: varchar('kind', { length: 5 }).notNull(),
    sessionId: integer('session_id').notNull().references(() => electiveSessions.id, { onDelete: 'cascade' }),
    /** contract CHOICE_STATUSES */
    status: varchar('status', { length: 8 }).notNull(),
    chosenAt: timestamp('chosen_at', { withTimezone: true }).notNull().defaultNow(),
    chosenByUserId: integer('chosen_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.termId, t.studentId, t.kind] }), index('elective_choices_session_idx').on(t.sessionId, t.status)],
);

/** /kcsbpc/pjzb: what students rate their courses against. */
export const electiveIndicators = pgTable(
  'elective_indicators',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 50 }).notNull(),
    description: varchar('description', { length: 200 }).notNull().default(''),
    maxScore: smallint('max_score').notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [uniqueIndex('elective_indicators_name_idx').on(t.name)],
);

/** A student's rating of a course they take (its scores per indicator below). */
export const electiveRatings = pgTable(
  'elective_ratings',
  {
    sessionId: integer('session_id').notNull().references(() => electiveSessions.id, { onDelete: 'cascade' }),
    studentId: integer('student_id').notNull().references(() => students.id, { onDelete: 'cascade' }),
    comment: varchar('comment', { length: 300 }).notNull().default(''),
    ratedAt: timestamp('rated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.studentId] }), index('elective_ratings_student_idx').on(t.studentId)],
);

export const electiveRatingScores = pgTable(
  'elective_rating_scores',
  {
    sessionId: integer('session_id').notNull(),
    studentId: integer('student_id').notNull(),
    // Restrict: an indicator students have rated against is disabled, not deleted.
    indicatorId: integer('indicator_id').notNull().references(() => electiveIndicators.id, { onDelete: 'restrict' }),
    score: smallint('score').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.studentId, t.indicatorId] }), index('elective_rating_scores_indicator_idx').on(t.indicatorId)],
);

/** /xxkxsgl/xsdf: the teacher's score of a student of their course. */
export const electiveGrades = pgTable(
  'elective_grades',
  {
    sessionId: integer('session_id').notNull().references(() => electiveSessions.id, { onDelete: 'cascade' }),
    studentId: integer('student_id').notNull().references(() => students.id, { onDelete: 'cascade' }),
    score: numeric('score', { precision: 4, scale: 1 }),
    comment: varchar('comment', { length: 200 }).notNull().default(''),
    gradedByUserId: integer('graded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    gradedAt: timestamp('graded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.studentId] })],
);
