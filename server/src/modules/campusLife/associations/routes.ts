import {
  ASSOCIATION_PERMISSIONS,
  activityQuerySchema,
  applySchema,
  associationActivitySchema,
  associationAttendanceSchema,
  associationFormSchema,
  associationQuerySchema,
  idsSchema,
  memberDecisionSchema,
  memberLeaderSchema,
  memberRemoveSchema,
  pagedQuerySchema,
} from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../../../platform/caller.ts';
import { ok } from '../../../platform/envelope.ts';
import { t } from '../../../platform/i18n.ts';
import {
  activities,
  activityAttendance,
  apply,
  decide,
  deleteActivity,
  deleteAssociations,
  associationList,
  pageAssociations,
  members,
  removeMember,
  saveActivity,
  saveAssociation,
  saveAttendance,
  setLeader,
  staffOptions,
  withdraw,
} from './service.ts';

const VIEW = { permission: ASSOCIATION_PERMISSIONS.view } as const;
const EDIT = { permission: ASSOCIATION_PERMISSIONS.edit } as const;
const DELETE = { permission: ASSOCIATION_PERMISSIONS.delete } as const;
const audit = (operation: string) => ({ module: 'campusLife.association', operation });

/**
 * 社团 (/xysh/stgl): docs/calls-campusLife.md. The page lets everyone holding it list, apply and read; what an
 * advisor, a leader or a member may do is checked against the association in the service.
 */
export async function associationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['campusLife'];
  const base = '/api/campusLife/associations';

  app.post(`${base}/page`, { config: { access: VIEW, readOnly: true }, schema: { tags, summary: 'Associations with the caller’s part in each, paged', body: pagedQuerySchema } }, async (request) =>
    ok(await pageAssociations(database.db, await callerOf(request), associationList.parse(request.body))),
  );
  app.post(`${base}/staff`, { config: { access: EDIT, readOnly: true }, schema: { tags, summary: 'Teachers who may advise' } }, async () => ok(await staffOptions(database.db)));
  app.post(`${base}/save`, { config: { access: EDIT, audit: audit('save') }, schema: { tags, summary: 'Founds or changes an association', body: associationFormSchema } }, async (request) =>
    ok({ id: await saveAssociation(database.db, request.body) }, t(request, request.body.id ? 'common.updated' : 'common.created')),
  );
  app.post(`${base}/delete`, { config: { access: DELETE, audit: audit('delete') }, schema: { tags, summary: 'Closes associations without members', body: idsSchema } }, async (request) => {
    await deleteAssociations(database.db, [...new Set(request.body.ids)]);
    return ok(null, t(request, 'common.deleted'));
  });
  app.post(`${base}/members`, { config: { access: VIEW, readOnly: true }, schema: { tags, summary: 'Members and applications (advisor, leaders)', body: associationQuerySchema } }, async (request) =>
    ok(await members(database.db, await callerOf(request), request.body.id)),
  );
  app.post(`${base}/apply`, { config: { access: VIEW, audit: audit('apply') }, schema: { tags, summary: 'A student applies to join', body: applySchema } }, async (request) => {
    const name = await apply(database.db, await callerOf(request), request.body);
    return ok(null, t(request, 'association.applied', { name }));
  });
  app.post(`${base}/withdraw`, { config: { access: VIEW, audit: audit('withdraw') }, schema: { tags, summary: 'A student withdraws their waiting application', body: associationQuerySchema } }, async (request) => {
    await withdraw(database.db, await callerOf(request), request.body.id);
    return ok(null, t(request, 'association.withdrawn'));
  });
  app.post(`${base}/decide`, { config: { access: VIEW, audit: audit('decide') }, schema: { tags, summary: 'The advisor or a leader approves or rejects an application', body: memberDecisionSchema } }, async (request) => {
    await decide(database.db, await callerOf(request), request.body);
    return ok(null, t(request, request.body.decision === 'approve' ? 'association.approvedShort' : 'association.rejected'));
  });
  app.post(`${base}/leader`, { config: { access: VIEW, audit: audit('leader') }, schema: { tags, summary: 'The advisor marks a member as leader or not', body: memberLeaderSchema } }, async (request) => {
    await setLeader(database.db, await callerOf(request), request.body);
    return ok(null, t(request, 'association.leaderSet'));
  });
  app.post(`${base}/remove`, { config: { access: VIEW, audit: audit('remove') }, schema: { tags, summary: 'The advisor removes a member', body: memberRemoveSchema } }, async (request) => {
    const name = await removeMember(database.db, await callerOf(request), request.body);
    return ok(null, t(request, 'association.removed', { name }));
  });
  app.post(`${base}/activities`, { config: { access: VIEW, readOnly: true }, schema: { tags, summary: 'The association’s activities (members, advisor)', body: associationQuerySchema } }, async (request) =>
    ok(await activities(database.db, await callerOf(request), request.body.id)),
  );
  app.post(`${base}/activities/save`, { config: { access: VIEW, audit: audit('saveActivity') }, schema: { tags, summary: 'Adds or changes an activity (advisor, leaders)', body: associationActivitySchema } }, async (request) =>
    ok({ id: await saveActivity(database.db, await callerOf(request), request.body) }, t(request, request.body.id ? 'common.updated' : 'common.created')),
  );
  app.post(`${base}/activities/delete`, { config: { access: VIEW, audit: audit('deleteActivity') }, schema: { tags, summary: 'Deletes an activity (advisor, leaders)', body: activityQuerySchema } }, async (request) => {
    await deleteActivity(database.db, await callerOf(request), request.body.activityId);
    return ok(null, t(request, 'common.deleted'));
  });
  app.post(`${base}/attendance`, { config: { access: VIEW, readOnly: true }, schema: { tags, summary: 'Members and who came to an activity', body: activityQuerySchema } }, async (request) =>
    ok(await activityAttendance(database.db, await callerOf(request), request.body.activityId)),
  );
  app.post(`${base}/attendance/save`, { config: { access: VIEW, audit: audit('attendance') }, schema: { tags, summary: 'Registers who came, from the start on', body: associationAttendanceSchema } }, async (request) => {
    await saveAttendance(database.db, await callerOf(request), request.body);
    return ok(null, t(request, 'association.attendanceSaved'));
  });
}
