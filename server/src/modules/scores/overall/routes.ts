import { OVERALL_PERMISSIONS, idsSchema, overallCandidatesSchema, overallDetailsSchema, overallIdSchema, overallListSchema, overallSchemeFormSchema, translate } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../../../platform/caller.ts';
import { ok } from '../../../platform/envelope.ts';
import { buildWorkbook, exportFileName, sendWorkbook, type ExportColumn } from '../../../platform/excel.ts';
import { t } from '../../../platform/i18n.ts';
import type { OverallStudentRow } from '@campus/contract';
import { deleteOverallSchemes, overallCandidates, overallDetails, overallList, overallScheme, saveOverallScheme } from './service.ts';

/** 总评 (/cjfxNew/zpfx/zpfxgl, zpfxsz, cjxq): docs/calls-scores.md. */
export async function overallRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['scores'];
  const view = { access: { permission: OVERALL_PERMISSIONS.view }, readOnly: true };
  const audit = (operation: string) => ({ module: 'scores.overall', operation });

  app.post(
    '/api/scores/overall/list',
    { config: view, schema: { tags, summary: "Terms, grades, and a term's overall score schemes with their exams and weights", body: overallListSchema } },
    async (request) => ok(await overallList(database.db, request.language, request.body.termId)),
  );
  app.post(
    '/api/scores/overall/get',
    { config: view, schema: { tags, summary: 'One scheme', body: overallIdSchema } },
    async (request) => ok(await overallScheme(database.db, request.language, request.body.id)),
  );
  app.post(
    '/api/scores/overall/candidates',
    { config: view, schema: { tags, summary: 'The score batches of a term and grade a scheme may use', body: overallCandidatesSchema } },
    async (request) => ok(await overallCandidates(database.db, request.language, request.body.termId, request.body.gradeId)),
  );
  app.post(
    '/api/scores/overall/save',
    { config: { access: { permission: OVERALL_PERMISSIONS.edit }, audit: audit('save') }, schema: { tags, summary: 'Creates (no id) or changes a scheme with its exams and weights', body: overallSchemeFormSchema } },
    async (request) => {
      const saved = await saveOverallScheme(database.db, request.body, request.auth!.userId);
      return ok({ id: saved.id }, t(request, 'overall.saved', { name: saved.name }));
    },
  );
  app.post(
    '/api/scores/overall/delete',
    { config: { access: { permission: OVERALL_PERMISSIONS.delete }, audit: audit('delete') }, schema: { tags, summary: 'Deletes schemes (the scores stay)', body: idsSchema } },
    async (request) => ok({ deleted: await deleteOverallSchemes(database.db, request.body.ids) }, t(request, 'common.deleted')),
  );
  app.post(
    '/api/scores/overall/details',
    { config: view, schema: { tags, summary: "A class's overall scores: per subject, the total and places, with each exam's part", body: overallDetailsSchema } },
    async (request) => ok(await overallDetails(database.db, await callerOf(request), request.body.id, request.body.classId)),
  );
  // Named workbook, not export: an export right would make every class teacher sign in with a second factor.
  app.get(
    '/api/scores/overall/workbook',
    { config: view, schema: { tags, summary: "A class's overall scores as Excel", querystring: overallDetailsSchema } },
    async (request, reply) => {
      const caller = await callerOf(request);
      const details = await overallDetails(database.db, caller, request.query.id, request.query.classId);
      const tr = (key: string) => translate(caller.language, key);
      const columns: ExportColumn<OverallStudentRow>[] = [
        { header: tr('overall.col.studentNumber'), value: (row) => row.studentNumber, width: 14 },
        { header: tr('overall.col.name'), value: (row) => row.name, width: 12 },
        ...details.subjects.map((subject) => ({ header: subject.courseName, value: (row: OverallStudentRow) => row.overall[String(subject.courseId)] ?? '' })),
        { header: tr('overall.col.total'), value: (row) => row.total ?? '' },
        { header: tr('overall.col.classRank'), value: (row) => row.classRank ?? '' },
      ];
      const className = details.classes.find((cls) => cls.id === details.classId)?.name ?? '';
      const content = await buildWorkbook(`${details.scheme.name} ${className}`, columns, details.rows);
      return sendWorkbook(reply, exportFileName(`${tr('overall.exportName')}-${details.scheme.name}-${className}`), content);
    },
  );
}
