import { boolean, date, index, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { classes, grades, students, terms } from './school.ts';
import { users } from './system.ts';

/**
 * 学生评价 (issue 15): a term's end-of-term evaluation themes with their content items (期末评价维护), the
 * grades each is for, and what class teachers filled in per student (期末评价填写).
 */

export const evaluationThemes = pgTable(
  'evaluation_themes',
  {
    id: serial('id').primaryKey(),
    termId: integer('term_id').notNull().references(() => terms.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 50 }).notNull(),
    /** contract EVALUATION_THEME_TYPES */
    type: varchar('type', { length: 20 }).notNull(),
    fillStart: date('fill_start').notNull(),
    fillEnd: date('fill_end').notNull(),
    released: boolean('released').notNull().default(false),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    remarks: varchar('remarks', { length: 200 }).notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('evaluation_themes_term_name_idx').on(t.termId, t.name)],
);

export const evaluationThemeGrades = pgTable(
  'evaluation_theme_grades',
  {
    themeId: integer('theme_id').notNull().references(() => evaluationThemes.id, { onDelete: 'cascade' }),
    gradeId: integer('grade_id').notNull().references(() => grades.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.themeId, t.gradeId] })],
);

/** A content item of a theme: text (max length), enum (options) or number (min, max, precision). */
export const evaluationItems = pgTable(
  'evaluation_items',
  {
    id: serial('id').primaryKey(),
    themeId: integer('theme_id').notNull().references(() => evaluationThemes.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 30 }).notNull(),
    /** contract EVALUATION_ITEM_KINDS */
    kind: varchar('kind', { length: 10 }).notNull(),
    required: boolean('required').notNull().default(false),
    maxLength: smallint('max_length'),
    minValue: numeric('min_value', { precision: 10, scale: 2 }),
    maxValue: numeric('max_value', { precision: 10, scale: 2 }),
    precision: smallint('precision'),
    options: jsonb('options'),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [index('evaluation_items_theme_idx').on(t.themeId)],
);

/**
 * One student's answers to one theme: item id → answer (text and enum as strings, numbers as numbers).
 * class_id is the class the student was in when it was filled, so the class teacher's progress counts it.
 */
export const evaluationEntries = pgTable(
  'evaluation_entries',
  {
    themeId: integer('theme_id').notNull().references(() => evaluationThemes.id, { onDelete: 'restrict' }),
    studentId: integer('student_id').notNull().references(() => students.id, { onDelete: 'cascade' }),
    classId: integer('class_id').references(() => classes.id, { onDelete: 'set null' }),
    answers: jsonb('answers').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.themeId, t.studentId] }), index('evaluation_entries_student_idx').on(t.studentId)],
);
