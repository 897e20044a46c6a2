import { examBatchRefSchema, idSchema, invigilationAssignSchema, invigilationSettingsSchema, optionalIdSchema } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../platform/envelope.ts';
import { buildWorkbook, exportFileName, sendWorkbook } from '../../../platform/excel.ts';
import { t } from '../../../platform/i18n.ts';
import { requireStaff } from '../rooms/service.ts';
import {
  arrangeInvigilators,
  assignInvigilators,
  INVIGILATION_PERMISSIONS,
  invigilationSettings,
  invigilatorLoads,
  listSessions,
  myInvigilations,
  saveInvigilationSettings,
  searchStaff,
} from './service.ts';

const VIEW = { permission: INVIGILATION_PERMISSIONS.view } as const;
const EDIT = { permission: INVIGILATION_PERMISSIONS.edit } as const;
const audit = (operation: string) => ({ module: 'exams.invigilation', operation });

const sessionsBody = examBatchRefSchema.extend({ courseId: optionalIdSchema });
const staffSearchBody = z.object({ keyword: z.string().trim().max(50, 'validation.tooLong').optional() });

/** 监考安排 (/kwgl/jkap, /kwapjt/pk): docs/calls-exams.md. */
export async function invigilationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['exams'];
  const base = '/api/exams/invigilation';

  app.post(
    `${base}/settings`,
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: "An exam's invigilator pool (proposed: its classes' teachers), rules and unavailable times", body: examBatchRefSchema } },
    async (request) => {
      requireStaff(request.auth!);
      return ok(await invigilationSettings(database.db, request.body.batchId));
    },
  );

  app.post(
    `${base}/staff`,
    { config: { access: EDIT, readOnly: true }, schema: { tags, summary: 'Staff found by number or name, for the pool (at most 50)', body: staffSearchBody } },
    async (request) => ok(await searchStaff(database.db, request.body.keyword)),
  );

  app.post(
    `${base}/settings/save`,
    { config: { access: EDIT, audit: audit('settings') }, schema: { tags, summary: "Saves an exam's pool, rules and unavailable times", body: invigilationSettingsSchema } },
    async (request) => {
      await saveInvigilationSettings(database.db, request.body);
      return ok(null, t(request, 'invigilation.settingsSaved'));
    },
  );

  app.post(
    `${base}/sessions`,
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: "An exam's sessions (a subject in a room) with their invigilators", body: sessionsBody } },
    async (request) => {
      requireStaff(request.auth!);
      return ok(await listSessions(database.db, request.body.batchId, request.body.courseId, request.language));
    },
  );

  app.post(
    `${base}/arrange`,
    { config: { access: EDIT, audit: audit('arrange') }, schema: { tags, summary: 'Assigns chiefs and assistants to every session from the pool (patrols stay)', body: examBatchRefSchema } },
    async (request) => {
      const result = await arrangeInvigilators(database.db, request.body.batchId);
      return ok(result, t(request, result.unfilled ? 'invigilation.arrangedShort' : 'invigilation.arranged', { ...result }));
    },
  );

  app.post(
    `${base}/assign`,
    { config: { access: EDIT, audit: audit('assign') }, schema: { tags, summary: "Sets one session's invigilators by hand", body: invigilationAssignSchema } },
    async (request) => {
      await assignInvigilators(database.db, request.body, request.language);
      return ok(null, t(request, 'invigilation.saved'));
    },
  );

  app.post(
    `${base}/loads`,
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: "Each invigilator's sessions and hours in an exam, per role", body: examBatchRefSchema } },
    async (request) => {
      requireStaff(request.auth!);
      return ok(await invigilatorLoads(database.db, request.body.batchId, request.language));
    },
  );

  app.get(
    `${base}/loads/export`,
    // The office's: an export right makes its holders sign in with a second factor (session/auth/mfa.ts).
    { config: { access: EDIT }, schema: { tags, summary: 'Invigilation hours of an exam as an Excel file', querystring: z.object({ batchId: idSchema }) } },
    async (request, reply) => {
      const loads = await invigilatorLoads(database.db, request.query.batchId, request.language);
      const roles = [...new Set(loads.flatMap((load) => Object.keys(load.byRole)))];
      const workbook = await buildWorkbook(t(request, 'invigilation.exportName'), [
        { header: t(request, 'invigilation.col.staffNumber'), value: (row: (typeof loads)[number]) => row.staffNumber, width: 14 },
        { header: t(request, 'invigilation.col.name'), value: (row) => row.name, width: 14 },
        { header: t(request, 'invigilation.col.sessions'), value: (row) => row.sessions },
        { header: t(request, 'invigilation.col.hours'), value: (row) => row.hours },
        ...roles.map((role) => ({ header: role, value: (row: (typeof loads)[number]) => row.byRole[role] ?? 0 })),
      ], loads);
      return sendWorkbook(reply, exportFileName(t(request, 'invigilation.exportName')), workbook);
    },
  );

  app.post(
    `${base}/mine`,
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: "The caller's own duties in the current term's published exams" } },
    async (request) => ok(await myInvigilations(database.db, request.auth!, request.language)),
  );
}
