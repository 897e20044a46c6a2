import { z } from 'zod';
import { isValidNewUserPassword } from '../session/auth.ts';
import { USER_TYPES } from '../session/menu.ts';

/** Shared schemas of the system-management screens: the server checks them, the forms show them. */

/** Row ids are PostgreSQL integers (serial): a larger number is no row, and the database would refuse it as a query parameter. */
export const MAX_ID = 2_147_483_647;
export const idSchema = z.coerce.number().int().positive('errors.badRequest').max(MAX_ID, 'errors.badRequest');
export const idsSchema = z.object({ ids: z.array(idSchema).min(1, 'common.selectNone').max(500, 'errors.badRequest') });
export const idBodySchema = z.object({ id: idSchema });
/** A record a form may leave unchosen: '' and null (an empty select) read as none. */
export const optionalIdSchema = z.preprocess((value) => (value === '' || value === null ? undefined : value), idSchema.optional());
/** A record a form must choose: empty answers `message`, anything but a whole positive number is a bad request. */
export const requiredIdSchema = (message: string) =>
  z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? undefined : typeof value === 'string' ? Number(value) : value),
    z.number({ message }).int('errors.badRequest').positive('errors.badRequest').max(MAX_ID, 'errors.badRequest'),
  );
/** A whole number from `min` to `max`; anything else answers `message`. */
export const wholeNumberSchema = (min: number, max: number, message: string) => z.coerce.number({ message }).int(message).min(min, message).max(max, message);

const userTypeValues = Object.values(USER_TYPES) as number[];
export const userTypeSchema = z.coerce
  .number({ message: 'users.userTypeRequired' })
  .int('users.userTypeRequired')
  .refine((value) => userTypeValues.includes(value), 'users.userTypeRequired');

export const newUserPasswordSchema = z
  .string({ message: 'users.passwordRequired' })
  .min(1, 'users.passwordRequired')
  .refine((value) => isValidNewUserPassword(value), 'users.passwordRule');

const displayName = z.string({ message: 'users.nameRequired' }).trim().min(1, 'users.nameRequired').max(100, 'validation.tooLong');
const roleCodes = z.array(z.string().trim().min(1, 'errors.badRequest').max(64, 'validation.tooLong')).max(100, 'errors.badRequest').default([]);

export const userCreateSchema = z.object({
  account: z
    .string({ message: 'users.accountRequired' })
    .trim()
    .min(1, 'users.accountRequired')
    .regex(/^[A-Za-z0-9_.-]{2,64}$/, 'users.accountFormat'),
  displayName,
  userType: userTypeSchema,
  password: newUserPasswordSchema,
  enabled: z.boolean().default(true),
  roleCodes,
});
export type UserCreate = z.infer<typeof userCreateSchema>;

export const userUpdateSchema = z.object({
  id: idSchema,
  displayName,
  userType: userTypeSchema,
  enabled: z.boolean(),
  roleCodes,
});
export type UserUpdate = z.infer<typeof userUpdateSchema>;

export const userEnableSchema = z.object({ ids: idsSchema.shape.ids, enabled: z.boolean() });
export const userResetPasswordSchema = z.object({ id: idSchema, password: newUserPasswordSchema });

export const userSearchSchema = z
  .object({
    keyword: z.string().trim().max(64, 'validation.tooLong').optional(),
    userType: z.coerce.number().int().min(0).max(MAX_ID).optional(),
    enabled: z.boolean().optional(),
    roleCode: z.string().trim().max(64, 'validation.tooLong').optional(),
  })
  .strip();
export type UserSearch = z.infer<typeof userSearchSchema>;

/** A row of the users list. */
export interface UserRow {
  id: number;
  account: string;
  displayName: string;
  userType: number;
  enabled: boolean;
  locked: boolean;
  createdAt: string;
  roles: { id: number; code: string; name: string }[];
}

/** Role codes start with a letter and hold letters, digits and underscore only (spec section 5). */
export const ROLE_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;
export const ROLE_KINDS = ['ordinary', 'dynamic'] as const;

const sortSchema = z.coerce.number({ message: 'errors.badRequest' }).int('errors.badRequest').min(0, 'errors.badRequest').max(9999, 'errors.badRequest').default(0);

export const roleFormSchema = z.object({
  id: idSchema.optional(),
  code: z.string({ message: 'common.codeRequired' }).trim().min(1, 'common.codeRequired').max(64, 'validation.tooLong').regex(ROLE_CODE_PATTERN, 'roles.codeFormat'),
  name: z.string({ message: 'common.nameRequired' }).trim().min(1, 'common.nameRequired').max(100, 'validation.tooLong'),
  /** A role type code (STD_ROLE_TYPE); the type decides whether the role is ordinary or dynamic. */
  roleType: z.string({ message: 'roles.typeRequired' }).trim().min(1, 'roles.typeRequired').max(50, 'validation.tooLong'),
  enabled: z.boolean().default(true),
  sort: sortSchema,
  remark: z.string().trim().max(300, 'validation.tooLong').optional().default(''),
  dynamicSql: z.string().trim().max(4000, 'validation.tooLong').optional().default(''),
  dynamicProcedure: z.string().trim().max(100, 'validation.tooLong').optional().default(''),
});
export type RoleForm = z.infer<typeof roleFormSchema>;

export const roleSearchSchema = z
  .object({
    keyword: z.string().trim().max(64, 'validation.tooLong').optional(),
    roleType: z.string().trim().max(50, 'validation.tooLong').optional(),
    enabled: z.boolean().optional(),
  })
  .strip();

export const roleMenusSchema = z.object({ id: idSchema, menuIds: z.array(idSchema).max(2000, 'errors.badRequest') });
export const roleMembersSchema = z.object({ id: idSchema, currPage: z.coerce.number().int().min(0).default(0), limit: z.coerce.number().int().min(1).max(500).default(10) });

export interface RoleRow {
  id: number;
  code: string;
  name: string;
  /** The role type's code, name in the caller's language, and how its roles work. */
  roleType: string;
  roleTypeName: string;
  kind: (typeof ROLE_KINDS)[number];
  enabled: boolean;
  sort: number;
  remark: string | null;
  dynamicSql: string | null;
  dynamicProcedure: string | null;
  userCount: number;
  createdAt: string;
}

/** A node of the menu tree as the admin screens see it (every menu, buttons included). */
export interface MenuNode {
  id: number;
  code: string;
  name: string;
  nameEn: string | null;
  url: string;
  permission: string;
  icon: string;
  sort: number;
  enabled: boolean;
  kind: 'directory' | 'page' | 'button';
  children: MenuNode[];
}
