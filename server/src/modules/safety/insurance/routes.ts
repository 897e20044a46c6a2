import { z } from 'zod';
import {
  INSURANCE_PERMISSIONS,
  INSURED_IMPORT_PURPOSE,
  MB,
  ResultCode,
  claimActionSchema,
  claimFormSchema,
  companyFormSchema,
  exportQuerySchema,
  idBodySchema,
  idsSchema,
  insureSchema,
  insuredImportQuerySchema,
  pagedQuerySchema,
  policyFormSchema,
  uninsureSchema,
  type ClaimRow,
} from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { callerOf } from '../../../platform/caller.ts';
import { ok } from '../../../platform/envelope.ts';
import { badRequest } from '../../../platform/errors.ts';
import { buildWorkbook, EXPORT_ROW_LIMIT, exportFileName, sendWorkbook } from '../../../platform/excel.ts';
import { languageOf, t } from '../../../platform/i18n.ts';
import { acceptMultipartOnly } from '../../../platform/multipart.ts';
import { yesNo } from '../../../platform/resource.ts';
import { detectFileKind, extensionMatches } from '../../shared/files/detect.ts';
import { receiveUpload } from '../../shared/files/service.ts';
import { buildInsuredTemplate, importInsured } from './importer.ts';
import {
  ACTION_DONE,
  claimAction,
  claimList,
  claimStudent,
  classOptions,
  companyList,
  companyOptions,
  createClaim,
  deleteCompanies,
  deletePolicies,
  getClaim,
  getPolicy,
  insureStudents,
  insuredChildren,
  insuredList,
  pageClaims,
  pageCompanies,
  pageInsured,
  pagePolicies,
  policyList,
  policyStats,
  saveCompany,
  savePolicy,
  studentOptions,
  uninsureStudents,
} from './service.ts';

const PAGE = { permission: INSURANCE_PERMISSIONS.page } as const;
const MANAGE = { permission: INSURANCE_PERMISSIONS.manage } as const;
const audit = (operation: string) => ({ module: 'safety.insurance', operation });

const tags = ['safety'];
const base = '/api/safety/insurance';

/** The import in its own scope that reads nothing but multipart (platform/multipart.ts); the policy comes as ?policyId=. */
async function importRoute(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const bodyOf = acceptMultipartOnly(app);
  app.post(
    `${base}/insured/import`,
    {
      // The file's own limit (2 MB) is enforced while it streams; this leaves room for a sealed body.
      bodyLimit: 4 * MB,
      config: { access: MANAGE, audit: audit('importInsured') },
      schema: {
        tags,
        summary: "Insures a policy's students from an .xlsx of the template (student number, name, optional class): any bad row imports nothing and every bad cell is reported",
        querystring: insuredImportQuerySchema,
      },
    },
    async (request, reply) => {
      const { policyId } = request.query;
      const payload = bodyOf(request);
      const dir = await mkdtemp(path.join(os.tmpdir(), 'campus-insured-import-'));
      try {
        if (!payload) throw badRequest('files.noFile');
        const received = await receiveUpload(payload, request.headers['content-type'] ?? '', INSURED_IMPORT_PURPOSE, dir);
        const file = received.files[0]!;
        request.body = { policyId, file: file.name };
        if (file.size === 0) throw badRequest('files.empty');
        const content = await readFile(file.path);
        const kind = detectFileKind(content, file.name);
        if (kind !== 'xlsx' || !extensionMatches(kind, file.name)) throw badRequest('insurance.importFile');
        const result = await importInsured(app.database.db, policyId, content, languageOf(request));
        if (result.errors.length) {
          const msg = t(request, 'insurance.importInvalid', { count: result.errors.length });
          request.failureMessage = msg;
          return reply.status(400).send({ code: ResultCode.badRequest, result: false, data: result, msg });
        }
        return ok(result, t(request, 'insurance.imported', { count: result.imported, skipped: result.skipped }));
      } finally {
        await rm(dir, { recursive: true, force: true }).catch((error: unknown) => request.log.warn({ err: error, dir }, 'import folder not removed'));
      }
    },
  );
}

/** 保险理赔 (/bxjl/bxlp, /bxlp/lpStu, /cbxq/index): docs/calls-safety.md. */
export async function insuranceRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  await app.register(importRoute);

  // Insurers, policies and insured students: the office's.
  app.post(`${base}/companies/page`, { config: { access: MANAGE, readOnly: true }, schema: { tags, summary: 'Insurance companies, paged', body: pagedQuerySchema } }, async (request) =>
    ok(await pageCompanies(database.db, companyList.parse(request.body))),
  );
  app.post(`${base}/companies/options`, { config: { access: MANAGE, readOnly: true }, schema: { tags, summary: 'Every insurance company (the policy form)' } }, async () =>
    ok(await companyOptions(database.db)),
  );
  app.post(`${base}/companies/save`, { config: { access: MANAGE, audit: audit('saveCompany') }, schema: { tags, summary: 'Adds or changes an insurance company', body: companyFormSchema } }, async (request) => {
    const id = await saveCompany(database.db, request.body);
    return ok({ id }, t(request, request.body.id ? 'common.updated' : 'common.created'));
  });
  app.post(`${base}/companies/delete`, { config: { access: MANAGE, audit: audit('deleteCompanies') }, schema: { tags, summary: 'Deletes companies without policies', body: idsSchema } }, async (request) => {
    await deleteCompanies(database.db, [...new Set(request.body.ids)]);
    return ok(null, t(request, 'common.deleted'));
  });

  app.post(`${base}/policies/page`, { config: { access: MANAGE, readOnly: true }, schema: { tags, summary: 'Policies, paged', body: pagedQuerySchema } }, async (request) =>
    ok(await pagePolicies(database.db, policyList.parse(request.body))),
  );
  app.post(`${base}/policies/get`, { config: { access: MANAGE, readOnly: true }, schema: { tags, summary: 'One policy (/cbxq/index)', body: idBodySchema } }, async (request) =>
    ok(await getPolicy(database.db, request.body.id)),
  );
  app.post(`${base}/policies/save`, { config: { access: MANAGE, audit: audit('savePolicy') }, schema: { tags, summary: 'Adds or changes a policy', body: policyFormSchema } }, async (request) => {
    const id = await savePolicy(database.db, request.body);
    return ok({ id }, t(request, request.body.id ? 'common.updated' : 'common.created'));
  });
  app.post(`${base}/policies/delete`, { config: { access: MANAGE, audit: audit('deletePolicies') }, schema: { tags, summary: 'Deletes policies without claims', body: idsSchema } }, async (request) => {
    await deletePolicies(database.db, [...new Set(request.body.ids)]);
    return ok(null, t(request, 'common.deleted'));
  });
  app.post(`${base}/policies/stats`, { config: { access: MANAGE, readOnly: true }, schema: { tags, summary: 'Claims and amounts per policy' } }, async () => ok(await policyStats(database.db)));

  app.post(`${base}/insured/page`, { config: { access: MANAGE, readOnly: true }, schema: { tags, summary: "A policy's insured students, paged (search.policyId)", body: pagedQuerySchema } }, async (request) =>
    ok(await pageInsured(database.db, insuredList.parse(request.body))),
  );
  app.post(
    `${base}/insured/students`,
    { config: { access: MANAGE, readOnly: true }, schema: { tags, summary: 'Students to insure, by number or name', body: z.object({ keyword: z.string().trim().max(50, 'validation.tooLong').default('') }) } },
    async (request) => ok(await studentOptions(database.db, request.body.keyword)),
  );
  app.post(`${base}/insured/classes`, { config: { access: MANAGE, readOnly: true }, schema: { tags, summary: 'Every class (insuring whole classes)' } }, async () => ok(await classOptions(database.db)));
  app.post(`${base}/insured/add`, { config: { access: MANAGE, audit: audit('insure') }, schema: { tags, summary: 'Insures picked students and whole classes (once per policy)', body: insureSchema } }, async (request) => {
    const result = await insureStudents(database.db, request.body);
    return ok(result, t(request, 'insurance.insured', result));
  });
  app.get(`${base}/insured/template`, { config: { access: MANAGE }, schema: { tags, summary: 'The insured-students import template (.xlsx): headings in the caller’s language and an example row' } }, async (request, reply) =>
    sendWorkbook(reply, `${t(request, 'insurance.templateName')}.xlsx`, await buildInsuredTemplate(languageOf(request))),
  );
  app.post(`${base}/insured/remove`, { config: { access: MANAGE, audit: audit('uninsure') }, schema: { tags, summary: 'Removes insured students without claims', body: uninsureSchema } }, async (request) => {
    await uninsureStudents(database.db, request.body);
    return ok(null, t(request, 'common.deleted'));
  });

  // Claims: the office every claim, a family their own.
  app.post(`${base}/claims/page`, { config: { access: PAGE, readOnly: true }, schema: { tags, summary: "Claims (the office's all, a family's own), paged", body: pagedQuerySchema } }, async (request) =>
    ok(await pageClaims(database.db, await callerOf(request), claimList.parse(request.body))),
  );
  app.post(`${base}/claims/get`, { config: { access: PAGE, readOnly: true }, schema: { tags, summary: 'One claim with its files and status history', body: idBodySchema } }, async (request) =>
    ok(await getClaim(database.db, await callerOf(request), request.body.id)),
  );
  app.post(`${base}/claims/student`, { config: { access: PAGE, readOnly: true }, schema: { tags, summary: 'The student of /bxlp/lpStu, if the caller may see them', body: idBodySchema } }, async (request) =>
    ok(await claimStudent(database.db, await callerOf(request), request.body.id)),
  );
  app.post(`${base}/claims/children`, { config: { access: PAGE, readOnly: true }, schema: { tags, summary: "The caller's children with the current policies covering them" } }, async (request) =>
    ok(await insuredChildren(database.db, await callerOf(request))),
  );
  app.post(`${base}/claims/create`, { config: { access: PAGE, audit: audit('fileClaim') }, schema: { tags, summary: 'Files a claim for an insured child', body: claimFormSchema } }, async (request) =>
    ok({ id: await createClaim(database.db, await callerOf(request), request.body) }, t(request, 'insurance.filed')),
  );
  app.post(`${base}/claims/action`, { config: { access: MANAGE, audit: audit('claimAction') }, schema: { tags, summary: 'Materials received, paid, or rejected with a reason', body: claimActionSchema } }, async (request) => {
    await claimAction(database.db, await callerOf(request), request.body);
    return ok(null, t(request, ACTION_DONE[request.body.action]));
  });
  app.get(`${base}/claims/export`, { config: { access: MANAGE }, schema: { tags, summary: 'Claims as an Excel file (same search and sort as the list)', querystring: exportQuerySchema } }, async (request, reply) => {
    const list = claimList.parse({ ...request.query, currPage: 0, limit: EXPORT_ROW_LIMIT + 1 });
    const { rows } = await pageClaims(database.db, await callerOf(request), list);
    const h = (key: string) => t(request, `insurance.col.${key}` as Parameters<typeof t>[1]);
    const name = t(request, 'insurance.export.claims');
    const content = await buildWorkbook<ClaimRow>(
      name,
      [
        { header: h('studentNumber'), value: (r) => r.studentNumber },
        { header: h('student'), value: (r) => r.studentName },
        { header: h('class'), value: (r) => r.className },
        { header: h('policy'), value: (r) => r.policyNo, width: 18 },
        { header: h('company'), value: (r) => r.companyName, width: 20 },
        { header: h('accidentDate'), value: (r) => r.accidentDate },
        { header: h('place'), value: (r) => r.place },
        { header: h('description'), value: (r) => r.description, width: 40 },
        { header: h('amountClaimed'), value: (r) => r.amountClaimed },
        { header: h('status'), value: (r) => t(request, `insurance.status.${r.status}`) },
        { header: h('materialsReceived'), value: (r) => yesNo(request, r.materialsReceived) },
        { header: h('paid'), value: (r) => yesNo(request, r.paid) },
        { header: h('paidAmount'), value: (r) => r.paidAmount },
        { header: h('paidDate'), value: (r) => r.paidDate },
        { header: h('filedAt'), value: (r) => r.createdAt, width: 18 },
      ],
      rows.slice(0, EXPORT_ROW_LIMIT),
      rows.length > EXPORT_ROW_LIMIT ? t(request, 'common.exportTruncated', { limit: EXPORT_ROW_LIMIT }) : undefined,
    );
    return sendWorkbook(reply, exportFileName(name), content);
  });
}
