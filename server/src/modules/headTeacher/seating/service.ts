import { sql } from 'drizzle-orm';
import { translate, type Language, type Seat, type SeatingChart, type SeatingSaveParsed, type SeatingStudent, type SeatingVersion } from '@campus/contract';
import { jsonValue, queryRows, type Db, type DbOrTx } from '../../../db/client.ts';
import type { Caller } from '../../../platform/caller.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';
import { buildWorkbook } from '../../../platform/excel.ts';
import { renderPdf } from '../../../platform/pdf.ts';
import { schoolMinute } from '../../../platform/schoolClock.ts';
import { checkClassStudents, classFor, lockClass } from '../common.ts';

/** A new class's room before anything is saved: 6 rows of 8 (the usual classroom), more rows for a larger class. */
const DEFAULT_COLUMNS = 8;
const defaultRows = (students: number) => Math.min(12, Math.max(6, Math.ceil(students / DEFAULT_COLUMNS)));

interface ChartRow {
  id: number;
  version: number;
  rows: number;
  columns: number;
  seats: Seat[] | string;
  note: string;
  savedBy: string | null;
  savedAt: Date | string;
}

const CHART_COLUMNS = sql`ch.id, ch.version, ch.rows, ch.columns, ch.seats, ch.note, u.display_name AS "savedBy", ch.saved_at AS "savedAt"`;

/**
 * The class's seating chart: the newest version, or the one asked for (to look at or to start from). Seats
 * of students who left the class since are dropped; students of the class without a seat are listed apart.
 */
export async function seatingChart(db: DbOrTx, caller: Caller, classId: number, versionId?: number): Promise<SeatingChart> {
  const cls = await classFor(db, caller, classId);
  const [chart] = await queryRows<ChartRow>(db, sql`
    SELECT ${CHART_COLUMNS} FROM class_seating_charts ch LEFT JOIN users u ON u.id = ch.saved_by_user_id
    WHERE ch.class_id = ${classId} ${versionId ? sql`AND ch.id = ${versionId}` : sql``}
    ORDER BY ch.version DESC LIMIT 1`);
  if (versionId && !chart) throw notFound();
  const students = await queryRows<SeatingStudent>(db, sql`
    SELECT s.id, s.name, s.student_number AS "studentNumber", s.gender FROM students s WHERE s.class_id = ${classId} ORDER BY s.student_number`);
  const inClass = new Set(students.map((student) => student.id));
  const [latest] = await queryRows<{ version: number }>(db, sql`SELECT coalesce(max(version), 0)::int AS version FROM class_seating_charts WHERE class_id = ${classId}`);
  return {
    classId,
    className: cls.name,
    // The version a save must build on is always the newest, whichever one is shown.
    version: latest?.version ?? 0,
    rows: chart?.rows ?? defaultRows(students.length),
    columns: chart?.columns ?? DEFAULT_COLUMNS,
    seats: chart ? jsonValue(chart.seats).filter((seat) => inClass.has(seat.studentId)) : [],
    note: chart?.note ?? '',
    savedBy: chart?.savedBy ?? '',
    savedAt: chart ? schoolMinute(chart.savedAt) : '',
    students,
  };
}

export async function seatingVersions(db: DbOrTx, caller: Caller, classId: number): Promise<SeatingVersion[]> {
  await classFor(db, caller, classId);
  const rows = await queryRows<Omit<SeatingVersion, 'savedAt'> & { savedAt: Date | string }>(db, sql`
    SELECT ch.id, ch.version, ch.rows, ch.columns, jsonb_array_length(ch.seats)::int AS seated, ch.note, coalesce(u.display_name, '') AS "savedBy", ch.saved_at AS "savedAt"
    FROM class_seating_charts ch LEFT JOIN users u ON u.id = ch.saved_by_user_id
    WHERE ch.class_id = ${classId} ORDER BY ch.version DESC LIMIT 50`);
  return rows.map((row) => ({ ...row, savedAt: schoolMinute(row.savedAt) }));
}

/** Saves the arrangement as the class's next version; a save built on an older version than the newest is refused. */
export async function saveSeating(db: Db, caller: Caller, input: SeatingSaveParsed): Promise<number> {
  return db.transaction(async (tx) => {
    await classFor(tx, caller, input.classId, true);
    await lockClass(tx, input.classId);
    const [latest] = await queryRows<{ version: number }>(tx, sql`SELECT coalesce(max(version), 0)::int AS version FROM class_seating_charts WHERE class_id = ${input.classId}`);
    const current = latest?.version ?? 0;
    if (input.baseVersion !== current) throw conflict('headTeacher.seatingStale', { version: current });
    await checkClassStudents(tx, input.classId, input.seats.map((seat) => seat.studentId));
    if (input.rows * input.columns < input.seats.length) throw badRequest('headTeacher.layoutTooSmall', { seats: input.rows * input.columns, count: input.seats.length });
    const seats = [...input.seats].sort((a, b) => a.row - b.row || a.column - b.column);
    await tx.execute(sql`
      INSERT INTO class_seating_charts (class_id, version, rows, columns, seats, note, saved_by_user_id)
      VALUES (${input.classId}, ${current + 1}, ${input.rows}, ${input.columns}, ${JSON.stringify(seats)}::jsonb, ${input.note}, ${caller.auth.userId})`);
    return current + 1;
  });
}

/** The grid as rows of names, front row first (row 1 sits nearest the teacher's desk). */
function grid(chart: SeatingChart): string[][] {
  const names = new Map(chart.students.map((student) => [student.id, student.name]));
  const cells = Array.from({ length: chart.rows }, () => Array.from({ length: chart.columns }, () => ''));
  for (const seat of chart.seats) cells[seat.row - 1]![seat.column - 1] = names.get(seat.studentId) ?? '';
  return cells;
}

const unseatedNames = (chart: SeatingChart) => {
  const seated = new Set(chart.seats.map((seat) => seat.studentId));
  return chart.students.filter((student) => !seated.has(student.id)).map((student) => student.name);
};

export async function seatingWorkbook(chart: SeatingChart, language: Language): Promise<Buffer> {
  const tr = (key: string, params?: Record<string, string | number>) => translate(language, key, params);
  type Line = string[];
  const lines: Line[] = grid(chart).map((cells, index) => [tr('headTeacher.seating.row', { row: index + 1 }), ...cells]);
  lines.push([tr('headTeacher.seating.front')]);
  const unseated = unseatedNames(chart);
  if (unseated.length) lines.push([tr('headTeacher.seating.unseated', { names: unseated.join(language === 'en' ? ', ' : '、') })]);
  const columns = [
    { header: chart.className, value: (line: Line) => line[0] ?? '', width: 16 },
    ...Array.from({ length: chart.columns }, (_, index) => ({ header: tr('headTeacher.seating.column', { column: index + 1 }), value: (line: Line) => line[index + 1] ?? '', width: 12 })),
  ];
  return buildWorkbook(tr('headTeacher.seating.exportName'), columns, lines);
}

/** A printable A4 landscape sheet: the grid as the class sees it from the back, the desk at the bottom. */
export async function seatingPdf(chart: SeatingChart, language: Language): Promise<Buffer> {
  const tr = (key: string, params?: Record<string, string | number>) => translate(language, key, params);
  const cells = grid(chart);
  return renderPdf({ size: 'A4', layout: 'landscape', margin: 36, info: { Title: `${chart.className} ${tr('headTeacher.seating.exportName')}`, Creator: 'Campus', Producer: 'Campus' } }, (doc) => {
    const width = doc.page.width - 72;
    doc.font('bold').fontSize(18).text(`${chart.className} ${tr('headTeacher.seating.exportName')}`, 36, 36, { width, align: 'center' });
    if (chart.savedAt) doc.font('regular').fontSize(9).fillColor('#555').text(tr('headTeacher.seating.version', { version: chart.version, at: chart.savedAt, by: chart.savedBy }), { width, align: 'center' });
    const top = 90;
    const bottomSpace = 70;
    const cellWidth = width / chart.columns;
    const cellHeight = Math.min(48, (doc.page.height - top - bottomSpace - 36) / chart.rows);
    doc.fillColor('black').font('regular').fontSize(11);
    // Row 1 (the front) is drawn last, nearest the desk at the bottom of the sheet.
    cells.forEach((line, rowIndex) => {
      const y = top + (chart.rows - 1 - rowIndex) * cellHeight;
      line.forEach((name, columnIndex) => {
        const x = 36 + columnIndex * cellWidth;
        doc.rect(x + 2, y + 2, cellWidth - 4, cellHeight - 4).lineWidth(0.6).strokeColor('#888').stroke();
        if (name) doc.text(name, x + 2, y + cellHeight / 2 - 7, { width: cellWidth - 4, align: 'center' });
      });
    });
    const deskY = top + chart.rows * cellHeight + 10;
    doc.rect(36 + width / 3, deskY, width / 3, 24).fillAndStroke('#eef3ee', '#888');
    doc.fillColor('black').text(tr('headTeacher.seating.front'), 36 + width / 3, deskY + 6, { width: width / 3, align: 'center' });
    const unseated = unseatedNames(chart);
    if (unseated.length) doc.fontSize(9).text(tr('headTeacher.seating.unseated', { names: unseated.join(language === 'en' ? ', ' : '、') }), 36, deskY + 34, { width });
  });
}
