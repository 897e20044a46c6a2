import type { OverallCandidate, OverallDetails, OverallList, OverallScheme } from '@campus/contract';
import type { AppRoute } from '../../../app/menuRoutes.ts';

/**
 * The data and the request client stand-in of the overall score pages' tests (not part of the app). The
 * stub's envelope carries the server's msg of the writes; a handler throwing the stub's ApiError imitates a
 * refusal (result false with the server's msg), shown as an error unless the call is quiet, as the real client does.
 */
export async function overallClientMock(download: (...args: unknown[]) => unknown) {
  const { clientModule, ApiError: Refusal, stub } = await import('../../../components/Timetable/callStub.ts');
  const { feedback } = await import('../../../app/feedback.ts');
  class EnvelopeError extends Error {
    readonly kind = 'business';
    readonly envelope: { result: false; code: number; msg: string; data: null };
    constructor(message: string) {
      super(message);
      this.envelope = { result: false, code: 409, msg: message, data: null };
    }
  }
  const wrap = async (path: string, options?: { json?: unknown; silent?: boolean }) => {
    try {
      return await stub.call(path, options);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      if (!options?.silent) feedback().message.error(error.message);
      throw new EnvelopeError(error.message);
    }
  };
  const messages: Record<string, string> = { save: 'The overall score is saved', delete: 'Deleted successfully' };
  return {
    ...clientModule,
    ApiError: EnvelopeError,
    ERROR_DURATION_SECONDS: 5,
    call: wrap,
    request: async (path: string, options?: { json?: unknown; silent?: boolean }) => {
      const data = await wrap(path, options);
      return { result: true, code: 200, msg: messages[path.split('/').at(-1) ?? ''] ?? '', data };
    },
    download,
  };
}

export const CALL = {
  list: '/api/scores/overall/list',
  candidates: '/api/scores/overall/candidates',
  get: '/api/scores/overall/get',
  save: '/api/scores/overall/save',
  delete: '/api/scores/overall/delete',
  details: '/api/scores/overall/details',
  workbook: '/api/scores/overall/workbook',
} as const;

export const LIST_ROUTE = { path: '/cjfxNew/zpfx/zpfxgl', title: 'zpfxgl', titleEn: 'Overall scores' } as AppRoute;
export const SETTINGS_ROUTE = { path: '/cjfxNew/zpfx/zpfxsz', title: 'zpfxsz', titleEn: 'Overall score settings' } as AppRoute;
export const DETAILS_ROUTE = { path: '/cjfxNew/zpfx/cjxq', title: 'cjxq', titleEn: 'Overall score details' } as AppRoute;

export const TERMS: OverallList['terms'] = [
  { id: 1, name: '2026-2027 first term', isCurrent: true },
  { id: 2, name: '2025-2026 second term', isCurrent: false },
];
export const GRADES: OverallList['grades'] = [
  { id: 10, name: 'Grade 10' },
  { id: 11, name: 'Grade 11' },
];

export const SCHEME: OverallScheme = {
  id: 5,
  termId: 1,
  termName: '2026-2027 first term',
  gradeId: 10,
  gradeName: 'Grade 10',
  name: 'Grade 10 first term overall',
  remarks: 'Daily work, midterm and final',
  parts: [
    { batchId: 11, batchName: 'Grade 10 midterm', examNode: 'Midterm', weight: 30, released: true },
    { batchId: 12, batchName: 'Grade 10 final', examNode: 'Final', weight: 70, released: false },
  ],
  totalWeight: 100,
  complete: false,
  updatedAt: '2026-11-20 09:30',
};

export const DONE_SCHEME: OverallScheme = {
  ...SCHEME,
  id: 6,
  gradeId: 11,
  gradeName: 'Grade 11',
  name: 'Grade 11 midterm only',
  remarks: '',
  parts: [{ batchId: 21, batchName: 'Grade 11 midterm', examNode: 'Midterm', weight: 90, released: true }],
  totalWeight: 90,
  complete: true,
};

export const OLD_SCHEME: OverallScheme = { ...DONE_SCHEME, id: 7, termId: 2, termName: '2025-2026 second term', name: 'Last spring overall' };

export const CANDIDATES: OverallCandidate[] = [
  { id: 13, name: 'Grade 10 October test', examNode: 'Monthly', released: true, entryStart: '2026-10-20 08:00', subjects: ['Maths', 'English'] },
  { id: 11, name: 'Grade 10 midterm', examNode: 'Midterm', released: true, entryStart: '2026-11-10 08:00', subjects: ['Maths', 'English'] },
  { id: 12, name: 'Grade 10 final', examNode: 'Final', released: false, entryStart: '2027-01-10 08:00', subjects: ['Maths', 'English'] },
];

export const CLASSES = [
  { id: 101, name: 'Class 10-1' },
  { id: 102, name: 'Class 10-2' },
];

/** Class 10-1: Li Lei was absent from the final's maths, Han Meimei exempt from the midterm's English. */
export function details(classId = 101): OverallDetails {
  const first = classId === 101;
  return {
    scheme: SCHEME,
    classes: CLASSES,
    classId,
    subjects: [
      { courseId: 1, courseName: 'Maths', average: first ? 50.25 : 80, highest: first ? 73.5 : 80, lowest: first ? 27 : 80 },
      { courseId: 2, courseName: 'English', average: first ? 85 : null, highest: first ? 90 : null, lowest: first ? 80 : null },
    ],
    rows: first
      ? [
          {
            studentId: 1,
            studentNumber: 'S001',
            name: 'Li Lei',
            overall: { '1': 27, '2': 80 },
            parts: { '1': { '11': { score: 90, mark: null }, '12': { score: null, mark: 'absent' } }, '2': { '11': { score: 80, mark: null }, '12': { score: 80, mark: null } } },
            total: 107,
            classRank: 2,
          },
          {
            studentId: 2,
            studentNumber: 'S002',
            name: 'Han Meimei',
            overall: { '1': 73.5, '2': 90 },
            parts: { '1': { '11': { score: 70, mark: null }, '12': { score: 75, mark: null } }, '2': { '11': { score: null, mark: 'exempt' }, '12': { score: 90, mark: null } } },
            total: 163.5,
            classRank: 1,
          },
          { studentId: 3, studentNumber: 'S003', name: 'Wang Fang', overall: { '1': null, '2': null }, parts: {}, total: null, classRank: null },
        ]
      : [{ studentId: 4, studentNumber: 'S004', name: 'Zhao Qiang', overall: { '1': 80, '2': null }, parts: { '1': { '11': { score: 80, mark: null } } }, total: 80, classRank: 1 }],
  };
}
