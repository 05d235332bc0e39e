import type { RecordOptions } from '@iot/contracts/maintenance';
import { type TaskType, TaskTypeNames } from '@iot/contracts/maintenance';
import { useMemo } from 'react';
import { UnfoldedTreeSelect } from '../../../components/UnfoldedTreeSelect';
import { TYPE_BITS } from './format';

interface SiteNode {
  value: number;
  title: string;
  children: SiteNode[];
}

/** The project's areas and sites as a tree (parentId null: under the project). */
export function siteTree(sites: RecordOptions['sites']): SiteNode[] {
  const nodes = new Map(sites.map((s) => [s.id, { value: s.id, title: s.name, children: [] as SiteNode[] }]));
  const roots: SiteNode[] = [];
  for (const s of sites) {
    const node = nodes.get(s.id)!;
    const parent = s.parentId === null ? undefined : nodes.get(s.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** 站点: an area or a site; its records include those below it. */
export function SiteSelect({
  sites,
  value,
  onChange,
  loading,
}: {
  sites: RecordOptions['sites'];
  value: number | undefined;
  onChange: (siteId: number | undefined) => void;
  loading?: boolean;
}) {
  const tree = useMemo(() => siteTree(sites), [sites]);
  return (
    <UnfoldedTreeSelect
      aria-label="站点"
      style={{ width: 180 }}
      allowClear
      showSearch
      placeholder="全部站点"
      loading={loading}
      treeNodeFilterProp="title"
      value={value}
      onChange={(v: number | undefined) => onChange(v ?? undefined)}
      treeData={tree}
    />
  );
}

export const TYPE_OPTIONS = [
  { value: 0, label: '全部类型' },
  ...TYPE_BITS.map((bit) => ({ value: bit, label: TaskTypeNames[bit as TaskType] })),
];
