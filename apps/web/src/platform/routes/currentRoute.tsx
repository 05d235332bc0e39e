import { hasPermission } from '@iot/contracts';
import { createContext, type ReactNode, useContext } from 'react';
import type { GeneratedRoute } from './generate';

const CurrentRoute = createContext<GeneratedRoute | null>(null);

export const CurrentRouteProvider = CurrentRoute.Provider;

/** The generated route being shown: its name, menu code and permission bits. */
export function useCurrentRoute(): GeneratedRoute | null {
  return useContext(CurrentRoute);
}

/** Whether the current route's role grants `bit` (read 1, update 2, delete 4, create 8, lock 16). */
export function usePermission(bit: number): boolean {
  const route = useCurrentRoute();
  return route !== null && hasPermission(route.permission, bit);
}

/** Renders its children only with the bit on the current route (the spec's v-permission). */
export function Permission({ bit, children }: { bit: number; children: ReactNode }) {
  return usePermission(bit) ? children : null;
}
