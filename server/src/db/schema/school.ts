import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, primaryKey, serial, smallint, timestamp, uniqueIndex, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './system.ts';
import { keywordIndexes } from './keywordIndexes.ts';

/** The organisation tree: the school, its campuses, divisions, departments and teaching-research groups. */
export const orgUnits = pgTable(
  'org_units',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 50 }).notNull().unique(),
    name: varchar('name', { length: 100 }).notNull(),
    nameEn: varchar('name_en', { length: 100 }),
    parentId: integer('parent_id').references((): AnyPgColumn => orgUnits.id, { onDelete: 'restrict' }),
    /** 'school' | 'campus' | 'division' | 'department' | 'researchGroup' */
    kind: varchar('kind', { length: 20 }).notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    index('org_units_parent_idx').on(t.parentId),
    index('org_units_kind_idx').on(t.kind),
    // The lists' keyword columns (platform/keyword.ts).
    ...keywordIndexes('org_units_code', t.code),
    ...keywordIndexes('org_units_name', t.name),
  ],
);

/** Positions held in the organisation (grade leader, lesson-preparation head, ...). */
export const staffAppointments = pgTable(
  'staff_appointments',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id').notNull().references((): AnyPgColumn => staff.id, { onDelete: 'cascade' }),
    /** 'gradeLeader' | 'lessonPrepHead' | 'researchLeader' | 'departmentHead' | 'divisionDirector' | 'principal' */
    kind: varchar('kind', { length: 30 }).notNull(),
    /** What the position is over, as shown (e.g. the grade or course group name). */
    scopeName: varchar('scope_name', { length: 100 }).notNull(),
    orgUnitId: integer('org_unit_id').references(() => orgUnits.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('staff_appointments_staff_idx').on(t.staffId),
    // The position list's keyword (platform/keyword.ts).
    ...keywordIndexes('staff_appointments_scope_name', t.scopeName),
  ],
);

/** Provinces, cities and districts (GB/T 2260 style six-digit codes). */
export const areas = pgTable(
  'areas',
  {
    code: varchar('code', { length: 12 }).primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    parentCode: varchar('parent_code', { length: 12 }),
    /** 1 province, 2 city, 3 district */
    level: smallint('level').notNull(),
  },
  (t) => [index('areas_parent_idx').on(t.parentCode)],
);

/** A dictionary table (its name is STD_ plus capitals, e.g. STD_MESSAGE_TYPE). */
export const dictionaryTables = pgTable(
  'dictionary_tables',
  {
    tableName: varchar('table_name', { length: 40 }).primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    nameEn: varchar('name_en', { length: 100 }),
    published: boolean('published').notNull().default(false),
    remark: varchar('remark', { length: 300 }),
  },
  (t) => [
    // The table list's keyword (platform/keyword.ts).
    ...keywordIndexes('dictionary_tables_table_name', t.tableName),
    ...keywordIndexes('dictionary_tables_name', t.name),
    ...keywordIndexes('dictionary_tables_name_en', t.nameEn),
  ],
);

export const dictionaryItems = pgTable(
  'dictionary_items',
  {
    id: serial('id').primaryKey(),
    tableName: varchar('table_name', { length: 40 }).notNull().references(() => dictionaryTables.tableName, { onDelete: 'cascade', onUpdate: 'cascade' }),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    sort: integer('sort').notNull().default(0),
    parentCode: varchar('parent_code', { length: 50 }),
    level: smallint('level').notNull().default(1),
    alias: varchar('alias', { length: 100 }),
    shortName: varchar('short_name', { length: 50 }),
    nameEn: varchar('name_en', { length: 100 }),
    tag1: varchar('tag1', { length: 100 }),
    tag2: varchar('tag2', { length: 100 }),
    tag3: varchar('tag3', { length: 100 }),
    tag4: varchar('tag4', { length: 100 }),
    tag5: varchar('tag5', { length: 100 }),
    enabled: boolean('enabled').notNull().default(true),
    published: boolean('published').notNull().default(true),
    source: varchar('source', { length: 100 }),
    startDate: date('start_date'),
    endDate: date('end_date'),
    remark: varchar('remark', { length: 300 }),
  },
  (t) => [
    uniqueIndex('dictionary_items_code_idx').on(t.tableName, t.code),
    // The item and role-type lists' keyword (platform/keyword.ts).
    ...keywordIndexes('dictionary_items_code', t.code),
    ...keywordIndexes('dictionary_items_name', t.name),
    ...keywordIndexes('dictionary_items_name_en', t.nameEn),
  ],
);

export const schoolYears = pgTable(
  'school_years',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 20 }).notNull().unique(),
    name: varchar('name', { length: 50 }).notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
  },
  (t) => [
    // The year list's keyword (platform/keyword.ts).
    ...keywordIndexes('school_years_code', t.code),
    ...keywordIndexes('school_years_name', t.name),
  ],
);

/** Terms; exactly one is current (the wire's DQXQ = 1). */
export const terms = pgTable(
  'terms',
  {
    id: serial('id').primaryKey(),
    /** The wire's D_ID_, e.g. 2026-2027-1. */
    code: varchar('code', { length: 20 }).notNull().unique(),
    schoolYearId: integer('school_year_id').notNull().references(() => schoolYears.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 50 }).notNull(),
    nameEn: varchar('name_en', { length: 50 }),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    /** Teaching weeks (the wire's zs). */
    weekCount: smallint('week_count').notNull(),
    isCurrent: boolean('is_current').notNull().default(false),
  },
  (t) => [
    uniqueIndex('terms_single_current_idx').on(t.isCurrent).where(sql`${t.isCurrent}`),
    // The term list's keyword (platform/keyword.ts).
    ...keywordIndexes('terms_code', t.code),
    ...keywordIndexes('terms_name', t.name),
  ],
);

/** Lesson periods of a day (the wire's PX, MC, SKSJD). */
export const periods = pgTable('periods', {
  id: serial('id').primaryKey(),
  sort: smallint('sort').notNull().unique(),
  name: varchar('name', { length: 30 }).notNull(),
  nameEn: varchar('name_en', { length: 30 }),
  startTime: varchar('start_time', { length: 5 }).notNull(),
  endTime: varchar('end_time', { length: 5 }).notNull(),
});

/** Days of the week (1 Monday .. 7 Sunday) and whether lessons are held. */
export const weekDays = pgTable('week_days', {
  day: smallint('day').primaryKey(),
  name: varchar('name', { length: 10 }).notNull(),
  nameEn: varchar('name_en', { length: 12 }).notNull(),
  teaching: boolean('teaching').notNull(),
});

export const grades = pgTable('grades', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 20 }).notNull().unique(),
  name: varchar('name', { length: 50 }).notNull(),
  nameEn: varchar('name_en', { length: 50 }),
  divisionId: integer('division_id').notNull().references(() => orgUnits.id, { onDelete: 'restrict' }),
  sort: integer('sort').notNull().default(0),
});

export const classrooms = pgTable(
  'classrooms',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 30 }).notNull().unique(),
    name: varchar('name', { length: 100 }).notNull(),
    building: varchar('building', { length: 100 }),
    campusId: integer('campus_id').notNull().references(() => orgUnits.id, { onDelete: 'restrict' }),
    capacity: integer('capacity'),
    /** Classes it holds at once: 1 for a classroom, several for a playground (timetable conflicts count them). */
    classesAtOnce: smallint('classes_at_once').notNull().default(1),
  },
  (t) => [
    // The classroom list's keyword (platform/keyword.ts).
    ...keywordIndexes('classrooms_code', t.code),
    ...keywordIndexes('classrooms_name', t.name),
    ...keywordIndexes('classrooms_building', t.building),
  ],
);

export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 30 }).notNull().unique(),
    name: varchar('name', { length: 100 }).notNull(),
    nameEn: varchar('name_en', { length: 100 }),
    researchGroupId: integer('research_group_id').references(() => orgUnits.id, { onDelete: 'restrict' }),
    isElective: boolean('is_elective').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    // The course list's keyword (platform/keyword.ts).
    ...keywordIndexes('courses_code', t.code),
    ...keywordIndexes('courses_name', t.name),
    ...keywordIndexes('courses_name_en', t.nameEn),
  ],
);

/** Staff members; each has a login account (users.account = staff number). */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().unique().references(() => users.id, { onDelete: 'restrict' }),
    /** The wire's ZGH. */
    staffNumber: varchar('staff_number', { length: 30 }).notNull().unique(),
    name: varchar('name', { length: 50 }).notNull(),
    /** Pinyin initials of the name (张伟 → zw), kept by the database (migration 0049); never written here. */
    nameInitials: varchar('name_initials', { length: 50 }).notNull().default(''),
    /** '1' male, '2' female (dictionary STD_GENDER). */
    gender: varchar('gender', { length: 2 }).notNull(),
    birthDate: date('birth_date'),
    idNumber: varchar('id_number', { length: 18 }),
    phone: varchar('phone', { length: 20 }),
    email: varchar('email', { length: 100 }),
    campusId: integer('campus_id').references(() => orgUnits.id, { onDelete: 'restrict' }),
    establishmentDeptId: integer('establishment_dept_id').references(() => orgUnits.id, { onDelete: 'restrict' }),
    workingDeptId: integer('working_dept_id').references(() => orgUnits.id, { onDelete: 'restrict' }),
    researchGroupId: integer('research_group_id').references(() => orgUnits.id, { onDelete: 'restrict' }),
    /** Dictionary STD_STAFF_TYPE. */
    staffType: varchar('staff_type', { length: 10 }),
    title: varchar('title', { length: 50 }),
    education: varchar('education', { length: 50 }),
    workStartDate: date('work_start_date'),
    arrivalDate: date('arrival_date'),
    photoFileId: varchar('photo_file_id', { length: 40 }),
  },
  (t) => [
    index('staff_campus_idx').on(t.campusId),
    index('staff_working_dept_idx').on(t.workingDeptId),
    index('staff_photo_idx').on(t.photoFileId),
    ...keywordIndexes('staff_number', t.staffNumber),
    ...keywordIndexes('staff_name', t.name),
    ...keywordIndexes('staff_name_initials', t.nameInitials),
    ...keywordIndexes('staff_phone', t.phone),
  ],
);

export const classes = pgTable(
  'classes',
  {
    id: serial('id').primaryKey(),
    /** Class number (the wire's BH), up to 30 digits. */
    code: varchar('code', { length: 30 }).notNull().unique(),
    name: varchar('name', { length: 50 }).notNull(),
    shortName: varchar('short_name', { length: 10 }),
    gradeId: integer('grade_id').notNull().references(() => grades.id, { onDelete: 'restrict' }),
    campusId: integer('campus_id').notNull().references(() => orgUnits.id, { onDelete: 'restrict' }),
    classTeacherId: integer('class_teacher_id').references(() => staff.id, { onDelete: 'set null' }),
    classroomId: integer('classroom_id').references(() => classrooms.id, { onDelete: 'set null' }),
    sort: integer('sort').notNull().default(0),
    /** At most this many students ('Class size is full or over'). */
    capacity: smallint('capacity').notNull().default(50),
  },
  (t) => [
    index('classes_grade_idx').on(t.gradeId),
    index('classes_teacher_idx').on(t.classTeacherId),
    // The class list's keyword (platform/keyword.ts).
    ...keywordIndexes('classes_code', t.code),
    ...keywordIndexes('classes_name', t.name),
    ...keywordIndexes('classes_short_name', t.shortName),
  ],
);

/** Students; each has a login account (users.account = student account ZH). */
export const students = pgTable(
  'students',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().unique().references(() => users.id, { onDelete: 'restrict' }),
    /** The wire's XH: entry year, division, campus, serial (e.g. 201911001). */
    studentNumber: varchar('student_number', { length: 30 }).notNull().unique(),
    name: varchar('name', { length: 50 }).notNull(),
    /** Pinyin initials of the name (张伟 → zw), kept by the database (migration 0049); never written here. */
    nameInitials: varchar('name_initials', { length: 50 }).notNull().default(''),
    gender: varchar('gender', { length: 2 }).notNull(),
    birthDate: date('birth_date'),
    classId: integer('class_id').references(() => classes.id, { onDelete: 'restrict' }),
    entryYear: smallint('entry_year').notNull(),
    /** Dictionary STD_IN_SCHOOL_STATUS (the wire's ZXZT). */
    inSchoolStatus: varchar('in_school_status', { length: 10 }).notNull(),
    /** Dictionary STD_ENROLMENT_STATUS (the wire's XJZT). */
    enrolmentStatus: varchar('enrolment_status', { length: 10 }).notNull(),
    photoFileId: varchar('photo_file_id', { length: 40 }),
  },
  (t) => [
    index('students_class_idx').on(t.classId),
    index('students_photo_idx').on(t.photoFileId),
    // The lists' keyword matches number, name or initials anywhere in the text (platform/keyword.ts).
    ...keywordIndexes('students_number', t.studentNumber),
    ...keywordIndexes('students_name', t.name),
    ...keywordIndexes('students_name_initials', t.nameInitials),
  ],
);

/** Parents and the children they may see. */
export const guardians = pgTable(
  'guardians',
  {
    parentUserId: integer('parent_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    studentId: integer('student_id').notNull().references(() => students.id, { onDelete: 'cascade' }),
    relation: varchar('relation', { length: 20 }),
    /** The parent's mobile number as recorded with the child (SMS reminders). */
    phone: varchar('phone', { length: 20 }),
  },
  (t) => [primaryKey({ columns: [t.parentUserId, t.studentId] }), index('guardians_student_idx').on(t.studentId)],
);

/** Timetable cells of a class in a term. A cell holds for weeks weekFrom..weekTo (all, odd or even). */
export const timetableEntries = pgTable(
  'timetable_entries',
  {
    id: serial('id').primaryKey(),
    termId: integer('term_id').notNull().references(() => terms.id, { onDelete: 'cascade' }),
    classId: integer('class_id').notNull().references(() => classes.id, { onDelete: 'cascade' }),
    day: smallint('day').notNull(),
    period: smallint('period').notNull(),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'restrict' }),
    teacherId: integer('teacher_id').references(() => staff.id, { onDelete: 'set null' }),
    classroomId: integer('classroom_id').references(() => classrooms.id, { onDelete: 'set null' }),
    /** Short label shown in the cell (the wire's bq1), e.g. 单周. */
    label: varchar('label', { length: 20 }),
    weekFrom: smallint('week_from').notNull().default(1),
    weekTo: smallint('week_to').notNull(),
    /** 'all' | 'odd' | 'even' */
    weekParity: varchar('week_parity', { length: 4 }).notNull().default('all'),
  },
  (t) => [index('timetable_class_idx').on(t.termId, t.classId), index('timetable_teacher_idx').on(t.termId, t.teacherId), index('timetable_classroom_idx').on(t.termId, t.classroomId)],
);

/** Elective sessions and who takes them (the wire's xxk cells). */
export const electiveSessions = pgTable(
  'elective_sessions',
  {
    id: serial('id').primaryKey(),
    termId: integer('term_id').notNull().references(() => terms.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'restrict' }),
    teacherId: integer('teacher_id').references(() => staff.id, { onDelete: 'set null' }),
    classroomId: integer('classroom_id').references(() => classrooms.id, { onDelete: 'set null' }),
    day: smallint('day').notNull(),
    period: smallint('period').notNull(),
    weekFrom: smallint('week_from').notNull().default(1),
    weekTo: smallint('week_to').notNull(),
    /** Seats, and how many are taken: a first-come choice takes a seat with one conditional update. */
    capacity: smallint('capacity').notNull().default(40),
    enrolled: integer('enrolled').notNull().default(0),
  },
  (t) => [index('elective_sessions_term_idx').on(t.termId, t.teacherId)],
);

export const electiveEnrolments = pgTable(
  'elective_enrolments',
  {
    sessionId: integer('session_id').notNull().references(() => electiveSessions.id, { onDelete: 'cascade' }),
    studentId: integer('student_id').notNull().references(() => students.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.studentId] }), index('elective_enrolments_student_idx').on(t.studentId)],
);

/**
 * 考试批次 (issue 15): an exam of a term for classes of one grade. Its subjects' sittings are exam_subjects,
 * its classes exam_batch_classes; exam_sessions are its rooms (a subject in a room) with their invigilators.
 */
export const examBatches = pgTable(
  'exam_batches',
  {
    id: serial('id').primaryKey(),
    termId: integer('term_id').notNull().references(() => terms.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 100 }).notNull(),
    published: boolean('published').notNull().default(false),
    gradeId: integer('grade_id').references(() => grades.id, { onDelete: 'restrict' }),
    /** contract EXAM_CATEGORIES, EXAM_LEVELS */
    category: varchar('category', { length: 20 }).notNull().default('midterm'),
    level: varchar('level', { length: 20 }).notNull().default('school'),
    weightPercent: smallint('weight_percent').notNull().default(0),
    /** The full mark (spec's score system / grading scale). */
    scoreSystem: smallint('score_system').notNull().default(100),
    passLine: numeric('pass_line', { precision: 6, scale: 2 }).notNull().default('60'),
    remarks: varchar('remarks', { length: 200 }).notNull().default(''),
    /** 监考安排's settings: teachers do not invigilate a subject they teach; rooms from this many candidates get two. */
    avoidOwnSubject: boolean('avoid_own_subject').notNull().default(true),
    twoInvigilatorsFrom: smallint('two_invigilators_from').notNull().default(40),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('exam_batches_term_name_idx').on(t.termId, t.name), ...keywordIndexes('exam_batches_name', t.name)],
);

/** A subject of an exam: its day and time (one of the exam's periods). */
export const examSubjects = pgTable(
  'exam_subjects',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id').notNull().references(() => examBatches.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'restrict' }),
    examDate: date('exam_date').notNull(),
    startTime: varchar('start_time', { length: 5 }).notNull(),
    endTime: varchar('end_time', { length: 5 }).notNull(),
  },
  (t) => [uniqueIndex('exam_subjects_batch_course_idx').on(t.batchId, t.courseId)],
);

/** The classes taking an exam. */
export const examBatchClasses = pgTable(
  'exam_batch_classes',
  {
    batchId: integer('batch_id').notNull().references(() => examBatches.id, { onDelete: 'cascade' }),
    classId: integer('class_id').notNull().references(() => classes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.classId] }), index('exam_batch_classes_class_idx').on(t.classId)],
);

/** 考场: a classroom an exam uses, its number (第 N 考场) and the seats it offers (at most the room's capacity). */
export const examRooms = pgTable(
  'exam_rooms',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id').notNull().references(() => examBatches.id, { onDelete: 'cascade' }),
    classroomId: integer('classroom_id').notNull().references(() => classrooms.id, { onDelete: 'restrict' }),
    number: smallint('number').notNull(),
    seats: smallint('seats').notNull(),
  },
  (t) => [uniqueIndex('exam_rooms_batch_room_idx').on(t.batchId, t.classroomId), uniqueIndex('exam_rooms_batch_number_idx').on(t.batchId, t.number)],
);

/** Where a candidate sits in an exam: the room and the seat, the same for every subject. */
export const examCandidates = pgTable(
  'exam_candidates',
  {
    batchId: integer('batch_id').notNull().references(() => examBatches.id, { onDelete: 'cascade' }),
    studentId: integer('student_id').notNull().references(() => students.id, { onDelete: 'cascade' }),
    examRoomId: integer('exam_room_id').notNull().references(() => examRooms.id, { onDelete: 'cascade' }),
    seat: smallint('seat').notNull(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.studentId] }), uniqueIndex('exam_candidates_room_seat_idx').on(t.examRoomId, t.seat), index('exam_candidates_student_idx').on(t.studentId)],
);

/** The staff an exam may draw its invigilators from. */
export const examInvigilatorPool = pgTable(
  'exam_invigilator_pool',
  {
    batchId: integer('batch_id').notNull().references(() => examBatches.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').notNull().references(() => staff.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.staffId] })],
);

/** Times a pool member cannot invigilate (a meeting, a leave), recorded by the office for an exam. */
export const examStaffUnavailability = pgTable(
  'exam_staff_unavailability',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id').notNull().references(() => examBatches.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').notNull().references(() => staff.id, { onDelete: 'cascade' }),
    examDate: date('exam_date').notNull(),
    startTime: varchar('start_time', { length: 5 }).notNull(),
    endTime: varchar('end_time', { length: 5 }).notNull(),
    reason: varchar('reason', { length: 100 }).notNull().default(''),
  },
  (t) => [index('exam_staff_unavailability_batch_idx').on(t.batchId, t.staffId)],
);

/** A subject sat in one room: the unit invigilators are assigned to. Arranging rooms makes them. */
export const examSessions = pgTable(
  'exam_sessions',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id').notNull().references(() => examBatches.id, { onDelete: 'cascade' }),
    examRoomId: integer('exam_room_id').references(() => examRooms.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'restrict' }),
    examDate: date('exam_date').notNull(),
    startTime: varchar('start_time', { length: 5 }).notNull(),
    endTime: varchar('end_time', { length: 5 }).notNull(),
    classroomId: integer('classroom_id').references(() => classrooms.id, { onDelete: 'set null' }),
  },
  (t) => [index('exam_sessions_batch_idx').on(t.batchId), index('exam_sessions_room_time_idx').on(t.classroomId, t.examDate)],
);

/** Who invigilates which exam session, in which role (the wire's JSKSLB). */
export const invigilations = pgTable(
  'invigilations',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id').notNull().references(() => examSessions.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').notNull().references(() => staff.id, { onDelete: 'cascade' }),
    /** Dictionary STD_INVIGILATION_ROLE: 'chief' | 'assistant' | 'patrol'. */
    role: varchar('role', { length: 20 }).notNull(),
  },
  (t) => [index('invigilations_staff_idx').on(t.staffId), index('invigilations_session_idx').on(t.sessionId)],
);

