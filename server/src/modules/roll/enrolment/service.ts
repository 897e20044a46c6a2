import ExcelJS from 'exceljs';
import { sql, type SQL } from 'drizzle-orm';
import {
  ENROLMENT_IMPORT_COLUMNS,
  ENROLMENT_IMPORT_MAX_ROWS,
  NOT_ON_REGISTER_CODE,
  enrolmentCreateSchema,
  translate,
  type EnrolmentCreate,
  type EnrolmentImportColumn,
  type EnrolmentImportError,
  type EnrolmentImportResult,
  type EnrolmentRow,
  type EnrolmentStatus,
  type EnrolmentUpdate,
  type Language,
  type PagedResult,
} from '@campus/contract';
import type { Config } from '../../../config.ts';
import { intArray, queryRows, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import { enrolmentCandidates } from '../../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';
import { aliased, keywordColumns, matchKeyword } from '../../../platform/keyword.ts';
import { pageOfList } from '../../../platform/listPage.ts';
import { formatLocalTime } from '../../../platform/schoolClock.ts';
import { createStudentWithin, lockStudentNumbers } from '../../system/students/service.ts';

const statusOf = sql`CASE WHEN e.student_id IS NOT NULL THEN 'enrolled' WHEN e.class_id IS NOT NULL THEN 'placed' ELSE 'registered' END`;

const rowColumns = (language: Language) => sql`
  e.id, e.name, e.gender, coalesce(to_char(e.birth_date, 'YYYY-MM-DD'), '') AS "birthDate", coalesce(e.id_number, '') AS "idNumber",
  e.grade_id AS "gradeId", ${language === 'en' ? sql`coalesce(g.name_en, g.name)` : sql`g.name`} AS "gradeName", e.entry_year AS "entryYear",
  e.on_register AS "onRegister", e.studying, e.guardian_name AS "guardianName", e.guardian_phone AS "guardianPhone",
  e.previous_school AS "previousSchool", e.note, e.class_id AS "classId", coalesce(c.name, '') AS "className", ${statusOf} AS status,
  coalesce(s.student_number, '') AS "studentNumber", coalesce(pu.account, '') AS "parentAccount", e.created_at AS "createdAt"`;
const rowTables = sql`
  enrolment_candidates e JOIN grades g ON g.id = e.grade_id LEFT JOIN classes c ON c.id = e.class_id
  LEFT JOIN students s ON s.id = e.student_id
  LEFT JOIN LATERAL (SELECT u.account FROM guardians gd JOIN users u ON u.id = gd.parent_user_id WHERE gd.student_id = s.id ORDER BY u.id LIMIT 1) pu ON TRUE`;

/** The registration list's keyword: the name, the resident ID or the guardian's phone. */
const ENROLMENT_KEYWORD = keywordColumns(enrolmentCandidates.name, enrolmentCandidates.nameInitials, enrolmentCandidates.idNumber, enrolmentCandidates.guardianPhone);

type RawRow = Omit<EnrolmentRow, 'createdAt'> & { createdAt: Date };
const toRow = (row: RawRow): EnrolmentRow => ({ ...row, createdAt: formatLocalTime(new Date(row.createdAt)) });

export async function pageEnrolment(
  db: DbOrTx,
  language: Language,
  filter: { keyword?: string; gradeId?: number; status?: EnrolmentStatus; entryYear?: number },
  page: { offset: number; limit: number },
): Promise<PagedResult<EnrolmentRow>> {
  const conditions: SQL[] = [sql`TRUE`];
  const keyword = matchKeyword(filter.keyword, ENROLMENT_KEYWORD, aliased('e'));
  if (keyword) conditions.push(keyword);
  if (filter.gradeId !== undefined) conditions.push(sql`e.grade_id = ${filter.gradeId}`);
  if (filter.entryYear !== undefined) conditions.push(sql`e.entry_year = ${filter.entryYear}`);
  if (filter.status) conditions.push(sql`${statusOf} = ${filter.status}`);
  const found = await pageOfList<RawRow>(
    db,
    filter.keyword,
    {
      matching: sql`SELECT e.id, e.created_at FROM enrolment_candidates e WHERE ${sql.join(conditions, sql` AND `)}`,
      order: { orderBy: sql`m.created_at DESC, m.id DESC` },
      details: { columns: rowColumns(language), joins: sql`JOIN (${rowTables}) ON e.id = chosen.id` },
    },
    page,
  );
  return { ...found, rows: found.rows.map(toRow) };
}

export async function getEnrolment(db: DbOrTx, language: Language, id: number): Promise<EnrolmentRow> {
  const [row] = await queryRows<RawRow>(db, sql`SELECT ${rowColumns(language)} FROM ${rowTables} WHERE e.id = ${id}`);
  if (!row) throw notFound();
  return toRow(row);
}

async function requireGrade(tx: Tx, gradeId: number): Promise<void> {
  const [grade] = await queryRows(tx, sql`SELECT 1 FROM grades WHERE id = ${gradeId}`);
  if (!grade) throw badRequest('enrolment.gradeNotFound');
}

async function idNumberTaken(tx: Tx, idNumber: string, exceptId: number | null): Promise<boolean> {
  if (!idNumber) return false;
  const [taken] = await queryRows(tx, sql`
    SELECT 1 FROM enrolment_candidates WHERE id_number = ${idNumber} ${exceptId ? sql`AND id <> ${exceptId}` : sql``}
    UNION ALL SELECT 1 FROM staff WHERE upper(id_number) = ${idNumber} LIMIT 1`);
  return Boolean(taken);
}

const values = (input: EnrolmentCreate) => sql`
  ${input.name}, ${input.gender}, ${input.birthDate || null}::date, ${input.idNumber || null}, ${input.gradeId}, ${input.entryYear},
  ${input.onRegister}, ${input.studying}, ${input.guardianName}, ${input.guardianPhone}, ${input.previousSchool}, ${input.note}`;

export async function createEnrolment(db: Db, userId: number, input: EnrolmentCreate): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    await requireGrade(tx, input.gradeId);
    if (await idNumberTaken(tx, input.idNumber, null)) throw conflict('enrolment.idNumberTaken');
    const [row] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO enrolment_candidates (name, gender, birth_date, id_number, grade_id, entry_year, on_register, studying, guardian_name, guardian_phone, previous_school, note, created_by_user_id)
      VALUES (${values(input)}, ${userId}) RETURNING id`);
    return { id: row!.id };
  });
}

/** Locks registrations and refuses any already enrolled (they are students now: 学生管理 changes them). */
async function lockOpen(tx: Tx, ids: readonly number[]): Promise<{ id: number; name: string; gradeId: number; classId: number | null }[]> {
  const rows = await queryRows<{ id: number; name: string; gradeId: number; classId: number | null; studentId: number | null }>(tx, sql`
    SELECT id, name, grade_id AS "gradeId", class_id AS "classId", student_id AS "studentId" FROM enrolment_candidates
    WHERE id IN (SELECT unnest(${intArray(ids)})) ORDER BY id FOR UPDATE`);
  if (rows.length !== new Set(ids).size) throw notFound();
  const enrolled = rows.find((row) => row.studentId !== null);
  if (enrolled) throw conflict('enrolment.alreadyEnrolled', { name: enrolled.name });
  return rows;
}

export async function updateEnrolment(db: Db, input: EnrolmentUpdate): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await lockOpen(tx, [input.id]);
    await requireGrade(tx, input.gradeId);
    if (await idNumberTaken(tx, input.idNumber, input.id)) throw conflict('enrolment.idNumberTaken');
    // A new grade takes the registration out of its class (which belongs to the old grade).
    const keepClass = current!.gradeId === input.gradeId;
    await tx.execute(sql`
      UPDATE enrolment_candidates SET (name, gender, birth_date, id_number, grade_id, entry_year, on_register, studying, guardian_name, guardian_phone, previous_school, note)
        = (${values(input)}) ${keepClass ? sql`` : sql`, class_id = NULL`}
      WHERE id = ${input.id}`);
  });
}

export async function deleteEnrolment(db: Db, ids: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    await lockOpen(tx, ids);
    await tx.execute(sql`DELETE FROM enrolment_candidates WHERE id IN (SELECT unnest(${intArray(ids)}))`);
    return new Set(ids).size;
  });
}

/**
 * Places registrations in a class of their grade. The class's room counts its students and the
 * registrations already placed in it and not yet enrolled ('Class size is full or over').
 */
export async function placeEnrolment(db: Db, ids: number[], classId: number): Promise<{ count: number; className: string }> {
  return db.transaction(async (tx) => {
    const [target] = await queryRows<{ name: string; gradeId: number; capacity: number }>(tx, sql`
      SELECT name, grade_id AS "gradeId", capacity FROM classes WHERE id = ${classId} FOR UPDATE`);
    if (!target) throw notFound();
    const rows = await lockOpen(tx, ids);
    const wrong = rows.find((row) => row.gradeId !== target.gradeId);
    if (wrong) throw conflict('enrolment.wrongGrade', { name: wrong.name });
    const [taken] = await queryRows<{ n: number }>(tx, sql`
      SELECT (SELECT count(*) FROM students WHERE class_id = ${classId})
        + (SELECT count(*) FROM enrolment_candidates WHERE class_id = ${classId} AND student_id IS NULL AND NOT (id IN (SELECT unnest(${intArray(ids)})))) AS n`);
    const room = target.capacity - Number(taken?.n ?? 0);
    if (rows.length > room) throw conflict('enrolment.classFull', { className: target.name, room: Math.max(0, room) });
    await tx.execute(sql`UPDATE enrolment_candidates SET class_id = ${classId} WHERE id IN (SELECT unnest(${intArray(ids)}))`);
    return { count: rows.length, className: target.name };
  });
}

/**
 * Enrols placed registrations: each becomes a student of its class with a student and a parent account,
 * by the student rules of 学生管理, all in one transaction (one refusal enrols nobody).
 */
export async function enrolCandidates(db: Db, config: Config, ids: number[]): Promise<{ count: number }> {
  return db.transaction(async (tx) => {
    await lockStudentNumbers(tx);
    const rows = await lockOpen(tx, ids);
    const unplaced = rows.find((row) => row.classId === null);
    if (unplaced) throw conflict('enrolment.notPlaced', { name: unplaced.name });
    const candidates = await queryRows<{
      id: number;
      name: string;
      gender: '1' | '2';
      birthDate: string | null;
      classId: number;
      entryYear: number;
      onRegister: boolean;
      studying: boolean;
      guardianName: string;
    }>(tx, sql`
      SELECT id, name, gender, to_char(birth_date, 'YYYY-MM-DD') AS "birthDate", class_id AS "classId", entry_year AS "entryYear",
        on_register AS "onRegister", studying, guardian_name AS "guardianName"
      FROM enrolment_candidates WHERE id IN (SELECT unnest(${intArray(ids)})) ORDER BY class_id, id`);
    for (const candidate of candidates) {
      const created = await createStudentWithin(tx, config, {
        name: candidate.name,
        gender: candidate.gender,
        birthDate: candidate.birthDate ?? '',
        classId: candidate.classId,
        entryYear: candidate.entryYear,
        inSchoolStatus: candidate.studying ? '1' : '2',
        enrolmentStatus: candidate.onRegister ? '1' : NOT_ON_REGISTER_CODE,
        parentAccount: '',
        parentName: candidate.guardianName,
      });
      await tx.execute(sql`UPDATE enrolment_candidates SET student_id = ${created.id} WHERE id = ${candidate.id}`);
    }
    return { count: candidates.length };
  });
}

// ---- Excel: the template and the import ----

const header = (language: Language, column: EnrolmentImportColumn) => translate(language, `enrolment.col.${column}`);

export async function buildEnrolmentTemplate(db: DbOrTx, language: Language): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(translate(language, 'enrolment.templateName').slice(0, 31));
  sheet.columns = ENROLMENT_IMPORT_COLUMNS.map((column) => ({ header: header(language, column), key: column, width: column === 'idNumber' || column === 'previousSchool' ? 22 : 14 }));
  sheet.getRow(1).font = { bold: true };
  // ID numbers and phones stay text (Excel would round an 18-digit number).
  for (const column of ['idNumber', 'guardianPhone', 'birthDate'] as const) sheet.getColumn(ENROLMENT_IMPORT_COLUMNS.indexOf(column) + 1).numFmt = '@';
  const grades = await queryRows<{ name: string }>(db, sql`SELECT ${language === 'en' ? sql`coalesce(name_en, name)` : sql`name`} AS name FROM grades ORDER BY sort`);
  const yes = translate(language, 'enrolment.yes');
  const no = translate(language, 'enrolment.no');
  sheet.addRow([language === 'en' ? 'Li Ming' : '李明', language === 'en' ? 'Male' : '男', '2019-09-01', '', grades[0]?.name ?? '', new Date().getFullYear(), yes, yes, language === 'en' ? 'Li Hua' : '李华', '13800138000', '', '']);
  const names = workbook.addWorksheet(language === 'en' ? 'Accepted values' : '可选值');
  names.columns = [
    { header: header(language, 'gender'), width: 12 },
    { header: header(language, 'grade'), width: 16 },
    { header: header(language, 'onRegister'), width: 14 },
  ];
  names.getRow(1).font = { bold: true };
  const genders = language === 'en' ? ['Male', 'Female'] : ['男', '女'];
  for (let i = 0; i < Math.max(grades.length, 2); i++) names.addRow([genders[i] ?? '', grades[i]?.name ?? '', [yes, no][i] ?? '']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A cell as text: dates as YYYY-MM-DD, numbers without exponent, rich text joined. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    return '';
  }
  return String(value).trim();
}

/**
 * Imports a sheet of registrations: every row is checked (with its row number and column in the error
 * list); a single bad row imports nothing. Columns are found by their header in either language.
 */
export async function importEnrolment(db: Db, userId: number, language: Language, file: Buffer): Promise<EnrolmentImportResult> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw badRequest('enrolment.importFile');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest('enrolment.importEmpty');
  const positions = new Map<EnrolmentImportColumn, number>();
  sheet.getRow(1).eachCell((cell, index) => {
    const text = cellText(cell.value);
    const column = ENROLMENT_IMPORT_COLUMNS.find((c) => header('zh', c) === text || header('en', c) === text);
    if (column) positions.set(column, index);
  });
  const dataRows: { number: number; cells: Record<EnrolmentImportColumn, string> }[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const cells = Object.fromEntries(ENROLMENT_IMPORT_COLUMNS.map((column) => [column, positions.has(column) ? cellText(row.getCell(positions.get(column)!).value) : ''])) as Record<EnrolmentImportColumn, string>;
    if (Object.values(cells).some((value) => value !== '')) dataRows.push({ number, cells });
  });
  if (dataRows.length === 0) throw badRequest('enrolment.importEmpty');
  if (dataRows.length > ENROLMENT_IMPORT_MAX_ROWS) throw badRequest('enrolment.importTooMany', { max: ENROLMENT_IMPORT_MAX_ROWS });

  const grades = await queryRows<{ id: number; name: string; nameEn: string | null }>(db, sql`SELECT id, name, name_en AS "nameEn" FROM grades`);
  const gradeByName = new Map<string, number>();
  for (const grade of grades) {
    gradeByName.set(grade.name, grade.id);
    if (grade.nameEn) gradeByName.set(grade.nameEn.toLowerCase(), grade.id);
  }
  const yesNo = (text: string): boolean | null => {
    const value = text.trim().toLowerCase();
    if (['是', 'yes', 'y', 'true', '1'].includes(value)) return true;
    if (['否', 'no', 'n', 'false', '0'].includes(value)) return false;
    return null;
  };
  const genderOf = (text: string) => ({ 男: '1', 女: '2', male: '1', female: '2', m: '1', f: '2', '1': '1', '2': '2' })[text.trim().toLowerCase()] ?? text;

  const errors: EnrolmentImportError[] = [];
  const accepted: EnrolmentCreate[] = [];
  const seenIds = new Map<string, number>();
  const fieldColumn: Partial<Record<string, EnrolmentImportColumn>> = { gradeId: 'grade' };
  for (const { number, cells } of dataRows) {
    const problems: { column: EnrolmentImportColumn; message: string }[] = [];
    const onRegister = yesNo(cells.onRegister);
    const studying = yesNo(cells.studying);
    if (onRegister === null) problems.push({ column: 'onRegister', message: translate(language, 'enrolment.yesNo') });
    if (studying === null) problems.push({ column: 'studying', message: translate(language, 'enrolment.yesNo') });
    const gradeId = gradeByName.get(cells.grade) ?? gradeByName.get(cells.grade.toLowerCase());
    if (!gradeId) problems.push({ column: 'grade', message: translate(language, 'enrolment.gradeNotFound') });
    const parsed = enrolmentCreateSchema.safeParse({
      name: cells.name,
      gender: genderOf(cells.gender),
      birthDate: cells.birthDate,
      idNumber: cells.idNumber,
      gradeId: gradeId ?? 1,
      entryYear: cells.entryYear,
      onRegister: onRegister ?? false,
      studying: studying ?? false,
      guardianName: cells.guardianName,
      guardianPhone: cells.guardianPhone,
      previousSchool: cells.previousSchool,
      note: cells.note,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        const mapped = fieldColumn[field] ?? field;
        const column = (ENROLMENT_IMPORT_COLUMNS as readonly string[]).includes(mapped) ? (mapped as EnrolmentImportColumn) : 'name';
        problems.push({ column, message: translate(language, issue.message) });
      }
    } else if (parsed.data.idNumber) {
      const earlier = seenIds.get(parsed.data.idNumber);
      if (earlier) problems.push({ column: 'idNumber', message: translate(language, 'enrolment.importDuplicate', { row: earlier }) });
      else seenIds.set(parsed.data.idNumber, number);
    }
    for (const problem of problems) errors.push({ row: number, column: header(language, problem.column), message: problem.message });
    if (problems.length === 0 && parsed.success) accepted.push(parsed.data);
  }
  if (errors.length) return { imported: 0, errors };

  return db.transaction(async (tx) => {
    const ids = [...seenIds.keys()];
    if (ids.length) {
      const taken = await queryRows<{ idNumber: string }>(tx, sql`
        SELECT id_number AS "idNumber" FROM enrolment_candidates WHERE id_number IN (SELECT unnest(${sql.param(ids)}::text[]))`);
      if (taken.length) {
        return {
          imported: 0,
          errors: taken.map((t) => ({ row: seenIds.get(t.idNumber)!, column: header(language, 'idNumber'), message: translate(language, 'enrolment.idNumberTaken') })).sort((a, b) => a.row - b.row),
        };
      }
    }
    // A few hundred rows per statement keeps each well under the parameter limit.
    for (let i = 0; i < accepted.length; i += 200) {
      const chunk = accepted.slice(i, i + 200);
      await tx.execute(sql`
        INSERT INTO enrolment_candidates (name, gender, birth_date, id_number, grade_id, entry_year, on_register, studying, guardian_name, guardian_phone, previous_school, note, created_by_user_id)
        VALUES ${sql.join(chunk.map((input) => sql`(${values(input)}, ${userId})`), sql`, `)}`);
    }
    return { imported: accepted.length, errors: [] };
  });
}
