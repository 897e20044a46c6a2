import { bigserial, index, integer, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './system.ts';

/** A message to one user (the message bell and the message centre). */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipientUserId: integer('recipient_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    senderUserId: integer('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    title: varchar('title', { length: 200 }).notNull(),
    content: text('content').notNull(),
    /** Dictionary STD_MESSAGE_TYPE. */
    type: varchar('type', { length: 20 }).notNull(),
    /** 0 unread, 1 read. */
    status: smallint('status').notNull().default(0),
    link: varchar('link', { length: 500 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    // Unread counts and lists filtered by status.
    index('messages_recipient_idx').on(t.recipientUserId, t.status, t.createdAt),
    // The bell and the message centre list all of a user's messages newest first, without a status.
    // With the id, a page of one recipient's messages is read in order, ties included, without a sort.
    index('messages_recipient_created_idx').on(t.recipientUserId, t.createdAt, t.id),
  ],
);
