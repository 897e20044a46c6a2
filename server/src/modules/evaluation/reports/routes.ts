import { REPORT_PERMISSIONS, reportPdfQuerySchema, reportSchema, reportStudentsSchema, studyClassRunSchema, translate } from '@campus/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { backgroundOf } from '../../../platform/background.ts';
import { callerOf } from '../../../platform/caller.ts';
import { ok } from '../../../platform/envelope.ts';
import { t } from '../../../platform/i18n.ts';
import { contentDisposition } from '../../shared/files/routes.ts';
import { qualityReportPdf, studyReportsPdf } from './pdf.ts';
import { qualityReport, reportStudents, studyReport } from './service.ts';
import { queueStudyRun, studyRuns } from './studyRuns.ts';

/** 综合素质报告 (/xspj/zhszbg) and 学业报告 (/xspj/xybg): docs/calls-evaluation.md. */
export async function reportRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['evaluation'];
  const quality = { permission: REPORT_PERMISSIONS.quality };
  const study = { permission: REPORT_PERMISSIONS.study };
  const sendPdf = (reply: FastifyReply, name: string, pdf: Buffer) =>
    reply.header('content-type', 'application/pdf').header('content-disposition', contentDisposition('attachment', `${name}.pdf`)).header('cache-control', 'private, no-store').send(pdf);

  app.post(
    '/api/evaluation/quality/students',
    { config: { access: quality, readOnly: true }, schema: { tags, summary: 'Terms, and whose quality reports the caller may open (a family its own; staff a class)', body: reportStudentsSchema } },
    async (request) => ok(await reportStudents(database.db, await callerOf(request), 'quality', request.body.termId, request.body.classId)),
  );
  app.post(
    '/api/evaluation/quality/report',
    { config: { access: quality, readOnly: true }, schema: { tags, summary: "A student's term: evaluations, awards, conduct records and released scores", body: reportSchema } },
    async (request) => ok(await qualityReport(database.db, await callerOf(request), request.body.studentId, request.body.termId)),
  );
  app.get(
    '/api/evaluation/quality/pdf',
    { config: { access: quality }, schema: { tags, summary: 'The quality report as PDF', querystring: reportPdfQuerySchema } },
    async (request, reply) => {
      const caller = await callerOf(request);
      const language = request.query.lang ?? caller.language;
      const report = await qualityReport(database.db, { ...caller, language }, request.query.studentId, request.query.termId);
      const pdf = await qualityReportPdf(report, language);
      return sendPdf(reply, `${translate(language, 'report.qualityTitle')} ${report.student.name} ${report.term.name}`, pdf);
    },
  );

  app.post(
    '/api/evaluation/study/students',
    { config: { access: study, readOnly: true }, schema: { tags, summary: 'Terms, and whose study reports the caller may open (a family its own; staff a class)', body: reportStudentsSchema } },
    async (request) => ok(await reportStudents(database.db, await callerOf(request), 'study', request.body.termId, request.body.classId)),
  );
  app.post(
    '/api/evaluation/study/report',
    { config: { access: study, readOnly: true }, schema: { tags, summary: "A student's released scores of a term, subject by exam, with places and the class teacher's comment", body: reportSchema } },
    async (request) => ok(await studyReport(database.db, await callerOf(request), request.body.studentId, request.body.termId)),
  );
  app.get(
    '/api/evaluation/study/pdf',
    { config: { access: study }, schema: { tags, summary: 'The study report as PDF', querystring: reportPdfQuerySchema } },
    async (request, reply) => {
      const caller = await callerOf(request);
      const language = request.query.lang ?? caller.language;
      const report = await studyReport(database.db, { ...caller, language }, request.query.studentId, request.query.termId);
      const pdf = await studyReportsPdf(1, async () => report, language);
      return sendPdf(reply, `${translate(language, 'report.studyTitle')} ${report.student.name} ${report.term.name}`, pdf);
    },
  );
  app.post(
    '/api/evaluation/study/classRun',
    { config: { access: study, audit: { module: 'evaluation.study', operation: 'classRun' } }, schema: { tags, summary: "Makes a class's study reports as one PDF in the background", body: studyClassRunSchema } },
    async (request) => {
      const queued = await queueStudyRun(database.db, await callerOf(request), request.body.classId, request.body.termId);
      backgroundOf(app).nudge();
      return ok({ id: queued.id }, t(request, 'report.runQueued', { className: queued.className }));
    },
  );
  app.post(
    '/api/evaluation/study/runs',
    { config: { access: study, readOnly: true }, schema: { tags, summary: "The caller's latest class runs with their progress and file" } },
    async (request) => ok(await studyRuns(database.db, await callerOf(request))),
  );
}
