import { TERM_STUDENT_PERMISSION, exportQuerySchema, optionalIdSchema, pagedQuerySchema, termIdSchema, termStudentStatusSchema } from '@campus/contract';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../platform/envelope.ts';
import { buildWorkbook, EXPORT_ROW_LIMIT, exportFileName, sendWorkbook } from '../../../platform/excel.ts';
import { t } from '../../../platform/i18n.ts';
import { copyFromPrevious, pageTermStudents, setStatus, termCounts, termStudentList } from './service.ts';

const VIEW = { permission: TERM_STUDENT_PERMISSION } as const;
const EDIT = { permission: `${TERM_STUDENT_PERMISSION}:edit` } as const;
const audit = (operation: string) => ({ module: 'system.termStudent', operation });

/** 学年学期管理 / 学生维护 (/jxzygl/xnxqgl/xswh): docs/calls-teaching.md. */
export async function termStudentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['system'];
  const base = '/api/system/termStudents';

  app.post(
    `${base}/page`,
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: "A term's students (the current term by default), paged", body: pagedQuerySchema } },
    async (request) => ok(await pageTermStudents(database.db, termStudentList.parse(request.body), true, request.language)),
  );
  app.post(
    `${base}/counts`,
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: 'Counts by grade and status of a term, the terms and the term before', body: z.object({ termId: optionalIdSchema }) } },
    async (request) => ok(await termCounts(database.db, request.body.termId, request.language)),
  );
  app.post(
    `${base}/copy`,
    { config: { access: EDIT, audit: audit('copy') }, schema: { tags, summary: 'Registers the students of the term before (or those in school) in the term', body: termIdSchema } },
    async (request) => ok(null, await copyFromPrevious(database.db, request.body.termId, request.language)),
  );
  app.post(
    `${base}/status`,
    { config: { access: EDIT, audit: audit('status') }, schema: { tags, summary: 'Sets students of the term registered, suspended or left', body: termStudentStatusSchema } },
    async (request) => {
      const count = await setStatus(database.db, request.body);
      return ok({ count }, t(request, 'termStudent.saved', { count }));
    },
  );
  app.get(
    `${base}/export`,
    { config: { access: VIEW }, schema: { tags, summary: 'The list as an Excel file', querystring: exportQuerySchema } },
    async (request, reply) => {
      const { rows } = await pageTermStudents(database.db, termStudentList.parse({ ...request.query, currPage: 0, limit: EXPORT_ROW_LIMIT }), false, request.language);
      const col = (key: string) => t(request, `termStudent.col.${key}`);
      const name = t(request, 'termStudent.exportName');
      const content = await buildWorkbook(name, [
        { header: col('number'), value: (r) => r.studentNumber, width: 14 },
        { header: col('name'), value: (r) => r.name, width: 12 },
        { header: col('grade'), value: (r) => r.gradeName, width: 10 },
        { header: col('class'), value: (r) => r.className, width: 14 },
        { header: col('status'), value: (r) => t(request, `termStudent.status.${r.status}`), width: 10 },
        { header: col('remark'), value: (r) => r.remark, width: 30 },
      ], rows);
      return sendWorkbook(reply, exportFileName(name), content);
    },
  );
}
