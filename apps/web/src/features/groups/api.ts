import type {
  GroupImportReport,
  GroupImportRule,
  GroupNode,
  GroupTreeIndicator,
  GroupTreeNode,
} from '@iot/contracts/groups';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { http, request } from '../../api/http';
import type { QueryLike } from '../../components/LoadState';
import { useRouteScope } from '../../platform/routes/useProjectId';

/** The group the current project address is about (/projects/groups/{groupId}/…, /project/{groupId}/…, also under /m). */
export function useScopeGroupId(): number {
  const scope = useRouteScope();
  return scope.type === 'project' || scope.type === 'site' || scope.type === 'corporation' ? scope.id : 0;
}

export const groupsKey = (groupId: number) => ['groups', groupId] as const;

/** The areas and sites below groupId (the whole project for the project's own id), in their order. */
export function useGroupStructure(groupId: number) {
  return useQuery({
    queryKey: [...groupsKey(groupId), 'tree'],
    queryFn: () => http.get<GroupNode>(`/iot/groups/${groupId}/tree`),
    enabled: groupId > 0,
  });
}

/** The group tree call from groupId itself: every node with its gateway indicators (monitoring points: their links too). */
export function useGroupTreeIndicators(groupId: number, options: { quiet?: boolean } = {}) {
  return useQuery({
    queryKey: [...groupsKey(groupId), 'groupTree'],
    queryFn: () =>
      http.get<GroupTreeNode[]>(`/iot/groups/${groupId}/groupTree`, {
        params: { includeSelf: true },
        quiet: options.quiet ?? false,
      }),
    enabled: groupId > 0,
  });
}

/** Every node of a tree, depth first. */
export function flatten<T extends { children: T[] }>(nodes: T[]): T[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}

/** The gateway indicators of the project's gateways bound anywhere in the tree, each once. */
export function useProjectIndicators(groupId: number): {
  indicators: GroupTreeIndicator[];
  loading: boolean;
  /** The tree's query when it failed (and nothing is cached), for a retry. */
  failure: QueryLike | null;
} {
  const tree = useGroupTreeIndicators(groupId);
  const indicators = useMemo(() => {
    const byId = new Map<number, GroupTreeIndicator>();
    for (const node of flatten(tree.data ?? [])) for (const i of node.gatewayIndicators) byId.set(i.id, i);
    return [...byId.values()].sort((a, b) => a.gatewayId - b.gatewayId || a.id - b.id);
  }, [tree.data]);
  return { indicators, loading: tree.isLoading, failure: tree.isError && !tree.data ? tree : null };
}

export function useMonitorIndicators(groupId: number | null) {
  return useQuery({
    queryKey: ['groups', 'monitorIndicators', groupId],
    queryFn: () => http.get<GroupTreeIndicator[]>(`/iot/groups/${groupId}/gatewayIndicators`),
    enabled: groupId !== null,
  });
}

/** Everything cached about groups (trees, links): after any change. */
export function useRefreshGroups() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['groups'] });
}

export const groupsApi = {
  create: (
    parentId: number,
    body: {
      name: string;
      groupType: 'area' | 'site';
      siteType: string | null;
      sort: number;
      isMonitor: boolean;
    },
  ) => http.post<GroupNode>(`/iot/groups/${parentId}/children`, body),
  update: (id: number, body: { name?: string; siteType?: string | null; isMonitor?: boolean }) =>
    http.put<GroupNode>(`/iot/groups/${id}`, body),
  remove: (id: number) => http.delete<null>(`/iot/groups/${id}`),
  order: (parentId: number, ids: number[]) => http.put<GroupNode>(`/iot/groups/${parentId}/order`, { ids }),
  setIndicators: (id: number, gatewayIndicatorIds: number[]) =>
    http.put<GroupTreeIndicator[]>(`/iot/groups/${id}/gatewayIndicators`, { gatewayIndicatorIds }),
  import: (groupId: number, file: File, rule: GroupImportRule) =>
    request<GroupImportReport>('POST', `/iot/groups/${groupId}/import`, {
      file,
      params: { fileName: file.name, rule },
      quiet: true,
    }),
};
