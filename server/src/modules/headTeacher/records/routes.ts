import {
  analysisFiguresSchema,
  classRecordFormSchema,
  exportQuerySchema,
  idBodySchema,
  idsSchema,
  pagedQuerySchema,
  recordFieldLabelKey,
  recordKind,
  recordOptionKey,
  translate,
  type ClassRecordRow,
  type Language,
  type RecordField,
} from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../../../platform/caller.ts';
import { ok } from '../../../platform/envelope.ts';
import { badRequest } from '../../../platform/errors.ts';
import { EXPORT_ROW_LIMIT, buildWorkbook, exportFileName, sendWorkbook, type ExportColumn } from '../../../platform/excel.ts';
import { t } from '../../../platform/i18n.ts';
import { HEAD_TEACHER_ACCESS, HEAD_TEACHER_EXPORT, auditOf } from '../common.ts';
import { allRecords, analysisFigures, createRecord, deleteRecords, getRecord, pageRecords, recordList, updateRecord } from './service.ts';

const audit = auditOf('records');

/** A field's value as a sheet shows it: choices by their label, students by name. */
function shown(language: Language, row: ClassRecordRow, field: RecordField): string | number {
  const value = row.fields[field.name];
  if (value === null || value === undefined || value === '') return '';
  const name = (id: unknown) => row.students.find((student) => student.id === Number(id))?.name ?? '';
  switch (field.type) {
    case 'choice':
      return translate(language, recordOptionKey(field.name, String(value)));
    case 'student':
      return name(value);
    case 'students':
      return (value as unknown[]).map(name).join(language === 'en' ? ', ' : '、');
    case 'number':
      return Number(value);
    default:
      return String(value);
  }
}

/** The dated records of the pages under /bzrgzscgl/ (docs/calls-headTeacher.md). */
export async function headTeacherRecordRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['headTeacher'];
  const base = '/api/headTeacher/records';

  app.post(
    `${base}/page`,
    { config: { access: HEAD_TEACHER_ACCESS, readOnly: true }, schema: { tags, summary: "A class's records of one kind, paged (search: classId, kind, keyword, termId, studentId, dateFrom, dateTo)", body: pagedQuerySchema } },
    async (request) => ok(await pageRecords(database.db, await callerOf(request), recordList.parse(request.body))),
  );
  app.post(
    `${base}/get`,
    { config: { access: HEAD_TEACHER_ACCESS, readOnly: true }, schema: { tags, summary: 'One record', body: idBodySchema } },
    async (request) => ok(await getRecord(database.db, await callerOf(request), request.body.id)),
  );
  app.post(
    `${base}/create`,
    { config: { access: HEAD_TEACHER_ACCESS, audit: audit('create') }, schema: { tags, summary: "Adds a record to the caller's class (fields per kind: contract CLASS_RECORD_KINDS)", body: classRecordFormSchema } },
    async (request) => ok({ id: await createRecord(database.db, await callerOf(request), request.body) }, t(request, 'common.created')),
  );
  app.post(
    `${base}/update`,
    { config: { access: HEAD_TEACHER_ACCESS, audit: audit('update') }, schema: { tags, summary: "Changes a record of the caller's class", body: classRecordFormSchema } },
    async (request) => {
      const form = request.body;
      if (!form.id) throw badRequest();
      await updateRecord(database.db, await callerOf(request), { ...form, id: form.id });
      return ok(null, t(request, 'common.updated'));
    },
  );
  app.post(
    `${base}/delete`,
    { config: { access: HEAD_TEACHER_ACCESS, audit: audit('delete') }, schema: { tags, summary: "Deletes records of the caller's class", body: idsSchema } },
    async (request) => {
      await deleteRecords(database.db, await callerOf(request), [...new Set(request.body.ids)]);
      return ok(null, t(request, 'common.deleted'));
    },
  );
  app.post(
    `${base}/figures`,
    { config: { access: HEAD_TEACHER_ACCESS, readOnly: true }, schema: { tags, summary: "班级情况分析: the figures of an analysis record's term from the class's data", body: analysisFiguresSchema } },
    async (request) => ok(await analysisFigures(database.db, await callerOf(request), request.body.classId, request.body.id)),
  );
  app.get(
    `${base}/export`,
    { config: { access: HEAD_TEACHER_EXPORT }, schema: { tags, summary: 'The same list as an Excel file (same search and sort)', querystring: exportQuerySchema } },
    async (request, reply) => {
      const caller = await callerOf(request);
      const list = recordList.parse({ ...request.query, currPage: 0, limit: EXPORT_ROW_LIMIT });
      const rows = await allRecords(database.db, caller, list, EXPORT_ROW_LIMIT);
      const { language } = caller;
      const kind = list.search.kind;
      const columns: ExportColumn<ClassRecordRow>[] = [
        { header: translate(language, recordFieldLabelKey(kind, 'recordDate')), value: (row) => row.recordDate, width: 12 },
        { header: translate(language, recordFieldLabelKey(kind, 'title')), value: (row) => row.title, width: 24 },
        ...recordKind(kind).fields.map((field) => ({
          header: translate(language, recordFieldLabelKey(kind, field.name)),
          value: (row: ClassRecordRow) => shown(language, row, field),
          width: field.type === 'textarea' ? 40 : 14,
        })),
        { header: t(request, 'headTeacher.record.author'), value: (row) => row.authorName },
      ];
      const content = await buildWorkbook(t(request, 'headTeacher.records.exportName'), columns, rows);
      return sendWorkbook(reply, exportFileName(t(request, 'headTeacher.records.exportName')), content);
    },
  );
}
