import { ELECTIVE_PERMISSIONS, declarationFormSchema, declarationReviewSchema, idBodySchema, idsSchema, pagedQuerySchema } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../../../platform/caller.ts';
import { ok } from '../../../platform/envelope.ts';
import { badRequest } from '../../../platform/errors.ts';
import { t } from '../../../platform/i18n.ts';
import {
  createDeclaration,
  declarationList,
  declarationOptions,
  deleteDeclarations,
  getDeclaration,
  pageDeclarations,
  reviewDeclaration,
  teacherAction,
  updateDeclaration,
} from './service.ts';

const READ = { anyOf: [ELECTIVE_PERMISSIONS.declare, ELECTIVE_PERMISSIONS.approve] } as const;
const DECLARE = { permission: ELECTIVE_PERMISSIONS.declare } as const;
const APPROVE = { permission: ELECTIVE_PERMISSIONS.approve } as const;
const audit = (operation: string) => ({ module: 'electives.declarations', operation });

/** 选修课申报 (/xkgl/kcsb) and 选修课审批 (/xkgl/kcsp): docs/calls-electives.md. */
export async function electiveDeclarationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['electives'];
  const base = '/api/electives/declarations';

  app.post(
    `${base}/page`,
    { config: { access: READ, readOnly: true }, schema: { tags, summary: "Declarations (a teacher's own; the office every teacher's), paged", body: pagedQuerySchema } },
    async (request) => ok(await pageDeclarations(database.db, await callerOf(request), declarationList.parse(request.body))),
  );
  app.post(
    `${base}/get`,
    { config: { access: READ, readOnly: true }, schema: { tags, summary: 'One declaration', body: idBodySchema } },
    async (request) => ok(await getDeclaration(database.db, await callerOf(request), request.body.id)),
  );
  app.post(
    `${base}/options`,
    { config: { access: READ, readOnly: true }, schema: { tags, summary: 'Terms, grades, rooms, days and periods to choose from' } },
    async (request) => ok(await declarationOptions(database.db, request.language)),
  );
  app.post(
    `${base}/create`,
    { config: { access: DECLARE, audit: audit('create') }, schema: { tags, summary: 'Adds a declaration as a draft (declarable)', body: declarationFormSchema } },
    async (request) => ok({ id: await createDeclaration(database.db, await callerOf(request), request.body) }, t(request, 'common.created')),
  );
  app.post(
    `${base}/update`,
    { config: { access: DECLARE, audit: audit('update') }, schema: { tags, summary: "Changes the caller's draft or rejected declaration", body: declarationFormSchema } },
    async (request) => {
      const form = request.body;
      if (!form.id) throw badRequest();
      await updateDeclaration(database.db, await callerOf(request), { ...form, id: form.id });
      return ok(null, t(request, 'common.updated'));
    },
  );
  app.post(
    `${base}/delete`,
    { config: { access: DECLARE, audit: audit('delete') }, schema: { tags, summary: "Deletes the caller's drafts and rejected declarations", body: idsSchema } },
    async (request) => {
      await deleteDeclarations(database.db, await callerOf(request), [...new Set(request.body.ids)]);
      return ok(null, t(request, 'common.deleted'));
    },
  );
  app.post(
    `${base}/declare`,
    { config: { access: DECLARE, audit: audit('declare') }, schema: { tags, summary: 'Declares a draft or a rejected declaration for review', body: idBodySchema } },
    async (request) => {
      await teacherAction(database.db, await callerOf(request), request.body.id, 'declare');
      return ok(null, t(request, 'elective.declared'));
    },
  );
  app.post(
    `${base}/withdraw`,
    { config: { access: DECLARE, audit: audit('withdraw') }, schema: { tags, summary: 'Withdraws a declaration before its review', body: idBodySchema } },
    async (request) => {
      await teacherAction(database.db, await callerOf(request), request.body.id, 'withdraw');
      return ok(null, t(request, 'elective.withdrawn'));
    },
  );
  app.post(
    `${base}/review`,
    { config: { access: APPROVE, audit: audit('review') }, schema: { tags, summary: 'Approves (the course opens for selection) or rejects with a reason', body: declarationReviewSchema } },
    async (request) => {
      const name = await reviewDeclaration(database.db, await callerOf(request), request.body);
      return ok(null, request.body.decision === 'approve' ? t(request, 'elective.approved', { name }) : t(request, 'elective.rejected'));
    },
  );
}
