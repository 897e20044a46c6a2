import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { buildings } from './admin.ts';
import { keywordIndexes } from './keywordIndexes.ts';
import { staff, students, terms } from './school.ts';
import { users } from './system.ts';

/**
 * 讲座 and 活动报名 (issue 17): one table for both, told apart by `kind`; they share every rule of spec 5
 * (sign-up window before the start, inside the term, capacity, attendance). The stored status is only what
 * a person decides (draft, published, cancelled); open, full, closed and finished follow from the clock and
 * the count (contract eventPhase).
 */
export const campusEvents = pgTable(
  'campus_events',
  {
    id: serial('id').primaryKey(),
    /** contract CAMPUS_EVENT_KINDS */
    kind: varchar('kind', { length: 10 }).notNull(),
    termId: integer('term_id').notNull().references(() => terms.id, { onDelete: 'restrict' }),
    title: varchar('title', { length: 100 }).notNull(),
    /** The speaker of a lecture, the organiser of an activity. */
    host: varchar('host', { length: 50 }).notNull(),
    place: varchar('place', { length: 100 }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    signupStart: timestamp('signup_start', { withTimezone: true }).notNull(),
    signupEnd: timestamp('signup_end', { withTimezone: true }).notNull(),
    capacity: integer('capacity').notNull(),
    /** Seats taken: raised only by a conditional update (never past the capacity), lowered by a cancellation. */
    signedUp: integer('signed_up').notNull().default(0),
    /** Empty both: every student of the school. */
    gradeIds: integer('grade_ids').array().notNull().default(sql`'{}'::int[]`),
    classIds: integer('class_ids').array().notNull().default(sql`'{}'::int[]`),
    /** Sanitised HTML. */
    description: text('description').notNull().default(''),
    /** Activities only: a parent may sign their child up. */
    familySignup: boolean('family_signup').notNull().default(false),
    /** A weekly series: the same time in each week from week_from to week_to of the term. */
    weekFrom: smallint('week_from'),
    weekTo: smallint('week_to'),
    /** contract CAMPUS_EVENT_STATUSES */
    status: varchar('status', { length: 12 }).notNull().default('draft'),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    ownerUserId: integer('owner_user_id').notNull().references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campus_events_kind_idx').on(t.kind, t.startsAt),
    index('campus_events_owner_idx').on(t.ownerUserId),
    ...keywordIndexes('campus_events_title', t.title),
    ...keywordIndexes('campus_events_host', t.host),
    ...keywordIndexes('campus_events_place', t.place),
  ],
);

/** A student's sign-up to an event: signed up or cancelled, attendance registered, notified or not (spec 4). */
export const campusEventSignups = pgTable(
  'campus_event_signups',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => campusEvents.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** 'signed' | 'cancelled' */
    status: varchar('status', { length: 10 }).notNull(),
    signedByUserId: integer('signed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** null: not registered yet. */
    attended: boolean('attended'),
    attendanceAt: timestamp('attendance_at', { withTimezone: true }),
    notified: boolean('notified').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.studentId] }), index('campus_event_signups_student_idx').on(t.studentId)],
);

/** 宿舍: a room of a dormitory building (the system's buildings whose usage is 'dormitory'). */
export const dormRooms = pgTable(
  'dorm_rooms',
  {
    id: serial('id').primaryKey(),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id, { onDelete: 'restrict' }),
    floor: smallint('floor').notNull(),
    number: varchar('number', { length: 20 }).notNull(),
    /** Student gender code: '1' male, '2' female. */
    gender: varchar('gender', { length: 2 }).notNull(),
    totalBeds: smallint('total_beds').notNull(),
    /** Beds that may be used (spec 5: never more than the total). */
    effectiveBeds: smallint('effective_beds').notNull(),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
  },
  (t) => [uniqueIndex('dorm_rooms_number_idx').on(t.buildingId, t.number), ...keywordIndexes('dorm_rooms_number', t.number)],
);

export const dormBeds = pgTable(
  'dorm_beds',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => dormRooms.id, { onDelete: 'cascade' }),
    label: varchar('label', { length: 10 }).notNull(),
    sort: smallint('sort').notNull(),
  },
  (t) => [uniqueIndex('dorm_beds_label_idx').on(t.roomId, t.label)],
);

/** A student's stay in a bed: checked in, and checked out when it ends (the history is kept). */
export const dormStays = pgTable(
  'dorm_stays',
  {
    id: serial('id').primaryKey(),
    bedId: integer('bed_id')
      .notNull()
      .references(() => dormBeds.id, { onDelete: 'restrict' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }).notNull().defaultNow(),
    checkedOutAt: timestamp('checked_out_at', { withTimezone: true }),
    /** 'checkIn' | 'swap' (how the stay began) */
    reason: varchar('reason', { length: 10 }).notNull().default('checkIn'),
    byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // One bed per student and one student per bed, among stays not checked out.
    uniqueIndex('dorm_stays_student_idx').on(t.studentId).where(sql`${t.checkedOutAt} IS NULL`),
    uniqueIndex('dorm_stays_bed_idx').on(t.bedId).where(sql`${t.checkedOutAt} IS NULL`),
    // The check-in history's keyword finds past stays too, which the indexes above leave out.
    index('dorm_stays_student_history_idx').on(t.studentId),
    index('dorm_stays_bed_history_idx').on(t.bedId),
  ],
);

/** A hygiene inspection: one score per room per date. */
export const dormInspections = pgTable(
  'dorm_inspections',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => dormRooms.id, { onDelete: 'cascade' }),
    inspectedOn: date('inspected_on').notNull(),
    score: numeric('score', { precision: 4, scale: 1 }).notNull(),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    inspectorUserId: integer('inspector_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('dorm_inspections_room_day_idx').on(t.roomId, t.inspectedOn)],
);

/** 社团: an association with its advisor teacher. */
export const associations = pgTable(
  'associations',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 50 }).notNull().unique(),
    advisorStaffId: integer('advisor_staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'restrict' }),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [...keywordIndexes('associations_name', t.name)],
);

/** A student's application and membership: pending, member (a leader is a member marked so), rejected. */
export const associationMembers = pgTable(
  'association_members',
  {
    associationId: integer('association_id')
      .notNull()
      .references(() => associations.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** 'pending' | 'member' | 'rejected' */
    status: varchar('status', { length: 10 }).notNull(),
    isLeader: boolean('is_leader').notNull().default(false),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.associationId, t.studentId] }), index('association_members_student_idx').on(t.studentId)],
);

export const associationActivities = pgTable(
  'association_activities',
  {
    id: serial('id').primaryKey(),
    associationId: integer('association_id')
      .notNull()
      .references(() => associations.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 100 }).notNull(),
    place: varchar('place', { length: 100 }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    description: varchar('description', { length: 300 }).notNull().default(''),
  },
  (t) => [index('association_activities_idx').on(t.associationId, t.startsAt)],
);

export const associationAttendance = pgTable(
  'association_attendance',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => associationActivities.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    present: boolean('present').notNull(),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.studentId] })],
);
