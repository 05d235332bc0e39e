import type { GroupTreeNode } from '@iot/contracts/groups';
import { useMemo } from 'react';
import { useTreeIndicators } from '../../monitoring';

export interface GroupOption {
  value: number;
  title: string;
  children: GroupOption[];
}

/** The project's areas, sites and monitoring points for a TreeSelect (the project root left out). */
export function toGroupOptions(nodes: GroupTreeNode[], projectId: number): GroupOption[] {
  return nodes.flatMap((node) =>
    node.id === projectId
      ? toGroupOptions(node.children, projectId)
      : [
          {
            value: node.id,
            title: node.isMonitor ? `${node.name}（监测点）` : node.name,
            children: toGroupOptions(node.children, projectId),
          },
        ],
  );
}

/** The project's groups as TreeSelect options, from the monitoring group tree. */
export function useGroupOptions(projectId: number) {
  const { tree, loading } = useTreeIndicators(projectId);
  const options = useMemo(() => toGroupOptions(tree, projectId), [tree, projectId]);
  return { options, loading };
}
