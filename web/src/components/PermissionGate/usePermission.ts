import { useCallback } from 'react';
import { useSession } from '../../state/session.ts';

export type PermissionMode = 'all' | 'any';

export interface PermissionNeed {
  /** Permission values (e.g. 'messageCenter_xxzx'). */
  permissions?: readonly string[];
  /** Role codes. */
  roles?: readonly string[];
  /** 'all' (default): every named permission and role is held; 'any': at least one of them is. */
  mode?: PermissionMode;
}

export interface Held {
  permissions: readonly string[];
  roles: readonly string[];
}

/** Pure check (spec section 6): nothing named means allowed. */
export function isAllowed(held: Held, need: PermissionNeed): boolean {
  const wanted = [
    ...(need.permissions ?? []).map((name) => held.permissions.includes(name)),
    ...(need.roles ?? []).map((name) => held.roles.includes(name)),
  ];
  if (wanted.length === 0) return true;
  return need.mode === 'any' ? wanted.some(Boolean) : wanted.every(Boolean);
}

/** The signed-in user's permission check. */
export function usePermission(): (need: PermissionNeed) => boolean {
  const permissions = useSession((s) => s.permissions);
  const roles = useSession((s) => s.roles);
  return useCallback((need: PermissionNeed) => isAllowed({ permissions, roles }, need), [permissions, roles]);
}
