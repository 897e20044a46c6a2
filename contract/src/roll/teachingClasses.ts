import { z } from 'zod';
import { idSchema, optionalIdSchema as optionalId, requiredIdSchema as requiredId, wholeNumberSchema as whole } from '../system/system.ts';
import { CAMPUS_NAME_SPECIAL } from '../system/campus.ts';

/**
 * 教学班分配 (/xjgl/jxbfp, issue 14): a teaching class is a course taught by one teacher to students drawn
 * from several administrative classes of one grade (levelled English, an elective subject under 3+1+2),
 * with its own weekly lessons. The class is saved first; adding or removing students is a second step
 * (spec 4), and a removed student stays listed as removed. Student, teacher and room timetables show the
 * lessons; a student's teaching-class lesson takes the place of their class's cell at the same time.
 */

export const TEACHING_CLASS_URL = '/xjgl/jxbfp';

export const TEACHING_CLASS_NAME_MAX = 50;
export const TEACHING_CLASS_REMARKS_MAX = 200;
export const TEACHING_CLASS_CAPACITY_MAX = 200;
export const TEACHING_CLASS_LESSONS_MAX = 20;
/** Students one add or remove request takes at most (a levelled class of a whole grade fits). */
export const TEACHING_CLASS_MEMBERS_MAX = 300;
/** Administrative classes one candidates request draws from at most. */
export const TEACHING_CLASS_SOURCES_MAX = 30;

/** Spec 4: a teaching class's student is added or removed. */
export const TEACHING_MEMBER_STATUSES = ['added', 'removed'] as const;
export type TeachingMemberStatus = (typeof TEACHING_MEMBER_STATUSES)[number];

export const teachingLessonSchema = z.object({
  day: whole(1, 7, 'teachingClass.slotInvalid'),
  period: whole(1, 20, 'teachingClass.slotInvalid'),
});
export type TeachingLesson = z.infer<typeof teachingLessonSchema>;

export const teachingClassFormSchema = z
  .object({
    id: idSchema.optional(),
    termId: requiredId('teachingClass.termRequired'),
    name: z
      .string({ message: 'common.nameRequired' })
      .trim()
      .min(1, 'common.nameRequired')
      .max(TEACHING_CLASS_NAME_MAX, 'validation.tooLong')
      .refine((value) => !CAMPUS_NAME_SPECIAL.test(value), 'common.nameSpecial'),
    courseId: requiredId('teachingClass.courseRequired'),
    gradeId: requiredId('teachingClass.gradeRequired'),
    teacherId: optionalId,
    classroomId: optionalId,
    capacity: whole(1, TEACHING_CLASS_CAPACITY_MAX, 'teachingClass.capacityRange').default(45),
    weekFrom: whole(1, 60, 'teachingClass.weekRange').default(1),
    weekTo: whole(1, 60, 'teachingClass.weekRange'),
    lessons: z.array(teachingLessonSchema, { message: 'teachingClass.lessonsRequired' }).min(1, 'teachingClass.lessonsRequired').max(TEACHING_CLASS_LESSONS_MAX, 'teachingClass.tooManyLessons'),
    remarks: z.preprocess((value) => (value === null || value === undefined ? '' : value), z.string().trim().max(TEACHING_CLASS_REMARKS_MAX, 'validation.tooLong')),
  })
  .refine((value) => value.weekTo >= value.weekFrom, { message: 'teachingClass.weekOrder', path: ['weekTo'] })
  .refine((value) => new Set(value.lessons.map((l) => `${l.day}:${l.period}`)).size === value.lessons.length, { message: 'teachingClass.lessonTwice', path: ['lessons'] });
export type TeachingClassForm = z.input<typeof teachingClassFormSchema>;
export type TeachingClassFormParsed = z.infer<typeof teachingClassFormSchema>;

export const teachingClassSearchSchema = z
  .object({
    keyword: z.string().trim().max(50, 'validation.tooLong').optional(),
    termId: optionalId,
    gradeId: optionalId,
    courseId: optionalId,
    teacherId: optionalId,
  })
  .strip();

export const TEACHING_CLASS_SORTS = ['name', 'courseName', 'gradeName', 'teacherName', 'size'] as const;

/** One teaching class in the list and in its form. */
export interface TeachingClassRow {
  id: number;
  termId: number;
  termName: string;
  name: string;
  courseId: number;
  courseName: string;
  gradeId: number;
  gradeName: string;
  teacherId: number | null;
  teacherName: string;
  classroomId: number | null;
  classroomName: string;
  capacity: number;
  weekFrom: number;
  weekTo: number;
  lessons: TeachingLesson[];
  remarks: string;
  /** Students added and not removed. */
  size: number;
  /** The administrative classes its students come from, by name. */
  sourceClasses: string[];
  /** False when its term has ended: the class can only be viewed. */
  editable: boolean;
}

export const teachingMemberSearchSchema = z
  .object({
    teachingClassId: idSchema,
    status: z.enum(['', ...TEACHING_MEMBER_STATUSES]).optional(),
    classId: optionalId,
    keyword: z.string().trim().max(50, 'validation.tooLong').optional(),
  })
  .strip();

export interface TeachingMemberRow {
  studentId: number;
  studentName: string;
  studentNumber: string;
  gender: string;
  className: string;
  status: TeachingMemberStatus;
  addedAt: string;
  addedByName: string;
  removedAt: string;
  removedByName: string;
}

export const teachingCandidateSearchSchema = z.object({
  teachingClassId: idSchema,
  /** The administrative classes to draw from; none: every class of the teaching class's grade. */
  classIds: z.array(idSchema).max(TEACHING_CLASS_SOURCES_MAX, 'errors.badRequest').default([]),
  keyword: z.string().trim().max(50, 'validation.tooLong').default(''),
});

/** A student of the grade who could be added, with why not when they cannot. */
export interface TeachingCandidateRow {
  id: number;
  name: string;
  studentNumber: string;
  gender: string;
  classId: number;
  className: string;
  /** Already in this teaching class (and not removed). */
  member: boolean;
  /** The teaching class or elective they have at one of this class's times, '' when none. */
  clash: string;
}

export const teachingMembersChangeSchema = z.object({
  teachingClassId: idSchema,
  studentIds: z.array(idSchema, { message: 'teachingClass.chooseStudents' }).min(1, 'teachingClass.chooseStudents').max(TEACHING_CLASS_MEMBERS_MAX, 'teachingClass.tooManyStudents'),
});
export type TeachingMembersChange = z.infer<typeof teachingMembersChangeSchema>;

/** Option lists of the form: the terms, grades, courses, teachers and rooms to choose from. */
export interface TeachingClassOptions {
  terms: { id: number; name: string; isCurrent: boolean; weekCount: number }[];
  grades: { id: number; name: string }[];
  courses: { id: number; name: string }[];
  teachers: { id: number; name: string; staffNumber: string }[];
  classrooms: { id: number; name: string; capacity: number | null }[];
  classes: { id: number; name: string; gradeId: number }[];
  days: { day: number; name: string }[];
  periods: { sort: number; name: string }[];
}
