import { boolean, date, index, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { keywordIndexes } from './keywordIndexes.ts';
import { classes, courses, examBatches, grades, orgUnits, students, terms } from './school.ts';
import { users } from './system.ts';

/**
 * 成绩管理 (issue 15): conversion rules and score systems (换算规则), score batches with their subjects,
 * classes and sub-score items (成绩批次, 分项成绩设置), and the scores entered (成绩登记).
 */

export const scoreConversionRules = pgTable(
  'score_conversion_rules',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 50 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    remarks: varchar('remarks', { length: 200 }).notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('score_conversion_rules_name_idx').on(t.name), ...keywordIndexes('score_conversion_rules_name', t.name)],
);

export const scoreConversionLevels = pgTable(
  'score_conversion_levels',
  {
    id: serial('id').primaryKey(),
    ruleId: integer('rule_id').notNull().references(() => scoreConversionRules.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 20 }).notNull(),
    lowestScore: smallint('lowest_score').notNull(),
    highestScore: smallint('highest_score').notNull(),
    convertedScore: smallint('converted_score').notNull(),
    colour: varchar('colour', { length: 7 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    lowestRate: smallint('lowest_rate').notNull().default(0),
    highestRate: smallint('highest_rate').notNull().default(100),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [index('score_conversion_levels_rule_idx').on(t.ruleId)],
);

export const scoreSystems = pgTable(
  'score_systems',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 50 }).notNull(),
    fullMark: smallint('full_mark').notNull(),
    passLine: numeric('pass_line', { precision: 6, scale: 2 }).notNull(),
    goodLine: numeric('good_line', { precision: 6, scale: 2 }).notNull(),
    excellentLine: numeric('excellent_line', { precision: 6, scale: 2 }).notNull(),
    conversionRuleId: integer('conversion_rule_id').references(() => scoreConversionRules.id, { onDelete: 'restrict' }),
    enabled: boolean('enabled').notNull().default(true),
    remarks: varchar('remarks', { length: 200 }).notNull().default(''),
  },
  (t) => [uniqueIndex('score_systems_name_idx').on(t.name), ...keywordIndexes('score_systems_name', t.name)],
);

/** 成绩批次: the scores of one exam node (期中, 期末 …) of a grade in a term, entered within a time window. */
export const scoreBatches = pgTable(
  'score_batches',
  {
    id: serial('id').primaryKey(),
    termId: integer('term_id').notNull().references(() => terms.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 100 }).notNull(),
    /** At most 10 Chinese characters (spec 5). */
    examNode: varchar('exam_node', { length: 10 }).notNull(),
    gradeId: integer('grade_id').notNull().references(() => grades.id, { onDelete: 'restrict' }),
    campusId: integer('campus_id').references(() => orgUnits.id, { onDelete: 'restrict' }),
    /** The 考务 exam the scores come from, when there is one. */
    examBatchId: integer('exam_batch_id').references(() => examBatches.id, { onDelete: 'set null' }),
    entryStart: timestamp('entry_start', { withTimezone: true }).notNull(),
    entryEnd: timestamp('entry_end', { withTimezone: true }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    released: boolean('released').notNull().default(false),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    conversionRuleId: integer('conversion_rule_id').references(() => scoreConversionRules.id, { onDelete: 'restrict' }),
    /** 成绩分析: 'none' (not released), 'pending' (being computed in the background), 'ready' or 'failed'. */
    analysisState: varchar('analysis_state', { length: 10 }).notNull().default('none'),
    analysedAt: timestamp('analysed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('score_batches_term_name_idx').on(t.termId, t.name),
    index('score_batches_grade_idx').on(t.gradeId, t.termId),
    ...keywordIndexes('score_batches_name', t.name),
    ...keywordIndexes('score_batches_exam_node', t.examNode),
  ],
);

/** A subject of a score batch: its score system and its weight among the national courses (≤ 100 in all). */
export const scoreBatchSubjects = pgTable(
  'score_batch_subjects',
  {
    batchId: integer('batch_id').notNull().references(() => scoreBatches.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'restrict' }),
    scoreSystemId: integer('score_system_id').notNull().references(() => scoreSystems.id, { onDelete: 'restrict' }),
    weight: smallint('weight').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.courseId] }), index('score_batch_subjects_system_idx').on(t.scoreSystemId)],
);

export const scoreBatchClasses = pgTable(
  'score_batch_classes',
  {
    batchId: integer('batch_id').notNull().references(() => scoreBatches.id, { onDelete: 'cascade' }),
    classId: integer('class_id').notNull().references(() => classes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.classId] }), index('score_batch_classes_class_idx').on(t.classId)],
);

/** 分项成绩设置: the parts a subject's score is made of (listening, writing …); their maxima sum to the full mark. */
export const scoreSubItems = pgTable(
  'score_sub_items',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id').notNull().references(() => scoreBatches.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 20 }).notNull(),
    maxScore: numeric('max_score', { precision: 6, scale: 2 }).notNull(),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [index('score_sub_items_batch_idx').on(t.batchId, t.courseId)],
);

/** 成绩登记: one student's score of one subject in a batch; absent or exempt instead of a number. */
export const scores = pgTable(
  'scores',
  {
    batchId: integer('batch_id').notNull().references(() => scoreBatches.id, { onDelete: 'cascade' }),
    studentId: integer('student_id').notNull().references(() => students.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'restrict' }),
    score: numeric('score', { precision: 6, scale: 2 }),
    /** null, 'absent' or 'exempt'. */
    mark: varchar('mark', { length: 10 }),
    /** Sub-item id → score, when the subject has sub-items. */
    subScores: jsonb('sub_scores'),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.studentId, t.courseId] }), index('scores_student_idx').on(t.studentId), index('scores_batch_course_idx').on(t.batchId, t.courseId)],
);

/**
 * The version of one subject's column of a class's score sheet, raised by every save: a save that read an
 * older version is refused ('Current term's data is being operated by several people, retry later'), so a
 * teacher never overwrites what a colleague saved meanwhile without seeing it.
 */
export const scoreSheetVersions = pgTable(
  'score_sheet_versions',
  {
    batchId: integer('batch_id').notNull().references(() => scoreBatches.id, { onDelete: 'cascade' }),
    classId: integer('class_id').notNull().references(() => classes.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    version: integer('version').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.classId, t.courseId] })],
);

/**
 * 成绩分析: the figures of a released batch, computed once in the background at its release and dropped when
 * the release is cancelled. One row per class and subject, plus class 0 for the whole grade and course 0
 * for the total; absent and exempt students are counted apart and left out of the figures. Neither table
 * has foreign keys: they are figures derived from the scores, written 100,000 rows at a time where a
 * check per row doubled the time, and only a released batch has them, which cannot be deleted.
 */
export const scoreStats = pgTable(
  'score_stats',
  {
    batchId: integer('batch_id').notNull(),
    /** 0 for the grade. */
    classId: integer('class_id').notNull(),
    /** 0 for the total. */
    courseId: integer('course_id').notNull(),
    /**
     * The subject's full mark and the lines the figures were counted against (for the total, the sums of the
     * subjects'), kept with the figures: a view shows the lines its rates were counted with, and reads one table.
     */
    fullMark: numeric('full_mark', { precision: 8, scale: 2 }).notNull().default('0'),
    passLine: numeric('pass_line', { precision: 8, scale: 2 }).notNull().default('0'),
    goodLine: numeric('good_line', { precision: 8, scale: 2 }).notNull().default('0'),
    excellentLine: numeric('excellent_line', { precision: 8, scale: 2 }).notNull().default('0'),
    counted: integer('counted').notNull(),
    absent: integer('absent').notNull(),
    exempt: integer('exempt').notNull(),
    average: numeric('average', { precision: 8, scale: 2 }),
    highest: numeric('highest', { precision: 8, scale: 2 }),
    lowest: numeric('lowest', { precision: 8, scale: 2 }),
    stdDev: numeric('std_dev', { precision: 8, scale: 2 }),
    pass: integer('pass').notNull(),
    good: integer('good').notNull(),
    excellent: integer('excellent').notNull(),
    /** Students in each tenth of the full mark, the lowest first. */
    bands: integer('bands').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.classId, t.courseId] })],
);

/** 成绩分析: a student's total in a released batch and its places in the class and in the grade. */
export const scoreTotals = pgTable(
  'score_totals',
  {
    batchId: integer('batch_id').notNull(),
    studentId: integer('student_id').notNull(),
    classId: integer('class_id').notNull(),
    total: numeric('total', { precision: 8, scale: 2 }).notNull(),
    classRank: integer('class_rank').notNull(),
    gradeRank: integer('grade_rank').notNull(),
    /**
     * The row's position in the grade's ranking (by place, then student), 1 to n without gaps, and the same
     * in the class: a page of the ranking is a range of these, read through the index, wherever it is.
     */
    gradeOrder: integer('grade_order').notNull().default(0),
    classOrder: integer('class_order').notNull().default(0),
  },
  (t) => [
    // The student first: a student's trend reads it alone, a batch's row reads both.
    primaryKey({ columns: [t.studentId, t.batchId] }),
    index('score_totals_grade_order_idx').on(t.batchId, t.gradeOrder),
    index('score_totals_class_order_idx').on(t.batchId, t.classId, t.classOrder),
  ],
);

/**
 * 考试分析设置: an exam's own pass, good and excellent lines as percents of each subject's full mark; without
 * a row the analysis counts against the score systems' lines.
 */
export const scoreAnalysisSettings = pgTable('score_analysis_settings', {
  batchId: integer('batch_id')
    .primaryKey()
    .references(() => scoreBatches.id, { onDelete: 'cascade' }),
  passPercent: smallint('pass_percent').notNull(),
  goodPercent: smallint('good_percent').notNull(),
  excellentPercent: smallint('excellent_percent').notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** 总评 (/cjfxNew/zpfx): a term's overall score of a grade, made of some of its score batches with weights. */
export const overallSchemes = pgTable(
  'overall_schemes',
  {
    id: serial('id').primaryKey(),
    termId: integer('term_id').notNull().references(() => terms.id, { onDelete: 'restrict' }),
    gradeId: integer('grade_id').notNull().references(() => grades.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 50 }).notNull(),
    remarks: varchar('remarks', { length: 200 }).notNull().default(''),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('overall_schemes_term_name_idx').on(t.termId, t.name)],
);

/** An exam of an overall score and its weight (1–100; a scheme's weights total at most 100). */
export const overallSchemeParts = pgTable(
  'overall_scheme_parts',
  {
    schemeId: integer('scheme_id').notNull().references(() => overallSchemes.id, { onDelete: 'cascade' }),
    // A batch in a scheme is not deleted from under it: the batch's deletion is refused.
    batchId: integer('batch_id').notNull().references(() => scoreBatches.id, { onDelete: 'restrict' }),
    weight: smallint('weight').notNull(),
  },
  (t) => [primaryKey({ columns: [t.schemeId, t.batchId] }), index('overall_scheme_parts_batch_idx').on(t.batchId)],
);

/** 考试成绩维护: a correction of a score after it was entered, with the reason; the score row holds the new value. */
export const scoreCorrections = pgTable(
  'score_corrections',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id').notNull().references(() => scoreBatches.id, { onDelete: 'cascade' }),
    studentId: integer('student_id').notNull().references(() => students.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'restrict' }),
    oldScore: numeric('old_score', { precision: 6, scale: 2 }),
    oldMark: varchar('old_mark', { length: 10 }),
    newScore: numeric('new_score', { precision: 6, scale: 2 }),
    newMark: varchar('new_mark', { length: 10 }),
    reason: varchar('reason', { length: 200 }).notNull(),
    correctedBy: integer('corrected_by').references(() => users.id, { onDelete: 'set null' }),
    correctedAt: timestamp('corrected_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('score_corrections_batch_idx').on(t.batchId, t.correctedAt), index('score_corrections_student_idx').on(t.studentId)],
);

/** 自定义群体: a named set of students (尖子生, 艺体生 …) a teacher keeps to read the analysis of; shared or their own. */
export const studentGroups = pgTable(
  'student_groups',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 30 }).notNull(),
    remarks: varchar('remarks', { length: 200 }).notNull().default(''),
    shared: boolean('shared').notNull().default(false),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('student_groups_owner_name_idx').on(t.ownerUserId, t.name),
    ...keywordIndexes('student_groups_name', t.name),
    ...keywordIndexes('student_groups_remarks', t.remarks),
  ],
);

export const studentGroupMembers = pgTable(
  'student_group_members',
  {
    groupId: integer('group_id').notNull().references(() => studentGroups.id, { onDelete: 'cascade' }),
    studentId: integer('student_id').notNull().references(() => students.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.studentId] }), index('student_group_members_student_idx').on(t.studentId)],
);

/** 校外成绩: an exam held outside the school (a district's joint exam, a city's mock), its subjects and the students' scores. */
export const externalExams = pgTable(
  'external_exams',
  {
    id: serial('id').primaryKey(),
    termId: integer('term_id').notNull().references(() => terms.id, { onDelete: 'restrict' }),
    gradeId: integer('grade_id').notNull().references(() => grades.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 100 }).notNull(),
    organiser: varchar('organiser', { length: 50 }).notNull(),
    examDate: date('exam_date').notNull(),
    remarks: varchar('remarks', { length: 200 }).notNull().default(''),
    released: boolean('released').notNull().default(false),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('external_exams_term_name_idx').on(t.termId, t.name),
    ...keywordIndexes('external_exams_name', t.name),
    ...keywordIndexes('external_exams_organiser', t.organiser),
  ],
);

export const externalExamSubjects = pgTable(
  'external_exam_subjects',
  {
    examId: integer('exam_id').notNull().references(() => externalExams.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'restrict' }),
    fullMark: smallint('full_mark').notNull(),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.examId, t.courseId] })],
);

/** A student's scores of an external exam: course id → { score, mark }, and the place the organiser gave them. */
export const externalExamResults = pgTable(
  'external_exam_results',
  {
    examId: integer('exam_id').notNull().references(() => externalExams.id, { onDelete: 'cascade' }),
    studentId: integer('student_id').notNull().references(() => students.id, { onDelete: 'cascade' }),
    scores: jsonb('scores').notNull(),
    districtRank: integer('district_rank'),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.examId, t.studentId] }), index('external_exam_results_student_idx').on(t.studentId)],
);
