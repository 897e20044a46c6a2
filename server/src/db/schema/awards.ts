import { check, date, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { students } from './school.ts';
import { users } from './system.ts';
import { keywordIndexes } from './keywordIndexes.ts';

/** 学科竞赛: a competition event; its awards are competition_prizes. */
export const competitions = pgTable(
  'competitions',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 100 }).notNull(),
    heldOn: date('held_on').notNull(),
    place: varchar('place', { length: 100 }).notNull(),
    content: text('content').notNull(),
    /** File ids of upload purpose `image`. */
    pictures: jsonb('pictures').notNull().default([]),
    publisherUserId: integer('publisher_user_id').references(() => users.id, { onDelete: 'set null' }),
    releasedAt: timestamp('released_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('competitions_held_idx').on(t.heldOn),
    index('competitions_publisher_idx').on(t.publisherUserId),
    // The event list's title and place boxes, the award lists' keyword (platform/keyword.ts).
    ...keywordIndexes('competitions_title', t.title),
    ...keywordIndexes('competitions_place', t.place),
  ],
);

/** 奖项: an award of an event, with how many students may win it. */
export const competitionPrizes = pgTable(
  'competition_prizes',
  {
    id: serial('id').primaryKey(),
    competitionId: integer('competition_id').notNull().references(() => competitions.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 100 }).notNull(),
    winnerNumber: smallint('winner_number').notNull(),
    awardedOn: date('awarded_on').notNull(),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    publisherUserId: integer('publisher_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('competition_prizes_competition_idx').on(t.competitionId),
    ...keywordIndexes('competition_prizes_name', t.name),
    check('competition_prizes_winner_number_check', sql`${t.winnerNumber} BETWEEN 0 AND 100`),
    check('competition_prizes_period_check', sql`${t.startsOn} <= ${t.endsOn}`),
  ],
);

/** 学科获奖: one award of an event given to one student; a used award cannot be deleted. */
export const disciplinaryAwards = pgTable(
  'disciplinary_awards',
  {
    id: serial('id').primaryKey(),
    prizeId: integer('prize_id').notNull().references(() => competitionPrizes.id, { onDelete: 'restrict' }),
    studentId: integer('student_id').notNull().references(() => students.id, { onDelete: 'cascade' }),
    pictures: jsonb('pictures').notNull().default([]),
    giverUserId: integer('giver_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('disciplinary_awards_prize_student_idx').on(t.prizeId, t.studentId), index('disciplinary_awards_student_idx').on(t.studentId)],
);

/** 校级以上获奖: an award above school level; its winners are above_school_award_winners. */
export const aboveSchoolAwards = pgTable(
  'above_school_awards',
  {
    id: serial('id').primaryKey(),
    /** contract AWARD_LEVELS */
    level: varchar('level', { length: 20 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    awardedOn: date('awarded_on').notNull(),
    /** Certificate pictures: file ids of upload purpose `image`. */
    pictures: jsonb('pictures').notNull().default([]),
    notes: varchar('notes', { length: 300 }).notNull().default(''),
    creatorUserId: integer('creator_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('above_school_awards_date_idx').on(t.awardedOn), ...keywordIndexes('above_school_awards_name', t.name)],
);

export const aboveSchoolAwardWinners = pgTable(
  'above_school_award_winners',
  {
    awardId: integer('award_id').notNull().references(() => aboveSchoolAwards.id, { onDelete: 'cascade' }),
    studentId: integer('student_id').notNull().references(() => students.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.awardId, t.studentId] }), index('above_school_award_winners_student_idx').on(t.studentId)],
);
