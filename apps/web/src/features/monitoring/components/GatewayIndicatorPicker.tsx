import type { GroupTreeIndicator, GroupTreeNode } from '@iot/contracts/groups';
import { Empty, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { LoadError } from '../../../components/LoadState';
import { UnfoldedTreeSelect } from '../../../components/UnfoldedTreeSelect';
import { useGroupTree } from '../api';

interface TreeOption {
  value: string;
  title: string;
  selectable?: boolean;
  disableCheckbox?: boolean;
  children?: TreeOption[];
}

export interface PickerProps {
  groupId: number;
  /** Pick gateways (real-time data) or gateway indicators (history, trend). */
  mode: 'gateways' | 'indicators';
  /** Gateway ids, or gateway indicator ids. */
  value: number[];
  onChange: (ids: number[]) => void;
  /** The most that may be picked (e.g. 64 series per data query). */
  max?: number;
  style?: React.CSSProperties;
}

/** Every gateway indicator of the tree, once (monitoring points repeat their linked ones), and the gateways' aliases. */
export function useTreeIndicators(groupId: number) {
  const tree = useGroupTree(groupId);
  return useMemo(() => {
    const indicators = new Map<number, GroupTreeIndicator>();
    const gateways = new Map<number, string>();
    const visit = (node: GroupTreeNode) => {
      for (const gi of node.gatewayIndicators) {
        indicators.set(gi.id, gi);
        gateways.set(gi.gatewayId, gi.gatewayAlias);
      }
      node.children.forEach(visit);
    };
    (tree.data ?? []).forEach(visit);
    const failed = tree.isError && !tree.data;
    return {
      indicators,
      gateways,
      loading: tree.isLoading,
      tree: tree.data ?? [],
      failure: failed ? { error: tree.error, retry: tree.refetch } : null,
    };
  }, [tree.data, tree.isLoading, tree.isError, tree.error, tree.refetch]);
}

/** Group → gateway → indicator options; keys carry the group so an indicator shown twice stays distinct. */
function toOptions(nodes: GroupTreeNode[], mode: PickerProps['mode']): TreeOption[] {
  return nodes
    .map((node): TreeOption | null => {
      const byGateway = new Map<number, GroupTreeIndicator[]>();
      for (const gi of node.gatewayIndicators)
        byGateway.set(gi.gatewayId, [...(byGateway.get(gi.gatewayId) ?? []), gi]);
      const gateways: TreeOption[] = [...byGateway].map(([gatewayId, list]) => ({
        value: `w:${gatewayId}@${node.id}`,
        title: list[0]?.gatewayAlias ?? `#${gatewayId}`,
        ...(mode === 'indicators'
          ? {
              children: list.map((gi) => ({
                value: `i:${gi.id}@${node.id}`,
                title: `${gi.alias}（${gi.dataIdentification}）`,
              })),
            }
          : {}),
      }));
      const children = [...gateways, ...toOptions(node.children, mode)];
      if (children.length === 0) return null;
      return {
        value: `g:${node.id}`,
        title: node.isMonitor ? `${node.name}（监测点）` : node.name,
        children,
      };
    })
    .filter((o): o is TreeOption => o !== null);
}

function allKeys(options: TreeOption[]): string[] {
  return options.flatMap((o) => [o.value, ...allKeys(o.children ?? [])]);
}

const idOf = (key: string) => Number(key.slice(2, key.indexOf('@')));

/**
 * Gateways or gateway indicators picked from the project's group tree (areas, sites, monitoring
 * points), searchable, with whole groups checkable at once.
 */
export function GatewayIndicatorPicker({ groupId, mode, value, onChange, max, style }: PickerProps) {
  const { tree, loading, failure } = useTreeIndicators(groupId);
  const options = useMemo(() => toOptions(tree, mode), [tree, mode]);
  const leafPrefix = mode === 'gateways' ? 'w:' : 'i:';
  const leaves = useMemo(
    () => allKeys(options).filter((k) => k.startsWith(leafPrefix)),
    [options, leafPrefix],
  );
  const picked = new Set(value);
  const keys = leaves.filter((k) => picked.has(idOf(k)));
  const label = mode === 'gateways' ? '选择网关' : '选择指标';

  return (
    <UnfoldedTreeSelect<string[]>
      aria-label={label}
      placeholder={label}
      treeCheckable
      showCheckedStrategy={TreeSelect.SHOW_CHILD}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      maxTagCount="responsive"
      loading={loading}
      style={{ minWidth: 320, ...style }}
      popupMatchSelectWidth={false}
      virtual={false}
      listHeight={360}
      treeData={options}
      value={keys}
      notFoundContent={
        failure ? (
          <LoadError compact what="分组树" error={failure.error} onRetry={failure.retry} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="分组树中还没有网关指标" />
        )
      }
      onChange={(next) => {
        const ids = [...new Set(next.filter((k) => k.startsWith(leafPrefix)).map(idOf))];
        onChange(max ? ids.slice(0, max) : ids);
      }}
    />
  );
}
