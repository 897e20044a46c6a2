import { SURVEY_PERMISSIONS, idBodySchema, idSchema, nonRespondentsSchema, pagedQuerySchema, textAnswersSchema } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../platform/envelope.ts';
import { EXPORT_ROW_LIMIT, buildWorkbook, exportFileName, sendWorkbook } from '../../../platform/excel.ts';
import { t } from '../../../platform/i18n.ts';
import { callerOf } from '../common.ts';
import { pageSurveys, surveyList } from '../design/service.ts';
import { allTexts, nonRespondents, remindNonRespondents, surveyStatistics, textAnswers } from './service.ts';

const STATISTICS = { permission: SURVEY_PERMISSIONS.statistics } as const;
// An export right makes its holders sign in with a second factor (session/auth/mfa.ts): the Excel copy is for
// the office, not for every teacher who reads the statistics.
const EXPORT = { permission: SURVEY_PERMISSIONS.all } as const;
const audit = (operation: string) => ({ module: 'surveys.statistics', operation });

interface SheetRow {
  question: string;
  kind: string;
  item: string;
  count: number | string;
  percent: number | string;
}

/** 问卷统计 (/survey/wjtj): docs/calls-surveys.md. */
export async function surveyStatisticsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['surveys'];
  const base = '/api/surveys/statistics';

  app.post(
    `${base}/page`,
    { config: { access: STATISTICS, readOnly: true }, schema: { tags, summary: "The caller's published surveys (every one with survey:create:all), paged", body: pagedQuerySchema } },
    async (request) => ok(await pageSurveys(database.db, await callerOf(request), surveyList.parse(request.body), true)),
  );
  app.post(
    `${base}/get`,
    { config: { access: STATISTICS, readOnly: true }, schema: { tags, summary: 'Counts, percentages, averages and matrices per question', body: idBodySchema } },
    async (request) => ok(await surveyStatistics(database.db, await callerOf(request), request.body.id)),
  );
  app.post(
    `${base}/texts`,
    { config: { access: STATISTICS, readOnly: true }, schema: { tags, summary: "A text question's answers, paged", body: textAnswersSchema } },
    async (request) => {
      const { id, question, currPage, limit } = request.body;
      return ok(await textAnswers(database.db, await callerOf(request), id, question, { offset: currPage * limit, limit }));
    },
  );
  app.post(
    `${base}/nonRespondents`,
    { config: { access: STATISTICS, readOnly: true }, schema: { tags, summary: 'Who has not answered a named survey, paged', body: nonRespondentsSchema } },
    async (request) => {
      const { id, currPage, limit } = request.body;
      return ok(await nonRespondents(database.db, await callerOf(request), id, { offset: currPage * limit, limit }));
    },
  );
  app.post(
    `${base}/remind`,
    { config: { access: STATISTICS, audit: audit('remind') }, schema: { tags, summary: 'A reminder message to every non-respondent of a named survey', body: idBodySchema } },
    async (request) => {
      const count = await remindNonRespondents(database.db, await callerOf(request), request.body.id);
      return ok({ count }, t(request, 'survey.reminded', { count }));
    },
  );
  app.get(
    `${base}/export`,
    { config: { access: EXPORT, readOnly: true }, schema: { tags, summary: 'The statistics and the text answers as Excel', querystring: z.object({ id: idSchema }) } },
    async (request, reply) => {
      const stats = await surveyStatistics(database.db, await callerOf(request), request.query.id);
      const col = (key: string) => t(request, `survey.col.${key}`);
      const rows: SheetRow[] = [{ question: t(request, 'survey.exportSummary', { responses: stats.responseCount, recipients: stats.recipientTotal }), kind: '', item: '', count: '', percent: '' }];
      const texts = await allTexts(database.db, stats.id, EXPORT_ROW_LIMIT);
      for (const q of stats.questions) {
        const question = `${q.index + 1}. ${q.title}`;
        const kind = t(request, `survey.kind.${q.kind}`);
        rows.push({ question, kind, item: col('answered'), count: q.answered, percent: '' });
        for (const c of q.counts) rows.push({ question, kind, item: c.label, count: c.count, percent: c.percent });
        if (q.average !== null) rows.push({ question, kind, item: col('average'), count: q.average, percent: '' });
        for (const m of q.matrix) m.counts.forEach((n, c) => rows.push({ question, kind, item: `${m.row} · ${q.columns[c]}`, count: n, percent: '' }));
        for (const text of texts.filter((x) => x.question === q.index)) rows.push({ question, kind, item: text.text, count: '', percent: '' });
      }
      const name = `${t(request, 'survey.exportName')}-${stats.title}`;
      const content = await buildWorkbook(
        name,
        [
          { header: col('question'), value: (row: SheetRow) => row.question, width: 40 },
          { header: col('kind'), value: (row: SheetRow) => row.kind, width: 12 },
          { header: col('item'), value: (row: SheetRow) => row.item, width: 40 },
          { header: col('count'), value: (row: SheetRow) => row.count, width: 10 },
          { header: `${col('percent')} (%)`, value: (row: SheetRow) => row.percent, width: 10 },
        ],
        rows.slice(0, EXPORT_ROW_LIMIT),
      );
      return sendWorkbook(reply, exportFileName(name), content);
    },
  );
}
