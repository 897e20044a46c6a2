import type {
  AboveSchoolCreate,
  AboveSchoolDetail,
  AboveSchoolUpdate,
  AwardPicture,
  CompetitionCreate,
  CompetitionDetail,
  CompetitionUpdate,
  DisciplinaryCreate,
  DisciplinaryDetail,
  DisciplinaryUpdate,
  PrizeCreate,
  PrizeRow,
  PrizeUpdate,
} from '@campus/contract';
import { call, request } from './client.ts';
import { studentSearchAt } from './students.ts';

/** Calls of Competitions and awards (docs/calls-awards.md). */

export const COMPETITION_CALLS = {
  page: '/api/awards/competitions/page',
  get: '/api/awards/competitions/get',
  create: '/api/awards/competitions/create',
  update: '/api/awards/competitions/update',
  delete: '/api/awards/competitions/delete',
} as const;

export const PRIZE_CALLS = {
  page: '/api/awards/prizes/page',
  get: '/api/awards/prizes/get',
  create: '/api/awards/prizes/create',
  update: '/api/awards/prizes/update',
  delete: '/api/awards/prizes/delete',
} as const;

export const DISCIPLINARY_CALLS = {
  page: '/api/awards/disciplinary/page',
  get: '/api/awards/disciplinary/get',
  create: '/api/awards/disciplinary/create',
  update: '/api/awards/disciplinary/update',
  delete: '/api/awards/disciplinary/delete',
} as const;

export const ABOVE_SCHOOL_CALLS = {
  page: '/api/awards/aboveSchool/page',
  get: '/api/awards/aboveSchool/get',
  create: '/api/awards/aboveSchool/create',
  update: '/api/awards/aboveSchool/update',
  delete: '/api/awards/aboveSchool/delete',
} as const;

export const AWARD_STUDENTS_CALL = '/api/awards/students/page';
export const MY_AWARDS_CALL = '/api/awards/myAwards/page';

/** Page permissions (ManagePage appends `:edit` and `:delete`). */
export const AWARD_PAGE_PERMISSIONS = {
  settings: 'award:settings',
  disciplinary: 'award:disciplinary',
  aboveSchool: 'award:aboveSchool',
} as const;

/** The path of a stored picture behind the token. */
export function pictureDownloadPath(picture: Pick<AwardPicture, 'id'>): string {
  return `/file/download/${encodeURIComponent(picture.id)}`;
}

export function fetchCompetition(id: number): Promise<CompetitionDetail> {
  return call<CompetitionDetail>(COMPETITION_CALLS.get, { json: { id } });
}

export async function saveCompetition(body: CompetitionCreate | CompetitionUpdate): Promise<string> {
  return (await request<unknown>('id' in body ? COMPETITION_CALLS.update : COMPETITION_CALLS.create, { json: body })).msg;
}

export async function savePrize(body: PrizeCreate | PrizeUpdate): Promise<string> {
  return (await request<unknown>('id' in body ? PRIZE_CALLS.update : PRIZE_CALLS.create, { json: body })).msg;
}

/** Awards to choose from when giving (every event's, newest event first). */
export async function fetchPrizeOptions(): Promise<PrizeRow[]> {
  const data = await call<{ rows?: PrizeRow[] } | null>(PRIZE_CALLS.page, { json: { currPage: 0, limit: 500 } });
  return data?.rows ?? [];
}

/** Students the caller may choose, by number or name. */
export const searchAwardStudents = studentSearchAt(AWARD_STUDENTS_CALL);

export function fetchDisciplinary(id: number): Promise<DisciplinaryDetail> {
  return call<DisciplinaryDetail>(DISCIPLINARY_CALLS.get, { json: { id } });
}

export async function giveAward(body: DisciplinaryCreate): Promise<string> {
  return (await request<unknown>(DISCIPLINARY_CALLS.create, { json: body })).msg;
}

export async function updateDisciplinary(body: DisciplinaryUpdate): Promise<string> {
  return (await request<unknown>(DISCIPLINARY_CALLS.update, { json: body })).msg;
}

export function fetchAboveSchool(id: number): Promise<AboveSchoolDetail> {
  return call<AboveSchoolDetail>(ABOVE_SCHOOL_CALLS.get, { json: { id } });
}

export async function saveAboveSchool(body: AboveSchoolCreate | AboveSchoolUpdate): Promise<string> {
  return (await request<unknown>('id' in body ? ABOVE_SCHOOL_CALLS.update : ABOVE_SCHOOL_CALLS.create, { json: body })).msg;
}
