import type { MenuEntry } from '@iot/contracts/menus';
import { useLoginInfo, useScopeMenus } from '../queries';
import type { RouteScope } from './generate';

/** Personal sub-systems: user center, my projects, messages, audit (spec core §1). */
const PERSONAL_SUB_SYSTEMS = ['1', '0', '5', '6'];

/** The menu tree of a scope: personal ones come with the login info, the others are generated. */
export function useMenusOf(scope: RouteScope): { menus: MenuEntry[] | undefined; loading: boolean } {
  const loginInfo = useLoginInfo();
  const scoped = useScopeMenus(scope);
  if (scope.type === 'personal') {
    const front = loginInfo.data?.frontMenus;
    return {
      menus: front && PERSONAL_SUB_SYSTEMS.flatMap((key) => front[key] ?? []),
      loading: loginInfo.isLoading,
    };
  }
  return { menus: scoped.data, loading: scoped.isLoading };
}
