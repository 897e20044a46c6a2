import { z } from 'zod';
import { idSchema, optionalIdSchema as optionalId, requiredIdSchema as requiredId } from '../system/system.ts';
import type { MyScoreBatch } from '../scores/mine.ts';
import type { EvaluationItemKind, EvaluationTerm, EvaluationThemeType } from './termEvaluation.ts';

/**
 * 学生评价's two reports of a student's term (issue 15), each as a page and as a PDF:
 * - 综合素质报告 (/xspj/zhszbg): the term's evaluations, awards, conduct records and scores;
 * - 学业报告 (/xspj/xybg): the term's released scores, subject by exam, with the class's figures; a
 *   class teacher also makes the whole class's reports in one PDF, as background work with progress.
 * A student reads their own, a parent their children's, a class teacher those of the classes they lead,
 * the office (the pages' "all classes" buttons) every student's. Families see released scores and
 * released evaluation themes only.
 */

export const QUALITY_REPORT_URL = '/xspj/zhszbg';
export const STUDY_REPORT_URL = '/xspj/xybg';

export const REPORT_PERMISSIONS = {
  quality: 'evaluation:quality',
  qualityAll: 'evaluation:quality:all',
  study: 'evaluation:study',
  studyAll: 'evaluation:study:all',
} as const;

export const reportStudentsSchema = z.object({ termId: optionalId, classId: optionalId });
export const reportSchema = z.object({ studentId: requiredId('report.studentRequired'), termId: optionalId });
export const reportPdfQuerySchema = z.object({ studentId: idSchema, termId: optionalId, lang: z.enum(['zh', 'en']).optional() });
export const studyClassRunSchema = z.object({ classId: requiredId('report.classRequired'), termId: requiredId('report.termRequired') });

export interface ReportStudent {
  id: number;
  name: string;
  studentNumber: string;
  classId: number | null;
  className: string;
  gradeName: string;
}

/** Whose reports the caller may open: a family their own; staff a class's students (classes they lead, or all). */
export interface ReportStudents {
  terms: EvaluationTerm[];
  termId: number | null;
  classes: { id: number; name: string; gradeName: string }[];
  classId: number | null;
  students: ReportStudent[];
}

export interface ReportTerm {
  id: number;
  name: string;
  startDate: string;
  endDate: string;
}

export interface ReportEvaluation {
  themeId: number;
  name: string;
  type: EvaluationThemeType;
  items: { name: string; kind: EvaluationItemKind; value: string | number | null }[];
  /** Who filled it and when (null: not yet). */
  updatedAt: string | null;
  updatedByName: string | null;
}

export interface ReportAward {
  /** 'disciplinary' (学科获奖 of a school competition) or 'aboveSchool' (校级以上获奖). */
  source: 'disciplinary' | 'aboveSchool';
  date: string;
  name: string;
  /** The prize or the award's level, as entered. */
  level: string;
}

export interface ReportConduct {
  date: string;
  category: string;
  content: string;
  result: string;
  publisherName: string | null;
}

export interface QualityReport {
  student: ReportStudent;
  term: ReportTerm;
  terms: EvaluationTerm[];
  evaluations: ReportEvaluation[];
  awards: ReportAward[];
  conduct: ReportConduct[];
  /** The term's released score batches, as the transcript shows them. */
  scores: MyScoreBatch[];
}

/** One subject's row of the study report: its score in each of the term's exams. */
export interface StudySubjectRow {
  courseId: number;
  courseName: string;
  /** batch id → the score (null: no score; absent or exempt are in `marks`). */
  scores: Record<string, number | null>;
  marks: Record<string, string | null>;
  /** The mean of the subject's scores in the term. */
  average: number | null;
}

export interface StudyReport {
  student: ReportStudent;
  term: ReportTerm;
  terms: EvaluationTerm[];
  /** The term's released batches, oldest first (the columns). */
  batches: MyScoreBatch[];
  subjects: StudySubjectRow[];
  /** The class teacher's comment, when a 'comment' theme of the term is filled and may be shown. */
  comment: string | null;
}

export type StudyRunStatus = 'queued' | 'running' | 'done' | 'failed';

/** A class's study reports in one PDF, made in the background. */
export interface StudyRun {
  id: number;
  classId: number;
  className: string;
  termName: string;
  status: StudyRunStatus;
  done: number;
  total: number;
  /** The PDF once done: /file/download/{fileId}. */
  fileId: string | null;
  fileName: string | null;
  createdAt: string;
  error: string | null;
}
