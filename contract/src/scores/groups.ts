import { z } from 'zod';
import { idSchema, requiredIdSchema as requiredId } from '../system/system.ts';

/**
 * 自定义群体 (/cjfxNew/zdyqtgl, issue 15): a teacher's named set of students (尖子生, 艺体生, 临界生 …) whose
 * scores the analysis reads together: the group's figures of an exam beside the grade's, and its members'
 * totals and places. A group is its owner's, or shared with every colleague; only its owner (or an
 * administrator) changes it, and members are students the owner may see.
 */

export const STUDENT_GROUP_URL = '/cjfxNew/zdyqtgl';
export const STUDENT_GROUP_PERMISSIONS = { view: 'score:groups', edit: 'score:groups:edit', delete: 'score:groups:delete' } as const;
export const GROUP_NAME_MAX = 30;
export const GROUP_MEMBERS_MAX = 2_000;

export const studentGroupFormSchema = z.object({
  id: idSchema.optional(),
  name: z.string({ message: 'common.nameRequired' }).trim().min(1, 'common.nameRequired').max(GROUP_NAME_MAX, 'validation.tooLong'),
  remarks: z.string().trim().max(200, 'validation.tooLong').default(''),
  shared: z.boolean({ message: 'errors.badRequest' }),
  studentIds: z.array(idSchema, { message: 'studentGroup.membersRequired' }).min(1, 'studentGroup.membersRequired').max(GROUP_MEMBERS_MAX, 'studentGroup.tooManyMembers'),
});
export type StudentGroupForm = z.input<typeof studentGroupFormSchema>;

export const studentGroupSearchSchema = z.object({ keyword: z.string().trim().max(50, 'validation.tooLong').optional(), mine: z.boolean().optional() }).strip();
export const studentGroupAnalysisSchema = z.object({ batchId: requiredId('scoreAnalysis.batchRequired'), groupId: requiredId('studentGroup.groupRequired') });

export interface StudentGroupRow {
  id: number;
  name: string;
  remarks: string;
  shared: boolean;
  ownerName: string | null;
  /** The caller owns it (or is an administrator): they may change and delete it. */
  mine: boolean;
  memberCount: number;
  /** The grades and classes its members are in, e.g. ["初二(1)班", "初二(3)班"] (at most a few). */
  classNames: string[];
  updatedAt: string;
}

export interface StudentGroupMember {
  id: number;
  name: string;
  studentNumber: string;
  className: string;
}

export interface StudentGroupDetail extends StudentGroupRow {
  members: StudentGroupMember[];
}

export interface GroupFigures {
  counted: number;
  average: number | null;
  highest: number | null;
  lowest: number | null;
  /** Percent of those counted at or over the line (the lines the analysis counts against). */
  passRate: number | null;
  excellentRate: number | null;
}

export interface GroupAnalysisSubject {
  /** 0: the total. */
  courseId: number;
  courseName: string;
  fullMark: number;
  group: GroupFigures;
  grade: GroupFigures;
}

export interface GroupAnalysisRow {
  studentId: number;
  name: string;
  studentNumber: string;
  className: string;
  total: number | null;
  gradeRank: number | null;
  classRank: number | null;
}

export interface GroupAnalysis {
  group: { id: number; name: string; memberCount: number };
  batch: { id: number; name: string };
  subjects: GroupAnalysisSubject[];
  /** Members who sat the exam, the best total first. */
  rows: GroupAnalysisRow[];
}
