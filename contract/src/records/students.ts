import { z } from 'zod';

/**
 * The student list (POST /api/students/page) and the class list (POST /api/classes/list): new calls in
 * the generic paged-table shape (docs/api.md, docs/calls-timetable.md "Student information").
 */

/** `search` of the student list; every field optional, '' means no filter. */
export const studentSearchSchema = z
  .object({
    /** Contained in the student number or the name. */
    keyword: z.string().trim().max(64, 'validation.tooLong').optional(),
    classCode: z.string().trim().max(30, 'validation.tooLong').optional(),
    gradeCode: z.string().trim().max(20, 'validation.tooLong').optional(),
    campusCode: z.string().trim().max(50, 'validation.tooLong').optional(),
  })
  .strip();
export type StudentSearch = z.infer<typeof studentSearchSchema>;

/** Columns the student list may be sorted by (anything else is refused with paging.badSortField). */
export const STUDENT_SORT_FIELDS = ['studentNumber', 'name', 'className', 'gradeName', 'campusName', 'entryYear'] as const;
export type StudentSortField = (typeof STUDENT_SORT_FIELDS)[number];

/** A row of the student list. Names are in the caller's language where the record has an English one. */
export interface StudentListRow {
  studentNumber: string;
  /** Login account (opens the student-information dialog). */
  account: string;
  name: string;
  genderName: string;
  classCode: string | null;
  className: string | null;
  gradeCode: string | null;
  gradeName: string | null;
  campusCode: string | null;
  campusName: string | null;
  entryYear: number;
  inSchoolStatusName: string;
}

/** A class the caller may see (POST /api/classes/list), for drop-downs. */
export interface ClassOption {
  code: string;
  name: string;
  gradeCode: string;
  gradeName: string;
  campusCode: string;
  campusName: string;
  classTeacherName: string | null;
  classTeacherNumber: string | null;
}
