import { ELECTIVE_PERMISSIONS, gradeSheetSchema, gradesSaveSchema, idsSchema, indicatorFormSchema, rateSchema, statisticsSchema } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../../../platform/caller.ts';
import { ok } from '../../../platform/envelope.ts';
import { badRequest } from '../../../platform/errors.ts';
import { buildWorkbook, exportFileName, sendWorkbook } from '../../../platform/excel.ts';
import { t } from '../../../platform/i18n.ts';
import { deleteIndicators, gradeSheet, listIndicators, myRatings, saveGrades, saveIndicator, saveRating, statistics } from './service.ts';

const INDICATORS = { permission: ELECTIVE_PERMISSIONS.indicators } as const;
const EVALUATE = { permission: ELECTIVE_PERMISSIONS.evaluate } as const;
const SCORES = { anyOf: [ELECTIVE_PERMISSIONS.studentScores, ELECTIVE_PERMISSIONS.approve] } as const;
const STATISTICS = { anyOf: [ELECTIVE_PERMISSIONS.evaluate, ELECTIVE_PERMISSIONS.approve] } as const;
const audit = (operation: string) => ({ module: 'electives.evaluation', operation });

/** 选修课评价 (/xkgl/kcpj), its indicators (/kcsbpc/pjzb) and the teachers' scores (/xxkxsgl/xsdf): docs/calls-electives.md. */
export async function electiveEvaluationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['electives'];

  app.post(
    '/api/electives/indicators/list',
    { config: { access: { anyOf: [ELECTIVE_PERMISSIONS.indicators, ELECTIVE_PERMISSIONS.evaluate] }, readOnly: true }, schema: { tags, summary: 'The rating indicators, in order' } },
    async () => ok(await listIndicators(database.db)),
  );
  for (const operation of ['create', 'update'] as const) {
    app.post(
      `/api/electives/indicators/${operation}`,
      { config: { access: INDICATORS, audit: audit(`indicator.${operation}`) }, schema: { tags, summary: `${operation === 'create' ? 'Adds' : 'Changes'} a rating indicator`, body: indicatorFormSchema } },
      async (request) => {
        const form = request.body;
        if (operation === 'update' && !form.id) throw badRequest();
        const id = await saveIndicator(database.db, { ...form, id: operation === 'create' ? undefined : form.id });
        return ok({ id }, t(request, operation === 'create' ? 'common.created' : 'common.updated'));
      },
    );
  }
  app.post(
    '/api/electives/indicators/delete',
    { config: { access: INDICATORS, audit: audit('indicator.delete') }, schema: { tags, summary: 'Deletes indicators nobody has rated against', body: idsSchema } },
    async (request) => {
      await deleteIndicators(database.db, [...new Set(request.body.ids)]);
      return ok(null, t(request, 'common.deleted'));
    },
  );
  app.post(
    '/api/electives/ratings/mine',
    { config: { access: EVALUATE, readOnly: true }, schema: { tags, summary: "The student's courses to rate now, with their ratings" } },
    async (request) => ok(await myRatings(database.db, await callerOf(request))),
  );
  app.post(
    '/api/electives/ratings/save',
    { config: { access: EVALUATE, audit: audit('rate') }, schema: { tags, summary: 'Rates a course the student takes (every enabled indicator once)', body: rateSchema } },
    async (request) => {
      await saveRating(database.db, await callerOf(request), request.body);
      return ok(null, t(request, 'elective.rated'));
    },
  );
  app.post(
    '/api/electives/grades/sheet',
    { config: { access: SCORES, readOnly: true }, schema: { tags, summary: "The caller's courses and one course's students with their scores", body: gradeSheetSchema } },
    async (request) => ok(await gradeSheet(database.db, await callerOf(request), request.body.sessionId)),
  );
  app.post(
    '/api/electives/grades/save',
    { config: { access: SCORES, audit: audit('grade') }, schema: { tags, summary: "Saves the scores of a course's students (all or nothing)", body: gradesSaveSchema } },
    async (request) => {
      const count = await saveGrades(database.db, await callerOf(request), request.body);
      return ok({ count }, t(request, 'elective.gradesSaved', { count }));
    },
  );
  app.post(
    '/api/electives/statistics',
    { config: { access: STATISTICS, readOnly: true }, schema: { tags, summary: "A term's courses: seats, ratings per indicator, scores (a teacher: their own)", body: statisticsSchema } },
    async (request) => ok(await statistics(database.db, await callerOf(request), request.body.termId, request.language)),
  );
  app.get(
    '/api/electives/statistics/workbook',
    { config: { access: { permission: ELECTIVE_PERMISSIONS.approve }, readOnly: true }, schema: { tags, summary: 'The statistics of a term as Excel', querystring: statisticsSchema } },
    async (request, reply) => {
      const caller = await callerOf(request);
      const stats = await statistics(database.db, caller, request.query.termId, request.language);
      const col = (key: string) => t(request, `elective.col.${key}`);
      const indicatorNames = stats.rows[0]?.indicators ?? [];
      const name = t(request, 'elective.exportName');
      const content = await buildWorkbook(name, [
        { header: col('course'), value: (row) => row.name, width: 20 },
        { header: col('teacher'), value: (row) => row.teacherName, width: 12 },
        { header: col('enrolled'), value: (row) => row.enrolled, width: 10 },
        { header: col('capacity'), value: (row) => row.capacity, width: 10 },
        { header: col('ratings'), value: (row) => row.ratings, width: 10 },
        ...indicatorNames.map((indicator, index) => ({ header: `${indicator.name} (${indicator.maxScore})`, value: (row: (typeof stats.rows)[number]) => row.indicators[index]?.average ?? '', width: 14 })),
        { header: col('overall'), value: (row) => (row.overall === null ? '' : Math.round(row.overall * 1000) / 10), width: 10 },
        { header: col('graded'), value: (row) => row.graded, width: 10 },
        { header: col('gradeAverage'), value: (row) => row.gradeAverage ?? '', width: 12 },
      ], stats.rows);
      return sendWorkbook(reply, exportFileName(name), content);
    },
  );
}
