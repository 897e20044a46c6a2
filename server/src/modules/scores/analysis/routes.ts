import { sql } from 'drizzle-orm';
import {
  SCORE_ANALYSIS_PERMISSIONS,
  TOTAL_COURSE_ID,
  analysisBatchSchema,
  analysisBatchesSchema,
  analysisClassSchema,
  analysisClassesSchema,
  analysisRankingSchema,
  analysisStudentSchema,
  translate,
  type ScoreMark,
} from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { queryRows } from '../../../db/client.ts';
import { callerOf } from '../../../platform/caller.ts';
import { ok } from '../../../platform/envelope.ts';
import { EXPORT_ROW_LIMIT, sendWorkbook } from '../../../platform/excel.ts';
import { t } from '../../../platform/i18n.ts';
import { buildAnalysisWorkbook } from './excel.ts';
import { analysisBatches, classComparison, classScores, gradeAnalysis, ranking, studentAnalysis, teacherAnalysis } from './service.ts';

/** 成绩分析 (/cjfxNew/cjfx/cjxq): docs/calls-scores.md. */
export async function scoreAnalysisRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['scores'];
  const access = { permission: SCORE_ANALYSIS_PERMISSIONS.view };
  const config = { access, readOnly: true };

  app.post(
    '/api/scores/analysis/batches',
    { config, schema: { tags, summary: 'Terms, and the released batches of a term with the state of their analysis', body: analysisBatchesSchema } },
    async (request) => ok(await analysisBatches(database.db, await callerOf(request), request.body.termId)),
  );
  app.post(
    '/api/scores/analysis/grade',
    { config, schema: { tags, summary: "The grade's figures of each subject and of the total", body: analysisBatchSchema } },
    async (request) => ok(await gradeAnalysis(database.db, await callerOf(request), request.body.batchId)),
  );
  app.post(
    '/api/scores/analysis/classes',
    { config, schema: { tags, summary: "Each class's figures of one subject (0: the total) beside the grade's", body: analysisClassesSchema } },
    async (request) => ok(await classComparison(database.db, await callerOf(request), request.body.batchId, request.body.courseId)),
  );
  app.post(
    '/api/scores/analysis/ranking',
    { config, schema: { tags, summary: "A page of the grade's or a class's ranking in a subject or the total", body: analysisRankingSchema } },
    async (request) => ok(await ranking(database.db, await callerOf(request), request.body)),
  );
  app.post(
    '/api/scores/analysis/class',
    { config, schema: { tags, summary: "A class's students with every subject, total and places, and the class's figures beside the grade's", body: analysisClassSchema } },
    async (request) => ok(await classScores(database.db, await callerOf(request), request.body.batchId, request.body.classId)),
  );
  app.post(
    '/api/scores/analysis/student',
    { config, schema: { tags, summary: "A student's trend across the analysed exams and their latest subjects against the grade", body: analysisStudentSchema } },
    async (request) => ok(await studentAnalysis(database.db, await callerOf(request), request.body.studentId)),
  );
  app.post(
    '/api/scores/analysis/teacher',
    { config, schema: { tags, summary: "The caller's classes and subjects in the batch against the grade", body: analysisBatchSchema } },
    async (request) => ok(await teacherAnalysis(database.db, await callerOf(request), request.body.batchId)),
  );
  // Named workbook, not export: a GET …/export makes its permission an export right that needs a second
  // factor at login (session/auth/mfaRoutes), and class teachers hold this one for their figures; the
  // grade's ranking sheet is only written for the ranking right's holders.
  app.get(
    '/api/scores/analysis/workbook',
    { config: { access: { permission: SCORE_ANALYSIS_PERMISSIONS.export }, readOnly: true }, schema: { tags, summary: 'The analysis of a batch as Excel', querystring: analysisBatchSchema } },
    async (request, reply) => {
      const caller = await callerOf(request);
      const { batchId } = request.query;
      const grade = await gradeAnalysis(database.db, caller, batchId);
      const comparisons = await Promise.all(grade.subjects.map((subject) => classComparison(database.db, caller, batchId, subject.courseId, { bands: true })));
      let rankingSheet = null;
      if (caller.permissions.has(SCORE_ANALYSIS_PERMISSIONS.ranking)) {
        const totals = await ranking(database.db, caller, { batchId, courseId: TOTAL_COURSE_ID, currPage: 0, limit: EXPORT_ROW_LIMIT });
        const cells = await queryRows<{ studentId: number; courseId: number; score: number | null; mark: ScoreMark | null }>(database.db, sql`
          SELECT sc.student_id AS "studentId", sc.course_id AS "courseId", sc.score::float8 AS score, sc.mark FROM scores sc WHERE sc.batch_id = ${batchId}`);
        const scores = new Map<number, Map<number, string | number>>();
        for (const cell of cells) {
          const value = cell.score ?? (cell.mark ? translate(caller.language, cell.mark === 'absent' ? 'scoreEntry.absent' : 'scoreEntry.exempt') : '');
          scores.set(cell.studentId, (scores.get(cell.studentId) ?? new Map<number, string | number>()).set(cell.courseId, value));
        }
        rankingSheet = { rows: totals.rows, subjects: grade.subjects.filter((subject) => subject.courseId !== TOTAL_COURSE_ID), scores };
      }
      const content = await buildAnalysisWorkbook(caller.language, grade, comparisons, rankingSheet);
      return sendWorkbook(reply, `${t(request, 'scoreAnalysis.exportName', { batch: grade.batch.name })}.xlsx`, content);
    },
  );
}
