import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { keywordIndexes } from './keywordIndexes.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** The login account; the spec's USERID. */
    account: varchar('account', { length: 64 }).notNull().unique(),
    /** The person's name; the spec's USERNAME. */
    displayName: varchar('display_name', { length: 100 }).notNull(),
    /** Pinyin initials of the name (张伟 → zw), kept by the database (migration 0049); never written here. */
    nameInitials: varchar('name_initials', { length: 100 }).notNull().default(''),
    /** 1 administrator, 2 student, 3 teacher, 4 parent, other values: other. */
    userType: smallint('user_type').notNull(),
    /** argon2id over sha256(PASSWORD_DIGEST_PREFIX + account + password), see docs/decisions.md; null: no password set yet (the account cannot log in with a password). */
    passwordHash: text('password_hash'),
    enabled: boolean('enabled').notNull().default(true),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('users_user_type_idx').on(t.userType),
    // The account and name indexes were written by hand before (migrations 0002, 0010), under these names.
    ...keywordIndexes('users_account', t.account),
    ...keywordIndexes('users_display_name', t.displayName),
    ...keywordIndexes('users_name_initials', t.nameInitials),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 64 }).notNull().unique(),
    name: varchar('name', { length: 100 }).notNull(),
    /** 'ordinary' holds menus; 'dynamic' resolves its members with a checked SQL query. */
    roleType: varchar('role_type', { length: 20 }).notNull().default('ordinary'),
    /** A dynamic role's members: a checked single SELECT returning USERID (see modules/system/roles/dynamicSql.ts). */
    dynamicSql: text('dynamic_sql'),
    /** Or a stored procedure (user id, user type, output) that answers whether the user belongs. */
    dynamicProcedure: varchar('dynamic_procedure', { length: 100 }),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 300 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The role list's keyword (platform/keyword.ts).
    ...keywordIndexes('roles_code', t.code),
    ...keywordIndexes('roles_name', t.name),
  ],
);

export const menus = pgTable(
  'menus',
  {
    id: serial('id').primaryKey(),
    /** Stable key of a seeded menu, so seeding can run again without duplicates. */
    code: varchar('code', { length: 64 }).notNull().unique(),
    parentId: integer('parent_id').references((): AnyPgColumn => menus.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    nameEn: varchar('name_en', { length: 100 }),
    /** Router address (the wire's menuurl). */
    url: varchar('url', { length: 300 }).notNull(),
    /** Permission value carried by the menu (letters, digits, underscore, colon). */
    permission: varchar('permission', { length: 100 }).notNull(),
    icon: varchar('icon', { length: 64 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    hidden: boolean('hidden').notNull().default(false),
    alwaysShow: boolean('always_show').notNull().default(false),
    noCache: boolean('no_cache').notNull().default(false),
    isCustomPage: boolean('is_custom_page').notNull().default(false),
    customPageParam: varchar('custom_page_param', { length: 100 }),
    isHomePage: boolean('is_home_page').notNull().default(false),
    /** 'top': also shown in the header menu. */
    position: varchar('position', { length: 20 }),
    isExternalLink: boolean('is_external_link').notNull().default(false),
    remark: varchar('remark', { length: 300 }),
    /**
     * 'directory' groups pages, 'page' is a route, 'button' is an action inside a page (e.g. system:user:edit):
     * buttons never appear in the menu tree, only their permission values reach the client.
     */
    kind: varchar('kind', { length: 12 }).notNull().default('page'),
  },
  (t) => [index('menus_parent_idx').on(t.parentId)],
);

export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
    menuId: integer('menu_id').notNull().references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] }), index('role_menus_menu_idx').on(t.menuId)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

/** Settings the administrator edits (titles, password rule, ...). */
export const systemConfig = pgTable('system_config', {
  key: varchar('key', { length: 100 }).primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Server-only secrets shared by every process (e.g. the request-encryption RSA key pair). */
export const serverSecrets = pgTable('server_secrets', {
  name: varchar('name', { length: 100 }).primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
});

/**
 * One row whose version grows with every change to who may see what (roles, menus, their links, the
 * user-role links, a user's name, type or status). Database triggers bump it (migration 0009), so every
 * writer and every process agrees; servers keep permission data in memory only while it matches.
 */
export const accessVersion = pgTable('access_version', {
  id: smallint('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
});

/**
 * Named counters that grow with every change to the data behind a cached answer, bumped by database
 * triggers (migration 0012) so every writer and every process agrees. The session lookup reads them with
 * the session; a server serves a cached answer only while the counter it was built at is current.
 * `people`: users' names, accounts, types and status, staff and students' units, classes, the
 * organisation and term codes (everything the people picker shows or filters on).
 */
export const dataVersions = pgTable('data_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
});
