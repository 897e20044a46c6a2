import { bigint, customType, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './system.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Uploaded files. The bytes live in the database so that every server process serves the same files
 * and an upload is part of its write's transaction (see docs/decisions.md).
 */
export const files = pgTable(
  'files',
  {
    /** The wire's RESID: random, unguessable. */
    id: varchar('id', { length: 40 }).primaryKey(),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** What the file belongs to, deciding who may read it: 'studentPhoto' | 'staffPhoto' | 'attachment' | ... */
    purpose: varchar('purpose', { length: 30 }).notNull(),
    originalName: varchar('original_name', { length: 255 }).notNull(),
    /** Detected from the content, never taken from the name or the browser. */
    mimeType: varchar('mime_type', { length: 100 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_owner_idx').on(t.ownerUserId)],
);
