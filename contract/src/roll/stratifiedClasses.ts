import { z } from 'zod';
import { idSchema, optionalIdSchema as optionalId, requiredIdSchema as requiredId, wholeNumberSchema as whole } from '../system/system.ts';

/**
 * 分层教学 (issue 17): per term, grade and course, level classes (A, B, C) with their teacher, room and capacity
 * (/jxmgr/fcjx/fcbj); students are placed by a score batch's scores (each level's lowest score) or by hand,
 * each student in one level class per course and term (/jxmgr/fcjx/fcbjxs?classId=).
 */

export const STRATIFIED_PERMISSIONS = {
  classes: 'roll:stratifiedClass',
  classesEdit: 'roll:stratifiedClass:edit',
  students: 'roll:stratifiedStudent',
  studentsEdit: 'roll:stratifiedStudent:edit',
} as const;

export const STRATIFIED_URLS = {
  classes: '/jxmgr/fcjx/fcbj',
  students: '/jxmgr/fcjx/fcbjxs',
} as const;

export const STRATIFIED_LEVELS = ['A', 'B', 'C'] as const;
export type StratifiedLevel = (typeof STRATIFIED_LEVELS)[number];
export const STRATIFIED_NAME_MAX = 50;
export const STRATIFIED_CAPACITY_MAX = 200;

export const stratifiedClassFormSchema = z.object({
  id: idSchema.optional(),
  termId: requiredId('stratified.termRequired'),
  gradeId: requiredId('stratified.gradeRequired'),
  courseId: requiredId('stratified.courseRequired'),
  level: z.enum(STRATIFIED_LEVELS, { message: 'stratified.levelRequired' }),
  name: z.preprocess((value) => value ?? '', z.string().trim().min(1, 'common.nameRequired').max(STRATIFIED_NAME_MAX, 'validation.tooLong')),
  teacherId: optionalId,
  classroomId: optionalId,
  capacity: whole(1, STRATIFIED_CAPACITY_MAX, 'stratified.capacityRange'),
  minScore: z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z.coerce.number({ message: 'stratified.minScoreRange' }).min(0, 'stratified.minScoreRange').max(1000, 'stratified.minScoreRange').multipleOf(0.5, 'stratified.minScoreRange').nullable(),
  ),
});
export type StratifiedClassForm = z.input<typeof stratifiedClassFormSchema>;
export type StratifiedClassFormParsed = z.output<typeof stratifiedClassFormSchema>;

export const stratifiedClassSearchSchema = z
  .object({
    termId: optionalId,
    gradeId: optionalId,
    courseId: optionalId,
    level: z.preprocess((value) => (value === '' || value === null ? undefined : value), z.enum(STRATIFIED_LEVELS).optional()),
  })
  .default({});

export interface StratifiedClassRow {
  id: number;
  termId: number;
  termName: string;
  gradeId: number;
  gradeName: string;
  courseId: number;
  courseName: string;
  level: StratifiedLevel;
  name: string;
  teacherId: number | null;
  teacherName: string;
  classroomId: number | null;
  classroomName: string;
  capacity: number;
  minScore: number | null;
  students: number;
}

export interface StratifiedOptions {
  terms: { id: number; name: string; isCurrent: boolean }[];
  grades: { id: number; name: string }[];
  courses: { id: number; name: string }[];
  teachers: { id: number; name: string }[];
  classrooms: { id: number; name: string }[];
  /** Released score batches to place students by. */
  batches: { id: number; name: string; termId: number; gradeId: number }[];
}

export const placeByScoreSchema = z.object({
  termId: requiredId('stratified.termRequired'),
  gradeId: requiredId('stratified.gradeRequired'),
  courseId: requiredId('stratified.courseRequired'),
  batchId: requiredId('stratified.batchRequired'),
});

export interface PlacementResult {
  placed: number;
  /** Students with a score that no level took (below every lowest score, or the level full). */
  unplaced: number;
}

export const stratifiedClassIdSchema = z.object({ classId: requiredId('stratified.parametersLost') });
export const candidatesSchema = z.object({ classId: requiredId('stratified.parametersLost'), keyword: z.string().trim().max(50).optional().default('') });
export const stratifiedStudentsSchema = z.object({
  classId: requiredId('stratified.parametersLost'),
  studentIds: z.array(idSchema, { message: 'common.selectNone' }).min(1, 'common.selectNone').max(500, 'errors.badRequest'),
});

export interface StratifiedStudentRow {
  studentId: number;
  studentNumber: string;
  name: string;
  className: string;
  placedBy: 'score' | 'manual';
  score: number | null;
  placedAt: string;
}

export interface StratifiedClassStudents {
  stratifiedClass: StratifiedClassRow;
  rows: StratifiedStudentRow[];
}

export interface StratifiedCandidate {
  studentId: number;
  studentNumber: string;
  name: string;
  className: string;
  /** The level class of the same course the student is in now, '' when none. */
  currentClass: string;
}
