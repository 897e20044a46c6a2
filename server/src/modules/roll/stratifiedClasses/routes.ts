import { STRATIFIED_PERMISSIONS, candidatesSchema, placeByScoreSchema, stratifiedClassFormSchema, stratifiedClassIdSchema, stratifiedStudentsSchema } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../platform/envelope.ts';
import { t } from '../../../platform/i18n.ts';
import { registerResource } from '../../../platform/resource.ts';
import {
  addStudents,
  candidates,
  classStudents,
  createStratified,
  deleteStratified,
  findStratified,
  listStratified,
  placeByScore,
  removeStudents,
  stratifiedList,
  stratifiedOptions,
  updateStratified,
} from './service.ts';

const READ = { anyOf: [STRATIFIED_PERMISSIONS.classes, STRATIFIED_PERMISSIONS.students] } as const;
const audit = (operation: string) => ({ module: 'roll.stratifiedClass', operation });

/** 分层班级 (/jxmgr/fcjx/fcbj) and 分层班级学生 (/jxmgr/fcjx/fcbjxs): docs/calls-teaching.md. */
export async function stratifiedClassRoutes(fastify: FastifyInstance): Promise<void> {
  registerResource(fastify, {
    path: '/api/roll/stratifiedClasses',
    permission: STRATIFIED_PERMISSIONS.classes,
    auditModule: 'roll.stratifiedClass',
    summary: 'level classes of stratified teaching',
    list: stratifiedList,
    fetch: listStratified,
    find: findStratified,
    form: stratifiedClassFormSchema,
    create: createStratified,
    update: (db, form) => updateStratified(db, form),
    remove: deleteStratified,
    exportName: 'stratified.exportName',
    // Teachers read the list; the Excel copy is the office's (an export right asks for a second factor).
    exportPermission: `${STRATIFIED_PERMISSIONS.classes}:edit`,
    columns: (request) => {
      const col = (key: string) => t(request, `stratified.col.${key}`);
      return [
        { header: col('term'), value: (r) => r.termName, width: 18 },
        { header: col('grade'), value: (r) => r.gradeName, width: 10 },
        { header: col('course'), value: (r) => r.courseName, width: 10 },
        { header: col('level'), value: (r) => r.level, width: 6 },
        { header: col('name'), value: (r) => r.name, width: 16 },
        { header: col('teacher'), value: (r) => r.teacherName, width: 10 },
        { header: col('classroom'), value: (r) => r.classroomName, width: 12 },
        { header: col('capacity'), value: (r) => r.capacity },
        { header: col('minScore'), value: (r) => r.minScore ?? '' },
        { header: col('students'), value: (r) => r.students },
      ];
    },
  });

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['roll'];
  const base = '/api/roll/stratifiedClasses';

  app.post(
    `${base}/options`,
    { config: { access: READ, readOnly: true }, schema: { tags, summary: 'Terms, grades, courses, teachers, rooms and score batches to choose from' } },
    async (request) => ok(await stratifiedOptions(database.db, request.language)),
  );
  app.post(
    `${base}/placeByScore`,
    { config: { access: { permission: STRATIFIED_PERMISSIONS.classesEdit }, audit: audit('placeByScore') }, schema: { tags, summary: "Places a grade's unplaced students of a course by a score batch", body: placeByScoreSchema } },
    async (request) => {
      const result = await placeByScore(database.db, request.body);
      return ok(result, t(request, 'stratified.placed', { placed: result.placed, unplaced: result.unplaced }));
    },
  );
  app.post(
    `${base}/students`,
    { config: { access: READ, readOnly: true }, schema: { tags, summary: 'A level class and its students', body: stratifiedClassIdSchema } },
    async (request) => ok(await classStudents(database.db, request.body.classId, request.language)),
  );
  app.post(
    `${base}/candidates`,
    { config: { access: { permission: STRATIFIED_PERMISSIONS.studentsEdit }, readOnly: true }, schema: { tags, summary: "Students of the class's grade to add", body: candidatesSchema } },
    async (request) => ok(await candidates(database.db, request.body.classId, request.body.keyword)),
  );
  app.post(
    `${base}/addStudents`,
    { config: { access: { permission: STRATIFIED_PERMISSIONS.studentsEdit }, audit: audit('addStudents') }, schema: { tags, summary: 'Adds students by hand (one level class per course, within the capacity)', body: stratifiedStudentsSchema } },
    async (request) => {
      const count = await addStudents(database.db, request.body.classId, request.body.studentIds);
      return ok({ count }, t(request, 'stratified.added', { count }));
    },
  );
  app.post(
    `${base}/removeStudents`,
    { config: { access: { permission: STRATIFIED_PERMISSIONS.studentsEdit }, audit: audit('removeStudents') }, schema: { tags, summary: 'Removes students from a level class', body: stratifiedStudentsSchema } },
    async (request) => {
      const count = await removeStudents(database.db, request.body.classId, request.body.studentIds);
      return ok({ count }, t(request, 'stratified.removed', { count }));
    },
  );
}
