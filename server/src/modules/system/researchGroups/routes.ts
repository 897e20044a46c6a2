import { campusKeywordSearchSchema, researchGroupFormSchema, type ResearchGroupForm, type ResearchGroupRow } from '@campus/contract';
import { and, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import { courses, orgUnits, researchGroupMembers, researchGroupProfiles, staff } from '../../../db/schema/index.ts';
import { badRequest } from '../../../platform/errors.ts';
import { t } from '../../../platform/i18n.ts';
import { defineList, likePattern } from '../../../platform/listing.ts';
import { registerResource, yesNo } from '../../../platform/resource.ts';
import { createUnit, deleteUnits, schoolUnitId, staffOfAccount, updateUnit } from '../organisation/units.ts';

/**
 * /xtgl/jyzgl teaching-research groups (issue 4 item 9): org units of kind researchGroup with a profile
 * (leader, course, remarks) and members. A member cannot also be the leader; a group a course uses stays.
 */

const groupList = defineList({
  search: campusKeywordSearchSchema,
  sortColumns: { code: orgUnits.code, name: orgUnits.name, sort: orgUnits.sort, enabled: orgUnits.enabled },
  defaultSort: { field: 'sort', order: 'asc' },
  tieBreaker: orgUnits.id,
});

const columns = {
  id: orgUnits.id,
  parentId: orgUnits.parentId,
  code: orgUnits.code,
  name: orgUnits.name,
  nameEn: orgUnits.nameEn,
  enabled: orgUnits.enabled,
  sort: orgUnits.sort,
  courseId: researchGroupProfiles.courseId,
  courseName: courses.name,
  leader: staff.staffNumber,
  leaderName: staff.name,
  remark: researchGroupProfiles.remark,
};

function groupQuery(db: DbOrTx) {
  return db
    .select(columns)
    .from(orgUnits)
    .leftJoin(researchGroupProfiles, eq(researchGroupProfiles.orgUnitId, orgUnits.id))
    .leftJoin(courses, eq(courses.id, researchGroupProfiles.courseId))
    .leftJoin(staff, eq(staff.id, researchGroupProfiles.leaderStaffId));
}

async function withMembers(db: DbOrTx, rows: Omit<ResearchGroupRow, 'members'>[]): Promise<ResearchGroupRow[]> {
  if (!rows.length) return [];
  const members = await db
    .select({ groupId: researchGroupMembers.orgUnitId, account: staff.staffNumber, name: staff.name })
    .from(researchGroupMembers)
    .innerJoin(staff, eq(staff.id, researchGroupMembers.staffId))
    .where(
      inArray(
        researchGroupMembers.orgUnitId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(staff.staffNumber);
  return rows.map((row) => ({ ...row, members: members.filter((m) => m.groupId === row.id).map(({ account, name }) => ({ account, name })) }));
}

async function listGroups(db: DbOrTx, request: ReturnType<typeof groupList.parse>, withTotal: boolean): Promise<{ total: number; rows: ResearchGroupRow[] }> {
  const parts: SQL[] = [eq(orgUnits.kind, 'researchGroup')];
  if (request.search.keyword) parts.push(or(ilike(orgUnits.code, likePattern(request.search.keyword)), ilike(orgUnits.name, likePattern(request.search.keyword)))!);
  if (request.search.enabled !== undefined) parts.push(eq(orgUnits.enabled, request.search.enabled));
  const where = and(...parts);
  const rows = await groupQuery(db).where(where).orderBy(...groupList.orderBy(request)).limit(request.limit).offset(request.offset);
  const total = withTotal ? (await db.select({ total: count() }).from(orgUnits).where(where))[0]!.total : rows.length;
  return { total, rows: await withMembers(db, rows) };
}

async function findGroup(db: DbOrTx, id: number): Promise<ResearchGroupRow | undefined> {
  const rows = await groupQuery(db).where(and(eq(orgUnits.id, id), eq(orgUnits.kind, 'researchGroup')));
  return (await withMembers(db, rows))[0];
}

/** Writes the profile and the members; the leader is never a member (checked again on the resolved staff). */
async function saveDetails(tx: Tx, id: number, form: ResearchGroupForm): Promise<void> {
  if (form.courseId) {
    const [course] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, form.courseId));
    if (!course) throw badRequest('researchGroups.unknownCourse');
  }
  const leader = form.leader ? await staffOfAccount(tx, form.leader) : null;
  const memberIds: number[] = [];
  for (const account of new Set(form.members)) memberIds.push((await staffOfAccount(tx, account)).id);
  if (leader && memberIds.includes(leader.id)) throw badRequest('researchGroups.leaderIsMember');
  const profile = { leaderStaffId: leader?.id ?? null, courseId: form.courseId ?? null, remark: form.remark || null };
  await tx.insert(researchGroupProfiles).values({ orgUnitId: id, ...profile }).onConflictDoUpdate({ target: researchGroupProfiles.orgUnitId, set: profile });
  await tx.delete(researchGroupMembers).where(eq(researchGroupMembers.orgUnitId, id));
  if (memberIds.length) await tx.insert(researchGroupMembers).values(memberIds.map((staffId) => ({ orgUnitId: id, staffId })));
}

async function parentOf(tx: Tx, form: ResearchGroupForm): Promise<number> {
  if (form.parentId) return form.parentId;
  // New groups go where the school keeps its groups (the parent of the existing ones), else under the school.
  const [existing] = await queryRows<{ parentId: number }>(tx, sql`SELECT parent_id AS "parentId" FROM org_units WHERE kind = 'researchGroup' AND parent_id IS NOT NULL ORDER BY sort, id LIMIT 1`);
  return existing?.parentId ?? (await schoolUnitId(tx));
}

async function createGroup(db: Db, form: ResearchGroupForm): Promise<number> {
  return db.transaction(async (tx) => {
    const id = await createUnit(tx, { code: form.code, name: form.name, nameEn: form.nameEn, kind: 'researchGroup', parentId: await parentOf(tx, form), sort: form.sort, enabled: form.enabled });
    await saveDetails(tx, id, form);
    return id;
  });
}

async function updateGroup(db: Db, form: ResearchGroupForm & { id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const [unit] = await tx.select({ parentId: orgUnits.parentId }).from(orgUnits).where(and(eq(orgUnits.id, form.id), eq(orgUnits.kind, 'researchGroup')));
    const parentId = form.parentId ?? unit?.parentId ?? undefined;
    await updateUnit(tx, form.id, { code: form.code, name: form.name, nameEn: form.nameEn, kind: 'researchGroup', parentId, sort: form.sort, enabled: form.enabled }, 'researchGroup');
    await saveDetails(tx, form.id, form);
  });
}

export async function researchGroupRoutes(fastify: FastifyInstance): Promise<void> {
  registerResource(fastify, {
    path: '/api/system/researchGroups',
    permission: 'system:researchGroup',
    auditModule: 'system.researchGroup',
    summary: 'teaching-research groups',
    list: groupList,
    fetch: listGroups,
    find: findGroup,
    form: researchGroupFormSchema,
    create: createGroup,
    update: updateGroup,
    // 'This Teaching and Research Team has been used by course' when a course names the group.
    remove: (db, ids) => deleteUnits(db, ids, 'researchGroup'),
    exportName: 'researchGroups.exportName',
    columns: (request) => [
      { header: t(request, 'org.code'), value: (r) => r.code, width: 14 },
      { header: t(request, 'org.name'), value: (r) => r.name, width: 18 },
      { header: t(request, 'researchGroups.course'), value: (r) => r.courseName, width: 14 },
      { header: t(request, 'researchGroups.leader'), value: (r) => r.leaderName, width: 12 },
      { header: t(request, 'researchGroups.members'), value: (r) => r.members.map((m) => m.name).join(', '), width: 40 },
      { header: t(request, 'org.enabled'), value: (r) => yesNo(request, r.enabled) },
      { header: t(request, 'org.sort'), value: (r) => r.sort },
      { header: t(request, 'researchGroups.remark'), value: (r) => r.remark, width: 30 },
    ],
  });
}
