import type { ReactNode } from 'react';
import { usePermission, type PermissionNeed } from './usePermission.ts';

export interface PermissionGateProps extends PermissionNeed {
  children: ReactNode;
  /** Rendered instead when the user lacks the permission (nothing by default). */
  fallback?: ReactNode;
}

/**
 * Hides its children unless the user holds all (mode 'all', the default) or any (mode 'any') of the named
 * permissions and roles. A hidden element is never the only guard: the server checks every call.
 */
export function PermissionGate({ children, fallback = null, ...need }: PermissionGateProps) {
  const allowed = usePermission()(need);
  return <>{allowed ? children : fallback}</>;
}
