import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { staffSearchSchema, type Language, type PagedResult, type StaffFormOptions, type StaffRow, type StaffSearch } from '@campus/contract';
import type { DbOrTx } from '../../../db/client.ts';
import { dictionaryItems, orgUnits, staff, staffContacts } from '../../../db/schema/index.ts';
import { countMatches, keywordColumns, matchKeyword } from '../../../platform/keyword.ts';
import { defineList, type ListRequest } from '../../../platform/listing.ts';
import { named } from '../../system/classes/queries.ts';
import { dictionaryName } from '../../system/students/queries.ts';

const campus = alias(orgUnits, 'campus');
const establishment = alias(orgUnits, 'establishment');
const working = alias(orgUnits, 'working');
const group = alias(orgUnits, 'research_group');

export const staffList = defineList({
  search: staffSearchSchema,
  sortColumns: {
    staffNumber: staff.staffNumber,
    name: staff.name,
    birthDate: staff.birthDate,
    campusName: campus.sort,
    workingDeptName: working.sort,
    researchGroupName: group.sort,
    arrivalDate: staff.arrivalDate,
  },
  defaultSort: { field: 'staffNumber', order: 'asc' },
  tieBreaker: staff.id,
});
type StaffSort = keyof typeof staffList.spec.sortColumns;

/** The staff list's keyword: staff number, name, the name's pinyin initials or phone. */
const STAFF_KEYWORD = keywordColumns(staff.staffNumber, staff.name, staff.nameInitials, staff.phone);

function conditions(search: StaffSearch): SQL | undefined {
  const parts: SQL[] = [];
  const keyword = matchKeyword(search.keyword, STAFF_KEYWORD);
  if (keyword) parts.push(keyword);
  if (search.campusId !== undefined) parts.push(eq(staff.campusId, search.campusId));
  if (search.workingDeptId !== undefined) parts.push(eq(staff.workingDeptId, search.workingDeptId));
  if (search.researchGroupId !== undefined) parts.push(eq(staff.researchGroupId, search.researchGroupId));
  if (search.staffType) parts.push(eq(staff.staffType, search.staffType));
  return parts.length ? and(...parts) : undefined;
}

const columns = (language: Language) => ({
  id: staff.id,
  staffNumber: staff.staffNumber,
  name: staff.name,
  gender: staff.gender,
  genderName: dictionaryName('STD_GENDER', staff.gender, language),
  birthDate: sql<string | null>`to_char(${staff.birthDate}, 'YYYY-MM-DD')`,
  idNumber: staff.idNumber,
  phone: staff.phone,
  email: staff.email,
  postalCode: staffContacts.postalCode,
  address: staffContacts.address,
  campusId: staff.campusId,
  campusName: named(language, campus.name, campus.nameEn),
  establishmentDeptId: staff.establishmentDeptId,
  establishmentDeptName: named(language, establishment.name, establishment.nameEn),
  workingDeptId: staff.workingDeptId,
  workingDeptName: named(language, working.name, working.nameEn),
  researchGroupId: staff.researchGroupId,
  researchGroupName: named(language, group.name, group.nameEn),
  staffType: staff.staffType,
  staffTypeName: sql<string | null>`CASE WHEN ${staff.staffType} IS NULL THEN NULL ELSE ${dictionaryName('STD_STAFF_TYPE', staff.staffType, language)} END`,
  title: staff.title,
  education: staff.education,
  educationName: sql<string | null>`CASE WHEN ${staff.education} IS NULL THEN NULL ELSE ${dictionaryName('STD_EDUCATION', staff.education, language)} END`,
  workStartDate: sql<string | null>`to_char(${staff.workStartDate}, 'YYYY-MM-DD')`,
  arrivalDate: sql<string | null>`to_char(${staff.arrivalDate}, 'YYYY-MM-DD')`,
  headTeacherOf: sql<string[]>`COALESCE((SELECT array_agg(c.name ORDER BY c.sort, c.id) FROM classes c WHERE c.class_teacher_id = ${staff.id}), ARRAY[]::varchar[])`,
  appointments: sql<StaffRow['appointments']>`COALESCE((SELECT json_agg(json_build_object('kind', a.kind, 'scopeName', a.scope_name) ORDER BY a.id) FROM staff_appointments a WHERE a.staff_id = ${staff.id}), '[]'::json)`,
});

const base = (db: DbOrTx, language: Language) =>
  db
    .select(columns(language))
    .from(staff)
    .leftJoin(staffContacts, eq(staffContacts.staffId, staff.id))
    .leftJoin(campus, eq(campus.id, staff.campusId))
    .leftJoin(establishment, eq(establishment.id, staff.establishmentDeptId))
    .leftJoin(working, eq(working.id, staff.workingDeptId))
    .leftJoin(group, eq(group.id, staff.researchGroupId));

export async function listStaff(db: DbOrTx, request: ListRequest<StaffSearch, StaffSort>, language: Language, withTotal = true): Promise<PagedResult<StaffRow>> {
  const where = conditions(request.search);
  const rows = await base(db, language).where(where).orderBy(...staffList.orderBy(request)).limit(request.limit).offset(request.offset);
  if (!withTotal) return { total: rows.length, rows };
  return { ...(await countMatches(db, db.select({ one: sql`1` }).from(staff).where(where), request.search.keyword)), rows };
}

export async function findStaff(db: DbOrTx, id: number, language: Language): Promise<StaffRow | undefined> {
  const [row] = await base(db, language).where(eq(staff.id, id));
  return row;
}

/** Kinds of organisation unit a staff record may point at, per field. */
export const UNIT_KINDS = {
  campus: ['campus'],
  department: ['school', 'division', 'department'],
  researchGroup: ['researchGroup'],
} as const;

const unitOptions = (db: DbOrTx, kinds: readonly string[], language: Language) =>
  db
    .select({ value: orgUnits.id, label: named(language, orgUnits.name, orgUnits.nameEn) })
    .from(orgUnits)
    .where(and(inArray(orgUnits.kind, [...kinds]), eq(orgUnits.enabled, true)))
    .orderBy(asc(orgUnits.sort), asc(orgUnits.id));

const dictionaryOptions = (db: DbOrTx, table: string, language: Language) =>
  db
    .select({ value: dictionaryItems.code, label: named(language, dictionaryItems.name, dictionaryItems.nameEn) })
    .from(dictionaryItems)
    .where(and(eq(dictionaryItems.tableName, table), eq(dictionaryItems.enabled, true)))
    .orderBy(asc(dictionaryItems.sort), asc(dictionaryItems.id));

export async function staffFormOptions(db: DbOrTx, language: Language): Promise<StaffFormOptions> {
  return {
    campuses: await unitOptions(db, UNIT_KINDS.campus, language),
    departments: await unitOptions(db, UNIT_KINDS.department, language),
    researchGroups: await unitOptions(db, UNIT_KINDS.researchGroup, language),
    staffTypes: await dictionaryOptions(db, 'STD_STAFF_TYPE', language),
    educations: await dictionaryOptions(db, 'STD_EDUCATION', language),
    genders: await dictionaryOptions(db, 'STD_GENDER', language),
  };
}
