import { exportQuerySchema, fundEntryFormSchema, idsSchema, pagedQuerySchema, type FundEntryRow } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../../../platform/caller.ts';
import { ok } from '../../../platform/envelope.ts';
import { badRequest } from '../../../platform/errors.ts';
import { EXPORT_ROW_LIMIT, buildWorkbook, exportFileName, sendWorkbook } from '../../../platform/excel.ts';
import { t } from '../../../platform/i18n.ts';
import { HEAD_TEACHER_ACCESS, HEAD_TEACHER_EXPORT, auditOf } from '../common.ts';
import { allFundEntries, createFundEntry, deleteFundEntries, fundList, pageFund, updateFundEntry } from './service.ts';

const audit = auditOf('fund');

/** 班级经费 (/bzrgzscgl/works/bjjf): docs/calls-headTeacher.md. */
export async function headTeacherFundRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['headTeacher'];
  const base = '/api/headTeacher/fund';

  app.post(
    `${base}/page`,
    { config: { access: HEAD_TEACHER_ACCESS, readOnly: true }, schema: { tags, summary: "A class's fund entries with the running balance, and the totals", body: pagedQuerySchema } },
    async (request) => ok(await pageFund(database.db, await callerOf(request), fundList.parse(request.body))),
  );
  app.post(
    `${base}/create`,
    { config: { access: HEAD_TEACHER_ACCESS, audit: audit('create') }, schema: { tags, summary: 'Records an income or an expense (the fund never falls below zero)', body: fundEntryFormSchema } },
    async (request) => ok({ id: await createFundEntry(database.db, await callerOf(request), request.body) }, t(request, 'common.created')),
  );
  app.post(
    `${base}/update`,
    { config: { access: HEAD_TEACHER_ACCESS, audit: audit('update') }, schema: { tags, summary: 'Changes an entry', body: fundEntryFormSchema } },
    async (request) => {
      const form = request.body;
      if (!form.id) throw badRequest();
      await updateFundEntry(database.db, await callerOf(request), { ...form, id: form.id });
      return ok(null, t(request, 'common.updated'));
    },
  );
  app.post(
    `${base}/delete`,
    { config: { access: HEAD_TEACHER_ACCESS, audit: audit('delete') }, schema: { tags, summary: 'Deletes entries', body: idsSchema } },
    async (request) => {
      await deleteFundEntries(database.db, await callerOf(request), [...new Set(request.body.ids)]);
      return ok(null, t(request, 'common.deleted'));
    },
  );
  app.get(
    `${base}/export`,
    { config: { access: HEAD_TEACHER_EXPORT }, schema: { tags, summary: 'The fund as an Excel file, balance column included', querystring: exportQuerySchema } },
    async (request, reply) => {
      const list = fundList.parse({ ...request.query, currPage: 0, limit: EXPORT_ROW_LIMIT });
      const rows = await allFundEntries(database.db, await callerOf(request), list, EXPORT_ROW_LIMIT);
      const h = (key: string) => t(request, `headTeacher.fund.${key}`);
      const content = await buildWorkbook<FundEntryRow>(
        h('exportName'),
        [
          { header: h('date'), value: (row) => row.entryDate, width: 12 },
          { header: h('direction'), value: (row) => h(row.direction) },
          { header: h('amount'), value: (row) => Number(row.amount) },
          { header: h('purpose'), value: (row) => row.purpose, width: 24 },
          { header: h('handler'), value: (row) => row.handler },
          { header: h('balance'), value: (row) => Number(row.balance) },
          { header: h('notes'), value: (row) => row.notes, width: 24 },
        ],
        rows,
      );
      return sendWorkbook(reply, exportFileName(h('exportName')), content);
    },
  );
}
