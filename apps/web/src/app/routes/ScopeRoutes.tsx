import { Spin } from 'antd';
import { useEffect, useMemo } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useSystemInfo } from '../../platform/queries';
import { CurrentRouteProvider } from '../../platform/routes/currentRoute';
import {
  type GeneratedRoute,
  generateRoutes,
  type RouteScope,
  scopeOfPath,
} from '../../platform/routes/generate';
import { noteLocation } from '../../platform/routes/scopeReturn';
import { useMenusOf } from '../../platform/routes/useMenusOf';
import { Screen } from '../screens';

export function useScopeRoutes(scope: RouteScope): {
  routes: GeneratedRoute[] | undefined;
  loading: boolean;
} {
  const { menus, loading } = useMenusOf(scope);
  const routes = useMemo(() => menus && generateRoutes(menus, scope), [menus, scope]);
  return { routes, loading };
}

/**
 * Shows the screen of the generated route at `pathname` (by default the current address):
 * none of the scope's routes → /401 (no access there), no route at this address → /404.
 */
export function ScopeRoutes({ pathname }: { pathname?: string }) {
  const location = useLocation();
  const path = pathname ?? location.pathname;
  const scope = useMemo(() => scopeOfPath(path), [path]);
  const { routes, loading } = useScopeRoutes(scope);
  const { data: system } = useSystemInfo();
  const route = routes?.find((r) => r.path === path);
  useDocumentTitle(route ? `${route.title} - ${system?.systemName ?? ''}` : system?.systemName);
  // Personal screens offer the way back to the last scoped screen shown (decision 0035).
  const shown = route !== undefined;
  useEffect(() => {
    if (shown) noteLocation(path, scope);
  }, [shown, path, scope]);

  if (loading || !routes) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (routes.length === 0) return <Navigate to="/401" replace />;
  if (!route) return <Navigate to="/404" replace />;
  return (
    <CurrentRouteProvider value={route}>
      <div data-route-name={route.name} data-permission={route.permission}>
        <Screen component={route.component} title={route.title} />
      </div>
    </CurrentRouteProvider>
  );
}
