import {
  idBodySchema,
  leaveCancelSchema,
  leaveCreateSchema,
  myApplicationSearchSchema,
  onLeaveSearchSchema,
  pagedQuerySchema,
  travelCreateSchema,
} from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../platform/envelope.ts';
import { t } from '../../../platform/i18n.ts';
import { callerOf, pageOf, searchOf } from '../../../platform/caller.ts';
import { ownChildren } from '../../shared/students/choices.ts';
import { CERTIFICATE_PERMISSIONS } from '../certificates/service.ts';
import {
  APPLICANT_KINDS,
  applicationDetail,
  type ApplicantKind,
  cancelLeave,
  createLeave,
  createTravel,
  LEAVE_PERMISSIONS,
  pageMyApplications,
  pageOnLeave,
  missedLessons,
  withdrawMine,
} from './service.ts';

const missedLessonsSchema = z.object({
  xh: z.string({ message: 'errors.badRequest' }).trim().min(1, 'errors.badRequest').max(30, 'errors.badRequest'),
  xnxq: z.string({ message: 'errors.badRequest' }).trim().min(1, 'errors.badRequest').max(20, 'errors.badRequest'),
  zs: z.coerce.number().int('errors.badRequest').min(1, 'errors.badRequest').max(60, 'errors.badRequest'),
});

const LEAVE = { permission: LEAVE_PERMISSIONS.leave } as const;
const TRAVEL = { permission: LEAVE_PERMISSIONS.travel } as const;
const KIND_PERMISSIONS: Record<ApplicantKind, string> = {
  leave: LEAVE_PERMISSIONS.leave,
  travel: LEAVE_PERMISSIONS.travel,
  daySchool: CERTIFICATE_PERMISSIONS.daySchool,
  enrolment: CERTIFICATE_PERMISSIONS.enrolment,
  grade: CERTIFICATE_PERMISSIONS.grade,
};

/** 请假申请 (/sqsp/qjsq) and 外出申请 (/sqsp/wcsq): docs/calls-applications.md. */
export async function leaveRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['applications'];

  // Each applicant page lists, opens and withdraws its own types; the family pages also name the children.
  for (const kind of Object.keys(APPLICANT_KINDS) as ApplicantKind[]) {
    const access = { permission: KIND_PERMISSIONS[kind] };
    app.post(
      `/api/applications/${kind}/page`,
      { config: { access, readOnly: true }, schema: { tags, summary: `The caller's own (and children's) ${kind} applications`, body: pagedQuerySchema } },
      async (request) => {
        const search = searchOf(myApplicationSearchSchema, request.body.search);
        return ok(
          await pageMyApplications(database.db, await callerOf(request), kind, { status: search.status || undefined, studentId: search.studentId === '' ? undefined : search.studentId }, pageOf(request.body)),
        );
      },
    );
    app.post(
      `/api/applications/${kind}/get`,
      { config: { access, readOnly: true }, schema: { tags, summary: `One ${kind} application with its approval trail`, body: idBodySchema } },
      async (request) => ok(await applicationDetail(database.db, await callerOf(request), request.body.id, false)),
    );
    app.post(
      `/api/applications/${kind}/withdraw`,
      { config: { access, audit: { module: `applications.${kind}`, operation: 'withdraw' } }, schema: { tags, summary: 'Withdraws a pending application', body: idBodySchema } },
      async (request) => {
        await withdrawMine(database.db, await callerOf(request), request.body.id);
        return ok(null, t(request, 'approval.withdrawn'));
      },
    );
    if (kind === 'travel') continue;
    app.post(
      `/api/applications/${kind}/children`,
      { config: { access, readOnly: true }, schema: { tags, summary: "A parent's children (a student: themselves)" } },
      async (request) => ok(await ownChildren(database.db, request.auth!)),
    );
  }

  app.post(
    '/api/applications/leave/create',
    { config: { access: LEAVE, audit: { module: 'applications.leave', operation: 'create' } }, schema: { tags, summary: 'Applies for leave (a parent for a child; a student or staff member for themselves)', body: leaveCreateSchema } },
    async (request) => ok(await createLeave(database.db, await callerOf(request), request.body), t(request, 'leave.submitted')),
  );

  app.post(
    '/api/applications/leave/cancel',
    { config: { access: LEAVE, audit: { module: 'applications.leave', operation: 'cancel' } }, schema: { tags, summary: '销假: records the return, within the original leave', body: leaveCancelSchema } },
    async (request) => {
      await cancelLeave(database.db, await callerOf(request), request.body);
      return ok(null, t(request, 'leave.cancelled'));
    },
  );

  app.post(
    '/api/applications/leave/onLeave',
    { config: { access: LEAVE, readOnly: true }, schema: { tags, summary: "Students of the caller's classes on approved leave on a day (today by default)", body: pagedQuerySchema } },
    async (request) => {
      const search = searchOf(onLeaveSearchSchema, request.body.search);
      return ok(await pageOnLeave(database.db, await callerOf(request), { classId: search.classId === '' ? undefined : search.classId, date: search.date }, pageOf(request.body)));
    },
  );

  app.post(
    '/api/applications/leave/missedLessons',
    {
      // The student's timetable marks them: whoever may see the student's timetable may see these.
      config: { access: 'authenticated', readOnly: true },
      schema: { tags, summary: 'Lessons of a week a student misses on approved leave (week day zc, period jc)', body: missedLessonsSchema },
    },
    async (request) => ok(await missedLessons(database.db, await callerOf(request), request.body.xh, request.body.xnxq, request.body.zs)),
  );

  app.post(
    '/api/applications/travel/create',
    { config: { access: TRAVEL, audit: { module: 'applications.travel', operation: 'create' } }, schema: { tags, summary: 'A staff member applies for travel', body: travelCreateSchema } },
    async (request) => ok(await createTravel(database.db, await callerOf(request), request.body), t(request, 'leave.submitted')),
  );
}
