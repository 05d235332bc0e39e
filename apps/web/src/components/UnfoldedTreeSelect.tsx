import { TreeSelect, type TreeSelectProps } from 'antd';
import { useMemo, useState } from 'react';

/** A tree node's key as antd's trees take it. */
type Key = string | number;

interface Node {
  value?: Key | null;
  children?: Node[];
}

function parentKeys(nodes: readonly Node[]): Key[] {
  return nodes.flatMap((n) =>
    n.children?.length && n.value != null ? [n.value, ...parentKeys(n.children)] : [],
  );
}

/**
 * A TreeSelect shown unfolded whenever its tree arrives. antd's treeDefaultExpandAll unfolds only
 * the tree present when the dropdown first opens, and a search unfolds the tree present when it
 * was typed: open the picker (or type in it) while the tree still loads and every group stays
 * folded, the matches hidden under them. Here every group is open unless the user folded it; a new
 * search unfolds everything again.
 */
export function UnfoldedTreeSelect<V>({ treeData = [], onSearch, ...props }: TreeSelectProps<V>) {
  const parents = useMemo(() => parentKeys(treeData as Node[]), [treeData]);
  const [folded, setFolded] = useState<ReadonlySet<Key>>(new Set());
  return (
    <TreeSelect<V>
      {...props}
      treeData={treeData}
      treeExpandedKeys={parents.filter((k) => !folded.has(k))}
      onTreeExpand={(open) => {
        const shown = new Set<Key>(open as Key[]);
        setFolded(new Set(parents.filter((k) => !shown.has(k))));
      }}
      onSearch={(text) => {
        setFolded(new Set());
        onSearch?.(text);
      }}
    />
  );
}
