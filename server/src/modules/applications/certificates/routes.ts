import { certificateCreateSchema, certificateRevokeSchema, daySchoolCreateSchema, idBodySchema } from '@campus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../platform/envelope.ts';
import { languageOf, t } from '../../../platform/i18n.ts';
import { termList } from '../../timetable/views/queries.ts';
import { schoolToday } from '../../timetable/views/service.ts';
import { callerOf } from '../../../platform/caller.ts';
import { contentDisposition } from '../../shared/files/routes.ts';
import { APPROVAL_PERMISSIONS } from '../approvals/service.ts';
import { CERTIFICATE_PERMISSIONS, certificatePdf, createCertificate, createDaySchool, revokeCertificate, verifyCertificate } from './service.ts';

const verifySchema = z.object({ code: z.string({ message: 'certificate.notFound' }).trim().min(1, 'certificate.notFound').max(32, 'certificate.notFound').regex(/^[A-Za-z0-9_-]+$/, 'certificate.notFound') });

/** 走读申请 (/sqsp/zdsq), 在读证明 (/sqsp/zdzm), 成绩证明 (/sqsp/cjzm) and the public verification: docs/calls-applications.md. */
export async function certificateRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database, config } = app;
  const tags = ['applications'];
  const origin = (request: FastifyRequest) => config.publicUrl || `${request.protocol}://${request.host}`;

  app.post(
    '/api/applications/daySchool/create',
    {
      config: { access: { permission: CERTIFICATE_PERMISSIONS.daySchool }, audit: { module: 'applications.daySchool', operation: 'create' } },
      schema: { tags, summary: 'Applies for day-school (a parent for a child, a student for themselves)', body: daySchoolCreateSchema },
    },
    async (request) => ok(await createDaySchool(database.db, await callerOf(request), request.body), t(request, 'leave.submitted')),
  );

  for (const kind of ['enrolment', 'grade'] as const) {
    app.post(
      `/api/applications/${kind}/create`,
      {
        config: { access: { permission: CERTIFICATE_PERMISSIONS[kind] }, audit: { module: `applications.${kind}`, operation: 'create' } },
        schema: { tags, summary: `Applies for a${kind === 'enrolment' ? 'n enrolment' : ' grade'} certificate`, body: certificateCreateSchema },
      },
      async (request) => ok(await createCertificate(database.db, await callerOf(request), kind, request.body), t(request, 'leave.submitted')),
    );
  }

  app.post(
    '/api/applications/grade/terms',
    { config: { access: { permission: CERTIFICATE_PERMISSIONS.grade }, readOnly: true }, schema: { tags, summary: 'Terms a grade certificate may cover (begun ones, newest first)' } },
    async (request) => {
      const today = schoolToday();
      const terms = await termList(database.db, languageOf(request));
      return ok(terms.filter((term) => term.startDate <= today).map(({ id, name }) => ({ id, name })));
    },
  );

  app.get(
    '/api/applications/certificates/pdf',
    {
      // Whoever may open the application (its family, its approvers, administrators) may download its certificate.
      config: { access: 'authenticated' },
      schema: { tags, summary: "An approved application's certificate as PDF", querystring: idBodySchema },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const { name, pdf } = await certificatePdf(database.db, caller, request.query.id, caller.permissions.has(APPROVAL_PERMISSIONS.all), origin(request));
      return reply.header('content-type', 'application/pdf').header('content-disposition', contentDisposition('attachment', name)).header('cache-control', 'private, no-store').send(pdf);
    },
  );

  app.post(
    '/api/applications/certificates/revoke',
    {
      // The academic office (whoever decides any application) revokes one issued in error or superseded.
      config: { access: { permission: APPROVAL_PERMISSIONS.all }, audit: { module: 'applications.certificates', operation: 'revoke' } },
      schema: { tags, summary: "Revokes an application's certificate, with the reason (the verification page says so)", body: certificateRevokeSchema },
    },
    async (request) => {
      await revokeCertificate(database.db, await callerOf(request), request.body.id, request.body.reason);
      return ok(null, t(request, 'certificate.revokeDone'));
    },
  );

  app.post(
    '/api/certificates/verify',
    { config: { access: 'public', readOnly: true }, schema: { tags, summary: "The public verification page: what a certificate says, by its QR code's code", body: verifySchema } },
    async (request) => ok(await verifyCertificate(database.db, request.body.code)),
  );
}
