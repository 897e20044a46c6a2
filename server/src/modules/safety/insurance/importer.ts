import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { INSURED_IMPORT_COLUMNS, INSURED_IMPORT_MAX_ROWS, translate, type InsuredImportColumn, type InsuredImportError, type InsuredImportResult, type Language, type MessageKey } from '@campus/contract';
import { intArray, queryRows, textArray, type Db } from '../../../db/client.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';
import { cellText } from '../../records/staff/importer.ts';

/**
 * A policy's insured students from a workbook (/cbxq/index): columns found by their heading in either
 * language, every bad cell reported with its row and heading, and then nothing is insured. Students
 * already on the policy are left as they were and counted, as insured/add does.
 */

const HEADING_KEY = { studentNumber: 'insurance.col.studentNumber', name: 'insurance.col.name', className: 'insurance.col.class' } as const satisfies Record<InsuredImportColumn, MessageKey>;
/** Other headings read as a column: the claims export calls the name column "Student". */
const HEADING_ALIASES: Partial<Record<InsuredImportColumn, MessageKey[]>> = { name: ['insurance.col.student'] };

export const insuredHeading = (language: Language, column: InsuredImportColumn) => translate(language, HEADING_KEY[column]);

/** Names compared as people type them: case and inner spaces do not count ("Li  Ming" is "li ming", "张 三" is "张三"). */
const normal = (text: string) => text.replace(/\s+/g, '').toLowerCase();

export async function buildInsuredTemplate(language: Language): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(translate(language, 'insurance.templateName').replace(/[[\]:*?/\\]/g, ' ').slice(0, 31));
  sheet.columns = INSURED_IMPORT_COLUMNS.map((column) => ({ header: insuredHeading(language, column), key: column, width: column === 'name' ? 14 : 18 }));
  sheet.getRow(1).font = { bold: true };
  // A long student number typed as a number would be rounded or shown with an exponent by Excel.
  sheet.getColumn(1).numFmt = '@';
  sheet.addRow(language === 'en' ? ['2026010001', 'Zhang San', 'Class 1, Grade 7'] : ['2026010001', '张三', '初一(1)班']);
  sheet.getCell('A2').note = translate(language, 'insurance.templateExample');
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

interface SheetRow {
  row: number;
  cells: Record<InsuredImportColumn, string>;
}

/** The sheet's rows with text in them; a file that is not a workbook, has no known headings or no rows is refused whole. */
async function readSheet(content: Buffer): Promise<SheetRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw badRequest('insurance.importFile');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest('insurance.importEmpty');
  const positions = new Map<InsuredImportColumn, number>();
  sheet.getRow(1).eachCell((cell, index) => {
    const text = normal(cellText(cell));
    if (!text) return;
    const column = INSURED_IMPORT_COLUMNS.find((c) =>
      [HEADING_KEY[c], ...(HEADING_ALIASES[c] ?? [])].some((key) => (['zh', 'en'] as const).some((language) => normal(translate(language, key)) === text)),
    );
    if (column && !positions.has(column)) positions.set(column, index);
  });
  if (!positions.has('studentNumber') || !positions.has('name')) {
    // A sheet with nothing under its first row is empty rather than wrongly headed.
    if (sheet.actualRowCount === 0) throw badRequest('insurance.importEmpty');
    throw badRequest('insurance.importHeader');
  }
  const rows: SheetRow[] = [];
  sheet.eachRow((excelRow, row) => {
    if (row === 1) return;
    const cells = Object.fromEntries(INSURED_IMPORT_COLUMNS.map((column) => [column, positions.has(column) ? cellText(excelRow.getCell(positions.get(column)!)).trim() : ''])) as Record<InsuredImportColumn, string>;
    if (Object.values(cells).some((value) => value !== '')) rows.push({ row, cells });
  });
  if (rows.length === 0) throw badRequest('insurance.importEmpty');
  if (rows.length > INSURED_IMPORT_MAX_ROWS) throw badRequest('insurance.importTooMany', { max: INSURED_IMPORT_MAX_ROWS });
  return rows;
}

interface Found {
  id: number;
  studentNumber: string;
  name: string;
  atSchool: boolean;
  className: string;
  shortName: string;
  code: string;
}

/**
 * Checks every row and, if all are good, insures the students in one transaction under the locked
 * policy. A 404 for a policy that does not exist, whatever the file; the rules are insured/add's
 * (the policy exists; a student once per policy), with the rows naming students at school.
 */
export async function importInsured(db: Db, policyId: number, content: Buffer, language: Language): Promise<InsuredImportResult> {
  const [policy] = await queryRows<{ id: number }>(db, sql`SELECT id FROM insurance_policies WHERE id = ${policyId}`);
  if (!policy) throw notFound();
  const rows = await readSheet(content);
  return db.transaction(async (tx) => {
    const [locked] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM insurance_policies WHERE id = ${policyId} FOR UPDATE`);
    if (!locked) throw notFound();
    const errors: InsuredImportError[] = [];
    const bad = (row: number, column: InsuredImportColumn, key: MessageKey, params?: Record<string, string | number>) =>
      errors.push({ row, column: insuredHeading(language, column), message: translate(language, key, params) });

    const firstRowOf = new Map<string, number>();
    const listed: SheetRow[] = [];
    for (const entry of rows) {
      const { row, cells } = entry;
      if (!cells.studentNumber) bad(row, 'studentNumber', 'insurance.importNumberRequired');
      if (!cells.name) bad(row, 'name', 'insurance.importNameRequired');
      if (!cells.studentNumber) continue;
      const key = cells.studentNumber.toLowerCase();
      const first = firstRowOf.get(key);
      if (first !== undefined) bad(row, 'studentNumber', 'insurance.importDuplicate', { number: cells.studentNumber, row: first });
      else {
        firstRowOf.set(key, row);
        listed.push(entry);
      }
    }

    const numbers = listed.map((entry) => entry.cells.studentNumber.toLowerCase());
    const found = numbers.length
      ? await queryRows<Found>(tx, sql`
          SELECT s.id, s.student_number AS "studentNumber", s.name, s.in_school_status = '1' AS "atSchool",
            coalesce(c.name, '') AS "className", coalesce(c.short_name, '') AS "shortName", coalesce(c.code, '') AS code
          FROM students s LEFT JOIN classes c ON c.id = s.class_id
          WHERE lower(s.student_number) = ANY(${textArray(numbers)})`)
      : [];
    const byNumber = new Map(found.map((student) => [student.studentNumber.toLowerCase(), student]));
    const ids: number[] = [];
    for (const { row, cells } of listed) {
      const student = byNumber.get(cells.studentNumber.toLowerCase());
      if (!student) {
        bad(row, 'studentNumber', 'insurance.importUnknown', { number: cells.studentNumber });
        continue;
      }
      let good = true;
      if (!student.atSchool) {
        bad(row, 'studentNumber', 'insurance.importNotAtSchool', { name: student.name, number: student.studentNumber });
        good = false;
      }
      if (cells.name && normal(cells.name) !== normal(student.name)) {
        bad(row, 'name', 'insurance.importNameMismatch', { number: student.studentNumber, name: student.name, given: cells.name });
        good = false;
      }
      if (cells.className && ![student.className, student.shortName, student.code].some((known) => known !== '' && normal(known) === normal(cells.className))) {
        bad(row, 'className', 'insurance.importClassMismatch', { name: student.name, className: student.className || '-', given: cells.className });
        good = false;
      }
      if (good && cells.name) ids.push(student.id);
    }
    if (errors.length) {
      const order = (column: string) => INSURED_IMPORT_COLUMNS.findIndex((c) => insuredHeading(language, c) === column);
      errors.sort((a, b) => a.row - b.row || order(a.column) - order(b.column));
      return { imported: 0, skipped: 0, errors };
    }
    const added = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO insured_students (policy_id, student_id) SELECT ${policyId}, x.id FROM unnest(${intArray(ids)}) AS x(id)
      ON CONFLICT DO NOTHING RETURNING id`);
    return { imported: added.length, skipped: ids.length - added.length, errors: [] };
  });
}
