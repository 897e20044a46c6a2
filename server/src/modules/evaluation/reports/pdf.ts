import { translate, type Language, type QualityReport, type ScoreMark, type StudyReport } from '@campus/contract';
import { renderPdf, type PdfDoc } from '../../../platform/pdf.ts';
import { schoolToday } from '../../timetable/views/service.ts';

/**
 * The two reports as A4 PDFs (pdfkit with Noto Sans SC, platform/pdf.ts): the quality report of one
 * student, and study reports of one student or of a whole class (a page or more each, in one file).
 */

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const CONTENT = A4.width - MARGIN * 2;
const BOTTOM = A4.height - MARGIN;

type T = (key: string, params?: Record<string, string | number>) => string;
const translator = (language: Language): T => (key, params) => translate(language, key, params);

interface Column {
  title: string;
  width: number;
  align?: 'left' | 'center' | 'right';
}

/** A table whose rows grow with their text; the header is drawn again on each new page. */
function table(doc: PdfDoc, columns: Column[], rows: string[][]): void {
  const header = () => {
    const top = doc.y;
    doc.font('bold').fontSize(9);
    const height = Math.max(...columns.map((column) => doc.heightOfString(column.title, { width: column.width - 8 }))) + 8;
    doc.rect(MARGIN, top, CONTENT, height).fillColor('#eef2f7').fill();
    let x = MARGIN;
    doc.fillColor('#1f2937');
    for (const column of columns) {
      doc.text(column.title, x + 4, top + 4, { width: column.width - 8, align: column.align ?? 'left' });
      x += column.width;
    }
    doc.y = top + height;
    doc.font('regular');
  };
  header();
  for (const row of rows) {
    doc.fontSize(9);
    const height = Math.max(...row.map((cell, index) => doc.heightOfString(cell || ' ', { width: columns[index]!.width - 8 }))) + 8;
    if (doc.y + height > BOTTOM) {
      doc.addPage();
      header();
    }
    const top = doc.y;
    let x = MARGIN;
    row.forEach((cell, index) => {
      const column = columns[index]!;
      doc.fillColor('#111827').text(cell, x + 4, top + 4, { width: column.width - 8, align: column.align ?? 'left' });
      x += column.width;
    });
    doc.moveTo(MARGIN, top + height).lineTo(MARGIN + CONTENT, top + height).lineWidth(0.5).strokeColor('#d1d5db').stroke();
    doc.y = top + height;
  }
  doc.x = MARGIN;
}

function section(doc: PdfDoc, title: string): void {
  if (doc.y + 60 > BOTTOM) doc.addPage();
  doc.moveDown(0.8);
  doc.font('bold').fontSize(12).fillColor('#1d4ed8').text(title, MARGIN, doc.y, { width: CONTENT });
  doc.moveDown(0.3);
  doc.font('regular').fillColor('#111827');
}

function none(doc: PdfDoc, t: T): void {
  doc.fontSize(9).fillColor('#6b7280').text(t('report.pdf.none'), MARGIN, doc.y, { width: CONTENT });
  doc.fillColor('#111827');
}

function heading(doc: PdfDoc, t: T, title: string, report: { student: QualityReport['student']; term: QualityReport['term'] }): void {
  doc.font('bold').fontSize(18).fillColor('#111827').text(title, MARGIN, MARGIN, { width: CONTENT, align: 'center' });
  doc.moveDown(0.6);
  doc.font('regular').fontSize(10);
  const facts = [
    `${t('report.pdf.student')}: ${report.student.name}`,
    `${t('report.pdf.studentNumber')}: ${report.student.studentNumber}`,
    `${t('report.pdf.class')}: ${report.student.className}`,
    `${t('report.pdf.term')}: ${report.term.name}`,
  ];
  doc.text(facts.join('    '), MARGIN, doc.y, { width: CONTENT, align: 'center' });
  doc.moveDown(0.4);
  doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + CONTENT, doc.y).lineWidth(1).strokeColor('#1d4ed8').stroke();
}

const markLabel = (t: T, mark: ScoreMark | string | null) => (mark === 'absent' ? t('report.pdf.absent') : mark === 'exempt' ? t('report.pdf.exempt') : '');
const number = (value: number | null) => (value === null ? '' : String(value));

function footer(doc: PdfDoc, t: T): void {
  const range = doc.bufferedPageRange();
  const printed = t('report.pdf.printed', { date: schoolToday() });
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    // Below the bottom margin: without lifting the margin pdfkit would start a new page for the line.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.fontSize(8).fillColor('#6b7280');
    doc.text(`${printed}    ${t('report.pdf.page', { page: index + 1 })}`, MARGIN, A4.height - MARGIN + 16, { width: CONTENT, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}

function drawQuality(doc: PdfDoc, t: T, report: QualityReport): void {
  heading(doc, t, t('report.qualityTitle'), report);

  section(doc, t('report.pdf.evaluations'));
  if (report.evaluations.length === 0) none(doc, t);
  for (const theme of report.evaluations) {
    doc.font('bold').fontSize(10).text(`${theme.name} (${t(`termEvaluation.type.${theme.type}`)})`, MARGIN, doc.y + 4, { width: CONTENT });
    doc.font('regular');
    const rows = theme.items.map((item) => [item.name, item.value === null ? t('report.pdf.notFilled') : String(item.value)]);
    table(doc, [{ title: t('report.pdf.item'), width: 140 }, { title: t('report.pdf.answer'), width: CONTENT - 140 }], rows);
  }

  section(doc, t('report.pdf.awards'));
  if (report.awards.length === 0) none(doc, t);
  else table(doc, [{ title: t('report.pdf.date'), width: 80 }, { title: t('report.pdf.name'), width: 230 }, { title: t('report.pdf.level'), width: 110 }, { title: t('report.pdf.source'), width: CONTENT - 420 }], report.awards.map((award) => [award.date, award.name, award.level, t(`report.source.${award.source}`)]));

  section(doc, t('report.pdf.conduct'));
  if (report.conduct.length === 0) none(doc, t);
  else table(doc, [{ title: t('report.pdf.date'), width: 72 }, { title: t('report.pdf.category'), width: 70 }, { title: t('report.pdf.content'), width: 230 }, { title: t('report.pdf.result'), width: 50 }, { title: t('report.pdf.publisher'), width: CONTENT - 422 }], report.conduct.map((row) => [row.date, row.category, row.content, row.result, row.publisherName ?? '']));

  section(doc, t('report.pdf.scores'));
  if (report.scores.length === 0) none(doc, t);
  for (const batch of report.scores) {
    doc.font('bold').fontSize(10).text(batch.name, MARGIN, doc.y + 4, { width: CONTENT });
    doc.font('regular');
    const rows = batch.subjects.map((subject) => [subject.courseName, subject.score === null ? markLabel(t, subject.mark) : `${subject.score} / ${subject.fullMark}`, subject.classRank ? `${subject.classRank} / ${subject.classCount}` : '']);
    rows.push([t('report.pdf.total'), batch.total === null ? '' : `${batch.total} / ${batch.totalFull}`, batch.classRank ? `${batch.classRank} / ${batch.classSize}` : '']);
    table(doc, [{ title: t('report.pdf.subject'), width: 180 }, { title: t('report.pdf.scores'), width: 150, align: 'right' }, { title: t('report.pdf.classRank'), width: CONTENT - 330, align: 'right' }], rows);
  }
}

function drawStudy(doc: PdfDoc, t: T, report: StudyReport): void {
  heading(doc, t, t('report.studyTitle'), report);
  section(doc, t('report.pdf.scores'));
  if (report.batches.length === 0) none(doc, t);
  else {
    // The subject column, one per exam (at most the room left allows), and the term's average.
    const shown = report.batches.slice(-6);
    const examWidth = Math.min(80, (CONTENT - 110 - 70) / shown.length);
    const columns: Column[] = [{ title: t('report.pdf.subject'), width: CONTENT - 70 - examWidth * shown.length }, ...shown.map((batch) => ({ title: batch.examNode || batch.name, width: examWidth, align: 'right' as const })), { title: t('report.pdf.average'), width: 70, align: 'right' }];
    const rows = report.subjects.map((subject) => [
      subject.courseName,
      ...shown.map((batch) => {
        const score = subject.scores[String(batch.id)];
        return score === null || score === undefined ? markLabel(t, subject.marks[String(batch.id)] ?? null) : String(score);
      }),
      number(subject.average),
    ]);
    rows.push([t('report.pdf.total'), ...shown.map((batch) => (batch.total === null ? '' : `${batch.total}/${batch.totalFull}`)), '']);
    rows.push([t('report.pdf.classRank'), ...shown.map((batch) => (batch.classRank ? `${batch.classRank}/${batch.classSize}` : '')), '']);
    rows.push([t('report.pdf.gradeRank'), ...shown.map((batch) => (batch.gradeRank ? `${batch.gradeRank}/${batch.gradeSize}` : '')), '']);
    table(doc, columns, rows);
  }
  section(doc, t('report.pdf.comment'));
  if (report.comment) doc.fontSize(10).text(report.comment, MARGIN, doc.y, { width: CONTENT });
  else none(doc, t);
}

export function qualityReportPdf(report: QualityReport, language: Language): Promise<Buffer> {
  const t = translator(language);
  return renderPdf({ size: 'A4', margin: MARGIN, bufferPages: true, info: { Title: `${t('report.qualityTitle')} ${report.student.name}` } }, (doc) => {
    drawQuality(doc, t, report);
    footer(doc, t);
  });
}

/**
 * Study reports, a student per page (or more), in one file. `each` is called after each student is drawn,
 * so a background run can report its progress; the reports come one by one from `next`.
 */
export async function studyReportsPdf(
  count: number,
  next: (index: number) => Promise<StudyReport>,
  language: Language,
  each?: (done: number) => Promise<void>,
): Promise<Buffer> {
  const t = translator(language);
  return renderPdf({ size: 'A4', margin: MARGIN, bufferPages: true, autoFirstPage: false, info: { Title: t('report.studyTitle') } }, async (doc) => {
    for (let index = 0; index < count; index++) {
      const report = await next(index);
      doc.addPage();
      drawStudy(doc, t, report);
      await each?.(index + 1);
    }
    if (count === 0) doc.addPage();
    footer(doc, t);
  });
}
