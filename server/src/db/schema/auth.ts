import { bigint, bigserial, index, integer, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './system.ts';

/** Login sessions. Only hashes of tokens are stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    /** The token replaced at the last rotation, valid until previousValidUntil. */
    previousTokenHash: varchar('previous_token_hash', { length: 64 }),
    previousValidUntil: timestamp('previous_valid_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    clientAddress: varchar('client_address', { length: 64 }),
    userAgent: varchar('user_agent', { length: 300 }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_previous_token_idx').on(t.previousTokenHash)],
);

/** One-time, short-lived sign-in codes (QR code or single sign-on), stored hashed. */
export const loginCodes = pgTable('login_codes', {
  codeHash: varchar('code_hash', { length: 64 }).primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Fixed-window counters shared by every server process (e.g. failed logins per client address). */
export const rateCounters = pgTable('rate_counters', {
  key: varchar('key', { length: 200 }).primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull().default(0),
});

/** Nonces of encrypted requests already seen, kept until their timestamp could no longer be accepted. */
export const requestNonces = pgTable(
  'request_nonces',
  {
    nonce: varchar('nonce', { length: 100 }).primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('request_nonces_expires_idx').on(t.expiresAt)],
);

/**
 * A user's authenticator (TOTP, RFC 6238). `secret` (base32) is set at enrolment and confirmed by a first
 * valid code (`confirmedAt`); until then it is pending and the user has no second factor.
 */
export const userMfa = pgTable('user_mfa', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: varchar('secret', { length: 64 }).notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The 30-second step of the last accepted code: a code works once. */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes, stored hashed; each works once in place of an authenticator code. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId)],
);

/**
 * The step between a right password and a session when a second factor is due: a short-lived, hashed
 * challenge that the code (or enrolment) call exchanges for the token. purpose: 'verify' | 'enrol'.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: varchar('purpose', { length: 10 }).notNull(),
    attempts: smallint('attempts').notNull().default(0),
    clientAddress: varchar('client_address', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('mfa_challenges_user_idx').on(t.userId)],
);

export type SessionRow = typeof sessions.$inferSelect;
