import type { MyScoreBatch, QualityReport, ReportStudent, ReportStudents, ReportTerm, StudyReport, StudyRun, StudyRunStatus, StudySubjectRow } from '@campus/contract';
import { call, download, request } from '../../../api/client.ts';
import { saveBlob } from '../../../api/exports.ts';
import { fileDownloadPath } from '../../../api/homeSchool.ts';

/**
 * Calls of Student evaluation's two reports (contract/src/evaluation/reports.ts): Comprehensive quality report (/xspj/zhszbg) and
 * Study report (/xspj/xybg). Both pages ask the same way whose reports the caller may open; each has its report,
 * its PDF, and the study report the class's PDF made in the background.
 */
export type ReportKind = 'quality' | 'study';

export const REPORT_CALLS = {
  quality: {
    /** { termId?, classId? } → ReportStudents. */
    students: '/api/evaluation/quality/students',
    /** { studentId, termId? } → QualityReport. */
    report: '/api/evaluation/quality/report',
    /** GET ?studentId=&termId=&lang= → the report as PDF. */
    pdf: '/api/evaluation/quality/pdf',
  },
  study: {
    students: '/api/evaluation/study/students',
    /** { studentId, termId? } → StudyReport. */
    report: '/api/evaluation/study/report',
    pdf: '/api/evaluation/study/pdf',
    /** { classId, termId } → { id }: the class's reports in one PDF, made in the background (msg says so). */
    classRun: '/api/evaluation/study/classRun',
    /** {} → StudyRun[]: the caller's recent class PDFs. */
    runs: '/api/evaluation/study/runs',
  },
} as const;

/** The query keys of the two pages. */
export const reportKeys = {
  all: ['evaluation', 'reports'] as const,
  students: (kind: ReportKind, termId: number | null, classId: number | null) => ['evaluation', 'reports', kind, 'students', termId ?? 0, classId ?? 0] as const,
  report: (kind: ReportKind, studentId: number, termId: number | null) => ['evaluation', 'reports', kind, 'report', studentId, termId ?? 0] as const,
  runs: ['evaluation', 'reports', 'study', 'runs'] as const,
};

const list = <T>(value: T[] | null | undefined): T[] => (Array.isArray(value) ? value : []);
const record = <T>(value: Record<string, T> | null | undefined): Record<string, T> => (value && typeof value === 'object' ? value : {});

function normaliseStudent(student: Partial<ReportStudent> | null | undefined, id = 0): ReportStudent {
  return {
    id: student?.id ?? id,
    name: student?.name ?? '',
    studentNumber: student?.studentNumber ?? '',
    classId: student?.classId ?? null,
    className: student?.className ?? '',
    gradeName: student?.gradeName ?? '',
  };
}

const normaliseTerm = (term: Partial<ReportTerm> | null | undefined, id: number | null): ReportTerm => ({
  id: term?.id ?? id ?? 0,
  name: term?.name ?? '',
  startDate: term?.startDate ?? '',
  endDate: term?.endDate ?? '',
});

/** Fills what a sparse answer may leave out, so BatchCard can read every list without checks. */
export function normaliseBatch(batch: MyScoreBatch): MyScoreBatch {
  return { ...batch, subjects: list(batch.subjects).map((subject) => ({ ...subject, parts: list(subject.parts) })) };
}

/** Whose reports the caller may open, for the term and (staff) the class; the server picks the defaults. */
export async function fetchReportStudents(kind: ReportKind, choice: { termId: number | null; classId: number | null }, signal?: AbortSignal): Promise<ReportStudents> {
  const body: { termId?: number; classId?: number } = {};
  if (choice.termId) body.termId = choice.termId;
  if (choice.classId) body.classId = choice.classId;
  const data = await call<ReportStudents | null>(REPORT_CALLS[kind].students, { json: body, signal });
  return {
    terms: list(data?.terms),
    termId: data?.termId ?? null,
    classes: list(data?.classes),
    classId: data?.classId ?? null,
    students: list(data?.students).map((student) => normaliseStudent(student)),
  };
}

const reportBody = (studentId: number, termId: number | null) => (termId ? { studentId, termId } : { studentId });

export async function fetchQualityReport(studentId: number, termId: number | null, signal?: AbortSignal): Promise<QualityReport> {
  const data = await call<QualityReport | null>(REPORT_CALLS.quality.report, { json: reportBody(studentId, termId), signal });
  return {
    student: normaliseStudent(data?.student, studentId),
    term: normaliseTerm(data?.term, termId),
    terms: list(data?.terms),
    evaluations: list(data?.evaluations).map((evaluation) => ({ ...evaluation, items: list(evaluation.items) })),
    awards: list(data?.awards),
    conduct: list(data?.conduct),
    scores: list(data?.scores).map(normaliseBatch),
  };
}

export async function fetchStudyReport(studentId: number, termId: number | null, signal?: AbortSignal): Promise<StudyReport> {
  const data = await call<StudyReport | null>(REPORT_CALLS.study.report, { json: reportBody(studentId, termId), signal });
  return {
    student: normaliseStudent(data?.student, studentId),
    term: normaliseTerm(data?.term, termId),
    terms: list(data?.terms),
    batches: list(data?.batches).map(normaliseBatch),
    subjects: list(data?.subjects).map((row): StudySubjectRow => ({ ...row, scores: record(row.scores), marks: record(row.marks), average: row.average ?? null })),
    comment: data?.comment?.trim() ? data.comment : null,
  };
}

/** A file name without the characters file systems refuse. */
export function reportFileName(...parts: string[]): string {
  return (
    parts
      .map((part) => part.trim())
      .filter(Boolean)
      .join('-')
      .replace(/[\\/:*?"<>|]+/g, '_') + '.pdf'
  );
}

/** Downloads a student's report as PDF and saves it; a refusal has been shown by the request client and rejects. */
export async function downloadReportPdf(kind: ReportKind, studentId: number, termId: number | null, lang: 'zh' | 'en', fileName: string): Promise<void> {
  const query: Record<string, string | number> = { studentId, lang };
  if (termId) query.termId = termId;
  const blob = await download(REPORT_CALLS[kind].pdf, { query });
  saveBlob(blob, fileName);
}

/** Starts the class's study reports in one PDF; resolves with the server's message. */
export async function startClassRun(classId: number, termId: number): Promise<string> {
  const envelope = await request<{ id: number }>(REPORT_CALLS.study.classRun, { json: { classId, termId } });
  return envelope.msg;
}

/** Statuses of a run still being made (the list keeps asking while one is). */
export const isRunActive = (status: StudyRunStatus) => status === 'queued' || status === 'running';

/** The caller's recent class PDFs, the newest first; `silent` since a failed poll only stops the polling. */
export async function fetchStudyRuns(signal?: AbortSignal): Promise<StudyRun[]> {
  const data = await call<StudyRun[] | null>(REPORT_CALLS.study.runs, { json: {}, signal, silent: true });
  return list(data).map((run) => ({ ...run, done: run.done ?? 0, total: run.total ?? 0, fileId: run.fileId ?? null, fileName: run.fileName ?? null, error: run.error ?? null }));
}

/** Saves a finished run's PDF (a stored file behind the token). */
export async function downloadRunFile(fileId: string, fileName: string): Promise<void> {
  saveBlob(await download(fileDownloadPath({ id: fileId })), fileName);
}
