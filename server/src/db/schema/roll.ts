import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';
import { classes, grades, students } from './school.ts';
import { users } from './system.ts';

/**
 * 学籍异动: what a roll change does once approved and due (the application holds the approval). The class
 * and statuses before the change are kept, so a student's history reads as it happened.
 */
export const rollChanges = pgTable(
  'roll_changes',
  {
    applicationId: integer('application_id').primaryKey().references(() => applications.id, { onDelete: 'cascade' }),
    studentId: integer('student_id').notNull().references(() => students.id, { onDelete: 'cascade' }),
    /** contract ROLL_CHANGE_KINDS */
    kind: varchar('kind', { length: 12 }).notNull(),
    fromClassId: integer('from_class_id').references(() => classes.id, { onDelete: 'set null' }),
    toClassId: integer('to_class_id').references(() => classes.id, { onDelete: 'set null' }),
    effectiveDate: date('effective_date').notNull(),
    school: varchar('school', { length: 100 }).notNull().default(''),
    /** contract ROLL_CHANGE_EFFECTS */
    effect: varchar('effect', { length: 10 }).notNull().default('waiting'),
    effectedAt: timestamp('effected_at', { withTimezone: true }),
    enrolmentStatusBefore: varchar('enrolment_status_before', { length: 10 }),
    inSchoolStatusBefore: varchar('in_school_status_before', { length: 10 }),
  },
  (t) => [
    index('roll_changes_student_idx').on(t.studentId, t.effectiveDate),
    // The daily job finds the approved changes that are due.
    index('roll_changes_due_idx').on(t.effectiveDate).where(sql`${t.effect} = 'waiting'`),
  ],
);

/** 招生管理: a new student from registration to enrolment (contract roll/enrolment.ts). */
export const enrolmentCandidates = pgTable(
  'enrolment_candidates',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 50 }).notNull(),
    gender: varchar('gender', { length: 2 }).notNull(),
    birthDate: date('birth_date'),
    /** The resident ID, upper case; unique among registrations when given. */
    idNumber: varchar('id_number', { length: 18 }),
    gradeId: integer('grade_id').notNull().references(() => grades.id, { onDelete: 'restrict' }),
    entryYear: smallint('entry_year').notNull(),
    onRegister: boolean('on_register').notNull(),
    studying: boolean('studying').notNull(),
    guardianName: varchar('guardian_name', { length: 50 }).notNull(),
    guardianPhone: varchar('guardian_phone', { length: 20 }).notNull(),
    previousSchool: varchar('previous_school', { length: 100 }).notNull().default(''),
    note: varchar('note', { length: 200 }).notNull().default(''),
    /** The class they are placed in (before and after enrolment). */
    classId: integer('class_id').references(() => classes.id, { onDelete: 'set null' }),
    /** Set when enrolled: the student the registration became. */
    studentId: integer('student_id').unique().references(() => students.id, { onDelete: 'set null' }),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('enrolment_candidates_id_number_idx').on(t.idNumber).where(sql`${t.idNumber} IS NOT NULL`),
    index('enrolment_candidates_class_idx').on(t.classId).where(sql`${t.studentId} IS NULL`),
    index('enrolment_candidates_grade_idx').on(t.gradeId, t.createdAt),
  ],
);
