import { hasPermission, Permission } from '@iot/contracts';
import { ASSISTANT_MENU, CategoryMenus, DATA_CATEGORIES, type DataCategory } from '@iot/contracts/assistant';
import { useLocation } from 'react-router';
import { useProjectSettings } from '../../platform/projectSettings';
import { type GeneratedRoute, generateRoutes } from '../../platform/routes/generate';
import { useMenusOf } from '../../platform/routes/useMenusOf';
import { useRouteScope } from '../../platform/routes/useProjectId';

export interface AssistantAccess {
  /** The project the assistant answers about; 0 outside a project. */
  projectId: number;
  /** Inside a project, with the view bit on router-ai-assistant (feature-areas §2, core §6). */
  allowed: boolean;
  /** The data categories whose route the user may view, in the spec's order. */
  categories: DataCategory[];
  groupDisplayName: string | undefined;
  /** The project's routes, to name the page the user is on. */
  routes: GeneratedRoute[];
}

/**
 * Who may use the assistant here, and with which data: read from the project's menu tree the web
 * already holds (the server hands out only what the user's role grants, with its bits). The
 * server checks the same again on every call.
 */
export function useAssistantAccess(): AssistantAccess {
  const scope = useRouteScope();
  const projectId = scope.type === 'project' ? scope.id : 0;
  const { menus } = useMenusOf(projectId > 0 ? { type: 'project', id: projectId } : { type: 'personal' });
  const { data: project } = useProjectSettings(projectId);
  if (projectId === 0 || !menus) {
    return { projectId, allowed: false, categories: [], groupDisplayName: undefined, routes: [] };
  }
  const routes = generateRoutes(menus, { type: 'project', id: projectId });
  const canView = (code: string) =>
    routes.some((route) => route.code === code && hasPermission(route.permission, Permission.READ));
  return {
    projectId,
    allowed: canView(ASSISTANT_MENU),
    categories: DATA_CATEGORIES.filter((category) => canView(CategoryMenus[category])),
    groupDisplayName: project?.groupDisplayName,
    routes,
  };
}

/** The route's path of the assistant's own full-page screen (its menu entry AI助手). */
export function useIsAssistantPage(access: AssistantAccess): boolean {
  const { pathname } = useLocation();
  return access.routes.some((route) => route.code === ASSISTANT_MENU && route.path === pathname);
}
