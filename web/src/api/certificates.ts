import type { CertificateCreate, CertificateVerification, DaySchoolCreate } from '@campus/contract';
import { call, download, request } from './client.ts';
import { saveBlob } from './exports.ts';
import { APPLICATION_CALLS, fetchApplicationChildren, type LeaveChild } from './leave.ts';

/**
 * Calls of Day-school application (/sqsp/zdsq), Enrolment certificate (/sqsp/zdzm), Grade certificate (/sqsp/cjzm) and
 * the public verification page (/verify/:code) (server/src/modules/applications/certificates/routes.ts). Their
 * lists, details and withdrawals are the shared ones of ./leave.ts by kind.
 */
export type CertificateApplicationKind = 'enrolment' | 'grade';

export const CERTIFICATE_CALLS = {
  daySchool: { ...APPLICATION_CALLS.daySchool, children: '/api/applications/daySchool/children' },
  enrolment: { ...APPLICATION_CALLS.enrolment, children: '/api/applications/enrolment/children' },
  grade: { ...APPLICATION_CALLS.grade, children: '/api/applications/grade/children' },
  /** The terms a grade certificate may cover. */
  terms: '/api/applications/grade/terms',
  /** GET ?id=<application id>: the approved application's certificate as PDF. */
  pdf: '/api/applications/certificates/pdf',
  /** Public (no sign-in): what the certificate with a QR code's code says. */
  verify: '/api/certificates/verify',
  /** The academic office revokes an issued certificate, with the reason. */
  revoke: '/api/applications/certificates/revoke',
} as const;

/** Who may revoke a certificate (and still download a revoked one): whoever decides any application. */
export const CERTIFICATE_REVOKE_PERMISSION = 'apply:review:all';

export async function revokeCertificate(id: number, reason: string): Promise<string> {
  const envelope = await request<null>(CERTIFICATE_CALLS.revoke, { json: { id, reason } });
  return envelope.msg;
}

/** A term a grade certificate may cover. */
export interface CertificateTerm {
  id: number;
  name: string;
}

export function fetchCertificateChildren(kind: 'daySchool' | CertificateApplicationKind, signal?: AbortSignal): Promise<LeaveChild[]> {
  return fetchApplicationChildren(kind, signal);
}

export async function createDaySchool(body: DaySchoolCreate): Promise<{ msg: string; id: number }> {
  const envelope = await request<{ id: number }>(CERTIFICATE_CALLS.daySchool.create, { json: body });
  return { msg: envelope.msg, ...envelope.data };
}

export async function createCertificate(kind: CertificateApplicationKind, body: CertificateCreate): Promise<{ msg: string; id: number }> {
  const envelope = await request<{ id: number }>(CERTIFICATE_CALLS[kind].create, { json: body });
  return { msg: envelope.msg, ...envelope.data };
}

/** The terms that have begun, newest first, named in the caller's language. */
export async function fetchCertificateTerms(signal?: AbortSignal): Promise<CertificateTerm[]> {
  const data = await call<CertificateTerm[] | null>(CERTIFICATE_CALLS.terms, { json: {}, signal });
  return Array.isArray(data) ? data : [];
}

/** The file name a certificate is saved under: its serial number. */
export const certificateFileName = (serialNumber: string) => `${serialNumber}.pdf`;

/** Downloads an approved application's certificate and saves it; a refusal has been shown by the request client and rejects. */
export async function downloadCertificate(applicationId: number, serialNumber: string): Promise<void> {
  const blob = await download(CERTIFICATE_CALLS.pdf, { query: { id: applicationId } });
  saveBlob(blob, certificateFileName(serialNumber));
}

/**
 * The public check of a certificate by its code, without the session's token. An unknown code rejects with
 * the server's message (an ApiError of kind 'business'), shown by the page rather than as a pop-up.
 */
export function verifyCertificate(code: string, signal?: AbortSignal): Promise<CertificateVerification> {
  return call<CertificateVerification>(CERTIFICATE_CALLS.verify, { json: { code }, anonymous: true, silent: true, ignoreExpiry: true, signal });
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * The SHA-256 of a file, as lowercase hex. The browser computes it (crypto.subtle.digest) where it can; a page
 * opened over plain http (no secure context, no crypto.subtle) uses the bundled implementation instead.
 */
export async function fileSha256(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await readBytes(file));
  const subtle = globalThis.crypto?.subtle;
  if (subtle && typeof subtle.digest === 'function') return hex(new Uint8Array(await subtle.digest('SHA-256', bytes)));
  const { sha256 } = await import('@noble/hashes/sha2.js');
  return hex(sha256(bytes));
}

/** A Blob's bytes (FileReader where arrayBuffer is missing, as in older mobile browsers). */
function readBytes(file: Blob): Promise<ArrayBuffer> {
  if (typeof file.arrayBuffer === 'function') return file.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(file);
  });
}
