import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, varchar, bigint } from 'drizzle-orm/pg-core';
import { backgroundTasks } from './background.ts';
import { users } from './system.ts';
import { students } from './school.ts';
import { keywordIndexes } from './keywordIndexes.ts';

/** 通知发布 (issue 13): a notice and whom it is for; its receipts are notice_recipients. */
export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    /** 'notice' (通知发布) or 'event' (活动发布): an event is a notice with a place, a date and, if asked, answers. */
    kind: varchar('kind', { length: 10 }).notNull().default('notice'),
    title: varchar('title', { length: 100 }).notNull(),
    content: text('content').notNull(),
    /** File ids per group: { images, video, documents, audio } (contract NOTICE_ATTACHMENTS). */
    attachments: jsonb('attachments').notNull().default({}),
    publisherUserId: integer('publisher_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The Picker's value as chosen (U_/O_/R_ codes). */
    recipients: varchar('recipients', { length: 4000 }).notNull().default(''),
    /** The accounts the chosen dynamic roles resolved to when it was published (their rule runs once, then). */
    dynamicAccounts: jsonb('dynamic_accounts').notNull().default([]),
    classIds: jsonb('class_ids').notNull().default([]),
    /** 'students' | 'parents' | 'both' */
    classAudience: varchar('class_audience', { length: 10 }).notNull().default('parents'),
    /** contract NOTICE_STATUSES: 'queued' | 'delivering' | 'delivered' | 'failed' */
    status: varchar('status', { length: 12 }).notNull().default('queued'),
    recipientTotal: integer('recipient_total').notNull().default(0),
    deliveredCount: integer('delivered_count').notNull().default(0),
    /** Kept in step by the receipts' reads, so that a list of notices counts nothing. */
    readCount: integer('read_count').notNull().default(0),
    deliveryTaskId: bigint('delivery_task_id', { mode: 'number' }).references(() => backgroundTasks.id, { onDelete: 'set null' }),
    error: text('error'),
    /** An event's place and time, and whether its recipients are asked to join. */
    place: varchar('place', { length: 100 }),
    eventAt: timestamp('event_at', { withTimezone: true }),
    askJoin: boolean('ask_join').notNull().default(false),
    lastRemindedAt: timestamp('last_reminded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notices_publisher_idx').on(t.publisherUserId, t.createdAt, t.id),
    index('notices_created_idx').on(t.createdAt, t.id),
    index('notices_kind_created_idx').on(t.kind, t.createdAt, t.id),
    // The title boxes of the notice and event lists and of 我的通知 (platform/keyword.ts).
    ...keywordIndexes('notices_title', t.title),
  ],
);

/** One row per recipient of a notice: the read receipt. */
export const noticeRecipients = pgTable(
  'notice_recipients',
  {
    noticeId: integer('notice_id').notNull().references(() => notices.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** For a parent reached through a class: the child's student id (the first of theirs found). */
    viaStudentId: integer('via_student_id'),
    /** The message written for this recipient (set by the delivery). */
    messageId: bigint('message_id', { mode: 'number' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** An event's answer: 'join' or 'decline' (null: not answered). */
    answer: varchar('answer', { length: 8 }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.noticeId, t.userId] }),
    // A recipient's list, newest notice first.
    index('notice_recipients_user_idx').on(t.userId, t.noticeId),
    // The receipts page reads the unread, then the read, each in recipient order.
    index('notice_recipients_unread_idx').on(t.noticeId, t.userId).where(sql`read_at IS NULL`),
    index('notice_recipients_read_idx').on(t.noticeId, t.userId).where(sql`read_at IS NOT NULL`),
  ],
);

/** 表现发布 (issue 13): a teacher's record of a student's conduct, sent to the student's parents. */
export const conductRecords = pgTable(
  'conduct_records',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id').notNull().references(() => students.id, { onDelete: 'cascade' }),
    publisherUserId: integer('publisher_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** contract CONDUCT_CATEGORIES */
    category: varchar('category', { length: 20 }).notNull(),
    content: text('content').notNull(),
    /** contract CONDUCT_RESULTS: 'praise' | 'normal' | 'improve' */
    result: varchar('result', { length: 10 }).notNull(),
    askReply: boolean('ask_reply').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('conduct_records_publisher_idx').on(t.publisherUserId, t.createdAt),
    index('conduct_records_student_idx').on(t.studentId, t.createdAt),
    // The conduct lists' keyword reads the record's text besides the student's name (platform/keyword.ts).
    ...keywordIndexes('conduct_records_content', t.content),
  ],
);

/** 表现回复: a parent's reply to a conduct record (one per parent, which they may rewrite). */
export const conductReplies = pgTable(
  'conduct_replies',
  {
    recordId: integer('record_id').notNull().references(() => conductRecords.id, { onDelete: 'cascade' }),
    parentUserId: integer('parent_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    content: varchar('content', { length: 500 }).notNull(),
    repliedAt: timestamp('replied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.recordId, t.parentUserId] })],
);

/** 短信提醒 (issue 13): every SMS to a parent, with its delivery state (the outbox). */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: serial('id').primaryKey(),
    senderUserId: integer('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The parent it is for, and the child it is about. */
    recipientUserId: integer('recipient_user_id').references(() => users.id, { onDelete: 'set null' }),
    studentId: integer('student_id').references(() => students.id, { onDelete: 'set null' }),
    phone: varchar('phone', { length: 20 }).notNull(),
    content: varchar('content', { length: 300 }).notNull(),
    /** 'queued' | 'outbox' (kept for the outbox reader) | 'sent' (the gateway took it) | 'failed' */
    state: varchar('state', { length: 10 }).notNull().default('queued'),
    channel: varchar('channel', { length: 10 }).notNull().default('outbox'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('sms_messages_sender_idx').on(t.senderUserId, t.createdAt),
    index('sms_messages_created_idx').on(t.createdAt, t.id),
    // The outbox's keyword finds children and parents by name first, then their messages by these.
    index('sms_messages_student_idx').on(t.studentId),
    index('sms_messages_recipient_idx').on(t.recipientUserId),
    // The outbox's keyword (platform/keyword.ts).
    ...keywordIndexes('sms_messages_phone', t.phone),
    ...keywordIndexes('sms_messages_content', t.content),
  ],
);

/** 作业发布 (issue 13): a teacher's assignment; each student's work on it is a homework_works row. */
export const assignments = pgTable(
  'assignments',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 100 }).notNull(),
    /** Rich text, cleaned on the server (platform/richText.ts) before it is stored. */
    content: text('content').notNull(),
    /** File ids per group: { images, video, documents, audio, recordings } (contract ASSIGNMENT_ATTACHMENTS). */
    attachments: jsonb('attachments').notNull().default({}),
    publisherUserId: integer('publisher_user_id').references(() => users.id, { onDelete: 'set null' }),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    needsRevision: boolean('needs_revision').notNull().default(false),
    onlineSubmission: boolean('online_submission').notNull().default(true),
    graded: boolean('graded').notNull().default(false),
    /** Who it was assigned to, as chosen: class ids, elective session ids, single student ids. */
    classIds: jsonb('class_ids').notNull().default([]),
    teachingClassIds: jsonb('teaching_class_ids').notNull().default([]),
    studentIds: jsonb('student_ids').notNull().default([]),
    lastRemindedAt: timestamp('last_reminded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('assignments_publisher_idx').on(t.publisherUserId, t.createdAt, t.id),
    // With the id the lists' order (newest first, then id) is the index's own: a common word's page walks it
    // and stops after its ten rows, where ties of the time alone made it read a whole batch's assignments.
    index('assignments_created_idx').on(t.createdAt, t.id),
    // The title boxes of the teacher's list and 我的作业 (platform/keyword.ts).
    ...keywordIndexes('assignments_title', t.title),
  ],
);

/** One student's work on an assignment: the homework status machine of spec 4 (contract HOMEWORK_STATUSES). */
export const homeworkWorks = pgTable(
  'homework_works',
  {
    assignmentId: integer('assignment_id').notNull().references(() => assignments.id, { onDelete: 'cascade' }),
    studentId: integer('student_id').notNull().references(() => students.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 20 }).notNull(),
    late: boolean('late').notNull().default(false),
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    submissionText: text('submission_text'),
    /** { images, documents, recordings } of the first hand-in. */
    submissionFiles: jsonb('submission_files'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    submittedByUserId: integer('submitted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    parentMessage: varchar('parent_message', { length: 500 }),
    revisionNote: varchar('revision_note', { length: 500 }),
    revisionRequestedAt: timestamp('revision_requested_at', { withTimezone: true }),
    revisionText: text('revision_text'),
    revisionFiles: jsonb('revision_files'),
    revisedAt: timestamp('revised_at', { withTimezone: true }),
    revisedByUserId: integer('revised_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    comment: varchar('comment', { length: 500 }),
    score: numeric('score', { precision: 4, scale: 1 }),
    grade: varchar('grade', { length: 2 }),
    correctedAt: timestamp('corrected_at', { withTimezone: true }),
    correctedByUserId: integer('corrected_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.assignmentId, t.studentId] }),
    // A student's (or a parent's child's) list, newest assignment first.
    index('homework_works_student_idx').on(t.studentId, t.assignmentId),
    // What waits for a teacher (the dashboard card, the "waiting" filter).
    index('homework_works_waiting_idx').on(t.assignmentId).where(sql`status IN ('submitted', 'to_check', 'revised_pending')`),
  ],
);
