import type { Language } from '@campus/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { AuthContext } from '../../../platform/context.ts';
import { forbidden, notFound } from '../../../platform/errors.ts';
import { isStaff, visibleStaff } from '../../../platform/scope.ts';
import {
  appointmentScopes, classroomsThisTerm, examBatchExists, invigilationDuties, ledClassNames, lookupStaff, staffBasic, taughtThisTerm,
  type StaffBasicRow, type TaughtRow,
} from './queries.ts';

/** 13812341234 → 138****1234: enough for a student or parent to recognise, not to dial. */
export function maskPhone(phone: string): string {
  if (phone.length >= 8) return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
  return phone.length === 0 ? '' : '****';
}

/** Finds the staff member and refuses one outside the caller's scope before anything else is read. */
async function visibleStaffId(db: Db, caller: AuthContext, staffNumber: string): Promise<number> {
  const found = await lookupStaff(db, staffNumber, (id) => visibleStaff(caller, id));
  if (!found) throw notFound();
  if (!found.visible) throw forbidden('staffProfile.forbidden');
  return found.id;
}

export interface StaffBasicInfo extends StaffBasicRow {
  /** Full for staff callers, masked for students and parents, '' when unknown. */
  phone: string;
}

export async function basicInfo(db: Db, caller: AuthContext, staffNumber: string, language: Language): Promise<StaffBasicInfo> {
  const id = await visibleStaffId(db, caller, staffNumber);
  const row = await staffBasic(db, id, visibleStaff(caller, sql`${id}`), language);
  if (!row) throw notFound();
  const phone = row.phone ?? '';
  return { ...row, phone: isStaff(caller) ? phone : maskPhone(phone) };
}

export interface Appointments {
  ledClasses: string[];
  lessonPrepHeadOf: string[];
  gradeLeaderOf: string[];
}

export async function appointments(db: Db, caller: AuthContext, staffNumber: string): Promise<Appointments> {
  const id = await visibleStaffId(db, caller, staffNumber);
  return {
    ledClasses: await ledClassNames(db, id),
    lessonPrepHeadOf: await appointmentScopes(db, id, 'lessonPrepHead'),
    gradeLeaderOf: await appointmentScopes(db, id, 'gradeLeader'),
  };
}

export async function teaching(db: Db, caller: AuthContext, staffNumber: string, language: Language): Promise<TaughtRow[]> {
  return taughtThisTerm(db, await visibleStaffId(db, caller, staffNumber), language);
}

export async function classrooms(db: Db, caller: AuthContext, staffNumber: string): Promise<string[]> {
  return classroomsThisTerm(db, await visibleStaffId(db, caller, staffNumber));
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** Hours with one decimal, as shown in the invigilation tab. */
const hours = (minutes: number) => Math.round((minutes / 60) * 10) / 10;

export interface InvigilationDuty {
  roleName: string;
  examDate: string;
  startTime: string;
  endTime: string;
  courseName: string;
  hours: number;
}

export interface Invigilation {
  duties: InvigilationDuty[];
  /** Role name → total hours, in the dictionary's role order. */
  hoursByRole: Record<string, number>;
}

/** Invigilation duties are staff matters: students and parents are refused whoever they ask about. */
export async function invigilation(db: Db, caller: AuthContext, staffNumber: string, batchId: number | null, language: Language): Promise<Invigilation> {
  if (!isStaff(caller)) throw forbidden('staffProfile.invigilationStaffOnly');
  const id = await visibleStaffId(db, caller, staffNumber);
  if (batchId !== null && !(await examBatchExists(db, batchId))) throw notFound('staffProfile.batchNotFound');
  const rows = await invigilationDuties(db, id, batchId, language);
  const minutesByRole = new Map<string, { sort: number; minutes: number }>();
  const duties = rows.map((row) => {
    const minutes = Math.max(0, minutesOf(row.endTime) - minutesOf(row.startTime));
    const total = minutesByRole.get(row.roleName) ?? { sort: row.roleSort, minutes: 0 };
    total.minutes += minutes;
    minutesByRole.set(row.roleName, total);
    return { roleName: row.roleName, examDate: row.examDate, startTime: row.startTime, endTime: row.endTime, courseName: row.courseName, hours: hours(minutes) };
  });
  // Totals are summed in minutes and rounded once, so they match the sessions however many there are.
  const hoursByRole = Object.fromEntries([...minutesByRole.entries()].sort((a, b) => a[1].sort - b[1].sort).map(([role, total]) => [role, hours(total.minutes)]));
  return { duties, hoursByRole };
}
