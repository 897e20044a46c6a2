import { z } from 'zod';
import { idSchema, optionalIdSchema as optionalId, requiredIdSchema as requiredId, wholeNumberSchema as whole } from '../system/system.ts';

/**
 * Teaching materials of issue 17 (/jc/*, /sxxmb/sxxmbTable/mxbTble): competency templates per course with
 * their levels (能力模板), textbook chapters and sections per course and grade (章节), knowledge points
 * teachers propose and the teaching-research group leader approves (知识点审批), and attribute-item templates
 * with their detail rows (属性项模板 明细表).
 */

export const MATERIAL_PERMISSIONS = {
  abilities: 'teaching:abilityTemplate',
  chapters: 'teaching:chapter',
  knowledge: 'teaching:knowledgePoint',
  /** Teachers propose knowledge points. */
  propose: 'teaching:knowledgePoint:propose',
  /** The office reviews every course's points (a group leader reviews their group's courses). */
  reviewAll: 'teaching:knowledgePoint:all',
  attributes: 'teaching:attributeTemplate',
} as const;

export const MATERIAL_URLS = {
  abilities: '/jc/nlmb',
  knowledge: '/jc/zssp',
  chapters: '/jc/zj',
  attributes: '/sxxmb/sxxmbTable/mxbTble',
} as const;

const text = (max: number, required?: string) => {
  const base = z.preprocess((value) => value ?? '', z.string().trim().max(max, 'validation.tooLong'));
  return required ? base.refine((value) => value.length > 0, required) : base;
};

const distinctNames = (path: string, message: string) => (items: { name: string }[], ctx: z.RefinementCtx) => {
  const names = items.map((item) => item.name);
  const twice = names.findIndex((name, index) => names.indexOf(name) !== index);
  if (twice >= 0) ctx.addIssue({ code: 'custom', path: [twice, 'name'], message });
  void path;
};

export const abilityTemplateFormSchema = z.object({
  id: idSchema.optional(),
  courseId: requiredId('material.courseRequired'),
  name: text(50, 'common.nameRequired'),
  description: text(200),
  levels: z
    .array(z.object({ name: text(20, 'material.levelNameRequired'), description: text(200) }), { message: 'material.levelsRange' })
    .min(2, 'material.levelsRange')
    .max(10, 'material.levelsRange')
    .superRefine(distinctNames('levels', 'material.levelTwice')),
  enabled: z.boolean().default(true),
});
export type AbilityTemplateForm = z.input<typeof abilityTemplateFormSchema>;

export interface AbilityTemplateRow {
  id: number;
  courseId: number;
  courseName: string;
  name: string;
  description: string;
  levels: { name: string; description: string }[];
  enabled: boolean;
}

export const materialSearchSchema = z
  .object({ courseId: optionalId, gradeId: optionalId, keyword: z.string().trim().max(50).optional().default('') })
  .default({ keyword: '' });

export const chapterFormSchema = z.object({
  id: idSchema.optional(),
  courseId: requiredId('material.courseRequired'),
  gradeId: requiredId('material.gradeRequired'),
  parentId: optionalId,
  name: text(100, 'common.nameRequired'),
  sort: whole(0, 999, 'material.sortRange').default(0),
});
export type ChapterForm = z.input<typeof chapterFormSchema>;

export interface ChapterNode {
  id: number;
  courseId: number;
  gradeId: number;
  parentId: number | null;
  name: string;
  sort: number;
  /** Knowledge points approved under it. */
  points: number;
  children?: ChapterNode[];
}

export const chapterTreeSchema = z.object({ courseId: requiredId('material.courseRequired'), gradeId: requiredId('material.gradeRequired') });

export const KNOWLEDGE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type KnowledgeStatus = (typeof KNOWLEDGE_STATUSES)[number];

export const knowledgeProposeSchema = z.object({
  chapterId: requiredId('material.chapterRequired'),
  name: text(100, 'common.nameRequired'),
  description: text(300),
});
export type KnowledgePropose = z.input<typeof knowledgeProposeSchema>;

export const knowledgeReviewSchema = z
  .object({ ids: z.array(idSchema).min(1, 'common.selectNone').max(200, 'errors.badRequest'), decision: z.enum(['approve', 'reject']), comment: text(200) })
  .superRefine((body, ctx) => {
    if (body.decision === 'reject' && !body.comment) ctx.addIssue({ code: 'custom', path: ['comment'], message: 'material.rejectReasonRequired' });
  });

export const knowledgeSearchSchema = z
  .object({
    courseId: optionalId,
    gradeId: optionalId,
    status: z.preprocess((value) => (value === '' || value === null ? undefined : value), z.enum(KNOWLEDGE_STATUSES).optional()),
    keyword: z.string().trim().max(50).optional().default(''),
  })
  .default({ keyword: '' });

export interface KnowledgeRow {
  id: number;
  chapterId: number;
  chapterName: string;
  courseName: string;
  gradeName: string;
  name: string;
  description: string;
  status: KnowledgeStatus;
  proposerName: string;
  reviewComment: string;
  reviewedAt: string;
  createdAt: string;
  mine: boolean;
  reviewable: boolean;
}

export const ATTRIBUTE_KINDS = ['text', 'number', 'date', 'enum'] as const;
export type AttributeKind = (typeof ATTRIBUTE_KINDS)[number];

export const attributeTemplateFormSchema = z.object({
  id: idSchema.optional(),
  name: text(50, 'common.nameRequired'),
  description: text(200),
  items: z
    .array(
      z
        .object({
          name: text(30, 'material.itemNameRequired'),
          kind: z.enum(ATTRIBUTE_KINDS, { message: 'material.kindRequired' }),
          required: z.boolean().default(false),
          options: z.array(text(30)).max(20, 'material.optionsMax').default([]),
        })
        .superRefine((item, ctx) => {
          if (item.kind === 'enum' && item.options.filter(Boolean).length < 2) ctx.addIssue({ code: 'custom', path: ['options'], message: 'material.optionsRequired' });
        }),
      { message: 'material.itemsRange' },
    )
    .min(1, 'material.itemsRange')
    .max(30, 'material.itemsRange')
    .superRefine(distinctNames('items', 'material.itemTwice')),
  enabled: z.boolean().default(true),
});
export type AttributeTemplateForm = z.input<typeof attributeTemplateFormSchema>;

export interface AttributeTemplateRow {
  id: number;
  name: string;
  description: string;
  items: { name: string; kind: AttributeKind; required: boolean; options: string[] }[];
  enabled: boolean;
}

export interface MaterialOptions {
  courses: { id: number; name: string }[];
  grades: { id: number; name: string }[];
  /** The course and grade of the first chapter kept, for the pages to open on. */
  first: { courseId: number; gradeId: number } | null;
}
