import { z } from 'zod';
import { optionalIdSchema as optionalId } from '../system/system.ts';
import type { ScoreMark } from './entry.ts';

/**
 * 成绩单 (/cjfxNew/cjfx/grfx, issue 15), the family's side of the scores: a student (a parent: a child)
 * sees the scores of released batches only; cancelling a release hides that batch again. Each subject
 * comes with its level against the score system's lines and the class's average, highest and the
 * student's place in the class; the batch with the total and its place.
 */

export const MY_SCORES_URL = '/cjfxNew/cjfx/grfx';

export const myScoresSchema = z.object({ studentId: optionalId });

/** Staff choose the student whose transcript they read (a paged call's `search`): number, name or initials. */
export const transcriptStudentSearchSchema = z.object({ keyword: z.string().trim().max(50, 'validation.tooLong').default('') });

/** Against the score system's lines: excellent ≥ excellent line > good ≥ good line > pass ≥ pass line > fail. */
export type ScoreLevel = 'excellent' | 'good' | 'pass' | 'fail';

export interface MyScorePart {
  name: string;
  maxScore: number;
  score: number | null;
}

export interface MyScoreSubject {
  courseId: number;
  courseName: string;
  fullMark: number;
  score: number | null;
  mark: ScoreMark | null;
  parts: MyScorePart[];
  /** null without a score. */
  level: ScoreLevel | null;
  /** Over the class's scores of the subject (absent and exempt left out); null when nobody has one. */
  classAverage: number | null;
  classHighest: number | null;
  /** 1 = the best of the class; equal scores share a place. null without a score. */
  classRank: number | null;
  /** Students of the class with a score of the subject (the place's "of"). */
  classCount: number;
}

export interface MyScoreBatch {
  id: number;
  name: string;
  termId: number;
  termName: string;
  examNode: string;
  releasedAt: string;
  subjects: MyScoreSubject[];
  /** The sum of the subjects' scores (absent and exempt count nothing); null when none has a score. */
  total: number | null;
  totalFull: number;
  classRank: number | null;
  /** Students of the class with a total. */
  classSize: number;
  /** The total's place in the grade, once the batch's analysis is computed (成绩分析); null before or without a total. */
  gradeRank: number | null;
  gradeSize: number;
}

export interface MyScores {
  student: { id: number; name: string; studentNumber: string; className: string };
  /** Released batches with the student's scores, the newest first. */
  batches: MyScoreBatch[];
}
