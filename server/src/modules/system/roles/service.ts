import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { RoleForm } from '@campus/contract';
import type { Db } from '../../../db/client.ts';
import { menus, roleMenus, roles, userRoles } from '../../../db/schema/index.ts';
import { AppError, badRequest, conflict, notFound } from '../../../platform/errors.ts';
import { checkDynamicProcedure, checkDynamicSql } from './dynamicSql.ts';
import { kindOfRoleType, roleKindSql, type RoleKind } from './types.ts';

/** The built-in administrator role: it must always exist and stay enabled. */
export const ADMIN_ROLE = 'admin';

/** The role's type must exist and be switched on; it decides how the role works. */
async function kindOf(db: Db, role: RoleForm): Promise<RoleKind> {
  const kind = await kindOfRoleType(db, role.roleType);
  if (!kind) throw badRequest('roles.unknownType');
  return kind;
}

/** A dynamic role's rule is checked when it is saved, so a bad query never reaches the members list. */
async function checkDynamicRule(db: Db, role: RoleForm, kind: RoleKind): Promise<void> {
  if (kind !== 'dynamic') return;
  if (!role.dynamicSql && !role.dynamicProcedure) throw badRequest('roles.dynamicRequired');
  if (role.dynamicSql) {
    const verdict = await checkDynamicSql(role.dynamicSql);
    if (!verdict.ok) throw new AppError(verdict.key, 400, 400, verdict.params);
  }
  if (role.dynamicProcedure) {
    const verdict = await checkDynamicProcedure(db, role.dynamicProcedure);
    if (!verdict.ok) throw new AppError(verdict.key, 400, 400, verdict.params);
  }
}

function values(role: RoleForm, kind: RoleKind) {
  const dynamic = kind === 'dynamic';
  return {
    code: role.code,
    name: role.name,
    roleType: role.roleType,
    enabled: role.enabled,
    sort: role.sort,
    remark: role.remark || null,
    dynamicSql: dynamic ? role.dynamicSql || null : null,
    dynamicProcedure: dynamic ? role.dynamicProcedure || null : null,
  };
}

export async function createRole(db: Db, role: RoleForm): Promise<number> {
  const kind = await kindOf(db, role);
  await checkDynamicRule(db, role, kind);
  return db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: roles.id }).from(roles).where(sql`lower(${roles.code}) = lower(${role.code})`);
    if (taken) throw conflict('common.codeTaken');
    const [created] = await tx.insert(roles).values(values(role, kind)).returning({ id: roles.id });
    return created!.id;
  });
}

export async function updateRole(db: Db, role: RoleForm & { id: number }): Promise<void> {
  const kind = await kindOf(db, role);
  await checkDynamicRule(db, role, kind);
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ code: roles.code }).from(roles).where(eq(roles.id, role.id)).for('update');
    if (!current) throw notFound();
    if (current.code === ADMIN_ROLE && (role.code !== ADMIN_ROLE || !role.enabled || kind !== 'ordinary')) throw badRequest('roles.builtIn');
    const [taken] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(and(sql`lower(${roles.code}) = lower(${role.code})`, ne(roles.id, role.id)));
    if (taken) throw conflict('common.codeTaken');
    await tx.update(roles).set(values(role, kind)).where(eq(roles.id, role.id));
    // A dynamic role resolves its members by its rule: it holds neither menus nor assigned users.
    if (kind === 'dynamic') {
      await tx.delete(roleMenus).where(eq(roleMenus.roleId, role.id));
      await tx.delete(userRoles).where(eq(userRoles.roleId, role.id));
    }
  });
}

export async function deleteRoles(db: Db, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await tx.select({ id: roles.id, code: roles.code, name: roles.name }).from(roles).where(inArray(roles.id, ids)).for('update');
    if (found.length !== new Set(ids).size) throw notFound();
    if (found.some((role) => role.code === ADMIN_ROLE)) throw badRequest('roles.builtIn');
    const used = await tx.selectDistinct({ roleId: userRoles.roleId }).from(userRoles).where(inArray(userRoles.roleId, ids));
    if (used.length) throw conflict('roles.hasUsers', { name: found.find((role) => role.id === used[0]!.roleId)!.name });
    await tx.delete(roles).where(inArray(roles.id, ids));
  });
}

/** Replaces the menus (pages and buttons) an ordinary role holds. */
export async function setRoleMenus(db: Db, roleId: number, menuIds: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const [role] = await tx.select({ kind: roleKindSql(roles.roleType), code: roles.code }).from(roles).where(eq(roles.id, roleId)).for('update');
    if (!role) throw notFound();
    if (role.kind !== 'ordinary') throw badRequest('roles.menusOnlyOrdinary');
    if (role.code === ADMIN_ROLE) throw badRequest('roles.adminMenus');
    const unique = [...new Set(menuIds)];
    if (unique.length) {
      const found = await tx.select({ id: menus.id }).from(menus).where(inArray(menus.id, unique));
      if (found.length !== unique.length) throw notFound();
    }
    await tx.delete(roleMenus).where(eq(roleMenus.roleId, roleId));
    if (unique.length) await tx.insert(roleMenus).values(unique.map((menuId) => ({ roleId, menuId })));
  });
}
