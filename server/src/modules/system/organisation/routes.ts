import { appointmentCreateSchema, type AppointmentRow, appointmentSearchSchema, campusKeywordSearchSchema, departmentFormSchema, type DepartmentRow, exportQuerySchema, idBodySchema, idsSchema, orgUnitFormSchema, type OrgUnitNode, type PagedResult, pagedQuerySchema } from '@campus/contract';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DbOrTx } from '../../../db/client.ts';
import { orgUnits, staff, staffAppointments } from '../../../db/schema/index.ts';
import { ok } from '../../../platform/envelope.ts';
import { conflict, notFound } from '../../../platform/errors.ts';
import { buildWorkbook, EXPORT_ROW_LIMIT, exportFileName, sendWorkbook } from '../../../platform/excel.ts';
import { t } from '../../../platform/i18n.ts';
import { countMatches, keywordColumns, matchKeyword } from '../../../platform/keyword.ts';
import { defineList } from '../../../platform/listing.ts';
import { idList, registerResource, yesNo } from '../../../platform/resource.ts';
import { createUnit, deleteUnits, findUnit, loadTree, schoolUnitId, staffOfAccount, updateUnit } from './units.ts';

const VIEW = { permission: 'system:organization' } as const;
const EDIT = { permission: 'system:organization:edit' } as const;
const DELETE = { permission: 'system:organization:delete' } as const;
const audit = (operation: string) => ({ module: 'system.organization', operation });

// ---- Positions (staff_appointments) -------------------------------------------------------------

const appointmentList = defineList({
  search: appointmentSearchSchema,
  sortColumns: { staffNumber: staff.staffNumber, staffName: staff.name, kind: staffAppointments.kind, scopeName: staffAppointments.scopeName },
  defaultSort: { field: 'staffNumber', order: 'asc' },
  tieBreaker: staffAppointments.id,
});

/** The position list's keyword: the holder's number, name or its pinyin initials, or what the position is over. */
const APPOINTMENT_KEYWORD = keywordColumns(staffAppointments.scopeName);
const APPOINTMENT_STAFF_KEYWORD = keywordColumns(staff.staffNumber, staff.name, staff.nameInitials);

async function listAppointments(db: DbOrTx, request: ReturnType<typeof appointmentList.parse>, withTotal: boolean): Promise<PagedResult<AppointmentRow>> {
  const parts: SQL[] = [];
  if (request.search.orgUnitId) parts.push(eq(staffAppointments.orgUnitId, request.search.orgUnitId));
  const scope = matchKeyword(request.search.keyword, APPOINTMENT_KEYWORD);
  const holder = matchKeyword(request.search.keyword, APPOINTMENT_STAFF_KEYWORD);
  // The holder as a subquery on staff, whose indexes serve it; the count then needs no join.
  if (scope && holder) parts.push(or(scope, inArray(staffAppointments.staffId, sql`(SELECT ${staff.id} FROM ${staff} WHERE ${holder})`))!);
  const where = parts.length ? and(...parts) : undefined;
  const rows: AppointmentRow[] = await db
    .select({
      id: staffAppointments.id,
      staffId: staff.id,
      staffNumber: staff.staffNumber,
      staffName: staff.name,
      kind: staffAppointments.kind,
      scopeName: staffAppointments.scopeName,
      orgUnitId: staffAppointments.orgUnitId,
      orgUnitName: orgUnits.name,
    })
    .from(staffAppointments)
    .innerJoin(staff, eq(staff.id, staffAppointments.staffId))
    .leftJoin(orgUnits, eq(orgUnits.id, staffAppointments.orgUnitId))
    .where(where)
    .orderBy(...appointmentList.orderBy(request))
    .limit(request.limit)
    .offset(request.offset);
  // Every position has its holder (a NOT NULL foreign key): counting the positions alone counts the same rows.
  const counted = withTotal ? await countMatches(db, db.select({ one: sql`1` }).from(staffAppointments).where(where), request.search.keyword) : { total: rows.length };
  return { ...counted, rows };
}

// ---- Departments (/rygl/bmgl) -------------------------------------------------------------------

const parentUnits = alias(orgUnits, 'parent_units');
const departmentList = defineList({
  search: campusKeywordSearchSchema,
  sortColumns: { code: orgUnits.code, name: orgUnits.name, sort: orgUnits.sort, enabled: orgUnits.enabled },
  defaultSort: { field: 'sort', order: 'asc' },
  tieBreaker: orgUnits.id,
});
type DepartmentRequest = ReturnType<typeof departmentList.parse>;

/** The department list's keyword: code or name. */
const DEPARTMENT_KEYWORD = keywordColumns(orgUnits.code, orgUnits.name);

const staffCount = sql<number>`(SELECT count(*)::int FROM staff s WHERE s.establishment_dept_id = "org_units"."id" OR s.working_dept_id = "org_units"."id")`;

async function listDepartments(db: DbOrTx, request: DepartmentRequest, withTotal: boolean): Promise<PagedResult<DepartmentRow>> {
  const parts: SQL[] = [eq(orgUnits.kind, 'department')];
  const keyword = matchKeyword(request.search.keyword, DEPARTMENT_KEYWORD);
  if (keyword) parts.push(keyword);
  if (request.search.enabled !== undefined) parts.push(eq(orgUnits.enabled, request.search.enabled));
  const where = and(...parts);
  const rows = await db
    .select({
      id: orgUnits.id,
      parentId: orgUnits.parentId,
      parentName: parentUnits.name,
      code: orgUnits.code,
      name: orgUnits.name,
      nameEn: orgUnits.nameEn,
      enabled: orgUnits.enabled,
      sort: orgUnits.sort,
      staffCount,
    })
    .from(orgUnits)
    .leftJoin(parentUnits, eq(parentUnits.id, orgUnits.parentId))
    .where(where)
    .orderBy(...departmentList.orderBy(request))
    .limit(request.limit)
    .offset(request.offset);
  const counted = withTotal ? await countMatches(db, db.select({ one: sql`1` }).from(orgUnits).where(where), request.search.keyword) : { total: rows.length };
  return { ...counted, rows };
}

/** /xtgl/zzjg (organisation and positions) and /rygl/bmgl (departments): issue 4 items 8 and 12. */
export async function organisationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;

  app.post(
    '/api/system/org/tree',
    { config: { access: VIEW, readOnly: true }, schema: { tags: ['system'], summary: 'The whole organisation tree (every kind, enabled or not)' } },
    async () => ok(await loadTree(database.db)),
  );
  app.post(
    '/api/system/org/get',
    { config: { access: VIEW, readOnly: true }, schema: { tags: ['system'], summary: 'One organisation unit', body: idBodySchema } },
    async (request) => {
      const unit = await findUnit(database.db, request.body.id);
      if (!unit) throw notFound();
      return ok(unit);
    },
  );
  app.post(
    '/api/system/org/create',
    { config: { access: EDIT, audit: audit('create') }, schema: { tags: ['system'], summary: 'Add a unit under a parent (code unique)', body: orgUnitFormSchema } },
    async (request) => ok({ id: await database.db.transaction((tx) => createUnit(tx, request.body)) }, t(request, 'common.created')),
  );
  app.post(
    '/api/system/org/update',
    { config: { access: EDIT, audit: audit('update') }, schema: { tags: ['system'], summary: 'Modify a unit (never under itself)', body: orgUnitFormSchema } },
    async (request) => {
      if (!request.body.id) throw notFound();
      await database.db.transaction((tx) => updateUnit(tx, request.body.id!, request.body));
      return ok(null, t(request, 'common.updated'));
    },
  );
  app.post(
    '/api/system/org/delete',
    { config: { access: DELETE, audit: audit('delete') }, schema: { tags: ['system'], summary: 'Delete units with no lower units, staff, classes, grades, classrooms, buildings or courses', body: idsSchema } },
    async (request) => {
      await deleteUnits(database.db, [...new Set(request.body.ids)]);
      return ok(null, t(request, 'common.deleted'));
    },
  );
  app.get(
    '/api/system/org/export',
    { config: { access: VIEW }, schema: { tags: ['system'], summary: 'The organisation tree as an Excel file, depth first' } },
    async (request, reply) => {
      const flat: (OrgUnitNode & { depth: number; parentName: string })[] = [];
      const walk = (nodes: OrgUnitNode[], depth: number, parentName: string) => {
        for (const node of nodes) {
          flat.push({ ...node, depth, parentName });
          walk(node.children, depth + 1, node.name);
        }
      };
      walk(await loadTree(database.db), 0, '');
      const name = t(request, 'org.exportName');
      const content = await buildWorkbook(
        name,
        [
          { header: t(request, 'org.code'), value: (u) => u.code, width: 18 },
          { header: t(request, 'org.name'), value: (u) => `${'  '.repeat(u.depth)}${u.name}`, width: 30 },
          { header: t(request, 'org.nameEn'), value: (u) => u.nameEn, width: 26 },
          { header: t(request, 'org.kind'), value: (u) => t(request, `org.kind.${u.kind}`) },
          { header: t(request, 'org.parent'), value: (u) => u.parentName, width: 20 },
          { header: t(request, 'org.sort'), value: (u) => u.sort },
          { header: t(request, 'org.enabled'), value: (u) => yesNo(request, u.enabled) },
        ],
        flat,
      );
      return sendWorkbook(reply, exportFileName(name), content);
    },
  );

  // Positions: listed per unit, added (a staff member chosen with the people picker) and removed.
  app.post(
    '/api/system/appointments/page',
    { config: { access: VIEW, readOnly: true }, schema: { tags: ['system'], summary: 'Positions, paged (search orgUnitId, keyword)', body: pagedQuerySchema } },
    async (request) => ok(await listAppointments(database.db, appointmentList.parse(request.body), true)),
  );
  app.post(
    '/api/system/appointments/create',
    { config: { access: EDIT, audit: { module: 'system.organization', operation: 'appoint' } }, schema: { tags: ['system'], summary: 'Give a staff member a position in a unit', body: appointmentCreateSchema } },
    async (request) => {
      const form = request.body;
      const id = await database.db.transaction(async (tx) => {
        const unit = await findUnit(tx, form.orgUnitId);
        if (!unit) throw notFound();
        const person = await staffOfAccount(tx, form.staffAccount);
        const [same] = await tx
          .select({ id: staffAppointments.id })
          .from(staffAppointments)
          .where(and(eq(staffAppointments.staffId, person.id), eq(staffAppointments.kind, form.kind), eq(staffAppointments.orgUnitId, form.orgUnitId), eq(staffAppointments.scopeName, form.scopeName)));
        if (same) throw conflict('appointments.duplicate');
        const [created] = await tx.insert(staffAppointments).values({ staffId: person.id, kind: form.kind, scopeName: form.scopeName, orgUnitId: form.orgUnitId }).returning({ id: staffAppointments.id });
        return created!.id;
      });
      return ok({ id }, t(request, 'common.created'));
    },
  );
  app.post(
    '/api/system/appointments/delete',
    { config: { access: DELETE, audit: { module: 'system.organization', operation: 'removeAppointment' } }, schema: { tags: ['system'], summary: 'Remove positions', body: idsSchema } },
    async (request) => {
      const ids = [...new Set(request.body.ids)];
      await database.db.transaction(async (tx) => {
        const removed = await tx.delete(staffAppointments).where(sql`${staffAppointments.id} IN ${idList(ids)}`).returning({ id: staffAppointments.id });
        // All or nothing: an unknown id rolls the whole removal back.
        if (removed.length !== ids.length) throw notFound();
      });
      return ok(null, t(request, 'common.deleted'));
    },
  );
  app.get(
    '/api/system/appointments/export',
    { config: { access: VIEW }, schema: { tags: ['system'], summary: 'Positions as an Excel file', querystring: exportQuerySchema } },
    async (request, reply) => {
      const list = appointmentList.parse({ ...request.query, currPage: 0, limit: EXPORT_ROW_LIMIT });
      const { rows } = await listAppointments(database.db, list, false);
      const name = t(request, 'appointments.exportName');
      const content = await buildWorkbook<AppointmentRow>(
        name,
        [
          { header: t(request, 'appointments.staffNumber'), value: (r) => r.staffNumber },
          { header: t(request, 'appointments.staffName'), value: (r) => r.staffName },
          { header: t(request, 'appointments.kind'), value: (r) => t(request, `appointments.kind.${r.kind}`), width: 20 },
          { header: t(request, 'appointments.scopeName'), value: (r) => r.scopeName, width: 24 },
          { header: t(request, 'appointments.orgUnit'), value: (r) => r.orgUnitName, width: 20 },
        ],
        rows,
      );
      return sendWorkbook(reply, exportFileName(name), content);
    },
  );

  // Departments: org units of kind department on their own screen, under the records permission.
  registerResource(fastify, {
    path: '/api/records/departments',
    permission: 'records:department',
    auditModule: 'records.department',
    summary: 'departments',
    list: departmentList,
    fetch: listDepartments,
    find: departmentById,
    form: departmentFormSchema,
    create: async (db, form) => db.transaction(async (tx) => createUnit(tx, { ...form, kind: 'department', parentId: form.parentId ?? (await schoolUnitId(tx)) })),
    update: async (db, form) => db.transaction(async (tx) => updateUnit(tx, form.id, { ...form, kind: 'department', parentId: form.parentId ?? (await schoolUnitId(tx)) }, 'department')),
    remove: (db, ids) => deleteUnits(db, ids, 'department'),
    exportName: 'departments.exportName',
    columns: (request) => [
      { header: t(request, 'org.code'), value: (r) => r.code, width: 18 },
      { header: t(request, 'org.name'), value: (r) => r.name, width: 24 },
      { header: t(request, 'org.nameEn'), value: (r) => r.nameEn, width: 24 },
      { header: t(request, 'org.parent'), value: (r) => r.parentName, width: 20 },
      { header: t(request, 'departments.staffCount'), value: (r) => r.staffCount },
      { header: t(request, 'org.sort'), value: (r) => r.sort },
      { header: t(request, 'org.enabled'), value: (r) => yesNo(request, r.enabled) },
    ],
  });
}

async function departmentById(db: DbOrTx, id: number): Promise<DepartmentRow | undefined> {
  const [row] = await db
    .select({
      id: orgUnits.id,
      parentId: orgUnits.parentId,
      parentName: parentUnits.name,
      code: orgUnits.code,
      name: orgUnits.name,
      nameEn: orgUnits.nameEn,
      enabled: orgUnits.enabled,
      sort: orgUnits.sort,
      staffCount,
    })
    .from(orgUnits)
    .leftJoin(parentUnits, eq(parentUnits.id, orgUnits.parentId))
    .where(and(eq(orgUnits.id, id), eq(orgUnits.kind, 'department')));
  return row;
}
