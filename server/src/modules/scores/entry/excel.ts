import ExcelJS from 'exceljs';
import { hasAtMostTwoDecimals, translate, type Language, type ScoreCell, type ScoreMark, type ScoreSheet, type ScoreSheetCell } from '@campus/contract';
import { badRequest } from '../../../platform/errors.ts';
import { cellText } from '../../records/staff/importer.ts';

/**
 * A class's score sheet as a workbook and back: student number, name, then a column per subject, or per part
 * of a subject made of parts. Absent and exempt are written as words; both languages' words are read.
 */

interface Column {
  header: string;
  courseId: number;
  /** The part's id, for a subject made of parts. */
  itemId?: number;
  max: number;
}

function columnsOf(sheet: ScoreSheet): Column[] {
  return sheet.subjects.flatMap((subject) =>
    subject.items.length
      ? subject.items.map((item) => ({ header: `${subject.courseName}-${item.name}`, courseId: subject.courseId, itemId: item.id, max: item.maxScore }))
      : [{ header: subject.courseName, courseId: subject.courseId, max: subject.fullMark }],
  );
}

const markWord = (language: Language, mark: ScoreMark) => translate(language, mark === 'absent' ? 'scoreEntry.absent' : 'scoreEntry.exempt');

function markOf(text: string): ScoreMark | null {
  const value = text.trim().toLowerCase();
  if ([translate('zh', 'scoreEntry.absent'), translate('en', 'scoreEntry.absent').toLowerCase()].includes(value)) return 'absent';
  if ([translate('zh', 'scoreEntry.exempt'), translate('en', 'scoreEntry.exempt').toLowerCase()].includes(value)) return 'exempt';
  return null;
}

function cellValue(language: Language, cell: ScoreSheetCell | undefined, column: Column): string | number | null {
  if (!cell) return null;
  if (cell.mark) return markWord(language, cell.mark);
  if (column.itemId !== undefined) return cell.parts?.[String(column.itemId)] ?? null;
  return cell.score;
}

export async function buildScoreWorkbook(sheet: ScoreSheet, language: Language): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet(sheet.className.slice(0, 31) || 'Scores');
  const columns = columnsOf(sheet);
  ws.columns = [
    { header: translate(language, 'scoreEntry.col.studentNumber'), width: 16 },
    { header: translate(language, 'scoreEntry.col.name'), width: 12 },
    ...columns.map((column) => ({ header: column.header, width: Math.max(10, column.header.length * 2 + 2) })),
  ];
  ws.getRow(1).font = { bold: true };
  // Student numbers stay text: a long number would be rounded by Excel.
  ws.getColumn(1).numFmt = '@';
  for (const row of sheet.rows) {
    ws.addRow([
      row.studentNumber,
      row.name,
      // A mark of a subject with parts is written in its first part's column only.
      ...columns.map((column) => {
        const cell = row.cells[String(column.courseId)];
        if (cell?.mark && column.itemId !== undefined && columns.find((c) => c.courseId === column.courseId) !== column) return null;
        return cellValue(language, cell, column);
      }),
    ]);
  }
  ws.views = [{ state: 'frozen', xSplit: 2, ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export interface ScoreImportError {
  row: number;
  column: string;
  message: string;
}

/**
 * Reads a filled-in sheet: every bad cell is reported (row as Excel numbers it, the column's header) and
 * then nothing is saved. Answers the cells that differ from the sheet as stored.
 */
export async function readScoreWorkbook(file: Buffer, sheet: ScoreSheet, language: Language): Promise<{ cells: ScoreCell[]; errors: ScoreImportError[] }> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw badRequest('scoreEntry.importFile');
  }
  const ws = workbook.worksheets[0];
  if (!ws) throw badRequest('scoreEntry.importEmpty');
  const columns = columnsOf(sheet);
  const fixed = (key: 'studentNumber' | 'name') => [translate('zh', `scoreEntry.col.${key}`), translate('en', `scoreEntry.col.${key}`)];
  const positions = new Map<string, number>();
  ws.getRow(1).eachCell((cell, index) => positions.set(cellText(cell), index));
  const numberAt = fixed('studentNumber').map((header) => positions.get(header)).find((index) => index !== undefined);
  const present = columns.filter((column) => positions.has(column.header));
  if (numberAt === undefined || !present.length) throw badRequest('scoreEntry.importColumns');

  const students = new Map(sheet.rows.map((row) => [row.studentNumber, row]));
  const errors: ScoreImportError[] = [];
  const cells: ScoreCell[] = [];
  const absent = translate(language, 'scoreEntry.absent');
  const exempt = translate(language, 'scoreEntry.exempt');
  const numberHeader = translate(language, 'scoreEntry.col.studentNumber');
  let rows = 0;
  ws.eachRow((excelRow, rowNumber) => {
    if (rowNumber === 1) return;
    const number = cellText(excelRow.getCell(numberAt));
    const texts = present.map((column) => cellText(excelRow.getCell(positions.get(column.header)!)));
    if (!number && texts.every((text) => text === '')) return;
    rows += 1;
    const student = students.get(number);
    if (!student) {
      errors.push({ row: rowNumber, column: numberHeader, message: translate(language, 'scoreEntry.importStudent') });
      return;
    }
    // Each subject of the file: a number, a mark, or empty; a subject with parts has all parts or none.
    for (const subject of sheet.subjects) {
      const own = present.filter((column) => column.courseId === subject.courseId);
      if (!own.length) continue;
      let mark: ScoreMark | null = null;
      const values = new Map<Column, number>();
      let bad = false;
      for (const column of own) {
        const text = texts[present.indexOf(column)]!;
        if (text === '') continue;
        const asMark = markOf(text);
        if (asMark) {
          mark = asMark;
          continue;
        }
        const value = Number(text);
        if (!Number.isFinite(value) || value < 0 || value > column.max || !hasAtMostTwoDecimals(value)) {
          errors.push({ row: rowNumber, column: column.header, message: translate(language, 'scoreEntry.importValue', { full: column.max, absent, exempt }) });
          bad = true;
          continue;
        }
        values.set(column, value);
      }
      if (bad) continue;
      const previous = student.cells[String(subject.courseId)];
      let next: ScoreSheetCell;
      if (mark) {
        if (values.size) {
          errors.push({ row: rowNumber, column: own[0]!.header, message: translate(language, 'scoreEntry.markWithScore') });
          continue;
        }
        next = { score: null, mark, parts: null };
      } else if (subject.items.length) {
        if (values.size && values.size !== own.length) {
          errors.push({ row: rowNumber, column: own[0]!.header, message: translate(language, 'scoreEntry.partsIncomplete', { name: student.name, course: subject.courseName }) });
          continue;
        }
        if (own.length !== subject.items.length && values.size) {
          errors.push({ row: rowNumber, column: own[0]!.header, message: translate(language, 'scoreEntry.importColumns') });
          continue;
        }
        const parts = values.size ? Object.fromEntries(own.map((column) => [String(column.itemId), values.get(column)!])) : null;
        const sum = parts ? Math.round(Object.values(parts).reduce((total, value) => total + Math.round(value * 100), 0)) / 100 : null;
        next = { score: sum, mark: null, parts };
      } else {
        next = { score: values.get(own[0]!) ?? null, mark: null, parts: null };
      }
      const same = (previous?.score ?? null) === next.score && (previous?.mark ?? null) === next.mark && JSON.stringify(previous?.parts ?? null) === JSON.stringify(next.parts);
      if (!same) cells.push({ studentId: student.studentId, courseId: subject.courseId, score: next.score, mark: next.mark, parts: next.parts });
    }
  });
  if (!rows) throw badRequest('scoreEntry.importEmpty');
  return { cells, errors };
}
