import { z } from 'zod';
import { idSchema } from './system.ts';

/**
 * Schemas of the menu, dictionary and role-type screens (issue 4, items 3 and 4, and role types): the
 * server checks them, the forms show them through zodRule. Messages are catalogue keys
 * (contract/src/messages/menusDicts.ts).
 */

export const MENU_KINDS = ['directory', 'page', 'button'] as const;
export type MenuKind = (typeof MENU_KINDS)[number];

/** Permission value: letters, digits, underscore and colon (spec section 5). */
export const MENU_PERMISSION_PATTERN = /^[A-Za-z0-9_:]+$/;
/** An Ant Design icon name, the only names the sidebar's MenuIcon draws. */
export const MENU_ICON_PATTERN = /^[A-Z][A-Za-z]*(Outlined|Filled|TwoTone)$/;
/** A custom-page parameter becomes part of /customPreview/{zdycs}. */
export const CUSTOM_PAGE_PARAM_PATTERN = /^[A-Za-z0-9_-]+$/;

const sort = z.coerce.number({ message: 'menus.sortRange' }).int('menus.sortRange').min(0, 'menus.sortRange').max(9999, 'menus.sortRange');
/** An optional text: absent, null (as /get answers it) or blank all become ''. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'validation.tooLong')
    .nullish()
    .transform((value) => value ?? '');

/** A name may not start or end with a space (spec section 5): refused, not silently trimmed. */
const menuName = z
  .string({ message: 'common.nameRequired' })
  .min(1, 'common.nameRequired')
  .max(100, 'validation.tooLong')
  .refine((value) => value.trim() !== '', 'common.nameRequired')
  .refine((value) => value === value.trim(), 'common.nameSpaces');

export const menuFormSchema = z
  .object({
    id: idSchema.optional(),
    /** The parent menu; null or absent for a top-level entry. */
    parentId: idSchema.nullable().optional().default(null),
    kind: z.enum(MENU_KINDS, { message: 'menus.kindRequired' }),
    name: menuName,
    nameEn: z
      .string()
      .max(100, 'validation.tooLong')
      .refine((value) => value === value.trim(), 'menus.nameEnSpaces')
      .nullish()
      .transform((value) => value ?? ''),
    url: z.string().trim().max(300, 'validation.tooLong').optional().default(''),
    permission: z
      .string({ message: 'menus.permissionRequired' })
      .trim()
      .min(1, 'menus.permissionRequired')
      .max(100, 'validation.tooLong')
      .regex(MENU_PERMISSION_PATTERN, 'menus.permissionFormat'),
    icon: z
      .string()
      .trim()
      .max(64, 'validation.tooLong')
      .refine((value) => value === '' || MENU_ICON_PATTERN.test(value), 'menus.iconFormat')
      .optional()
      .default(''),
    sort: sort.default(0),
    enabled: z.boolean().default(true),
    remark: optionalText(300),
    hidden: z.boolean().default(false),
    alwaysShow: z.boolean().default(false),
    noCache: z.boolean().default(false),
    /** sfzdy = 1 with zdycs: the page is the custom page /customPreview/{zdycs}. */
    isCustomPage: z.boolean().default(false),
    customPageParam: optionalText(100),
    /** sfswsy = 1. */
    isHomePage: z.boolean().default(false),
    /** cdwz: 'top' also shows the entry in the header menu. */
    position: z.enum(['', 'top'], { message: 'errors.badRequest' }).optional().default(''),
    /** sfwblj = 1: the router address is an http(s) address opened outside the app. */
    isExternalLink: z.boolean().default(false),
  })
  .superRefine((menu, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (menu.kind !== 'button') {
      if (!menu.url) issue('url', 'menus.urlRequired');
      else if (/\s/.test(menu.url)) issue('url', 'menus.urlFormat');
      else if (menu.isExternalLink ? !/^https?:\/\/[^/]/i.test(menu.url) : !menu.url.startsWith('/')) issue('url', menu.isExternalLink ? 'menus.externalUrlFormat' : 'menus.urlFormat');
    } else if (menu.url && /\s/.test(menu.url)) issue('url', 'menus.urlFormat');
    if (menu.isCustomPage) {
      if (!menu.customPageParam) issue('customPageParam', 'menus.customParamRequired');
      else if (!CUSTOM_PAGE_PARAM_PATTERN.test(menu.customPageParam)) issue('customPageParam', 'menus.customParamFormat');
    }
    if (menu.id !== undefined && menu.parentId === menu.id) issue('parentId', 'menus.parentCycle');
  });
export type MenuForm = z.infer<typeof menuFormSchema>;

/** One menu with every column the admin form edits. */
export interface MenuDetail extends Omit<MenuForm, 'id' | 'parentId'> {
  id: number;
  parentId: number | null;
  code: string;
  /** How many roles hold it. */
  roleCount: number;
  childCount: number;
}

export const menuMoveSchema = z.object({ id: idSchema, direction: z.enum(['up', 'down'], { message: 'errors.badRequest' }) });
/** Drag and drop: the siblings of one parent in their new order (a dragged node may come from another parent). */
export const menuReorderSchema = z.object({
  parentId: idSchema.nullable(),
  ids: z.array(idSchema).min(1, 'errors.badRequest').max(500, 'errors.badRequest'),
});

// ---------------------------------------------------------------------------------------------------
// Dictionaries

/** STD_ plus a capital letter, then capitals, digits and underscores; at most 40 characters (spec section 5). */
export const DICTIONARY_TABLE_PATTERN = /^STD_[A-Z][A-Z0-9_]*$/;
export const DICTIONARY_CODE_PATTERN = /^[A-Za-z0-9_.-]+$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const requiredName = z.string({ message: 'common.nameRequired' }).trim().min(1, 'common.nameRequired').max(100, 'validation.tooLong');

export const dictionaryTableNameSchema = z
  .string({ message: 'dictTables.nameRequired' })
  .trim()
  .min(1, 'dictTables.nameRequired')
  .max(40, 'dictTables.nameTooLong')
  .regex(DICTIONARY_TABLE_PATTERN, 'dicts.badTableName');

export const dictionaryTableFormSchema = z.object({
  tableName: dictionaryTableNameSchema,
  name: requiredName,
  nameEn: optionalText(100),
  remark: optionalText(300),
  published: z.boolean().default(false),
});
export type DictionaryTableForm = z.infer<typeof dictionaryTableFormSchema>;

export const dictionaryTableNamesSchema = z.object({ tableNames: z.array(dictionaryTableNameSchema).min(1, 'common.selectNone').max(100, 'errors.badRequest') });
export const dictionaryTablePublishSchema = dictionaryTableNamesSchema.extend({ published: z.boolean() });
export const dictionaryTableGetSchema = z.object({ tableName: dictionaryTableNameSchema });

export interface DictionaryTableRow {
  tableName: string;
  name: string;
  nameEn: string | null;
  remark: string | null;
  published: boolean;
  itemCount: number;
}

export const dictionaryTableSearchSchema = z
  .object({
    keyword: z.string().trim().max(64, 'validation.tooLong').optional(),
    published: z.boolean().optional(),
  })
  .strip();

const optionalDate = z
  .string()
  .trim()
  .refine((value) => value === '' || (DATE_PATTERN.test(value) && !Number.isNaN(Date.parse(value))), 'dictItems.dateFormat')
  .nullish()
  .transform((value) => value ?? '');

export const dictionaryItemFormSchema = z
  .object({
    id: idSchema.optional(),
    tableName: dictionaryTableNameSchema,
    code: z
      .string({ message: 'dictItems.codeRequired' })
      .trim()
      .min(1, 'dictItems.codeRequired')
      .max(50, 'validation.tooLong')
      .regex(DICTIONARY_CODE_PATTERN, 'dictItems.codeFormat'),
    name: requiredName,
    sort: sort.default(0),
    parentCode: optionalText(50),
    level: z.coerce.number({ message: 'dictItems.levelRange' }).int('dictItems.levelRange').min(1, 'dictItems.levelRange').max(9, 'dictItems.levelRange').default(1),
    alias: optionalText(100),
    shortName: optionalText(50),
    nameEn: optionalText(100),
    tag1: optionalText(100),
    tag2: optionalText(100),
    tag3: optionalText(100),
    tag4: optionalText(100),
    tag5: optionalText(100),
    enabled: z.boolean().default(true),
    published: z.boolean().default(false),
    source: optionalText(100),
    startDate: optionalDate,
    endDate: optionalDate,
    remark: optionalText(300),
  })
  .superRefine((item, ctx) => {
    if (item.startDate && item.endDate && item.endDate < item.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'dictItems.endBeforeStart' });
    if (item.parentCode && item.parentCode === item.code) ctx.addIssue({ code: 'custom', path: ['parentCode'], message: 'dictItems.parentSelf' });
  });
export type DictionaryItemForm = z.infer<typeof dictionaryItemFormSchema>;

export const dictionaryItemSearchSchema = z
  .object({
    tableName: dictionaryTableNameSchema.optional(),
    keyword: z.string().trim().max(64, 'validation.tooLong').optional(),
    enabled: z.boolean().optional(),
    published: z.boolean().optional(),
  })
  .strip();

export const dictionaryItemPublishSchema = z.object({ ids: z.array(idSchema).min(1, 'common.selectNone').max(500, 'errors.badRequest'), published: z.boolean() });

export interface DictionaryItemRow {
  id: number;
  tableName: string;
  code: string;
  name: string;
  sort: number;
  parentCode: string | null;
  level: number;
  alias: string | null;
  shortName: string | null;
  nameEn: string | null;
  tag1: string | null;
  tag2: string | null;
  tag3: string | null;
  tag4: string | null;
  tag5: string | null;
  enabled: boolean;
  published: boolean;
  source: string | null;
  startDate: string | null;
  endDate: string | null;
  remark: string | null;
}

// ---------------------------------------------------------------------------------------------------
// Role types: the items of STD_ROLE_TYPE. A type groups roles (the picker's role tab shows one group per
// type) and says how its roles work: 'ordinary' roles hold menus and users, 'dynamic' roles resolve their
// members with a checked query (stored in the item's tag1). The two built-in types keep their code and kind.

export const ROLE_TYPE_DICTIONARY = 'STD_ROLE_TYPE';
export const BUILT_IN_ROLE_TYPES = ['ordinary', 'dynamic'] as const;

/** How the roles of a type work. */
export const ROLE_TYPE_KINDS = ['ordinary', 'dynamic'] as const;
export type RoleTypeKind = (typeof ROLE_TYPE_KINDS)[number];

export const roleTypeCreateSchema = z.object({
  code: z
    .string({ message: 'common.codeRequired' })
    .trim()
    .min(1, 'common.codeRequired')
    .max(50, 'validation.tooLong')
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'roles.codeFormat'),
  name: requiredName,
  nameEn: optionalText(100),
  kind: z.enum(ROLE_TYPE_KINDS, { message: 'roleTypes.kindRequired' }),
  sort: sort.default(0),
  enabled: z.boolean().default(true),
  remark: optionalText(300),
});
export type RoleTypeCreate = z.infer<typeof roleTypeCreateSchema>;

export const roleTypeFormSchema = z.object({
  id: idSchema,
  kind: z.enum(ROLE_TYPE_KINDS, { message: 'roleTypes.kindRequired' }).optional(),
  name: requiredName,
  nameEn: optionalText(100),
  sort: sort.default(0),
  enabled: z.boolean().default(true),
  remark: optionalText(300),
});
export type RoleTypeForm = z.infer<typeof roleTypeFormSchema>;

export const roleTypeSearchSchema = z.object({ keyword: z.string().trim().max(64, 'validation.tooLong').optional() }).strip();

export interface RoleTypeRow {
  id: number;
  code: string;
  name: string;
  nameEn: string | null;
  sort: number;
  enabled: boolean;
  published: boolean;
  remark: string | null;
  kind: RoleTypeKind;
  /** ordinary and dynamic: their code and kind are fixed and they are never deleted. */
  builtIn: boolean;
  /** How many roles are of this type. */
  roleCount: number;
}
