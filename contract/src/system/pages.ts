import { z } from 'zod';
import { idSchema } from './system.ts';

/** Home cards (/xtgl/sykp) and configurable custom pages (/custom-page): schemas shared by server and web. */

export const HOME_CARD_CATEGORIES = ['shortcut', 'statistic', 'notice'] as const;
/** What a statistic card may count; each is computed on the server within the caller's data scope. */
export const HOME_CARD_STATISTICS = ['unreadMessages', 'visibleStudents', 'visibleClasses', 'unreadNotices', 'latestNoticeReads', 'homeworkDue', 'homeworkToCorrect', 'eventsToAnswer', 'recentAwards', 'approvalsWaiting', 'onLeaveToday', 'electivesToReview', 'electivesToChoose', 'electivesToRate', 'subjectChoicesToMake', 'choiceChangesToReview', 'surveysToAnswer', 'lecturesToSignUp', 'activitiesToSignUp', 'lecturesToRun', 'activitiesToRun'] as const;

const route = z
  .string()
  .trim()
  .max(300, 'validation.tooLong')
  .refine((value) => value === '' || /^\/[A-Za-z0-9/_\-.?=&%]*$/.test(value), 'homeCards.routeFormat');

export const homeCardFormSchema = z
  .object({
    id: idSchema.optional(),
    name: z.string({ message: 'common.nameRequired' }).trim().min(1, 'common.nameRequired').max(50, 'validation.tooLong'),
    nameEn: z.string().trim().max(50, 'validation.tooLong').optional().default(''),
    route: route.optional().default(''),
    content: z.string({ message: 'homeCards.contentRequired' }).trim().min(1, 'homeCards.contentRequired').max(300, 'validation.tooLong'),
    /** The text in English (notice and list cards); an English dashboard falls back to `content` without it. */
    contentEn: z.string().trim().max(300, 'validation.tooLong').optional().default(''),
    /** Empty: every role. */
    roleCode: z.string().trim().max(64, 'validation.tooLong').optional().default(''),
    category: z.enum(HOME_CARD_CATEGORIES, { message: 'homeCards.categoryRequired' }),
    sort: z.coerce.number({ message: 'errors.badRequest' }).int('errors.badRequest').min(0, 'errors.badRequest').max(9999, 'errors.badRequest').default(0),
    enabled: z.boolean().default(true),
  })
  .superRefine((card, ctx) => {
    if (card.category === 'statistic' && !(HOME_CARD_STATISTICS as readonly string[]).includes(card.content)) {
      ctx.addIssue({ code: 'custom', path: ['content'], message: 'homeCards.statisticUnknown' });
    }
    if (card.category === 'shortcut' && !card.route) ctx.addIssue({ code: 'custom', path: ['route'], message: 'homeCards.routeRequired' });
  });
export type HomeCardForm = z.infer<typeof homeCardFormSchema>;

export const homeCardSearchSchema = z
  .object({
    keyword: z.string().trim().max(50, 'validation.tooLong').optional(),
    category: z.enum(HOME_CARD_CATEGORIES).optional(),
    roleCode: z.string().trim().max(64, 'validation.tooLong').optional(),
  })
  .strip();

export interface HomeCardRow {
  id: number;
  name: string;
  nameEn: string | null;
  route: string | null;
  content: string;
  contentEn: string | null;
  roleCode: string | null;
  roleName: string | null;
  category: (typeof HOME_CARD_CATEGORIES)[number];
  sort: number;
  enabled: boolean;
}

/** A card on the caller's dashboard; statistic cards carry their computed value. */
export interface DashboardCard {
  id: number;
  title: string;
  route: string | null;
  category: (typeof HOME_CARD_CATEGORIES)[number];
  content: string;
  value?: number;
}

/* Custom pages: a designer lays out blocks; a published page is a menu entry at /customPreview/{param}. */

export const CUSTOM_BLOCK_TYPES = ['heading', 'text', 'notice', 'links', 'image', 'divider'] as const;
export const CUSTOM_PAGE_MAX_BLOCKS = 50;

const blockText = z.string().max(2000, 'validation.tooLong');
export const customBlockSchema = z.discriminatedUnion('type', [
  z.object({ id: z.string().min(1).max(40), type: z.literal('heading'), text: z.string().max(100, 'validation.tooLong') }),
  z.object({ id: z.string().min(1).max(40), type: z.literal('text'), text: blockText }),
  z.object({ id: z.string().min(1).max(40), type: z.literal('notice'), title: z.string().max(100, 'validation.tooLong'), text: blockText, level: z.enum(['info', 'success', 'warning', 'error']) }),
  z.object({
    id: z.string().min(1).max(40),
    type: z.literal('links'),
    links: z
      .array(z.object({ label: z.string().trim().min(1, 'customPages.linkLabel').max(50, 'validation.tooLong'), route: z.string().trim().regex(/^\/[A-Za-z0-9/_\-.?=&%]*$/, 'homeCards.routeFormat') }))
      .max(12, 'customPages.tooManyLinks'),
  }),
  z.object({ id: z.string().min(1).max(40), type: z.literal('image'), fileId: z.string().max(40), caption: z.string().max(100, 'validation.tooLong') }),
  z.object({ id: z.string().min(1).max(40), type: z.literal('divider') }),
]);
export type CustomBlock = z.infer<typeof customBlockSchema>;

export const customPageFormSchema = z.object({
  id: idSchema.optional(),
  /** The menu's zdycs: letters, digits, underscore and hyphen. */
  param: z.string({ message: 'customPages.paramRequired' }).trim().min(1, 'customPages.paramRequired').max(100, 'validation.tooLong').regex(/^[A-Za-z0-9_-]+$/, 'customPages.paramFormat'),
  title: z.string({ message: 'common.nameRequired' }).trim().min(1, 'common.nameRequired').max(100, 'validation.tooLong'),
  titleEn: z.string().trim().max(100, 'validation.tooLong').optional().default(''),
  layout: z.array(customBlockSchema).max(CUSTOM_PAGE_MAX_BLOCKS, 'customPages.tooManyBlocks').default([]),
  remark: z.string().trim().max(300, 'validation.tooLong').optional().default(''),
});
export type CustomPageForm = z.infer<typeof customPageFormSchema>;

export const customPagePublishSchema = z.object({
  id: idSchema,
  /** The menu directory the entry goes under. */
  parentMenuId: idSchema,
  /** Roles that get the entry besides the administrator. */
  roleCodes: z.array(z.string().trim().min(1).max(64)).max(50).default([]),
});

export interface CustomPageRow {
  id: number;
  param: string;
  title: string;
  titleEn: string | null;
  published: boolean;
  menuId: number | null;
  blockCount: number;
  updatedAt: string;
  updatedBy: string | null;
  remark: string | null;
}

export interface CustomPageView {
  param: string;
  title: string;
  layout: CustomBlock[];
}
