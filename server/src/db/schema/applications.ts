import { sql } from 'drizzle-orm';
import { boolean, char, customType, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './system.ts';
import { staff, students } from './school.ts';

/** 申请审批 (issue 14): each application type's chain of steps, as the administrator configured it. */
export const approvalFlows = pgTable('approval_flows', {
  /** contract APPLICATION_TYPES */
  type: varchar('type', { length: 30 }).primaryKey(),
  /** [{ kind, roleId, userId }] (contract ApprovalStep). */
  steps: jsonb('steps').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedByUserId: integer('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * One application of any type. The columns that lists filter on are columns; the steps are a copy of the
 * type's chain when it was filed, so that changing the chain does not move applications under way.
 */
export const applications = pgTable(
  'applications',
  {
    id: serial('id').primaryKey(),
    type: varchar('type', { length: 30 }).notNull(),
    /** Who filed it (a parent for a child, a student or staff member for themselves). */
    applicantUserId: integer('applicant_user_id').notNull().references(() => users.id, { onDelete: 'restrict' }),
    /** The student it is for (student types), or null. */
    studentId: integer('student_id').references(() => students.id, { onDelete: 'cascade' }),
    /** The staff member it is for (staff types), or null. */
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'cascade' }),
    /** contract APPLICATION_STATUSES */
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    /** 1-based step under review while pending; the last step reached otherwise. */
    currentStep: smallint('current_step').notNull().default(1),
    steps: jsonb('steps').notNull(),
    /** Dictionary STD_LEAVE_TYPE for leave. */
    leaveType: varchar('leave_type', { length: 10 }),
    startAt: timestamp('start_at', { withTimezone: true }),
    endAt: timestamp('end_at', { withTimezone: true }),
    durationDays: smallint('duration_days'),
    durationPeriods: smallint('duration_periods'),
    reason: text('reason').notNull().default(''),
    destination: varchar('destination', { length: 100 }),
    follower: varchar('follower', { length: 100 }),
    /** Day-school and certificate fields (contract ApplicationDetails). */
    details: jsonb('details').notNull().default({}),
    /** File ids per group: { images }. */
    attachments: jsonb('attachments').notNull().default({}),
    /** 销假: when the person came back (within the leave), and a note. */
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    cancelNote: varchar('cancel_note', { length: 200 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /**
     * The names the review queue's keyword finds an application by (the applicant's, the student's or staff
     * member's it is for, each with its initials), one per line. The database keeps it (migration 0054), on
     * filing and whenever one of those people is renamed, so a common surname is looked up among the
     * pending applications' own pieces instead of among every user of the district who bears it.
     */
    peopleNames: text('people_names').notNull().default(''),
  },
  (t) => [
    index('applications_student_idx').on(t.studentId, t.startAt),
    index('applications_applicant_idx').on(t.applicantUserId, t.createdAt),
    index('applications_staff_idx').on(t.staffId, t.startAt),
    // The class teacher's "on leave today" reads approved leave by student and time.
    index('applications_leave_idx').on(t.studentId, t.endAt).where(sql`${t.type} = 'studentLeave' AND ${t.status} = 'approved'`),
    // The administrators' queue: every pending application, oldest (lowest id) first.
    index('applications_pending_idx').on(t.id).where(sql`${t.status} = 'pending'`),
    // A person's pending applications. The queue's keyword went through these before migration 0054
    // (it now reads peopleNames); a certificate's duplicate check still asks by student.
    index('applications_pending_applicant_idx').on(t.applicantUserId).where(sql`${t.status} = 'pending'`),
    index('applications_pending_student_idx').on(t.studentId).where(sql`${t.status} = 'pending'`),
    index('applications_pending_staff_idx').on(t.staffId).where(sql`${t.status} = 'pending'`),
    // The pending queue's keyword over peopleNames (platform/keyword.ts): the pieces for one or two
    // characters, the trigrams for longer text, over the pending applications only.
    index('applications_pending_people_trgm_idx').using('gin', t.peopleNames.op('gin_trgm_ops')).where(sql`${t.status} = 'pending'`),
    index('applications_pending_people_grams_idx').using('gin', sql`campus_grams(lower(${sql.identifier('people_names')}))`).where(sql`${t.status} = 'pending'`),
  ],
);

/** Who may decide an application's current step: rows only while it is pending (the review queue). */
export const applicationApprovers = pgTable(
  'application_approvers',
  {
    applicationId: integer('application_id').notNull().references(() => applications.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.userId] }), index('application_approvers_user_idx').on(t.userId, t.applicationId)],
);

/** Every decision on an application: who, when, which step, the comment (the trail). */
export const approvalDecisions = pgTable(
  'approval_decisions',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id').notNull().references(() => applications.id, { onDelete: 'cascade' }),
    step: smallint('step').notNull(),
    /** 'approve' | 'reject' | 'withdraw' */
    decision: varchar('decision', { length: 10 }).notNull(),
    deciderUserId: integer('decider_user_id').references(() => users.id, { onDelete: 'set null' }),
    comment: varchar('comment', { length: 200 }).notNull().default(''),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('approval_decisions_application_idx').on(t.applicationId), index('approval_decisions_decider_idx').on(t.deciderUserId, t.decidedAt)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A certificate an approved application produced (day-school permit, enrolment or grade certificate). The
 * content is recorded at approval with its hash; the PDF is rendered once, at the first download, and kept,
 * so the file a reader holds can be compared with the one issued.
 */
export const certificates = pgTable('certificates', {
  id: serial('id').primaryKey(),
  applicationId: integer('application_id').notNull().unique().references(() => applications.id, { onDelete: 'cascade' }),
  /** contract CERTIFICATE_KINDS */
  kind: varchar('kind', { length: 12 }).notNull(),
  serialNumber: varchar('serial_number', { length: 20 }).notNull().unique(),
  /** The unguessable code in the QR code's address. */
  verifyCode: varchar('verify_code', { length: 32 }).notNull().unique(),
  studentId: integer('student_id').notNull().references(() => students.id, { onDelete: 'cascade' }),
  english: boolean('english').notNull().default(false),
  /** What the certificate says, as recorded at approval (server CertificateContent). */
  content: jsonb('content').notNull(),
  contentSha256: char('content_sha256', { length: 64 }).notNull(),
  pdf: bytea('pdf'),
  pdfSha256: char('pdf_sha256', { length: 64 }),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  /** Who revoked it (the academic office) and why: shown to the family, not on the public page. */
  revokedByUserId: integer('revoked_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  revokeReason: varchar('revoke_reason', { length: 200 }).notNull().default(''),
});
