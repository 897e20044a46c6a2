import { ELECTIVE_PERMISSIONS, chooseSchema, courseStudentsSchema, selectionQuerySchema, selectionSettingsSchema, termBodySchema, withdrawChoiceSchema } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../../../platform/caller.ts';
import { ok } from '../../../platform/envelope.ts';
import { t } from '../../../platform/i18n.ts';
import { choose, courseStudents, drawLottery, saveSettings, selectionSettings, selectionView, withdrawChoice } from './service.ts';

const SELECT = { permission: ELECTIVE_PERMISSIONS.select } as const;
const APPROVE = { permission: ELECTIVE_PERMISSIONS.approve } as const;
const audit = (operation: string) => ({ module: 'electives.selection', operation });

/** 学生选课 (/xkgl/xsxk) and the office's selection settings: docs/calls-electives.md. */
export async function electiveSelectionRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['electives'];

  app.post(
    '/api/electives/settings/get',
    { config: { access: APPROVE, readOnly: true }, schema: { tags, summary: "A term's selection window, mode and counts (null when not set)", body: termBodySchema } },
    async (request) => ok(await selectionSettings(database.db, request.body.termId, request.language)),
  );
  app.post(
    '/api/electives/settings/save',
    { config: { access: APPROVE, audit: audit('saveSettings') }, schema: { tags, summary: "Sets a term's selection window and how places are given", body: selectionSettingsSchema } },
    async (request) => {
      await saveSettings(database.db, await callerOf(request), request.body);
      return ok(null, t(request, 'elective.saved'));
    },
  );
  app.post(
    '/api/electives/settings/draw',
    { config: { access: APPROVE, audit: audit('draw') }, schema: { tags, summary: "Draws a lottery term's places after its window", body: termBodySchema } },
    async (request) => {
      const result = await drawLottery(database.db, await callerOf(request), request.body.termId);
      return ok(result, t(request, 'elective.drawn', result));
    },
  );
  app.post(
    '/api/electives/courses/students',
    {
      config: { access: { anyOf: [ELECTIVE_PERMISSIONS.approve, ELECTIVE_PERMISSIONS.declare, ELECTIVE_PERMISSIONS.studentScores] }, readOnly: true },
      schema: { tags, summary: "A course's students and waiting preferences (the office, or its teacher)", body: courseStudentsSchema },
    },
    async (request) => ok(await courseStudents(database.db, await callerOf(request), request.body.sessionId)),
  );
  app.post(
    '/api/electives/selection/view',
    { config: { access: SELECT, readOnly: true }, schema: { tags, summary: "A term's open courses and the student's choices (a parent's: their child's)", body: selectionQuerySchema } },
    async (request) => ok(await selectionView(database.db, await callerOf(request), request.body)),
  );
  app.post(
    '/api/electives/selection/choose',
    { config: { access: SELECT, audit: audit('choose') }, schema: { tags, summary: 'Chooses a major or minor course (first come: a seat at once; lottery: a preference)', body: chooseSchema } },
    async (request) => {
      const result = await choose(database.db, await callerOf(request), request.body);
      return ok(result, t(request, result.status === 'enrolled' ? 'elective.chosen' : 'elective.preferenceSaved', { name: result.name }));
    },
  );
  app.post(
    '/api/electives/selection/withdraw',
    { config: { access: SELECT, audit: audit('withdraw') }, schema: { tags, summary: 'Withdraws the major or minor course inside the window', body: withdrawChoiceSchema } },
    async (request) => {
      await withdrawChoice(database.db, await callerOf(request), request.body);
      return ok(null, t(request, 'elective.choiceWithdrawn'));
    },
  );
}
