import { z } from 'zod';
import { idSchema } from '../system/system.ts';

/**
 * 走读申请, 在读证明申请 and 成绩证明申请 (issue 14): a parent applies for a child (a student for
 * themselves); each goes through its type's approval chain, and on approval the school issues a
 * certificate: a serial number, a record of what it certifies, and a PDF (Chinese, and English on request)
 * with the school's name and seal and a QR code that opens the public verification page.
 */

export const DAY_SCHOOL_URL = '/sqsp/zdsq';
export const ENROLMENT_CERTIFICATE_URL = '/sqsp/zdzm';
export const GRADE_CERTIFICATE_URL = '/sqsp/cjzm';
/** The public page a certificate's QR code opens: /verify/<code>. */
export const CERTIFICATE_VERIFY_PATH = '/verify';

export const CERTIFICATE_KINDS = ['daySchool', 'enrolment', 'grade'] as const;
export type CertificateKind = (typeof CERTIFICATE_KINDS)[number];

/** How a day student comes and goes. */
export const DAY_SCHOOL_TRANSPORTS = ['walk', 'bicycle', 'bus', 'car', 'other'] as const;
export type DaySchoolTransport = (typeof DAY_SCHOOL_TRANSPORTS)[number];

export const DAY_SCHOOL_ADDRESS_MAX = 100;
export const CERTIFICATE_PURPOSE_MAX = 100;
/** A grade certificate covers at most this many terms (six school years). */
export const CERTIFICATE_TERMS_MAX = 12;

const date = (required: string) =>
  z.string({ message: required }).trim().min(1, required).regex(/^\d{4}-\d{2}-\d{2}$/, 'leave.dateFormat');

const reason = z.string({ message: 'leave.reasonRequired' }).trim().min(1, 'leave.reasonRequired').max(500, 'validation.tooLong');

export const daySchoolCreateSchema = z
  .object({
    /** A parent's child; a student leaves it out (their own). */
    studentId: idSchema.optional(),
    startDate: date('daySchool.startRequired'),
    endDate: date('daySchool.endRequired'),
    address: z.string({ message: 'daySchool.addressRequired' }).trim().min(1, 'daySchool.addressRequired').max(DAY_SCHOOL_ADDRESS_MAX, 'validation.tooLong'),
    /** Who brings and fetches the student. */
    guardian: z.string({ message: 'daySchool.guardianRequired' }).trim().min(1, 'daySchool.guardianRequired').max(50, 'validation.tooLong'),
    guardianPhone: z
      .string({ message: 'daySchool.phoneRequired' })
      .trim()
      .min(1, 'daySchool.phoneRequired')
      .regex(/^(1\d{10}|0\d{2,3}-?\d{7,8})$/, 'daySchool.phoneFormat'),
    transport: z.enum(DAY_SCHOOL_TRANSPORTS, { message: 'daySchool.transportRequired' }),
    reason,
  })
  .refine((value) => value.endDate >= value.startDate, { message: 'daySchool.endBeforeStart', path: ['endDate'] });
export type DaySchoolCreate = z.infer<typeof daySchoolCreateSchema>;

export const certificateCreateSchema = z.object({
  studentId: idSchema.optional(),
  /** What the certificate is for (a visa, a transfer, a bank ...). */
  purpose: z.string({ message: 'certificate.purposeRequired' }).trim().min(1, 'certificate.purposeRequired').max(CERTIFICATE_PURPOSE_MAX, 'validation.tooLong'),
  /** Adds an English page after the Chinese one. */
  english: z.boolean({ message: 'errors.badRequest' }).default(false),
  /** Grade certificates: the terms whose scores it lists. */
  termIds: z.array(idSchema).max(CERTIFICATE_TERMS_MAX, 'certificate.tooManyTerms').default([]),
  reason: z.string({ message: 'errors.badRequest' }).trim().max(500, 'validation.tooLong').default(''),
});
export type CertificateCreate = z.infer<typeof certificateCreateSchema>;

/** What an application of these types holds besides the common columns. */
export interface ApplicationDetails {
  startDate?: string;
  endDate?: string;
  address?: string;
  guardian?: string;
  guardianPhone?: string;
  transport?: DaySchoolTransport;
  purpose?: string;
  english?: boolean;
  termIds?: number[];
  /** Roll changes (contract roll/changes.ts). */
  changeKind?: 'insertClass' | 'transferOut' | 'suspend' | 'resume';
  fromClassId?: number | null;
  fromClassName?: string;
  toClassId?: number | null;
  toClassName?: string;
  effectiveDate?: string;
  school?: string;
}

/** The certificate an approved application produced. */
export interface CertificateInfo {
  serialNumber: string;
  issuedAt: string;
  /** The public verification page's path (/verify/<code>). */
  verifyPath: string;
  /** When the school revoked it ('' while it holds) and why. */
  revokedAt: string;
  revokeReason: string;
}

export const CERTIFICATE_REVOKE_REASON_MAX = 200;

/** The academic office revokes an issued certificate (issued in error, superseded): the verification page then says so. */
export const certificateRevokeSchema = z.object({
  id: idSchema,
  reason: z.string({ message: 'certificate.revokeReasonRequired' }).trim().min(1, 'certificate.revokeReasonRequired').max(CERTIFICATE_REVOKE_REASON_MAX, 'validation.tooLong'),
});

/** One line of a grade certificate: a subject's score in a term. */
export interface TranscriptLine {
  termName: string;
  termNameEn: string;
  subject: string;
  subjectEn: string;
  score: string;
}

/** What the public verification page shows of a certificate. */
export interface CertificateVerification {
  serialNumber: string;
  kind: CertificateKind;
  schoolName: string;
  schoolNameEn: string;
  /** The name with the middle hidden (张*伟): the page is public. */
  studentName: string;
  className: string;
  issuedAt: string;
  /** Until when a day-school permit holds; '' for the other kinds. */
  validUntil: string;
  /** SHA-256 of the PDF as issued: a reader compares the file they were given. */
  pdfSha256: string;
  /** The recorded content still hashes to what was signed at issue. */
  intact: boolean;
  revoked: boolean;
  /** The day it was revoked, '' while it holds. */
  revokedOn: string;
}
