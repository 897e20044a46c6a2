import { campusKeywordSearchSchema, type PagedResult, type ResearchGroupRow } from '@campus/contract';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../../db/client.ts';
import { courses, orgUnits, researchGroupMembers, researchGroupProfiles, staff } from '../../../db/schema/index.ts';
import { countMatches, keywordColumns, matchKeyword } from '../../../platform/keyword.ts';
import { defineList } from '../../../platform/listing.ts';

export const groupList = defineList({
  search: campusKeywordSearchSchema,
  sortColumns: { code: orgUnits.code, name: orgUnits.name, sort: orgUnits.sort, enabled: orgUnits.enabled },
  defaultSort: { field: 'sort', order: 'asc' },
  tieBreaker: orgUnits.id,
});

/** The group list's keyword: the group's code or name. */
const GROUP_KEYWORD = keywordColumns(orgUnits.code, orgUnits.name);

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

export async function listGroups(db: DbOrTx, request: ReturnType<typeof groupList.parse>, withTotal: boolean): Promise<PagedResult<ResearchGroupRow>> {
  const parts: SQL[] = [eq(orgUnits.kind, 'researchGroup')];
  const keyword = matchKeyword(request.search.keyword, GROUP_KEYWORD);
  if (keyword) parts.push(keyword);
  if (request.search.enabled !== undefined) parts.push(eq(orgUnits.enabled, request.search.enabled));
  const where = and(...parts);
  const rows = await groupQuery(db).where(where).orderBy(...groupList.orderBy(request)).limit(request.limit).offset(request.offset);
  const counted = withTotal ? await countMatches(db, db.select({ one: sql`1` }).from(orgUnits).where(where), request.search.keyword) : { total: rows.length };
  return { ...counted, rows: await withMembers(db, rows) };
}

export async function findGroup(db: DbOrTx, id: number): Promise<ResearchGroupRow | undefined> {
  const rows = await groupQuery(db).where(and(eq(orgUnits.id, id), eq(orgUnits.kind, 'researchGroup')));
  return (await withMembers(db, rows))[0];
}

export async function courseExists(db: DbOrTx, id: number): Promise<boolean> {
  const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, id));
  return course !== undefined;
}

export type GroupProfile = { leaderStaffId: number | null; courseId: number | null; remark: string | null };

export async function saveProfile(tx: Tx, id: number, profile: GroupProfile): Promise<void> {
  await tx.insert(researchGroupProfiles).values({ orgUnitId: id, ...profile }).onConflictDoUpdate({ target: researchGroupProfiles.orgUnitId, set: profile });
}

export async function replaceMembers(tx: Tx, id: number, memberIds: number[]): Promise<void> {
  await tx.delete(researchGroupMembers).where(eq(researchGroupMembers.orgUnitId, id));
  if (memberIds.length) await tx.insert(researchGroupMembers).values(memberIds.map((staffId) => ({ orgUnitId: id, staffId })));
}

export async function parentOfExistingGroups(db: DbOrTx): Promise<number | undefined> {
  const [existing] = await queryRows<{ parentId: number }>(db, sql`SELECT parent_id AS "parentId" FROM org_units WHERE kind = 'researchGroup' AND parent_id IS NOT NULL ORDER BY sort, id LIMIT 1`);
  return existing?.parentId;
}

export async function parentOfGroup(db: DbOrTx, id: number): Promise<number | null | undefined> {
  const [unit] = await db.select({ parentId: orgUnits.parentId }).from(orgUnits).where(and(eq(orgUnits.id, id), eq(orgUnits.kind, 'researchGroup')));
  return unit?.parentId;
}
