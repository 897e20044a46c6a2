import { SURVEY_PERMISSIONS, idBodySchema, idsSchema, pagedQuerySchema, surveyFormSchema, surveyPublishSchema, surveyUseSchema, type SurveyForAnswer } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../platform/envelope.ts';
import { badRequest } from '../../../platform/errors.ts';
import { t } from '../../../platform/i18n.ts';
import { callerOf } from '../common.ts';
import { copySurvey, createSurvey, deleteSurveys, getSurvey, pageSurveys, publishSurvey, publishableClasses, setInUse, surveyList, unpublishSurvey, updateSurvey } from './service.ts';

const READ = { permission: SURVEY_PERMISSIONS.design } as const;
const EDIT = { permission: SURVEY_PERMISSIONS.edit } as const;
const DELETE = { permission: SURVEY_PERMISSIONS.remove } as const;
const PUBLISH = { permission: SURVEY_PERMISSIONS.publish } as const;
// Spec 6: a user without the right to publish questionnaires is told to contact the system administrator.
const refusal = 'survey.noRightPublish' as const;
const audit = (operation: string) => ({ module: 'surveys.design', operation });

/** 创建问卷 (/survey/cjwj) and its preview (/survey/cjwj/perviewWJ): docs/calls-surveys.md. */
export async function surveyDesignRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['surveys'];
  const base = '/api/surveys/design';

  app.post(
    `${base}/page`,
    { config: { access: READ, readOnly: true }, schema: { tags, summary: "The caller's surveys (every survey with survey:create:all), paged", body: pagedQuerySchema } },
    async (request) => ok(await pageSurveys(database.db, await callerOf(request), surveyList.parse(request.body))),
  );
  app.post(
    `${base}/get`,
    { config: { access: READ, readOnly: true }, schema: { tags, summary: 'One survey with its questions and audience', body: idBodySchema } },
    async (request) => ok(await getSurvey(database.db, await callerOf(request), request.body.id)),
  );
  app.post(
    `${base}/preview`,
    { config: { access: READ, readOnly: true }, schema: { tags, summary: 'The answering form of a design, as a respondent would see it', body: idBodySchema } },
    async (request) => {
      const survey = await getSurvey(database.db, await callerOf(request), request.body.id);
      const form: SurveyForAnswer = {
        id: survey.id, title: survey.title, description: survey.description, startsAt: survey.startsAt, endsAt: survey.endsAt,
        anonymous: survey.anonymous, questions: survey.questions, state: 'open', needsLogin: false,
      };
      return ok(form);
    },
  );
  app.post(
    `${base}/classes`,
    { config: { access: READ, readOnly: true }, schema: { tags, summary: 'Classes the caller may send a survey to' } },
    async (request) => ok(await publishableClasses(database.db, await callerOf(request))),
  );
  app.post(
    `${base}/create`,
    { config: { access: EDIT, audit: audit('create') }, schema: { tags, summary: 'Adds a survey as a draft', body: surveyFormSchema } },
    async (request) => ok({ id: await createSurvey(database.db, await callerOf(request), request.body) }, t(request, 'common.created')),
  );
  app.post(
    `${base}/update`,
    { config: { access: EDIT, audit: audit('update') }, schema: { tags, summary: 'Changes a survey (its questions only while nobody has answered)', body: surveyFormSchema } },
    async (request) => {
      const form = request.body;
      if (!form.id) throw badRequest();
      await updateSurvey(database.db, await callerOf(request), { ...form, id: form.id });
      return ok(null, t(request, 'common.updated'));
    },
  );
  app.post(
    `${base}/delete`,
    { config: { access: DELETE, audit: audit('delete') }, schema: { tags, summary: 'Deletes surveys (not a published one with answers)', body: idsSchema } },
    async (request) => {
      await deleteSurveys(database.db, await callerOf(request), request.body.ids);
      return ok(null, t(request, 'common.deleted'));
    },
  );
  app.post(
    `${base}/copy`,
    { config: { access: EDIT, audit: audit('copy') }, schema: { tags, summary: 'Copies a survey as a new draft', body: idBodySchema } },
    async (request) => ok({ id: await copySurvey(database.db, await callerOf(request), request.body.id) }, t(request, 'survey.copied')),
  );
  app.post(
    `${base}/use`,
    { config: { access: EDIT, audit: audit('use') }, schema: { tags, summary: 'Puts a survey in use or out of use', body: surveyUseSchema } },
    async (request) => {
      await setInUse(database.db, await callerOf(request), request.body.id, request.body.inUse);
      return ok(null, t(request, 'survey.useChanged'));
    },
  );
  app.post(
    `${base}/publish`,
    { config: { access: PUBLISH, refusal, audit: audit('publish') }, schema: { tags, summary: 'Publishes to people, classes and/or publicly by link', body: surveyPublishSchema } },
    async (request) => ok(await publishSurvey(database.db, await callerOf(request), request.body), t(request, 'survey.published')),
  );
  app.post(
    `${base}/unpublish`,
    { config: { access: PUBLISH, refusal, audit: audit('unpublish') }, schema: { tags, summary: 'Withdraws a publication nobody has answered', body: idBodySchema } },
    async (request) => {
      await unpublishSurvey(database.db, await callerOf(request), request.body.id);
      return ok(null, t(request, 'survey.unpublished'));
    },
  );
}
