import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { fetchMenus } from '../../api/scope';
import { generateRoutes } from './generate';
import { firstShownRoute } from './shownMenus';

/**
 * Entering a firm or corporation (the title dropdown, 我的公司, 我的网关厂商): its menu is asked for and
 * the first screen it shows is opened. Answers false, without navigating, when the caller's role
 * there grants no screen the web app has; the caller says so in its own words.
 */
export function useEnterScope(): (type: 'firm' | 'corporation', id: number) => Promise<boolean> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (type, id) => {
      const menus = await queryClient.fetchQuery({
        queryKey: ['menus-peek', type, id],
        queryFn: () => fetchMenus(type, id),
      });
      const first = firstShownRoute(generateRoutes(menus, { type, id }));
      if (!first) return false;
      navigate(first.path);
      return true;
    },
    [navigate, queryClient],
  );
}
