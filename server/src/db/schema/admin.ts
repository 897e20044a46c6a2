import { boolean, index, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { roles } from './system.ts';
import { courses, grades, orgUnits, staff, terms } from './school.ts';
import { keywordIndexes } from './keywordIndexes.ts';

/** Scheduled jobs (/datasynchronization): a registered handler run on a cron expression. */
export const scheduledJobs = pgTable(
  'scheduled_jobs',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 64 }).notNull().unique(),
    name: varchar('name', { length: 100 }).notNull(),
    nameEn: varchar('name_en', { length: 100 }),
    /** Name of the handler in the server's job registry; only registered handlers can be scheduled. */
    handler: varchar('handler', { length: 64 }).notNull(),
    cron: varchar('cron', { length: 100 }).notNull(),
    enabled: boolean('enabled').notNull().default(false),
    remark: varchar('remark', { length: 300 }),
    /** When the scheduler next starts it; the process that moves this forward in a transaction runs it. */
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    /** Set while a run is under way (a run-now during it is refused). */
    runningSince: timestamp('running_since', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The job list's keyword (platform/keyword.ts).
    ...keywordIndexes('scheduled_jobs_code', t.code),
    ...keywordIndexes('scheduled_jobs_name', t.name),
    ...keywordIndexes('scheduled_jobs_name_en', t.nameEn),
  ],
);

/** One run of a scheduled job (/job/log). */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: serial('id').primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => scheduledJobs.id, { onDelete: 'cascade' }),
    /** 'schedule' | 'manual' */
    trigger: varchar('trigger', { length: 10 }).notNull(),
    triggeredBy: varchar('triggered_by', { length: 64 }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    durationMs: integer('duration_ms'),
    /** 'running' | 'success' | 'failure' */
    outcome: varchar('outcome', { length: 10 }).notNull(),
    message: text('message'),
  },
  (t) => [index('job_runs_job_idx').on(t.jobId, t.startedAt)],
);

/** The details of a campus (an org unit of kind 'campus'). */
export const campusProfiles = pgTable('campus_profiles', {
  orgUnitId: integer('org_unit_id')
    .primaryKey()
    .references(() => orgUnits.id, { onDelete: 'cascade' }),
  address: varchar('address', { length: 200 }),
  phone: varchar('phone', { length: 30 }),
  areaCode: varchar('area_code', { length: 12 }),
  /** Square metres. */
  floorArea: numeric('floor_area', { precision: 12, scale: 2 }),
  postalCode: varchar('postal_code', { length: 6 }),
  personInCharge: varchar('person_in_charge', { length: 50 }),
  /** Yuan. */
  instrumentValue: numeric('instrument_value', { precision: 14, scale: 2 }),
  fixedAssetsValue: numeric('fixed_assets_value', { precision: 14, scale: 2 }),
});

export const buildings = pgTable(
  'buildings',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 30 }).notNull().unique(),
    name: varchar('name', { length: 100 }).notNull(),
    campusId: integer('campus_id')
      .notNull()
      .references(() => orgUnits.id, { onDelete: 'restrict' }),
    floors: smallint('floors'),
    /** 'teaching' | 'office' | 'dormitory' | 'laboratory' | 'other' */
    usage: varchar('usage', { length: 20 }),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 300 }),
  },
  (t) => [
    // The building list's keyword (platform/keyword.ts).
    ...keywordIndexes('buildings_code', t.code),
    ...keywordIndexes('buildings_name', t.name),
  ],
);

/** Leader, course and remarks of a teaching-research group (an org unit of kind 'researchGroup'). */
export const researchGroupProfiles = pgTable('research_group_profiles', {
  orgUnitId: integer('org_unit_id')
    .primaryKey()
    .references(() => orgUnits.id, { onDelete: 'cascade' }),
  leaderStaffId: integer('leader_staff_id').references(() => staff.id, { onDelete: 'set null' }),
  courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
  remark: varchar('remark', { length: 300 }),
});

export const researchGroupMembers = pgTable(
  'research_group_members',
  {
    orgUnitId: integer('org_unit_id')
      .notNull()
      .references(() => orgUnits.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.orgUnitId, t.staffId] }), index('research_group_members_staff_idx').on(t.staffId)],
);

/** Weekly hours of a course in a grade for a term. */
export const gradeCourseHours = pgTable(
  'grade_course_hours',
  {
    id: serial('id').primaryKey(),
    termId: integer('term_id')
      .notNull()
      .references(() => terms.id, { onDelete: 'cascade' }),
    gradeId: integer('grade_id')
      .notNull()
      .references(() => grades.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    weeklyHours: smallint('weekly_hours').notNull(),
  },
  (t) => [uniqueIndex('grade_course_hours_idx').on(t.termId, t.gradeId, t.courseId)],
);

/** Cards that make up a role's dashboard. */
export const homeCards = pgTable(
  'home_cards',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 50 }).notNull(),
    nameEn: varchar('name_en', { length: 50 }),
    /** The page the card opens. */
    route: varchar('route', { length: 300 }),
    /** What the card shows: a built-in widget key or text. */
    content: varchar('content', { length: 300 }).notNull(),
    /** The text in English, for a notice or list card (an English dashboard shows it; the Chinese one when empty). */
    contentEn: varchar('content_en', { length: 300 }),
    roleId: integer('role_id').references(() => roles.id, { onDelete: 'cascade' }),
    /** 'shortcut' | 'statistic' | 'list' | 'notice' */
    category: varchar('category', { length: 20 }).notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    index('home_cards_role_idx').on(t.roleId),
    // The card list's keyword (platform/keyword.ts).
    ...keywordIndexes('home_cards_name', t.name),
    ...keywordIndexes('home_cards_name_en', t.nameEn),
  ],
);

/** Pages built in the designer (/custom-page/drag), published as menus at /customPreview/{param}. */
export const customPages = pgTable(
  'custom_pages',
  {
    id: serial('id').primaryKey(),
    /** The menu's zdycs. */
    param: varchar('param', { length: 100 }).notNull().unique(),
    title: varchar('title', { length: 100 }).notNull(),
    titleEn: varchar('title_en', { length: 100 }),
    /** The designer's blocks, in order. */
    layout: jsonb('layout').notNull(),
    published: boolean('published').notNull().default(false),
    menuId: integer('menu_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: varchar('updated_by', { length: 64 }),
    remark: text('remark'),
  },
  (t) => [
    // The page list's keyword (platform/keyword.ts).
    ...keywordIndexes('custom_pages_param', t.param),
    ...keywordIndexes('custom_pages_title', t.title),
  ],
);
