import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { keywordIndexes } from './keywordIndexes.ts';

/** Every write the server performs, successful or not (spec section 3 "User log"). */
export const operationLogs = pgTable(
  'operation_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    account: varchar('account', { length: 64 }),
    clientAddress: varchar('client_address', { length: 64 }),
    method: varchar('method', { length: 10 }).notNull(),
    path: varchar('path', { length: 300 }).notNull(),
    /** The handler that served the request (the legacy "request class"). */
    handler: varchar('handler', { length: 200 }),
    module: varchar('module', { length: 64 }).notNull(),
    operation: varchar('operation', { length: 100 }).notNull(),
    /** Request parameters with secrets (passwords, tokens, codes) replaced. */
    params: jsonb('params'),
    durationMs: integer('duration_ms').notNull(),
    /** 'success' or 'failure'. */
    outcome: varchar('outcome', { length: 10 }).notNull(),
    statusCode: integer('status_code').notNull(),
    errorMessage: text('error_message'),
    clientType: varchar('client_type', { length: 20 }).notNull(),
    systemName: varchar('system_name', { length: 50 }).notNull().default('campus'),
  },
  // (created_at, id): the log list's order including its tie breaker, so a page needs no sort. The
  // account is the list's free-text search (platform/keyword.ts).
  (t) => [
    index('operation_logs_created_idx').on(t.createdAt, t.id),
    index('operation_logs_user_idx').on(t.userId, t.createdAt),
    ...keywordIndexes('operation_logs_account', t.account),
  ],
);

/**
 * How many operation-log rows each UTC day holds, kept by triggers in the writing transaction (migration
 * 0013), so a statement that reads these counts and the log in one snapshot sees them agree exactly. The
 * log list finds the day a deep page starts in from these counts and skips rows of that day only, and
 * reads its total here instead of counting a million rows (docs/decisions.md "Deep pages").
 */
export const operationLogDays = pgTable(
  'operation_log_days',
  {
    /** Days since 1970-01-01 UTC of created_at. */
    day: integer('day').notNull(),
    /**
     * The writing connection's share of the day (its backend pid modulo 16): concurrent writers add to
     * different rows instead of queueing for the lock of one. A day's count is the sum of its slots.
     */
    slot: smallint('slot').notNull(),
    rows: bigint('rows', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.slot] })],
);

/**
 * Every export of a list (who, which list with which filters, how many rows, when, and how it ended),
 * so administrators can see what left the system. status: 'running' | 'done' | 'failed' | 'refused' |
 * 'pending' (waits for a second administrator's confirmation) | 'confirmed' | 'rejected'.
 */
export const exportLogs = pgTable(
  'export_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    account: varchar('account', { length: 64 }),
    clientAddress: varchar('client_address', { length: 64 }),
    /** Which list: a stable key such as 'operationLog' or 'students'. */
    listKey: varchar('list_key', { length: 100 }).notNull(),
    /** The list's filters as the caller sent them (secrets redacted). */
    filters: jsonb('filters'),
    rowCount: integer('row_count'),
    status: varchar('status', { length: 20 }).notNull(),
    /** The produced file (background exports), downloaded by its owner when ready. */
    fileId: varchar('file_id', { length: 40 }),
    confirmedByUserId: integer('confirmed_by_user_id'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    errorMessage: text('error_message'),
  },
  (t) => [
    index('export_logs_created_idx').on(t.createdAt, t.id),
    index('export_logs_user_idx').on(t.userId, t.createdAt),
    // The list's free-text searches (platform/keyword.ts).
    ...keywordIndexes('export_logs_account', t.account),
    ...keywordIndexes('export_logs_list_key', t.listKey),
  ],
);
