export { PermissionGate, type PermissionGateProps } from './PermissionGate.tsx';
export { usePermission, isAllowed, type PermissionNeed, type PermissionMode } from './usePermission.ts';
