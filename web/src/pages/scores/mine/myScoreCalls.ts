import type { MyExternalExam, MyScoreBatch, MyScores } from '@campus/contract';
import { call } from '../../../api/client.ts';
import type { ChildOption } from '../../../components/ChildChooser/index.ts';
import { studentSearchAt } from '../../../api/students.ts';

/**
 * Calls of the family's transcript page (/cjfxNew/cjfx/grfx, contract/src/scores/mine.ts). They live
 * beside the page until the Scores area's call module takes them over.
 */
export const MY_SCORE_CALLS = {
  /** {} → a parent's children { id, name, className }[] (a student: themselves). */
  children: '/api/scores/mine/children',
  /** { studentId? } → MyScores: the released batches only, the newest first. */
  report: '/api/scores/mine/report',
  /** Paged, `search: { keyword }` → students an administrator (or a teacher holding the page: their classes) may choose. */
  students: '/api/scores/mine/students',
  /** { studentId? } → MyExternalExam[]: the released external exams with the student's scores, the newest first. */
  external: '/api/scores/external/mine',
} as const;

/** The page's permission (students and parents hold it, and administrators, who choose the student). */
export const MY_SCORES_PERMISSION = 'score:transcript';

/** The query keys of the page. */
export const myScoreKeys = {
  all: ['scores', 'mine'] as const,
  children: ['scores', 'mine', 'children'] as const,
  report: (studentId: number | null) => ['scores', 'mine', 'report', studentId ?? 0] as const,
  external: (studentId: number | null) => ['scores', 'mine', 'external', studentId ?? 0] as const,
};

/** A parent's children for the chooser; a failed list leaves the chooser out (the server picks the child). */
export async function fetchMyScoreChildren(signal?: AbortSignal): Promise<ChildOption[]> {
  try {
    const data = await call<ChildOption[] | null>(MY_SCORE_CALLS.children, { json: {}, signal, silent: true });
    return Array.isArray(data) ? data : [];
  } catch {
    return [];
  }
}

const list = <T>(value: T[] | null | undefined): T[] => (Array.isArray(value) ? value : []);

/** Fills what a sparse answer may leave out, so the page can read every list without checks. */
function normaliseBatch(batch: MyScoreBatch): MyScoreBatch {
  return { ...batch, subjects: list(batch.subjects).map((subject) => ({ ...subject, parts: list(subject.parts) })) };
}

/** The student's released scores (a parent's chosen child's when `studentId` is given). */
export async function fetchMyScores(studentId: number | null, signal?: AbortSignal): Promise<MyScores> {
  const data = await call<MyScores | null>(MY_SCORE_CALLS.report, { json: studentId ? { studentId } : {}, signal });
  return {
    student: data?.student ?? { id: studentId ?? 0, name: '', studentNumber: '', className: '' },
    batches: list(data?.batches).map(normaliseBatch),
  };
}

/** The released external exams of the student (a parent's chosen child); a failed call leaves the section out. */
export async function fetchMyExternalExams(studentId: number | null, signal?: AbortSignal): Promise<MyExternalExam[]> {
  try {
    const data = await call<MyExternalExam[] | null>(MY_SCORE_CALLS.external, { json: studentId ? { studentId } : {}, signal, silent: true });
    return list(data).map((exam) => ({ ...exam, subjects: list(exam.subjects) }));
  } catch {
    return [];
  }
}

/** Students staff may choose for the page, by number, name or initials. */
export const searchTranscriptStudents = studentSearchAt(MY_SCORE_CALLS.students, 20);
