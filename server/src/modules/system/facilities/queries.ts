import { campusKeywordSearchSchema, type BuildingForm, type BuildingRow, type CampusRow, type ClassroomForm, type ClassroomRow, type PagedResult } from '@campus/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { areas, buildings, campusProfiles, classrooms, orgUnits } from '../../../db/schema/index.ts';
import { countMatches, keywordColumns, matchKeyword } from '../../../platform/keyword.ts';
import { defineList } from '../../../platform/listing.ts';
import { idList, toNumber } from '../../../platform/resource.ts';

/** The keywords of the lists: a campus's code or name, a building's code or name, a classroom's code, name or building. */
const CAMPUS_KEYWORD = keywordColumns(orgUnits.code, orgUnits.name);
const BUILDING_KEYWORD = keywordColumns(buildings.code, buildings.name);
const CLASSROOM_KEYWORD = keywordColumns(classrooms.code, classrooms.name, classrooms.building);

// ---- Campuses -----------------------------------------------------------------------------------

export const campusList = defineList({
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

export async function listCampuses(db: DbOrTx, request: ReturnType<typeof campusList.parse>, withTotal: boolean): Promise<PagedResult<CampusRow>> {
  const where = and(eq(orgUnits.kind, 'campus'), matchKeyword(request.search.keyword, CAMPUS_KEYWORD));
  const rows = await campusQuery(db).where(where).orderBy(...campusList.orderBy(request)).limit(request.limit).offset(request.offset);
  const counted = withTotal ? await countMatches(db, db.select({ one: sql`1` }).from(orgUnits).where(where), request.search.keyword) : { total: rows.length };
  return { ...counted, rows: rows.map(toCampusRow) };
}

export async function findCampus(db: DbOrTx, id: number): Promise<CampusRow | undefined> {
  const [row] = await campusQuery(db).where(and(eq(orgUnits.id, id), eq(orgUnits.kind, 'campus')));
  return row && toCampusRow(row);
}

export async function areaExists(db: DbOrTx, code: string): Promise<boolean> {
  const [area] = await db.select({ code: areas.code }).from(areas).where(eq(areas.code, code));
  return area !== undefined;
}

export type CampusProfile = Omit<typeof campusProfiles.$inferInsert, 'orgUnitId'>;

export async function saveCampusProfile(tx: Tx, id: number, profile: CampusProfile): Promise<void> {
  await tx.insert(campusProfiles).values({ orgUnitId: id, ...profile }).onConflictDoUpdate({ target: campusProfiles.orgUnitId, set: profile });
}

export async function campusUnit(db: DbOrTx, id: number): Promise<{ parentId: number | null } | undefined> {
  const [unit] = await db.select({ parentId: orgUnits.parentId }).from(orgUnits).where(and(eq(orgUnits.id, id), eq(orgUnits.kind, 'campus')));
  return unit;
}

export async function campusExists(db: DbOrTx, campusId: number): Promise<boolean> {
  const [campus] = await db.select({ id: orgUnits.id }).from(orgUnits).where(and(eq(orgUnits.id, campusId), eq(orgUnits.kind, 'campus')));
  return campus !== undefined;
}

// ---- Buildings ----------------------------------------------------------------------------------

export const buildingList = defineList({
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
  const parts = [matchKeyword(search.keyword, BUILDING_KEYWORD), search.campusId ? eq(buildings.campusId, search.campusId) : undefined, search.enabled === undefined ? undefined : eq(buildings.enabled, search.enabled)];
  return and(...parts.filter(Boolean));
}

export async function listBuildings(db: DbOrTx, request: ReturnType<typeof buildingList.parse>, withTotal: boolean): Promise<PagedResult<BuildingRow>> {
  const where = buildingConditions(request.search);
  const rows = await db
    .select(buildingColumns)
    .from(buildings)
    .innerJoin(orgUnits, eq(orgUnits.id, buildings.campusId))
    .where(where)
    .orderBy(...buildingList.orderBy(request))
    .limit(request.limit)
    .offset(request.offset);
  const counted = withTotal ? await countMatches(db, db.select({ one: sql`1` }).from(buildings).where(where), request.search.keyword) : { total: rows.length };
  return { ...counted, rows };
}

export async function findBuilding(db: DbOrTx, id: number): Promise<BuildingRow | undefined> {
  const [row] = await db.select(buildingColumns).from(buildings).innerJoin(orgUnits, eq(orgUnits.id, buildings.campusId)).where(eq(buildings.id, id));
  return row;
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

export async function insertBuilding(tx: Tx, form: BuildingForm): Promise<number> {
  const [created] = await tx.insert(buildings).values(buildingValues(form)).returning({ id: buildings.id });
  return created!.id;
}

export async function lockBuilding(tx: Tx, id: number): Promise<typeof buildings.$inferSelect | undefined> {
  const [current] = await tx.select().from(buildings).where(eq(buildings.id, id)).for('update');
  return current;
}

export async function updateBuildingRow(tx: Tx, id: number, form: BuildingForm): Promise<void> {
  await tx.update(buildings).set(buildingValues(form)).where(eq(buildings.id, id));
}

export async function moveClassrooms(tx: Tx, from: { name: string; campusId: number }, to: { name: string; campusId: number }): Promise<void> {
  await tx
    .update(classrooms)
    .set({ building: to.name, campusId: to.campusId })
    .where(and(eq(classrooms.building, from.name), eq(classrooms.campusId, from.campusId)));
}

export const buildingWithClassroomsProbe = (ids: number[]): SQL =>
  sql`SELECT b.id FROM buildings b JOIN classrooms c ON c.campus_id = b.campus_id AND c.building = b.name WHERE b.id IN ${idList(ids)} LIMIT 1`;

export async function deleteBuildingRows(tx: Tx, ids: number[]): Promise<void> {
  await tx.delete(buildings).where(sql`${buildings.id} IN ${idList(ids)}`);
}

// ---- Classrooms ---------------------------------------------------------------------------------

export const classroomList = defineList({
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
  classesAtOnce: classrooms.classesAtOnce,
};

export async function listClassrooms(db: DbOrTx, request: ReturnType<typeof classroomList.parse>, withTotal: boolean): Promise<PagedResult<ClassroomRow>> {
  const where = and(...[matchKeyword(request.search.keyword, CLASSROOM_KEYWORD), request.search.campusId ? eq(classrooms.campusId, request.search.campusId) : undefined].filter(Boolean));
  const rows = await db
    .select(classroomColumns)
    .from(classrooms)
    .innerJoin(orgUnits, eq(orgUnits.id, classrooms.campusId))
    .where(where)
    .orderBy(...classroomList.orderBy(request))
    .limit(request.limit)
    .offset(request.offset);
  const counted = withTotal ? await countMatches(db, db.select({ one: sql`1` }).from(classrooms).where(where), request.search.keyword) : { total: rows.length };
  return { ...counted, rows };
}

export async function findClassroom(db: DbOrTx, id: number): Promise<ClassroomRow | undefined> {
  const [row] = await db.select(classroomColumns).from(classrooms).innerJoin(orgUnits, eq(orgUnits.id, classrooms.campusId)).where(eq(classrooms.id, id));
  return row;
}

const classroomValues = (form: ClassroomForm) => ({ code: form.code, name: form.name, building: form.building || null, campusId: form.campusId, capacity: form.capacity ?? null, classesAtOnce: form.classesAtOnce });

export async function insertClassroom(tx: Tx, form: ClassroomForm): Promise<number> {
  const [created] = await tx.insert(classrooms).values(classroomValues(form)).returning({ id: classrooms.id });
  return created!.id;
}

export async function lockClassroom(tx: Tx, id: number): Promise<boolean> {
  const [current] = await tx.select({ id: classrooms.id }).from(classrooms).where(eq(classrooms.id, id)).for('update');
  return current !== undefined;
}

export async function updateClassroomRow(tx: Tx, id: number, form: ClassroomForm): Promise<void> {
  await tx.update(classrooms).set(classroomValues(form)).where(eq(classrooms.id, id));
}

export const classroomOfAClassProbe = (ids: number[]): SQL => sql`SELECT classroom_id AS id FROM classes WHERE classroom_id IN ${idList(ids)} LIMIT 1`;

export const classroomInTimetableProbe = (ids: number[]): SQL =>
  sql`SELECT classroom_id AS id FROM timetable_entries WHERE classroom_id IN ${idList(ids)}
      UNION ALL SELECT classroom_id FROM elective_sessions WHERE classroom_id IN ${idList(ids)}
      UNION ALL SELECT classroom_id FROM exam_sessions WHERE classroom_id IN ${idList(ids)} LIMIT 1`;

export async function deleteClassroomRows(tx: Tx, ids: number[]): Promise<void> {
  await tx.delete(classrooms).where(sql`${classrooms.id} IN ${idList(ids)}`);
}
