import {
  TERM_EVALUATION_PERMISSIONS,
  evaluationFillOptionsSchema,
  evaluationProgressSchema,
  evaluationReleaseSchema,
  evaluationSheetSaveSchema,
  evaluationSheetSchema,
  evaluationThemeFormSchema,
  evaluationThemeListSchema,
  idsSchema,
} from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../../../platform/caller.ts';
import { ok } from '../../../platform/envelope.ts';
import { t } from '../../../platform/i18n.ts';
import { deleteThemes, fillOptions, fillSheet, releaseThemes, saveSheet, saveTheme, themeList, themeProgress } from './service.ts';

/** 期末评价维护 (/xspj/qmpjwh) and 期末评价填写 (/xspj/qmpjtx): docs/calls-evaluation.md. */
export async function termEvaluationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['evaluation'];
  const maintain = { permission: TERM_EVALUATION_PERMISSIONS.maintain };
  const fill = { permission: TERM_EVALUATION_PERMISSIONS.fill };
  const audit = (operation: string) => ({ module: 'evaluation.term', operation });

  app.post(
    '/api/evaluation/themes/list',
    { config: { access: maintain, readOnly: true }, schema: { tags, summary: "Terms, and a term's evaluation themes with their items and how far they are filled in", body: evaluationThemeListSchema } },
    async (request) => ok(await themeList(database.db, request.language, request.body.termId)),
  );
  app.post(
    '/api/evaluation/themes/save',
    { config: { access: maintain, audit: audit('save') }, schema: { tags, summary: 'Creates (no id) or changes a theme with its grades and content items', body: evaluationThemeFormSchema } },
    async (request) => {
      const saved = await saveTheme(database.db, request.body, request.auth!.userId);
      return ok({ id: saved.id }, t(request, 'termEvaluation.saved', { name: saved.name }));
    },
  );
  app.post(
    '/api/evaluation/themes/delete',
    { config: { access: maintain, audit: audit('delete') }, schema: { tags, summary: 'Deletes themes nobody has filled in', body: idsSchema } },
    async (request) => ok({ deleted: await deleteThemes(database.db, request.body.ids) }, t(request, 'common.deleted')),
  );
  app.post(
    '/api/evaluation/themes/release',
    { config: { access: maintain, audit: audit('release') }, schema: { tags, summary: 'Shows themes to students and parents, or hides them again', body: evaluationReleaseSchema } },
    async (request) => {
      const count = await releaseThemes(database.db, request.body.ids, request.body.released);
      return ok({ count }, t(request, request.body.released ? 'termEvaluation.released' : 'termEvaluation.withdrawn', { count }));
    },
  );
  app.post(
    '/api/evaluation/themes/progress',
    { config: { access: maintain, readOnly: true }, schema: { tags, summary: "Each class of the theme's grades: students, those filled in, the class teacher", body: evaluationProgressSchema } },
    async (request) => ok(await themeProgress(database.db, request.language, request.body.themeId)),
  );

  app.post(
    '/api/evaluation/fill/options',
    { config: { access: fill, readOnly: true }, schema: { tags, summary: "Terms, a term's themes and the classes the caller fills", body: evaluationFillOptionsSchema } },
    async (request) => ok(await fillOptions(database.db, await callerOf(request), request.body.termId)),
  );
  app.post(
    '/api/evaluation/fill/sheet',
    { config: { access: fill, readOnly: true }, schema: { tags, summary: "A class's students with their answers to a theme", body: evaluationSheetSchema } },
    async (request) => ok(await fillSheet(database.db, await callerOf(request), request.body.themeId, request.body.classId)),
  );
  app.post(
    '/api/evaluation/fill/save',
    { config: { access: fill, audit: audit('fill') }, schema: { tags, summary: "Saves the changed rows of a class's grid (refused whole for one bad answer or a row changed meanwhile)", body: evaluationSheetSaveSchema } },
    async (request) => {
      const saved = await saveSheet(database.db, await callerOf(request), request.body);
      return ok({ saved }, t(request, 'termEvaluation.sheetSaved', { count: saved }));
    },
  );
}
