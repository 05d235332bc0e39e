import {
  TASK_SOURCES,
  TASK_STATUSES,
  TaskSourceNames,
  TaskStatusNames,
  TaskTypeNames,
} from '@iot/contracts/maintenance';
import { Button, DatePicker, Input, Segmented, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { UnfoldedTreeSelect } from '../../../components/UnfoldedTreeSelect';
import { TIME_PRESETS } from '../../monitoring/index';
import type { WorkOrderFilter } from '../api';
import { useAssigneeOptions, useEquipmentOptions } from '../api';
import { TASK_TYPES } from './tags';
import { useSiteTree } from './WorkOrderFormModal';

/** The list's conditions as kept per user; 0 and '' mean "all". */
export interface WorkOrderConditions {
  scope: 'all' | 'mine';
  status: number;
  type: number;
  assigneeId: number;
  siteId: number;
  equipmentId: number;
  source: string;
  keyword: string;
  /** Created within [start, stop] (ms); 0 and 0: any time. */
  start: number;
  stop: number;
}

export const NO_CONDITIONS: WorkOrderConditions = {
  scope: 'all',
  status: 0,
  type: 0,
  assigneeId: 0,
  siteId: 0,
  equipmentId: 0,
  source: '',
  keyword: '',
  start: 0,
  stop: 0,
};

export function toFilter(c: WorkOrderConditions): WorkOrderFilter {
  return {
    ...(c.scope === 'mine' ? { mine: true } : {}),
    ...(c.status ? { status: c.status } : {}),
    ...(c.type ? { type: c.type } : {}),
    ...(c.assigneeId && c.scope !== 'mine' ? { assigneeId: c.assigneeId } : {}),
    ...(c.siteId ? { siteId: c.siteId } : {}),
    ...(c.equipmentId ? { equipmentId: c.equipmentId } : {}),
    ...((TASK_SOURCES as readonly string[]).includes(c.source)
      ? { source: c.source as WorkOrderFilter['source'] }
      : {}),
    ...(c.keyword ? { keyword: c.keyword } : {}),
    ...(c.start ? { startTime: c.start, stopTime: c.stop } : {}),
  };
}

const PRESETS = TIME_PRESETS.filter(([key]) =>
  ['today', 'last24h', 'thisWeek', 'last7d', 'thisMonth', 'thisYear'].includes(key),
).map(([, label, range]) => ({ label, value: range }));

/**
 * 全部 / 我的工单, status, type, assignee, site, equipment, source, creation time at once; keyword on
 * 查询.
 */
export function WorkOrderFilters({
  groupId,
  value,
  onChange,
}: {
  groupId: number;
  value: WorkOrderConditions;
  onChange: (next: Partial<WorkOrderConditions>) => void;
}) {
  const people = useAssigneeOptions(groupId);
  const { tree } = useSiteTree(groupId);
  const equipment = useEquipmentOptions(groupId);
  const equipmentOptions = (equipment.data ?? []).map((e) => ({
    value: e.id,
    label: `${e.name}（${e.code}）`,
  }));
  // Chosen before the options arrive (a link from the equipment detail): show it by number meanwhile.
  if (value.equipmentId && !equipmentOptions.some((o) => o.value === value.equipmentId))
    equipmentOptions.unshift({ value: value.equipmentId, label: `设备 #${value.equipmentId}` });
  const [draft, setDraft] = useState(value.keyword);
  useEffect(() => setDraft(value.keyword), [value.keyword]);
  const search = () => {
    const keyword = draft.trim();
    if (keyword !== value.keyword) onChange({ keyword });
  };
  return (
    <Space wrap size={[12, 12]} style={{ marginBottom: 16 }} data-testid="order-filters">
      <Segmented
        value={value.scope}
        options={[
          { value: 'all', label: '全部工单' },
          { value: 'mine', label: '我的工单' },
        ]}
        onChange={(scope) => onChange({ scope: scope as WorkOrderConditions['scope'] })}
      />
      <Select
        aria-label="状态"
        style={{ width: 150 }}
        showSearch
        optionFilterProp="label"
        value={value.status}
        onChange={(status: number) => onChange({ status })}
        options={[
          { value: 0, label: '全部状态' },
          ...TASK_STATUSES.map((s) => ({ value: s, label: TaskStatusNames[s] })),
        ]}
      />
      <Select
        aria-label="类型"
        style={{ width: 110 }}
        value={value.type}
        onChange={(type: number) => onChange({ type })}
        options={[
          { value: 0, label: '全部类型' },
          ...TASK_TYPES.map((t) => ({ value: t, label: TaskTypeNames[t] })),
        ]}
      />
      {value.scope === 'all' && (
        <Select
          aria-label="执行人"
          style={{ width: 150 }}
          value={value.assigneeId}
          showSearch
          optionFilterProp="label"
          loading={people.isLoading}
          onChange={(assigneeId: number) => onChange({ assigneeId })}
          options={[
            { value: 0, label: '全部执行人' },
            ...(people.data ?? []).map((p) => ({ value: p.id, label: p.realname || p.username })),
          ]}
        />
      )}
      <UnfoldedTreeSelect
        aria-label="站点"
        style={{ width: 170 }}
        allowClear
        placeholder="全部站点"
        value={value.siteId || undefined}
        onChange={(siteId?: number) => onChange({ siteId: siteId ?? 0 })}
        treeData={tree}
      />
      <Select
        aria-label="设备"
        style={{ width: 190 }}
        allowClear
        showSearch
        optionFilterProp="label"
        placeholder="全部设备"
        loading={equipment.isLoading}
        notFoundContent={equipment.isError ? '设备加载失败' : undefined}
        value={value.equipmentId || undefined}
        onChange={(equipmentId?: number) => onChange({ equipmentId: equipmentId ?? 0 })}
        options={equipmentOptions}
      />
      <Select
        aria-label="来源"
        style={{ width: 130 }}
        value={value.source}
        onChange={(source: string) => onChange({ source })}
        options={[
          { value: '', label: '全部来源' },
          ...TASK_SOURCES.map((s) => ({ value: s, label: TaskSourceNames[s] })),
        ]}
      />
      <DatePicker.RangePicker
        aria-label="创建时间"
        showTime
        format="YYYY-MM-DD HH:mm"
        placeholder={['创建开始', '创建结束']}
        style={{ maxWidth: '100%' }}
        presets={PRESETS}
        value={value.start ? [dayjs(value.start), dayjs(value.stop)] : null}
        onChange={(range) =>
          onChange(
            range?.[0] && range[1]
              ? { start: range[0].valueOf(), stop: range[1].valueOf() }
              : { start: 0, stop: 0 },
          )
        }
      />
      <Space.Compact>
        <Input
          allowClear
          aria-label="关键字"
          placeholder="标题、编号或描述"
          style={{ width: 190 }}
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            if (!e.target.value && value.keyword) onChange({ keyword: '' });
          }}
          onPressEnter={search}
        />
        <Button type="primary" onClick={search}>
          查 询
        </Button>
      </Space.Compact>
      <Button onClick={() => onChange(NO_CONDITIONS)}>重 置</Button>
    </Space>
  );
}
