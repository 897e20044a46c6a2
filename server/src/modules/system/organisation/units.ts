import type { MessageKey, OrgKind, OrgUnitForm, OrgUnitNode } from '@campus/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { queryRows, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import { orgUnits, staffAppointments } from '../../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';
import { idList, refuseTakenCode } from '../../../platform/resource.ts';

/**
 * The organisation tree (org_units) and the rules every kind of unit shares: codes unique whatever their
 * case, one school at the top, no unit under itself, and no delete while anything still hangs on a unit.
 * Campuses, departments and teaching-research groups are units too; their screens use these functions.
 */

export type UnitRecord = typeof orgUnits.$inferSelect;

export async function loadTree(db: DbOrTx): Promise<OrgUnitNode[]> {
  const rows = await db.select().from(orgUnits).orderBy(asc(orgUnits.sort), asc(orgUnits.id));
  const nodes = new Map<number, OrgUnitNode>(rows.map((row) => [row.id, { ...row, kind: row.kind as OrgKind, children: [] }]));
  const roots: OrgUnitNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

export async function findUnit(db: DbOrTx, id: number, kind?: OrgKind): Promise<UnitRecord | undefined> {
  const [row] = await db.select().from(orgUnits).where(eq(orgUnits.id, id));
  return row && (!kind || row.kind === kind) ? row : undefined;
}

/** The school unit (the top of the tree): departments and groups go under it when no parent is given. */
export async function schoolUnitId(db: DbOrTx): Promise<number> {
  const [school] = await db.select({ id: orgUnits.id }).from(orgUnits).where(eq(orgUnits.kind, 'school')).orderBy(asc(orgUnits.id)).limit(1);
  if (!school) throw badRequest('org.parentMissing');
  return school.id;
}

/** A parent must exist and may not be the unit itself or one of its descendants; only the school is a root. */
async function checkPlace(tx: Tx, kind: OrgKind, parentId: number | undefined, selfId?: number): Promise<number | null> {
  if (kind === 'school') {
    if (parentId) throw badRequest('org.rootOnlySchool');
    const [other] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM org_units WHERE kind = 'school' ${selfId ? sql`AND id <> ${selfId}` : sql``} LIMIT 1`);
    if (other) throw badRequest('org.rootOnlySchool');
    return null;
  }
  if (!parentId) throw badRequest('org.rootOnlySchool');
  const [parent] = await tx.select({ id: orgUnits.id }).from(orgUnits).where(eq(orgUnits.id, parentId));
  if (!parent) throw badRequest('org.parentMissing');
  if (selfId) {
    const [cycle] = await queryRows<{ id: number }>(
      tx,
      sql`WITH RECURSIVE below(id) AS (SELECT ${selfId}::int UNION SELECT u.id FROM org_units u JOIN below b ON u.parent_id = b.id)
          SELECT id FROM below WHERE id = ${parentId} LIMIT 1`,
    );
    if (cycle) throw badRequest('org.parentCycle');
  }
  return parentId;
}

export async function createUnit(tx: Tx, form: Omit<OrgUnitForm, 'id'>): Promise<number> {
  await refuseTakenCode(tx, orgUnits.code, 'org_units', form.code);
  const parentId = await checkPlace(tx, form.kind, form.parentId);
  const [created] = await tx
    .insert(orgUnits)
    .values({ code: form.code, name: form.name, nameEn: form.nameEn || null, kind: form.kind, parentId, sort: form.sort, enabled: form.enabled })
    .returning({ id: orgUnits.id });
  return created!.id;
}

/** Changes a unit; `kind` given means the unit must be of that kind (a screen of one kind edits only those). */
export async function updateUnit(tx: Tx, id: number, form: Omit<OrgUnitForm, 'id'>, onlyKind?: OrgKind): Promise<void> {
  const [current] = await tx.select().from(orgUnits).where(eq(orgUnits.id, id)).for('update');
  if (!current || (onlyKind && current.kind !== onlyKind)) throw notFound();
  await refuseTakenCode(tx, orgUnits.code, 'org_units', form.code, id);
  const parentId = await checkPlace(tx, form.kind, form.parentId, id);
  await tx
    .update(orgUnits)
    .set({ code: form.code, name: form.name, nameEn: form.nameEn || null, kind: form.kind, parentId, sort: form.sort, enabled: form.enabled })
    .where(eq(orgUnits.id, id));
}

/** What may still hang on a unit, in the order the refusal names it. */
const USAGE: [MessageKey, (ids: ReturnType<typeof idList>) => ReturnType<typeof sql>][] = [
  ['org.hasChildren', (ids) => sql`SELECT parent_id AS id FROM org_units WHERE parent_id IN ${ids} LIMIT 1`],
  ['researchGroups.usedByCourse', (ids) => sql`SELECT research_group_id AS id FROM courses WHERE research_group_id IN ${ids} LIMIT 1`],
  ['org.hasGrades', (ids) => sql`SELECT division_id AS id FROM grades WHERE division_id IN ${ids} LIMIT 1`],
  ['org.hasClasses', (ids) => sql`SELECT campus_id AS id FROM classes WHERE campus_id IN ${ids} LIMIT 1`],
  [
    'org.hasStaff',
    (ids) => sql`SELECT CASE WHEN campus_id IN ${ids} THEN campus_id WHEN establishment_dept_id IN ${ids} THEN establishment_dept_id
                 WHEN working_dept_id IN ${ids} THEN working_dept_id ELSE research_group_id END AS id
                 FROM staff WHERE campus_id IN ${ids} OR establishment_dept_id IN ${ids} OR working_dept_id IN ${ids} OR research_group_id IN ${ids} LIMIT 1`,
  ],
  ['org.hasBuildings', (ids) => sql`SELECT campus_id AS id FROM buildings WHERE campus_id IN ${ids} LIMIT 1`],
  ['org.hasClassrooms', (ids) => sql`SELECT campus_id AS id FROM classrooms WHERE campus_id IN ${ids} LIMIT 1`],
];

/**
 * Deletes units with nothing left on them; the first unit still in use refuses the whole batch and the
 * message says why. Profiles and group members go with their unit; positions held in it are removed.
 */
export async function deleteUnits(db: Db, ids: number[], onlyKind?: OrgKind): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number; name: string; kind: string }>(tx, sql`SELECT id, name, kind FROM org_units WHERE id IN ${idList(ids)} FOR UPDATE`);
    if (rows.length !== ids.length || (onlyKind && rows.some((row) => row.kind !== onlyKind))) throw notFound();
    for (const [key, probe] of USAGE) {
      const [used] = await queryRows<{ id: number }>(tx, probe(idList(ids)));
      if (used) throw conflict(key, { name: rows.find((row) => row.id === Number(used.id))?.name ?? '' });
    }
    await tx.delete(staffAppointments).where(sql`${staffAppointments.orgUnitId} IN ${idList(ids)}`);
    await tx.delete(orgUnits).where(sql`${orgUnits.id} IN ${idList(ids)}`);
  });
}

/** The staff row of an account (staff number) the people picker answered; unknown → refused, naming it. */
export async function staffOfAccount(tx: DbOrTx, account: string): Promise<{ id: number; name: string; staffNumber: string }> {
  const [row] = await queryRows<{ id: number; name: string; staffNumber: string }>(
    tx,
    sql`SELECT s.id, s.name, s.staff_number AS "staffNumber" FROM staff s JOIN users u ON u.id = s.user_id WHERE u.account = ${account} OR s.staff_number = ${account} LIMIT 1`,
  );
  if (!row) throw badRequest('campus.unknownStaff', { account });
  return row;
}
