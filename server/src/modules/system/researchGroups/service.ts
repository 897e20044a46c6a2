import type { ResearchGroupForm } from '@campus/contract';
import type { Db, Tx } from '../../../db/client.ts';
import { badRequest } from '../../../platform/errors.ts';
import { createUnit, deleteUnits, schoolUnitId, staffOfAccount, updateUnit } from '../organisation/units.ts';
import { courseExists, parentOfExistingGroups, parentOfGroup, replaceMembers, saveProfile } from './queries.ts';

/** Writes the profile and the members; the leader is never a member (checked again on the resolved staff). */
async function saveDetails(tx: Tx, id: number, form: ResearchGroupForm): Promise<void> {
  if (form.courseId && !(await courseExists(tx, form.courseId))) throw badRequest('researchGroups.unknownCourse');
  const leader = form.leader ? await staffOfAccount(tx, form.leader) : null;
  const memberIds: number[] = [];
  for (const account of new Set(form.members)) memberIds.push((await staffOfAccount(tx, account)).id);
  if (leader && memberIds.includes(leader.id)) throw badRequest('researchGroups.leaderIsMember');
  await saveProfile(tx, id, { leaderStaffId: leader?.id ?? null, courseId: form.courseId ?? null, remark: form.remark || null });
  await replaceMembers(tx, id, memberIds);
}

async function parentOf(tx: Tx, form: ResearchGroupForm): Promise<number> {
  if (form.parentId) return form.parentId;
  // New groups go where the school keeps its groups (the parent of the existing ones), else under the school.
  return (await parentOfExistingGroups(tx)) ?? (await schoolUnitId(tx));
}

export async function createGroup(db: Db, form: ResearchGroupForm): Promise<number> {
  return db.transaction(async (tx) => {
    const id = await createUnit(tx, { code: form.code, name: form.name, nameEn: form.nameEn, kind: 'researchGroup', parentId: await parentOf(tx, form), sort: form.sort, enabled: form.enabled });
    await saveDetails(tx, id, form);
    return id;
  });
}

export async function updateGroup(db: Db, form: ResearchGroupForm & { id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const currentParentId = await parentOfGroup(tx, form.id);
    const parentId = form.parentId ?? currentParentId ?? undefined;
    await updateUnit(tx, form.id, { code: form.code, name: form.name, nameEn: form.nameEn, kind: 'researchGroup', parentId, sort: form.sort, enabled: form.enabled }, 'researchGroup');
    await saveDetails(tx, form.id, form);
  });
}

// 'This Teaching and Research Team has been used by course' when a course names the group.
export const deleteGroups = (db: Db, ids: number[]): Promise<void> => deleteUnits(db, ids, 'researchGroup');
