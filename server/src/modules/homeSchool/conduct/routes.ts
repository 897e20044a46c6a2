import { conductCreateSchema, conductReplySchema, conductSearchSchema, conductUpdateSchema, idBodySchema, idsSchema, pagedQuerySchema } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../platform/envelope.ts';
import { t } from '../../../platform/i18n.ts';
import { callerOf, pageOf, searchOf } from '../common.ts';
import { pageChoosableStudents } from '../../shared/students/choices.ts';
import {
  CONDUCT_PERMISSIONS,
  conductDetail,
  createConduct,
  deleteConduct,
  listConduct,
  listMyConduct,
  openMyConduct,
  replyToConduct,
  updateConduct,
} from './service.ts';

const VIEW = { permission: CONDUCT_PERMISSIONS.view } as const;
const EDIT = { permission: CONDUCT_PERMISSIONS.edit } as const;
const DELETE = { permission: CONDUCT_PERMISSIONS.remove } as const;
const REPLY = { permission: CONDUCT_PERMISSIONS.reply } as const;
const refusal = 'homeSchool.conduct.noRight' as const;
const audit = (operation: string) => ({ module: 'homeSchool.conduct', operation });

function conductSearch(search: unknown) {
  const parsed = searchOf(conductSearchSchema, search);
  return { keyword: parsed.keyword || undefined, category: parsed.category || undefined, replied: parsed.replied || undefined };
}



/** 表现发布 (/jxhd/bxfb) and 表现回复 (/jxhd/bxhf): docs/calls-homeSchool.md, "Conduct". */
export async function conductRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['homeSchool'];

  app.post(
    '/api/homeSchool/conduct/page',
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: 'Conduct records the caller wrote (all with homeSchool:performance:all), with the replies', body: pagedQuerySchema } },
    async (request) => ok(await listConduct(database.db, await callerOf(request), conductSearch(request.body.search), pageOf(request.body))),
  );

  app.post(
    '/api/homeSchool/conduct/get',
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: 'One conduct record with its replies', body: idBodySchema } },
    async (request) => ok(await conductDetail(database.db, await callerOf(request), request.body.id)),
  );

  app.post(
    '/api/homeSchool/conduct/create',
    { config: { access: EDIT, refusal, audit: audit('create') }, schema: { tags, summary: "Record conduct for students; their parents get a message", body: conductCreateSchema } },
    async (request) => {
      const ids = await createConduct(database.db, await callerOf(request), request.body);
      return ok({ ids }, t(request, 'homeSchool.conduct.published', { count: ids.length }));
    },
  );

  app.post(
    '/api/homeSchool/conduct/update',
    { config: { access: EDIT, refusal, audit: audit('update') }, schema: { tags, summary: "Modify a conduct record's classification, content and result", body: conductUpdateSchema } },
    async (request) => {
      await updateConduct(database.db, await callerOf(request), request.body);
      return ok(null, t(request, 'common.updated'));
    },
  );

  app.post(
    '/api/homeSchool/conduct/delete',
    { config: { access: DELETE, refusal, audit: audit('delete') }, schema: { tags, summary: 'Delete conduct records with their replies and messages', body: idsSchema } },
    async (request) => {
      await deleteConduct(database.db, await callerOf(request), request.body.ids);
      return ok(null, t(request, 'common.deleted'));
    },
  );

  app.post(
    '/api/homeSchool/conduct/students',
    { config: { access: EDIT, readOnly: true }, schema: { tags, summary: 'In-school students the caller may record conduct for, by number or name', body: pagedQuerySchema } },
    async (request) => {
      const caller = await callerOf(request);
      const keyword = searchOf(conductSearchSchema, request.body.search).keyword || undefined;
      return ok(await pageChoosableStudents(database.db, caller.auth, caller.permissions.has(CONDUCT_PERMISSIONS.all), keyword, pageOf(request.body)));
    },
  );

  app.post(
    '/api/homeSchool/conductReplies/page',
    { config: { access: REPLY, readOnly: true }, schema: { tags, summary: "Conduct records of the caller's children, newest first, with the caller's reply", body: pagedQuerySchema } },
    async (request) => ok(await listMyConduct(database.db, request.auth!, conductSearch(request.body.search), pageOf(request.body))),
  );

  app.post(
    '/api/homeSchool/conductReplies/get',
    { config: { access: REPLY, audit: { module: 'homeSchool.conductReplies', operation: 'read' } }, schema: { tags, summary: "One record of a child's; marks its message read", body: idBodySchema } },
    async (request) => ok(await openMyConduct(database.db, request.auth!, request.body.id)),
  );

  app.post(
    '/api/homeSchool/conductReplies/reply',
    { config: { access: REPLY, audit: audit('reply') }, schema: { tags, summary: 'Reply to a conduct record that asks for one; the teacher gets a message', body: conductReplySchema } },
    async (request) => {
      await replyToConduct(database.db, request.auth!, request.body.id, request.body.content);
      return ok(null, t(request, 'homeSchool.conduct.replied'));
    },
  );
}
