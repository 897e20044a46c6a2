import {
  MATERIAL_PERMISSIONS,
  abilityTemplateFormSchema,
  attributeTemplateFormSchema,
  chapterFormSchema,
  chapterTreeSchema,
  idBodySchema,
  idsSchema,
  knowledgeProposeSchema,
  knowledgeReviewSchema,
  pagedQuerySchema,
} from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../../../platform/caller.ts';
import { ok } from '../../../platform/envelope.ts';
import { badRequest } from '../../../platform/errors.ts';
import { t } from '../../../platform/i18n.ts';
import { registerResource, yesNo } from '../../../platform/resource.ts';
import {
  abilityList,
  attributeList,
  chapterTree,
  createAbility,
  createChapter,
  deleteAbilities,
  deleteAttributes,
  deleteChapters,
  findAbility,
  findAttribute,
  knowledgeList,
  listAbilities,
  listAttributes,
  materialOptions,
  pageKnowledge,
  proposeKnowledge,
  reviewKnowledge,
  saveAttribute,
  updateAbility,
  updateChapter,
  withdrawKnowledge,
} from './service.ts';

const audit = (operation: string) => ({ module: 'teaching.materials', operation });

/** 能力模板 (/jc/nlmb), 章节 (/jc/zj), 知识点审批 (/jc/zssp), 属性项模板 (/sxxmb/sxxmbTable/mxbTble): docs/calls-teaching.md. */
export async function materialRoutes(fastify: FastifyInstance): Promise<void> {
  registerResource(fastify, {
    path: '/api/teaching/abilityTemplates',
    permission: MATERIAL_PERMISSIONS.abilities,
    auditModule: 'teaching.abilityTemplate',
    summary: 'competency templates',
    list: abilityList,
    fetch: listAbilities,
    find: findAbility,
    form: abilityTemplateFormSchema,
    create: createAbility,
    update: (db, form) => updateAbility(db, form),
    remove: deleteAbilities,
    exportName: 'material.abilityExport',
    // Teachers read the list; the Excel copy is the office's (an export right asks for a second factor).
    exportPermission: `${MATERIAL_PERMISSIONS.abilities}:edit`,
    columns: (request) => [
      { header: t(request, 'material.col.course'), value: (r) => r.courseName, width: 12 },
      { header: t(request, 'material.col.name'), value: (r) => r.name, width: 20 },
      { header: t(request, 'material.col.levels'), value: (r) => r.levels.map((l) => l.name).join(' / '), width: 40 },
      { header: t(request, 'material.col.enabled'), value: (r) => yesNo(request, r.enabled) },
    ],
  });
  registerResource(fastify, {
    path: '/api/teaching/attributeTemplates',
    permission: MATERIAL_PERMISSIONS.attributes,
    auditModule: 'teaching.attributeTemplate',
    summary: 'attribute-item templates and their detail rows',
    list: attributeList,
    fetch: (db, request, withTotal) => listAttributes(db, request, withTotal),
    find: (db, id) => findAttribute(db, id),
    form: attributeTemplateFormSchema,
    create: (db, form) => saveAttribute(db, { ...form, id: undefined }),
    update: async (db, form) => void (await saveAttribute(db, form)),
    remove: deleteAttributes,
    exportName: 'material.attributeExport',
    columns: (request) => [
      { header: t(request, 'material.col.name'), value: (r) => r.name, width: 20 },
      { header: t(request, 'material.col.items'), value: (r) => r.items.map((i) => `${i.name} (${t(request, `material.kind.${i.kind}`)})`).join('; '), width: 60 },
      { header: t(request, 'material.col.enabled'), value: (r) => yesNo(request, r.enabled) },
    ],
  });

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['teaching'];
  const READ = { anyOf: [MATERIAL_PERMISSIONS.abilities, MATERIAL_PERMISSIONS.chapters, MATERIAL_PERMISSIONS.knowledge] } as const;
  const CHAPTER_EDIT = { permission: `${MATERIAL_PERMISSIONS.chapters}:edit` } as const;

  app.post('/api/teaching/materials/options', { config: { access: READ, readOnly: true }, schema: { tags, summary: 'Courses and grades' } }, async (request) =>
    ok(await materialOptions(database.db, request.language)),
  );
  app.post(
    '/api/teaching/chapters/tree',
    { config: { access: { anyOf: [MATERIAL_PERMISSIONS.chapters, MATERIAL_PERMISSIONS.knowledge] }, readOnly: true }, schema: { tags, summary: "A course and grade's chapters as an ordered tree", body: chapterTreeSchema } },
    async (request) => ok(await chapterTree(database.db, request.body.courseId, request.body.gradeId)),
  );
  app.post('/api/teaching/chapters/create', { config: { access: CHAPTER_EDIT, audit: audit('chapter.create') }, schema: { tags, summary: 'Adds a chapter or section', body: chapterFormSchema } }, async (request) =>
    ok({ id: await createChapter(database.db, request.body) }, t(request, 'common.created')),
  );
  app.post('/api/teaching/chapters/update', { config: { access: CHAPTER_EDIT, audit: audit('chapter.update') }, schema: { tags, summary: 'Changes a chapter or section', body: chapterFormSchema } }, async (request) => {
    if (!request.body.id) throw badRequest();
    await updateChapter(database.db, { ...request.body, id: request.body.id });
    return ok(null, t(request, 'common.updated'));
  });
  app.post(
    '/api/teaching/chapters/delete',
    { config: { access: { permission: `${MATERIAL_PERMISSIONS.chapters}:delete` }, audit: audit('chapter.delete') }, schema: { tags, summary: 'Deletes chapters without sections or knowledge points', body: idsSchema } },
    async (request) => {
      await deleteChapters(database.db, [...new Set(request.body.ids)]);
      return ok(null, t(request, 'common.deleted'));
    },
  );
  app.post(
    '/api/teaching/knowledgePoints/page',
    { config: { access: { permission: MATERIAL_PERMISSIONS.knowledge }, readOnly: true }, schema: { tags, summary: 'Approved points, the caller’s proposals and those they review, paged', body: pagedQuerySchema } },
    async (request) => ok(await pageKnowledge(database.db, await callerOf(request), knowledgeList.parse(request.body))),
  );
  app.post(
    '/api/teaching/knowledgePoints/propose',
    { config: { access: { permission: MATERIAL_PERMISSIONS.propose }, audit: audit('knowledge.propose') }, schema: { tags, summary: 'A teacher proposes a knowledge point of a chapter', body: knowledgeProposeSchema } },
    async (request) => ok({ id: await proposeKnowledge(database.db, await callerOf(request), request.body) }, t(request, 'material.proposed')),
  );
  app.post(
    '/api/teaching/knowledgePoints/withdraw',
    { config: { access: { permission: MATERIAL_PERMISSIONS.propose }, audit: audit('knowledge.withdraw') }, schema: { tags, summary: 'The proposer withdraws a pending point', body: idBodySchema } },
    async (request) => {
      await withdrawKnowledge(database.db, await callerOf(request), request.body.id);
      return ok(null, t(request, 'common.deleted'));
    },
  );
  app.post(
    '/api/teaching/knowledgePoints/review',
    { config: { access: { permission: MATERIAL_PERMISSIONS.knowledge }, audit: audit('knowledge.review') }, schema: { tags, summary: "The course group's leader (or the office) approves or rejects pending points", body: knowledgeReviewSchema } },
    async (request) => {
      const count = await reviewKnowledge(database.db, await callerOf(request), request.body);
      return ok({ count }, t(request, request.body.decision === 'approve' ? 'material.approved' : 'material.rejected', { count }));
    },
  );
}
