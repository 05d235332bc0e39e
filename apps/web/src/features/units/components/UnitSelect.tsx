import { Select } from 'antd';
import { useUnitOptions } from '../api';

/**
 * The unit of an indicator, picked from the catalogue (单位管理): built-in units and the project's
 * own, grouped by category, searchable by symbol or name. A unit typed before the catalogue
 * existed stays selectable as it is.
 */
export function UnitSelect({
  projectId,
  value,
  onChange,
  id,
}: {
  projectId: number;
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
}) {
  const options = useUnitOptions(projectId);
  const units = options.data ?? [];
  const groups = new Map<string, { value: string; label: string; search: string }[]>();
  for (const unit of units) {
    const category = unit.category || '其他';
    const list = groups.get(category) ?? [];
    list.push({
      value: unit.name,
      label: unit.description ? `${unit.name}（${unit.description}）` : unit.name,
      search: `${unit.name} ${unit.description} ${unit.category}`.toLowerCase(),
    });
    groups.set(category, list);
  }
  const known = units.some((u) => u.name === value);
  const grouped = [
    ...(value && !known
      ? [{ label: '当前单位', options: [{ value, label: value, search: value.toLowerCase() }] }]
      : []),
    ...[...groups.entries()].map(([label, list]) => ({ label, options: list })),
  ];
  return (
    <Select
      id={id}
      showSearch
      allowClear
      aria-label="单位"
      placeholder={options.isError ? '单位加载失败，请稍后重试' : '选择单位（可输入符号或名称搜索）'}
      loading={options.isLoading}
      value={value || undefined}
      onChange={(next) => onChange?.(next ?? '')}
      options={grouped}
      filterOption={(input, option) =>
        Boolean(option && 'search' in option && String(option.search).includes(input.trim().toLowerCase()))
      }
      notFoundContent="没有该单位，可在 单位管理 中新建"
    />
  );
}
