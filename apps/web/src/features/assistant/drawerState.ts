import { useSyncExternalStore } from 'react';

/** The assistant drawer: open or closed, pinned beside the content or floating over it. */
export interface DrawerState {
  open: boolean;
  pinned: boolean;
}

const PINNED_KEY = 'iot.assistant.pinned';
let state: DrawerState = { open: false, pinned: readPinned() };
const listeners = new Set<() => void>();

function readPinned(): boolean {
  try {
    return localStorage.getItem(PINNED_KEY) === '1';
  } catch {
    return false;
  }
}

function set(next: Partial<DrawerState>): void {
  state = { ...state, ...next };
  if (next.pinned !== undefined) localStorage.setItem(PINNED_KEY, next.pinned ? '1' : '0');
  for (const listener of listeners) listener();
}

export const assistantDrawer = {
  open: () => set({ open: true }),
  close: () => {
    if (state.open) set({ open: false });
  },
  toggle: () => set({ open: !state.open }),
  setPinned: (pinned: boolean) => set({ pinned }),
};

export function useAssistantDrawer(): DrawerState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}
