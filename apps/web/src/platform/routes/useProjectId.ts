import { useLocation } from 'react-router';
import { type RouteScope, scopeOfPath } from './generate';

/** The scope of the screen being shown, from its address; mobile addresses (/m/…) read as their desktop twin. */
export function useRouteScope(): RouteScope {
  const { pathname } = useLocation();
  return scopeOfPath(pathname.replace(/^\/m(?=\/)/, ''));
}

/** The project (group) the screen is shown for (/projects/groups/{id}/…, also a site's group); 0 outside one. */
export function useProjectId(): number {
  const scope = useRouteScope();
  return scope.type === 'project' || scope.type === 'site' ? scope.id : 0;
}
