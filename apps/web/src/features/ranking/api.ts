import type { GroupTreeIndicator, GroupTreeNode } from '@iot/contracts/groups';
import type { RankingItem, RankingStatistic } from '@iot/contracts/history';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../api/http';

export interface RankingQuery {
  gatewayIds: number[];
  metrics: string[];
  startTime: number;
  stopTime: number;
  statistic: RankingStatistic;
  order: 'desc' | 'asc';
}

/** Every gateway indicator of the project, from the group tree (deduplicated: monitoring points repeat them). */
export function useProjectIndicators(projectId: number) {
  return useQuery({
    queryKey: ['ranking', 'indicators', projectId],
    enabled: projectId > 0,
    queryFn: async () => {
      const tree = await http.get<GroupTreeNode[]>(`/iot/groups/${projectId}/groupTree`, {
        params: { includeSelf: true, generateDefault: true },
      });
      const byId = new Map<number, GroupTreeIndicator>();
      const visit = (node: GroupTreeNode) => {
        for (const gi of node.gatewayIndicators) byId.set(gi.id, gi);
        node.children.forEach(visit);
      };
      tree.forEach(visit);
      return [...byId.values()];
    },
  });
}

export const fetchRanking = (query: RankingQuery) =>
  http.post<RankingItem[]>('/data-server/api/v2/gateways/ranking', query);
