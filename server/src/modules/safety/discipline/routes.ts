import { z } from 'zod';
import {
  DISCIPLINE_PERMISSIONS,
  disciplineFormSchema,
  disciplineRevokeSchema,
  disciplineTypeFormSchema,
  exportQuerySchema,
  idBodySchema,
  idsSchema,
  pagedQuerySchema,
  type DisciplineRow,
} from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../../../platform/caller.ts';
import { ok } from '../../../platform/envelope.ts';
import { badRequest } from '../../../platform/errors.ts';
import { buildWorkbook, EXPORT_ROW_LIMIT, exportFileName, sendWorkbook } from '../../../platform/excel.ts';
import { t } from '../../../platform/i18n.ts';
import { yesNo } from '../../../platform/resource.ts';
import {
  createDiscipline,
  deleteDiscipline,
  deleteTypes,
  disciplineList,
  disciplineOptions,
  disciplineStudents,
  getDiscipline,
  listTypes,
  pageDiscipline,
  revokeDiscipline,
  sanctionText,
  saveType,
  updateDiscipline,
} from './service.ts';

const PAGE = { permission: DISCIPLINE_PERMISSIONS.page } as const;
const EDIT = { anyOf: [DISCIPLINE_PERMISSIONS.edit, DISCIPLINE_PERMISSIONS.all] } as const;
const ALL = { permission: DISCIPLINE_PERMISSIONS.all } as const;
const audit = (operation: string) => ({ module: 'safety.discipline', operation });

/** 违纪管理 (/bxjl/wjgl): docs/calls-safety.md. */
export async function disciplineRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['safety'];
  const base = '/api/safety/discipline';

  app.post(`${base}/page`, { config: { access: PAGE, readOnly: true }, schema: { tags, summary: 'Discipline records the caller may read, paged', body: pagedQuerySchema } }, async (request) =>
    ok(await pageDiscipline(database.db, await callerOf(request), disciplineList.parse(request.body))),
  );
  app.post(`${base}/get`, { config: { access: PAGE, readOnly: true }, schema: { tags, summary: 'One record', body: idBodySchema } }, async (request) =>
    ok(await getDiscipline(database.db, await callerOf(request), request.body.id)),
  );
  app.post(`${base}/options`, { config: { access: PAGE, readOnly: true }, schema: { tags, summary: 'Types and the classes the caller sees' } }, async (request) =>
    ok(await disciplineOptions(database.db, await callerOf(request))),
  );
  app.post(
    `${base}/students`,
    { config: { access: EDIT, readOnly: true }, schema: { tags, summary: 'Students the caller may record for, by number or name', body: z.object({ keyword: z.string().trim().max(50, 'validation.tooLong').default('') }) } },
    async (request) => ok(await disciplineStudents(database.db, await callerOf(request), request.body.keyword)),
  );
  app.post(`${base}/create`, { config: { access: EDIT, audit: audit('create') }, schema: { tags, summary: 'Records misconduct (the family is told)', body: disciplineFormSchema } }, async (request) =>
    ok({ id: await createDiscipline(database.db, await callerOf(request), request.body) }, t(request, 'common.created')),
  );
  app.post(`${base}/update`, { config: { access: EDIT, audit: audit('update') }, schema: { tags, summary: 'Changes a record not revoked', body: disciplineFormSchema } }, async (request) => {
    if (!request.body.id) throw badRequest();
    await updateDiscipline(database.db, await callerOf(request), { ...request.body, id: request.body.id });
    return ok(null, t(request, 'common.updated'));
  });
  app.post(`${base}/revoke`, { config: { access: EDIT, audit: audit('revoke') }, schema: { tags, summary: 'Revokes a recorded sanction (date and reason)', body: disciplineRevokeSchema } }, async (request) => {
    await revokeDiscipline(database.db, await callerOf(request), request.body);
    return ok(null, t(request, 'discipline.revoked'));
  });
  app.post(`${base}/delete`, { config: { access: EDIT, audit: audit('delete') }, schema: { tags, summary: 'Deletes records without a sanction', body: idsSchema } }, async (request) => {
    await deleteDiscipline(database.db, await callerOf(request), [...new Set(request.body.ids)]);
    return ok(null, t(request, 'common.deleted'));
  });
  // The Excel copy is the office's: an export right asks for a second factor at sign-in.
  app.get(`${base}/export`, { config: { access: { permission: DISCIPLINE_PERMISSIONS.all } }, schema: { tags, summary: 'The records as an Excel file (same search and sort as the list)', querystring: exportQuerySchema } }, async (request, reply) => {
    const caller = await callerOf(request);
    const list = disciplineList.parse({ ...request.query, currPage: 0, limit: EXPORT_ROW_LIMIT + 1 });
    const { rows } = await pageDiscipline(database.db, caller, list);
    const h = (key: string) => t(request, `discipline.col.${key}` as Parameters<typeof t>[1]);
    const name = t(request, 'discipline.export');
    const content = await buildWorkbook<DisciplineRow>(
      name,
      [
        { header: h('studentNumber'), value: (r) => r.studentNumber },
        { header: h('student'), value: (r) => r.studentName },
        { header: h('class'), value: (r) => r.className },
        { header: h('type'), value: (r) => r.typeName },
        { header: h('date'), value: (r) => r.occurredOn },
        { header: h('description'), value: (r) => r.description, width: 40 },
        { header: h('sanction'), value: (r) => sanctionText(caller, r) },
        { header: h('revoked'), value: (r) => yesNo(request, r.revoked) },
        { header: h('revokeReason'), value: (r) => r.revokeReason, width: 30 },
        { header: h('recordedBy'), value: (r) => r.recordedByName },
      ],
      rows.slice(0, EXPORT_ROW_LIMIT),
      rows.length > EXPORT_ROW_LIMIT ? t(request, 'common.exportTruncated', { limit: EXPORT_ROW_LIMIT }) : undefined,
    );
    return sendWorkbook(reply, exportFileName(name), content);
  });

  app.post(`${base}/types/list`, { config: { access: PAGE, readOnly: true }, schema: { tags, summary: 'Every type of misconduct with its use' } }, async () => ok(await listTypes(database.db)));
  app.post(`${base}/types/save`, { config: { access: ALL, audit: audit('saveType') }, schema: { tags, summary: 'Adds or changes a type', body: disciplineTypeFormSchema } }, async (request) => {
    const id = await saveType(database.db, request.body);
    return ok({ id }, t(request, request.body.id ? 'common.updated' : 'common.created'));
  });
  app.post(`${base}/types/delete`, { config: { access: ALL, audit: audit('deleteTypes') }, schema: { tags, summary: 'Deletes types never used', body: idsSchema } }, async (request) => {
    await deleteTypes(database.db, [...new Set(request.body.ids)]);
    return ok(null, t(request, 'common.deleted'));
  });
}
