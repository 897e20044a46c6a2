import { call } from './client.ts';

/**
 * Timetable calls (spec sections 3, 4 and 7). Wire names are kept as they are; every call goes through
 * the one request client, so `result: false` shows msg as an error toast.
 */

/** A term option; DQXQ '1' marks the current term. */
export interface TermOption {
  D_ID_: string;
  MC: string;
  DQXQ: string;
}

/** Weeks of a term: zs total weeks, dqzs the current week (0 when the term is not running). */
export interface TermWeeks {
  zs: number;
  dqzs: number;
}

/** A week-day column. */
export interface DayColumn {
  CODE: string;
  NAME: string;
}

/** A period row. */
export interface PeriodRow {
  PX: number;
  MC: string;
  SKSJD: string;
}

export interface TimetableGrid {
  zc: DayColumn[];
  jc: PeriodRow[];
}

/** A timetable cell: zc the week-day column, jc the period. */
export interface TimetableCell {
  zc: string | number;
  jc: string | number;
  kcmc?: string;
  bq3?: string;
  bq1?: string;
  rkjsmc?: string;
  outRkjsmc?: string;
  /** The teacher's staff number, when the server sends it (makes the name a staff-profile link). */
  rkjs?: string;
  outRkjs?: string;
  zgh?: string;
  jsmc?: string;
  bjmc?: string;
}

/** An elective cell: x the week day, y the period. */
export interface ElectiveCell {
  x: string | number;
  y: string | number;
  name: string;
}

export interface TimetableData {
  /** Weekly hours. */
  zxs: number;
  data: TimetableCell[];
  xxk: ElectiveCell[];
}

/** What a timetable shows: a student, a teacher, a class or a classroom. */
export type TimetableTarget =
  | { kind: 'student'; xh: string }
  | { kind: 'teacher'; zgh: string }
  | { kind: 'class'; bh: string }
  | { kind: 'classroom'; id: string };

/** queryPkInfoFb's type: '1' class, '2' classroom, '3' teacher. */
export const PK_TYPE = { class: '1', classroom: '2', teacher: '3' } as const;

const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
const num = (value: unknown): number => {
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
};

export async function fetchTerms(signal?: AbortSignal): Promise<TermOption[]> {
  const data = await call<{ xnxq?: unknown } | null>('/pk/initXnxq', { signal });
  return list<TermOption>(data?.xnxq).map((t) => ({ D_ID_: String(t.D_ID_), MC: String(t.MC ?? t.D_ID_), DQXQ: String(t.DQXQ ?? '') }));
}

export async function fetchTermWeeks(xnxq: string, signal?: AbortSignal): Promise<TermWeeks> {
  const data = await call<{ zs?: unknown; dqzs?: unknown } | null>('/pk/initXnxqZc', { form: { xnxq }, signal });
  return { zs: Math.max(0, Math.floor(num(data?.zs))), dqzs: Math.floor(num(data?.dqzs)) };
}

/** The week number of a date (YYYY-MM-DD) in the current term. */
export async function fetchWeekOfDate(rq: string, signal?: AbortSignal): Promise<number> {
  return Math.floor(num(await call<unknown>('/mobileKb/getZsByRq', { form: { rq }, signal })));
}

export async function fetchGrid(signal?: AbortSignal): Promise<TimetableGrid> {
  const data = await call<{ zc?: unknown; jc?: unknown } | null>('/pk/initZcJc', { signal });
  return {
    zc: list<DayColumn>(data?.zc).map((d) => ({ CODE: String(d.CODE), NAME: d.NAME ? String(d.NAME) : '' })),
    jc: list<PeriodRow>(data?.jc)
      .map((p) => ({ PX: num(p.PX), MC: String(p.MC ?? p.PX), SKSJD: String(p.SKSJD ?? '') }))
      .sort((a, b) => a.PX - b.PX),
  };
}

/** The cells of one week: queryXskb for a student, queryPkInfoFb for a teacher, class or classroom. */
export async function fetchTimetable(target: TimetableTarget, xnxq: string, zs: number, signal?: AbortSignal): Promise<TimetableData> {
  const data =
    target.kind === 'student'
      ? await call<Partial<TimetableData> | null>('/mobileKb/queryXskb', { form: { xh: target.xh, xnxq, zs }, signal })
      : await call<Partial<TimetableData> | null>('/pk/queryPkInfoFb', {
          form: {
            id: target.kind === 'teacher' ? target.zgh : target.kind === 'class' ? target.bh : target.id,
            xnxq,
            type: PK_TYPE[target.kind],
            zs,
          },
          signal,
        });
  return { zxs: num(data?.zxs), data: list<TimetableCell>(data?.data), xxk: list<ElectiveCell>(data?.xxk) };
}

/** The id a target is asked for with (also the identity of a target). */
export function targetKey(target: TimetableTarget | null | undefined): string {
  if (!target) return '';
  switch (target.kind) {
    case 'student':
      return target.xh ? `student:${target.xh}` : '';
    case 'teacher':
      return target.zgh ? `teacher:${target.zgh}` : '';
    case 'class':
      return target.bh ? `class:${target.bh}` : '';
    case 'classroom':
      return target.id ? `classroom:${target.id}` : '';
  }
}

/** A lesson of the week the student misses on approved leave (the applications area). */
export interface MissedLesson {
  zc: number;
  jc: number;
  date: string;
  applicationId: number;
  leaveTypeName: string;
}

/** The lessons a student misses in one week of a term (POST /api/applications/leave/missedLessons). */
export async function fetchMissedLessons(xh: string, xnxq: string, zs: number, signal?: AbortSignal): Promise<MissedLesson[]> {
  return (await call<MissedLesson[] | null>('/api/applications/leave/missedLessons', { json: { xh, xnxq, zs }, signal, silent: true })) ?? [];
}
