import { classBodySchema } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../../../platform/caller.ts';
import { ok } from '../../../platform/envelope.ts';
import { forbidden } from '../../../platform/errors.ts';
import { isAdministrator } from '../../../platform/scope.ts';
import { HEAD_TEACHER_ACCESS, classFor, classesOf } from '../common.ts';
import { recordCounts } from '../records/service.ts';
import { classOverview, classStudentList, headTeacherProfile } from './service.ts';

/** 班级概况 (/bzrsc/bjgk), 班级工作 (/bzrsc/bjgz), 班主任详情 and 学生概况: docs/calls-headTeacher.md. */
export async function headTeacherOverviewRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['headTeacher'];
  const base = '/api/headTeacher';

  app.post(
    `${base}/classes`,
    { config: { access: HEAD_TEACHER_ACCESS, readOnly: true }, schema: { tags, summary: 'The classes the caller may open here (a class teacher: their own; an administrator: all)' } },
    async (request) => {
      const caller = await callerOf(request);
      const classes = await classesOf(database.db, caller);
      if (classes.length === 0 && !isAdministrator(caller.auth)) throw forbidden('headTeacher.noClass');
      return ok(classes);
    },
  );
  app.post(
    `${base}/overview`,
    { config: { access: HEAD_TEACHER_ACCESS, readOnly: true }, schema: { tags, summary: 'Class overview: students, parents, dormitory places, on leave today, recent conduct and awards', body: classBodySchema } },
    async (request) => ok(await classOverview(database.db, await callerOf(request), request.body.classId)),
  );
  app.post(
    `${base}/students`,
    { config: { access: HEAD_TEACHER_ACCESS, readOnly: true }, schema: { tags, summary: "学生概况: the class's students with their key facts", body: classBodySchema } },
    async (request) => ok(await classStudentList(database.db, await callerOf(request), request.body.classId)),
  );
  app.post(
    `${base}/profile`,
    { config: { access: HEAD_TEACHER_ACCESS, readOnly: true }, schema: { tags, summary: "班主任详情: the class's teacher, appointments, classes and this term's records", body: classBodySchema } },
    async (request) => ok(await headTeacherProfile(database.db, await callerOf(request), request.body.classId)),
  );
  app.post(
    `${base}/counts`,
    { config: { access: HEAD_TEACHER_ACCESS, readOnly: true }, schema: { tags, summary: "班级工作: this term's record counts per kind of the class", body: classBodySchema } },
    async (request) => {
      const caller = await callerOf(request);
      await classFor(database.db, caller, request.body.classId);
      return ok(await recordCounts(database.db, caller, request.body.classId));
    },
  );
}
