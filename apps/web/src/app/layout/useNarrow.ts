import { useSyncExternalStore } from 'react';

/** Below Ant Design's md breakpoint: phones, where the sidebar becomes a drawer. */
const QUERY = '(max-width: 767.98px)';

function subscribe(listener: () => void): () => void {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', listener);
  return () => media.removeEventListener('change', listener);
}

/** Whether the window is phone-narrow; follows resizing and rotation. */
export function useNarrow(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(QUERY).matches);
}
