import { idSchema, pagedQuerySchema, smsRetrySchema, smsSearchSchema, smsSendSchema } from '@campus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../platform/envelope.ts';
import { t } from '../../../platform/i18n.ts';
import { callerOf, pageOf, searchOf } from '../common.ts';
import { pageSms, retrySms, sendSms, SMS_PERMISSIONS, smsClasses, smsStudents } from './service.ts';

const VIEW = { permission: SMS_PERMISSIONS.view } as const;
const SEND = { permission: SMS_PERMISSIONS.send } as const;
const refusal = 'homeSchool.sms.noRight' as const;


/** A sending with failures says so in the spec's words; the counts still come back for the screen. */
function answer(request: FastifyRequest, result: { sent: number; failed: number; withoutPhone: number }) {
  return ok(result, result.failed > 0 ? t(request, 'homeSchool.sms.failure') : t(request, 'homeSchool.sms.sent', { sent: result.sent }));
}

/** 短信提醒 (/jxhd/dxtx): docs/calls-homeSchool.md, "SMS reminders". */
export async function smsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['homeSchool'];

  app.post(
    '/api/homeSchool/sms/classes',
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: 'Classes whose parents the caller may text' } },
    async (request) => ok(await smsClasses(database.db, await callerOf(request))),
  );

  app.post(
    '/api/homeSchool/sms/students',
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: "A class's students with how many parent numbers each has", body: z.object({ classId: idSchema }) } },
    async (request) => ok(await smsStudents(database.db, await callerOf(request), request.body.classId)),
  );

  app.post(
    '/api/homeSchool/sms/page',
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: 'The outbox: the messages the caller sent (everyone’s with homeSchool:sms:all)', body: pagedQuerySchema } },
    async (request) => {
      return ok(await pageSms(database.db, await callerOf(request), searchOf(smsSearchSchema, request.body.search), pageOf(request.body)));
    },
  );

  app.post(
    '/api/homeSchool/sms/send',
    { config: { access: SEND, refusal, audit: { module: 'homeSchool.sms', operation: 'send' } }, schema: { tags, summary: 'Text the parents of the chosen students', body: smsSendSchema } },
    async (request) => answer(request, await sendSms(database.db, app.config, await callerOf(request), request.body.studentIds, request.body.content)),
  );

  app.post(
    '/api/homeSchool/sms/retry',
    { config: { access: SEND, refusal, audit: { module: 'homeSchool.sms', operation: 'retry' } }, schema: { tags, summary: 'Send failed messages again', body: smsRetrySchema } },
    async (request) => answer(request, await retrySms(database.db, app.config, await callerOf(request), request.body.ids)),
  );
}
