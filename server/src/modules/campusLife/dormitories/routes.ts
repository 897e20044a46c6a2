import {
  DORMITORY_PERMISSIONS,
  DORM_GENDERS,
  dormCheckInSchema,
  dormCheckOutSchema,
  dormInspectionSchema,
  dormRankingSchema,
  dormRoomFormSchema,
  dormSwapSchema,
  exportQuerySchema,
  idBodySchema,
  idsSchema,
  optionalIdSchema,
  pagedQuerySchema,
  type DormStayRow,
} from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../../platform/caller.ts';
import { ok } from '../../../platform/envelope.ts';
import { badRequest } from '../../../platform/errors.ts';
import { buildWorkbook, EXPORT_ROW_LIMIT, exportFileName, sendWorkbook } from '../../../platform/excel.ts';
import { t } from '../../../platform/i18n.ts';
import {
  checkIn,
  checkOut,
  classPlaces,
  createRoom,
  deleteInspections,
  deleteRooms,
  dormBuildings,
  inspections,
  myPlace,
  pageRooms,
  pageStays,
  ranking,
  roomDetail,
  roomList,
  saveInspection,
  stayList,
  studentsWithoutBed,
  swapRooms,
  updateRoom,
} from './service.ts';

const VIEW = { permission: DORMITORY_PERMISSIONS.view } as const;
const EDIT = { permission: DORMITORY_PERMISSIONS.edit } as const;
const DELETE = { permission: DORMITORY_PERMISSIONS.delete } as const;
/** /ssgl/fjgl's calls: the office, through the hidden page or the management page. */
const ALLOCATE = { anyOf: [DORMITORY_PERMISSIONS.edit, DORMITORY_PERMISSIONS.allocate] } as const;
const audit = (operation: string) => ({ module: 'campusLife.dormitory', operation });

/** 宿舍管理 (/xysh/ssgl) and 分配管理 (/ssgl/fjgl): docs/calls-campusLife.md. */
export async function dormitoryRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['campusLife'];
  const base = '/api/campusLife/dormitories';

  app.post(`${base}/buildings`, { config: { access: ALLOCATE, readOnly: true }, schema: { tags, summary: 'Dormitory buildings with their rooms, beds and occupancy' } }, async () =>
    ok(await dormBuildings(database.db)),
  );
  app.post(`${base}/rooms/page`, { config: { access: ALLOCATE, readOnly: true }, schema: { tags, summary: 'Rooms, paged', body: pagedQuerySchema } }, async (request) =>
    ok(await pageRooms(database.db, roomList.parse(request.body))),
  );
  app.post(`${base}/rooms/get`, { config: { access: ALLOCATE, readOnly: true }, schema: { tags, summary: 'One room with its beds and who sleeps in each', body: idBodySchema } }, async (request) =>
    ok(await roomDetail(database.db, request.body.id)),
  );
  app.post(`${base}/rooms/create`, { config: { access: EDIT, audit: audit('createRoom') }, schema: { tags, summary: 'Adds a room and its beds', body: dormRoomFormSchema } }, async (request) =>
    ok({ id: await createRoom(database.db, request.body) }, t(request, 'common.created')),
  );
  app.post(`${base}/rooms/update`, { config: { access: EDIT, audit: audit('updateRoom') }, schema: { tags, summary: 'Changes a room (its beds in use stay)', body: dormRoomFormSchema } }, async (request) => {
    if (!request.body.id) throw badRequest();
    await updateRoom(database.db, { ...request.body, id: request.body.id });
    return ok(null, t(request, 'common.updated'));
  });
  app.post(`${base}/rooms/delete`, { config: { access: DELETE, audit: audit('deleteRoom') }, schema: { tags, summary: 'Deletes rooms nobody has lived in', body: idsSchema } }, async (request) => {
    await deleteRooms(database.db, [...new Set(request.body.ids)]);
    return ok(null, t(request, 'common.deleted'));
  });
  app.post(
    `${base}/students`,
    { config: { access: ALLOCATE, readOnly: true }, schema: { tags, summary: 'Students without a bed, of a gender, by number or name', body: z.object({ keyword: z.string().trim().max(30, 'validation.tooLong').default(''), gender: z.enum(DORM_GENDERS) }) } },
    async (request) => ok(await studentsWithoutBed(database.db, request.body)),
  );
  app.post(`${base}/checkIn`, { config: { access: ALLOCATE, audit: audit('checkIn') }, schema: { tags, summary: 'Checks students into free beds of a room', body: dormCheckInSchema } }, async (request) => {
    const count = await checkIn(database.db, await callerOf(request), request.body);
    return ok({ count }, t(request, 'dormitory.checkedIn', { count }));
  });
  app.post(`${base}/checkOut`, { config: { access: ALLOCATE, audit: audit('checkOut') }, schema: { tags, summary: 'Checks stays out (the history keeps them)', body: dormCheckOutSchema } }, async (request) => {
    const count = await checkOut(database.db, [...new Set(request.body.stayIds)]);
    return ok({ count }, t(request, 'dormitory.checkedOut', { count }));
  });
  app.post(`${base}/swap`, { config: { access: ALLOCATE, audit: audit('swap') }, schema: { tags, summary: 'Swaps equal numbers of people between two rooms', body: dormSwapSchema } }, async (request) => {
    const count = await swapRooms(database.db, await callerOf(request), request.body);
    return ok({ count }, t(request, 'dormitory.swapped', { count }));
  });
  app.post(`${base}/stays/page`, { config: { access: ALLOCATE, readOnly: true }, schema: { tags, summary: 'Check-ins and check-outs, paged', body: pagedQuerySchema } }, async (request) =>
    ok(await pageStays(database.db, stayList.parse(request.body))),
  );
  app.get(`${base}/stays/export`, { config: { access: ALLOCATE }, schema: { tags, summary: 'The check-ins as an Excel file (same search as the list)', querystring: exportQuerySchema } }, async (request, reply) => {
    const list = stayList.parse({ ...request.query, currPage: 0, limit: EXPORT_ROW_LIMIT });
    const { rows } = await pageStays(database.db, list);
    const name = t(request, 'dormitory.export.stays');
    const content = await buildWorkbook<DormStayRow>(
      name,
      [
        { header: t(request, 'dormitory.col.studentNumber'), width: 14, value: (row) => row.studentNumber },
        { header: t(request, 'dormitory.col.student'), width: 12, value: (row) => row.studentName },
        { header: t(request, 'dormitory.col.class'), width: 14, value: (row) => row.className },
        { header: t(request, 'dormitory.col.building'), width: 12, value: (row) => row.buildingName },
        { header: t(request, 'dormitory.col.room'), width: 8, value: (row) => row.roomNumber },
        { header: t(request, 'dormitory.col.bed'), width: 6, value: (row) => row.bedLabel },
        { header: t(request, 'dormitory.col.checkedInAt'), width: 18, value: (row) => row.checkedInAt },
        { header: t(request, 'dormitory.col.checkedOutAt'), width: 18, value: (row) => row.checkedOutAt },
        { header: t(request, 'dormitory.col.reason'), width: 8, value: (row) => t(request, `dormitory.reason.${row.reason}`) },
      ],
      rows,
    );
    return sendWorkbook(reply, exportFileName(name), content);
  });
  app.post(`${base}/inspections/list`, { config: { access: ALLOCATE, readOnly: true }, schema: { tags, summary: 'Hygiene inspections in a period', body: dormRankingSchema } }, async (request) =>
    ok(await inspections(database.db, request.body)),
  );
  app.post(`${base}/inspections/save`, { config: { access: EDIT, audit: audit('inspect') }, schema: { tags, summary: "A room's hygiene score of a date (again: replaced)", body: dormInspectionSchema } }, async (request) => {
    await saveInspection(database.db, await callerOf(request), request.body);
    return ok(null, t(request, 'dormitory.inspectionSaved'));
  });
  app.post(`${base}/inspections/delete`, { config: { access: DELETE, audit: audit('deleteInspection') }, schema: { tags, summary: 'Deletes inspections', body: idsSchema } }, async (request) => {
    await deleteInspections(database.db, [...new Set(request.body.ids)]);
    return ok(null, t(request, 'common.deleted'));
  });
  app.post(`${base}/inspections/ranking`, { config: { access: VIEW, readOnly: true }, schema: { tags, summary: 'Rooms ranked by average hygiene score in a period', body: dormRankingSchema } }, async (request) =>
    ok(await ranking(database.db, request.body)),
  );
  app.post(`${base}/classPlaces`, { config: { access: VIEW, readOnly: true }, schema: { tags, summary: "Where each student of the caller's own classes sleeps (class teachers)" } }, async (request) =>
    ok(await classPlaces(database.db, await callerOf(request))),
  );
  app.post(`${base}/mine`, { config: { access: VIEW, readOnly: true }, schema: { tags, summary: "The student's (a parent's: their child's) bed and room-mates", body: z.object({ studentId: optionalIdSchema }) } }, async (request) =>
    ok(await myPlace(database.db, await callerOf(request), request.body.studentId)),
  );
}
