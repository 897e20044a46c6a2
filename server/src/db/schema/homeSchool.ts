import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, varchar, bigint } from 'drizzle-orm/pg-core';
import { backgroundTasks } from './background.ts';
import { users } from './system.ts';

/** 通知发布 (issue 13): a notice and whom it is for; its receipts are notice_recipients. */
export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 100 }).notNull(),
    content: text('content').notNull(),
    /** File ids per group: { images, video, documents, audio } (contract NOTICE_ATTACHMENTS). */
    attachments: jsonb('attachments').notNull().default({}),
    publisherUserId: integer('publisher_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The Picker's value as chosen (U_/O_/R_ codes). */
    recipients: varchar('recipients', { length: 4000 }).notNull().default(''),
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
    lastRemindedAt: timestamp('last_reminded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notices_publisher_idx').on(t.publisherUserId, t.createdAt), index('notices_created_idx').on(t.createdAt)],
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
  },
  (t) => [
    primaryKey({ columns: [t.noticeId, t.userId] }),
    // A recipient's list, newest notice first.
    index('notice_recipients_user_idx').on(t.userId, t.noticeId),
    // The receipts page: unread first.
    index('notice_recipients_read_idx').on(t.noticeId, t.readAt),
    // The delivery's next batch: receipts whose message is not written yet.
    index('notice_recipients_undelivered_idx').on(t.noticeId, t.userId).where(sql`message_id IS NULL`),
  ],
);
