import { OPEN_CLASS_PERMISSIONS, evaluateSchema, evaluationSetFormSchema, idBodySchema, idsSchema, openClassFormSchema, openClassStatisticsSchema, pagedQuerySchema } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../../../platform/caller.ts';
import { ok } from '../../../platform/envelope.ts';
import { badRequest } from '../../../platform/errors.ts';
import { t } from '../../../platform/i18n.ts';
import { registerResource, yesNo } from '../../../platform/resource.ts';
import {
  cancelSignUp,
  createOpenClass,
  deleteOpenClasses,
  evaluate,
  getOpenClass,
  openClassContent,
  openClassList,
  openClassOptions,
  openClassStatistics,
  pageOpenClasses,
  signUp,
  updateOpenClass,
} from './service.ts';
import { createSet, deleteSets, findSet, listSets, setList, updateSet } from './sets.ts';

const READ = { anyOf: [OPEN_CLASS_PERMISSIONS.view, OPEN_CLASS_PERMISSIONS.content] } as const;
const EDIT = { permission: OPEN_CLASS_PERMISSIONS.edit } as const;
const DELETE = { permission: OPEN_CLASS_PERMISSIONS.delete } as const;
const audit = (operation: string) => ({ module: 'safety.openClass', operation });

/** 公开课评价 (/bxjl/gkkpj), an open class's evaluation (/gkkMgr/pjrn) and the evaluation sets (/sjpj/pjnr): docs/calls-teaching.md. */
export async function openClassRoutes(fastify: FastifyInstance): Promise<void> {
  registerResource(fastify, {
    path: '/api/safety/evaluationSets',
    permission: OPEN_CLASS_PERMISSIONS.sets,
    auditModule: 'safety.evaluationSet',
    summary: 'evaluation sets of open classes',
    list: setList,
    fetch: (db, request, withTotal) => listSets(db, request, withTotal),
    find: (db, id) => findSet(db, id),
    form: evaluationSetFormSchema,
    create: createSet,
    update: (db, form) => updateSet(db, form),
    remove: deleteSets,
    exportName: 'openClass.exportName',
    columns: (request) => [
      { header: t(request, 'openClass.col.name'), value: (r) => r.name, width: 20 },
      { header: t(request, 'openClass.col.items'), value: (r) => r.items.map((i) => `${i.name} (${i.maxScore}, ${i.weight}%)`).join('; '), width: 60 },
      { header: t(request, 'openClass.col.anonymous'), value: (r) => yesNo(request, r.anonymous) },
      { header: t(request, 'openClass.col.used'), value: (r) => r.used },
    ],
  });

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['safety'];
  const base = '/api/safety/openClasses';

  app.post(
    `${base}/page`,
    { config: { access: READ, readOnly: true }, schema: { tags, summary: "The school's open classes with the caller's sign-up and evaluation, paged", body: pagedQuerySchema } },
    async (request) => ok(await pageOpenClasses(database.db, await callerOf(request), openClassList.parse(request.body))),
  );
  app.post(
    `${base}/get`,
    { config: { access: READ, readOnly: true }, schema: { tags, summary: 'One open class', body: idBodySchema } },
    async (request) => ok(await getOpenClass(database.db, await callerOf(request), request.body.id)),
  );
  app.post(
    `${base}/options`,
    { config: { access: READ, readOnly: true }, schema: { tags, summary: 'Terms, teachers, courses, classes, rooms, periods and evaluation sets to choose from' } },
    async (request) => ok(await openClassOptions(database.db, await callerOf(request))),
  );
  app.post(
    `${base}/create`,
    { config: { access: EDIT, audit: audit('create') }, schema: { tags, summary: 'Schedules an open class (a teacher their own, the office anyone’s)', body: openClassFormSchema } },
    async (request) => ok({ id: await createOpenClass(database.db, await callerOf(request), request.body) }, t(request, 'common.created')),
  );
  app.post(
    `${base}/update`,
    { config: { access: EDIT, audit: audit('update') }, schema: { tags, summary: 'Changes an open class nobody has evaluated yet', body: openClassFormSchema } },
    async (request) => {
      const form = request.body;
      if (!form.id) throw badRequest();
      await updateOpenClass(database.db, await callerOf(request), { ...form, id: form.id });
      return ok(null, t(request, 'common.updated'));
    },
  );
  app.post(
    `${base}/delete`,
    { config: { access: DELETE, audit: audit('delete') }, schema: { tags, summary: 'Deletes open classes nobody has evaluated yet', body: idsSchema } },
    async (request) => {
      await deleteOpenClasses(database.db, await callerOf(request), [...new Set(request.body.ids)]);
      return ok(null, t(request, 'common.deleted'));
    },
  );
  app.post(
    `${base}/signUp`,
    { config: { access: READ, audit: audit('signUp') }, schema: { tags, summary: 'A colleague signs up to attend', body: idBodySchema } },
    async (request) => {
      await signUp(database.db, await callerOf(request), request.body.id);
      return ok(null, t(request, 'openClass.signedUp'));
    },
  );
  app.post(
    `${base}/cancelSignUp`,
    { config: { access: READ, audit: audit('cancelSignUp') }, schema: { tags, summary: 'Cancels a sign-up before the class (not once evaluated)', body: idBodySchema } },
    async (request) => {
      await cancelSignUp(database.db, await callerOf(request), request.body.id);
      return ok(null, t(request, 'openClass.signUpCancelled'));
    },
  );
  app.post(
    `${base}/content`,
    { config: { access: READ, readOnly: true }, schema: { tags, summary: "An open class's evaluation content, the caller's evaluation and (its teacher, the office) the results", body: idBodySchema } },
    async (request) => ok(await openClassContent(database.db, await callerOf(request), request.body.id)),
  );
  app.post(
    `${base}/evaluate`,
    { config: { access: READ, audit: audit('evaluate') }, schema: { tags, summary: 'A colleague who attended scores every item once, before the deadline', body: evaluateSchema } },
    async (request) => {
      await evaluate(database.db, await callerOf(request), request.body);
      return ok(null, t(request, 'openClass.evaluationSaved'));
    },
  );
  app.post(
    `${base}/statistics`,
    { config: { access: READ, readOnly: true }, schema: { tags, summary: 'Per open class and per teacher of a term (a teacher: their own)', body: openClassStatisticsSchema } },
    async (request) => ok(await openClassStatistics(database.db, await callerOf(request), request.body.termId, request.language)),
  );
}
