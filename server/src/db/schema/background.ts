import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './system.ts';

/**
 * Work that runs outside a request (platform/background.ts): a notice's delivery to 200,000 people, later
 * batch PDFs and solver runs. Any server process claims a queued task; progress and a resumable `state`
 * are written as it goes, so a task whose process stopped is taken up again where it was.
 */
export const backgroundTasks = pgTable(
  'background_tasks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The registered handler (e.g. 'homeSchool.noticeDelivery'). */
    kind: varchar('kind', { length: 60 }).notNull(),
    payload: jsonb('payload').notNull().default({}),
    /** 'queued' | 'running' | 'done' | 'failed' */
    status: varchar('status', { length: 10 }).notNull().default('queued'),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    /** Where a resumed run goes on (the handler's own bookmark). */
    state: jsonb('state').notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    /** Set while a process runs it and renewed as it goes; an old one means the process stopped. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    error: text('error'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('background_tasks_open_idx').on(t.status, t.id).where(sql`status IN ('queued', 'running')`)],
);
