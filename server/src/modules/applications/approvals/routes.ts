import { approvalDecisionSchema, approvalFlowUpdateSchema, approvalQueueSearchSchema, idBodySchema, pagedQuerySchema } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../platform/envelope.ts';
import { t } from '../../../platform/i18n.ts';
import { callerOf, pageOf, searchOf } from '../../../platform/caller.ts';
import { applicationDetail } from '../leave/service.ts';
import { APPROVAL_PERMISSIONS, decideApplications, listFlows, pageQueue, saveFlow } from './service.ts';

const REVIEW = { permission: APPROVAL_PERMISSIONS.review } as const;
const FLOWS = { permission: APPROVAL_PERMISSIONS.flows } as const;

/** 申请审核 (/sqsp/sqsh) and the chains' settings (/sqsp/splc): docs/calls-applications.md. */
export async function approvalRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['applications'];

  app.post(
    '/api/applications/flows/list',
    { config: { access: FLOWS, readOnly: true }, schema: { tags, summary: "Every application type's chain of steps" } },
    async () => ok(await listFlows(database.db)),
  );

  app.post(
    '/api/applications/flows/save',
    { config: { access: FLOWS, audit: { module: 'applications.flows', operation: 'update' } }, schema: { tags, summary: "Replaces a type's chain (applications under way keep theirs)", body: approvalFlowUpdateSchema } },
    async (request) => {
      await saveFlow(database.db, request.auth!.userId, request.body.type, request.body.steps);
      return ok(null, t(request, 'approval.flowSaved'));
    },
  );

  app.post(
    '/api/applications/review/page',
    { config: { access: REVIEW, readOnly: true }, schema: { tags, summary: 'Applications waiting for the caller, or those the caller decided', body: pagedQuerySchema } },
    async (request) => {
      const search = searchOf(approvalQueueSearchSchema, request.body.search);
      return ok(await pageQueue(database.db, await callerOf(request), { view: search.view, type: search.type || undefined, keyword: search.keyword || undefined }, pageOf(request.body)));
    },
  );

  app.post(
    '/api/applications/review/get',
    { config: { access: REVIEW, readOnly: true }, schema: { tags, summary: 'One application with its trail, for an approver', body: idBodySchema } },
    async (request) => {
      const caller = await callerOf(request);
      return ok(await applicationDetail(database.db, caller, request.body.id, caller.permissions.has(APPROVAL_PERMISSIONS.all)));
    },
  );

  app.post(
    '/api/applications/review/decide',
    { config: { access: REVIEW, audit: { module: 'applications.review', operation: 'decide' } }, schema: { tags, summary: 'Approves or rejects one or several applications at their current step, all or none', body: approvalDecisionSchema } },
    async (request) => {
      const result = await decideApplications(database.db, await callerOf(request), request.body);
      // Only what happened: "2 approved, 1 passed to the next step".
      const parts = (['approved', 'advanced', 'rejected'] as const).filter((part) => result[part] > 0).map((part) => t(request, `approval.decided.${part}`, { count: result[part] }));
      return ok(result, parts.join(t(request, 'approval.decided.separator')));
    },
  );
}
