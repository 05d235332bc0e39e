import { hasPermission, Permission } from '@iot/contracts';
import { useMemo } from 'react';
import { useScopeMenus } from '../queries';
import { generateRoutes } from './generate';

/** A screen of the caller's project menu: its address and the caller's bits on its menu. */
export interface ProjectScreen {
  path: string;
  /** The menu's title (a role may rename nothing, but the catalogue may). */
  title: string;
  permission: number;
}

/**
 * The caller's screens of a project by menu code (e.g. `router-maintenanceTaskList`), for cards
 * and tabs that show another screen's data and link there: `readable(code)` answers the screen
 * when the caller holds its read bit, otherwise null (then the card or tab is not shown). Works
 * from the site scope too (a site's data is read under its project's menus, decision 0041).
 */
export function useProjectScreens(projectId: number): {
  loading: boolean;
  readable(code: string): ProjectScreen | null;
} {
  const menus = useScopeMenus({ type: 'project', id: projectId });
  const screens = useMemo(() => {
    const map = new Map<string, ProjectScreen>();
    if (projectId > 0)
      for (const route of generateRoutes(menus.data ?? [], { type: 'project', id: projectId }))
        map.set(route.code, { path: route.path, title: route.title, permission: route.permission });
    return map;
  }, [menus.data, projectId]);
  return {
    loading: menus.isLoading,
    readable: (code) => {
      const screen = screens.get(code);
      return screen && hasPermission(screen.permission, Permission.READ) ? screen : null;
    },
  };
}
