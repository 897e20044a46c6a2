import type { EnrolmentCreate, EnrolmentStatus, EnrolmentUpdate } from '@campus/contract';
import { request } from './client.ts';

/** Calls of Enrolment (/xjgl/zsgl) (docs/calls-roll.md, "Enrolment"). */
export const ENROLMENT_CALLS = {
  page: '/api/roll/enrolment/page',
  get: '/api/roll/enrolment/get',
  create: '/api/roll/enrolment/create',
  update: '/api/roll/enrolment/update',
  delete: '/api/roll/enrolment/delete',
  place: '/api/roll/enrolment/place',
  enrol: '/api/roll/enrolment/enrol',
  import: '/api/roll/enrolment/import',
  template: '/api/roll/enrolment/template',
} as const;

/** The page's permission (the academic office); its menu has no separate edit or delete button. */
export const ENROLMENT_PERMISSION = 'roll:enrolment';

/** Grades and genders of the registration form: the student form's options. */
export const ENROLMENT_OPTIONS_CALL = '/api/system/students/options';

/** Tag colours of the statuses. */
export const ENROLMENT_STATUS_COLOURS: Record<EnrolmentStatus, string> = {
  registered: 'blue',
  placed: 'gold',
  enrolled: 'green',
};

/** The search of the list (the paged body's `search`). */
export interface EnrolmentSearch {
  keyword: string;
  gradeId: number | '';
  status: EnrolmentStatus | '';
  entryYear: number | '';
}

/** Registers a new student or changes a registration not yet enrolled; answers the server's message. */
export async function saveEnrolment(body: EnrolmentCreate | EnrolmentUpdate): Promise<string> {
  return (await request<unknown>('id' in body ? ENROLMENT_CALLS.update : ENROLMENT_CALLS.create, { json: body })).msg;
}

/** Places registrations of one grade in a class of that grade; answers the server's message ("3 placed in Class 7-1"). */
export async function placeEnrolment(ids: number[], classId: number): Promise<string> {
  return (await request<{ count: number; className: string }>(ENROLMENT_CALLS.place, { json: { ids, classId } })).msg;
}

/** Enrols placed registrations (at most ENROLMENT_ENROL_MAX): their student and parent accounts are created. */
export async function enrolCandidates(ids: number[]): Promise<string> {
  return (await request<{ count: number }>(ENROLMENT_CALLS.enrol, { json: { ids } })).msg;
}
