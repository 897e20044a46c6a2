import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { classes, students, terms } from './school.ts';
import { keywordIndexes } from './keywordIndexes.ts';
import { users } from './system.ts';

/**
 * 班主任工作 (issue 17): the class teacher's records of their own class. Most pages are dated records with a
 * few fields of their own (class meetings, home-school contacts, cadres, social practice, ...): one table,
 * the record's kind naming the declared field list in contract/src/headTeacher/records.ts.
 */
export const classRecords = pgTable(
  'class_records',
  {
    id: serial('id').primaryKey(),
    classId: integer('class_id').notNull().references(() => classes.id, { onDelete: 'cascade' }),
    /** contract CLASS_RECORD_KINDS */
    kind: varchar('kind', { length: 20 }).notNull(),
    recordDate: date('record_date').notNull(),
    /** The term the date falls in, set by the server (null outside every term). */
    termId: integer('term_id').references(() => terms.id, { onDelete: 'set null' }),
    /** The kind's title field (theme, post, place ...), kept apart for searching and sorting. */
    title: varchar('title', { length: 100 }).notNull(),
    /** The kind's other fields, checked against its declared list. */
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
    /** Students the record is about (the kind's student fields), for the per-student figures. */
    studentIds: integer('student_ids').array().notNull().default(sql`'{}'::int[]`),
    pictures: text('pictures').array().notNull().default(sql`'{}'::text[]`),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('class_records_class_kind_idx').on(t.classId, t.kind, t.recordDate),
    index('class_records_students_idx').using('gin', t.studentIds),
    ...keywordIndexes('class_records_title', t.title),
  ],
);

/** 班级经费: money in and out of a class's fund; the balance is the running sum, never stored. */
export const classFundEntries = pgTable(
  'class_fund_entries',
  {
    id: serial('id').primaryKey(),
    classId: integer('class_id').notNull().references(() => classes.id, { onDelete: 'cascade' }),
    entryDate: date('entry_date').notNull(),
    /** 'income' | 'expense' */
    direction: varchar('direction', { length: 8 }).notNull(),
    amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
    purpose: varchar('purpose', { length: 100 }).notNull(),
    handler: varchar('handler', { length: 50 }).notNull(),
    notes: varchar('notes', { length: 200 }).notNull().default(''),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('class_fund_entries_class_idx').on(t.classId, t.entryDate, t.id),
    check('class_fund_entries_amount_positive', sql`${t.amount} > 0`),
    check('class_fund_entries_direction', sql`${t.direction} IN ('income', 'expense')`),
    ...keywordIndexes('class_fund_entries_purpose', t.purpose),
    ...keywordIndexes('class_fund_entries_handler', t.handler),
    ...keywordIndexes('class_fund_entries_notes', t.notes),
  ],
);

/** 每周值日: a class's duty group of each week day. */
export const classDutyDays = pgTable(
  'class_duty_days',
  {
    classId: integer('class_id').notNull().references(() => classes.id, { onDelete: 'cascade' }),
    day: smallint('day').notNull(),
    leaderStudentId: integer('leader_student_id').references(() => students.id, { onDelete: 'set null' }),
    studentIds: integer('student_ids').array().notNull(),
    tasks: varchar('tasks', { length: 200 }).notNull().default(''),
    updatedByUserId: integer('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.classId, t.day] })],
);

/** 座位表: each save of a class's seating chart is a new version; the newest is the chart in use. */
export const classSeatingCharts = pgTable(
  'class_seating_charts',
  {
    id: serial('id').primaryKey(),
    classId: integer('class_id').notNull().references(() => classes.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    rows: smallint('rows').notNull(),
    columns: smallint('columns').notNull(),
    /** [{ row, column, studentId }], one seat per student. */
    seats: jsonb('seats').$type<{ row: number; column: number; studentId: number }[]>().notNull(),
    note: varchar('note', { length: 100 }).notNull().default(''),
    savedByUserId: integer('saved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('class_seating_charts_version_idx').on(t.classId, t.version)],
);
