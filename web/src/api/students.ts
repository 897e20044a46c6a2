import { call, type RequestOptions } from './client.ts';
import type { AwardStudent, StudentListRow } from '@campus/contract';

export type { StudentListRow };

/**
 * The StudentSelect search of a screen whose call pages the students it may choose (`{ currPage, limit,
 * search: { keyword } }` → `{ rows }`): the first `limit` found for the keyword.
 */
export function studentSearchAt(url: string, limit = 50, options: Pick<RequestOptions, 'silent'> = {}) {
  return async (keyword: string, signal?: AbortSignal): Promise<AwardStudent[]> => {
    const data = await call<{ rows?: AwardStudent[] | null } | null>(url, { json: { currPage: 0, limit, search: { keyword } }, signal, ...options });
    return Array.isArray(data?.rows) ? data.rows : [];
  };
}

/** A student's basic information (POST /xsjbxxtab/getTabData → data.dataTab1[0]). */
export interface StudentInfo {
  XH: string;
  ZH: string;
  XM: string;
  BH: string;
  XBMC: string;
  NL: string | number;
  XZBMC: string;
  BZRMC: string;
  /** The class teacher's staff number (makes the class teacher a staff-profile link). */
  BZRZGH?: string;
  /** Photo address, or '' when there is none. */
  IMG: string;
  ZXZT: string;
  XJZT: string;
  NF: string | number;
}

/** The basic information of the student with account `zh`, or null when the server has none. */
export async function fetchStudentInfo(zh: string, signal?: AbortSignal): Promise<StudentInfo | null> {
  const data = await call<{ dataTab1?: unknown } | null>('/xsjbxxtab/getTabData', { form: { zh }, signal });
  const rows = Array.isArray(data?.dataTab1) ? (data.dataTab1 as StudentInfo[]) : [];
  return rows[0] ?? null;
}

/** The parent account is 'jz' + the student account (spec section 3). */
export const PARENT_PREFIX = 'jz';

/** The student account a signed-in user looks at: their own (student) or their child's (parent). */
export function ownStudentAccount(userType: number | undefined, account: string): string {
  if (userType === 4 && account.toLowerCase().startsWith(PARENT_PREFIX)) return account.slice(PARENT_PREFIX.length);
  return account;
}

/** The generic paged student list (POST /api/students/page); the server applies the caller's data scope. */
export const STUDENT_PAGE_URL = '/api/students/page';
