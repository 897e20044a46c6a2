import { SCHOOL_TIME_ZONE, type Language } from '@campus/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { AuthContext } from '../../../platform/context.ts';
import { badRequest, forbidden, notFound } from '../../../platform/errors.ts';
import { isStaff, studentScopeOf, visibleClasses, visibleStaff } from '../../../platform/scope.ts';
import {
  cellsInWeek, electivesInWeek, lookupOwner, teachingCellsInWeek, periodList, studentWeek, teachingDays, termByCode, termContaining, termList,
  type CellRow, type ElectiveRow, type OwnerLookup, type PeriodRow, type TermRow, type TimetableOwner, type WeekDayRow,
} from './queries.ts';

/**
 * The school's own time zone (contract/src/shared/schoolClock.ts) decides what "today" is (the current week,
 * a student's age): a server running in UTC would otherwise move to the next day eight hours late.
 */
export { SCHOOL_TIME_ZONE };

const todayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: SCHOOL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today's date at the school, YYYY-MM-DD. */
export function schoolToday(now: Date = new Date()): string {
  return todayFormat.format(now);
}

const dayNumber = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000;

/** True for a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * The teaching week of a day in a term: weeks start on the term's start date and week 1 is its first
 * seven days. Days outside the term's dates answer 0; days after the last teaching week (exam days up to
 * the term's end) count as the last week.
 */
export function weekOfDate(term: Pick<TermRow, 'startDate' | 'endDate' | 'weekCount'>, day: string): number {
  if (day < term.startDate || day > term.endDate) return 0;
  const week = Math.floor((dayNumber(day) - dayNumber(term.startDate)) / 7) + 1;
  return Math.min(week, term.weekCount);
}

export async function calendarGrid(db: Db, language: Language): Promise<{ days: WeekDayRow[]; periods: PeriodRow[] }> {
  return { days: await teachingDays(db, language), periods: await periodList(db, language) };
}

export async function termOptions(db: Db, language: Language): Promise<TermRow[]> {
  return termList(db, language);
}

/** What was read of a term, refused when no term has the code. */
function foundTerm<T>(term: T | null | undefined): T {
  if (term === null || term === undefined) throw notFound('timetable.termNotFound');
  return term;
}

async function requireTerm(db: Db, code: string): Promise<TermRow> {
  return foundTerm(await termByCode(db, code));
}

/** Week count of a term and the week today falls in (0 when today is outside the term). */
export async function termWeeks(db: Db, code: string, today = schoolToday()): Promise<{ weekCount: number; currentWeek: number }> {
  const term = await requireTerm(db, code);
  return { weekCount: term.weekCount, currentWeek: weekOfDate(term, today) };
}

/** The week number of a date in the term containing it; 0 for a date outside every term (holidays). */
export async function weekOfDay(db: Db, day: string): Promise<number> {
  const term = await termContaining(db, day);
  return term ? weekOfDate(term, day) : 0;
}

export interface Timetable {
  /** Lessons held in the week: the cells plus the elective sessions. */
  weeklyLessons: number;
  cells: CellRow[];
  electives: ElectiveRow[];
}

export const TIMETABLE_TYPES = { class: '1', classroom: '2', teacher: '3' } as const;
export type TimetableKind = keyof typeof TIMETABLE_TYPES;

export interface TimetableQuery {
  termCode: string;
  /** Digits, checked against the term's week count here. */
  week: string;
}

/** The week asked for, refused unless it is one of the term's weeks. */
function weekOf(weekCount: number, raw: string): number {
  const week = Number(raw);
  if (!Number.isInteger(week) || week < 1 || week > weekCount) throw badRequest('timetable.weekOutOfRange', { max: weekCount });
  return week;
}

async function termAndWeek(db: Db, query: TimetableQuery): Promise<{ term: TermRow; week: number }> {
  const term = await requireTerm(db, query.termCode);
  return { term, week: weekOf(term.weekCount, query.week) };
}

function visibleOrRefuse(found: OwnerLookup | undefined): number {
  if (!found) throw notFound();
  if (!found.visible) throw forbidden('timetable.forbidden');
  return found.id;
}

async function build(db: Db, termId: number, owner: TimetableOwner, week: number, language: Language): Promise<Timetable> {
  // Independent reads: on a server they run side by side on two pooled connections.
  const [cells, teaching, electives] = await Promise.all([
    cellsInWeek(db, termId, owner, week, language),
    teachingCellsInWeek(db, termId, owner, week, language),
    electivesInWeek(db, termId, owner, week, language),
  ]);
  // A class shows its own cell beside its students' 走班 groups; a teacher's or room's slot holds both if they
  // ever meet (the clash checks refuse that), rather than hiding one.
  const merged = teaching.length ? [...cells, ...teaching].sort((a, b) => a.day - b.day || a.period - b.period) : cells;
  return timetableOf(merged, electives);
}

function timetableOf(cells: CellRow[], electives: ElectiveRow[]): Timetable {
  return { weeklyLessons: cells.length + electives.length, cells, electives };
}

/**
 * A class's, classroom's or teacher's timetable for one week. Staff see any; students and parents their
 * (child's) class and the teachers of it; classrooms only staff. The scope condition is evaluated in the
 * query that finds the owner, and nothing else is read when it fails.
 */
export async function ownerTimetable(db: Db, caller: AuthContext, kind: TimetableKind, code: string, query: TimetableQuery, language: Language): Promise<Timetable> {
  const { term, week } = await termAndWeek(db, query);
  let owner: TimetableOwner;
  switch (kind) {
    case 'class':
      owner = { kind, id: visibleOrRefuse(await lookupOwner(db, 'classes', 'code', code, (id) => visibleClasses(caller, id))) };
      break;
    case 'classroom':
      owner = { kind, id: visibleOrRefuse(await lookupOwner(db, 'classrooms', 'code', code, () => (isStaff(caller) ? sql`TRUE` : sql`FALSE`))) };
      break;
    case 'teacher':
      owner = { kind, id: visibleOrRefuse(await lookupOwner(db, 'staff', 'staff_number', code, (id) => visibleStaff(caller, id))) };
      break;
  }
  return build(db, term.id, owner, week, language);
}

/** A student's timetable: their class's cells (their teaching classes' lessons in their place) and their own electives. */
export async function studentTimetable(db: Db, caller: AuthContext, studentNumber: string, query: TimetableQuery, language: Language): Promise<Timetable> {
  // A week that is not a whole positive number reads no lessons (0) and is refused below, with the term's
  // week count. The refusals come in the order of the other timetables: term, week, student.
  const asked = Number(query.week);
  const found = await studentWeek(db, query.termCode, studentNumber, { scope: studentScopeOf(caller), userId: caller.userId }, Number.isInteger(asked) && asked >= 1 && asked <= 2 ** 31 - 1 ? asked : 0, language);
  weekOf(foundTerm(found.weekCount), query.week);
  visibleOrRefuse(found.studentId === null ? undefined : { id: found.studentId, visible: found.visible === true });
  return timetableOf(found.cells, found.electives);
}
