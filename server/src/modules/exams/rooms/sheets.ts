import { sql } from 'drizzle-orm';
import { translate, type ExamSheetKind, type Language } from '@campus/contract';
import { jsonValue, queryRows, type DbOrTx } from '../../../db/client.ts';
import { conflict, notFound } from '../../../platform/errors.ts';
import { renderPdf, type PdfDoc } from '../../../platform/pdf.ts';
import { localName } from '../../timetable/views/queries.ts';

/**
 * The printed sheets of an exam's arrangement (考场安排): the seat list of each room (signed by each
 * candidate), the label for each room's door (number, place, seats, classes, subjects and invigilators)
 * and each class's list of where its students sit, as one A4 PDF.
 */

interface Candidate {
  seat: number;
  studentNumber: string;
  name: string;
  className: string;
}

interface SheetRoom {
  number: number;
  classroomName: string;
  building: string;
  candidates: Candidate[];
  duties: { courseName: string; examDate: string; startTime: string; endTime: string; invigilators: string }[];
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const CONTENT = A4.width - MARGIN * 2;
const ROW = 19;

export async function examSheetPdf(db: DbOrTx, batchId: number, kind: ExamSheetKind, language: Language): Promise<{ name: string; pdf: Buffer }> {
  const t = (key: string, params?: Record<string, string | number>) => translate(language, key, params);
  const [batch] = await queryRows<{ name: string; termName: string }>(db, sql`
    SELECT b.name, ${localName('t', language)} AS "termName" FROM exam_batches b JOIN terms t ON t.id = b.term_id WHERE b.id = ${batchId}`);
  if (!batch) throw notFound();
  const rows = await queryRows<Omit<SheetRoom, 'candidates' | 'duties'> & { candidates: Candidate[] | string; duties: SheetRoom['duties'] | string }>(db, sql`
    SELECT r.number, cr.name AS "classroomName", coalesce(cr.building, '') AS building,
      (SELECT coalesce(json_agg(json_build_object('seat', ec.seat, 'studentNumber', s.student_number, 'name', s.name, 'className', coalesce(c.name, ''))
          ORDER BY ec.seat), '[]'::json)
         FROM exam_candidates ec JOIN students s ON s.id = ec.student_id LEFT JOIN classes c ON c.id = s.class_id WHERE ec.exam_room_id = r.id) AS candidates,
      (SELECT coalesce(json_agg(json_build_object('courseName', ${localName('co', language)}, 'examDate', to_char(es.exam_date, 'YYYY-MM-DD'),
          'startTime', es.start_time, 'endTime', es.end_time,
          'invigilators', (SELECT coalesce(string_agg(st.name, ' ' ORDER BY CASE i.role WHEN 'chief' THEN 0 WHEN 'assistant' THEN 1 ELSE 2 END, i.id), '')
                           FROM invigilations i JOIN staff st ON st.id = i.staff_id WHERE i.session_id = es.id AND i.role <> 'patrol'))
          ORDER BY es.exam_date, es.start_time), '[]'::json)
         FROM exam_sessions es JOIN courses co ON co.id = es.course_id WHERE es.exam_room_id = r.id) AS duties
    FROM exam_rooms r JOIN classrooms cr ON cr.id = r.classroom_id WHERE r.batch_id = ${batchId} ORDER BY r.number`);
  if (!rows.length) throw conflict('examRoom.notArranged');
  const rooms: SheetRoom[] = rows.map((row) => ({ ...row, candidates: jsonValue(row.candidates), duties: jsonValue(row.duties) }));
  const roomName = (number: number) => t('examRoom.roomName', { number });
  const place = (room: SheetRoom) => [room.building, room.classroomName].filter(Boolean).join(' ');
  const title = t(`examRoom.sheet.${kind}`);

  const header = (doc: PdfDoc, heading: string, sub: string) => {
    doc.font('bold').fontSize(16).fillColor('black').text(`${batch.name}  ${title}`, MARGIN, MARGIN, { width: CONTENT, align: 'center' });
    doc.font('regular').fontSize(10).fillColor('#555').text(batch.termName, { width: CONTENT, align: 'center' });
    doc.moveDown(0.6).font('bold').fontSize(13).fillColor('black').text(heading, { width: CONTENT });
    doc.font('regular').fontSize(10).fillColor('#333').text(sub, { width: CONTENT });
    doc.moveDown(0.5);
  };

  /** A table that continues on new pages with its heading repeated. */
  const table = (doc: PdfDoc, widths: number[], head: string[], body: string[][], repeat: () => void) => {
    const drawRow = (cells: string[], bold: boolean) => {
      if (doc.y + ROW > A4.height - MARGIN) {
        doc.addPage();
        repeat();
        drawRow(head, true);
      }
      const y = doc.y;
      let x = MARGIN;
      doc.font(bold ? 'bold' : 'regular').fontSize(10).fillColor('black');
      cells.forEach((cell, index) => {
        doc.rect(x, y, widths[index]!, ROW).lineWidth(0.5).strokeColor('#999').stroke();
        doc.text(cell, x + 4, y + 4, { width: widths[index]! - 8, height: ROW - 4, lineBreak: false, ellipsis: true });
        x += widths[index]!;
      });
      doc.x = MARGIN;
      doc.y = y + ROW;
    };
    drawRow(head, true);
    for (const cells of body) drawRow(cells, false);
  };

  const pdf = await renderPdf({ size: 'A4', margin: MARGIN, info: { Title: `${batch.name} ${title}`, Creator: 'Campus', Producer: 'Campus' } }, (doc) => {
    let first = true;
    const page = () => {
      if (!first) doc.addPage();
      first = false;
    };
    if (kind === 'seats') {
      for (const room of rooms) {
        page();
        const sub = `${place(room)}  ${t('examRoom.sheet.count', { count: room.candidates.length })}`;
        const head = [t('examRoom.sheet.seat'), t('examRoom.sheet.studentNumber'), t('examRoom.sheet.name'), t('examRoom.sheet.class'), t('examRoom.sheet.signature')];
        header(doc, roomName(room.number), sub);
        table(doc, [50, 110, 100, 140, CONTENT - 400], head, room.candidates.map((c) => [String(c.seat), c.studentNumber, c.name, c.className, '']), () =>
          header(doc, roomName(room.number), sub),
        );
      }
    } else if (kind === 'doors') {
      for (const room of rooms) {
        page();
        doc.font('bold').fontSize(18).text(batch.name, MARGIN, MARGIN + 20, { width: CONTENT, align: 'center' });
        doc.moveDown(1.2).fontSize(64).text(roomName(room.number), { width: CONTENT, align: 'center' });
        doc.moveDown(0.4).font('regular').fontSize(18).text(`${t('examRoom.sheet.place')}: ${place(room)}`, { width: CONTENT, align: 'center' });
        const seats = room.candidates.map((c) => c.seat);
        const from = seats.length ? Math.min(...seats) : 0;
        const to = seats.length ? Math.max(...seats) : 0;
        doc.text(`${t('examRoom.sheet.seatsRange', { from, to })}  ${t('examRoom.sheet.count', { count: room.candidates.length })}`, { width: CONTENT, align: 'center' });
        const counts = new Map<string, number>();
        for (const c of room.candidates) counts.set(c.className, (counts.get(c.className) ?? 0) + 1);
        doc.moveDown(0.6).fontSize(13).fillColor('#333')
          .text([...counts].map(([name, count]) => `${name} ${count}`).join('   '), { width: CONTENT, align: 'center' });
        doc.moveDown(1.2).fillColor('black');
        table(
          doc,
          [130, 150, 100, CONTENT - 380],
          [t('examRoom.sheet.schedule'), t('exam.col.dates'), '', t('examRoom.sheet.invigilators')],
          room.duties.map((d) => [d.courseName, d.examDate, `${d.startTime}-${d.endTime}`, d.invigilators]),
          () => undefined,
        );
      }
    } else {
      const byClass = new Map<string, { candidate: Candidate; room: SheetRoom }[]>();
      for (const room of rooms) for (const candidate of room.candidates) byClass.set(candidate.className, [...(byClass.get(candidate.className) ?? []), { candidate, room }]);
      const classNames = [...byClass.keys()].sort((a, b) => a.localeCompare(b, 'zh'));
      for (const className of classNames) {
        page();
        const members = byClass.get(className)!.sort((a, b) => a.candidate.studentNumber.localeCompare(b.candidate.studentNumber));
        const sub = t('examRoom.sheet.count', { count: members.length });
        const head = [t('examRoom.sheet.studentNumber'), t('examRoom.sheet.name'), t('examRoom.sheet.room'), t('examRoom.sheet.place'), t('examRoom.sheet.seat')];
        header(doc, className, sub);
        table(doc, [110, 90, 100, CONTENT - 360, 60], head, members.map(({ candidate, room }) => [candidate.studentNumber, candidate.name, roomName(room.number), place(room), String(candidate.seat)]), () =>
          header(doc, className, sub),
        );
      }
    }
  });
  return { name: `${batch.name}-${title}.pdf`, pdf };
}
