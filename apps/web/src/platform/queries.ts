import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchLoginInfo, fetchMenus, fetchSystemInfo } from '../api/scope';
import type { RouteScope } from './routes/generate';
import { useSession } from './session';

/** Login info (name, theme, front menus, message settings); regenerated after each sign-in. */
export function useLoginInfo() {
  const session = useSession();
  return useQuery({
    queryKey: ['loginInfo', session?.userId],
    queryFn: fetchLoginInfo,
    enabled: session !== null,
    staleTime: 5 * 60_000,
  });
}

export function useSystemInfo() {
  return useQuery({
    queryKey: ['systemInfo'],
    queryFn: fetchSystemInfo,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

const MENU_TYPES = {
  firm: 'firm',
  project: 'project',
  site: 'group',
  corporation: 'corporation',
  system: 'system',
} as const;

/** The menu of the scope being shown; personal sub-systems come with the login info. */
export function useScopeMenus(scope: RouteScope) {
  const session = useSession();
  const type = scope.type === 'personal' ? null : MENU_TYPES[scope.type];
  const id = 'id' in scope ? scope.id : undefined;
  return useQuery({
    queryKey: ['menus', session?.userId, type, id],
    queryFn: () => fetchMenus(type!, id),
    enabled: session !== null && type !== null,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}
