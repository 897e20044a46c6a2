import { awardStudentSearchSchema, disciplinaryCreateSchema, disciplinarySearchSchema, disciplinaryUpdateSchema, idBodySchema, idsSchema, pagedQuerySchema } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../platform/envelope.ts';
import { t } from '../../../platform/i18n.ts';
import { AWARD_PERMISSIONS, callerOf, pageAwardStudents, pageOf, searchOf } from '../common.ts';
import { deleteDisciplinary, disciplinaryDetail, giveAward, listDisciplinary, updateDisciplinary } from './service.ts';

const P = AWARD_PERMISSIONS.disciplinary;
const VIEW = { permission: P.view } as const;
const EDIT = { permission: P.edit } as const;
const DELETE = { permission: P.remove } as const;
const STUDENTS = { anyOf: [P.view, AWARD_PERMISSIONS.aboveSchool.view] };
const refusal = 'awards.noRight' as const;
const audit = (operation: string) => ({ module: 'award.disciplinary', operation });

/** 学科获奖 (/jsgl/xkhj): docs/calls-awards.md. */
export async function disciplinaryRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['awards'];

  app.post(
    '/api/awards/disciplinary/page',
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: 'Awards the caller gave (every one with award:disciplinary:all), newest first', body: pagedQuerySchema } },
    async (request) => ok(await listDisciplinary(database.db, await callerOf(request), searchOf(disciplinarySearchSchema, request.body.search), pageOf(request.body))),
  );

  app.post(
    '/api/awards/disciplinary/get',
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: 'One given award with its pictures', body: idBodySchema } },
    async (request) => ok(await disciplinaryDetail(database.db, await callerOf(request), request.body.id)),
  );

  app.post(
    '/api/awards/disciplinary/create',
    { config: { access: EDIT, refusal, audit: audit('create') }, schema: { tags, summary: "Give an event's award to students (by student id), within its winner number", body: disciplinaryCreateSchema } },
    async (request) => {
      const created = await giveAward(database.db, await callerOf(request), request.body);
      return ok(created, t(request, 'awards.given', { count: created.ids.length }));
    },
  );

  app.post(
    '/api/awards/disciplinary/update',
    { config: { access: EDIT, refusal, audit: audit('update') }, schema: { tags, summary: "Modify a given award's pictures", body: disciplinaryUpdateSchema } },
    async (request) => {
      await updateDisciplinary(database.db, await callerOf(request), request.body);
      return ok(null, t(request, 'common.updated'));
    },
  );

  app.post(
    '/api/awards/disciplinary/delete',
    { config: { access: DELETE, refusal, audit: audit('delete') }, schema: { tags, summary: 'Take given awards back', body: idsSchema } },
    async (request) => {
      await deleteDisciplinary(database.db, await callerOf(request), request.body.ids);
      return ok(null, t(request, 'common.deleted'));
    },
  );

  app.post(
    '/api/awards/students/page',
    { config: { access: STUDENTS, readOnly: true }, schema: { tags, summary: 'In-school students the caller may give awards to (their classes; all with an :all right)', body: pagedQuerySchema } },
    async (request) =>
      ok(await pageAwardStudents(database.db, await callerOf(request), [P.all, AWARD_PERMISSIONS.aboveSchool.all], searchOf(awardStudentSearchSchema, request.body.search).keyword, pageOf(request.body))),
  );
}
