import {
  CAMPUS_EVENT_PERMISSIONS,
  campusEventFormSchema,
  cancelEventSchema,
  eventAttendanceSchema,
  eventBrowseSchema,
  eventSignupSchema,
  idBodySchema,
  idsSchema,
  pagedQuerySchema,
  type CampusEventKind,
  type EventSignupRow,
} from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../../platform/caller.ts';
import { ok } from '../../../platform/envelope.ts';
import { badRequest } from '../../../platform/errors.ts';
import { buildWorkbook, exportFileName, sendWorkbook } from '../../../platform/excel.ts';
import { t } from '../../../platform/i18n.ts';
import {
  browseEvents,
  cancelEvent,
  cancelSignup,
  createEvent,
  deleteEvents,
  eventList,
  eventOptions,
  eventSignups,
  getEvent,
  pageEvents,
  publishEvent,
  remindEvent,
  saveAttendance,
  signUp,
  updateEvent,
} from './service.ts';

/**
 * The calls of one kind of event (讲座 /xysh/jzgl or 活动报名 /xysh/hdbm) under /api/campusLife/<lectures|activities>:
 * docs/calls-campusLife.md. Reads and sign-ups need the page; publishing and attendance `:edit`; deleting `:delete`.
 */
export function campusEventRoutes(kind: CampusEventKind) {
  return async function routes(fastify: FastifyInstance): Promise<void> {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { database } = app;
    const rights = CAMPUS_EVENT_PERMISSIONS[kind];
    const VIEW = { permission: rights.view } as const;
    const EDIT = { permission: rights.edit } as const;
    const DELETE = { permission: rights.delete } as const;
    // An export right makes its holders sign in with a second factor (session/auth/mfa.ts): the Excel copy of a
    // sign-up list is the office's, organisers read the list on screen.
    const EXPORT = { permission: rights.all } as const;
    const base = `/api/campusLife/${kind === 'lecture' ? 'lectures' : 'activities'}`;
    const tags = ['campusLife'];
    const audit = (operation: string) => ({ module: `campusLife.${kind}`, operation });

    app.post(
      `${base}/page`,
      { config: { access: EDIT, readOnly: true }, schema: { tags, summary: "The organiser's events (every one with the :all right), paged", body: pagedQuerySchema } },
      async (request) => ok(await pageEvents(database.db, await callerOf(request), kind, eventList.parse(request.body))),
    );
    app.post(
      `${base}/get`,
      { config: { access: EDIT, readOnly: true }, schema: { tags, summary: 'One event the caller organises', body: idBodySchema } },
      async (request) => ok(await getEvent(database.db, await callerOf(request), kind, request.body.id)),
    );
    app.post(
      `${base}/options`,
      { config: { access: EDIT, readOnly: true }, schema: { tags, summary: 'Terms, grades and classes to choose from' } },
      async (request) => ok(await eventOptions(database.db, request.language)),
    );
    app.post(
      `${base}/create`,
      { config: { access: EDIT, audit: audit('create') }, schema: { tags, summary: 'Adds an event as a draft', body: campusEventFormSchema } },
      async (request) => ok({ id: await createEvent(database.db, await callerOf(request), kind, request.body) }, t(request, 'common.created')),
    );
    app.post(
      `${base}/update`,
      { config: { access: EDIT, audit: audit('update') }, schema: { tags, summary: 'Changes an event before its start (participants hear of a new time or place)', body: campusEventFormSchema } },
      async (request) => {
        const form = request.body;
        if (!form.id) throw badRequest();
        await updateEvent(database.db, await callerOf(request), kind, { ...form, id: form.id });
        return ok(null, t(request, 'common.updated'));
      },
    );
    app.post(
      `${base}/delete`,
      { config: { access: DELETE, audit: audit('delete') }, schema: { tags, summary: 'Deletes drafts and cancelled events', body: idsSchema } },
      async (request) => {
        await deleteEvents(database.db, await callerOf(request), kind, [...new Set(request.body.ids)]);
        return ok(null, t(request, 'common.deleted'));
      },
    );
    app.post(
      `${base}/publish`,
      { config: { access: EDIT, audit: audit('publish') }, schema: { tags, summary: 'Publishes a draft: its audience can sign up inside the window', body: idBodySchema } },
      async (request) => {
        const title = await publishEvent(database.db, await callerOf(request), kind, request.body.id);
        return ok(null, t(request, 'campusLife.published', { title }));
      },
    );
    app.post(
      `${base}/cancel`,
      { config: { access: EDIT, audit: audit('cancel') }, schema: { tags, summary: 'Cancels a published event; every participant is told why', body: cancelEventSchema } },
      async (request) => {
        const title = await cancelEvent(database.db, await callerOf(request), kind, request.body);
        return ok(null, t(request, 'campusLife.cancelled', { title }));
      },
    );
    app.post(
      `${base}/remind`,
      { config: { access: EDIT, audit: audit('remind') }, schema: { tags, summary: 'Reminds the participants now', body: idBodySchema } },
      async (request) => {
        const count = await remindEvent(database.db, await callerOf(request), kind, request.body.id);
        return ok({ count }, t(request, 'campusLife.reminded', { count }));
      },
    );
    app.post(
      `${base}/signups`,
      { config: { access: EDIT, readOnly: true }, schema: { tags, summary: "An event's sign-ups with attendance (its organiser)", body: idBodySchema } },
      async (request) => ok(await eventSignups(database.db, await callerOf(request), kind, request.body.id)),
    );
    app.get(
      `${base}/signups/export`,
      { config: { access: EXPORT }, schema: { tags, summary: "An event's sign-up list as an Excel file", querystring: z.object({ id: idBodySchema.shape.id }) } },
      async (request, reply) => {
        const { title, rows } = await eventSignups(database.db, await callerOf(request), kind, request.query.id);
        const yes = t(request, 'common.yes');
        const no = t(request, 'common.no');
        const content = await buildWorkbook<EventSignupRow>(
          t(request, 'campusLife.export.signups'),
          [
            { header: t(request, 'campusLife.col.studentNumber'), width: 14, value: (row) => row.studentNumber },
            { header: t(request, 'campusLife.col.name'), width: 12, value: (row) => row.name },
            { header: t(request, 'campusLife.col.class'), width: 14, value: (row) => row.className },
            { header: t(request, 'campusLife.col.status'), width: 10, value: (row) => t(request, `campusLife.signup.${row.status}`) },
            { header: t(request, 'campusLife.col.signedAt'), width: 18, value: (row) => row.signedAt },
            { header: t(request, 'campusLife.col.signedBy'), width: 12, value: (row) => row.signedByName },
            { header: t(request, 'campusLife.col.attended'), width: 10, value: (row) => (row.attended === null ? '' : row.attended ? yes : no) },
          ],
          rows,
        );
        return sendWorkbook(reply, exportFileName(`${title}-${t(request, 'campusLife.export.signups')}`), content);
      },
    );
    app.post(
      `${base}/attendance`,
      { config: { access: EDIT, audit: audit('attendance') }, schema: { tags, summary: 'Registers who came (signed-up students, from the start on)', body: eventAttendanceSchema } },
      async (request) => {
        await saveAttendance(database.db, await callerOf(request), kind, request.body);
        return ok(null, t(request, 'campusLife.attendanceSaved'));
      },
    );
    app.post(
      `${base}/browse`,
      { config: { access: VIEW, readOnly: true }, schema: { tags, summary: "A student's (a parent's: their child's) open events, sign-ups to come and history", body: eventBrowseSchema } },
      async (request) => ok(await browseEvents(database.db, await callerOf(request), kind, request.body)),
    );
    app.post(
      `${base}/signup`,
      { config: { access: VIEW, audit: audit('signup') }, schema: { tags, summary: 'Signs the student up inside the window, while seats are free', body: eventSignupSchema } },
      async (request) => {
        const title = await signUp(database.db, await callerOf(request), kind, request.body);
        return ok(null, t(request, 'campusLife.signedUp', { title }));
      },
    );
    app.post(
      `${base}/signup/cancel`,
      { config: { access: VIEW, audit: audit('cancelSignup') }, schema: { tags, summary: "Cancels the student's sign-up before the start", body: eventSignupSchema } },
      async (request) => {
        await cancelSignup(database.db, await callerOf(request), kind, request.body);
        return ok(null, t(request, 'campusLife.signupCancelled'));
      },
    );
  };
}
