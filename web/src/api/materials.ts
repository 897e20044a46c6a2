import type { AbilityTemplateForm, AttributeTemplateForm, ChapterForm, ChapterNode, KnowledgePropose, MaterialOptions } from '@campus/contract';
import { call, request } from './client.ts';

/** Calls of the teaching materials (docs/calls-teaching.md). */
export const MATERIAL_CALLS = {
  options: '/api/teaching/materials/options',
  abilitiesPage: '/api/teaching/abilityTemplates/page',
  abilityCreate: '/api/teaching/abilityTemplates/create',
  abilityUpdate: '/api/teaching/abilityTemplates/update',
  abilityDelete: '/api/teaching/abilityTemplates/delete',
  abilitiesExport: '/api/teaching/abilityTemplates/export',
  chapterTree: '/api/teaching/chapters/tree',
  chapterCreate: '/api/teaching/chapters/create',
  chapterUpdate: '/api/teaching/chapters/update',
  chapterDelete: '/api/teaching/chapters/delete',
  knowledgePage: '/api/teaching/knowledgePoints/page',
  propose: '/api/teaching/knowledgePoints/propose',
  withdraw: '/api/teaching/knowledgePoints/withdraw',
  review: '/api/teaching/knowledgePoints/review',
  attributesPage: '/api/teaching/attributeTemplates/page',
  attributeCreate: '/api/teaching/attributeTemplates/create',
  attributeUpdate: '/api/teaching/attributeTemplates/update',
  attributeDelete: '/api/teaching/attributeTemplates/delete',
  attributesExport: '/api/teaching/attributeTemplates/export',
} as const;

export const materialKeys = {
  options: ['materials', 'options'] as const,
  tree: (courseId: number, gradeId: number) => ['materials', 'tree', courseId, gradeId] as const,
};

const list = <T>(value: T[] | null | undefined): T[] => (Array.isArray(value) ? value : []);

export async function fetchMaterialOptions(signal?: AbortSignal): Promise<MaterialOptions> {
  const data = await call<Partial<MaterialOptions> | null>(MATERIAL_CALLS.options, { json: {}, signal });
  return { courses: list(data?.courses), grades: list(data?.grades), first: data?.first ?? null };
}

export async function fetchChapterTree(courseId: number, gradeId: number, signal?: AbortSignal): Promise<ChapterNode[]> {
  return list(await call<ChapterNode[] | null>(MATERIAL_CALLS.chapterTree, { json: { courseId, gradeId }, signal }));
}

export async function saveAbility(body: AbilityTemplateForm): Promise<string> {
  return (await request(body.id ? MATERIAL_CALLS.abilityUpdate : MATERIAL_CALLS.abilityCreate, { json: body })).msg;
}

export async function saveChapter(body: ChapterForm): Promise<string> {
  return (await request(body.id ? MATERIAL_CALLS.chapterUpdate : MATERIAL_CALLS.chapterCreate, { json: body })).msg;
}

export async function proposeKnowledge(body: KnowledgePropose): Promise<string> {
  return (await request(MATERIAL_CALLS.propose, { json: body })).msg;
}

export async function reviewKnowledge(body: { ids: number[]; decision: 'approve' | 'reject'; comment: string }): Promise<string> {
  return (await request(MATERIAL_CALLS.review, { json: body })).msg;
}

export async function withdrawKnowledge(id: number): Promise<string> {
  return (await request(MATERIAL_CALLS.withdraw, { json: { id } })).msg;
}

export async function saveAttribute(body: AttributeTemplateForm): Promise<string> {
  return (await request(body.id ? MATERIAL_CALLS.attributeUpdate : MATERIAL_CALLS.attributeCreate, { json: body })).msg;
}
