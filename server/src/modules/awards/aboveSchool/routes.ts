import { aboveSchoolCreateSchema, aboveSchoolSearchSchema, aboveSchoolUpdateSchema, idBodySchema, idsSchema, pagedQuerySchema } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../platform/envelope.ts';
import { t } from '../../../platform/i18n.ts';
import { AWARD_PERMISSIONS, callerOf, pageOf, searchOf } from '../common.ts';
import { aboveSchoolDetail, createAboveSchool, deleteAboveSchool, listAboveSchool, updateAboveSchool } from './service.ts';

const P = AWARD_PERMISSIONS.aboveSchool;
const VIEW = { permission: P.view } as const;
const EDIT = { permission: P.edit } as const;
const DELETE = { permission: P.remove } as const;
const refusal = 'awards.noRight' as const;
const audit = (operation: string) => ({ module: 'award.aboveSchool', operation });

/** 校级以上获奖 (/jsgl/xjys): docs/calls-awards.md. */
export async function aboveSchoolRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['awards'];

  app.post(
    '/api/awards/aboveSchool/page',
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: 'Awards above school level the caller recorded (every one with award:aboveSchool:all)', body: pagedQuerySchema } },
    async (request) => ok(await listAboveSchool(database.db, await callerOf(request), searchOf(aboveSchoolSearchSchema, request.body.search), pageOf(request.body))),
  );

  app.post(
    '/api/awards/aboveSchool/get',
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: 'One award above school level with its certificate pictures', body: idBodySchema } },
    async (request) => ok(await aboveSchoolDetail(database.db, await callerOf(request), request.body.id)),
  );

  app.post(
    '/api/awards/aboveSchool/create',
    { config: { access: EDIT, refusal, audit: audit('create') }, schema: { tags, summary: 'Record an award above school level', body: aboveSchoolCreateSchema } },
    async (request) => ok(await createAboveSchool(database.db, await callerOf(request), request.body), t(request, 'common.saved')),
  );

  app.post(
    '/api/awards/aboveSchool/update',
    { config: { access: EDIT, refusal, audit: audit('update') }, schema: { tags, summary: 'Modify an award above school level', body: aboveSchoolUpdateSchema } },
    async (request) => {
      await updateAboveSchool(database.db, await callerOf(request), request.body);
      return ok(null, t(request, 'common.updated'));
    },
  );

  app.post(
    '/api/awards/aboveSchool/delete',
    { config: { access: DELETE, refusal, audit: audit('delete') }, schema: { tags, summary: 'Delete awards above school level', body: idsSchema } },
    async (request) => {
      await deleteAboveSchool(database.db, await callerOf(request), request.body.ids);
      return ok(null, t(request, 'common.deleted'));
    },
  );
}
