import { z } from 'zod';
import { classBodySchema, idSchema, seatingSaveSchema, translate } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../../../platform/caller.ts';
import { ok } from '../../../platform/envelope.ts';
import { exportFileName, sendWorkbook } from '../../../platform/excel.ts';
import { t } from '../../../platform/i18n.ts';
import { HEAD_TEACHER_ACCESS, auditOf } from '../common.ts';
import { saveSeating, seatingChart, seatingPdf, seatingVersions, seatingWorkbook } from './service.ts';

const chartQuery = z.object({ classId: idSchema, versionId: idSchema.optional() });
const fileQuery = chartQuery.extend({ format: z.enum(['xlsx', 'pdf']).default('xlsx') });

/** 座位表 (/bzrgzscgl/works/zwb): docs/calls-headTeacher.md. */
export async function headTeacherSeatingRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['headTeacher'];
  const base = '/api/headTeacher/seating';

  app.post(
    `${base}/get`,
    { config: { access: HEAD_TEACHER_ACCESS, readOnly: true }, schema: { tags, summary: 'The newest seating chart (or a saved version) with the class’s students', body: chartQuery } },
    async (request) => ok(await seatingChart(database.db, await callerOf(request), request.body.classId, request.body.versionId)),
  );
  app.post(
    `${base}/versions`,
    { config: { access: HEAD_TEACHER_ACCESS, readOnly: true }, schema: { tags, summary: 'The saved versions, newest first', body: classBodySchema } },
    async (request) => ok(await seatingVersions(database.db, await callerOf(request), request.body.classId)),
  );
  app.post(
    `${base}/save`,
    { config: { access: HEAD_TEACHER_ACCESS, audit: auditOf('seating')('save') }, schema: { tags, summary: 'Saves the arrangement as the next version (built on baseVersion)', body: seatingSaveSchema } },
    async (request) => {
      const version = await saveSeating(database.db, await callerOf(request), request.body);
      return ok({ version }, t(request, 'headTeacher.seatingSaved', { version }));
    },
  );
  // A printable sheet of one chart, like an exam room's seat list (exams/rooms `/sheet`), not a list export.
  app.get(
    `${base}/sheet`,
    { config: { access: HEAD_TEACHER_ACCESS }, schema: { tags, summary: 'The chart as an Excel sheet or a printable PDF', querystring: fileQuery } },
    async (request, reply) => {
      const caller = await callerOf(request);
      const chart = await seatingChart(database.db, caller, request.query.classId, request.query.versionId);
      const name = `${chart.className}${translate(caller.language, 'headTeacher.seating.exportName')}`;
      if (request.query.format === 'pdf') {
        const pdf = await seatingPdf(chart, caller.language);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`${name}.pdf`)}`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      }
      return sendWorkbook(reply, exportFileName(name), await seatingWorkbook(chart, caller.language));
    },
  );
}
