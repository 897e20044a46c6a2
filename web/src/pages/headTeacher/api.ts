import type {
  AnalysisFigures,
  ClassOverview,
  ClassRecordForm,
  ClassRecordRow,
  DutyDay,
  DutyRosterForm,
  FundEntryForm,
  HeadTeacherClass,
  HeadTeacherProfile,
  OverviewStudent,
  SeatingChart,
  SeatingSave,
  SeatingVersion,
} from '@campus/contract';
import { call, download, request } from '../../api/client.ts';
import { saveBlob } from '../../api/exports.ts';

/** Calls of Class teacher work (docs/calls-headTeacher.md). */
export const HEAD_TEACHER_CALLS = {
  classes: '/api/headTeacher/classes',
  overview: '/api/headTeacher/overview',
  students: '/api/headTeacher/students',
  profile: '/api/headTeacher/profile',
  counts: '/api/headTeacher/counts',
  recordsPage: '/api/headTeacher/records/page',
  recordGet: '/api/headTeacher/records/get',
  recordCreate: '/api/headTeacher/records/create',
  recordUpdate: '/api/headTeacher/records/update',
  recordDelete: '/api/headTeacher/records/delete',
  recordExport: '/api/headTeacher/records/export',
  figures: '/api/headTeacher/records/figures',
  fundPage: '/api/headTeacher/fund/page',
  fundCreate: '/api/headTeacher/fund/create',
  fundUpdate: '/api/headTeacher/fund/update',
  fundDelete: '/api/headTeacher/fund/delete',
  fundExport: '/api/headTeacher/fund/export',
  dutyGet: '/api/headTeacher/duty/get',
  dutySave: '/api/headTeacher/duty/save',
  seatingGet: '/api/headTeacher/seating/get',
  seatingVersions: '/api/headTeacher/seating/versions',
  seatingSave: '/api/headTeacher/seating/save',
  seatingExport: '/api/headTeacher/seating/sheet',
} as const;

export const headTeacherKeys = {
  classes: ['headTeacher', 'classes'] as const,
  overview: (classId: number) => ['headTeacher', 'overview', classId] as const,
  students: (classId: number) => ['headTeacher', 'students', classId] as const,
  profile: (classId: number) => ['headTeacher', 'profile', classId] as const,
  counts: (classId: number) => ['headTeacher', 'counts', classId] as const,
  duty: (classId: number) => ['headTeacher', 'duty', classId] as const,
  seating: (classId: number, versionId?: number) => ['headTeacher', 'seating', classId, versionId ?? 0] as const,
  seatingVersions: (classId: number) => ['headTeacher', 'seatingVersions', classId] as const,
  figures: (classId: number, id: number) => ['headTeacher', 'figures', classId, id] as const,
};

export const fetchClasses = (signal?: AbortSignal) => call<HeadTeacherClass[]>(HEAD_TEACHER_CALLS.classes, { json: {}, signal, silent: true });
export const fetchOverview = (classId: number, signal?: AbortSignal) => call<ClassOverview>(HEAD_TEACHER_CALLS.overview, { json: { classId }, signal });
export const fetchStudents = (classId: number, signal?: AbortSignal) => call<OverviewStudent[]>(HEAD_TEACHER_CALLS.students, { json: { classId }, signal });
export const fetchProfile = (classId: number, signal?: AbortSignal) => call<HeadTeacherProfile>(HEAD_TEACHER_CALLS.profile, { json: { classId }, signal });
export const fetchCounts = (classId: number, signal?: AbortSignal) => call<Record<string, number>>(HEAD_TEACHER_CALLS.counts, { json: { classId }, signal });
export const fetchFigures = (classId: number, id: number, signal?: AbortSignal) => call<AnalysisFigures>(HEAD_TEACHER_CALLS.figures, { json: { classId, id }, signal });
export const fetchRecord = (id: number, signal?: AbortSignal) => call<ClassRecordRow>(HEAD_TEACHER_CALLS.recordGet, { json: { id }, signal });

/** Saves a record (create or update); answers the server's message. */
export async function saveRecord(form: ClassRecordForm): Promise<string> {
  return (await request(form.id ? HEAD_TEACHER_CALLS.recordUpdate : HEAD_TEACHER_CALLS.recordCreate, { json: form })).msg;
}

export async function saveFundEntry(form: FundEntryForm): Promise<string> {
  return (await request(form.id ? HEAD_TEACHER_CALLS.fundUpdate : HEAD_TEACHER_CALLS.fundCreate, { json: form })).msg;
}

export const fetchDuty = (classId: number, signal?: AbortSignal) => call<DutyDay[]>(HEAD_TEACHER_CALLS.dutyGet, { json: { classId }, signal });
export async function saveDuty(roster: DutyRosterForm): Promise<string> {
  return (await request(HEAD_TEACHER_CALLS.dutySave, { json: roster })).msg;
}

export const fetchSeating = (classId: number, versionId?: number, signal?: AbortSignal) =>
  call<SeatingChart>(HEAD_TEACHER_CALLS.seatingGet, { json: versionId ? { classId, versionId } : { classId }, signal });
export const fetchSeatingVersions = (classId: number, signal?: AbortSignal) => call<SeatingVersion[]>(HEAD_TEACHER_CALLS.seatingVersions, { json: { classId }, signal });
export async function saveSeating(chart: SeatingSave): Promise<{ version: number; msg: string }> {
  const answer = await request<{ version: number }>(HEAD_TEACHER_CALLS.seatingSave, { json: chart });
  return { version: answer.data.version, msg: answer.msg };
}

/** The seating chart as an Excel sheet or a printable PDF. */
export async function downloadSeating(classId: number, format: 'xlsx' | 'pdf', fileName: string, versionId?: number): Promise<void> {
  const blob = await download(HEAD_TEACHER_CALLS.seatingExport, { query: { classId, format, versionId } });
  saveBlob(blob, `${fileName}.${format}`);
}

export const pictureDownloadPath = (id: string) => `/file/download/${encodeURIComponent(id)}`;
