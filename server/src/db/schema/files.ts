import { bigint, customType, index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './system.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Uploaded files. The bytes live in the database (in `file_chunks`) so that every server process serves the same files
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_owner_idx').on(t.ownerUserId)],
);

/**
 * A file's bytes in pieces of at most a megabyte (migration 0015): an upload streams into them piece by
 * piece and a download reads only the pieces a range needs, so no process ever holds a whole video, on
 * the embedded database as on a PostgreSQL server. `data` is stored uncompressed (STORAGE EXTERNAL).
 */
export const fileChunks = pgTable(
  'file_chunks',
  {
    fileId: varchar('file_id', { length: 40 })
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    /** Byte offset of the piece's first byte in the file. */
    startByte: bigint('start_byte', { mode: 'number' }).notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.startByte] })],
);
