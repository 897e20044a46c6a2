import { z } from 'zod';
import { idSchema } from '../system/system.ts';
import { pagedQuerySchema } from '../paging.ts';

/**
 * Approval chains (issue 14): an application type names its steps; each step's approvers are found on the
 * server from the applicant when the application reaches the step. Later areas (class swaps, make-up
 * lessons, electives, subject-choice changes) add their types here.
 */

/** The application types, each with its own chain. */
export const APPLICATION_TYPES = ['studentLeave', 'staffLeave', 'travel', 'daySchool', 'enrolmentCertificate', 'gradeCertificate', 'rollChange', 'classSwap', 'makeUp'] as const;
export type ApplicationType = (typeof APPLICATION_TYPES)[number];

/**
 * Who approves a step:
 * - classTeacher: the class teacher of the student's class;
 * - divisionDirector: the director of the division (学部) of the student's grade, or of the staff member's division;
 *   the principal where there is none;
 * - principal: the school's principal(s);
 * - departmentHead: the head of the applicant's working department (for students: of the academic office);
 * - academicOffice: the head of the academic office (教务处);
 * - role: every holder of a role; person: one named person.
 */
export const APPROVER_KINDS = ['classTeacher', 'divisionDirector', 'principal', 'departmentHead', 'academicOffice', 'role', 'person'] as const;
export type ApproverKind = (typeof APPROVER_KINDS)[number];

export const APPROVAL_STEPS_MAX = 5;

/** A step as an application keeps it: the role or person by id (a rename does not move it). */
export interface ApprovalStep {
  kind: ApproverKind;
  roleId: number | null;
  userId: number | null;
}

/**
 * A step as the administrator sends it: the role by its code and the person by their account, as the
 * shared pickers answer them; the server keeps their ids.
 */
export const approvalStepInputSchema = z
  .object({
    kind: z.enum(APPROVER_KINDS, { message: 'approval.stepKindInvalid' }),
    roleCode: z.string().trim().max(50, 'validation.tooLong').nullable().default(null),
    account: z.string().trim().max(50, 'validation.tooLong').nullable().default(null),
  })
  .refine((step) => step.kind !== 'role' || !!step.roleCode, { message: 'approval.stepRoleRequired', path: ['roleCode'] })
  .refine((step) => step.kind !== 'person' || !!step.account, { message: 'approval.stepPersonRequired', path: ['account'] });
export type ApprovalStepInput = z.infer<typeof approvalStepInputSchema>;

/** The administrator's chain of one type: one to five steps. */
export const approvalFlowUpdateSchema = z.object({
  type: z.enum(APPLICATION_TYPES, { message: 'approval.typeInvalid' }),
  steps: z.array(approvalStepInputSchema).min(1, 'approval.stepsRequired').max(APPROVAL_STEPS_MAX, 'approval.tooManySteps'),
});

/** A type's chain on the settings page: each step with its role's code and name, its person's account and name. */
export interface ApprovalFlowView {
  type: ApplicationType;
  steps: { kind: ApproverKind; roleCode: string | null; roleName: string; account: string | null; userName: string }[];
  updatedAt: string;
}
export type ApprovalFlowUpdate = z.infer<typeof approvalFlowUpdateSchema>;

/**
 * The application status machine (spec 4): pending until the last step approves (approved) or any step
 * rejects (rejected); the applicant may withdraw while it is pending.
 */
export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const APPLICATION_TRANSITIONS: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  // 'pending' to 'pending' is an approval of a step that is not the last.
  pending: ['pending', 'approved', 'rejected', 'withdrawn'],
  approved: [],
  rejected: [],
  withdrawn: [],
};
export function canMoveApplication(from: ApplicationStatus, to: ApplicationStatus): boolean {
  return APPLICATION_TRANSITIONS[from].includes(to);
}

export const APPROVAL_COMMENT_MAX = 200;
/** Applications one review request may decide. */
export const APPROVAL_BATCH_MAX = 200;

export const approvalDecisionSchema = z
  .object({
    ids: z.array(idSchema).min(1, 'approval.choose').max(APPROVAL_BATCH_MAX, 'approval.tooMany'),
    decision: z.enum(['approve', 'reject'], { message: 'approval.decisionInvalid' }),
    comment: z.string({ message: 'errors.badRequest' }).trim().max(APPROVAL_COMMENT_MAX, 'validation.tooLong').default(''),
  })
  // A rejection says why.
  .refine((value) => value.decision === 'approve' || value.comment !== '', { message: 'approval.reasonRequired', path: ['comment'] });
export type ApprovalDecisionInput = z.infer<typeof approvalDecisionSchema>;

/** 申请审核: 'waiting' for the caller, or what the caller 'decided' before. */
export const approvalQueueSearchSchema = z
  .object({
    view: z.enum(['waiting', 'decided']).optional(),
    type: z.enum(['', ...APPLICATION_TYPES]).optional(),
    keyword: z.string().trim().max(50, 'validation.tooLong').optional(),
  })
  .strip();
export const approvalQueueQuerySchema = pagedQuerySchema;

/** One step of an application's trail. */
export interface ApprovalTrailEntry {
  step: number;
  kind: ApproverKind;
  /** Who may decide the step (the current step), or who decided it. */
  approverNames: string[];
  decision: 'approve' | 'reject' | 'withdraw' | null;
  deciderName: string;
  comment: string;
  decidedAt: string;
}

/** A row of the review queue. */
export interface ApprovalQueueRow {
  id: number;
  type: ApplicationType;
  status: ApplicationStatus;
  applicantName: string;
  /** The student the application is for (a parent's child), or the staff member. */
  subjectName: string;
  className: string;
  summary: string;
  step: number;
  stepCount: number;
  createdAt: string;
  /** In the 'decided' view: the caller's own decision. */
  myDecision: 'approve' | 'reject' | null;
  myComment: string;
  decidedAt: string;
}

export const APPLICATION_REVIEW_URL = '/sqsp/sqsh';
export const APPROVAL_FLOW_URL = '/sqsp/splc';
