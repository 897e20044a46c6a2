import ExcelJS from 'exceljs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  STAFF_IMPORT_COLUMNS,
  STAFF_IMPORT_MAX_ROWS,
  messages,
  staffFields,
  translate,
  type Language,
  type StaffFields,
  type StaffImportColumn,
  type StaffImportError,
} from '@campus/contract';
import type { Config } from '../../../config.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { dictionaryItems, orgUnits, staff, users } from '../../../db/schema/index.ts';
import { badRequest, conflict } from '../../../platform/errors.ts';
import { UNIT_KINDS } from './queries.ts';
import { initialHash, insertStaff, staffRoleId } from './service.ts';

/** The header of an import column in a language (the template's and the error report's). */
export const columnHeader = (language: Language, column: StaffImportColumn | 'headTeacherOf') => translate(language, `staff.col.${column}`);

/** Builds the import template: the header row in the caller's language, then a sheet of accepted names. */
export async function buildTemplate(db: DbOrTx, language: Language): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(translate(language, 'staff.templateName').slice(0, 31));
  sheet.columns = STAFF_IMPORT_COLUMNS.map((column) => ({ header: columnHeader(language, column), key: column, width: column === 'idNumber' || column === 'address' ? 22 : 16 }));
  sheet.getRow(1).font = { bold: true };
  // Numbers such as ID numbers and phones must stay text (Excel would round an 18-digit number).
  for (const column of ['staffNumber', 'idNumber', 'phone', 'postalCode', 'birthDate', 'workStartDate', 'arrivalDate'] as const) {
    sheet.getColumn(STAFF_IMPORT_COLUMNS.indexOf(column) + 1).numFmt = '@';
  }
  const names = workbook.addWorksheet(language === 'en' ? 'Accepted values' : '可选值');
  const lookups = await loadLookups(db);
  const lists: [StaffImportColumn, string[]][] = [
    ['gender', language === 'en' ? ['Male', 'Female'] : ['男', '女']],
    ['campus', lookups.units.filter((u) => u.kind === 'campus').map((u) => (language === 'en' && u.nameEn) || u.name)],
    ['workingDept', lookups.units.filter((u) => (UNIT_KINDS.department as readonly string[]).includes(u.kind)).map((u) => (language === 'en' && u.nameEn) || u.name)],
    ['researchGroup', lookups.units.filter((u) => u.kind === 'researchGroup').map((u) => (language === 'en' && u.nameEn) || u.name)],
    ['staffType', lookups.dictionary.filter((d) => d.tableName === 'STD_STAFF_TYPE').map((d) => (language === 'en' && d.nameEn) || d.name)],
    ['education', lookups.dictionary.filter((d) => d.tableName === 'STD_EDUCATION').map((d) => (language === 'en' && d.nameEn) || d.name)],
  ];
  names.columns = lists.map(([column]) => ({ header: columnHeader(language, column), width: 22 }));
  names.getRow(1).font = { bold: true };
  const longest = Math.max(...lists.map(([, values]) => values.length));
  for (let i = 0; i < longest; i++) names.addRow(lists.map(([, values]) => values[i] ?? ''));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

interface Lookups {
  units: { id: number; name: string; nameEn: string | null; kind: string }[];
  dictionary: { tableName: string; code: string; name: string; nameEn: string | null }[];
}

async function loadLookups(db: DbOrTx): Promise<Lookups> {
  const units = await db.select({ id: orgUnits.id, name: orgUnits.name, nameEn: orgUnits.nameEn, kind: orgUnits.kind }).from(orgUnits).where(eq(orgUnits.enabled, true));
  const dictionary = await db
    .select({ tableName: dictionaryItems.tableName, code: dictionaryItems.code, name: dictionaryItems.name, nameEn: dictionaryItems.nameEn })
    .from(dictionaryItems)
    .where(and(inArray(dictionaryItems.tableName, ['STD_STAFF_TYPE', 'STD_EDUCATION', 'STD_GENDER']), eq(dictionaryItems.enabled, true)));
  return { units, dictionary };
}

/** The text of a cell as the user typed it: dates as YYYY-MM-DD, numbers without exponent, rich text joined. */
export function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(Math.round(value)).toString() : String(value);
  if (typeof value === 'string' || typeof value === 'boolean') return String(value).trim();
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('').trim();
    if ('text' in value) return String(value.text).trim();
    if ('result' in value) return value.result === undefined || value.result === null ? '' : String(value.result instanceof Date ? value.result.toISOString().slice(0, 10) : value.result).trim();
  }
  return String(cell.text ?? '').trim();
}

const matches = (text: string, ...names: (string | null)[]) => names.some((name) => name !== null && name.trim().toLowerCase() === text.toLowerCase());

/**
 * Reads and checks every row of an import workbook with the same schema as the form. Returns the rows
 * ready to insert, or every bad cell (row number as Excel shows it, the column's header in the caller's
 * language, the reason). Unknown names and employee numbers already used (in the file or in the
 * database) are bad cells too.
 */
export async function checkImport(db: DbOrTx, content: Buffer, language: Language): Promise<{ rows: StaffFields[]; errors: StaffImportError[] }> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw badRequest('staff.importUnreadable');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest('staff.importEmpty');
  const header = sheet.getRow(1);
  STAFF_IMPORT_COLUMNS.forEach((column, index) => {
    const text = cellText(header.getCell(index + 1));
    if (!matches(text, messages.zh[`staff.col.${column}`], messages.en[`staff.col.${column}`])) throw badRequest('staff.importBadHeader');
  });

  const lookups = await loadLookups(db);
  const unit = (text: string, kinds: readonly string[]) => lookups.units.find((u) => kinds.includes(u.kind) && matches(text, u.name, u.nameEn))?.id;
  const code = (table: string, text: string) => lookups.dictionary.find((d) => d.tableName === table && (d.code === text || matches(text, d.name, d.nameEn)))?.code;

  const errors: StaffImportError[] = [];
  const rows: StaffFields[] = [];
  const firstRowOf = new Map<string, number>();
  const numbers: { number: string; row: number }[] = [];
  let dataRows = 0;
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const cells = Object.fromEntries(STAFF_IMPORT_COLUMNS.map((column, index) => [column, cellText(row.getCell(index + 1))])) as Record<StaffImportColumn, string>;
    if (Object.values(cells).every((value) => value === '')) continue;
    dataRows++;
    if (dataRows > STAFF_IMPORT_MAX_ROWS) throw badRequest('staff.importTooManyRows', { max: STAFF_IMPORT_MAX_ROWS });
    const bad = (column: StaffImportColumn, key: string, params?: Record<string, string | number>) =>
      errors.push({ row: r, column: columnHeader(language, column), message: translate(language, key, params) });

    const lookup = (column: StaffImportColumn, found: number | string | undefined): number | string | undefined => {
      if (cells[column] === '') return undefined;
      if (found === undefined) bad(column, 'staff.importUnknown', { name: cells[column] });
      return found;
    };
    const genderCode = cells.gender === '' ? '' : code('STD_GENDER', cells.gender) ?? (matches(cells.gender, 'M') ? '1' : matches(cells.gender, 'F') ? '2' : cells.gender);
    const candidate = {
      staffNumber: cells.staffNumber,
      name: cells.name,
      gender: genderCode,
      birthDate: cells.birthDate,
      idNumber: cells.idNumber,
      phone: cells.phone,
      email: cells.email,
      postalCode: cells.postalCode,
      address: cells.address,
      campusId: lookup('campus', unit(cells.campus, UNIT_KINDS.campus)),
      establishmentDeptId: lookup('establishmentDept', unit(cells.establishmentDept, UNIT_KINDS.department)),
      workingDeptId: lookup('workingDept', unit(cells.workingDept, UNIT_KINDS.department)),
      researchGroupId: lookup('researchGroup', unit(cells.researchGroup, UNIT_KINDS.researchGroup)),
      staffType: lookup('staffType', code('STD_STAFF_TYPE', cells.staffType)) ?? '',
      title: cells.title,
      education: lookup('education', code('STD_EDUCATION', cells.education)) ?? '',
      workStartDate: cells.workStartDate,
      arrivalDate: cells.arrivalDate,
    };
    const parsed = staffFields.safeParse(candidate);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        const column = (STAFF_IMPORT_COLUMNS as readonly string[]).includes(field) ? (field as StaffImportColumn) : 'staffNumber';
        bad(column, issue.message);
      }
    } else {
      rows.push(parsed.data);
    }
    if (cells.staffNumber) {
      const key = cells.staffNumber.toLowerCase();
      const first = firstRowOf.get(key);
      if (first !== undefined) bad('staffNumber', 'staff.importDuplicate', { number: cells.staffNumber, other: first });
      else {
        firstRowOf.set(key, r);
        numbers.push({ number: cells.staffNumber, row: r });
      }
    }
  }
  if (dataRows === 0) throw badRequest('staff.importEmpty');

  // Numbers already used by a staff record or a login account.
  if (numbers.length) {
    const lowered = numbers.map((n) => n.number.toLowerCase());
    const takenStaff = await db.select({ number: sql<string>`lower(${staff.staffNumber})` }).from(staff).where(inArray(sql`lower(${staff.staffNumber})`, lowered));
    const takenAccounts = await db.select({ account: sql<string>`lower(${users.account})` }).from(users).where(inArray(sql`lower(${users.account})`, lowered));
    for (const { number, row } of numbers) {
      const key = number.toLowerCase();
      if (takenStaff.some((t) => t.number === key)) errors.push({ row, column: columnHeader(language, 'staffNumber'), message: translate(language, 'staff.numberTaken') });
      else if (takenAccounts.some((t) => t.account === key)) errors.push({ row, column: columnHeader(language, 'staffNumber'), message: translate(language, 'staff.accountTaken', { account: number }) });
    }
  }
  errors.sort((a, b) => a.row - b.row || STAFF_IMPORT_COLUMNS.findIndex((c) => columnHeader(language, c) === a.column) - STAFF_IMPORT_COLUMNS.findIndex((c) => columnHeader(language, c) === b.column));
  return { rows, errors };
}

/** Hashes in small parallel batches: argon2 runs on libuv's pool (4 threads by default). */
async function hashAll(config: Config, rows: StaffFields[]): Promise<string[]> {
  const hashes: string[] = [];
  for (let i = 0; i < rows.length; i += 4) hashes.push(...(await Promise.all(rows.slice(i, i + 4).map((row) => initialHash(config, row)))));
  return hashes;
}

/** Writes checked rows, all or nothing: a number taken meanwhile refuses the whole import. */
export async function importStaff(db: Db, config: Config, rows: StaffFields[]): Promise<number> {
  const hashes = await hashAll(config, rows);
  return db.transaction(async (tx) => {
    const roleId = await staffRoleId(tx);
    const lowered = rows.map((row) => row.staffNumber.toLowerCase());
    const [taken] = await tx.select({ id: users.id }).from(users).where(inArray(sql`lower(${users.account})`, lowered)).limit(1);
    if (taken) throw conflict('staff.numberTaken');
    for (let i = 0; i < rows.length; i++) await insertStaff(tx, rows[i]!, hashes[i]!, roleId);
    return rows.length;
  });
}
