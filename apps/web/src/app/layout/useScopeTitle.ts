import { useQuery } from '@tanstack/react-query';
import { http } from '../../api/http';
import { useProjectSettings } from '../../platform/projectSettings';
import type { RouteScope } from '../../platform/routes/generate';

/** The name of a scope: the project's, firm's or corporation's name, 系统管理, or 我的项目. */
export function useScopeTitle(scope: RouteScope): string {
  // A project's or site's shell carries its project's name (decision 0041), from the shared settings.
  const inProject = scope.type === 'project' || scope.type === 'site';
  const project = useProjectSettings(inProject ? scope.id : 0);
  const name = useQuery({
    queryKey: ['scopeName', scope.type, 'id' in scope ? scope.id : 0],
    enabled: scope.type === 'firm' || scope.type === 'corporation',
    queryFn: async () => {
      if (scope.type === 'firm')
        return (await http.get<{ name: string }>(`/iot/gatewayFirms/${scope.id}`, { quiet: true })).name;
      // Any member reads the corporation's name (公司设置 needs its own read bit).
      if (scope.type === 'corporation')
        return (await http.get<{ name: string }>(`/iot/corporations/${scope.id}`, { quiet: true })).name;
      return '';
    },
  });
  if (scope.type === 'system') return '系统管理';
  if (scope.type === 'personal') return '我的项目';
  return (inProject ? project.data?.name : name.data) ?? '…';
}
