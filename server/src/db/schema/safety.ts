import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, numeric, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { keywordIndexes } from './keywordIndexes.ts';
import { students } from './school.ts';
import { users } from './system.ts';

/**
 * 保险理赔 (issue 17): the school's insurers, their policies, the students each policy covers and the
 * claims parents file for an insured child, followed by the office until paid or rejected.
 */
export const insuranceCompanies = pgTable(
  'insurance_companies',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull().unique(),
    contactPerson: varchar('contact_person', { length: 30 }).notNull().default(''),
    phone: varchar('phone', { length: 30 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [...keywordIndexes('insurance_companies_name', t.name)],
);

export const insurancePolicies = pgTable(
  'insurance_policies',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => insuranceCompanies.id, { onDelete: 'restrict' }),
    policyNo: varchar('policy_no', { length: 50 }).notNull().unique(),
    /** The school year it is bought for (2026 for 2026-2027). */
    year: smallint('year').notNull(),
    coverage: varchar('coverage', { length: 300 }).notNull().default(''),
    /** Premium per insured student, in yuan. */
    premium: numeric('premium', { precision: 10, scale: 2 }).notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('insurance_policies_company_idx').on(t.companyId),
    ...keywordIndexes('insurance_policies_policy_no', t.policyNo),
    ...keywordIndexes('insurance_policies_coverage', t.coverage),
  ],
);

/** A student covered by a policy; once per policy. */
export const insuredStudents = pgTable(
  'insured_students',
  {
    id: serial('id').primaryKey(),
    policyId: integer('policy_id').notNull().references(() => insurancePolicies.id, { onDelete: 'cascade' }),
    studentId: integer('student_id').notNull().references(() => students.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('insured_students_policy_student_idx').on(t.policyId, t.studentId), index('insured_students_student_idx').on(t.studentId)],
);

export const insuranceClaims = pgTable(
  'insurance_claims',
  {
    id: serial('id').primaryKey(),
    policyId: integer('policy_id').notNull().references(() => insurancePolicies.id, { onDelete: 'restrict' }),
    studentId: integer('student_id').notNull().references(() => students.id, { onDelete: 'cascade' }),
    accidentDate: date('accident_date').notNull(),
    place: varchar('place', { length: 100 }).notNull(),
    description: varchar('description', { length: 500 }).notNull(),
    amountClaimed: numeric('amount_claimed', { precision: 10, scale: 2 }).notNull(),
    /** { files: [file ids] } of the upload purpose 'insurance'. */
    attachments: jsonb('attachments').$type<{ files: string[] }>().notNull().default(sql`'{"files":[]}'::jsonb`),
    /** contract CLAIM_STATUSES */
    status: varchar('status', { length: 12 }).notNull().default('submitted'),
    materialsReceived: boolean('materials_received').notNull().default(false),
    paid: boolean('paid').notNull().default(false),
    paidAmount: numeric('paid_amount', { precision: 10, scale: 2 }),
    paidDate: date('paid_date'),
    rejectReason: varchar('reject_reason', { length: 200 }).notNull().default(''),
    filedByUserId: integer('filed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('insurance_claims_student_idx').on(t.studentId),
    index('insurance_claims_policy_idx').on(t.policyId, t.status),
    ...keywordIndexes('insurance_claims_place', t.place),
  ],
);

/** Every status a claim passed through, with who moved it and why: what the parent follows. */
export const insuranceClaimEvents = pgTable(
  'insurance_claim_events',
  {
    id: serial('id').primaryKey(),
    claimId: integer('claim_id').notNull().references(() => insuranceClaims.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 12 }).notNull(),
    comment: varchar('comment', { length: 200 }).notNull().default(''),
    byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('insurance_claim_events_claim_idx').on(t.claimId)],
);

/** 违纪管理: the kinds of misconduct (configurable), and the records of students' misconduct. */
export const disciplineTypes = pgTable('discipline_types', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 30 }).notNull().unique(),
  nameEn: varchar('name_en', { length: 50 }).notNull().default(''),
  sort: smallint('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

export const disciplineRecords = pgTable(
  'discipline_records',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id').notNull().references(() => students.id, { onDelete: 'cascade' }),
    typeId: integer('type_id').notNull().references(() => disciplineTypes.id, { onDelete: 'restrict' }),
    occurredOn: date('occurred_on').notNull(),
    description: varchar('description', { length: 500 }).notNull(),
    /** contract DISCIPLINE_SANCTIONS; null while none is decided. */
    sanction: varchar('sanction', { length: 20 }),
    sanctionedOn: date('sanctioned_on'),
    revoked: boolean('revoked').notNull().default(false),
    revokedOn: date('revoked_on'),
    revokeReason: varchar('revoke_reason', { length: 200 }).notNull().default(''),
    recordedByUserId: integer('recorded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('discipline_records_student_idx').on(t.studentId, t.occurredOn), ...keywordIndexes('discipline_records_description', t.description)],
);
