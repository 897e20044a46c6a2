import { SCORE_ANALYSIS_PERMISSIONS, STUDENT_GROUP_PERMISSIONS, idBodySchema, idsSchema, pagedQuerySchema, studentGroupAnalysisSchema, studentGroupFormSchema, studentGroupSearchSchema } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf, pageOf, searchOf } from '../../../platform/caller.ts';
import { isAdministrator } from '../../../platform/scope.ts';
import { pageChoosableStudents } from '../../shared/students/choices.ts';
import { ok } from '../../../platform/envelope.ts';
import { t } from '../../../platform/i18n.ts';
import { deleteGroups, groupAnalysis, groupDetail, groupOptions, groupPage, saveGroup } from './service.ts';

/** 自定义群体 (/cjfxNew/zdyqtgl) and its analysis item: docs/calls-scores.md. */
export async function studentGroupRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['scores'];
  const view = { access: { permission: STUDENT_GROUP_PERMISSIONS.view }, readOnly: true };
  const audit = (operation: string) => ({ module: 'scores.groups', operation });

  app.post(
    '/api/scores/groups/page',
    { config: view, schema: { tags, summary: "A page of the caller's own and shared groups", body: pagedQuerySchema } },
    async (request) => ok(await groupPage(database.db, await callerOf(request), searchOf(studentGroupSearchSchema, request.body.search), pageOf(request.body))),
  );
  app.post(
    '/api/scores/groups/get',
    { config: view, schema: { tags, summary: 'A group with its members', body: idBodySchema } },
    async (request) => ok(await groupDetail(database.db, await callerOf(request), request.body.id)),
  );
  app.post(
    '/api/scores/groups/students',
    { config: view, schema: { tags, summary: 'In-school students the caller may put in a group (a teacher: the classes they lead or teach), by number or name', body: pagedQuerySchema } },
    async (request) => {
      const caller = await callerOf(request);
      const keyword = searchOf(studentGroupSearchSchema, request.body.search).keyword || undefined;
      return ok(await pageChoosableStudents(database.db, caller.auth, isAdministrator(caller.auth), keyword, pageOf(request.body)));
    },
  );
  app.post(
    '/api/scores/groups/save',
    { config: { access: { permission: STUDENT_GROUP_PERMISSIONS.edit }, audit: audit('save') }, schema: { tags, summary: 'Creates (no id) or changes one of the caller’s groups with its members', body: studentGroupFormSchema } },
    async (request) => {
      const saved = await saveGroup(database.db, await callerOf(request), request.body);
      return ok({ id: saved.id }, t(request, 'studentGroup.saved', { name: saved.name, count: saved.count }));
    },
  );
  app.post(
    '/api/scores/groups/delete',
    { config: { access: { permission: STUDENT_GROUP_PERMISSIONS.delete }, audit: audit('delete') }, schema: { tags, summary: "Deletes the caller's groups", body: idsSchema } },
    async (request) => ok({ deleted: await deleteGroups(database.db, await callerOf(request), request.body.ids) }, t(request, 'common.deleted')),
  );
  // The analysis page's group item: whoever reads the analysis chooses among their own and shared groups.
  app.post(
    '/api/scores/groups/options',
    { config: { access: { permission: SCORE_ANALYSIS_PERMISSIONS.view }, readOnly: true }, schema: { tags, summary: "The caller's own and shared groups, for the analysis" } },
    async (request) => ok(await groupOptions(database.db, await callerOf(request))),
  );
  app.post(
    '/api/scores/analysis/group',
    { config: { access: { permission: SCORE_ANALYSIS_PERMISSIONS.view }, readOnly: true }, schema: { tags, summary: "A group's figures of an exam beside the grade's, and its members' totals and places", body: studentGroupAnalysisSchema } },
    async (request) => ok(await groupAnalysis(database.db, await callerOf(request), request.body.batchId, request.body.groupId)),
  );
}
