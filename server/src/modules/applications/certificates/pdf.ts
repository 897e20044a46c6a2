import { translate, type CertificateKind, type DaySchoolTransport, type Language, type TranscriptLine } from '@campus/contract';
import QRCode from 'qrcode';
import { renderPdf, type PdfDoc } from '../../../platform/pdf.ts';

/**
 * What a certificate says, recorded at approval. The PDF is drawn from this record alone, so the same
 * record always gives the same file, and the verification page can show what was issued.
 */
export interface CertificateContent {
  kind: CertificateKind;
  serialNumber: string;
  schoolName: string;
  schoolNameEn: string;
  studentName: string;
  /** 1 male, 2 female (dictionary gender codes). */
  gender: string;
  birthDate: string;
  studentNumber: string;
  entryYear: number;
  gradeName: string;
  gradeNameEn: string;
  className: string;
  /** 'YYYY-MM-DD' on the school's clock. */
  issuedOn: string;
  purpose: string;
  english: boolean;
  // Day-school permits:
  startDate: string;
  endDate: string;
  address: string;
  guardian: string;
  guardianPhone: string;
  transport: DaySchoolTransport | '';
  // Grade certificates:
  termNames: string[];
  termNamesEn: string[];
  transcript: TranscriptLine[];
}

const SEAL_RED = '#d4262a';
const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 64;

type Doc = PdfDoc;

/** The school's round seal, drawn when no seal picture is configured: a ring, a star and the name on the arc. */
function drawSeal(doc: Doc, cx: number, cy: number, schoolName: string, caption: string): void {
  const radius = 58;
  doc.save();
  doc.opacity(0.85).lineWidth(3).strokeColor(SEAL_RED).circle(cx, cy, radius).stroke();
  // A five-pointed star in the middle.
  const points: [number, number][] = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? 17 : 7;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push([cx + r * Math.cos(angle), cy + r * Math.sin(angle)]);
  }
  doc.polygon(...points).fill(SEAL_RED);
  // The name along the upper arc, each character turned to face the centre.
  const chars = Array.from(schoolName).slice(0, 20);
  const span = Math.min(240, Math.max(120, chars.length * 32));
  doc.font('bold').fontSize(chars.length > 14 ? 9 : 11).fillColor(SEAL_RED);
  chars.forEach((char, index) => {
    const degrees = -90 - span / 2 + (chars.length === 1 ? span / 2 : (index * span) / (chars.length - 1));
    const angle = (degrees * Math.PI) / 180;
    const x = cx + (radius - 15) * Math.cos(angle);
    const y = cy + (radius - 15) * Math.sin(angle);
    doc.save();
    doc.rotate(degrees + 90, { origin: [x, y] });
    doc.text(char, x - 6, y - 7, { width: 12, align: 'center', lineBreak: false });
    doc.restore();
  });
  doc.font('regular').fontSize(8).text(caption, cx - radius, cy + 24, { width: radius * 2, align: 'center', lineBreak: false });
  doc.restore();
}

const t = (language: Language, key: string, params?: Record<string, string | number>) => translate(language, key, params);

function genderText(language: Language, gender: string): string {
  return t(language, gender === '2' ? 'certificate.pdf.female' : 'certificate.pdf.male');
}

/** The body of one page in one language. */
function bodyText(language: Language, content: CertificateContent): string[] {
  const school = language === 'en' ? content.schoolNameEn || content.schoolName : content.schoolName;
  const grade = language === 'en' ? content.gradeNameEn || content.gradeName : content.gradeName;
  const params = {
    name: content.studentName,
    gender: genderText(language, content.gender),
    birth: content.birthDate,
    number: content.studentNumber,
    entryYear: content.entryYear,
    grade,
    className: content.className,
    school,
    start: content.startDate,
    end: content.endDate,
    address: content.address,
    guardian: content.guardian,
    phone: content.guardianPhone,
    transport: content.transport ? t(language, `certificate.transport.${content.transport}`) : '',
    purpose: content.purpose,
  };
  if (content.kind === 'daySchool') return [t(language, 'certificate.pdf.daySchoolBody', params), t(language, 'certificate.pdf.daySchoolCare')];
  if (content.kind === 'grade') return [t(language, 'certificate.pdf.gradeBody', params)];
  return [t(language, content.birthDate ? 'certificate.pdf.enrolmentBody' : 'certificate.pdf.enrolmentBodyNoBirth', params)];
}

function drawTranscript(doc: Doc, language: Language, content: CertificateContent): void {
  if (content.transcript.length === 0) {
    doc.font('regular').fontSize(11).fillColor('#555').text(t(language, 'certificate.pdf.noScores'), { align: 'left' });
    doc.fillColor('black');
    return;
  }
  const columns = [MARGIN, MARGIN + 200, MARGIN + 360];
  const widths = [195, 155, 100];
  const header = [t(language, 'certificate.pdf.term'), t(language, 'certificate.pdf.subject'), t(language, 'certificate.pdf.score')];
  let y = doc.y + 4;
  const row = (cells: string[], bold: boolean) => {
    if (y > A4.height - 340) {
      doc.addPage();
      y = MARGIN;
    }
    doc.font(bold ? 'bold' : 'regular').fontSize(10.5);
    cells.forEach((cell, i) => doc.text(cell, columns[i]!, y, { width: widths[i]!, lineBreak: false, ellipsis: true }));
    y += 18;
    doc.moveTo(MARGIN, y - 3).lineTo(A4.width - MARGIN, y - 3).lineWidth(0.4).strokeColor('#999').stroke();
  };
  row(header, true);
  for (const line of content.transcript) {
    row([language === 'en' ? line.termNameEn || line.termName : line.termName, language === 'en' ? line.subjectEn || line.subject : line.subject, line.score], false);
  }
  doc.x = MARGIN;
  doc.y = y + 6;
}

function drawPage(doc: Doc, language: Language, content: CertificateContent, verifyUrl: string, qr: Buffer, seal: Buffer | null): void {
  const school = language === 'en' ? content.schoolNameEn || content.schoolName : content.schoolName;
  doc.font('regular').fontSize(10).fillColor('#444').text(`${t(language, 'certificate.pdf.serial')}${content.serialNumber}`, MARGIN, MARGIN - 24, { align: 'right', width: A4.width - 2 * MARGIN });
  doc.fillColor('black').font('bold').fontSize(18).text(school, MARGIN, MARGIN + 16, { align: 'center', width: A4.width - 2 * MARGIN });
  doc.moveDown(0.6).fontSize(26).text(t(language, `certificate.pdf.title.${content.kind}`), { align: 'center', characterSpacing: language === 'en' ? 1 : 8 });
  doc.moveDown(1.4).font('regular').fontSize(12.5);
  for (const paragraph of bodyText(language, content)) {
    doc.text(paragraph, MARGIN, doc.y, { width: A4.width - 2 * MARGIN, align: 'justify', indent: language === 'en' ? 0 : 25, lineGap: 6 });
    doc.moveDown(0.6);
  }
  if (content.kind === 'grade') drawTranscript(doc, language, content);
  if (content.purpose) {
    doc.moveDown(0.4).font('regular').fontSize(12.5).text(t(language, 'certificate.pdf.purpose', { purpose: content.purpose }), MARGIN, doc.y, { width: A4.width - 2 * MARGIN });
  }
  doc.moveDown(0.6).fontSize(12.5).text(t(language, 'certificate.pdf.closing'), MARGIN, doc.y, { width: A4.width - 2 * MARGIN, indent: language === 'en' ? 0 : 25 });

  // The signature block: the school, the date and the seal over them, at the bottom right.
  const blockTop = A4.height - 330;
  const right = A4.width - MARGIN - 220;
  doc.font('regular').fontSize(12.5).text(school, right, blockTop + 40, { width: 220, align: 'center' });
  doc.text(content.issuedOn, right, blockTop + 62, { width: 220, align: 'center' });
  if (seal) {
    try {
      doc.image(seal, right + 50, blockTop, { fit: [120, 120], align: 'center', valign: 'center' });
    } catch {
      drawSeal(doc, right + 110, blockTop + 58, content.schoolName, t('zh', 'certificate.pdf.sealCaption'));
    }
  } else {
    drawSeal(doc, right + 110, blockTop + 58, content.schoolName, t('zh', 'certificate.pdf.sealCaption'));
  }

  // The QR code at the bottom left opens the public verification page; the address is a link too.
  const qrTop = A4.height - 190;
  doc.image(qr, MARGIN, qrTop, { width: 92 });
  doc.link(MARGIN, qrTop, 92, 92, verifyUrl);
  doc.font('regular').fontSize(8.5).fillColor('#444');
  doc.text(t(language, 'certificate.pdf.scan'), MARGIN + 102, qrTop + 20, { width: 240 });
  doc.text(verifyUrl, MARGIN + 102, qrTop + 46, { width: 300, link: verifyUrl, underline: false });
  doc.text(t(language, 'certificate.pdf.serialLine', { serial: content.serialNumber }), MARGIN + 102, qrTop + 70, { width: 300 });
  doc.fillColor('black');
}

/** Renders the certificate: the Chinese page, then the English one when it was asked for. */
export async function renderCertificatePdf(content: CertificateContent, verifyUrl: string, seal: Buffer | null, issuedAt: Date): Promise<Buffer> {
  const qr = await QRCode.toBuffer(verifyUrl, { errorCorrectionLevel: 'M', margin: 1, width: 276 });
  // A fixed creation date makes the same record give the same bytes.
  const options = {
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${content.serialNumber}`, Author: content.schoolName, Creator: 'Campus', Producer: 'Campus', CreationDate: issuedAt, ModDate: issuedAt },
  };
  return renderPdf(options, (doc) => {
    drawPage(doc, 'zh', content, verifyUrl, qr, seal);
    if (content.english) {
      doc.addPage();
      drawPage(doc, 'en', content, verifyUrl, qr, seal);
    }
  });
}
