import { useMediaQuery } from './useMediaQuery.ts';

/** Below antd's `sm` breakpoint: a phone held upright (390 px), where the sidebar becomes a drawer. */
export const PHONE_QUERY = '(max-width: 575.98px)';

/** Whether the window is phone-wide; follows rotation and resizing. */
export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY);
}
