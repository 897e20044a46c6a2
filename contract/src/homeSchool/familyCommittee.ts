import { z } from 'zod';
import { idSchema, optionalIdSchema as optionalId, requiredIdSchema as requiredId } from '../system/system.ts';

/**
 * 家委会管理 / 报名人员 (/jwhgl/bmry, issue 17): parents apply to their child's class family committee or the
 * school's for the current school year with the post they offer to take; the class teacher (their classes'
 * committees) or the office (every committee) approves or rejects; the approved are the members.
 */

export const FAMILY_COMMITTEE_PERMISSIONS = {
  view: 'homeSchool:familyCommittee',
  /** Parents apply for their children's committees. */
  apply: 'homeSchool:familyCommittee:apply',
  /** Class teachers review their classes' applications. */
  review: 'homeSchool:familyCommittee:review',
  /** The office: every committee, the school's included. */
  all: 'homeSchool:familyCommittee:all',
} as const;

export const FAMILY_COMMITTEE_URL = '/jwhgl/bmry';
export const COMMITTEE_POSTS = ['chair', 'viceChair', 'secretary', 'member'] as const;
export type CommitteePost = (typeof COMMITTEE_POSTS)[number];
export const COMMITTEE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type CommitteeStatus = (typeof COMMITTEE_STATUSES)[number];
export const COMMITTEE_SCOPES = ['class', 'school'] as const;
export type CommitteeScope = (typeof COMMITTEE_SCOPES)[number];
export const COMMITTEE_TEXT_MAX = 200;

const text = (max: number) => z.preprocess((value) => value ?? '', z.string().trim().max(max, 'validation.tooLong'));

export const committeeApplySchema = z.object({
  studentId: requiredId('committee.childRequired'),
  scope: z.enum(COMMITTEE_SCOPES, { message: 'committee.scopeRequired' }),
  post: z.enum(COMMITTEE_POSTS, { message: 'committee.postRequired' }),
  reason: text(COMMITTEE_TEXT_MAX).refine((value) => value.length > 0, 'committee.reasonRequired'),
});
export type CommitteeApply = z.input<typeof committeeApplySchema>;

export const committeeReviewSchema = z
  .object({
    ids: z.array(idSchema).min(1, 'common.selectNone').max(200, 'errors.badRequest'),
    decision: z.enum(['approve', 'reject']),
    /** An approval may give another post than the one applied for (one id only then). */
    post: z.preprocess((value) => (value === '' || value === null ? undefined : value), z.enum(COMMITTEE_POSTS).optional()),
    comment: text(COMMITTEE_TEXT_MAX),
  })
  .superRefine((body, ctx) => {
    if (body.decision === 'reject' && !body.comment) ctx.addIssue({ code: 'custom', path: ['comment'], message: 'committee.rejectReasonRequired' });
  });
export type CommitteeReview = z.input<typeof committeeReviewSchema>;

export const committeeSearchSchema = z
  .object({
    schoolYearId: optionalId,
    classId: optionalId,
    scope: z.preprocess((value) => (value === '' || value === null ? undefined : value), z.enum(COMMITTEE_SCOPES).optional()),
    status: z.preprocess((value) => (value === '' || value === null ? undefined : value), z.enum(COMMITTEE_STATUSES).optional()),
    post: z.preprocess((value) => (value === '' || value === null ? undefined : value), z.enum(COMMITTEE_POSTS).optional()),
    keyword: z.string().trim().max(50).optional().default(''),
  })
  .default({ keyword: '' });

export interface CommitteeRow {
  id: number;
  schoolYearId: number;
  schoolYearName: string;
  classId: number | null;
  /** The class's name, or '' for the school committee. */
  className: string;
  scope: CommitteeScope;
  parentName: string;
  parentPhone: string;
  studentName: string;
  studentNumber: string;
  post: CommitteePost;
  reason: string;
  status: CommitteeStatus;
  reviewComment: string;
  reviewerName: string;
  reviewedAt: string;
  createdAt: string;
  /** The caller is the applicant (may withdraw a pending one). */
  mine: boolean;
  /** The caller may review it. */
  reviewable: boolean;
}

export interface CommitteeOptions {
  schoolYears: { id: number; name: string; isCurrent: boolean }[];
  /** Classes the caller reviews (the office: all). */
  classes: { id: number; name: string }[];
  /** A parent's children with their class. */
  children: { id: number; name: string; className: string; classId: number | null }[];
}
