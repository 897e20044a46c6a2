import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, primaryKey, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';
import { keywordIndexes } from './keywordIndexes.ts';
import { classes, classrooms, courses, grades, staff, students, terms } from './school.ts';
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
    /** Pinyin initials of the name (张伟 → zw), kept by the database (migration 0050); never written here. */
    nameInitials: varchar('name_initials', { length: 50 }).notNull().default(''),
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
    /** The entrance exam's score (中考, 小升初), when the intake has one: admission and class division read it. */
    entranceScore: numeric('entrance_score', { precision: 5, scale: 1 }),
    /** 录取 (/lqgl/index): contract ADMISSION_STATUSES. Registrations made before admission existed count as admitted. */
    admission: varchar('admission', { length: 10 }).notNull().default('pending'),
    admissionDecidedAt: timestamp('admission_decided_at', { withTimezone: true }),
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
    // The keywords of 招生管理 (name, resident ID, guardian's phone) and of 录取管理 (name, previous school).
    ...keywordIndexes('enrolment_candidates_name', t.name),
    ...keywordIndexes('enrolment_candidates_name_initials', t.nameInitials),
    ...keywordIndexes('enrolment_candidates_id_number', t.idNumber),
    ...keywordIndexes('enrolment_candidates_guardian_phone', t.guardianPhone),
    ...keywordIndexes('enrolment_candidates_previous_school', t.previousSchool),
  ],
);

/**
 * 教学班: a course taught by one teacher to students of one grade drawn from several administrative
 * classes, on its own weekly lessons (weeks weekFrom..weekTo of its term).
 */
export const teachingClasses = pgTable(
  'teaching_classes',
  {
    id: serial('id').primaryKey(),
    termId: integer('term_id').notNull().references(() => terms.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 50 }).notNull(),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'restrict' }),
    gradeId: integer('grade_id').notNull().references(() => grades.id, { onDelete: 'restrict' }),
    teacherId: integer('teacher_id').references(() => staff.id, { onDelete: 'set null' }),
    classroomId: integer('classroom_id').references(() => classrooms.id, { onDelete: 'set null' }),
    capacity: smallint('capacity').notNull(),
    weekFrom: smallint('week_from').notNull(),
    weekTo: smallint('week_to').notNull(),
    remarks: varchar('remarks', { length: 200 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('teaching_classes_term_name_idx').on(t.termId, t.name),
    index('teaching_classes_teacher_idx').on(t.termId, t.teacherId),
    index('teaching_classes_room_idx').on(t.classroomId),
    ...keywordIndexes('teaching_classes_name', t.name),
  ],
);

/** The weekly times of a teaching class (day of the week, period). */
export const teachingClassLessons = pgTable(
  'teaching_class_lessons',
  {
    teachingClassId: integer('teaching_class_id').notNull().references(() => teachingClasses.id, { onDelete: 'cascade' }),
    day: smallint('day').notNull(),
    period: smallint('period').notNull(),
  },
  (t) => [primaryKey({ columns: [t.teachingClassId, t.day, t.period] })],
);

/**
 * A student of a teaching class (spec 4: added or removed). A removal keeps the row with its time and who
 * removed them, so the list shows who left; adding the student again clears it.
 */
export const teachingClassStudents = pgTable(
  'teaching_class_students',
  {
    teachingClassId: integer('teaching_class_id').notNull().references(() => teachingClasses.id, { onDelete: 'cascade' }),
    studentId: integer('student_id').notNull().references(() => students.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    addedByUserId: integer('added_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedByUserId: integer('removed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.teachingClassId, t.studentId] }), index('teaching_class_students_student_idx').on(t.studentId).where(sql`removed_at IS NULL`)],
);
