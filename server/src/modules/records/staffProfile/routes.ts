import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../platform/envelope.ts';
import type { TaughtRow } from './queries.ts';
import { appointments, basicInfo, classrooms, invigilation, teaching, type Appointments, type Invigilation, type StaffBasicInfo } from './service.ts';

const staffNumber = z.string({ error: 'staffProfile.staffNumberRequired' }).trim().min(1, 'staffProfile.staffNumberRequired').max(30, 'validation.tooLong');
const staffBody = z.object({ zgh: staffNumber });
const invigilationBody = z.object({
  zgh: staffNumber,
  /** Sent only when a batch is chosen; an empty value means none. */
  pcid: z.string({ error: 'staffProfile.batchInvalid' }).trim().regex(/^\d{0,9}$/, 'staffProfile.batchInvalid').optional(),
});

/** Several values in one wire field. */
const joined = (values: string[]) => values.join(',');

/** The wire edge of the staff-profile calls: the legacy names (ZGH, XM, bzrmc, JSKSLB, ...) are produced here only. */
const wire = {
  basicInfo: (s: StaffBasicInfo) => ({
    ZGH: s.staffNumber,
    XM: s.name,
    XQ: s.campusName ?? '',
    XB: s.genderName,
    IMG: s.photoFileId ? `/file/download/${encodeURIComponent(s.photoFileId)}` : '',
    RESID: s.photoFileId ?? '',
    BZBM: s.establishmentDeptName ?? '',
    SSJYZ: s.researchGroupName ?? '',
    GZBM: s.workingDeptName ?? '',
    CYDH: s.phone,
  }),
  appointments: (a: Appointments) => ({ bzrmc: joined(a.ledClasses), bkzz: joined(a.lessonPrepHeadOf), njzz: joined(a.gradeLeaderOf) }),
  /** '初二(1)班 数学'; an elective has no class and shows the course alone. */
  taught: (row: TaughtRow) => ({ MC: row.className ? `${row.className} ${row.courseName}` : row.courseName }),
  classroom: (name: string) => ({ MC: name }),
  invigilation: (i: Invigilation) => ({
    list: i.duties.map((d) => ({ JSKSLB: d.roleName, KSRQ: d.examDate, KSSJ: d.startTime, JSSJ: d.endTime, KCMC: d.courseName, SC: d.hours })),
    statistics: i.hoursByRole,
  }),
};

export async function staffProfileRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const read = { access: 'authenticated', readOnly: true } as const;

  app.post('/base/jzgzj/getJzgZjJbXx', { config: read, schema: { tags: ['staffProfile'], summary: 'Staff profile: basic information (phone masked for students and parents)', body: staffBody } }, async (request) =>
    ok(wire.basicInfo(await basicInfo(database.db, request.auth!, request.body.zgh, request.language))),
  );

  app.post('/base/jzgzj/getJzgZjRzXx', { config: read, schema: { tags: ['staffProfile'], summary: 'Staff profile: classes led, lesson-preparation head and grade leader duties', body: staffBody } }, async (request) =>
    ok(wire.appointments(await appointments(database.db, request.auth!, request.body.zgh))),
  );

  app.post('/base/jzgzj/getJzgZjRkXx', { config: read, schema: { tags: ['staffProfile'], summary: 'Staff profile: class and course pairs taught this term', body: staffBody } }, async (request) =>
    ok((await teaching(database.db, request.auth!, request.body.zgh, request.language)).map(wire.taught)),
  );

  app.post('/base/jzgzj/getJzgZjJsXx', { config: read, schema: { tags: ['staffProfile'], summary: 'Staff profile: classrooms taught in this term', body: staffBody } }, async (request) =>
    ok((await classrooms(database.db, request.auth!, request.body.zgh)).map(wire.classroom)),
  );

  app.post('/base/jzgzj/getPkxx', { config: read, schema: { tags: ['staffProfile'], summary: 'Staff profile: invigilation duties and hours per role (staff callers only)', body: invigilationBody } }, async (request) => {
    const { zgh, pcid } = request.body;
    return ok(wire.invigilation(await invigilation(database.db, request.auth!, zgh, pcid ? Number(pcid) : null, request.language)));
  });
}
