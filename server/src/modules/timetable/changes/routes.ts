import { LESSON_CHANGE_KINDS, LESSON_CHANGE_PERMISSIONS, idBodySchema, idsSchema, lessonChangeSearchSchema, lessonOptionsSchema, makeUpFormSchema, pagedQuerySchema, swapFormSchema } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf, pageOf, searchOf } from '../../../platform/caller.ts';
import { ok } from '../../../platform/envelope.ts';
import { t } from '../../../platform/i18n.ts';
import { checkRequest, deleteRequests, getRequest, lessonOptions, pageRequests, saveRequest, submitRequest, withdrawRequest } from './service.ts';

/** 调课申请 (/kbgl/tksq) and 补课申请 (/kbgl/bksq): docs/calls-timetable.md. */
export async function lessonChangeRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['timetable'];
  for (const kind of LESSON_CHANGE_KINDS) {
    const base = `/api/timetable/${kind === 'swap' ? 'swaps' : 'makeUps'}`;
    const access = { permission: LESSON_CHANGE_PERMISSIONS[kind] };
    const audit = (operation: string) => ({ module: `timetable.${kind}`, operation });
    const what = kind === 'swap' ? 'class swap' : 'make-up class';
    // One schema per kind; the kind goes with the form into the service.
    const formSchema = kind === 'swap' ? swapFormSchema : makeUpFormSchema;
    const withKind = (body: unknown) => ({ ...(body as object), kind }) as Parameters<typeof checkRequest>[2];

    app.post(
      `${base}/options`,
      { config: { access, readOnly: true }, schema: { tags, summary: `Terms, the caller's classes and a class's week, for a ${what} request`, body: lessonOptionsSchema } },
      async (request) => ok(await lessonOptions(database.db, await callerOf(request), request.body)),
    );
    app.post(
      `${base}/check`,
      { config: { access, readOnly: true }, schema: { tags, summary: `What a ${what} request would change, and its conflicts`, body: formSchema } },
      async (request) => ok(await checkRequest(database.db, await callerOf(request), withKind(request.body))),
    );
    app.post(
      `${base}/page`,
      { config: { access, readOnly: true }, schema: { tags, summary: `The caller's ${what} requests, paged`, body: pagedQuerySchema } },
      async (request) => ok(await pageRequests(database.db, await callerOf(request), kind, searchOf(lessonChangeSearchSchema, request.body.search), pageOf(request.body))),
    );
    app.post(
      `${base}/get`,
      { config: { access, readOnly: true }, schema: { tags, summary: `One of the caller's ${what} requests with its reviews`, body: idBodySchema } },
      async (request) => ok(await getRequest(database.db, await callerOf(request), kind, request.body.id)),
    );
    app.post(
      `${base}/save`,
      { config: { access, audit: audit('save') }, schema: { tags, summary: `Saves a ${what} request not submitted`, body: formSchema } },
      async (request) => ok({ id: await saveRequest(database.db, await callerOf(request), withKind(request.body)) }, t(request, 'lessonChange.saved')),
    );
    app.post(
      `${base}/submit`,
      { config: { access, audit: audit('submit') }, schema: { tags, summary: `Submits a ${what} request for review (its conflicts checked again)`, body: idBodySchema } },
      async (request) => {
        await submitRequest(database.db, await callerOf(request), kind, request.body.id);
        return ok(null, t(request, 'lessonChange.submitted'));
      },
    );
    app.post(
      `${base}/withdraw`,
      { config: { access, audit: audit('withdraw') }, schema: { tags, summary: `Withdraws a ${what} request waiting for review`, body: idBodySchema } },
      async (request) => {
        await withdrawRequest(database.db, await callerOf(request), kind, request.body.id);
        return ok(null, t(request, 'lessonChange.withdrawn'));
      },
    );
    app.post(
      `${base}/delete`,
      { config: { access, audit: audit('delete') }, schema: { tags, summary: `Deletes ${what} requests not submitted`, body: idsSchema } },
      async (request) => {
        await deleteRequests(database.db, await callerOf(request), kind, [...new Set(request.body.ids)]);
        return ok(null, t(request, 'common.deleted'));
      },
    );
  }
}
