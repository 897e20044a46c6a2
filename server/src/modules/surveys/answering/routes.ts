import { SURVEY_PERMISSIONS, idBodySchema, mySurveySearchSchema, pagedQuerySchema, publicAnswerSchema, publicKeySchema, surveyAnswerSchema } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../platform/envelope.ts';
import { t } from '../../../platform/i18n.ts';
import { pageOf, searchOf } from '../../../platform/caller.ts';
import { mySurveyForm, pageMySurveys, publicSurveyForm, publicSurveys, submitMine, submitPublic } from './service.ts';
import { TallyScheduler } from './tally.ts';

const ANSWER = { permission: SURVEY_PERMISSIONS.answer } as const;
// The operation log keeps who called and when, never what they answered nor their browser's key: either would
// pair a person with an anonymous answer.
const audit = (operation: string) => ({ module: 'surveys.answering', operation, secretFields: ['answers', 'respondentKey'] });

/** 问卷答题 (/survey/wjdt) and the public routes /survey/wjdt/wjdtListNotLogin, /survey/wjdt/answerSurvey. */
export async function surveyAnsweringRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['surveys'];
  // Made at the first answer: registering the routes needs no database (platform.test.ts registers them bare).
  let scheduler: TallyScheduler | null = null;
  const tallies = () => (scheduler ??= new TallyScheduler(database.db, (error) => app.log.error({ err: error }, 'survey tally batch failed')));
  app.addHook('onClose', async () => scheduler?.close());

  app.post(
    '/api/surveys/mine/page',
    { config: { access: ANSWER, readOnly: true }, schema: { tags, summary: 'Surveys sent to the caller: to answer, answered, closed', body: pagedQuerySchema } },
    async (request) => ok(await pageMySurveys(database.db, request.auth!, searchOf(mySurveySearchSchema, request.body.search).state, pageOf(request.body))),
  );
  app.post(
    '/api/surveys/mine/get',
    { config: { access: ANSWER, readOnly: true }, schema: { tags, summary: 'A survey sent to the caller (or a public one), as its answering form', body: idBodySchema } },
    async (request) => ok(await mySurveyForm(database.db, request.auth!, request.body.id)),
  );
  app.post(
    '/api/surveys/mine/submit',
    { config: { access: ANSWER, audit: audit('submit') }, schema: { tags, summary: 'Answers a survey once', body: surveyAnswerSchema } },
    async (request) => {
      const id = await submitMine(database.db, request.auth!, request.body.id, request.body.answers);
      tallies().nudge(id);
      return ok(null, t(request, 'survey.submitted'));
    },
  );
  app.post(
    '/api/surveys/public/list',
    { config: { access: 'public', readOnly: true }, schema: { tags, summary: 'The open public surveys (no session needed)' } },
    async () => ok(await publicSurveys(database.db)),
  );
  app.post(
    '/api/surveys/public/get',
    { config: { access: 'public', readOnly: true }, schema: { tags, summary: "A public survey's form by its link's key", body: publicKeySchema } },
    async (request) => ok(await publicSurveyForm(database.db, request.auth, request.body.key, request.body.respondentKey)),
  );
  app.post(
    '/api/surveys/public/submit',
    { config: { access: 'public', audit: audit('submitPublic') }, schema: { tags, summary: 'Answers a public survey once per browser (and per user when signed in)', body: publicAnswerSchema } },
    async (request) => {
      const id = await submitPublic(database.db, request.auth, request.body.key, request.body.respondentKey, request.body.answers);
      tallies().nudge(id);
      return ok(null, t(request, 'survey.submitted'));
    },
  );
}
