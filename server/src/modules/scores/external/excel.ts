import ExcelJS from 'exceljs';
import { hasAtMostTwoDecimals, translate, type ExternalCell, type Language, type ScoreMark } from '@campus/contract';
import { badRequest } from '../../../platform/errors.ts';
import { cellText } from '../../records/staff/importer.ts';
import type { ResultRow } from './service.ts';

/**
 * An external exam's scores as a workbook and back: student number, name, a column per subject headed by its
 * name and full mark ("数学（120）", "Mathematics (120)"), then the place. The organiser's own file is read
 * too: its columns are found by their headings (a subject by its name in either language, with or without the
 * full mark), other columns are left alone, and a subject or the place missing from the file keeps what is
 * stored. Absent and exempt are written as words; both languages' words are read.
 */

export interface WorkbookSubject {
  courseId: number;
  /** In the caller's language (headings and messages). */
  courseName: string;
  /** Every name the subject is known by (Chinese and English), for reading headings. */
  names: string[];
  fullMark: number;
}

export interface WorkbookStudent {
  id: number;
  studentNumber: string;
  name: string;
  cells: Record<string, ExternalCell>;
  districtRank: number | null;
}

export interface ImportError {
  /** The row as Excel numbers it. */
  row: number;
  /** The column's heading ('' for the whole file). */
  column: string;
  message: string;
}

const fullBracket = (language: Language, full: number) => (language === 'zh' ? `（${full}）` : ` (${full})`);

/** A heading without its full mark in brackets, trimmed and in lower case. */
const headingKey = (text: string) =>
  text
    .replace(/\s*[（(][^（()）]*[)）]\s*$/, '')
    .trim()
    .toLowerCase();

const markWord = (language: Language, mark: ScoreMark) => translate(language, `externalExam.mark.${mark}`);

function markOf(text: string): ScoreMark | null {
  const value = text.trim().toLowerCase();
  for (const mark of ['absent', 'exempt'] as const) {
    const words = (['zh', 'en'] as const).flatMap((language) => [translate(language, `externalExam.mark.${mark}`), translate(language, `scoreEntry.${mark}`)]);
    if (words.some((word) => word.toLowerCase() === value)) return mark;
  }
  return null;
}

export async function buildExternalWorkbook(sheetName: string, subjects: WorkbookSubject[], students: WorkbookStudent[], language: Language): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  // Excel refuses a sheet name over 31 characters or with []:*?/\.
  const ws = workbook.addWorksheet(sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Scores');
  const headings = subjects.map((subject) => `${subject.courseName}${fullBracket(language, subject.fullMark)}`);
  ws.columns = [
    { header: translate(language, 'externalExam.col.studentNumber'), width: 16 },
    { header: translate(language, 'externalExam.col.name'), width: 12 },
    ...headings.map((header) => ({ header, width: Math.max(10, header.length * 2) })),
    { header: translate(language, 'externalExam.col.rank'), width: 10 },
  ];
  ws.getRow(1).font = { bold: true };
  // Student numbers stay text: a long number would be rounded by Excel.
  ws.getColumn(1).numFmt = '@';
  for (const student of students) {
    ws.addRow([
      student.studentNumber,
      student.name,
      ...subjects.map((subject) => {
        const cell = student.cells[String(subject.courseId)];
        if (cell?.mark) return markWord(language, cell.mark);
        return cell?.score ?? null;
      }),
      student.districtRank,
    ]);
  }
  ws.views = [{ state: 'frozen', xSplit: 2, ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const SCORE_TEXT = /^\d+(\.\d+)?$/;
const RANK_MAX = 10_000_000;

function sameCells(a: Record<string, ExternalCell>, b: Record<string, ExternalCell>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    if ((a[key]?.score ?? null) !== (b[key]?.score ?? null) || (a[key]?.mark ?? null) !== (b[key]?.mark ?? null)) return false;
  }
  return true;
}

export interface ReadWorkbook {
  /** The students listed whose scores or place differ from what is stored, as they are to be written. */
  rows: ResultRow[];
  errors: ImportError[];
  /** The file as a whole is wrong (headings, no rows): its one error says why. */
  whole: boolean;
}

/**
 * Reads a filled-in workbook: every bad cell is reported (the row as Excel numbers it, its heading, why) and
 * then nothing is to be saved. Answers the rows that differ from what is stored.
 */
export async function readExternalWorkbook(file: Buffer, subjects: WorkbookSubject[], students: WorkbookStudent[], language: Language): Promise<ReadWorkbook> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw badRequest('scoreEntry.importFile');
  }
  const ws = workbook.worksheets[0];
  const whole = (row: number, key: 'externalExam.import.header' | 'externalExam.import.empty'): ReadWorkbook => ({ rows: [], errors: [{ row, column: '', message: translate(language, key) }], whole: true });
  if (!ws) return whole(1, 'externalExam.import.empty');

  const words = (key: 'studentNumber' | 'rank') => (['zh', 'en'] as const).map((one) => translate(one, `externalExam.col.${key}`).toLowerCase());
  let numberAt: number | undefined;
  let rankAt: number | undefined;
  const subjectAt = new Map<number, WorkbookSubject>();
  ws.getRow(1).eachCell((cell, index) => {
    const key = headingKey(cellText(cell));
    if (!key) return;
    if (numberAt === undefined && words('studentNumber').includes(key)) numberAt = index;
    else if (rankAt === undefined && words('rank').includes(key)) rankAt = index;
    else {
      const subject = subjects.find((one) => one.names.some((name) => name.toLowerCase() === key));
      if (subject && ![...subjectAt.values()].includes(subject)) subjectAt.set(index, subject);
    }
  });
  if (numberAt === undefined || (!subjectAt.size && rankAt === undefined)) return whole(1, 'externalExam.import.header');

  const byNumber = new Map(students.map((student) => [student.studentNumber, student]));
  const seen = new Set<string>();
  const errors: ImportError[] = [];
  const rows: ResultRow[] = [];
  const numberHeading = translate(language, 'externalExam.col.studentNumber');
  const rankHeading = translate(language, 'externalExam.col.rank');
  let listed = 0;
  ws.eachRow((excelRow, rowNumber) => {
    if (rowNumber === 1) return;
    const number = cellText(excelRow.getCell(numberAt!));
    const texts = [...subjectAt.entries()].map(([index, subject]) => ({ subject, text: cellText(excelRow.getCell(index)) }));
    const rankText = rankAt === undefined ? '' : cellText(excelRow.getCell(rankAt));
    if (!number && !rankText && texts.every(({ text }) => text === '')) return;
    listed += 1;
    const student = byNumber.get(number);
    if (!student) {
      errors.push({ row: rowNumber, column: numberHeading, message: translate(language, 'externalExam.import.unknownStudent', { number }) });
      return;
    }
    if (seen.has(number)) {
      errors.push({ row: rowNumber, column: numberHeading, message: translate(language, 'externalExam.import.twice', { number }) });
      return;
    }
    seen.add(number);
    let bad = false;
    const cells: Record<string, ExternalCell> = { ...student.cells };
    for (const { subject, text } of texts) {
      const key = String(subject.courseId);
      if (text === '') {
        delete cells[key];
        continue;
      }
      const mark = markOf(text);
      if (mark) {
        cells[key] = { score: null, mark };
        continue;
      }
      const value = Number(text);
      if (!SCORE_TEXT.test(text) || value > subject.fullMark || !hasAtMostTwoDecimals(value)) {
        errors.push({
          row: rowNumber,
          column: `${subject.courseName}${fullBracket(language, subject.fullMark)}`,
          message: translate(language, 'externalExam.import.badScore', { course: subject.courseName, value: text, full: subject.fullMark }),
        });
        bad = true;
        continue;
      }
      cells[key] = { score: value, mark: null };
    }
    let rank = student.districtRank;
    if (rankAt !== undefined) {
      if (rankText === '') rank = null;
      else if (/^\d+$/.test(rankText) && Number(rankText) >= 1 && Number(rankText) <= RANK_MAX) rank = Number(rankText);
      else {
        errors.push({ row: rowNumber, column: rankHeading, message: translate(language, 'externalExam.import.badRank', { value: rankText }) });
        bad = true;
      }
    }
    if (bad) return;
    if (!sameCells(cells, student.cells) || rank !== student.districtRank) rows.push({ studentId: student.id, cells, districtRank: rank });
  });
  if (!listed) return whole(2, 'externalExam.import.empty');
  return { rows, errors, whole: false };
}
