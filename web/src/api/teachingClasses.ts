import type { TeachingCandidateRow, TeachingClassFormParsed, TeachingClassOptions, TeachingClassRow, TeachingMemberStatus, TeachingMembersChange } from '@campus/contract';
import { call, request } from './client.ts';

/** Calls of Teaching class assignment (/xjgl/jxbfp) (docs/calls-roll.md, "Teaching classes"). */
export const TEACHING_CLASS_CALLS = {
  page: '/api/roll/teachingClasses/page',
  get: '/api/roll/teachingClasses/get',
  options: '/api/roll/teachingClasses/options',
  create: '/api/roll/teachingClasses/create',
  update: '/api/roll/teachingClasses/update',
  delete: '/api/roll/teachingClasses/delete',
  export: '/api/roll/teachingClasses/export',
  students: '/api/roll/teachingClasses/students/page',
  candidates: '/api/roll/teachingClasses/students/candidates',
  addStudents: '/api/roll/teachingClasses/students/add',
  removeStudents: '/api/roll/teachingClasses/students/remove',
} as const;

/** The page's permission; `:edit` creates, changes and staffs the classes, `:delete` deletes them. */
export const TEACHING_CLASS_PERMISSION = 'roll:teachingClass';

/** Tag colours of a student's state in a teaching class. */
export const TEACHING_MEMBER_COLOURS: Record<TeachingMemberStatus, string> = {
  added: 'green',
  removed: 'default',
};

/** The search of the list (the paged body's `search`). */
export interface TeachingClassSearch {
  keyword: string;
  termId: number | '';
  gradeId: number | '';
  courseId: number | '';
}

/** The search of a class's students (the paged body's `search` of students/page). */
export interface TeachingMemberSearch {
  teachingClassId: number;
  status: TeachingMemberStatus | '';
  classId: number | '';
  keyword: string;
}

/** The body of create and update (teachingClassFormSchema): a teacher or room not chosen goes as null. */
export type TeachingClassBody = Omit<TeachingClassFormParsed, 'id' | 'teacherId' | 'classroomId'> & { id?: number; teacherId: number | null; classroomId: number | null };

/** No options (before they load, or when they could not be loaded). */
export const EMPTY_OPTIONS: TeachingClassOptions = { terms: [], grades: [], courses: [], teachers: [], classrooms: [], classes: [], days: [], periods: [] };

/** Terms, grades, courses, teachers, rooms, classes (with their grade), teaching days and periods of the form. */
export async function fetchTeachingClassOptions(signal?: AbortSignal): Promise<TeachingClassOptions> {
  const data = await call<Partial<TeachingClassOptions> | null>(TEACHING_CLASS_CALLS.options, { json: {}, signal });
  return { ...EMPTY_OPTIONS, ...(data ?? {}) };
}

/** One teaching class the caller may see. */
export function fetchTeachingClass(id: number, signal?: AbortSignal): Promise<TeachingClassRow> {
  return call<TeachingClassRow>(TEACHING_CLASS_CALLS.get, { json: { id }, signal });
}

/** Creates a teaching class (update when the body has an id); answers the server's message and the class's id. */
export async function saveTeachingClass(body: TeachingClassBody): Promise<{ msg: string; id: number }> {
  const envelope = await request<{ id: number } | null>(body.id ? TEACHING_CLASS_CALLS.update : TEACHING_CLASS_CALLS.create, { json: body });
  return { msg: envelope.msg, id: envelope.data?.id ?? body.id ?? 0 };
}

/** Students of the class's grade from the administrative classes chosen (none: the whole grade), with whether each can join. */
export async function fetchTeachingCandidates(search: { teachingClassId: number; classIds: number[]; keyword: string }, signal?: AbortSignal): Promise<TeachingCandidateRow[]> {
  const data = await call<TeachingCandidateRow[] | null>(TEACHING_CLASS_CALLS.candidates, { json: search, signal });
  return Array.isArray(data) ? data : [];
}

/** Adds students to a teaching class (all or none); answers the server's message ("3 added"). */
export async function addTeachingMembers(body: TeachingMembersChange): Promise<string> {
  return (await request<{ count: number }>(TEACHING_CLASS_CALLS.addStudents, { json: body })).msg;
}
