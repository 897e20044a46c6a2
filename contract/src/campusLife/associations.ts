import { z } from 'zod';
import { idSchema, optionalIdSchema, requiredIdSchema } from '../system/system.ts';
import { LOCAL_TIME_PATTERN } from '../scores/batches.ts';

/**
 * 社团 (/xysh/stgl), issue 17: associations with an advisor teacher and members, leaders among them (a member
 * marked leader); a student applies and the advisor or a leader approves; the association's activities
 * with attendance. The office (the :edit right) founds, changes and closes associations.
 */
export const ASSOCIATION_PERMISSIONS = {
  view: 'campusLife:association',
  edit: 'campusLife:association:edit',
  delete: 'campusLife:association:delete',
} as const;

export const ASSOCIATION_NAME_MAX = 50;
export const ASSOCIATION_DESCRIPTION_MAX = 1000;
export const ASSOCIATION_REASON_MAX = 200;

export const associationFormSchema = z.object({
  id: idSchema.optional(),
  name: z.string({ message: 'common.nameRequired' }).trim().min(1, 'common.nameRequired').max(ASSOCIATION_NAME_MAX, 'validation.tooLong'),
  advisorStaffId: requiredIdSchema('association.advisorRequired'),
  description: z.preprocess((value) => value ?? '', z.string().trim().max(ASSOCIATION_DESCRIPTION_MAX, 'validation.tooLong')),
});
export type AssociationFormParsed = z.infer<typeof associationFormSchema>;

export type MembershipStatus = 'pending' | 'member' | 'rejected';

export interface AssociationRow {
  id: number;
  name: string;
  description: string;
  advisorStaffId: number;
  advisorName: string;
  members: number;
  pending: number;
  /** The caller advises it (or holds the :edit right). */
  manages: boolean;
  /** The caller's own membership (students): none, pending, member, rejected; leader when marked. */
  myStatus: MembershipStatus | 'none';
  myLeader: boolean;
  myReason: string;
}

export const applySchema = z.object({
  id: idSchema,
  reason: z.string({ message: 'association.reasonRequired' }).trim().min(1, 'association.reasonRequired').max(ASSOCIATION_REASON_MAX, 'validation.tooLong'),
});

export const memberDecisionSchema = z.object({ id: idSchema, studentId: idSchema, decision: z.enum(['approve', 'reject'], { message: 'errors.badRequest' }) });
export const memberLeaderSchema = z.object({ id: idSchema, studentId: idSchema, leader: z.boolean() });
export const memberRemoveSchema = z.object({ id: idSchema, studentId: idSchema });

export interface AssociationMemberRow {
  studentId: number;
  studentNumber: string;
  name: string;
  className: string;
  status: MembershipStatus;
  isLeader: boolean;
  reason: string;
  appliedAt: string;
  decidedAt: string;
}

const localTime = (message: string) => z.string({ message }).trim().regex(LOCAL_TIME_PATTERN, message);

export const associationActivitySchema = z
  .object({
    id: idSchema.optional(),
    associationId: idSchema,
    title: z.string({ message: 'campusLife.titleRequired' }).trim().min(1, 'campusLife.titleRequired').max(100, 'validation.tooLong'),
    place: z.string({ message: 'campusLife.placeRequired' }).trim().min(1, 'campusLife.placeRequired').max(100, 'validation.tooLong'),
    startsAt: localTime('campusLife.timeFormat'),
    endsAt: localTime('campusLife.timeFormat'),
    description: z.preprocess((value) => value ?? '', z.string().trim().max(300, 'validation.tooLong')),
  })
  .refine((value) => value.endsAt > value.startsAt, { message: 'campusLife.endBeforeStart', path: ['endsAt'] });
export type AssociationActivityForm = z.infer<typeof associationActivitySchema>;

export interface AssociationActivityRow {
  id: number;
  associationId: number;
  title: string;
  place: string;
  startsAt: string;
  endsAt: string;
  description: string;
  present: number;
  registered: number;
  /** A student's own attendance (null: not registered). */
  mine: boolean | null;
}

export const associationAttendanceSchema = z.object({
  activityId: idSchema,
  entries: z.array(z.object({ studentId: idSchema, present: z.boolean() })).min(1, 'common.selectNone').max(1000, 'errors.badRequest'),
});

export const associationQuerySchema = z.object({ id: idSchema });
export const activityQuerySchema = z.object({ activityId: idSchema });
/** The association list's search (a paged call's `search`): a name's characters, an advisor. */
export const associationSearchSchema = z.object({ keyword: z.string().trim().max(50, 'validation.tooLong').default(''), advisorStaffId: optionalIdSchema });
