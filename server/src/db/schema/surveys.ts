import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { students } from './school.ts';
import { users } from './system.ts';
import { keywordIndexes } from './keywordIndexes.ts';

/**
 * 问卷调查 (issue 17). A survey's design (its questions, as jsonb: they are read and written whole, and
 * cannot change once it has answers), its state (spec 4: in use or not, published or not) and where it went
 * (the Picker's value, classes with their audience, and/or a public link's key).
 */
export const surveys = pgTable(
  'surveys',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 100 }).notNull(),
    description: varchar('description', { length: 500 }).notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    anonymous: boolean('anonymous').notNull().default(true),
    inUse: boolean('in_use').notNull().default(true),
    published: boolean('published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    isPublic: boolean('is_public').notNull().default(false),
    /** The public link's random key (/survey/wjdt/answerSurvey?key=...), set when published publicly. */
    publicKey: varchar('public_key', { length: 64 }),
    /** contract SurveyQuestion[] */
    questions: jsonb('questions').$type<unknown[]>().notNull(),
    recipients: text('recipients').notNull().default(''),
    classIds: integer('class_ids').array().notNull().default(sql`'{}'::int[]`),
    /** contract CLASS_AUDIENCES */
    classAudience: varchar('class_audience', { length: 10 }).notNull().default('parents'),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    recipientTotal: integer('recipient_total').notNull().default(0),
    /** Running count of the responses aggregated into the tallies (the queue's are added by the next batch). */
    responseCount: integer('response_count').notNull().default(0),
    lastRemindedAt: timestamp('last_reminded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('surveys_public_key_idx').on(t.publicKey).where(sql`${t.publicKey} IS NOT NULL`),
    index('surveys_owner_idx').on(t.ownerUserId),
    // The survey lists' keyword (platform/keyword.ts).
    ...keywordIndexes('surveys_title', t.title),
  ],
);

/** Who a published survey was sent to (a parent reached through a child keeps the child), written at publishing. */
export const surveyRecipients = pgTable(
  'survey_recipients',
  {
    surveyId: integer('survey_id').notNull().references(() => surveys.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    viaStudentId: integer('via_student_id').references(() => students.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.surveyId, t.userId] }), index('survey_recipients_user_idx').on(t.userId)],
);

/**
 * Who has answered a survey, for one answer per person and the reminders: 'u:<user id>' for a signed-in
 * respondent, 'b:<sha-256 of the browser's random key>' for the public link. Deliberately nothing else: no
 * serial id, no time and no order. The answers themselves are in tables with no respondent column
 * (survey_answer_queue, survey_tallies, survey_text_answers), so even for an anonymous survey nobody, an
 * administrator with SQL included, can join a person to an answer. What the two still share is the answering
 * transaction (xmin) and the heap position of the queued row; both last only until the next batch
 * (modules/surveys/answering/tally.ts), which moves queued answers into the tallies and the texts in a
 * shuffled order under a transaction of its own and deletes the queued rows.
 */
export const surveyRespondents = pgTable(
  'survey_respondents',
  {
    surveyId: integer('survey_id').notNull().references(() => surveys.id, { onDelete: 'cascade' }),
    respondentKey: varchar('respondent_key', { length: 80 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.surveyId, t.respondentKey] })],
);

/**
 * Answers waiting for the next batch: the whole sheet by question position. Cheap to append (no hot
 * counter row shared by 200,000 parents answering at once); no id, no time, no respondent.
 */
export const surveyAnswerQueue = pgTable(
  'survey_answer_queue',
  {
    surveyId: integer('survey_id').notNull().references(() => surveys.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('survey_answer_queue_survey_idx').on(t.surveyId)],
);

/**
 * Running tallies per survey: for a choice question (row 0) or a matrix row, how many chose each option or
 * column; for a rating the count of each score; option -1 counts the responses that answered the question.
 * The statistics read these few rows, never the answers.
 */
export const surveyTallies = pgTable(
  'survey_tallies',
  {
    surveyId: integer('survey_id').notNull().references(() => surveys.id, { onDelete: 'cascade' }),
    question: smallint('question').notNull(),
    row: smallint('row').notNull(),
    option: smallint('option').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.surveyId, t.question, t.row, t.option] })],
);

/** The answers of text questions, listed by a random key given when the batch moved them (no order of arrival). */
export const surveyTextAnswers = pgTable(
  'survey_text_answers',
  {
    surveyId: integer('survey_id').notNull().references(() => surveys.id, { onDelete: 'cascade' }),
    question: smallint('question').notNull(),
    body: text('body').notNull(),
    sortKey: integer('sort_key').notNull(),
  },
  (t) => [index('survey_text_answers_idx').on(t.surveyId, t.question, t.sortKey)],
);
