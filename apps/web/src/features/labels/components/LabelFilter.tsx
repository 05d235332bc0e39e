import { Select, Tag } from 'antd';
import type { CSSProperties } from 'react';
import { useLabelOptions } from '../api';

/** A list's 标签 filter: one label of the project, or all (0). Hidden while the project has none. */
export function LabelFilter({
  projectId,
  value,
  onChange,
  style = { width: 140 },
}: {
  projectId: number;
  value: number;
  onChange(labelId: number): void;
  style?: CSSProperties;
}) {
  const labels = useLabelOptions(projectId);
  if (!labels.data || (labels.data.length === 0 && !value)) return null;
  return (
    <Select
      aria-label="标签"
      value={value}
      style={style}
      onChange={onChange}
      options={[
        { value: 0, label: '全部标签' },
        ...labels.data.map((l) => ({ value: l.id, label: <Tag color={l.color}>{l.name}</Tag> })),
      ]}
    />
  );
}
