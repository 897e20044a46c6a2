import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { USER_TYPES, initialStaffPassword, type StaffFields, type StaffUpdate } from '@campus/contract';
import type { Config } from '../../../config.ts';
import { queryRows, type Db, type Tx } from '../../../db/client.ts';
import { dictionaryItems, orgUnits, roles, staff, staffContacts, userRoles, users } from '../../../db/schema/index.ts';
import type { AppError } from '../../../platform/errors.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';
import { hashPassword } from '../../../platform/passwords.ts';
import { revokeUserSessions } from '../../../platform/sessions.ts';
import { UNIT_KINDS } from './queries.ts';

/** The role every staff member holds (as in the seed): it carries the teachers' menus. */
export const STAFF_ROLE = 'teacher';

/** Refuses ids of organisation units of the wrong kind and codes missing from their dictionary. */
export async function checkReferences(tx: Tx, input: StaffFields): Promise<void> {
  const wanted: [number | undefined, readonly string[]][] = [
    [input.campusId, UNIT_KINDS.campus],
    [input.establishmentDeptId, UNIT_KINDS.department],
    [input.workingDeptId, UNIT_KINDS.department],
    [input.researchGroupId, UNIT_KINDS.researchGroup],
  ];
  for (const [id, kinds] of wanted) {
    if (id === undefined) continue;
    const [found] = await tx.select({ id: orgUnits.id }).from(orgUnits).where(and(eq(orgUnits.id, id), inArray(orgUnits.kind, [...kinds])));
    if (!found) throw badRequest('staff.unitNotFound');
  }
  for (const [table, code] of [['STD_STAFF_TYPE', input.staffType], ['STD_EDUCATION', input.education]] as const) {
    if (!code) continue;
    const [found] = await tx.select({ id: dictionaryItems.id }).from(dictionaryItems).where(and(eq(dictionaryItems.tableName, table), eq(dictionaryItems.code, code)));
    if (!found) throw badRequest('errors.badRequest');
  }
}

const staffValues = (input: StaffFields) => ({
  name: input.name,
  gender: input.gender,
  birthDate: input.birthDate || null,
  idNumber: input.idNumber,
  phone: input.phone || null,
  email: input.email || null,
  campusId: input.campusId ?? null,
  establishmentDeptId: input.establishmentDeptId ?? null,
  workingDeptId: input.workingDeptId ?? null,
  researchGroupId: input.researchGroupId ?? null,
  staffType: input.staffType || null,
  title: input.title || null,
  education: input.education || null,
  workStartDate: input.workStartDate || null,
  arrivalDate: input.arrivalDate || null,
});

/** The refusal for a staff number already used by a staff record or by any login account; null when free. */
export async function numberRefusal(tx: Tx, staffNumber: string): Promise<AppError | null> {
  const [taken] = await tx.select({ id: staff.id }).from(staff).where(sql`lower(${staff.staffNumber}) = lower(${staffNumber})`);
  if (taken) return conflict('staff.numberTaken');
  const [account] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.account}) = lower(${staffNumber})`);
  if (account) return conflict('staff.accountTaken', { account: staffNumber });
  return null;
}

/** The argon2 hash of a new staff account's initial password (last 6 characters of the ID number). */
export const initialHash = (config: Config, input: StaffFields) => hashPassword(input.staffNumber, initialStaffPassword(input.idNumber), config.argon2);

/** Inserts one staff member with their login account (account = staff number, user type 3) and the teacher role. */
export async function insertStaff(tx: Tx, input: StaffFields, passwordHash: string, staffRoleId: number | null): Promise<number> {
  const [account] = await tx.insert(users).values({ account: input.staffNumber, displayName: input.name, userType: USER_TYPES.teacher, passwordHash }).returning({ id: users.id });
  const [created] = await tx
    .insert(staff)
    .values({ userId: account!.id, staffNumber: input.staffNumber, ...staffValues(input) })
    .returning({ id: staff.id });
  await tx.insert(staffContacts).values({ staffId: created!.id, postalCode: input.postalCode || null, address: input.address || null });
  if (staffRoleId) await tx.insert(userRoles).values({ userId: account!.id, roleId: staffRoleId });
  return created!.id;
}

export async function staffRoleId(tx: Tx): Promise<number | null> {
  const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, STAFF_ROLE));
  return role?.id ?? null;
}

export async function createStaff(db: Db, config: Config, input: StaffFields): Promise<number> {
  // Hash outside the transaction: argon2 is slow by design and must not hold locks.
  const passwordHash = await initialHash(config, input);
  return db.transaction(async (tx) => {
    const refusal = await numberRefusal(tx, input.staffNumber);
    if (refusal) throw refusal;
    await checkReferences(tx, input);
    return insertStaff(tx, input, passwordHash, await staffRoleId(tx));
  });
}

/** Modifies a staff record; the staff number is the login account and stays. */
export async function updateStaff(db: Db, input: StaffUpdate): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ id: staff.id, userId: staff.userId, staffNumber: staff.staffNumber }).from(staff).where(eq(staff.id, input.id)).for('update');
    if (!current) throw notFound();
    if (current.staffNumber !== input.staffNumber) {
      const [taken] = await tx.select({ id: staff.id }).from(staff).where(and(eq(staff.staffNumber, input.staffNumber), ne(staff.id, input.id)));
      // The number is the account and its password digest: it cannot be renamed here.
      throw taken ? conflict('staff.numberTaken') : badRequest('errors.badRequest');
    }
    await checkReferences(tx, input);
    await tx.update(staff).set(staffValues(input)).where(eq(staff.id, input.id));
    await tx
      .insert(staffContacts)
      .values({ staffId: input.id, postalCode: input.postalCode || null, address: input.address || null })
      .onConflictDoUpdate({ target: staffContacts.staffId, set: { postalCode: input.postalCode || null, address: input.address || null } });
    await tx.update(users).set({ displayName: input.name, updatedAt: new Date() }).where(eq(users.id, current.userId));
  });
}

/**
 * Deletes staff members and their login accounts in one transaction. Refused (nothing deleted) while one
 * of them leads a class, has lessons, electives or invigilations, or leads a teaching-research group.
 */
export async function deleteStaff(db: Db, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await queryRows<{ id: number; userId: number; name: string; classes: string | null; lessons: boolean; leadsGroup: boolean }>(
      tx,
      sql`SELECT st.id, st.user_id AS "userId", st.name,
                 (SELECT string_agg(c.name, ', ' ORDER BY c.sort) FROM classes c WHERE c.class_teacher_id = st.id) AS classes,
                 (EXISTS (SELECT 1 FROM timetable_entries te WHERE te.teacher_id = st.id)
                   OR EXISTS (SELECT 1 FROM elective_sessions es WHERE es.teacher_id = st.id)
                   OR EXISTS (SELECT 1 FROM invigilations i WHERE i.staff_id = st.id)) AS lessons,
                 EXISTS (SELECT 1 FROM research_group_profiles rg WHERE rg.leader_staff_id = st.id) AS "leadsGroup"
          FROM staff st WHERE st.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
          ORDER BY st.staff_number FOR UPDATE OF st`,
    );
    if (found.length !== new Set(ids).size) throw notFound();
    for (const row of found) {
      if (row.classes) throw conflict('staff.leadsClass', { name: row.name, classes: row.classes });
      if (row.lessons) throw conflict('staff.hasLessons', { name: row.name });
      if (row.leadsGroup) throw conflict('staff.leadsGroup', { name: row.name });
    }
    for (const row of found) await revokeUserSessions(tx, row.userId);
    await tx.delete(staff).where(inArray(staff.id, ids));
    await tx.delete(users).where(inArray(users.id, found.map((row) => row.userId)));
  });
}
