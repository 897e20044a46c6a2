import { eventAnswerSchema, eventCreateSchema, eventReceiptSearchSchema, eventUpdateSchema, idBodySchema, idSchema, idsSchema, noticeSearchSchema, pagedQuerySchema } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { backgroundOf } from '../../../platform/background.ts';
import { ok } from '../../../platform/envelope.ts';
import { t } from '../../../platform/i18n.ts';
import { callerOf, pageOf, searchOf } from '../common.ts';
import {
  answerEvent,
  classesToPublishTo,
  createNotice,
  dynamicRecipients,
  deleteNotices,
  EVENT_PERMISSIONS,
  NOTICE_PERMISSIONS,
  noticeDetail,
  noticeReceipts,
  listNotices,
  remindNotice,
  resendNotice,
  updateNotice,
} from '../notices/service.ts';

const VIEW = { permission: EVENT_PERMISSIONS.view } as const;
const EDIT = { permission: EVENT_PERMISSIONS.edit } as const;
const DELETE = { permission: EVENT_PERMISSIONS.remove } as const;
const refusal = 'homeSchool.noRightPublishEvent' as const;
const audit = (operation: string) => ({ module: 'homeSchool.event', operation });
const receiptsBody = pagedQuerySchema.extend({ id: idSchema });
const noFiles = { video: [], documents: [], audio: [] };




/**
 * 活动发布 (/jxhd/hdfb): events go out like notices (docs/calls-homeSchool.md, "Events"); recipients find
 * them in 我的通知 and answer there.
 */
export async function eventRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['homeSchool'];

  app.post(
    '/api/homeSchool/events/page',
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: 'Events the caller published (every event with homeSchool:event:all), newest first', body: pagedQuerySchema } },
    async (request) => ok(await listNotices(database.db, await callerOf(request), searchOf(noticeSearchSchema, request.body.search), pageOf(request.body), 'event')),
  );

  app.post(
    '/api/homeSchool/events/get',
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: 'One event as its publisher sees it, with its answers counted', body: idBodySchema } },
    async (request) => ok(await noticeDetail(database.db, await callerOf(request), request.body.id, 'event')),
  );

  app.post(
    '/api/homeSchool/events/classes',
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: 'Classes the caller may publish events to' } },
    async (request) => ok(await classesToPublishTo(database.db, await callerOf(request), 'event')),
  );

  app.post(
    '/api/homeSchool/events/create',
    { config: { access: EDIT, refusal, audit: audit('create') }, schema: { tags, summary: 'Publish an event; its delivery runs as background work', body: eventCreateSchema } },
    async (request) => {
      const { place, eventAt, askJoin, ...notice } = request.body;
      const caller = await callerOf(request);
      const dynamicAccounts = caller.permissions.has(EVENT_PERMISSIONS.all) ? await dynamicRecipients(database, notice.recipients) : [];
      const created = await createNotice(database.db, caller, { ...notice, ...noFiles }, { place, eventAt, askJoin }, dynamicAccounts);
      backgroundOf(app).nudge();
      return ok(created, t(request, 'homeSchool.publishedQueued'));
    },
  );

  app.post(
    '/api/homeSchool/events/update',
    { config: { access: EDIT, refusal, audit: audit('update') }, schema: { tags, summary: "Modify an event's text, place, time and picture (not its recipients)", body: eventUpdateSchema } },
    async (request) => {
      const { place, eventAt, ...notice } = request.body;
      await updateNotice(database.db, await callerOf(request), { ...notice, ...noFiles }, { place, eventAt });
      return ok(null, t(request, 'common.updated'));
    },
  );

  app.post(
    '/api/homeSchool/events/delete',
    { config: { access: DELETE, refusal, audit: audit('delete') }, schema: { tags, summary: 'Delete events with their receipts, answers and messages', body: idsSchema } },
    async (request) => {
      await deleteNotices(database.db, await callerOf(request), request.body.ids, 'event');
      return ok(null, t(request, 'common.deleted'));
    },
  );

  app.post(
    '/api/homeSchool/events/receipts',
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: "Who has read an event and each recipient's answer", body: receiptsBody } },
    async (request) =>
      ok(await noticeReceipts(database.db, await callerOf(request), request.body.id, searchOf(eventReceiptSearchSchema, request.body.search), pageOf(request.body), 'event')),
  );

  app.post(
    '/api/homeSchool/events/remind',
    { config: { access: EDIT, refusal, audit: audit('remind') }, schema: { tags, summary: 'A new message to every recipient who has not read the event', body: idBodySchema } },
    async (request) => {
      const count = await remindNotice(database.db, await callerOf(request), request.body.id, 'event');
      return ok({ count }, t(request, 'homeSchool.reminded', { count }));
    },
  );

  app.post(
    '/api/homeSchool/events/resend',
    { config: { access: EDIT, refusal, audit: audit('resend') }, schema: { tags, summary: 'Queue a failed delivery again', body: idBodySchema } },
    async (request) => {
      const taskId = await resendNotice(database.db, await callerOf(request), request.body.id, 'event');
      backgroundOf(app).nudge();
      return ok({ taskId }, t(request, 'homeSchool.resent'));
    },
  );

  app.post(
    '/api/homeSchool/myNotices/answer',
    {
      config: { access: { permission: NOTICE_PERMISSIONS.received }, audit: { module: 'homeSchool.myNotices', operation: 'answer' } },
      schema: { tags, summary: "A recipient's answer to an event: join or decline, until it begins", body: eventAnswerSchema },
    },
    async (request) => {
      await answerEvent(database.db, request.auth!, request.body.id, request.body.answer);
      return ok(null, t(request, `homeSchool.answered.${request.body.answer}`));
    },
  );
}
