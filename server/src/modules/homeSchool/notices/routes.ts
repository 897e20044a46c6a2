import {
  idBodySchema,
  idSchema,
  idsSchema,
  myNoticeSearchSchema,
  noticeCreateSchema,
  noticeReceiptSearchSchema,
  noticeSearchSchema,
  noticeUpdateSchema,
  pagedQuerySchema,
} from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { backgroundOf } from '../../../platform/background.ts';
import { ok } from '../../../platform/envelope.ts';
import { t } from '../../../platform/i18n.ts';
import { callerOf, pageOf, searchOf } from '../common.ts';
import {
  classesToPublishTo,
  createNotice,
  dynamicRecipients,
  deleteNotices,
  listMyNotices,
  listNotices,
  NOTICE_PERMISSIONS,
  noticeDetail,
  noticeReceipts,
  openMyNotice,
  remindNotice,
  resendNotice,
  updateNotice,
} from './service.ts';

const VIEW = { permission: NOTICE_PERMISSIONS.view } as const;
const EDIT = { permission: NOTICE_PERMISSIONS.edit } as const;
const DELETE = { permission: NOTICE_PERMISSIONS.remove } as const;
const RECEIVED = { permission: NOTICE_PERMISSIONS.received } as const;
// Spec section 6: a user without the right to publish or delete is told to ask the administrator.
const refusal = 'homeSchool.noRightPublish' as const;
const audit = (operation: string) => ({ module: 'homeSchool.notice', operation });

const receiptsBody = pagedQuerySchema.extend({ id: idSchema });




/** 通知发布 (/jxhd/tzfb) and 我的通知 (/jxhd/wdtz): docs/calls-homeSchool.md. */
export async function noticeRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['homeSchool'];

  app.post(
    '/api/homeSchool/notices/page',
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: "Notices the caller published (every notice with homeSchool:notice:all), newest first", body: pagedQuerySchema } },
    async (request) => ok(await listNotices(database.db, await callerOf(request), searchOf(noticeSearchSchema, request.body.search), pageOf(request.body))),
  );

  app.post(
    '/api/homeSchool/notices/get',
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: 'One notice as its publisher sees it', body: idBodySchema } },
    async (request) => ok(await noticeDetail(database.db, await callerOf(request), request.body.id)),
  );

  app.post(
    '/api/homeSchool/notices/classes',
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: 'Classes the caller may publish to' } },
    async (request) => ok(await classesToPublishTo(database.db, await callerOf(request))),
  );

  app.post(
    '/api/homeSchool/notices/create',
    { config: { access: EDIT, refusal, audit: audit('create') }, schema: { tags, summary: 'Publish a notice; its delivery runs as background work', body: noticeCreateSchema } },
    async (request) => {
      const caller = await callerOf(request);
      // Only the administrators' right picks roles; a teacher's choice is refused before any rule runs.
      const dynamicAccounts = caller.permissions.has(NOTICE_PERMISSIONS.all) ? await dynamicRecipients(database, request.body.recipients) : [];
      const created = await createNotice(database.db, caller, request.body, undefined, dynamicAccounts);
      backgroundOf(app).nudge();
      return ok(created, t(request, 'homeSchool.publishedQueued'));
    },
  );

  app.post(
    '/api/homeSchool/notices/update',
    { config: { access: EDIT, refusal, audit: audit('update') }, schema: { tags, summary: "Modify a notice's text and attachments (not its recipients)", body: noticeUpdateSchema } },
    async (request) => {
      await updateNotice(database.db, await callerOf(request), request.body);
      return ok(null, t(request, 'common.updated'));
    },
  );

  app.post(
    '/api/homeSchool/notices/delete',
    { config: { access: DELETE, refusal, audit: audit('delete') }, schema: { tags, summary: 'Delete notices with their receipts and messages', body: idsSchema } },
    async (request) => {
      await deleteNotices(database.db, await callerOf(request), request.body.ids);
      return ok(null, t(request, 'common.deleted'));
    },
  );

  app.post(
    '/api/homeSchool/notices/receipts',
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: 'Who has read a notice and who has not (unread first)', body: receiptsBody } },
    async (request) =>
      ok(await noticeReceipts(database.db, await callerOf(request), request.body.id, searchOf(noticeReceiptSearchSchema, request.body.search), pageOf(request.body))),
  );

  app.post(
    '/api/homeSchool/notices/remind',
    { config: { access: EDIT, refusal, audit: audit('remind') }, schema: { tags, summary: 'A new message to every recipient who has not read the notice', body: idBodySchema } },
    async (request) => {
      const count = await remindNotice(database.db, await callerOf(request), request.body.id);
      return ok({ count }, t(request, 'homeSchool.reminded', { count }));
    },
  );

  app.post(
    '/api/homeSchool/notices/resend',
    { config: { access: EDIT, refusal, audit: audit('resend') }, schema: { tags, summary: 'Queue a failed delivery again', body: idBodySchema } },
    async (request) => {
      const taskId = await resendNotice(database.db, await callerOf(request), request.body.id);
      backgroundOf(app).nudge();
      return ok({ taskId }, t(request, 'homeSchool.resent'));
    },
  );

  app.post(
    '/api/homeSchool/myNotices/page',
    { config: { access: RECEIVED, readOnly: true }, schema: { tags, summary: 'Notices the caller received, newest first', body: pagedQuerySchema } },
    async (request) => ok(await listMyNotices(database.db, request.auth!, searchOf(myNoticeSearchSchema, request.body.search), pageOf(request.body))),
  );

  app.post(
    '/api/homeSchool/myNotices/get',
    { config: { access: RECEIVED, audit: { module: 'homeSchool.myNotices', operation: 'read' } }, schema: { tags, summary: 'A received notice; marks it and its messages read', body: idBodySchema } },
    async (request) => ok(await openMyNotice(database.db, request.auth!, request.body.id)),
  );
}
