import {
  examArrangementSearchSchema,
  examArrangeRoomsSchema,
  examBatchRefSchema,
  examCandidateSearchSchema,
  examSeatMoveSchema,
  examSheetQuerySchema,
  myExamSeatsSchema,
  pagedQuerySchema,
} from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageOf, searchOf } from '../../../platform/caller.ts';
import { ok } from '../../../platform/envelope.ts';
import { t } from '../../../platform/i18n.ts';
import { contentDisposition } from '../../shared/files/routes.ts';
import {
  arrangeRooms,
  arrangementOf,
  EXAM_ROOM_PERMISSIONS,
  listRooms,
  moveSeat,
  mySeats,
  pageArrangements,
  pageCandidates,
  requireStaff,
  roomOptions,
} from './service.ts';
import { examSheetPdf } from './sheets.ts';
import { ownChildren } from '../../shared/students/choices.ts';
import { isStaff } from '../../../platform/scope.ts';
import { forbidden } from '../../../platform/errors.ts';

const VIEW = { permission: EXAM_ROOM_PERMISSIONS.view } as const;
const EDIT = { permission: EXAM_ROOM_PERMISSIONS.edit } as const;
const audit = (operation: string) => ({ module: 'exams.rooms', operation });

/** 考场安排 (/kwgl/kcap, /kwapjt/room, /kwapjt/jxb): docs/calls-exams.md. */
export async function examRoomRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['exams'];
  const base = '/api/exams/rooms';

  app.post(
    `${base}/exams`,
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: 'Exams with how far their rooms and invigilators are arranged (staff)', body: pagedQuerySchema } },
    async (request) => {
      requireStaff(request.auth!);
      return ok(await pageArrangements(database.db, searchOf(examArrangementSearchSchema, request.body.search), pageOf(request.body), request.language));
    },
  );

  app.post(
    `${base}/exam`,
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: "One exam's arrangement summary (staff)", body: examBatchRefSchema } },
    async (request) => {
      requireStaff(request.auth!);
      return ok(await arrangementOf(database.db, request.body.batchId, request.language));
    },
  );

  app.post(
    `${base}/options`,
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: 'Classrooms (with another exam holding them at the same time) and classes of an exam', body: examBatchRefSchema } },
    async (request) => {
      requireStaff(request.auth!);
      return ok(await roomOptions(database.db, request.body.batchId, request.language));
    },
  );

  app.post(
    `${base}/list`,
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: "An exam's rooms with their seats, candidates per class and free seats", body: examBatchRefSchema } },
    async (request) => {
      requireStaff(request.auth!);
      return ok(await listRooms(database.db, request.body.batchId));
    },
  );

  app.post(
    `${base}/candidates`,
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: "An exam's candidates with room and seat, paged", body: pagedQuerySchema } },
    async (request) => {
      requireStaff(request.auth!);
      return ok(await pageCandidates(database.db, searchOf(examCandidateSearchSchema, request.body.search), pageOf(request.body)));
    },
  );

  app.post(
    `${base}/arrange`,
    { config: { access: EDIT, audit: audit('arrange') }, schema: { tags, summary: 'Places the candidates into the rooms chosen (replaces the arrangement and its invigilators)', body: examArrangeRoomsSchema } },
    async (request) => {
      const result = await arrangeRooms(database.db, request.body);
      return ok(result, t(request, 'examRoom.arranged', { placed: result.placed, rooms: result.rooms }));
    },
  );

  app.post(
    `${base}/move`,
    { config: { access: EDIT, audit: audit('move') }, schema: { tags, summary: 'Moves a candidate to a seat (swapping with whoever sits there)', body: examSeatMoveSchema } },
    async (request) => {
      await moveSeat(database.db, request.body);
      return ok(null, t(request, 'examRoom.moved'));
    },
  );

  app.get(
    `${base}/sheet`,
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: 'Seat lists, door labels or class lists of an exam as a PDF (staff)', querystring: examSheetQuerySchema } },
    async (request, reply) => {
      requireStaff(request.auth!);
      const { name, pdf } = await examSheetPdf(database.db, request.query.batchId, request.query.kind, request.language);
      return reply.header('content-type', 'application/pdf').header('content-disposition', contentDisposition('attachment', name)).header('cache-control', 'private, no-store').send(pdf);
    },
  );

  app.post(
    `${base}/children`,
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: "The children whose seats a parent may look at (a student: themselves)" } },
    async (request) => {
      if (isStaff(request.auth!)) throw forbidden();
      return ok(await ownChildren(database.db, request.auth!));
    },
  );

  app.post(
    `${base}/mine`,
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: "A student's (a parent's child's) own rooms and seats in published exams", body: myExamSeatsSchema } },
    async (request) => ok(await mySeats(database.db, request.auth!, request.body.studentId, request.language)),
  );
}
