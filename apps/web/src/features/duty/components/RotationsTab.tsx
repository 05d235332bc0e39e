import { type Rotation, RotationPeriodNames, WEEKDAYS, WeekdayNames } from '@iot/contracts/duty';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { PagedListCard, useRowActions } from '../../../components/PagedListCard';
import { dutyApi, dutyKeys } from '../api';
import { RotationFormModal, type RotationFormState } from './RotationFormModal';

const weekdaysText = (days: number[]) =>
  days.length === WEEKDAYS.length
    ? '每天'
    : days.join() === '1,2,3,4,5'
      ? '工作日'
      : days.join() === '6,7'
        ? '周末'
        : days.map((d) => WeekdayNames[d]).join('、');

/** 轮班规则: who takes which shift in turn, and when. */
export function RotationsTab({ projectId }: { projectId: number }) {
  const [form, setForm] = useState<RotationFormState>(null);
  const actions = useRowActions<Rotation>({
    width: 120,
    edit: (rotation) => setForm({ mode: 'edit', value: rotation }),
    remove: {
      confirm: (rotation) => `确定删除轮班规则「${rotation.name}」吗？`,
      description: '删除后值班日历不再按此规则排班。',
      request: (rotation) => dutyApi.removeRotation(projectId, rotation.id),
      done: (rotation) => `轮班规则「${rotation.name}」已删除`,
      invalidate: dutyKeys.all(projectId),
    },
  });
  const columns: TableColumnsType<Rotation> = [
    { title: '规则名称', dataIndex: 'name', width: 130, ellipsis: true },
    { title: '班次', dataIndex: 'shiftName', width: 90 },
    {
      title: '轮换方式',
      dataIndex: 'period',
      width: 90,
      render: (p: Rotation['period']) => RotationPeriodNames[p],
    },
    {
      title: '轮班人员（依次）',
      dataIndex: 'users',
      width: 220,
      render: (users: Rotation['users']) => users.map((u) => u.realname).join(' → ') || '—',
    },
    {
      title: '日期范围',
      key: 'dates',
      width: 200,
      render: (_, r) => `${r.startDate} 至 ${r.endDate ?? '长期'}`,
    },
    { title: '星期', dataIndex: 'weekdays', width: 120, render: weekdaysText },
    ...actions,
  ];
  return (
    <PagedListCard<Rotation>
      title="轮班规则"
      what="轮班规则列表"
      queryKey={dutyKeys.rotations(projectId)}
      savedAs="dutyRotations"
      fetchPage={(params) => dutyApi.rotations(projectId, params)}
      columns={columns}
      searchPlaceholder="规则或班次名称"
      empty="还没有轮班规则"
      counted="条规则"
      noun="轮班规则"
      create={{ text: '新建轮班规则', onClick: () => setForm({ mode: 'create' }) }}
    >
      <RotationFormModal projectId={projectId} state={form} onClose={() => setForm(null)} />
    </PagedListCard>
  );
}
