import { SubSystem } from '@iot/contracts';
import { MENU_CATALOGUE } from '@iot/contracts/menus';
import { useSyncExternalStore } from 'react';
import type { RouteScope } from './generate';

/**
 * The project (or firm, corporation, system) screen the user last had open in this tab. Personal
 * screens (个人中心, 我的消息, 我的审批) keep that scope's shell and offer the way back to it;
 * 我的项目 (the list of one's projects) is leaving on purpose and forgets it. Kept in
 * sessionStorage, so sign-out (which clears it) and a new tab start without one.
 */
export interface ScopeReturn {
  path: string;
  scope: Exclude<RouteScope, { type: 'personal' }>;
}

const KEY = 'iot.scopeReturn';
const listeners = new Set<() => void>();
let cached: { raw: string | null; value: ScopeReturn | null } = { raw: null, value: null };

function read(): ScopeReturn | null {
  const raw = sessionStorage.getItem(KEY);
  if (raw !== cached.raw) {
    let value: ScopeReturn | null = null;
    try {
      value = raw ? (JSON.parse(raw) as ScopeReturn) : null;
    } catch {
      value = null;
    }
    cached = { raw, value };
  }
  return cached.value;
}

function write(value: ScopeReturn | null): void {
  if (value) sessionStorage.setItem(KEY, JSON.stringify(value));
  else sessionStorage.removeItem(KEY);
  for (const listener of listeners) listener();
}

/** 我的项目, 我的公司, 我的网关厂商: opening one of these leaves the project on purpose. */
const LEAVING_PATHS = new Set(
  MENU_CATALOGUE.filter((m) => m.subSystem === SubSystem.MY_PROJECTS).map((m) => `/${m.path}`),
);

/**
 * Notes the screen shown (a route that exists, never one on its way to /401 or /404): a scoped
 * screen is remembered, 我的项目 and its siblings forget.
 */
export function noteLocation(path: string, scope: RouteScope): void {
  if (scope.type !== 'personal') {
    if (read()?.path !== path) write({ path, scope });
  } else if (LEAVING_PATHS.has(path) && read()) write(null);
}

export function useScopeReturn(): ScopeReturn | null {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, read);
}

/** The project the user last had open in this tab (the mobile tab bar's project), or 0. */
export function useLastProjectId(): number {
  const back = useScopeReturn();
  return back?.scope.type === 'project' ? back.scope.id : 0;
}
