import type { BuildingForm, CampusForm, ClassroomForm } from '@campus/contract';
import type { Db, Tx } from '../../../db/client.ts';
import { buildings, classrooms } from '../../../db/schema/index.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';
import { lockAll, refuseIfUsed, refuseTakenCode } from '../../../platform/resource.ts';
import { createUnit, deleteUnits, schoolUnitId, updateUnit } from '../organisation/units.ts';
import {
  areaExists,
  buildingWithClassroomsProbe,
  campusExists,
  campusUnit,
  classroomInTimetableProbe,
  classroomOfAClassProbe,
  deleteBuildingRows,
  deleteClassroomRows,
  insertBuilding,
  insertClassroom,
  lockBuilding,
  lockClassroom,
  moveClassrooms,
  saveCampusProfile,
  updateBuildingRow,
  updateClassroomRow,
} from './queries.ts';

// ---- Campuses -----------------------------------------------------------------------------------

async function saveProfile(tx: Tx, id: number, form: CampusForm): Promise<void> {
  if (form.areaCode && !(await areaExists(tx, form.areaCode))) throw badRequest('campuses.unknownArea');
  const money = (value: number | undefined) => (value === undefined ? null : value.toFixed(2));
  await saveCampusProfile(tx, id, {
    address: form.address || null,
    phone: form.phone || null,
    areaCode: form.areaCode || null,
    floorArea: money(form.floorArea),
    postalCode: form.postalCode || null,
    personInCharge: form.personInCharge || null,
    instrumentValue: money(form.instrumentValue),
    fixedAssetsValue: money(form.fixedAssetsValue),
  });
}

export async function createCampus(db: Db, form: CampusForm): Promise<number> {
  return db.transaction(async (tx) => {
    const id = await createUnit(tx, { code: form.code, name: form.name, nameEn: form.nameEn, kind: 'campus', parentId: await schoolUnitId(tx), sort: form.sort, enabled: form.enabled });
    await saveProfile(tx, id, form);
    return id;
  });
}

export async function updateCampus(db: Db, form: CampusForm & { id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const unit = await campusUnit(tx, form.id);
    if (!unit) throw notFound();
    await updateUnit(tx, form.id, { code: form.code, name: form.name, nameEn: form.nameEn, kind: 'campus', parentId: unit.parentId ?? undefined, sort: form.sort, enabled: form.enabled }, 'campus');
    await saveProfile(tx, form.id, form);
  });
}

// A campus with classes, staff, buildings, classrooms or lower units stays (the message says which).
export const deleteCampuses = (db: Db, ids: number[]): Promise<void> => deleteUnits(db, ids, 'campus');

// ---- Buildings ----------------------------------------------------------------------------------

async function checkCampus(tx: Tx, campusId: number, key: 'buildings.unknownCampus' = 'buildings.unknownCampus'): Promise<void> {
  if (!(await campusExists(tx, campusId))) throw badRequest(key);
}

export async function createBuilding(db: Db, form: BuildingForm): Promise<number> {
  return db.transaction(async (tx) => {
    await refuseTakenCode(tx, buildings.code, 'buildings', form.code);
    await checkCampus(tx, form.campusId);
    return insertBuilding(tx, form);
  });
}

export async function updateBuilding(db: Db, form: BuildingForm & { id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockBuilding(tx, form.id);
    if (!current) throw notFound();
    await refuseTakenCode(tx, buildings.code, 'buildings', form.code, form.id);
    await checkCampus(tx, form.campusId);
    await updateBuildingRow(tx, form.id, form);
    // Classrooms name their building as text: a renamed or moved building takes its classrooms along.
    await moveClassrooms(tx, { name: current.name, campusId: current.campusId }, { name: form.name, campusId: form.campusId });
  });
}

export async function deleteBuildings(db: Db, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await lockAll(tx, 'buildings', ids);
    await refuseIfUsed(tx, rows, buildingWithClassroomsProbe(ids), 'buildings.hasClassrooms');
    await deleteBuildingRows(tx, ids);
  });
}

// ---- Classrooms ---------------------------------------------------------------------------------

export async function createClassroom(db: Db, form: ClassroomForm): Promise<number> {
  return db.transaction(async (tx) => {
    await refuseTakenCode(tx, classrooms.code, 'classrooms', form.code);
    await checkCampus(tx, form.campusId);
    return insertClassroom(tx, form);
  });
}

export async function updateClassroom(db: Db, form: ClassroomForm & { id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lockClassroom(tx, form.id))) throw notFound();
    await refuseTakenCode(tx, classrooms.code, 'classrooms', form.code, form.id);
    await checkCampus(tx, form.campusId);
    await updateClassroomRow(tx, form.id, form);
  });
}

export async function deleteClassrooms(db: Db, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await lockAll(tx, 'classrooms', ids);
    await refuseIfUsed(tx, rows, classroomOfAClassProbe(ids), 'classrooms.usedByClass');
    await refuseIfUsed(tx, rows, classroomInTimetableProbe(ids), 'classrooms.usedByTimetable');
    await deleteClassroomRows(tx, ids);
  });
}
