import { z } from 'zod';
import { optionalIdSchema as optionalId, requiredIdSchema as requiredId } from '../system/system.ts';
import { MAX_PAGE_SIZE } from '../paging.ts';
import type { ScoreMark } from './entry.ts';

/**
 * 成绩分析 (/cjfxNew/cjfx/cjxq, issue 15): the staff's analysis of released score batches.
 *
 * The statistics are computed once, in the background, when a batch is released (and dropped when the
 * release is cancelled): per subject and for the total, over the grade and over each class — counts,
 * average, highest, lowest, standard deviation, the pass, good and excellent rates against the score
 * system's lines, and the distribution over ten bands of a tenth of the full mark — and each student's
 * total with its place in the class and in the grade. Places are 1 + those above, so equal scores share
 * one. Absent and exempt students are counted apart and left out of every figure.
 *
 * The analysis items are bound to menu permission values (spec 6): the grade overview, the class
 * comparison and "my classes" come with the page; the grade ranking and every class's students need
 * `score:analysis:ranking` (without it, a teacher sees the classes they teach or lead); the workbook needs
 * `score:analysis:export`.
 */

export const SCORE_ANALYSIS_URL = '/cjfxNew/cjfx/cjxq';

export const SCORE_ANALYSIS_PERMISSIONS = {
  view: 'score:analysis',
  ranking: 'score:analysis:ranking',
  export: 'score:analysis:export',
} as const;

/** Ten bands of a tenth of the full mark each: [0, 10 %), [10 %, 20 %) … [90 %, 100 %]. */
export const SCORE_BAND_COUNT = 10;
/** The total's course id in the statistics: 0, beside the subjects' own ids. */
export const TOTAL_COURSE_ID = 0;

/** 'none': not released; 'pending': being computed; 'ready'; 'failed' (the release may be repeated). */
export type AnalysisState = 'none' | 'pending' | 'ready' | 'failed';

export const analysisBatchesSchema = z.object({ termId: optionalId });
export const analysisBatchSchema = z.object({ batchId: requiredId('scoreAnalysis.batchRequired') });
export const analysisClassesSchema = z.object({
  batchId: requiredId('scoreAnalysis.batchRequired'),
  /** 0 for the total. */
  courseId: z.number({ message: 'scoreAnalysis.courseRequired' }).int('scoreAnalysis.courseRequired').min(0, 'scoreAnalysis.courseRequired').max(2_147_483_647, 'scoreAnalysis.courseRequired'),
});
export const analysisRankingSchema = analysisClassesSchema.extend({
  classId: optionalId,
  currPage: z.number().int().min(0, 'errors.badRequest').max(1_000_000, 'errors.badRequest').default(0),
  limit: z.number().int().min(1, 'errors.badRequest').max(MAX_PAGE_SIZE, 'paging.limitTooLarge').default(20),
});
export const analysisClassSchema = z.object({ batchId: requiredId('scoreAnalysis.batchRequired'), classId: requiredId('scoreAnalysis.classRequired') });
export const analysisStudentSchema = z.object({ studentId: requiredId('scoreAnalysis.studentRequired') });

export interface AnalysisBatch {
  id: number;
  name: string;
  termId: number;
  termName: string;
  gradeName: string;
  examNode: string;
  releasedAt: string;
  state: AnalysisState;
  /** When the figures were computed ('' before). */
  analysedAt: string;
  studentCount: number;
  /** The caller teaches or leads one of the batch's classes: the page opens the newest such batch first. */
  mine: boolean;
}

export interface AnalysisBatches {
  terms: { id: number; name: string; isCurrent: boolean }[];
  /** Released batches of the term, the newest first. */
  batches: AnalysisBatch[];
}

export interface SubjectStats {
  /** 0 for the total. */
  courseId: number;
  courseName: string;
  fullMark: number;
  passLine: number;
  goodLine: number;
  excellentLine: number;
  /** Students with a score. */
  counted: number;
  absent: number;
  exempt: number;
  /** null when nobody has a score. */
  average: number | null;
  highest: number | null;
  lowest: number | null;
  /** Population standard deviation. */
  stdDev: number | null;
  /** Shares of `counted` from 0 to 1 at or above each line; null when nobody has a score. */
  passRate: number | null;
  goodRate: number | null;
  excellentRate: number | null;
  /** SCORE_BAND_COUNT counts, the lowest band first. */
  bands: number[];
}

export interface GradeAnalysis {
  batch: AnalysisBatch;
  /** The subjects in the batch's order, then the total. */
  subjects: SubjectStats[];
}

/** The figures of a group of students in one subject, without the subject's name, full mark and lines. */
export type ScoreFigures = Pick<
  SubjectStats,
  'counted' | 'absent' | 'exempt' | 'average' | 'highest' | 'lowest' | 'stdDev' | 'passRate' | 'goodRate' | 'excellentRate'
>;

/**
 * A class's figures in the comparison's subject (named, with its lines, in the comparison's `grade`); its
 * bands only where the distribution is shown (the workbook), not on the page's call.
 */
export interface ClassStats extends ScoreFigures {
  bands?: number[];
  classId: number;
  className: string;
  /** The caller teaches the subject to the class, or leads the class. */
  mine: boolean;
}

export interface ClassComparison {
  courseId: number;
  grade: SubjectStats;
  classes: ClassStats[];
}

export interface RankingRow {
  studentId: number;
  studentNumber: string;
  name: string;
  classId: number;
  className: string;
  score: number | null;
  mark: ScoreMark | null;
  gradeRank: number | null;
  classRank: number | null;
}

export interface Ranking {
  total: number;
  rows: RankingRow[];
}

export interface ClassScoreRow {
  studentId: number;
  studentNumber: string;
  name: string;
  /** courseId → the student's score or mark. */
  cells: Record<string, { score: number | null; mark: ScoreMark | null }>;
  total: number | null;
  classRank: number | null;
  gradeRank: number | null;
}

export interface ClassScores {
  batch: AnalysisBatch;
  classId: number;
  className: string;
  subjects: { courseId: number; courseName: string; fullMark: number }[];
  /** The class's figures per subject, then the total; `grade` the same for the grade. */
  stats: SubjectStats[];
  grade: SubjectStats[];
  /** The class's students, the best total first. */
  rows: ClassScoreRow[];
  gradeSize: number;
}

export interface TrendPoint {
  batchId: number;
  name: string;
  examNode: string;
  termName: string;
  releasedAt: string;
  total: number | null;
  totalFull: number;
  gradeAverage: number | null;
  classRank: number | null;
  classSize: number;
  gradeRank: number | null;
  gradeSize: number;
}

export interface SubjectStrength {
  courseId: number;
  courseName: string;
  fullMark: number;
  score: number | null;
  mark: ScoreMark | null;
  gradeAverage: number | null;
  /** (score − grade average) / standard deviation: above 0 the student is stronger than the grade. */
  zScore: number | null;
  /** Score as a share of the full mark, 0 to 1. */
  share: number | null;
}

export interface StudentAnalysis {
  student: { id: number; name: string; studentNumber: string; className: string };
  /** Analysed batches with the student, the oldest first. */
  trend: TrendPoint[];
  /** The latest analysed batch's subjects. */
  latest: { batchId: number; name: string; subjects: SubjectStrength[] } | null;
}

export interface TeacherClassRow {
  classId: number;
  className: string;
  courseId: number;
  courseName: string;
  own: SubjectStats;
  grade: SubjectStats;
  /** Own average − the grade's, null when either has none. */
  averageGap: number | null;
  /** The class's place among the grade's classes by average (1 = the best). */
  classPlace: number | null;
  classCount: number;
}

export interface TeacherAnalysis {
  batch: AnalysisBatch;
  /** The subjects the caller teaches in the batch's classes (the term's timetable) and, for a class teacher, the total of their class. */
  rows: TeacherClassRow[];
}

// ---------------------------------------------------------------------------------------------------
// 考试分析设置 (/cjfxNew/cjgl/ksfxsz): the lines an exam's analysis counts against.

export const ANALYSIS_SETTINGS_URL = '/cjfxNew/cjgl/ksfxsz';
export const ANALYSIS_SETTINGS_PERMISSION = 'score:analysisSettings';

/**
 * An exam's pass, good and excellent lines: the score systems' own (the default), or percents of each
 * subject's full mark the office sets for this exam alone (a hard exam may pass at 50 %). Changing them
 * for a released exam computes its analysis again.
 */
export const analysisSettingsSaveSchema = z
  .object({
    batchId: requiredId('scoreAnalysis.batchRequired'),
    custom: z.boolean({ message: 'errors.badRequest' }),
    passPercent: z.number({ message: 'analysisSettings.percentRange' }).int('analysisSettings.percentRange').min(1, 'analysisSettings.percentRange').max(100, 'analysisSettings.percentRange').optional(),
    goodPercent: z.number({ message: 'analysisSettings.percentRange' }).int('analysisSettings.percentRange').min(1, 'analysisSettings.percentRange').max(100, 'analysisSettings.percentRange').optional(),
    excellentPercent: z.number({ message: 'analysisSettings.percentRange' }).int('analysisSettings.percentRange').min(1, 'analysisSettings.percentRange').max(100, 'analysisSettings.percentRange').optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.custom) return;
    const { passPercent: pass, goodPercent: good, excellentPercent: excellent } = value;
    if (pass === undefined || good === undefined || excellent === undefined) {
      ctx.addIssue({ code: 'custom', message: 'analysisSettings.percentRange', path: [pass === undefined ? 'passPercent' : good === undefined ? 'goodPercent' : 'excellentPercent'] });
      return;
    }
    if (!(pass < good && good < excellent)) ctx.addIssue({ code: 'custom', message: 'analysisSettings.order', path: ['goodPercent'] });
  });
export type AnalysisSettingsSave = z.infer<typeof analysisSettingsSaveSchema>;

export interface AnalysisSettingsSubject {
  courseId: number;
  courseName: string;
  fullMark: number;
  /** The lines the analysis counts against (the custom percents applied, or the score system's). */
  passLine: number;
  goodLine: number;
  excellentLine: number;
  /** The score system's own lines, for the form's preview when the exam goes back to them. */
  systemPassLine: number;
  systemGoodLine: number;
  systemExcellentLine: number;
}

export interface AnalysisSettingsBatch {
  id: number;
  name: string;
  gradeName: string;
  examNode: string;
  released: boolean;
  state: AnalysisState;
  custom: boolean;
  /** The custom percents; null with the score systems' lines. */
  passPercent: number | null;
  goodPercent: number | null;
  excellentPercent: number | null;
  subjects: AnalysisSettingsSubject[];
}

export interface AnalysisSettingsList {
  terms: { id: number; name: string; isCurrent: boolean }[];
  /** Every batch of the term, the newest entry window first. */
  batches: AnalysisSettingsBatch[];
}
