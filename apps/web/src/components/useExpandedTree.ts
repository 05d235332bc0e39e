import { useMemo, useState } from 'react';

/** A tree node's key as antd's trees take it. */
type Key = string | number;

interface Node {
  value: Key;
  children?: Node[];
}

function parentKeys(nodes: Node[]): Key[] {
  return nodes.flatMap((n) => (n.children?.length ? [n.value, ...parentKeys(n.children)] : []));
}

/**
 * A searchable TreeSelect whose tree arrives after it is opened, shown unfolded. antd's
 * treeDefaultExpandAll unfolds only the tree present when the dropdown first opens, and a search
 * unfolds the tree present when it was typed: open (or type) while the tree loads and its nodes
 * stay folded, the matches hidden under their groups. Here every group is open unless the user
 * folded it, whenever the data came; a new search unfolds everything again.
 */
export function useExpandedTree(options: Node[]) {
  const parents = useMemo(() => parentKeys(options), [options]);
  const [folded, setFolded] = useState<ReadonlySet<Key>>(new Set());
  return {
    treeExpandedKeys: parents.filter((k) => !folded.has(k)),
    onTreeExpand: (open: Key[]) => {
      const shown = new Set(open);
      setFolded(new Set(parents.filter((k) => !shown.has(k))));
    },
    onSearch: () => setFolded(new Set()),
  };
}
