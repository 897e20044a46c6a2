import {
  ADMISSION_PERMISSION,
  DIVISION_PERMISSION,
  admissionDecisionSchema,
  admissionLineSchema,
  admissionScoreSchema,
  admissionSearchSchema,
  divisionSchema,
  pagedQuerySchema,
} from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf, searchOf } from '../../../platform/caller.ts';
import { ok } from '../../../platform/envelope.ts';
import { t } from '../../../platform/i18n.ts';
import { admissionOptions, applyDivision, applyLine, decideAdmission, pageAdmissions, previewDivision, saveScore } from './service.ts';

/** 录取管理 (/lqgl/index) and 分班管理 (/fbgl/index): docs/calls-roll.md. */
export async function admissionRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['roll'];
  const admission = { permission: ADMISSION_PERMISSION };
  const division = { permission: DIVISION_PERMISSION };
  const audit = (module: string, operation: string) => ({ module, operation });

  app.post('/api/roll/admission/options', { config: { access: 'authenticated', readOnly: true }, schema: { tags, summary: 'Grades, intake years and classes of the admission and division screens', body: z.object({}).optional() } }, async (request) =>
    ok(await admissionOptions(database.db, request.language)),
  );
  app.post('/api/roll/admission/page', { config: { access: admission, readOnly: true }, schema: { tags, summary: "An intake's registrations with scores and admission, and its summary", body: pagedQuerySchema } }, async (request) =>
    ok(await pageAdmissions(database.db, request.language, searchOf(admissionSearchSchema, request.body.search), pageOf(request.body))),
  );
  app.post('/api/roll/admission/score', { config: { access: admission, audit: audit('roll.admission', 'score') }, schema: { tags, summary: "Sets a registration's entrance score", body: admissionScoreSchema } }, async (request) => {
    await saveScore(database.db, request.body);
    return ok(null, t(request, 'admission.saved'));
  });
  app.post('/api/roll/admission/decide', { config: { access: admission, audit: audit('roll.admission', 'decide') }, schema: { tags, summary: 'Admits registrations, or not, or sets them waiting again', body: admissionDecisionSchema } }, async (request) => {
    const count = await decideAdmission(database.db, request.body);
    return ok({ count }, t(request, 'admission.decided', { count }));
  });
  app.post('/api/roll/admission/line', { config: { access: admission, audit: audit('roll.admission', 'line') }, schema: { tags, summary: "Admits an intake's waiting registrations at or above a score line", body: admissionLineSchema } }, async (request) => {
    const result = await applyLine(database.db, request.body);
    return ok(result, t(request, 'admission.lineApplied', { ...result, line: request.body.line }));
  });
  app.post('/api/roll/division/preview', { config: { access: division, readOnly: true }, schema: { tags, summary: 'How the admitted of an intake would be divided into classes', body: divisionSchema } }, async (request) =>
    ok(await previewDivision(database.db, request.body)),
  );
  app.post('/api/roll/division/apply', { config: { access: division, audit: audit('roll.division', 'apply') }, schema: { tags, summary: 'Places the admitted of an intake in the classes as previewed', body: divisionSchema } }, async (request) => {
    const result = await applyDivision(database.db, request.body);
    return ok(result, t(request, 'division.applied', { count: result.count, classes: result.classes }));
  });
}
