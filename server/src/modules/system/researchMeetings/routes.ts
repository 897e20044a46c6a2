import { RESEARCH_MEETING_PERMISSIONS, attendanceSchema, idsSchema, meetingFormSchema, pagedQuerySchema } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../../../platform/caller.ts';
import { ok } from '../../../platform/envelope.ts';
import { badRequest } from '../../../platform/errors.ts';
import { t } from '../../../platform/i18n.ts';
import { createMeeting, deleteMeetings, markAttendance, meetingList, meetingOptions, pageMeetings, updateMeeting } from './service.ts';

const READ = { permission: RESEARCH_MEETING_PERMISSIONS.view } as const;
const audit = (operation: string) => ({ module: 'system.researchMeeting', operation });

/** 教研会议管理 (/jyhygl/hygl): docs/calls-teaching.md. Writes are the group leader's (or the office's), checked per group. */
export async function researchMeetingRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['system'];
  const base = '/api/system/researchMeetings';

  app.post(
    `${base}/page`,
    { config: { access: READ, readOnly: true }, schema: { tags, summary: "Meetings of the caller's groups (the office: all), paged", body: pagedQuerySchema } },
    async (request) => ok(await pageMeetings(database.db, await callerOf(request), meetingList.parse(request.body))),
  );
  app.post(
    `${base}/options`,
    { config: { access: READ, readOnly: true }, schema: { tags, summary: "The caller's groups with their members" } },
    async (request) => ok(await meetingOptions(database.db, await callerOf(request))),
  );
  for (const operation of ['create', 'update'] as const) {
    app.post(
      `${base}/${operation}`,
      { config: { access: READ, audit: audit(operation) }, schema: { tags, summary: `${operation === 'create' ? 'Arranges' : 'Changes'} a meeting of a group the caller leads`, body: meetingFormSchema } },
      async (request) => {
        const caller = await callerOf(request);
        const form = request.body;
        if (operation === 'create') return ok({ id: await createMeeting(database.db, caller, form) }, t(request, 'common.created'));
        if (!form.id) throw badRequest();
        await updateMeeting(database.db, caller, { ...form, id: form.id });
        return ok(null, t(request, 'common.updated'));
      },
    );
  }
  app.post(
    `${base}/delete`,
    { config: { access: READ, audit: audit('delete') }, schema: { tags, summary: 'Deletes meetings of groups the caller leads', body: idsSchema } },
    async (request) => {
      await deleteMeetings(database.db, await callerOf(request), [...new Set(request.body.ids)]);
      return ok(null, t(request, 'common.deleted'));
    },
  );
  app.post(
    `${base}/attendance`,
    { config: { access: READ, audit: audit('attendance') }, schema: { tags, summary: 'Marks who of the invited attended (leader, office or host)', body: attendanceSchema } },
    async (request) => {
      await markAttendance(database.db, await callerOf(request), request.body);
      return ok(null, t(request, 'meeting.attendanceSaved'));
    },
  );
}
