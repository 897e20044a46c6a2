import {
  SHIFT_PERMISSIONS,
  batchRefSchema,
  blockPeriodsFormSchema,
  choiceChangeDecisionSchema,
  choiceChangeFormSchema,
  choiceChangeSearchSchema,
  choiceFormSchema,
  idsSchema,
  moveStudentSchema,
  myChoiceQuerySchema,
  pagedQuerySchema,
  shiftBatchFormSchema,
  shiftBatchSearchSchema,
  shiftClassFormSchema,
  shiftClassQuerySchema,
  shiftCourseFormSchema,
  shiftStudentSearchSchema,
} from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { backgroundOf } from '../../../platform/background.ts';
import { callerOf, pageOf, searchOf } from '../../../platform/caller.ts';
import { ok } from '../../../platform/envelope.ts';
import { t } from '../../../platform/i18n.ts';
import {
  batchById,
  batchCourses,
  chooseSubjects,
  combinationCounts,
  decideChange,
  deleteBatchCourses,
  deleteBatches,
  myChoices,
  pageBatches,
  pageChanges,
  pageShiftStudents,
  requestChange,
  saveBatch,
  saveBatchCourse,
  setChoice,
  shiftOptions,
} from './batches.ts';
import { batchBlocks, moveStudent, publishShiftClasses, queueFormation, saveBlockPeriods, saveShiftClass, shiftClassRows, shiftClassStudents } from './classes.ts';

/** 走班管理 (/zbgl/*), 选科志愿 (/zbgl/xszy) and 志愿调整审批 (/xkzysp/tzzy): docs/calls-electives.md. */
export async function shiftClassRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['electives'];
  const base = '/api/electives/shift';
  const manage = { permission: SHIFT_PERMISSIONS.manage };
  const read = { access: manage, readOnly: true };
  const write = (operation: string) => ({ access: manage, audit: { module: 'elective.shiftClass', operation } });
  const pagedInBatch = pagedQuerySchema.extend({ batchId: batchRefSchema.shape.batchId });
  const idsInBatch = idsSchema.extend({ batchId: batchRefSchema.shape.batchId });

  app.post(`${base}/options`, { config: read, schema: { tags, summary: 'Terms, grades, subjects, teachers and rooms of the class-shift screens', body: z.object({}).optional() } }, async (request) =>
    ok(await shiftOptions(database.db, request.language)),
  );

  // ---- Batches ----
  app.post(`${base}/batches/page`, { config: read, schema: { tags, summary: 'Class-shift batches, newest window first', body: pagedQuerySchema } }, async (request) =>
    ok(await pageBatches(database.db, request.language, searchOf(shiftBatchSearchSchema, request.body.search), pageOf(request.body))),
  );
  app.post(`${base}/batches/get`, { config: read, schema: { tags, summary: 'One batch (a page opened without it is told to start again)', body: batchRefSchema } }, async (request) =>
    ok(await batchById(database.db, request.language, request.body.batchId)),
  );
  app.post(`${base}/batches/save`, { config: write('saveBatch'), schema: { tags, summary: 'Adds or changes a batch', body: shiftBatchFormSchema } }, async (request) =>
    ok({ id: await saveBatch(database.db, request.body) }, t(request, 'shift.saved')),
  );
  app.post(`${base}/batches/delete`, { config: write('deleteBatch'), schema: { tags, summary: 'Deletes batches (published classes stay as teaching classes)', body: idsSchema } }, async (request) => {
    await deleteBatches(database.db, request.body.ids);
    return ok(null, t(request, 'common.deleted'));
  });

  // ---- Subjects (/zbgl/zykcgl) ----
  app.post(`${base}/courses/list`, { config: read, schema: { tags, summary: "A batch's choice subjects and levels", body: batchRefSchema } }, async (request) =>
    ok(await batchCourses(database.db, request.language, request.body.batchId)),
  );
  app.post(`${base}/courses/save`, { config: write('saveCourse'), schema: { tags, summary: 'Adds or changes a choice subject of a batch', body: shiftCourseFormSchema } }, async (request) =>
    ok({ id: await saveBatchCourse(database.db, request.language, request.body) }, t(request, 'shift.saved')),
  );
  app.post(`${base}/courses/delete`, { config: write('deleteCourse'), schema: { tags, summary: 'Deletes choice subjects nobody chose', body: idsInBatch } }, async (request) => {
    await deleteBatchCourses(database.db, request.language, request.body.batchId, request.body.ids);
    return ok(null, t(request, 'common.deleted'));
  });

  // ---- Students and choices (/zbgl/xsgl) ----
  app.post(`${base}/students/page`, { config: read, schema: { tags, summary: "The batch grade's students with their choices", body: pagedInBatch } }, async (request) =>
    ok(await pageShiftStudents(database.db, request.language, request.body.batchId, searchOf(shiftStudentSearchSchema, request.body.search), pageOf(request.body))),
  );
  app.post(`${base}/students/combinations`, { config: read, schema: { tags, summary: 'How many students chose each combination', body: batchRefSchema } }, async (request) =>
    ok(await combinationCounts(database.db, request.language, request.body.batchId)),
  );
  app.post(`${base}/students/choose`, { config: write('setChoice'), schema: { tags, summary: "Enters or changes a student's choice (empty removes it)", body: choiceFormSchema } }, async (request) => {
    await setChoice(database.db, await callerOf(request), request.body);
    return ok(null, t(request, 'shift.choiceSaved'));
  });

  // ---- Blocks and formation (/zbgl/pkzbjgl) ----
  app.post(`${base}/blocks/get`, { config: read, schema: { tags, summary: "A batch's time blocks, the formation's progress and report", body: batchRefSchema } }, async (request) =>
    ok(await batchBlocks(database.db, request.language, request.body.batchId)),
  );
  app.post(`${base}/blocks/save`, { config: write('saveBlocks'), schema: { tags, summary: 'Sets the periods of each time block', body: blockPeriodsFormSchema } }, async (request) => {
    await saveBlockPeriods(database.db, request.body);
    return ok(null, t(request, 'shift.saved'));
  });
  app.post(`${base}/blocks/form`, { config: write('form'), schema: { tags, summary: 'Forms and schedules the classes as background work', body: batchRefSchema } }, async (request) => {
    await queueFormation(database.db, await callerOf(request), request.body.batchId);
    backgroundOf(app).nudge();
    return ok(null, t(request, 'shift.formationQueued'));
  });
  app.post(`${base}/blocks/publish`, { config: write('publish'), schema: { tags, summary: 'Publishes the classes as teaching classes with their lessons and students', body: batchRefSchema } }, async (request) => {
    await publishShiftClasses(database.db, await callerOf(request), request.body.batchId);
    return ok(null, t(request, 'shift.publishedDone'));
  });

  // ---- Classes (/zbgl/bjgl, /zbgl/bjxsgl) ----
  app.post(`${base}/classes/list`, { config: read, schema: { tags, summary: "A batch's shift classes with sizes, genders and average scores", body: batchRefSchema } }, async (request) =>
    ok(await shiftClassRows(database.db, request.language, request.body.batchId)),
  );
  app.post(`${base}/classes/save`, { config: write('saveClass'), schema: { tags, summary: "Changes a class's number (unique in the batch), name, teacher and room", body: shiftClassFormSchema } }, async (request) => {
    await saveShiftClass(database.db, request.body);
    return ok(null, t(request, 'shift.saved'));
  });
  app.post(`${base}/classes/students`, { config: read, schema: { tags, summary: "A class's students, or those still without a class of a subject", body: shiftClassQuerySchema } }, async (request) =>
    ok(await shiftClassStudents(database.db, request.language, request.body.batchId, request.body.shiftClassId)),
  );
  app.post(`${base}/classes/move`, { config: write('moveStudent'), schema: { tags, summary: 'Moves a student into another class of the subject (size and clash checked)', body: moveStudentSchema } }, async (request) => {
    await moveStudent(database.db, request.body);
    return ok(null, t(request, 'shift.moved'));
  });

  // ---- Students' and parents' side (/zbgl/xszy) ----
  const choose = { permission: SHIFT_PERMISSIONS.choose };
  app.post(`${base}/my`, { config: { access: choose, readOnly: true }, schema: { tags, summary: "The caller's (or their child's) batches, choices, change requests and classes", body: myChoiceQuerySchema } }, async (request) =>
    ok(await myChoices(database.db, await callerOf(request), request.body.studentId)),
  );
  app.post(`${base}/my/choose`, { config: { access: choose, audit: { module: 'elective.shiftChoice', operation: 'choose' } }, schema: { tags, summary: 'Chooses subjects inside the window', body: choiceFormSchema } }, async (request) => {
    await chooseSubjects(database.db, await callerOf(request), request.body);
    return ok(null, t(request, 'shift.choiceSaved'));
  });
  app.post(`${base}/my/change`, { config: { access: choose, audit: { module: 'elective.shiftChoice', operation: 'requestChange' } }, schema: { tags, summary: 'Asks for a change of choice after the window', body: choiceChangeFormSchema } }, async (request) => {
    await requestChange(database.db, await callerOf(request), request.body);
    return ok(null, t(request, 'shift.changeRequested'));
  });

  // ---- Change review (/xkzysp/tzzy) ----
  const review = { permission: SHIFT_PERMISSIONS.review };
  app.post(`${base}/changes/page`, { config: { access: review, readOnly: true }, schema: { tags, summary: 'Choice change requests, waiting ones first', body: pagedQuerySchema } }, async (request) =>
    ok(await pageChanges(database.db, request.language, searchOf(choiceChangeSearchSchema, request.body.search), pageOf(request.body))),
  );
  app.post(`${base}/changes/decide`, { config: { access: review, audit: { module: 'elective.choiceChanges', operation: 'decide' } }, schema: { tags, summary: 'Approves or rejects a change request', body: choiceChangeDecisionSchema } }, async (request) => {
    await decideChange(database.db, await callerOf(request), request.body);
    return ok(null, t(request, request.body.approve ? 'shift.changeApproved' : 'shift.changeRejected'));
  });
}
