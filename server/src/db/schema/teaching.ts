import { boolean, date, index, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { classes, classrooms, courses, grades, orgUnits, schoolYears, staff, students, terms } from './school.ts';
import { users } from './system.ts';
import { keywordIndexes } from './keywordIndexes.ts';

/**
 * 评价内容 (/sjpj/pjnr): a set of evaluation indicators an open class is judged by. Each item has a highest
 * score and a weight (the weights of a set total 100, so a weighted total reads out of 100).
 */
export const evaluationSets = pgTable(
  'evaluation_sets',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 50 }).notNull().unique(),
    description: varchar('description', { length: 200 }).notNull().default(''),
    /** The taught teacher reads the comments without the evaluators' names. */
    anonymous: boolean('anonymous').notNull().default(true),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [...keywordIndexes('evaluation_sets_name', t.name)],
);

export const evaluationSetItems = pgTable(
  'evaluation_set_items',
  {
    id: serial('id').primaryKey(),
    setId: integer('set_id')
      .notNull()
      .references(() => evaluationSets.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    description: varchar('description', { length: 200 }).notNull().default(''),
    maxScore: smallint('max_score').notNull(),
    weight: smallint('weight').notNull(),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [index('evaluation_set_items_set_idx').on(t.setId, t.sort)],
);

/** 公开课: a teacher's lesson that colleagues attend and evaluate until the deadline. */
export const openClasses = pgTable(
  'open_classes',
  {
    id: serial('id').primaryKey(),
    termId: integer('term_id')
      .notNull()
      .references(() => terms.id, { onDelete: 'restrict' }),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'restrict' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'restrict' }),
    day: date('day').notNull(),
    periodFrom: smallint('period_from').notNull(),
    periodTo: smallint('period_to').notNull(),
    classroomId: integer('classroom_id').references(() => classrooms.id, { onDelete: 'set null' }),
    place: varchar('place', { length: 100 }).notNull(),
    topic: varchar('topic', { length: 100 }).notNull(),
    setId: integer('set_id')
      .notNull()
      .references(() => evaluationSets.id, { onDelete: 'restrict' }),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('open_classes_teacher_idx').on(t.teacherId, t.day),
    index('open_classes_term_idx').on(t.termId, t.day),
    index('open_classes_set_idx').on(t.setId),
    // The list's keyword finds open classes by their class's name through this column.
    index('open_classes_class_idx').on(t.classId),
    ...keywordIndexes('open_classes_topic', t.topic),
  ],
);

/** Colleagues signed up to attend. */
export const openClassAttendees = pgTable(
  'open_class_attendees',
  {
    openClassId: integer('open_class_id')
      .notNull()
      .references(() => openClasses.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    signedUpAt: timestamp('signed_up_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.openClassId, t.staffId] }), index('open_class_attendees_staff_idx').on(t.staffId)],
);

/** One evaluation per colleague and open class (the unique index holds it against two tabs at once). */
export const openClassEvaluations = pgTable(
  'open_class_evaluations',
  {
    id: serial('id').primaryKey(),
    openClassId: integer('open_class_id')
      .notNull()
      .references(() => openClasses.id, { onDelete: 'restrict' }),
    evaluatorId: integer('evaluator_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'restrict' }),
    comment: varchar('comment', { length: 300 }).notNull().default(''),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('open_class_evaluations_once_idx').on(t.openClassId, t.evaluatorId)],
);

export const openClassScores = pgTable(
  'open_class_scores',
  {
    evaluationId: integer('evaluation_id')
      .notNull()
      .references(() => openClassEvaluations.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => evaluationSetItems.id, { onDelete: 'restrict' }),
    score: numeric('score', { precision: 5, scale: 1 }).notNull(),
    comment: varchar('comment', { length: 200 }).notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.evaluationId, t.itemId] }), index('open_class_scores_item_idx').on(t.itemId)],
);

/** 分层班级 (/jxmgr/fcjx/fcbj): a level (A/B/C) class of a course in a grade for a term. */
export const stratifiedClasses = pgTable(
  'stratified_classes',
  {
    id: serial('id').primaryKey(),
    termId: integer('term_id')
      .notNull()
      .references(() => terms.id, { onDelete: 'restrict' }),
    gradeId: integer('grade_id')
      .notNull()
      .references(() => grades.id, { onDelete: 'restrict' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    /** contract STRATIFIED_LEVELS */
    level: varchar('level', { length: 2 }).notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    teacherId: integer('teacher_id').references(() => staff.id, { onDelete: 'set null' }),
    classroomId: integer('classroom_id').references(() => classrooms.id, { onDelete: 'set null' }),
    capacity: smallint('capacity').notNull(),
    /** Lowest score a student needs for this level when students are placed by score (null: manual only). */
    minScore: numeric('min_score', { precision: 5, scale: 1 }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('stratified_classes_name_idx').on(t.termId, t.gradeId, t.courseId, t.name), index('stratified_classes_grade_idx').on(t.termId, t.gradeId, t.courseId)],
);

/** A student in a level class; one level class per student, course and term. */
export const stratifiedClassStudents = pgTable(
  'stratified_class_students',
  {
    stratifiedClassId: integer('stratified_class_id')
      .notNull()
      .references(() => stratifiedClasses.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    termId: integer('term_id').notNull(),
    courseId: integer('course_id').notNull(),
    /** 'score' | 'manual' */
    placedBy: varchar('placed_by', { length: 6 }).notNull(),
    score: numeric('score', { precision: 5, scale: 1 }),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.stratifiedClassId, t.studentId] }),
    uniqueIndex('stratified_class_students_once_idx').on(t.termId, t.courseId, t.studentId),
  ],
);

/**
 * 家委会 (/jwhgl/bmry): a parent's application to a class's family committee (class_id) or the school's
 * (class_id null) for a school year, reviewed by the class teacher or the office; approved ones are members.
 */
export const familyCommitteeMembers = pgTable(
  'family_committee_members',
  {
    id: serial('id').primaryKey(),
    schoolYearId: integer('school_year_id')
      .notNull()
      .references(() => schoolYears.id, { onDelete: 'restrict' }),
    classId: integer('class_id').references(() => classes.id, { onDelete: 'cascade' }),
    parentUserId: integer('parent_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** contract COMMITTEE_POSTS */
    post: varchar('post', { length: 12 }).notNull(),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    /** contract COMMITTEE_STATUSES */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    reviewComment: varchar('review_comment', { length: 200 }).notNull().default(''),
    reviewedByUserId: integer('reviewed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('family_committee_members_year_idx').on(t.schoolYearId, t.classId),
    index('family_committee_members_parent_idx').on(t.parentUserId),
    // The keyword finds children by name first, then their applications by this.
    index('family_committee_members_student_idx').on(t.studentId),
  ],
);

/** 教研会议 (/jyhygl/hygl): a meeting of a teaching-research group (an org unit of kind 'researchGroup'). */
export const researchMeetings = pgTable(
  'research_meetings',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => orgUnits.id, { onDelete: 'restrict' }),
    day: date('day').notNull(),
    startTime: varchar('start_time', { length: 5 }).notNull(),
    endTime: varchar('end_time', { length: 5 }).notNull(),
    place: varchar('place', { length: 100 }).notNull(),
    topic: varchar('topic', { length: 100 }).notNull(),
    hostId: integer('host_id').references(() => staff.id, { onDelete: 'set null' }),
    /** Sanitised HTML (platform/richText). */
    minutes: text('minutes').notNull().default(''),
    /** File ids of the upload service (purpose 'document'). */
    attachments: jsonb('attachments').$type<string[]>().notNull().default([]),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('research_meetings_group_idx').on(t.groupId, t.day),
    ...keywordIndexes('research_meetings_topic', t.topic),
    ...keywordIndexes('research_meetings_place', t.place),
  ],
);

export const researchMeetingAttendees = pgTable(
  'research_meeting_attendees',
  {
    meetingId: integer('meeting_id')
      .notNull()
      .references(() => researchMeetings.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    /** null until attendance is marked. */
    attended: boolean('attended'),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.staffId] }), index('research_meeting_attendees_staff_idx').on(t.staffId)],
);

/** 学年学期管理/学生维护 (/jxzygl/xnxqgl/xswh): who is registered in a term (registered, suspended, left). */
export const termStudents = pgTable(
  'term_students',
  {
    termId: integer('term_id')
      .notNull()
      .references(() => terms.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** The student's class in that term. */
    classId: integer('class_id').references(() => classes.id, { onDelete: 'set null' }),
    /** contract TERM_STUDENT_STATUSES */
    status: varchar('status', { length: 10 }).notNull(),
    remark: varchar('remark', { length: 100 }).notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.termId, t.studentId] }), index('term_students_class_idx').on(t.termId, t.classId)],
);

/** 能力模板 (/jc/nlmb): a course's competency template with its levels, in order. */
export const abilityTemplates = pgTable(
  'ability_templates',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 50 }).notNull(),
    description: varchar('description', { length: 200 }).notNull().default(''),
    /** [{ name, description }], lowest level first. */
    levels: jsonb('levels').$type<{ name: string; description: string }[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ability_templates_name_idx').on(t.courseId, t.name), ...keywordIndexes('ability_templates_name', t.name)],
);

/** 章节 (/jc/zj): a textbook's chapters and sections per course and grade, an ordered tree. */
export const textbookChapters = pgTable(
  'textbook_chapters',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    gradeId: integer('grade_id')
      .notNull()
      .references(() => grades.id, { onDelete: 'restrict' }),
    parentId: integer('parent_id').references((): AnyPgColumn => textbookChapters.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 100 }).notNull(),
    sort: smallint('sort').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('textbook_chapters_course_idx').on(t.courseId, t.gradeId, t.parentId, t.sort)],
);

/** 知识点审批 (/jc/zssp): knowledge points teachers propose and the group leader approves. */
export const knowledgePoints = pgTable(
  'knowledge_points',
  {
    id: serial('id').primaryKey(),
    chapterId: integer('chapter_id')
      .notNull()
      .references(() => textbookChapters.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 100 }).notNull(),
    description: varchar('description', { length: 300 }).notNull().default(''),
    /** contract KNOWLEDGE_STATUSES */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    proposedById: integer('proposed_by_id').references(() => staff.id, { onDelete: 'set null' }),
    reviewComment: varchar('review_comment', { length: 200 }).notNull().default(''),
    reviewedByUserId: integer('reviewed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('knowledge_points_chapter_idx').on(t.chapterId, t.status), ...keywordIndexes('knowledge_points_name', t.name)],
);

/** 属性项模板 明细表 (/sxxmb/sxxmbTable/mxbTble): a template's detail rows (the fields a record of it carries). */
export const attributeTemplates = pgTable(
  'attribute_templates',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 50 }).notNull().unique(),
    description: varchar('description', { length: 200 }).notNull().default(''),
    /** [{ name, kind, required, options }] in order. */
    items: jsonb('items').$type<{ name: string; kind: string; required: boolean; options: string[] }[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [...keywordIndexes('attribute_templates_name', t.name)],
);
