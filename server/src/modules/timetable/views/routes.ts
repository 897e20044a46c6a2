import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../platform/envelope.ts';
import type { CellRow, ElectiveRow, PeriodRow, TermRow, WeekDayRow } from './queries.ts';
import {
  calendarGrid, isCalendarDate, ownerTimetable, studentTimetable, termOptions, termWeeks, TIMETABLE_TYPES, weekOfDay, type Timetable, type TimetableKind,
} from './service.ts';

const termCode = z.string({ error: 'timetable.termRequired' }).trim().min(1, 'timetable.termRequired').max(20, 'validation.tooLong');
/** Digits only here; the range (1 to the term's week count) is checked against the term. */
const week = z.string({ error: 'timetable.weekRequired' }).trim().min(1, 'timetable.weekRequired').regex(/^\d{1,3}$/, 'timetable.weekInvalid');

const termBody = z.object({ xnxq: termCode });
const dateBody = z.object({
  rq: z.string({ error: 'timetable.dateRequired' }).trim().min(1, 'timetable.dateRequired').refine(isCalendarDate, 'timetable.dateInvalid'),
});
const ownerTimetableBody = z.object({
  id: z.string({ error: 'timetable.idRequired' }).trim().min(1, 'timetable.idRequired').max(30, 'validation.tooLong'),
  xnxq: termCode,
  type: z.enum([TIMETABLE_TYPES.class, TIMETABLE_TYPES.classroom, TIMETABLE_TYPES.teacher], { error: 'timetable.typeInvalid' }),
  zs: week,
});
const studentTimetableBody = z.object({
  xh: z.string({ error: 'students.numberRequired' }).trim().min(1, 'students.numberRequired').max(30, 'validation.tooLong'),
  xnxq: termCode,
  zs: week,
});

const KIND_OF_TYPE: Record<string, TimetableKind> = { [TIMETABLE_TYPES.class]: 'class', [TIMETABLE_TYPES.classroom]: 'classroom', [TIMETABLE_TYPES.teacher]: 'teacher' };

/**
 * The wire edge of the timetable calls: every legacy name (zc, jc, PX, D_ID_, zxs, ...) is produced here
 * from the English domain rows and nowhere else.
 */
const wire = {
  weekDay: (d: WeekDayRow) => ({ CODE: d.day, NAME: d.name }),
  period: (p: PeriodRow) => ({ PX: p.sort, MC: p.name, SKSJD: `${p.startTime}-${p.endTime}` }),
  term: (t: TermRow) => ({ D_ID_: t.code, MC: t.name, DQXQ: t.isCurrent ? '1' : '0' }),
  termWeeks: (w: { weekCount: number; currentWeek: number }) => ({ zs: w.weekCount, dqzs: w.currentWeek }),
  cell: (c: CellRow) => ({ zc: c.day, jc: c.period, kcmc: c.courseName, bq1: c.label, rkjsmc: c.teacherName, rkjs: c.teacherNumber, jsmc: c.classroomName, bjmc: c.className }),
  /** An elective cell names the course and, in brackets, its teacher. */
  elective: (e: ElectiveRow) => ({ x: e.day, y: e.period, name: e.teacherName ? `${e.courseName}(${e.teacherName})` : e.courseName }),
  timetable: (t: Timetable) => ({ zxs: t.weeklyLessons, data: t.cells.map(wire.cell), xxk: t.electives.map(wire.elective) }),
};

export async function timetableRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const read = { access: 'authenticated', readOnly: true } as const;

  app.post('/pk/initZcJc', { config: read, schema: { tags: ['timetable'], summary: 'Teaching days (zc) and lesson periods (jc) of the timetable grid' } }, async (request) => {
    const grid = await calendarGrid(database.db, request.language);
    return ok({ zc: grid.days.map(wire.weekDay), jc: grid.periods.map(wire.period) });
  });

  app.post('/pk/initXnxq', { config: read, schema: { tags: ['timetable'], summary: 'School terms, newest first; DQXQ = 1 marks the current one' } }, async (request) =>
    ok({ xnxq: (await termOptions(database.db, request.language)).map(wire.term) }),
  );

  app.post(
    '/pk/initXnxqZc',
    { config: read, schema: { tags: ['timetable'], summary: 'Week count of a term and the current week (0 outside the term)', body: termBody } },
    async (request) => ok(wire.termWeeks(await termWeeks(database.db, request.body.xnxq))),
  );

  app.post(
    '/mobileKb/getZsByRq',
    { config: read, schema: { tags: ['timetable'], summary: 'Week number of a date in the term containing it (0 outside every term)', body: dateBody } },
    async (request) => ok(await weekOfDay(database.db, request.body.rq)),
  );

  app.post(
    '/pk/queryPkInfoFb',
    { config: read, schema: { tags: ['timetable'], summary: 'Timetable of a class (type 1), classroom (2) or teacher (3) in one week', body: ownerTimetableBody } },
    async (request) => {
      const { id, xnxq, type, zs } = request.body;
      return ok(wire.timetable(await ownerTimetable(database.db, request.auth!, KIND_OF_TYPE[type], id, { termCode: xnxq, week: zs }, request.language)));
    },
  );

  app.post(
    '/mobileKb/queryXskb',
    { config: read, schema: { tags: ['timetable'], summary: "A student's timetable in one week: their class's cells and their own electives", body: studentTimetableBody } },
    async (request) => {
      const { xh, xnxq, zs } = request.body;
      const timetable = await studentTimetable(database.db, request.auth!, xh, { termCode: xnxq, week: zs }, request.language);
      return ok(wire.timetable(timetable));
    },
  );
}
