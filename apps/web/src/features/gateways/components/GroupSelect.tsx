import type { GroupNode } from '@iot/contracts/groups';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '../../../components/LoadState';
import { UnfoldedTreeSelect } from '../../../components/UnfoldedTreeSelect';
import { gatewaysApi } from '../api';

interface TreeOption {
  value: number;
  title: string;
  children: TreeOption[];
}

const toOption = (node: GroupNode): TreeOption => ({
  value: node.id,
  title: node.name,
  children: node.children.map(toOption),
});

/**
 * The project's areas and sites to put a gateway in; the root is the project itself. Without
 * access to the group tree only the project root is offered.
 */
export function GroupSelect({
  groupId,
  value,
  onChange,
  id,
  allowRoot = true,
}: {
  groupId: number;
  value?: number | null;
  onChange?: (value: number | null) => void;
  id?: string;
  allowRoot?: boolean;
}) {
  const tree = useQuery({
    queryKey: ['gatewayGroupTree', groupId],
    queryFn: () => gatewaysApi.groupTree(groupId),
    staleTime: 60_000,
  });
  const root = tree.data ? toOption(tree.data) : { value: groupId, title: '项目根目录', children: [] };
  const options = allowRoot ? [{ ...root, title: `${root.title}（项目根目录）` }] : root.children;
  return (
    <UnfoldedTreeSelect<number | null>
      id={id}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      treeData={options}
      loading={tree.isLoading}
      allowClear
      placeholder="项目根目录"
      showSearch
      treeNodeFilterProp="title"
      notFoundContent={
        tree.isError ? <LoadError compact what="分组" error={tree.error} onRetry={tree.refetch} /> : undefined
      }
    />
  );
}
