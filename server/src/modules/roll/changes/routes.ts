import { idBodySchema, pagedQuerySchema, rollChangeCreateSchema, rollChangeSearchSchema, rollStudentSearchSchema } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../platform/envelope.ts';
import { t } from '../../../platform/i18n.ts';
import { callerOf, pageOf, searchOf } from '../../../platform/caller.ts';
import { notFound } from '../../../platform/errors.ts';
import { applicationDetail, withdrawMine } from '../../applications/leave/service.ts';
import { canReadChange, createRollChange, pageRollChanges, rollClasses, rollHistory, rollStudents, ROLL_PERMISSIONS } from './service.ts';

const ACCESS = { permission: ROLL_PERMISSIONS.change } as const;

/** 学籍异动管理 (/xjgl/xjyd): docs/calls-roll.md. */
export async function rollChangeRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['roll'];

  app.post(
    '/api/roll/changes/page',
    { config: { access: ACCESS, readOnly: true }, schema: { tags, summary: "Roll changes of the caller's students (the office: every one)", body: pagedQuerySchema } },
    async (request) => {
      const search = searchOf(rollChangeSearchSchema, request.body.search);
      return ok(
        await pageRollChanges(
          database.db,
          await callerOf(request),
          {
            keyword: search.keyword || undefined,
            kind: search.kind || undefined,
            status: search.status || undefined,
            effect: search.effect || undefined,
            classId: search.classId === '' ? undefined : search.classId,
          },
          pageOf(request.body),
        ),
      );
    },
  );

  app.post(
    '/api/roll/changes/get',
    { config: { access: ACCESS, readOnly: true }, schema: { tags, summary: 'One roll change with its approval trail', body: idBodySchema } },
    async (request) => {
      const caller = await callerOf(request);
      // Every change the list shows opens (a class teacher reads those into or out of their classes too).
      if (!(await canReadChange(database.db, caller, request.body.id))) throw notFound();
      const view = await applicationDetail(database.db, caller, request.body.id, true);
      if (view.type !== 'rollChange') throw notFound();
      return ok(view);
    },
  );

  app.post(
    '/api/roll/changes/create',
    { config: { access: ACCESS, audit: { module: 'roll.changes', operation: 'create' } }, schema: { tags, summary: 'Files a roll change for approval', body: rollChangeCreateSchema } },
    async (request) => ok(await createRollChange(database.db, await callerOf(request), request.body), t(request, 'roll.submitted')),
  );

  app.post(
    '/api/roll/changes/withdraw',
    { config: { access: ACCESS, audit: { module: 'roll.changes', operation: 'withdraw' } }, schema: { tags, summary: 'Withdraws a pending roll change the caller filed', body: idBodySchema } },
    async (request) => {
      await withdrawMine(database.db, await callerOf(request), request.body.id);
      return ok(null, t(request, 'approval.withdrawn'));
    },
  );

  app.post(
    '/api/roll/changes/history',
    { config: { access: ACCESS, readOnly: true }, schema: { tags, summary: "A student's roll changes, oldest first", body: idBodySchema } },
    async (request) => ok(await rollHistory(database.db, await callerOf(request), request.body.id)),
  );

  app.post(
    '/api/roll/changes/students',
    { config: { access: ACCESS, readOnly: true }, schema: { tags, summary: 'Students the caller may file a change for (at most 20)', body: rollStudentSearchSchema } },
    async (request) => ok(await rollStudents(database.db, await callerOf(request), request.body.keyword)),
  );

  app.post(
    '/api/roll/changes/classes',
    { config: { access: ACCESS, readOnly: true }, schema: { tags, summary: 'Classes with their size and limit' } },
    async () => ok(await rollClasses(database.db)),
  );
}
