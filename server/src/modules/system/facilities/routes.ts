import {
  buildingFormSchema,
  campusFormSchema,
  campusKeywordSearchSchema,
  classroomFormSchema,
  type BuildingForm,
  type BuildingRow,
  type CampusForm,
  type CampusRow,
  type ClassroomForm,
  type ClassroomRow,
} from '@campus/contract';
import { and, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, DbOrTx, Tx } from '../../../db/client.ts';
import { areas, buildings, campusProfiles, classrooms, orgUnits } from '../../../db/schema/index.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';
import { t } from '../../../platform/i18n.ts';
import { defineList, likePattern } from '../../../platform/listing.ts';
import { idList, lockAll, refuseIfUsed, refuseTakenCode, registerResource, toNumber, yesNo } from '../../../platform/resource.ts';
import { createUnit, deleteUnits, schoolUnitId, updateUnit } from '../organisation/units.ts';

/**
 * /xtgl/xqgl campuses (org units of kind campus with a campus_profiles row), /xtgl/lygl buildings and
 * /xtgl/jsglr classrooms (issue 4 item 8).
 */

const keywordOn = (keyword: string | undefined, ...columns: Parameters<typeof ilike>[0][]): SQL | undefined =>
  keyword ? or(...columns.map((column) => ilike(column, likePattern(keyword)))) : undefined;

// ---- Campuses -----------------------------------------------------------------------------------

const campusList = defineList({
  search: campusKeywordSearchSchema,
  sortColumns: { code: orgUnits.code, name: orgUnits.name, sort: orgUnits.sort },
  defaultSort: { field: 'sort', order: 'asc' },
  tieBreaker: orgUnits.id,
});

const campusColumns = {
  id: orgUnits.id,
  code: orgUnits.code,
  name: orgUnits.name,
  nameEn: orgUnits.nameEn,
  sort: orgUnits.sort,
  enabled: orgUnits.enabled,
  address: campusProfiles.address,
  phone: campusProfiles.phone,
  areaCode: campusProfiles.areaCode,
  areaName: areas.name,
  floorArea: campusProfiles.floorArea,
  postalCode: campusProfiles.postalCode,
  personInCharge: campusProfiles.personInCharge,
  instrumentValue: campusProfiles.instrumentValue,
  fixedAssetsValue: campusProfiles.fixedAssetsValue,
};

type CampusRecord = { [K in keyof typeof campusColumns]: unknown } & Record<string, unknown>;
const toCampusRow = (row: CampusRecord): CampusRow =>
  ({
    ...row,
    floorArea: toNumber(row.floorArea as string | null),
    instrumentValue: toNumber(row.instrumentValue as string | null),
    fixedAssetsValue: toNumber(row.fixedAssetsValue as string | null),
  }) as CampusRow;

function campusQuery(db: DbOrTx) {
  return db.select(campusColumns).from(orgUnits).leftJoin(campusProfiles, eq(campusProfiles.orgUnitId, orgUnits.id)).leftJoin(areas, eq(areas.code, campusProfiles.areaCode));
}

async function listCampuses(db: DbOrTx, request: ReturnType<typeof campusList.parse>, withTotal: boolean): Promise<{ total: number; rows: CampusRow[] }> {
  const where = and(eq(orgUnits.kind, 'campus'), keywordOn(request.search.keyword, orgUnits.code, orgUnits.name));
  const rows = await campusQuery(db).where(where).orderBy(...campusList.orderBy(request)).limit(request.limit).offset(request.offset);
  const total = withTotal ? (await db.select({ total: count() }).from(orgUnits).where(where))[0]!.total : rows.length;
  return { total, rows: rows.map(toCampusRow) };
}

async function findCampus(db: DbOrTx, id: number): Promise<CampusRow | undefined> {
  const [row] = await campusQuery(db).where(and(eq(orgUnits.id, id), eq(orgUnits.kind, 'campus')));
  return row && toCampusRow(row);
}

async function saveProfile(tx: Tx, id: number, form: CampusForm): Promise<void> {
  if (form.areaCode) {
    const [area] = await tx.select({ code: areas.code }).from(areas).where(eq(areas.code, form.areaCode));
    if (!area) throw badRequest('campuses.unknownArea');
  }
  const money = (value: number | undefined) => (value === undefined ? null : value.toFixed(2));
  const profile = {
    address: form.address || null,
    phone: form.phone || null,
    areaCode: form.areaCode || null,
    floorArea: money(form.floorArea),
    postalCode: form.postalCode || null,
    personInCharge: form.personInCharge || null,
    instrumentValue: money(form.instrumentValue),
    fixedAssetsValue: money(form.fixedAssetsValue),
  };
  await tx.insert(campusProfiles).values({ orgUnitId: id, ...profile }).onConflictDoUpdate({ target: campusProfiles.orgUnitId, set: profile });
}

async function createCampus(db: Db, form: CampusForm): Promise<number> {
  return db.transaction(async (tx) => {
    const id = await createUnit(tx, { code: form.code, name: form.name, nameEn: form.nameEn, kind: 'campus', parentId: await schoolUnitId(tx), sort: form.sort, enabled: form.enabled });
    await saveProfile(tx, id, form);
    return id;
  });
}

async function updateCampus(db: Db, form: CampusForm & { id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const [unit] = await tx.select({ parentId: orgUnits.parentId }).from(orgUnits).where(and(eq(orgUnits.id, form.id), eq(orgUnits.kind, 'campus')));
    if (!unit) throw notFound();
    await updateUnit(tx, form.id, { code: form.code, name: form.name, nameEn: form.nameEn, kind: 'campus', parentId: unit.parentId ?? undefined, sort: form.sort, enabled: form.enabled }, 'campus');
    await saveProfile(tx, form.id, form);
  });
}

// ---- Buildings ----------------------------------------------------------------------------------

const buildingList = defineList({
  search: campusKeywordSearchSchema,
  sortColumns: { code: buildings.code, name: buildings.name, floors: buildings.floors, sort: buildings.sort, campusName: orgUnits.name },
  defaultSort: { field: 'sort', order: 'asc' },
  tieBreaker: buildings.id,
});

const buildingColumns = {
  id: buildings.id,
  code: buildings.code,
  name: buildings.name,
  campusId: buildings.campusId,
  campusName: orgUnits.name,
  floors: buildings.floors,
  usage: buildings.usage,
  enabled: buildings.enabled,
  sort: buildings.sort,
  remark: buildings.remark,
  classroomCount: sql<number>`(SELECT count(*)::int FROM classrooms c WHERE c.campus_id = "buildings"."campus_id" AND c.building = "buildings"."name")`,
};

function buildingConditions(search: ReturnType<typeof buildingList.parse>['search']): SQL | undefined {
  const parts = [keywordOn(search.keyword, buildings.code, buildings.name), search.campusId ? eq(buildings.campusId, search.campusId) : undefined, search.enabled === undefined ? undefined : eq(buildings.enabled, search.enabled)];
  return and(...parts.filter(Boolean));
}

async function listBuildings(db: DbOrTx, request: ReturnType<typeof buildingList.parse>, withTotal: boolean): Promise<{ total: number; rows: BuildingRow[] }> {
  const where = buildingConditions(request.search);
  const rows = await db
    .select(buildingColumns)
    .from(buildings)
    .innerJoin(orgUnits, eq(orgUnits.id, buildings.campusId))
    .where(where)
    .orderBy(...buildingList.orderBy(request))
    .limit(request.limit)
    .offset(request.offset);
  const total = withTotal ? (await db.select({ total: count() }).from(buildings).where(where))[0]!.total : rows.length;
  return { total, rows };
}

async function findBuilding(db: DbOrTx, id: number): Promise<BuildingRow | undefined> {
  const [row] = await db.select(buildingColumns).from(buildings).innerJoin(orgUnits, eq(orgUnits.id, buildings.campusId)).where(eq(buildings.id, id));
  return row;
}

async function checkCampus(tx: Tx, campusId: number, key: 'buildings.unknownCampus' = 'buildings.unknownCampus'): Promise<void> {
  const [campus] = await tx.select({ id: orgUnits.id }).from(orgUnits).where(and(eq(orgUnits.id, campusId), eq(orgUnits.kind, 'campus')));
  if (!campus) throw badRequest(key);
}

const buildingValues = (form: BuildingForm) => ({
  code: form.code,
  name: form.name,
  campusId: form.campusId,
  floors: form.floors,
  usage: form.usage,
  enabled: form.enabled,
  sort: form.sort,
  remark: form.remark || null,
});

async function createBuilding(db: Db, form: BuildingForm): Promise<number> {
  return db.transaction(async (tx) => {
    await refuseTakenCode(tx, buildings.code, 'buildings', form.code);
    await checkCampus(tx, form.campusId);
    const [created] = await tx.insert(buildings).values(buildingValues(form)).returning({ id: buildings.id });
    return created!.id;
  });
}

async function updateBuilding(db: Db, form: BuildingForm & { id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(buildings).where(eq(buildings.id, form.id)).for('update');
    if (!current) throw notFound();
    await refuseTakenCode(tx, buildings.code, 'buildings', form.code, form.id);
    await checkCampus(tx, form.campusId);
    await tx.update(buildings).set(buildingValues(form)).where(eq(buildings.id, form.id));
    // Classrooms name their building as text: a renamed or moved building takes its classrooms along.
    await tx
      .update(classrooms)
      .set({ building: form.name, campusId: form.campusId })
      .where(and(eq(classrooms.building, current.name), eq(classrooms.campusId, current.campusId)));
  });
}

async function deleteBuildings(db: Db, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await lockAll(tx, 'buildings', ids);
    await refuseIfUsed(
      tx,
      rows,
      sql`SELECT b.id FROM buildings b JOIN classrooms c ON c.campus_id = b.campus_id AND c.building = b.name WHERE b.id IN ${idList(ids)} LIMIT 1`,
      'buildings.hasClassrooms',
    );
    await tx.delete(buildings).where(sql`${buildings.id} IN ${idList(ids)}`);
  });
}

// ---- Classrooms ---------------------------------------------------------------------------------

const classroomList = defineList({
  search: campusKeywordSearchSchema,
  sortColumns: { code: classrooms.code, name: classrooms.name, building: classrooms.building, capacity: classrooms.capacity, campusName: orgUnits.name },
  defaultSort: { field: 'code', order: 'asc' },
  tieBreaker: classrooms.id,
});

const classroomColumns = {
  id: classrooms.id,
  code: classrooms.code,
  name: classrooms.name,
  building: classrooms.building,
  campusId: classrooms.campusId,
  campusName: orgUnits.name,
  capacity: classrooms.capacity,
};

async function listClassrooms(db: DbOrTx, request: ReturnType<typeof classroomList.parse>, withTotal: boolean): Promise<{ total: number; rows: ClassroomRow[] }> {
  const where = and(...[keywordOn(request.search.keyword, classrooms.code, classrooms.name, classrooms.building), request.search.campusId ? eq(classrooms.campusId, request.search.campusId) : undefined].filter(Boolean));
  const rows = await db
    .select(classroomColumns)
    .from(classrooms)
    .innerJoin(orgUnits, eq(orgUnits.id, classrooms.campusId))
    .where(where)
    .orderBy(...classroomList.orderBy(request))
    .limit(request.limit)
    .offset(request.offset);
  const total = withTotal ? (await db.select({ total: count() }).from(classrooms).where(where))[0]!.total : rows.length;
  return { total, rows };
}

async function findClassroom(db: DbOrTx, id: number): Promise<ClassroomRow | undefined> {
  const [row] = await db.select(classroomColumns).from(classrooms).innerJoin(orgUnits, eq(orgUnits.id, classrooms.campusId)).where(eq(classrooms.id, id));
  return row;
}

const classroomValues = (form: ClassroomForm) => ({ code: form.code, name: form.name, building: form.building || null, campusId: form.campusId, capacity: form.capacity ?? null });

async function createClassroom(db: Db, form: ClassroomForm): Promise<number> {
  return db.transaction(async (tx) => {
    await refuseTakenCode(tx, classrooms.code, 'classrooms', form.code);
    await checkCampus(tx, form.campusId);
    const [created] = await tx.insert(classrooms).values(classroomValues(form)).returning({ id: classrooms.id });
    return created!.id;
  });
}

async function updateClassroom(db: Db, form: ClassroomForm & { id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ id: classrooms.id }).from(classrooms).where(eq(classrooms.id, form.id)).for('update');
    if (!current) throw notFound();
    await refuseTakenCode(tx, classrooms.code, 'classrooms', form.code, form.id);
    await checkCampus(tx, form.campusId);
    await tx.update(classrooms).set(classroomValues(form)).where(eq(classrooms.id, form.id));
  });
}

async function deleteClassrooms(db: Db, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await lockAll(tx, 'classrooms', ids);
    await refuseIfUsed(tx, rows, sql`SELECT classroom_id AS id FROM classes WHERE classroom_id IN ${idList(ids)} LIMIT 1`, 'classrooms.usedByClass');
    await refuseIfUsed(
      tx,
      rows,
      sql`SELECT classroom_id AS id FROM timetable_entries WHERE classroom_id IN ${idList(ids)}
          UNION ALL SELECT classroom_id FROM elective_sessions WHERE classroom_id IN ${idList(ids)}
          UNION ALL SELECT classroom_id FROM exam_sessions WHERE classroom_id IN ${idList(ids)} LIMIT 1`,
      'classrooms.usedByTimetable',
    );
    await tx.delete(classrooms).where(sql`${classrooms.id} IN ${idList(ids)}`);
  });
}

export async function facilityRoutes(fastify: FastifyInstance): Promise<void> {
  registerResource(fastify, {
    path: '/api/system/campuses',
    permission: 'system:campus',
    auditModule: 'system.campus',
    summary: 'campuses',
    list: campusList,
    fetch: listCampuses,
    find: findCampus,
    form: campusFormSchema,
    create: createCampus,
    update: updateCampus,
    // A campus with classes, staff, buildings, classrooms or lower units stays (the message says which).
    remove: (db, ids) => deleteUnits(db, ids, 'campus'),
    exportName: 'campuses.exportName',
    columns: (request) => [
      { header: t(request, 'org.code'), value: (r) => r.code, width: 14 },
      { header: t(request, 'org.name'), value: (r) => r.name, width: 18 },
      { header: t(request, 'campuses.address'), value: (r) => r.address, width: 30 },
      { header: t(request, 'campuses.phone'), value: (r) => r.phone, width: 16 },
      { header: t(request, 'campuses.area'), value: (r) => r.areaName, width: 16 },
      { header: t(request, 'campuses.floorArea'), value: (r) => r.floorArea, width: 16 },
      { header: t(request, 'campuses.postalCodeLabel'), value: (r) => r.postalCode },
      { header: t(request, 'campuses.personInCharge'), value: (r) => r.personInCharge },
      { header: t(request, 'campuses.instrumentValue'), value: (r) => r.instrumentValue, width: 20 },
      { header: t(request, 'campuses.fixedAssetsValue'), value: (r) => r.fixedAssetsValue, width: 20 },
      { header: t(request, 'org.sort'), value: (r) => r.sort },
    ],
  });

  registerResource(fastify, {
    path: '/api/system/buildings',
    permission: 'system:building',
    auditModule: 'system.building',
    summary: 'buildings',
    list: buildingList,
    fetch: listBuildings,
    find: findBuilding,
    form: buildingFormSchema,
    create: createBuilding,
    update: updateBuilding,
    remove: deleteBuildings,
    exportName: 'buildings.exportName',
    columns: (request) => [
      { header: t(request, 'org.code'), value: (r) => r.code, width: 14 },
      { header: t(request, 'org.name'), value: (r) => r.name, width: 18 },
      { header: t(request, 'buildings.campus'), value: (r) => r.campusName, width: 14 },
      { header: t(request, 'buildings.floors'), value: (r) => r.floors },
      { header: t(request, 'buildings.usage'), value: (r) => (r.usage ? t(request, `buildings.usage.${r.usage}`) : '') },
      { header: t(request, 'org.enabled'), value: (r) => yesNo(request, r.enabled) },
      { header: t(request, 'org.sort'), value: (r) => r.sort },
      { header: t(request, 'buildings.remark'), value: (r) => r.remark, width: 30 },
    ],
  });

  registerResource(fastify, {
    path: '/api/system/classrooms',
    permission: 'system:classroom',
    auditModule: 'system.classroom',
    summary: 'classrooms',
    list: classroomList,
    fetch: listClassrooms,
    find: findClassroom,
    form: classroomFormSchema,
    create: createClassroom,
    update: updateClassroom,
    remove: deleteClassrooms,
    exportName: 'classrooms.exportName',
    columns: (request) => [
      { header: t(request, 'org.code'), value: (r) => r.code, width: 14 },
      { header: t(request, 'org.name'), value: (r) => r.name, width: 24 },
      { header: t(request, 'classrooms.building'), value: (r) => r.building, width: 16 },
      { header: t(request, 'classrooms.campus'), value: (r) => r.campusName, width: 14 },
      { header: t(request, 'classrooms.capacity'), value: (r) => r.capacity },
    ],
  });
}

