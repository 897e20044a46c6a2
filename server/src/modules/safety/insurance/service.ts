import { sql, type SQL } from 'drizzle-orm';
import {
  CLAIM_ATTACHMENTS,
  CLAIM_STATUSES,
  INSURANCE_PERMISSIONS,
  INSURANCE_URLS,
  DEFAULT_LANGUAGE,
  claimNext,
  claimSearchSchema,
  companySearchSchema,
  insuredSearchSchema,
  policySearchSchema,
  translate,
  type ClaimAction,
  type ClaimDetail,
  type ClaimRow,
  type ClaimStatus,
  type CompanyRow,
  type InsuranceStudentOption,
  type InsuredChild,
  type InsuredRow,
  type MessageKey,
  type PagedResult,
  type PolicyRow,
  type PolicyStats,
} from '@campus/contract';
import type { z } from 'zod';
import { claimActionSchema, claimFormSchema, companyFormSchema, insureSchema, policyFormSchema, uninsureSchema } from '@campus/contract';
import { jsonValue, queryRows, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import type { Caller } from '../../../platform/caller.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { aliased, countMatches, keywordColumns, matchKeyword, matchKeywordAcross } from '../../../platform/keyword.ts';
import { defineList, type ListRequest } from '../../../platform/listing.ts';
import { pageOfList } from '../../../platform/listPage.ts';
import { idList } from '../../../platform/resource.ts';
import { schoolMinute } from '../../../platform/schoolClock.ts';
import { ownStudentIds, visibleStudents } from '../../../platform/scope.ts';
import { attachedFileGroups, fileGroupsOf, registerFileReadRule, registerFileReference } from '../../shared/files/service.ts';
import { STUDENT_KEYWORD } from '../../records/students/queries.ts';
import { schoolToday } from '../../timetable/views/service.ts';
import { insuranceClaims, insuranceCompanies, insurancePolicies, insuredStudents } from '../../../db/schema/index.ts';

/** Messages of the area go out as the school office's kind (the bell's "notices of the school office"). */
export const SAFETY_MESSAGE_TYPE = '4';

/** One message to each user (an SQL list of user ids), written in the school's language. */
export async function notifyUsers(tx: Tx, caller: Caller, recipients: SQL, key: MessageKey, params: Record<string, string | number>, link: string): Promise<void> {
  const title = translate(DEFAULT_LANGUAGE, key, params).slice(0, 200);
  await tx.execute(sql`
    INSERT INTO messages (recipient_user_id, sender_user_id, title, content, type, link)
    SELECT u.id, ${caller.auth.userId}, ${title}, ${title}, ${SAFETY_MESSAGE_TYPE}, ${link}
    FROM users u WHERE u.enabled AND u.id IN (${recipients})`);
}

/** Users whose roles hold a permission value (menus are data: whoever the administrator gave it to). */
export const holdersOf = (permission: string): SQL => sql`
  SELECT ur.user_id FROM user_roles ur JOIN role_menus rm ON rm.role_id = ur.role_id JOIN menus m ON m.id = rm.menu_id WHERE m.permission = ${permission}`;

/** The student and their parents. */
export const familyOf = (studentId: number): SQL => sql`
  SELECT s.user_id FROM students s WHERE s.id = ${studentId} UNION SELECT g.parent_user_id FROM guardians g WHERE g.student_id = ${studentId}`;

export const manages = (caller: Caller) => caller.permissions.has(INSURANCE_PERMISSIONS.manage);

// Claim files: the family of the student, and the office.
registerFileReadRule(CLAIM_ATTACHMENTS.files, (auth, permissions, fileId) =>
  permissions.has(INSURANCE_PERMISSIONS.manage)
    ? sql`EXISTS (SELECT 1 FROM insurance_claims c WHERE jsonb_exists(c.attachments->'files', ${fileId}))`
    : sql`EXISTS (SELECT 1 FROM insurance_claims c WHERE jsonb_exists(c.attachments->'files', ${fileId}) AND c.student_id IN (${ownStudentIds(auth)}))`,
);
registerFileReference((fileId) => sql`EXISTS (SELECT 1 FROM insurance_claims c WHERE jsonb_exists(c.attachments->'files', ${fileId}))`);

const money = (value: string | number | null): number | null => (value === null || value === undefined ? null : Number(value));
const today = () => schoolToday();

/* ------------------------------------------------------------------ companies */

export const companyList = defineList({
  search: companySearchSchema,
  sortColumns: { name: sql`c.name` },
  defaultSort: { field: 'name', order: 'asc' },
  tieBreaker: insuranceCompanies.id,
});

/** The company list's keyword: the company's name. */
const COMPANY_KEYWORD = keywordColumns(insuranceCompanies.name);

export async function pageCompanies(db: DbOrTx, request: ListRequest<z.infer<typeof companySearchSchema>, 'name'>): Promise<PagedResult<CompanyRow>> {
  const where = matchKeyword(request.search.keyword, COMPANY_KEYWORD, aliased('c')) ?? sql`TRUE`;
  const rows = await queryRows<CompanyRow>(db, sql`
    SELECT c.id, c.name, c.contact_person AS "contactPerson", c.phone, (SELECT count(*)::int FROM insurance_policies p WHERE p.company_id = c.id) AS "policyCount"
    FROM insurance_companies c WHERE ${where} ORDER BY c.name ${request.order === 'desc' ? sql`DESC` : sql`ASC`}, c.id LIMIT ${request.limit} OFFSET ${request.offset}`);
  return { ...(await countMatches(db, sql`SELECT 1 FROM insurance_companies c WHERE ${where}`, request.search.keyword)), rows };
}

export async function saveCompany(db: Db, form: z.infer<typeof companyFormSchema>): Promise<number> {
  return db.transaction(async (tx) => {
    const [taken] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM insurance_companies WHERE lower(name) = lower(${form.name}) AND id <> ${form.id ?? 0}`);
    if (taken) throw conflict('insurance.companyTaken', { name: form.name });
    if (form.id) {
      const [row] = await queryRows<{ id: number }>(tx, sql`
        UPDATE insurance_companies SET name = ${form.name}, contact_person = ${form.contactPerson}, phone = ${form.phone} WHERE id = ${form.id} RETURNING id`);
      if (!row) throw notFound();
      return row.id;
    }
    const [row] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO insurance_companies (name, contact_person, phone) VALUES (${form.name}, ${form.contactPerson}, ${form.phone}) RETURNING id`);
    return row!.id;
  });
}

export async function deleteCompanies(db: Db, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number; name: string }>(tx, sql`SELECT id, name FROM insurance_companies WHERE id IN ${idList(ids)} FOR UPDATE`);
    if (rows.length !== ids.length) throw notFound();
    const [used] = await queryRows<{ name: string }>(tx, sql`
      SELECT c.name FROM insurance_companies c WHERE c.id IN ${idList(ids)} AND EXISTS (SELECT 1 FROM insurance_policies p WHERE p.company_id = c.id) LIMIT 1`);
    if (used) throw conflict('insurance.companyInUse', { name: used.name });
    await tx.execute(sql`DELETE FROM insurance_companies WHERE id IN ${idList(ids)}`);
  });
}

/* ------------------------------------------------------------------ policies */

/** Its sorts read the matches `m` (pagePolicies), which carry the three columns. */
export const policyList = defineList({
  search: policySearchSchema,
  sortColumns: { startDate: sql`m.start_date`, policyNo: sql`m.policy_no`, year: sql`m.year` },
  defaultSort: { field: 'startDate', order: 'desc' },
  tieBreaker: insurancePolicies.id,
});

const POLICY_COLUMNS = sql`
  p.id, p.company_id AS "companyId", c.name AS "companyName", p.policy_no AS "policyNo", p.year, p.coverage, p.premium::float8 AS premium,
  p.start_date::text AS "startDate", p.end_date::text AS "endDate",
  (p.start_date <= CURRENT_DATE AND p.end_date >= CURRENT_DATE) AS current,
  (SELECT count(*)::int FROM insured_students i WHERE i.policy_id = p.id) AS "insuredCount",
  (SELECT count(*)::int FROM insurance_claims cl WHERE cl.policy_id = p.id) AS "claimCount"`;

const POLICY_TABLES = sql`insurance_policies p JOIN insurance_companies c ON c.id = p.company_id`;

/** The policy list's keyword: policy number or coverage, or the company. */
const POLICY_KEYWORD = keywordColumns(insurancePolicies.policyNo, insurancePolicies.coverage);

function policyKeyword(keyword: string | undefined): SQL | undefined {
  return matchKeywordAcross(keyword, [
    { key: sql`p.id`, columns: POLICY_KEYWORD },
    { key: sql`p.company_id`, columns: COMPANY_KEYWORD },
  ]);
}

export async function pagePolicies(db: DbOrTx, request: ListRequest<z.infer<typeof policySearchSchema>, 'startDate' | 'policyNo' | 'year'>): Promise<PagedResult<PolicyRow>> {
  const parts: SQL[] = [sql`TRUE`];
  if (request.search.companyId) parts.push(sql`p.company_id = ${request.search.companyId}`);
  const keyword = policyKeyword(request.search.keyword);
  if (keyword) parts.push(keyword);
  const direction = request.order === 'asc' ? sql`ASC` : sql`DESC`;
  return pageOfList<PolicyRow>(
    db,
    request.search.keyword,
    {
      matching: sql`SELECT p.id, p.start_date, p.policy_no, p.year FROM insurance_policies p WHERE ${sql.join(parts, sql` AND `)}`,
      order: { orderBy: sql`${policyList.spec.sortColumns[request.sortField]} ${direction}, m.id ${direction}` },
      details: { columns: POLICY_COLUMNS, joins: sql`JOIN (${POLICY_TABLES}) ON p.id = chosen.id` },
    },
    request,
  );
}

export async function getPolicy(db: DbOrTx, id: number): Promise<PolicyRow> {
  const [row] = await queryRows<PolicyRow>(db, sql`SELECT ${POLICY_COLUMNS} FROM ${POLICY_TABLES} WHERE p.id = ${id}`);
  if (!row) throw notFound();
  return row;
}

export async function companyOptions(db: DbOrTx): Promise<{ id: number; name: string }[]> {
  return queryRows(db, sql`SELECT id, name FROM insurance_companies ORDER BY name`);
}

export async function savePolicy(db: Db, form: z.infer<typeof policyFormSchema>): Promise<number> {
  return db.transaction(async (tx) => {
    const [company] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM insurance_companies WHERE id = ${form.companyId}`);
    if (!company) throw badRequest('insurance.companyRequired');
    const [taken] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM insurance_policies WHERE lower(policy_no) = lower(${form.policyNo}) AND id <> ${form.id ?? 0}`);
    if (taken) throw conflict('insurance.policyTaken', { name: form.policyNo });
    if (form.id) {
      const [row] = await queryRows<{ id: number }>(tx, sql`
        UPDATE insurance_policies SET company_id = ${form.companyId}, policy_no = ${form.policyNo}, year = ${form.year}, coverage = ${form.coverage},
          premium = ${form.premium}, start_date = ${form.startDate}::date, end_date = ${form.endDate}::date
        WHERE id = ${form.id} RETURNING id`);
      if (!row) throw notFound();
      return row.id;
    }
    const [row] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO insurance_policies (company_id, policy_no, year, coverage, premium, start_date, end_date)
      VALUES (${form.companyId}, ${form.policyNo}, ${form.year}, ${form.coverage}, ${form.premium}, ${form.startDate}::date, ${form.endDate}::date) RETURNING id`);
    return row!.id;
  });
}

export async function deletePolicies(db: Db, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number }>(tx, sql`SELECT id FROM insurance_policies WHERE id IN ${idList(ids)} FOR UPDATE`);
    if (rows.length !== ids.length) throw notFound();
    const [used] = await queryRows<{ name: string }>(tx, sql`
      SELECT p.policy_no AS name FROM insurance_policies p WHERE p.id IN ${idList(ids)} AND EXISTS (SELECT 1 FROM insurance_claims c WHERE c.policy_id = p.id) LIMIT 1`);
    if (used) throw conflict('insurance.policyInUse', { name: used.name });
    await tx.execute(sql`DELETE FROM insurance_policies WHERE id IN ${idList(ids)}`);
  });
}

export async function policyStats(db: DbOrTx): Promise<PolicyStats[]> {
  const rows = await queryRows<Omit<PolicyStats, 'claims'> & { claims: Record<string, number> | string }>(db, sql`
    SELECT p.id AS "policyId", p.policy_no AS "policyNo", c.name AS "companyName",
      (SELECT count(*)::int FROM insured_students i WHERE i.policy_id = p.id) AS "insuredCount",
      (SELECT coalesce(json_object_agg(x.status, x.n), '{}'::json) FROM (SELECT status, count(*)::int AS n FROM insurance_claims WHERE policy_id = p.id GROUP BY status) x) AS claims,
      (SELECT count(*)::int FROM insurance_claims WHERE policy_id = p.id) AS "totalClaims",
      (SELECT coalesce(sum(amount_claimed), 0)::float8 FROM insurance_claims WHERE policy_id = p.id AND status <> 'rejected') AS "amountClaimed",
      (SELECT coalesce(sum(paid_amount), 0)::float8 FROM insurance_claims WHERE policy_id = p.id AND paid) AS "amountPaid"
    FROM insurance_policies p JOIN insurance_companies c ON c.id = p.company_id
    ORDER BY p.start_date DESC, p.id DESC`);
  return rows.map((row) => {
    const counts = jsonValue(row.claims) as Record<string, number>;
    return { ...row, claims: Object.fromEntries(CLAIM_STATUSES.map((status) => [status, counts[status] ?? 0])) as Record<ClaimStatus, number> };
  });
}

/* ------------------------------------------------------------------ insured students */

/** Its sorts read the matches `m` (pageInsured) and their class `cl`. */
export const insuredList = defineList({
  search: insuredSearchSchema,
  sortColumns: { studentNumber: sql`m.student_number`, className: sql`cl.sort` },
  defaultSort: { field: 'className', order: 'asc' },
  tieBreaker: insuredStudents.id,
});

/**
 * The students a policy covers, paged: found among the students (a policy covers a student once), whose own
 * keyword indexes and sort columns then serve without a second visit to each match.
 */
export async function pageInsured(db: DbOrTx, request: ListRequest<z.infer<typeof insuredSearchSchema>, 'studentNumber' | 'className'>): Promise<PagedResult<InsuredRow>> {
  const policyId = request.search.policyId;
  if (!policyId) throw badRequest('insurance.policyRequired');
  const parts: SQL[] = [sql`s.id IN (SELECT i.student_id FROM insured_students i WHERE i.policy_id = ${policyId})`];
  if (request.search.classId) parts.push(sql`s.class_id = ${request.search.classId}`);
  // The student's number, name or its pinyin initials.
  const keyword = matchKeyword(request.search.keyword, STUDENT_KEYWORD, aliased('s'));
  if (keyword) parts.push(keyword);
  const direction = request.order === 'desc' ? sql`DESC` : sql`ASC`;
  const found = await pageOfList<InsuredRow & { createdAtRaw: Date | string }>(
    db,
    request.search.keyword,
    {
      matching: sql`SELECT s.id, s.student_number, s.class_id FROM students s WHERE ${sql.join(parts, sql` AND `)}`,
      // The student number is unique: it alone breaks the ties.
      order: { joins: sql`LEFT JOIN classes cl ON cl.id = m.class_id`, orderBy: sql`${insuredList.spec.sortColumns[request.sortField]} ${direction}, m.student_number` },
      details: {
        columns: sql`i.id, i.policy_id AS "policyId", s.id AS "studentId", s.student_number AS "studentNumber", s.name AS "studentName",
          coalesce(cl.name, '') AS "className", i.created_at AS "createdAtRaw",
          (SELECT count(*)::int FROM insurance_claims c WHERE c.policy_id = i.policy_id AND c.student_id = s.id) AS "claimCount"`,
        joins: sql`JOIN students s ON s.id = chosen.id JOIN insured_students i ON i.policy_id = ${policyId} AND i.student_id = s.id LEFT JOIN classes cl ON cl.id = s.class_id`,
      },
    },
    request,
  );
  return { ...found, rows: found.rows.map(({ createdAtRaw, ...row }) => ({ ...row, createdAt: schoolMinute(createdAtRaw) })) };
}

/** Students the office may insure, found by number, name or its pinyin initials. */
export async function studentOptions(db: DbOrTx, keyword: string): Promise<InsuranceStudentOption[]> {
  return queryRows(db, sql`
    SELECT s.id, s.student_number AS "studentNumber", s.name, coalesce(c.name, '') AS "className"
    FROM students s LEFT JOIN classes c ON c.id = s.class_id
    WHERE ${matchKeyword(keyword, STUDENT_KEYWORD, aliased('s')) ?? sql`TRUE`} ORDER BY s.student_number LIMIT 20`);
}

/** Every class, in the school's order (insuring whole classes). */
export async function classOptions(db: DbOrTx): Promise<{ id: number; name: string }[]> {
  return queryRows(db, sql`SELECT c.id, c.name FROM classes c JOIN grades g ON g.id = c.grade_id ORDER BY g.sort, c.sort, c.code`);
}

/** Adds the picked students, every student of the picked classes and the imported numbers; those already insured stay as they were. */
export async function insureStudents(db: Db, input: z.infer<typeof insureSchema>): Promise<{ count: number; skipped: number }> {
  return db.transaction(async (tx) => {
    const [policy] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM insurance_policies WHERE id = ${input.policyId} FOR UPDATE`);
    if (!policy) throw notFound();
    const studentIds = sql`${sql.param(input.studentIds)}::int[]`;
    const classIds = sql`${sql.param(input.classIds)}::int[]`;
    const [found] = await queryRows<{ students: number; classes: number }>(tx, sql`
      SELECT (SELECT count(*)::int FROM students WHERE id = ANY(${studentIds})) AS students, (SELECT count(*)::int FROM classes WHERE id = ANY(${classIds})) AS classes`);
    if (found!.students !== new Set(input.studentIds).size || found!.classes !== new Set(input.classIds).size) throw badRequest('errors.badRequest');
    const numbers = [...new Set(input.studentNumbers.filter(Boolean))];
    const numberList = sql`${sql.param(numbers)}::text[]`;
    const unknown = await queryRows<{ n: string }>(tx, sql`
      SELECT x.n FROM unnest(${numberList}) AS x(n) WHERE NOT EXISTS (SELECT 1 FROM students s WHERE s.student_number = x.n) ORDER BY x.n LIMIT 5`);
    if (unknown.length) throw badRequest('insurance.unknownNumbers', { numbers: unknown.map((row) => row.n).join(', ') });
    // A student picked or listed by number who has left (or not yet joined) the school is a mistake to be
    // told; a whole class brings only those at school.
    const away = await queryRows<{ who: string }>(tx, sql`
      SELECT s.name || ' ' || s.student_number AS who FROM students s
      WHERE (s.id = ANY(${studentIds}) OR s.student_number = ANY(${numberList})) AND s.in_school_status IS DISTINCT FROM '1'
      ORDER BY s.student_number LIMIT 5`);
    if (away.length) throw badRequest('insurance.notAtSchool', { students: away.map((row) => row.who).join(', ') });
    const [result] = await queryRows<{ wanted: number; added: number }>(tx, sql`
      WITH wanted AS (
        SELECT id FROM students
        WHERE (id = ANY(${studentIds}) OR class_id = ANY(${classIds}) OR student_number = ANY(${numberList})) AND in_school_status = '1'),
      added AS (INSERT INTO insured_students (policy_id, student_id) SELECT ${input.policyId}, id FROM wanted ON CONFLICT DO NOTHING RETURNING 1)
      SELECT (SELECT count(*)::int FROM wanted) AS wanted, (SELECT count(*)::int FROM added) AS added`);
    return { count: result!.added, skipped: result!.wanted - result!.added };
  });
}

export async function uninsureStudents(db: Db, input: z.infer<typeof uninsureSchema>): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number; studentId: number; name: string }>(tx, sql`
      SELECT i.id, i.student_id AS "studentId", s.name FROM insured_students i JOIN students s ON s.id = i.student_id
      WHERE i.policy_id = ${input.policyId} AND i.id IN ${idList(input.ids)} FOR UPDATE OF i`);
    if (rows.length !== new Set(input.ids).size) throw notFound();
    const [used] = await queryRows<{ name: string }>(tx, sql`
      SELECT s.name FROM insured_students i JOIN students s ON s.id = i.student_id
      WHERE i.id IN ${idList(input.ids)} AND EXISTS (SELECT 1 FROM insurance_claims c WHERE c.policy_id = i.policy_id AND c.student_id = i.student_id) LIMIT 1`);
    if (used) throw conflict('insurance.insuredHasClaims', { name: used.name });
    await tx.execute(sql`DELETE FROM insured_students WHERE id IN ${idList(input.ids)}`);
  });
}

/* ------------------------------------------------------------------ claims */

/** Its sorts read the matches `m` (pageClaims) and, for the student's name, the student CLAIM_SORT_JOINS brings. */
export const claimList = defineList({
  search: claimSearchSchema,
  sortColumns: { createdAt: sql`m.created_at`, accidentDate: sql`m.accident_date`, amountClaimed: sql`m.amount_claimed`, status: sql`m.status`, studentName: sql`s.name` },
  defaultSort: { field: 'createdAt', order: 'desc' },
  tieBreaker: insuranceClaims.id,
});
type ClaimSearch = z.infer<typeof claimSearchSchema>;

/** The office reads every claim; a parent their children's, a student their own. */
function visibleClaims(caller: Caller): SQL {
  return manages(caller) ? sql`TRUE` : sql`cl.student_id IN (${ownStudentIds(caller.auth)})`;
}

const CLAIM_COLUMNS = sql`
  cl.id, cl.policy_id AS "policyId", p.policy_no AS "policyNo", co.name AS "companyName", s.id AS "studentId", s.student_number AS "studentNumber",
  s.name AS "studentName", coalesce(c.name, '') AS "className", cl.accident_date::text AS "accidentDate", cl.place, cl.description,
  cl.amount_claimed::float8 AS "amountClaimed", cl.status, cl.materials_received AS "materialsReceived", cl.paid, cl.paid_amount::float8 AS "paidAmount",
  coalesce(cl.paid_date::text, '') AS "paidDate", cl.reject_reason AS "rejectReason", coalesce(fu.display_name, '') AS "filedByName",
  cl.created_at AS "createdAtRaw", jsonb_array_length(cl.attachments->'files') AS "fileCount", cl.attachments`;

const CLAIM_TABLES = sql`
  insurance_claims cl
  JOIN insurance_policies p ON p.id = cl.policy_id
  JOIN insurance_companies co ON co.id = p.company_id
  JOIN students s ON s.id = cl.student_id
  LEFT JOIN classes c ON c.id = s.class_id
  LEFT JOIN users fu ON fu.id = cl.filed_by_user_id`;

type ClaimRaw = Omit<ClaimRow, 'createdAt'> & { createdAtRaw: Date | string; attachments: { files: string[] } | string };
const toClaim = ({ createdAtRaw, attachments: _attachments, ...raw }: ClaimRaw): ClaimRow => ({ ...raw, paidAmount: money(raw.paidAmount), createdAt: schoolMinute(createdAtRaw) });

/** The claim list's keyword: the student's number, name or its pinyin initials, the policy number or the place. */
const CLAIM_KEYWORD = keywordColumns(insuranceClaims.place);
const POLICY_NUMBER_KEYWORD = keywordColumns(insurancePolicies.policyNo);

function claimKeyword(keyword: string | undefined): SQL | undefined {
  return matchKeywordAcross(keyword, [
    { key: sql`cl.id`, columns: CLAIM_KEYWORD },
    { key: sql`cl.student_id`, columns: STUDENT_KEYWORD },
    { key: sql`cl.policy_id`, columns: POLICY_NUMBER_KEYWORD },
  ]);
}

function claimFilters(caller: Caller, search: ClaimSearch): SQL {
  const parts: SQL[] = [visibleClaims(caller)];
  if (search.status) parts.push(sql`cl.status = ${search.status}`);
  if (search.policyId) parts.push(sql`cl.policy_id = ${search.policyId}`);
  if (search.studentId) parts.push(sql`cl.student_id = ${search.studentId}`);
  const keyword = claimKeyword(search.keyword);
  if (keyword) parts.push(keyword);
  return sql.join(parts, sql` AND `);
}

const CLAIM_SORT_JOINS: Record<keyof typeof claimList.spec.sortColumns, SQL> = {
  createdAt: sql``,
  accidentDate: sql``,
  amountClaimed: sql``,
  status: sql``,
  studentName: sql`JOIN students s ON s.id = m.student_id`,
};

export async function pageClaims(db: DbOrTx, caller: Caller, request: ListRequest<ClaimSearch, keyof typeof claimList.spec.sortColumns>): Promise<PagedResult<ClaimRow>> {
  const direction = request.order === 'asc' ? sql`ASC` : sql`DESC`;
  const found = await pageOfList<ClaimRaw>(
    db,
    request.search.keyword,
    {
      matching: sql`SELECT cl.id, cl.student_id, cl.created_at, cl.accident_date, cl.amount_claimed, cl.status FROM insurance_claims cl WHERE ${claimFilters(caller, request.search)}`,
      order: { joins: CLAIM_SORT_JOINS[request.sortField], orderBy: sql`${claimList.spec.sortColumns[request.sortField]} ${direction}, m.id ${direction}` },
      details: { columns: CLAIM_COLUMNS, joins: sql`JOIN (${CLAIM_TABLES}) ON cl.id = chosen.id` },
    },
    request,
  );
  return { ...found, rows: found.rows.map(toClaim) };
}

export async function getClaim(db: DbOrTx, caller: Caller, id: number): Promise<ClaimDetail> {
  const [raw] = await queryRows<ClaimRaw>(db, sql`SELECT ${CLAIM_COLUMNS} FROM ${CLAIM_TABLES} WHERE cl.id = ${id} AND ${visibleClaims(caller)}`);
  if (!raw) throw notFound();
  const attachments = jsonValue(raw.attachments) as { files: string[] };
  const [groups, events] = await Promise.all([
    fileGroupsOf(db, ['files'], attachments),
    queryRows<{ status: ClaimStatus; comment: string; byName: string; atRaw: Date | string }>(db, sql`
      SELECT e.status, e.comment, coalesce(u.display_name, '') AS "byName", e.at AS "atRaw"
      FROM insurance_claim_events e LEFT JOIN users u ON u.id = e.by_user_id WHERE e.claim_id = ${id} ORDER BY e.at, e.id`),
  ]);
  return { ...toClaim(raw), files: groups.files, events: events.map(({ atRaw, ...event }) => ({ ...event, at: schoolMinute(atRaw) })) };
}

/** A parent's children (a student: themselves; the office: nobody) with the current policies covering each. */
export async function insuredChildren(db: DbOrTx, caller: Caller): Promise<InsuredChild[]> {
  const rows = await queryRows<InsuredChild & { policies: InsuredChild['policies'] | string }>(db, sql`
    SELECT s.id, s.name, coalesce(c.name, '') AS "className",
      (SELECT coalesce(json_agg(json_build_object('id', p.id, 'policyNo', p.policy_no, 'companyName', co.name, 'startDate', p.start_date::text, 'endDate', p.end_date::text) ORDER BY p.start_date DESC), '[]'::json)
       FROM insured_students i JOIN insurance_policies p ON p.id = i.policy_id JOIN insurance_companies co ON co.id = p.company_id
       WHERE i.student_id = s.id AND p.start_date <= ${today()}::date AND p.end_date >= ${today()}::date) AS policies
    FROM students s LEFT JOIN classes c ON c.id = s.class_id
    WHERE s.id IN (${ownStudentIds(caller.auth)}) ORDER BY s.name`);
  return rows.map((row) => ({ ...row, policies: jsonValue(row.policies) }));
}

async function recordEvent(tx: Tx, claimId: number, status: ClaimStatus, comment: string, userId: number): Promise<void> {
  await tx.execute(sql`INSERT INTO insurance_claim_events (claim_id, status, comment, by_user_id) VALUES (${claimId}, ${status}, ${comment}, ${userId})`);
}

/**
 * A parent files for their child (the office for any student) under a policy that covers the child and is in
 * force today; the accident lies in the policy's period and not in the future. The family and the office
 * are told.
 */
export async function createClaim(db: Db, caller: Caller, form: z.infer<typeof claimFormSchema>): Promise<number> {
  return db.transaction(async (tx) => {
    const [student] = await queryRows<{ id: number; name: string; className: string }>(tx, sql`
      SELECT s.id, s.name, coalesce(c.name, '') AS "className" FROM students s LEFT JOIN classes c ON c.id = s.class_id
      WHERE s.id = ${form.studentId} AND ${manages(caller) ? sql`TRUE` : sql`s.id IN (${ownStudentIds(caller.auth)})`}`);
    if (!student) throw manages(caller) ? notFound() : forbidden();
    const [policy] = await queryRows<{ startDate: string; endDate: string; insured: boolean; current: boolean }>(tx, sql`
      SELECT p.start_date::text AS "startDate", p.end_date::text AS "endDate",
        EXISTS (SELECT 1 FROM insured_students i WHERE i.policy_id = p.id AND i.student_id = ${form.studentId}) AS insured,
        (p.start_date <= ${today()}::date AND p.end_date >= ${today()}::date) AS current
      FROM insurance_policies p WHERE p.id = ${form.policyId}`);
    if (!policy || !policy.insured) throw badRequest('insurance.notInsured', { name: student.name });
    if (!policy.current) throw conflict('insurance.policyNotCurrent');
    if (form.accidentDate > today()) throw badRequest('insurance.accidentInFuture');
    if (form.accidentDate < policy.startDate || form.accidentDate > policy.endDate) throw badRequest('insurance.accidentOutsidePolicy', { start: policy.startDate, end: policy.endDate });
    const attachments = await attachedFileGroups(tx, caller.auth, CLAIM_ATTACHMENTS, { files: form.files }, 'insurance.attachmentInvalid');
    const [created] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO insurance_claims (policy_id, student_id, accident_date, place, description, amount_claimed, attachments, filed_by_user_id)
      VALUES (${form.policyId}, ${form.studentId}, ${form.accidentDate}::date, ${form.place}, ${form.description}, ${form.amountClaimed},
        ${JSON.stringify(attachments)}::jsonb, ${caller.auth.userId})
      RETURNING id`);
    const id = created!.id;
    await recordEvent(tx, id, 'submitted', '', caller.auth.userId);
    const link = `${INSURANCE_URLS.page}?id=${id}`;
    await notifyUsers(tx, caller, familyOf(student.id), 'insurance.message.submitted', { student: student.name }, link);
    await notifyUsers(tx, caller, sql`${holdersOf(INSURANCE_PERMISSIONS.manage)} EXCEPT SELECT ${caller.auth.userId}`, 'insurance.message.new', { student: student.name, className: student.className }, link);
    return id;
  });
}

/** The office moves a claim along the contract's table; the family hears of each change. */
export async function claimAction(db: Db, caller: Caller, input: z.infer<typeof claimActionSchema>): Promise<void> {
  await db.transaction(async (tx) => {
    const [claim] = await queryRows<{ status: ClaimStatus; studentId: number; studentName: string; amountClaimed: number; accidentDate: string; filedBy: number | null }>(tx, sql`
      SELECT cl.status, cl.student_id AS "studentId", s.name AS "studentName", cl.amount_claimed::float8 AS "amountClaimed", cl.accident_date::text AS "accidentDate",
        cl.filed_by_user_id AS "filedBy"
      FROM insurance_claims cl JOIN students s ON s.id = cl.student_id WHERE cl.id = ${input.id} FOR UPDATE OF cl`);
    if (!claim) throw notFound();
    if (claim.filedBy === caller.auth.userId) throw forbidden('approval.self');
    const next = claimNext(claim.status, input.action);
    if (!next) {
      throw conflict('insurance.transition', {
        status: translate(caller.language, `insurance.status.${claim.status}`),
        action: translate(caller.language, `insurance.action.${input.action}`),
      });
    }
    let params: Record<string, string | number> = { student: claim.studentName, comment: input.comment };
    if (input.action === 'pay') {
      const paidDate = input.paidDate!;
      if (paidDate < claim.accidentDate || paidDate > today()) throw badRequest('insurance.paidBeforeAccident');
      if (input.paidAmount! > claim.amountClaimed) throw badRequest('insurance.paidOverClaimed', { amount: claim.amountClaimed.toFixed(2) });
      await tx.execute(sql`
        UPDATE insurance_claims SET status = ${next}, paid = TRUE, paid_amount = ${input.paidAmount!}, paid_date = ${paidDate}::date, updated_at = now() WHERE id = ${input.id}`);
      params = { ...params, amount: input.paidAmount!.toFixed(2), date: paidDate };
    } else if (input.action === 'receive') {
      await tx.execute(sql`UPDATE insurance_claims SET status = ${next}, materials_received = TRUE, updated_at = now() WHERE id = ${input.id}`);
    } else {
      await tx.execute(sql`UPDATE insurance_claims SET status = ${next}, reject_reason = ${input.comment}, updated_at = now() WHERE id = ${input.id}`);
    }
    await recordEvent(tx, input.id, next, input.comment, caller.auth.userId);
    const key = ({ received: 'insurance.message.received', paid: 'insurance.message.paid', rejected: 'insurance.message.rejected' } as const)[next as Exclude<ClaimStatus, 'submitted'>];
    await notifyUsers(tx, caller, familyOf(claim.studentId), key, params, `${INSURANCE_URLS.page}?id=${input.id}`);
  });
}

export const ACTION_DONE: Record<ClaimAction, MessageKey> = { receive: 'insurance.done.receive', pay: 'insurance.done.pay', reject: 'insurance.done.reject' };

/** Whether the caller may read this student's claims (the /bxlp/lpStu page): visible students only. */
export async function claimStudent(db: DbOrTx, caller: Caller, studentId: number): Promise<InsuranceStudentOption> {
  const [row] = await queryRows<InsuranceStudentOption>(db, sql`
    SELECT s.id, s.student_number AS "studentNumber", s.name, coalesce(c.name, '') AS "className" FROM students s LEFT JOIN classes c ON c.id = s.class_id
    WHERE s.id = ${studentId} AND ${manages(caller) ? visibleStudents(caller.auth, sql`s.id`) : sql`s.id IN (${ownStudentIds(caller.auth)})`}`);
  if (!row) throw notFound();
  return row;
}
