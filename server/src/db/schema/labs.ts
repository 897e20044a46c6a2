import { boolean, date, index, integer, pgTable, primaryKey, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { classes, classrooms, courses, staff } from './school.ts';
import { keywordIndexes } from './keywordIndexes.ts';
import { users } from './system.ts';

/**
 * 实验室预约 (issue 17): rooms of the school's classrooms opened for booking (laboratories, and class rooms
 * lent out), the periods each opens per weekday, and the bookings of experiments and loans.
 */
export const labRooms = pgTable('lab_rooms', {
  id: serial('id').primaryKey(),
  classroomId: integer('classroom_id')
    .notNull()
    .unique()
    .references(() => classrooms.id, { onDelete: 'restrict' }),
  /** contract LAB_ROOM_KINDS: a laboratory or a class room lent out. */
  kind: varchar('kind', { length: 12 }).notNull(),
  subject: varchar('subject', { length: 30 }).notNull().default(''),
  capacity: smallint('capacity').notNull(),
  /** A shared room serves several subjects: its bookings wait for the lab administrator. */
  shared: boolean('shared').notNull().default(false),
  needsApproval: boolean('needs_approval').notNull().default(false),
  /** The lab administrator who approves its bookings. */
  managerStaffId: integer('manager_staff_id').references(() => staff.id, { onDelete: 'set null' }),
  enabled: boolean('enabled').notNull().default(true),
  note: varchar('note', { length: 200 }).notNull().default(''),
});

/** The periods (节次) a room opens on a weekday; a room without any opens none. */
export const labRoomPeriods = pgTable(
  'lab_room_periods',
  {
    roomId: integer('room_id')
      .notNull()
      .references(() => labRooms.id, { onDelete: 'cascade' }),
    day: smallint('day').notNull(),
    period: smallint('period').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.day, t.period] })],
);

export const labBookings = pgTable(
  'lab_bookings',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id').notNull().references(() => labRooms.id, { onDelete: 'restrict' }),
    /** contract LAB_BOOKING_KINDS */
    kind: varchar('kind', { length: 12 }).notNull(),
    teacherId: integer('teacher_id').notNull().references(() => staff.id, { onDelete: 'restrict' }),
    classId: integer('class_id').references(() => classes.id, { onDelete: 'set null' }),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
    experiment: varchar('experiment', { length: 100 }).notNull().default(''),
    bookingDate: date('booking_date').notNull(),
    periods: smallint('periods').array().notNull(),
    equipment: varchar('equipment', { length: 300 }).notNull().default(''),
    /** A class-room loan's note: under 200 characters. */
    note: varchar('note', { length: 199 }).notNull().default(''),
    /** contract LAB_BOOKING_STATUSES */
    status: varchar('status', { length: 12 }).notNull(),
    reviewComment: varchar('review_comment', { length: 200 }).notNull().default(''),
    reviewedByUserId: integer('reviewed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lab_bookings_room_date_idx').on(t.roomId, t.bookingDate),
    index('lab_bookings_teacher_idx').on(t.teacherId, t.bookingDate),
    ...keywordIndexes('lab_bookings_experiment', t.experiment),
    ...keywordIndexes('lab_bookings_note', t.note),
  ],
);

/**
 * The room-periods a live booking (pending or approved) holds: the unique index refuses a second booking
 * of the same room and period even when two arrive at once.
 */
export const labBookingSlots = pgTable(
  'lab_booking_slots',
  {
    bookingId: integer('booking_id')
      .notNull()
      .references(() => labBookings.id, { onDelete: 'cascade' }),
    roomId: integer('room_id').notNull(),
    bookingDate: date('booking_date').notNull(),
    period: smallint('period').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.period] }), uniqueIndex('lab_booking_slots_room_idx').on(t.roomId, t.bookingDate, t.period)],
);
