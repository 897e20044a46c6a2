import {
  ARRANGE_PERMISSION,
  arrangeOptionsSchema,
  draftFormSchema,
  draftSearchSchema,
  fetImportSchema,
  fetPreviewSchema,
  generateSchema,
  gridQuerySchema,
  idBodySchema,
  idsSchema,
  lessonRefSchema,
  lockLessonSchema,
  moveLessonSchema,
  pagedQuerySchema,
  placeLessonSchema,
  planItemFormSchema,
  planQuerySchema,
  arrangeTermSchema,
  unavailableFormSchema,
  unavailableQuerySchema,
} from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { backgroundOf } from '../../../platform/background.ts';
import { callerOf, pageOf, searchOf } from '../../../platform/caller.ts';
import { ok } from '../../../platform/envelope.ts';
import { t } from '../../../platform/i18n.ts';
import { draftConflicts } from './conflicts.ts';
import { createDraft, deleteDrafts, draftGrid, getDraft, lockLesson, moveLesson, pageDrafts, placeLesson, publishDraft, removeLesson } from './drafts.ts';
import { importFet, previewFet } from './fet/importer.ts';
import { queueGeneration } from './generation.ts';
import { arrangeOptions, fillPlanFromTimetable, planRows, savePlanItem, saveUnavailable, unavailableSlots } from './plan.ts';

/** 排课管理 (/kbgl/pkgl): the teaching plan, teachers' unavailable periods and timetable drafts (docs/calls-timetable.md). */
export async function arrangeRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['timetable'];
  const access = { permission: ARRANGE_PERMISSION };
  const read = { access, readOnly: true };
  const write = (operation: string) => ({ access, audit: { module: 'timetable.arrange', operation } });
  const base = '/api/timetable/arrange';

  app.post(`${base}/options`, { config: read, schema: { tags, summary: 'Terms, grades, classes, teachers, rooms, days and periods of the arrangement screens', body: arrangeOptionsSchema } }, async (request) =>
    ok(await arrangeOptions(database.db, request.language, request.body.termId)),
  );

  // ---- The teaching plan ----
  app.post(`${base}/plan/list`, { config: read, schema: { tags, summary: "A term's teaching plan: each course of each class with its hours, teacher, room and double periods", body: planQuerySchema } }, async (request) =>
    ok(await planRows(database.db, request.language, request.body)),
  );
  app.post(`${base}/plan/save`, { config: write('plan'), schema: { tags, summary: "Sets the teacher, room and double periods of a class's course", body: planItemFormSchema } }, async (request) => {
    await savePlanItem(database.db, request.language, request.body);
    return ok(null, t(request, 'arrange.saved'));
  });
  app.post(`${base}/plan/fill`, { config: write('fillPlan'), schema: { tags, summary: "Fills the plan's missing teachers and rooms from the published timetable", body: arrangeTermSchema } }, async (request) => {
    const count = await fillPlanFromTimetable(database.db, request.body.termId);
    return ok({ count }, t(request, 'arrange.planFilled', { count }));
  });
  app.post(`${base}/unavailable/get`, { config: read, schema: { tags, summary: "A teacher's unavailable periods in a term", body: unavailableQuerySchema } }, async (request) =>
    ok(await unavailableSlots(database.db, request.body.termId, request.body.staffId)),
  );
  app.post(`${base}/unavailable/save`, { config: write('unavailable'), schema: { tags, summary: "Replaces a teacher's unavailable periods in a term", body: unavailableFormSchema } }, async (request) => {
    await saveUnavailable(database.db, request.body);
    return ok(null, t(request, 'arrange.saved'));
  });

  // ---- Drafts ----
  app.post(`${base}/drafts/page`, { config: read, schema: { tags, summary: 'Timetable drafts, newest first', body: pagedQuerySchema } }, async (request) =>
    ok(await pageDrafts(database.db, request.language, searchOf(draftSearchSchema, request.body.search), pageOf(request.body))),
  );
  app.post(`${base}/drafts/get`, { config: read, schema: { tags, summary: "A draft with its generation's progress and report", body: idBodySchema } }, async (request) =>
    ok(await getDraft(database.db, request.language, request.body.id)),
  );
  app.post(`${base}/drafts/create`, { config: write('create'), schema: { tags, summary: 'A new draft of a term: empty, or a copy of its published timetable', body: draftFormSchema } }, async (request) =>
    ok({ id: await createDraft(database.db, await callerOf(request), request.body) }, t(request, 'arrange.created')),
  );
  app.post(`${base}/drafts/delete`, { config: write('delete'), schema: { tags, summary: 'Deletes drafts (not while generating)', body: idsSchema } }, async (request) => {
    await deleteDrafts(database.db, request.body.ids);
    return ok(null, t(request, 'common.deleted'));
  });
  app.post(`${base}/drafts/grid`, { config: read, schema: { tags, summary: "A class's, teacher's or room's week in a draft, its outside times and its unplaced hours", body: gridQuerySchema } }, async (request) =>
    ok(await draftGrid(database.db, request.language, request.body)),
  );
  app.post(`${base}/drafts/move`, { config: write('move'), schema: { tags, summary: 'Moves a lesson to another day and period (conflicts refused)', body: moveLessonSchema } }, async (request) => {
    await moveLesson(database.db, request.language, request.body);
    return ok(null, t(request, 'arrange.moved'));
  });
  app.post(`${base}/fet/preview`, { config: read, schema: { tags, summary: "An uploaded .fet file beside the school's records: its week, activities, names matched, constraints kept and ignored", body: fetPreviewSchema } }, async (request) =>
    ok(await previewFet(database.db, await callerOf(request), request.body)),
  );
  app.post(`${base}/fet/import`, { config: write('fetImport'), schema: { tags, summary: 'Imports an uploaded .fet file into a term as a draft of its own (missing classes, courses and classrooms created)', body: fetImportSchema } }, async (request) => {
    const result = await importFet(database.db, await callerOf(request), request.body);
    return ok(result, t(request, 'arrange.fetImported', { activities: result.activities, ...result.created }));
  });
  app.post(`${base}/drafts/place`, { config: write('place'), schema: { tags, summary: "Places an unplaced hour of a class's course, or an imported draft's activity whole (conflicts refused)", body: placeLessonSchema } }, async (request) =>
    ok({ id: await placeLesson(database.db, request.language, request.body) }, t(request, 'arrange.placed')),
  );
  app.post(`${base}/drafts/remove`, { config: write('remove'), schema: { tags, summary: 'Takes a lesson off the draft (it becomes unplaced)', body: lessonRefSchema } }, async (request) => {
    await removeLesson(database.db, request.body);
    return ok(null, t(request, 'arrange.removed'));
  });
  app.post(`${base}/drafts/lock`, { config: write('lock'), schema: { tags, summary: 'Locks a lesson in place for the next generation, or unlocks it', body: lockLessonSchema } }, async (request) => {
    await lockLesson(database.db, request.body);
    return ok(null, t(request, 'arrange.saved'));
  });
  app.post(`${base}/drafts/conflicts`, { config: read, schema: { tags, summary: "Every conflict of a draft (publishing refuses a draft that has one)", body: idBodySchema } }, async (request) => {
    const draft = await getDraft(database.db, request.language, request.body.id);
    return ok(await draftConflicts(database.db, draft.id, draft.termId, request.language));
  });
  app.post(`${base}/drafts/generate`, { config: write('generate'), schema: { tags, summary: 'Generates the draft from the teaching plan as background work (locked lessons stay)', body: generateSchema } }, async (request) => {
    await queueGeneration(database.db, request.auth!.userId, request.language, request.body.id, request.body.seconds);
    backgroundOf(app).nudge();
    return ok(null, t(request, 'arrange.generationQueued'));
  });
  app.post(`${base}/drafts/publish`, { config: write('publish'), schema: { tags, summary: "Publishes a draft: it becomes the term's timetable in every view", body: idBodySchema } }, async (request) => {
    await publishDraft(database.db, await callerOf(request), request.body.id);
    return ok(null, t(request, 'arrange.publishedDone'));
  });
}
