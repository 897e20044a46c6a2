import { FAMILY_COMMITTEE_PERMISSIONS, committeeApplySchema, committeeReviewSchema, exportQuerySchema, idBodySchema, idsSchema, pagedQuerySchema } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../../../platform/caller.ts';
import { ok } from '../../../platform/envelope.ts';
import { buildWorkbook, EXPORT_ROW_LIMIT, exportFileName, sendWorkbook } from '../../../platform/excel.ts';
import { t } from '../../../platform/i18n.ts';
import { apply, committeeList, committeeOptions, pageCommittee, removeMembers, review, withdraw } from './service.ts';

const READ = { permission: FAMILY_COMMITTEE_PERMISSIONS.view } as const;
const APPLY = { permission: FAMILY_COMMITTEE_PERMISSIONS.apply } as const;
const REVIEW = { anyOf: [FAMILY_COMMITTEE_PERMISSIONS.review, FAMILY_COMMITTEE_PERMISSIONS.all] } as const;
const audit = (operation: string) => ({ module: 'homeSchool.familyCommittee', operation });

/** 家委会管理 / 报名人员 (/jwhgl/bmry): docs/calls-teaching.md. */
export async function familyCommitteeRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['homeSchool'];
  const base = '/api/homeSchool/familyCommittee';

  app.post(
    `${base}/page`,
    { config: { access: READ, readOnly: true }, schema: { tags, summary: "Applications and members (a parent's own, a class teacher's classes', the office's all), paged", body: pagedQuerySchema } },
    async (request) => ok(await pageCommittee(database.db, await callerOf(request), committeeList.parse(request.body))),
  );
  app.post(
    `${base}/options`,
    { config: { access: READ, readOnly: true }, schema: { tags, summary: "School years, the classes the caller reviews, a parent's children" } },
    async (request) => ok(await committeeOptions(database.db, await callerOf(request))),
  );
  app.post(
    `${base}/apply`,
    { config: { access: APPLY, audit: audit('apply') }, schema: { tags, summary: "A parent applies to their child's class committee or the school's", body: committeeApplySchema } },
    async (request) => ok({ id: await apply(database.db, await callerOf(request), request.body) }, t(request, 'committee.submitted')),
  );
  app.post(
    `${base}/withdraw`,
    { config: { access: APPLY, audit: audit('withdraw') }, schema: { tags, summary: 'The applicant withdraws a pending application', body: idBodySchema } },
    async (request) => {
      await withdraw(database.db, await callerOf(request), request.body.id);
      return ok(null, t(request, 'committee.withdrawn'));
    },
  );
  app.post(
    `${base}/review`,
    { config: { access: REVIEW, audit: audit('review') }, schema: { tags, summary: 'Approves (with a post) or rejects (with a reason) pending applications', body: committeeReviewSchema } },
    async (request) => {
      const count = await review(database.db, await callerOf(request), request.body);
      return ok({ count }, t(request, request.body.decision === 'approve' ? 'committee.approved' : 'committee.rejected', { count }));
    },
  );
  app.post(
    `${base}/remove`,
    { config: { access: REVIEW, audit: audit('remove') }, schema: { tags, summary: 'Removes members or applications of the committees the caller reviews', body: idsSchema } },
    async (request) => {
      await removeMembers(database.db, await callerOf(request), request.body.ids);
      return ok(null, t(request, 'committee.removed'));
    },
  );
  app.get(
    `${base}/export`,
    // The Excel copy is the office's: an export right asks for a second factor at sign-in.
    { config: { access: { permission: FAMILY_COMMITTEE_PERMISSIONS.all } }, schema: { tags, summary: 'The list as an Excel file (same search and sort)', querystring: exportQuerySchema } },
    async (request, reply) => {
      const caller = await callerOf(request);
      const { rows } = await pageCommittee(database.db, caller, committeeList.parse({ ...request.query, currPage: 0, limit: EXPORT_ROW_LIMIT }), false);
      const col = (key: string) => t(request, `committee.col.${key}`);
      const name = t(request, 'committee.exportName');
      const content = await buildWorkbook(name, [
        { header: col('year'), value: (r) => r.schoolYearName, width: 14 },
        { header: col('committee'), value: (r) => r.className || t(request, 'committee.school'), width: 16 },
        { header: col('parent'), value: (r) => r.parentName, width: 14 },
        { header: col('phone'), value: (r) => r.parentPhone, width: 14 },
        { header: col('student'), value: (r) => `${r.studentName} (${r.studentNumber})`, width: 20 },
        { header: col('post'), value: (r) => t(request, `committee.post.${r.post}`), width: 10 },
        { header: col('status'), value: (r) => t(request, `committee.status.${r.status}`), width: 10 },
        { header: col('reason'), value: (r) => r.reason, width: 40 },
        { header: col('reviewedAt'), value: (r) => r.reviewedAt, width: 18 },
      ], rows);
      return sendWorkbook(reply, exportFileName(name), content);
    },
  );
}
