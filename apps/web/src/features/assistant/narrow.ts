import { useSyncExternalStore } from 'react';

/** Ant Design's md breakpoint, as the layout uses it: below it the drawers take the full width. */
const QUERY = '(max-width: 767.98px)';

function subscribe(listener: () => void): () => void {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', listener);
  return () => media.removeEventListener('change', listener);
}

export function useNarrowWindow(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(QUERY).matches);
}
