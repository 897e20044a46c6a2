import { myScoresSchema, pagedQuerySchema, transcriptStudentSearchSchema } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageOf, searchOf } from '../../../platform/caller.ts';
import { ok } from '../../../platform/envelope.ts';
import { forbidden } from '../../../platform/errors.ts';
import { isAdministrator, isStaff } from '../../../platform/scope.ts';
import { ownChildren, pageChoosableStudents } from '../../shared/students/choices.ts';
import { MY_SCORES_PERMISSION, myScores } from './service.ts';

/** 成绩单 (/cjfxNew/cjfx/grfx), the family's scores, and any student's for the staff who see them: docs/calls-scores.md. */
export async function myScoreRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['scores'];
  const access = { permission: MY_SCORES_PERMISSION };

  app.post(
    '/api/scores/mine/children',
    { config: { access, readOnly: true }, schema: { tags, summary: "The children whose scores a parent may read (a student: themselves)" } },
    async (request) => {
      if (isStaff(request.auth!)) throw forbidden();
      return ok(await ownChildren(database.db, request.auth!));
    },
  );
  app.post(
    '/api/scores/mine/students',
    {
      config: { access, readOnly: true },
      schema: { tags, summary: 'Students whose transcript a teacher (their classes) or an administrator (everyone) may read, by number or name', body: pagedQuerySchema },
    },
    async (request) => {
      const auth = request.auth!;
      if (!isStaff(auth)) throw forbidden();
      const keyword = searchOf(transcriptStudentSearchSchema, request.body.search).keyword || undefined;
      return ok(await pageChoosableStudents(database.db, auth, isAdministrator(auth), keyword, pageOf(request.body)));
    },
  );
  app.post(
    '/api/scores/mine/report',
    { config: { access, readOnly: true }, schema: { tags, summary: "A student's (a parent's child's) scores of released batches, with the class's figures", body: myScoresSchema } },
    async (request) => ok(await myScores(database.db, request.auth!, request.body.studentId, request.language)),
  );
}
