import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  CERTIFICATE_VERIFY_PATH,
  DAY_SCHOOL_URL,
  ENROLMENT_CERTIFICATE_URL,
  GRADE_CERTIFICATE_URL,
  type ApplicationDetails,
  type ApplicationType,
  type CertificateCreate,
  type CertificateKind,
  type CertificateVerification,
  type DaySchoolCreate,
  type TranscriptLine,
} from '@campus/contract';
import { intArray, queryRows, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import type { Caller } from '../../../platform/caller.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';
import { readWholeFile } from '../../shared/files/service.ts';
import { schoolIdentity } from '../../system/settings/service.ts';
import { schoolToday } from '../../timetable/views/service.ts';
import { APPROVAL_MESSAGE_TYPE, registerApplicantPage, registerOnApproved, schoolText, startApproval, type ApplicationFacts } from '../approvals/service.ts';
import { applicationDetail, familyStudentId } from '../leave/service.ts';
import { renderCertificatePdf, type CertificateContent } from './pdf.ts';

export const CERTIFICATE_PERMISSIONS = {
  daySchool: 'apply:daySchool',
  enrolment: 'apply:enrolmentCert',
  grade: 'apply:gradeCert',
} as const satisfies Record<CertificateKind, string>;

export const TYPE_OF_KIND = { daySchool: 'daySchool', enrolment: 'enrolmentCertificate', grade: 'gradeCertificate' } as const satisfies Record<CertificateKind, ApplicationType>;
const KIND_OF_TYPE: Partial<Record<ApplicationType, CertificateKind>> = { daySchool: 'daySchool', enrolmentCertificate: 'enrolment', gradeCertificate: 'grade' };
const SERIAL_PREFIX: Record<CertificateKind, string> = { daySchool: 'ZD', enrolment: 'ZS', grade: 'CJ' };

/** Where the family reads each kind of certificate application. */
const CERTIFICATE_PAGES: Partial<Record<ApplicationType, string>> = { daySchool: DAY_SCHOOL_URL, enrolmentCertificate: ENROLMENT_CERTIFICATE_URL, gradeCertificate: GRADE_CERTIFICATE_URL };
registerApplicantPage('daySchool', (a) => `${DAY_SCHOOL_URL}?id=${a.id}`);
registerApplicantPage('enrolmentCertificate', (a) => `${ENROLMENT_CERTIFICATE_URL}?id=${a.id}`);
registerApplicantPage('gradeCertificate', (a) => `${GRADE_CERTIFICATE_URL}?id=${a.id}`);

/**
 * Where a grade certificate's scores come from: the scores area (成绩管理) registers the released scores
 * of a student in the chosen terms. Without it a certificate says that no scores were released.
 */
type TranscriptSource = (db: DbOrTx, studentId: number, termIds: number[]) => Promise<TranscriptLine[]>;
let transcriptSource: TranscriptSource | null = null;
export function registerTranscriptSource(source: TranscriptSource): void {
  transcriptSource = source;
}

interface StudentFacts {
  id: number;
  name: string;
  gender: string;
  birthDate: string | null;
  studentNumber: string;
  entryYear: number;
  inSchoolStatus: string;
  enrolmentStatus: string;
  className: string;
  gradeName: string;
  gradeNameEn: string | null;
}

async function studentFacts(db: DbOrTx, studentId: number): Promise<StudentFacts> {
  const [row] = await queryRows<StudentFacts>(db, sql`
    SELECT s.id, s.name, s.gender, s.birth_date::text AS "birthDate", s.student_number AS "studentNumber", s.entry_year AS "entryYear",
      s.in_school_status AS "inSchoolStatus", s.enrolment_status AS "enrolmentStatus", coalesce(c.name, '') AS "className",
      coalesce(g.name, '') AS "gradeName", g.name_en AS "gradeNameEn"
    FROM students s LEFT JOIN classes c ON c.id = s.class_id LEFT JOIN grades g ON g.id = c.grade_id WHERE s.id = ${studentId}`);
  if (!row) throw notFound();
  return row;
}

/** Certificates are for students on the roll and in school (学籍状态 有学籍, 在校状态 在校) with a class. */
function requireEnrolled(student: StudentFacts): void {
  if (student.enrolmentStatus !== '1' || student.inSchoolStatus !== '1' || !student.className) throw conflict('certificate.notEnrolled', { name: student.name });
}

async function insertApplication(tx: Tx, caller: Caller, type: ApplicationType, studentId: number, reason: string, details: ApplicationDetails, range?: { start: Date; end: Date }): Promise<number> {
  const [row] = await queryRows<{ id: number }>(tx, sql`
    INSERT INTO applications (type, applicant_user_id, student_id, steps, start_at, end_at, reason, details)
    VALUES (${type}, ${caller.auth.userId}, ${studentId}, '[]'::jsonb, ${range?.start ?? null}, ${range?.end ?? null}, ${reason}, ${JSON.stringify(details)}::jsonb)
    RETURNING id`);
  await startApproval(tx, row!.id, caller.auth.userId);
  return row!.id;
}

/** 走读申请: a student stops boarding for a period, with who brings and fetches them. */
export async function createDaySchool(db: Db, caller: Caller, input: DaySchoolCreate): Promise<{ id: number }> {
  if (input.startDate < schoolToday()) throw badRequest('daySchool.startPast');
  const start = new Date(`${input.startDate}T00:00:00`);
  const end = new Date(`${input.endDate}T23:59:59`);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) throw badRequest('leave.dateFormat');
  if (end.getTime() - start.getTime() > 366 * 86_400_000) throw badRequest('daySchool.tooLong');
  return db.transaction(async (tx) => {
    const studentId = await familyStudentId(tx, caller.auth, input.studentId);
    requireEnrolled(await studentFacts(tx, studentId));
    // The student's own applications are serialised, so two at once cannot both pass the overlap check.
    await tx.execute(sql`SELECT id FROM students WHERE id = ${studentId} FOR UPDATE`);
    const [overlap] = await queryRows(tx, sql`
      SELECT 1 FROM applications WHERE type = 'daySchool' AND student_id = ${studentId} AND status IN ('pending', 'approved')
        AND start_at <= ${end} AND end_at >= ${start}`);
    if (overlap) throw conflict('daySchool.overlap');
    const details: ApplicationDetails = {
      startDate: input.startDate,
      endDate: input.endDate,
      address: input.address,
      guardian: input.guardian,
      guardianPhone: input.guardianPhone,
      transport: input.transport,
    };
    return { id: await insertApplication(tx, caller, 'daySchool', studentId, input.reason, details, { start, end }) };
  });
}

/** 在读证明 and 成绩证明: one pending application of a kind per student at a time. */
export async function createCertificate(db: Db, caller: Caller, kind: 'enrolment' | 'grade', input: CertificateCreate): Promise<{ id: number }> {
  const termIds = kind === 'grade' ? [...new Set(input.termIds)] : [];
  if (kind === 'grade' && termIds.length === 0) throw badRequest('certificate.termsRequired');
  return db.transaction(async (tx) => {
    const studentId = await familyStudentId(tx, caller.auth, input.studentId);
    const student = await studentFacts(tx, studentId);
    requireEnrolled(student);
    if (termIds.length) {
      const [found] = await queryRows<{ count: number }>(tx, sql`SELECT count(*)::int AS count FROM terms WHERE id IN (SELECT unnest(${intArray(termIds)}))`);
      if (found?.count !== termIds.length) throw badRequest('certificate.termMissing');
    }
    await tx.execute(sql`SELECT id FROM students WHERE id = ${studentId} FOR UPDATE`);
    const type = TYPE_OF_KIND[kind];
    const [pending] = await queryRows(tx, sql`SELECT 1 FROM applications WHERE type = ${type} AND student_id = ${studentId} AND status = 'pending'`);
    if (pending) throw conflict('certificate.pending', { name: student.name });
    const details: ApplicationDetails = { purpose: input.purpose, english: input.english, ...(kind === 'grade' ? { termIds } : {}) };
    return { id: await insertApplication(tx, caller, type, studentId, input.reason, details) };
  });
}

/** A stable text of the content: keys in a fixed order, so that its hash does not depend on how it was read. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * On the last approval the school issues the certificate in the same transaction: the content is recorded
 * with its hash, a serial number and the code of its verification address.
 */
async function issueCertificate(tx: Tx, application: ApplicationFacts): Promise<void> {
  const kind = KIND_OF_TYPE[application.type];
  if (!kind || application.studentId === null) return;
  const [record] = await queryRows<{ details: ApplicationDetails }>(tx, sql`SELECT details FROM applications WHERE id = ${application.id}`);
  const details = record?.details ?? {};
  const student = await studentFacts(tx, application.studentId);
  // The student may have left while the application waited: no certificate says otherwise.
  requireEnrolled(student);
  const school = await schoolIdentity(tx);
  const termIds = details.termIds ?? [];
  const terms = termIds.length
    ? await queryRows<{ name: string; nameEn: string | null }>(tx, sql`
        SELECT name, name_en AS "nameEn" FROM terms WHERE id IN (SELECT unnest(${intArray(termIds)})) ORDER BY start_date`)
    : [];
  const transcript = kind === 'grade' && transcriptSource ? await transcriptSource(tx, student.id, termIds) : [];
  const [idRow] = await queryRows<{ id: number }>(tx, sql`SELECT nextval(pg_get_serial_sequence('certificates', 'id'))::int AS id`);
  const issuedOn = schoolToday();
  const serialNumber = `${SERIAL_PREFIX[kind]}${issuedOn.slice(0, 4)}${String(idRow!.id).padStart(6, '0')}`;
  const content: CertificateContent = {
    kind,
    serialNumber,
    schoolName: school.name,
    schoolNameEn: school.nameEn,
    studentName: student.name,
    gender: student.gender,
    birthDate: student.birthDate ?? '',
    studentNumber: student.studentNumber,
    entryYear: student.entryYear,
    gradeName: student.gradeName,
    gradeNameEn: student.gradeNameEn ?? '',
    className: student.className,
    issuedOn,
    purpose: details.purpose ?? '',
    english: details.english ?? false,
    startDate: details.startDate ?? '',
    endDate: details.endDate ?? '',
    address: details.address ?? '',
    guardian: details.guardian ?? '',
    guardianPhone: details.guardianPhone ?? '',
    transport: details.transport ?? '',
    termNames: terms.map((term) => term.name),
    termNamesEn: terms.map((term) => term.nameEn ?? term.name),
    transcript,
  };
  await tx.execute(sql`
    INSERT INTO certificates (id, application_id, kind, serial_number, verify_code, student_id, english, content, content_sha256)
    VALUES (${idRow!.id}, ${application.id}, ${kind}, ${serialNumber}, ${randomBytes(16).toString('base64url')}, ${student.id}, ${content.english},
      ${JSON.stringify(content)}::jsonb, ${sha256(canonical(content))})`);
}
for (const type of ['daySchool', 'enrolmentCertificate', 'gradeCertificate'] as const) registerOnApproved(type, issueCertificate);

/**
 * The certificate's PDF, for whoever may read its application. The file is drawn at the first download
 * (the QR code holds that request's site address, or PUBLIC_URL) and kept: every later download, and the
 * verification page's hash, are of that same file.
 */
export async function certificatePdf(db: Db, caller: Caller, applicationId: number, seesAll: boolean, origin: string): Promise<{ name: string; pdf: Buffer }> {
  // The same reading rule as the application itself: refuses what the caller may not open.
  await applicationDetail(db, caller, applicationId, seesAll);
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: number; serialNumber: string; verifyCode: string; content: CertificateContent; pdf: Buffer | Uint8Array | null; issuedAt: Date; revokedAt: Date | null; revokeReason: string }>(tx, sql`
      SELECT id, serial_number AS "serialNumber", verify_code AS "verifyCode", content, pdf, issued_at AS "issuedAt", revoked_at AS "revokedAt", revoke_reason AS "revokeReason"
      FROM certificates WHERE application_id = ${applicationId} FOR UPDATE`);
    if (!row) throw conflict('certificate.notIssued');
    // The office keeps the file it revoked; the family no longer gets a copy to hand on.
    if (row.revokedAt && !seesAll) throw conflict('certificate.revokedNoDownload', { date: schoolToday(new Date(row.revokedAt)), reason: row.revokeReason });
    const name = `${row.serialNumber}.pdf`;
    if (row.pdf) return { name, pdf: Buffer.from(row.pdf) };
    const school = await schoolIdentity(tx);
    const seal = school.sealFileId ? await readWholeFile(tx, school.sealFileId) : null;
    const pdf = await renderCertificatePdf(row.content, `${origin}${CERTIFICATE_VERIFY_PATH}/${row.verifyCode}`, seal && seal.length ? seal : null, new Date(row.issuedAt));
    await tx.execute(sql`UPDATE certificates SET pdf = ${pdf}, pdf_sha256 = ${sha256(pdf)} WHERE id = ${row.id}`);
    return { name, pdf };
  });
}

/** A name with its middle hidden, for a page anyone may open: 张*伟, 李*, J*** Smith. */
export function maskName(name: string): string {
  const chars = Array.from(name.trim());
  if (chars.length <= 1) return name;
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

/** The public verification page: what the certificate with this code says, and whether its record is intact. */
export async function verifyCertificate(db: DbOrTx, code: string): Promise<CertificateVerification> {
  const [row] = await queryRows<{ serialNumber: string; kind: CertificateKind; content: CertificateContent; contentSha256: string; pdfSha256: string | null; revokedAt: Date | null }>(db, sql`
    SELECT serial_number AS "serialNumber", kind, content, content_sha256 AS "contentSha256", pdf_sha256 AS "pdfSha256", revoked_at AS "revokedAt"
    FROM certificates WHERE verify_code = ${code}`);
  if (!row) throw notFound('certificate.notFound');
  const content = row.content;
  return {
    serialNumber: row.serialNumber,
    kind: row.kind,
    schoolName: content.schoolName,
    schoolNameEn: content.schoolNameEn,
    studentName: maskName(content.studentName),
    className: content.className,
    issuedAt: content.issuedOn,
    validUntil: row.kind === 'daySchool' ? content.endDate : '',
    pdfSha256: row.pdfSha256 ?? '',
    intact: sha256(canonical(content)) === row.contentSha256 && content.serialNumber === row.serialNumber,
    revoked: row.revokedAt !== null,
    revokedOn: row.revokedAt ? schoolToday(new Date(row.revokedAt)) : '',
  };
}

/**
 * The academic office revokes an issued certificate (issued in error, superseded): the verification page
 * says so from then on, the family can no longer download it, and the applicant and the student's parents
 * are told why.
 */
export async function revokeCertificate(db: Db, caller: Caller, applicationId: number, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: number; serialNumber: string; revokedAt: Date | null; applicantUserId: number; studentId: number; type: ApplicationType }>(tx, sql`
      SELECT c.id, c.serial_number AS "serialNumber", c.revoked_at AS "revokedAt", a.applicant_user_id AS "applicantUserId", c.student_id AS "studentId", a.type
      FROM certificates c JOIN applications a ON a.id = c.application_id WHERE c.application_id = ${applicationId} FOR UPDATE OF c`);
    if (!row) throw conflict('certificate.notIssued');
    if (row.revokedAt) throw conflict('certificate.alreadyRevoked');
    await tx.execute(sql`UPDATE certificates SET revoked_at = now(), revoked_by_user_id = ${caller.auth.userId}, revoke_reason = ${reason} WHERE id = ${row.id}`);
    const title = schoolText('certificate.message.revoked', { serial: row.serialNumber, reason });
    await tx.execute(sql`
      INSERT INTO messages (recipient_user_id, sender_user_id, title, content, type, link)
      SELECT DISTINCT r, ${caller.auth.userId}::int, ${title}, ${reason}, ${APPROVAL_MESSAGE_TYPE}, ${`${CERTIFICATE_PAGES[row.type]}?id=${applicationId}`}
      FROM (SELECT ${row.applicantUserId}::int AS r UNION SELECT parent_user_id FROM guardians WHERE student_id = ${row.studentId}) recipients`);
  });
}
