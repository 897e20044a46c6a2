import {
  assignmentCreateSchema,
  assignmentSearchSchema,
  assignmentUpdateSchema,
  homeworkApproveSchema,
  homeworkCorrectSchema,
  homeworkRevisionSchema,
  homeworkSubmitSchema,
  homeworkWorkKeySchema,
  homeworkWorkSearchSchema,
  idBodySchema,
  idSchema,
  idsSchema,
  myHomeworkSearchSchema,
  pagedQuerySchema,
} from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../platform/envelope.ts';
import { t } from '../../../platform/i18n.ts';
import { ownChildren, pageChoosableStudents } from '../../shared/students/choices.ts';
import { callerOf, pageOf, searchOf } from '../common.ts';
import {
  approveRevisions,
  askRevision,
  assignmentDetail,
  assignmentTargets,
  correctWorks,
  createAssignment,
  deleteAssignments,
  HOMEWORK_PERMISSIONS,
  listAssignments,
  listMyHomework,
  listWorks,
  openMyHomework,
  openWork,
  remindMissing,
  submitHomework,
  updateAssignment,
} from './service.ts';

const VIEW = { permission: HOMEWORK_PERMISSIONS.view } as const;
const EDIT = { permission: HOMEWORK_PERMISSIONS.edit } as const;
const DELETE = { permission: HOMEWORK_PERMISSIONS.remove } as const;
const MINE = { permission: HOMEWORK_PERMISSIONS.mine } as const;
// Spec section 6: a user without the right to assign or delete is told to ask the administrator.
const refusal = 'homework.noRight' as const;
const audit = (operation: string) => ({ module: 'homeSchool.assignment', operation });

const worksBody = pagedQuerySchema.extend({ id: idSchema });
const myHomeworkKey = z.object({ assignmentId: idSchema, studentId: idSchema.optional() });
const studentSearch = z.object({ keyword: z.string().trim().max(50, 'validation.tooLong').optional() }).strip();

/** 作业发布 (/jxhd/zyfb) and 我的作业 (/jxhd/wdzy): docs/calls-homeSchool.md, "Homework". */
export async function homeworkRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['homeSchool'];

  app.post(
    '/api/homeSchool/assignments/page',
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: 'Assignments the caller set (all with homeSchool:assignment:all), newest first, with progress', body: pagedQuerySchema } },
    async (request) => {
      const search = searchOf(assignmentSearchSchema, request.body.search);
      return ok(await listAssignments(database.db, await callerOf(request), { title: search.title || undefined, state: search.state || undefined }, pageOf(request.body)));
    },
  );

  app.post(
    '/api/homeSchool/assignments/get',
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: 'One assignment with its attachments and targets', body: idBodySchema } },
    async (request) => ok(await assignmentDetail(database.db, await callerOf(request), request.body.id)),
  );

  app.post(
    '/api/homeSchool/assignments/targets',
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: 'Classes and teaching classes the caller may assign to' } },
    async (request) => ok(await assignmentTargets(database.db, await callerOf(request))),
  );

  app.post(
    '/api/homeSchool/assignments/students',
    { config: { access: EDIT, readOnly: true }, schema: { tags, summary: 'In-school students the caller may assign to one by one, by number or name', body: pagedQuerySchema } },
    async (request) => {
      const caller = await callerOf(request);
      const keyword = searchOf(studentSearch, request.body.search).keyword || undefined;
      return ok(await pageChoosableStudents(database.db, caller.auth, caller.permissions.has(HOMEWORK_PERMISSIONS.all), keyword, pageOf(request.body)));
    },
  );

  app.post(
    '/api/homeSchool/assignments/create',
    { config: { access: EDIT, refusal, audit: audit('create') }, schema: { tags, summary: 'Assign homework; each student and their parents get a message', body: assignmentCreateSchema } },
    async (request) => {
      const created = await createAssignment(database.db, await callerOf(request), request.body);
      return ok(created, t(request, 'homework.published', { count: created.count }));
    },
  );

  app.post(
    '/api/homeSchool/assignments/update',
    { config: { access: EDIT, refusal, audit: audit('update') }, schema: { tags, summary: 'Modify an assignment before its end time (not whom it is for)', body: assignmentUpdateSchema } },
    async (request) => {
      await updateAssignment(database.db, await callerOf(request), request.body);
      return ok(null, t(request, 'common.updated'));
    },
  );

  app.post(
    '/api/homeSchool/assignments/delete',
    { config: { access: DELETE, refusal, audit: audit('delete') }, schema: { tags, summary: 'Delete assignments with the work handed in and their messages', body: idsSchema } },
    async (request) => {
      await deleteAssignments(database.db, await callerOf(request), request.body.ids);
      return ok(null, t(request, 'common.deleted'));
    },
  );

  app.post(
    '/api/homeSchool/assignments/works',
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: "An assignment's students and where each one's work stands", body: worksBody } },
    async (request) => {
      const search = searchOf(homeworkWorkSearchSchema, request.body.search);
      return ok(await listWorks(database.db, await callerOf(request), request.body.id, { status: search.status || undefined, keyword: search.keyword || undefined }, pageOf(request.body)));
    },
  );

  app.post(
    '/api/homeSchool/assignments/work',
    { config: { access: VIEW, audit: audit('open') }, schema: { tags, summary: "One student's work; opening a handed-in one makes it 'to be checked'", body: homeworkWorkKeySchema } },
    async (request) => ok(await openWork(database.db, await callerOf(request), request.body.assignmentId, request.body.studentId)),
  );

  app.post(
    '/api/homeSchool/assignments/correct',
    { config: { access: EDIT, refusal, audit: audit('correct') }, schema: { tags, summary: 'Correct one or several students at once', body: homeworkCorrectSchema } },
    async (request) => {
      const count = await correctWorks(database.db, await callerOf(request), request.body);
      return ok({ count }, t(request, 'homework.corrected', { count }));
    },
  );

  app.post(
    '/api/homeSchool/assignments/revise',
    { config: { access: EDIT, refusal, audit: audit('revise') }, schema: { tags, summary: 'Ask one or several students to revise', body: homeworkRevisionSchema } },
    async (request) => {
      const count = await askRevision(database.db, await callerOf(request), request.body);
      return ok({ count }, t(request, 'homework.revisionAsked', { count }));
    },
  );

  app.post(
    '/api/homeSchool/assignments/approve',
    { config: { access: EDIT, refusal, audit: audit('approve') }, schema: { tags, summary: 'Approve handed-in revisions', body: homeworkApproveSchema } },
    async (request) => {
      const count = await approveRevisions(database.db, await callerOf(request), request.body);
      return ok({ count }, t(request, 'homework.approved', { count }));
    },
  );

  app.post(
    '/api/homeSchool/assignments/remind',
    { config: { access: EDIT, refusal, audit: audit('remind') }, schema: { tags, summary: 'A message to the parents of every student who has not handed in', body: idBodySchema } },
    async (request) => {
      const count = await remindMissing(database.db, await callerOf(request), request.body.id);
      return ok({ count }, t(request, 'homework.reminded', { count }));
    },
  );

  app.post(
    '/api/homeSchool/myHomework/children',
    { config: { access: MINE, readOnly: true }, schema: { tags, summary: "The caller's children (a student: themselves)" } },
    async (request) => ok(await ownChildren(database.db, request.auth!)),
  );

  app.post(
    '/api/homeSchool/myHomework/page',
    { config: { access: MINE, readOnly: true }, schema: { tags, summary: "The caller's (or the chosen child's) homework of a tab, with every tab's count", body: pagedQuerySchema } },
    async (request) => {
      const search = searchOf(myHomeworkSearchSchema, request.body.search);
      return ok(
        await listMyHomework(
          database.db,
          request.auth!,
          { tab: search.tab || undefined, studentId: search.studentId === '' ? undefined : search.studentId, title: search.title || undefined },
          pageOf(request.body),
        ),
      );
    },
  );

  app.post(
    '/api/homeSchool/myHomework/get',
    { config: { access: MINE, audit: { module: 'homeSchool.myHomework', operation: 'read' } }, schema: { tags, summary: 'A homework and the own work on it; a first look marks it viewed', body: myHomeworkKey } },
    async (request) => ok(await openMyHomework(database.db, request.auth!, request.body.assignmentId, request.body.studentId)),
  );

  app.post(
    '/api/homeSchool/myHomework/submit',
    { config: { access: MINE, audit: { module: 'homeSchool.myHomework', operation: 'submit' } }, schema: { tags, summary: 'Hand in (or hand in the revision); late after the end time', body: homeworkSubmitSchema } },
    async (request) => {
      const result = await submitHomework(database.db, await callerOf(request), request.body);
      const message = result.revision ? 'homework.revisionSubmitted' : result.late ? 'homework.submittedLate' : 'homework.submitted';
      return ok({ status: result.status, late: result.late }, t(request, message));
    },
  );
}
