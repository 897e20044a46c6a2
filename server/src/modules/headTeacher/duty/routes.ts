import { classBodySchema, dutyRosterSchema } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../../../platform/caller.ts';
import { ok } from '../../../platform/envelope.ts';
import { t } from '../../../platform/i18n.ts';
import { HEAD_TEACHER_ACCESS, auditOf } from '../common.ts';
import { dutyRoster, saveDutyRoster } from './service.ts';

/** 每周值日 (/bzrgzscgl/mzgz): docs/calls-headTeacher.md. */
export async function headTeacherDutyRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['headTeacher'];
  app.post(
    '/api/headTeacher/duty/get',
    { config: { access: HEAD_TEACHER_ACCESS, readOnly: true }, schema: { tags, summary: "The class's duty group of each teaching day", body: classBodySchema } },
    async (request) => ok(await dutyRoster(database.db, await callerOf(request), request.body.classId)),
  );
  app.post(
    '/api/headTeacher/duty/save',
    { config: { access: HEAD_TEACHER_ACCESS, audit: auditOf('duty')('save') }, schema: { tags, summary: 'Saves the whole week (a student on duty once a week at most)', body: dutyRosterSchema } },
    async (request) => {
      await saveDutyRoster(database.db, await callerOf(request), request.body);
      return ok(null, t(request, 'headTeacher.saved'));
    },
  );
}
