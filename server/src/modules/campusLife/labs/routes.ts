import { LAB_PERMISSIONS, idBodySchema, labBookingFormSchema, labBookingUpdateSchema, labPeriodsSchema, labReviewSchema, labRoomFormSchema, labWeekSchema, pagedQuerySchema } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../../../platform/caller.ts';
import { ok } from '../../../platform/envelope.ts';
import { t } from '../../../platform/i18n.ts';
import {
  bookingList,
  createBookings,
  deleteRoom,
  doneKey,
  getBooking,
  getRoom,
  labOptions,
  listRooms,
  moveBooking,
  pageBookings,
  roomPeriods,
  roomWeek,
  saveRoom,
  setRoomPeriods,
  updateBooking,
} from './service.ts';

const PAGE = { permission: LAB_PERMISSIONS.page } as const;
const MANAGE = { permission: LAB_PERMISSIONS.manage } as const;
const audit = (operation: string) => ({ module: 'campusLife.labs', operation });

/** 实验室预约 (/xysh/sysyy and the /sysyygl/*, /xssynew, /yssy, /yssynew, /qtsy pages): docs/calls-labs.md. */
export async function labRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['campusLife'];
  const base = '/api/campusLife/labs';

  app.post(`${base}/options`, { config: { access: PAGE, readOnly: true }, schema: { tags, summary: 'Rooms with their open periods, classrooms, classes, courses, staff, days and periods' } }, async (request) =>
    ok(await labOptions(database.db, request.language)),
  );
  app.post(`${base}/rooms/list`, { config: { access: PAGE, readOnly: true }, schema: { tags, summary: 'Every bookable room' } }, async () => ok(await listRooms(database.db)));
  app.post(`${base}/rooms/get`, { config: { access: PAGE, readOnly: true }, schema: { tags, summary: 'One room (/sysyygl/fjpz/jbpz)', body: idBodySchema } }, async (request) =>
    ok(await getRoom(database.db, request.body.id)),
  );
  app.post(`${base}/rooms/save`, { config: { access: MANAGE, audit: audit('saveRoom') }, schema: { tags, summary: "Adds or changes a room's basic configuration", body: labRoomFormSchema } }, async (request) => {
    const id = await saveRoom(database.db, request.body);
    return ok({ id }, t(request, request.body.id ? 'common.updated' : 'common.created'));
  });
  app.post(`${base}/rooms/delete`, { config: { access: MANAGE, audit: audit('deleteRoom') }, schema: { tags, summary: 'Deletes a room never booked', body: idBodySchema } }, async (request) => {
    await deleteRoom(database.db, request.body.id);
    return ok(null, t(request, 'common.deleted'));
  });
  app.post(`${base}/rooms/periods`, { config: { access: PAGE, readOnly: true }, schema: { tags, summary: 'The periods a room opens per weekday (/sysyygl/fjpz/jcpz)', body: idBodySchema } }, async (request) =>
    ok(await roomPeriods(database.db, request.body.id)),
  );
  app.post(`${base}/rooms/setPeriods`, { config: { access: MANAGE, audit: audit('setPeriods') }, schema: { tags, summary: 'Replaces the periods a room opens', body: labPeriodsSchema } }, async (request) => {
    await setRoomPeriods(database.db, request.body);
    return ok(null, t(request, 'common.updated'));
  });
  app.post(`${base}/rooms/week`, { config: { access: PAGE, readOnly: true }, schema: { tags, summary: "A room's bookings of a week", body: labWeekSchema } }, async (request) =>
    ok(await roomWeek(database.db, request.body.roomId, request.body.weekStart)),
  );

  app.post(`${base}/bookings/page`, { config: { access: PAGE, readOnly: true }, schema: { tags, summary: "Bookings (a teacher's own; the lab administrators' every one), paged", body: pagedQuerySchema } }, async (request) =>
    ok(await pageBookings(database.db, await callerOf(request), bookingList.parse(request.body))),
  );
  app.post(`${base}/bookings/get`, { config: { access: PAGE, readOnly: true }, schema: { tags, summary: 'One booking', body: idBodySchema } }, async (request) =>
    ok(await getBooking(database.db, await callerOf(request), request.body.id)),
  );
  app.post(`${base}/bookings/create`, { config: { access: PAGE, audit: audit('book') }, schema: { tags, summary: 'Books one or several rooms (each once)', body: labBookingFormSchema } }, async (request) => {
    const result = await createBookings(database.db, await callerOf(request), request.body);
    return ok(result, t(request, result.pending ? 'lab.bookedPending' : 'lab.booked'));
  });
  app.post(`${base}/bookings/update`, { config: { access: PAGE, audit: audit('update') }, schema: { tags, summary: "Changes the caller's booking before its day", body: labBookingUpdateSchema } }, async (request) => {
    await updateBooking(database.db, await callerOf(request), request.body);
    return ok(null, t(request, 'common.updated'));
  });
  app.post(`${base}/bookings/cancel`, { config: { access: PAGE, audit: audit('cancel') }, schema: { tags, summary: "Cancels the caller's booking before its day", body: idBodySchema } }, async (request) => {
    await moveBooking(database.db, await callerOf(request), { id: request.body.id, action: 'cancel', comment: '' });
    return ok(null, t(request, doneKey('cancel')));
  });
  app.post(`${base}/bookings/review`, { config: { access: MANAGE, audit: audit('review') }, schema: { tags, summary: 'Approves or rejects (with a comment) a waiting booking', body: labReviewSchema } }, async (request) => {
    await moveBooking(database.db, await callerOf(request), { id: request.body.id, action: request.body.decision, comment: request.body.comment });
    return ok(null, t(request, doneKey(request.body.decision)));
  });
}

