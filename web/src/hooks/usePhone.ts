import { useSyncExternalStore } from 'react';

/** Below antd's `sm` breakpoint: a phone held upright (390 px), where the sidebar becomes a drawer. */
export const PHONE_QUERY = '(max-width: 575.98px)';

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isPhone = () => typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(PHONE_QUERY).matches;

/** Whether the window is phone-wide; follows rotation and resizing. */
export function usePhone(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}
