import { examBatchFormSchema, examPublishSchema } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../platform/envelope.ts';
import { t } from '../../../platform/i18n.ts';
import { registerResource, yesNo } from '../../../platform/resource.ts';
import {
  createExamBatch,
  deleteExamBatches,
  EXAM_BATCH_PERMISSION,
  examBatchList,
  examBatchOptions,
  findExamBatch,
  listExamBatches,
  publishExamBatches,
  updateExamBatch,
} from './service.ts';

/** 考试批次管理 (/kwgl/kspc): docs/calls-exams.md. */
export async function examBatchRoutes(fastify: FastifyInstance): Promise<void> {
  registerResource(fastify, {
    path: '/api/exams/batches',
    permission: EXAM_BATCH_PERMISSION,
    auditModule: 'exams.batches',
    summary: 'exam batches',
    list: examBatchList,
    fetch: listExamBatches,
    find: findExamBatch,
    form: examBatchFormSchema,
    create: createExamBatch,
    update: updateExamBatch,
    remove: deleteExamBatches,
    exportName: 'exam.exportName',
    columns: (request) => [
      { header: t(request, 'exam.col.term'), value: (r) => r.termName, width: 24 },
      { header: t(request, 'exam.col.name'), value: (r) => r.name, width: 30 },
      { header: t(request, 'exam.col.grade'), value: (r) => r.gradeName, width: 10 },
      { header: t(request, 'exam.col.category'), value: (r) => t(request, `exam.category.${r.category}`), width: 12 },
      { header: t(request, 'exam.col.level'), value: (r) => t(request, `exam.level.${r.level}`), width: 10 },
      { header: t(request, 'exam.col.weight'), value: (r) => r.weightPercent },
      { header: t(request, 'exam.col.scoreSystem'), value: (r) => r.scoreSystem },
      { header: t(request, 'exam.col.passLine'), value: (r) => r.passLine },
      { header: t(request, 'exam.col.dates'), value: (r) => (r.firstDate === r.lastDate ? r.firstDate : `${r.firstDate} ~ ${r.lastDate}`), width: 24 },
      { header: t(request, 'exam.col.subjects'), value: (r) => r.subjects.map((s) => `${s.courseName} ${s.examDate} ${s.startTime}-${s.endTime}`).join('; '), width: 50 },
      { header: t(request, 'exam.col.classes'), value: (r) => r.classNames.join(', '), width: 40 },
      { header: t(request, 'exam.col.published'), value: (r) => yesNo(request, r.published) },
    ],
  });

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['exams'];

  app.post(
    '/api/exams/batches/options',
    { config: { access: { permission: EXAM_BATCH_PERMISSION }, readOnly: true }, schema: { tags, summary: 'Terms, grades, subjects and classes for the exam form' } },
    async (request) => ok(await examBatchOptions(database.db, request.language)),
  );

  app.post(
    '/api/exams/batches/publish',
    {
      config: { access: { permission: `${EXAM_BATCH_PERMISSION}:edit` }, audit: { module: 'exams.batches', operation: 'publish' } },
      schema: { tags, summary: 'Publishes exams or cancels their publication', body: examPublishSchema },
    },
    async (request) => {
      const count = await publishExamBatches(database.db, [...new Set(request.body.ids)], request.body.published);
      return ok({ count }, t(request, request.body.published ? 'exam.published' : 'exam.unpublished', { count }));
    },
  );
}
