import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fetchMenus } from '../../api/scope';
import { useProjectSettings } from '../../platform/projectSettings';
import { generateRoutes } from '../../platform/routes/generate';
import { firstShownRoute } from '../../platform/routes/shownMenus';

/**
 * 返回公司 inside a project (spec FA §6): shown when the project's settings say
 * hasBackCorporationMenu (the caller is a member of the project's corporation) and the caller's
 * corporation menu has a screen to land on. Labelled with the project's menuName when set.
 */
export function useBackToCorporation(groupId: number): { path: string; label: string } | null {
  const { data: project } = useProjectSettings(groupId);
  const corporationId = project?.hasBackCorporationMenu ? project.corporationId : null;
  const { data: target } = useQuery({
    queryKey: ['backToCorporation', corporationId],
    queryFn: async () => {
      const menus = await fetchMenus('corporation', corporationId!);
      return (
        firstShownRoute(generateRoutes(menus, { type: 'corporation', id: corporationId! }))?.path ?? null
      );
    },
    enabled: corporationId !== null && groupId > 0,
    staleTime: 5 * 60_000,
  });
  const label = project?.menuName || '返回公司';
  return useMemo(
    () => (target && corporationId !== null ? { path: target, label } : null),
    [target, corporationId, label],
  );
}
