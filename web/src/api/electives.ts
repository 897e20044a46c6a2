import type {
  ChoiceKind,
  ChoiceStatus,
  CourseStudentRow,
  DeclarationFormParsed,
  DeclarationOptions,
  DeclarationRow,
  DeclarationStatus,
  ElectiveStatistics,
  GradeSheet,
  IndicatorForm,
  IndicatorRow,
  MyRatings,
  SelectionPhase,
  SelectionSettings,
  SelectionSettingsForm,
  SelectionView,
} from '@campus/contract';
import { call, download, request } from './client.ts';
import { exportFileName, saveBlob } from './exports.ts';

/** Calls of the electives area (docs/calls-electives.md). */
export const ELECTIVE_CALLS = {
  declarationsPage: '/api/electives/declarations/page',
  declarationGet: '/api/electives/declarations/get',
  declarationOptions: '/api/electives/declarations/options',
  declarationCreate: '/api/electives/declarations/create',
  declarationUpdate: '/api/electives/declarations/update',
  declarationDelete: '/api/electives/declarations/delete',
  declare: '/api/electives/declarations/declare',
  withdraw: '/api/electives/declarations/withdraw',
  review: '/api/electives/declarations/review',
  settingsGet: '/api/electives/settings/get',
  settingsSave: '/api/electives/settings/save',
  draw: '/api/electives/settings/draw',
  courseStudents: '/api/electives/courses/students',
  selectionView: '/api/electives/selection/view',
  choose: '/api/electives/selection/choose',
  withdrawChoice: '/api/electives/selection/withdraw',
  indicatorsList: '/api/electives/indicators/list',
  indicatorCreate: '/api/electives/indicators/create',
  indicatorUpdate: '/api/electives/indicators/update',
  indicatorDelete: '/api/electives/indicators/delete',
  ratingsMine: '/api/electives/ratings/mine',
  ratingSave: '/api/electives/ratings/save',
  gradeSheet: '/api/electives/grades/sheet',
  gradesSave: '/api/electives/grades/save',
  statistics: '/api/electives/statistics',
  /** GET ?termId=: the statistics as a workbook (the office). */
  statisticsWorkbook: '/api/electives/statistics/workbook',
} as const;

/** Tag colours of a declaration's status. */
export const DECLARATION_COLOURS: Record<DeclarationStatus, string> = {
  declarable: 'default',
  declared: 'processing',
  approved: 'success',
  rejected: 'error',
};

/** Tag colours of a student's choice. */
export const CHOICE_COLOURS: Record<ChoiceStatus, string> = {
  enrolled: 'success',
  waiting: 'processing',
  unplaced: 'default',
};

/** Tag colours of where a term's selection stands. */
export const PHASE_COLOURS: Record<SelectionPhase, string> = {
  none: 'default',
  before: 'warning',
  open: 'success',
  closed: 'default',
};

/** The query keys of the area; a change reads everything under `all` again. */
export const electiveKeys = {
  all: ['electives'] as const,
  options: ['electives', 'options'] as const,
  settings: (termId: number | undefined) => ['electives', 'settings', termId ?? 0] as const,
  students: (sessionId: number) => ['electives', 'students', sessionId] as const,
  selection: (termId: number | undefined, studentId: number | undefined) => ['electives', 'selection', termId ?? 0, studentId ?? 0] as const,
  indicators: ['electives', 'indicators'] as const,
  ratings: ['electives', 'ratings'] as const,
  sheet: (sessionId: number | undefined) => ['electives', 'sheet', sessionId ?? 0] as const,
  statistics: (termId: number | undefined) => ['electives', 'statistics', termId ?? 0] as const,
};

/** The search of the declarations list (the paged body's `search`). */
export interface DeclarationSearch {
  keyword: string;
  termId: number | '';
  status: DeclarationStatus | '';
}

const list = <T>(value: T[] | null | undefined): T[] => (Array.isArray(value) ? value : []);

export const EMPTY_DECLARATION_OPTIONS: DeclarationOptions = { terms: [], grades: [], classrooms: [], days: [], periods: [] };

/** Terms not ended, grades, rooms with their seats, teaching days and periods of the form. */
export async function fetchDeclarationOptions(signal?: AbortSignal): Promise<DeclarationOptions> {
  const data = await call<Partial<DeclarationOptions> | null>(ELECTIVE_CALLS.declarationOptions, { json: {}, signal });
  return {
    terms: list(data?.terms),
    grades: list(data?.grades),
    classrooms: list(data?.classrooms),
    days: list(data?.days),
    periods: list(data?.periods),
  };
}

/** One declaration, read again before a change or a review (the list may be stale). */
export function fetchDeclaration(id: number, signal?: AbortSignal): Promise<DeclarationRow> {
  return call<DeclarationRow>(ELECTIVE_CALLS.declarationGet, { json: { id }, signal });
}

/** Creates a draft (update when the body has an id); answers the server's message and the id. */
export async function saveDeclaration(body: DeclarationFormParsed): Promise<{ msg: string; id: number }> {
  const envelope = await request<{ id: number } | null>(body.id ? ELECTIVE_CALLS.declarationUpdate : ELECTIVE_CALLS.declarationCreate, { json: body });
  return { msg: envelope.msg, id: envelope.data?.id ?? body.id ?? 0 };
}

/** A teacher's step of the status machine; answers the server's message. */
export async function moveDeclaration(action: 'declare' | 'withdraw', id: number): Promise<string> {
  return (await request(action === 'declare' ? ELECTIVE_CALLS.declare : ELECTIVE_CALLS.withdraw, { json: { id } })).msg;
}

/** The office's review; a rejection carries its reason. */
export async function reviewDeclaration(body: { id: number; decision: 'approve' | 'reject'; comment: string }): Promise<string> {
  return (await request(ELECTIVE_CALLS.review, { json: body })).msg;
}

/** The students of an open course (the office, or its teacher). */
export async function fetchCourseStudents(sessionId: number, signal?: AbortSignal): Promise<CourseStudentRow[]> {
  return list(await call<CourseStudentRow[] | null>(ELECTIVE_CALLS.courseStudents, { json: { sessionId }, signal }));
}

/** A term's selection settings; null while the office has not set them. */
export async function fetchSelectionSettings(termId: number, signal?: AbortSignal): Promise<SelectionSettings | null> {
  return (await call<SelectionSettings | null>(ELECTIVE_CALLS.settingsGet, { json: { termId }, signal })) ?? null;
}

export async function saveSelectionSettings(body: SelectionSettingsForm): Promise<string> {
  return (await request(ELECTIVE_CALLS.settingsSave, { json: body })).msg;
}

/** Draws a lottery term's places; answers the server's account of it ("3 places given, 1 not drawn"). */
export async function drawLottery(termId: number): Promise<string> {
  return (await request(ELECTIVE_CALLS.draw, { json: { termId } })).msg;
}

/** The selection page's whole state for a term and a student (both chosen by the server when left out). */
export async function fetchSelectionView(query: { termId?: number; studentId?: number }, signal?: AbortSignal): Promise<SelectionView> {
  const body = { ...(query.termId ? { termId: query.termId } : {}), ...(query.studentId ? { studentId: query.studentId } : {}) };
  const data = await call<SelectionView | null>(ELECTIVE_CALLS.selectionView, { json: body, signal });
  return {
    terms: list(data?.terms),
    termId: data?.termId ?? query.termId ?? 0,
    settings: data?.settings ?? null,
    student: data?.student ?? null,
    children: list(data?.children),
    courses: list(data?.courses).map((course) => ({ ...course, lectures: list(course.lectures) })),
    choices: list(data?.choices),
  };
}

/** Chooses a course as a major or a minor; answers the server's message (a place, or a preference kept). */
export async function chooseCourse(body: { sessionId: number; kind: ChoiceKind; studentId?: number }): Promise<string> {
  return (await request(ELECTIVE_CALLS.choose, { json: body })).msg;
}

export async function withdrawChoice(body: { termId: number; kind: ChoiceKind; studentId?: number }): Promise<string> {
  return (await request(ELECTIVE_CALLS.withdrawChoice, { json: body })).msg;
}

export async function fetchIndicators(signal?: AbortSignal): Promise<IndicatorRow[]> {
  return list(await call<IndicatorRow[] | null>(ELECTIVE_CALLS.indicatorsList, { json: {}, signal }));
}

/** Creates an indicator (update when the body has an id); answers the server's message. */
export async function saveIndicator(body: IndicatorForm): Promise<string> {
  return (await request(body.id ? ELECTIVE_CALLS.indicatorUpdate : ELECTIVE_CALLS.indicatorCreate, { json: body })).msg;
}

export async function fetchMyRatings(signal?: AbortSignal): Promise<MyRatings> {
  const data = await call<MyRatings | null>(ELECTIVE_CALLS.ratingsMine, { json: {}, signal });
  return {
    indicators: list(data?.indicators),
    courses: list(data?.courses).map((course) => ({ ...course, scores: list(course.scores) })),
    closedReason: data?.closedReason ?? '',
  };
}

export async function saveRating(body: { sessionId: number; scores: { indicatorId: number; score: number }[]; comment: string }): Promise<string> {
  return (await request(ELECTIVE_CALLS.ratingSave, { json: body })).msg;
}

/** The caller's courses and one course's students with their scores (the first course when none is given). */
export async function fetchGradeSheet(sessionId: number | undefined, signal?: AbortSignal): Promise<GradeSheet> {
  const data = await call<GradeSheet | null>(ELECTIVE_CALLS.gradeSheet, { json: sessionId ? { sessionId } : {}, signal });
  return { sessions: list(data?.sessions), sessionId: data?.sessionId ?? null, rows: list(data?.rows), editable: !!data?.editable };
}

/** Saves a course's scores, all or nothing; answers the server's message ("Scores saved for 30 students"). */
export async function saveGrades(body: { sessionId: number; grades: { studentId: number; score: number | null; comment: string }[] }): Promise<string> {
  return (await request(ELECTIVE_CALLS.gradesSave, { json: body })).msg;
}

export async function fetchStatistics(termId: number | undefined, signal?: AbortSignal): Promise<ElectiveStatistics> {
  const data = await call<ElectiveStatistics | null>(ELECTIVE_CALLS.statistics, { json: termId ? { termId } : {}, signal });
  return {
    terms: list(data?.terms),
    termId: data?.termId ?? termId ?? 0,
    rows: list(data?.rows).map((row) => ({ ...row, indicators: list(row.indicators) })),
  };
}

/** Downloads a term's statistics workbook and saves it under `fileBase` and the date. A refusal has been shown. */
export async function exportStatistics(termId: number, fileBase: string): Promise<void> {
  const blob = await download(ELECTIVE_CALLS.statisticsWorkbook, { query: { termId } });
  saveBlob(blob, exportFileName(fileBase));
}
