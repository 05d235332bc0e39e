import type { Shift } from '@iot/contracts/duty';
import { type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { createdAtColumn } from '../../../components/PagedList';
import { PagedListCard, useRowActions } from '../../../components/PagedListCard';
import { dutyApi, dutyKeys } from '../api';
import { ShiftFormModal, type ShiftFormState } from './ShiftFormModal';
import { ShiftTime } from './ShiftTime';

/** 班次: the project's shifts of the day; one in use by a rotation cannot be deleted. */
export function ShiftsTab({ projectId }: { projectId: number }) {
  const [form, setForm] = useState<ShiftFormState>(null);
  const actions = useRowActions<Shift>({
    width: 120,
    edit: (shift) => setForm({ mode: 'edit', value: shift }),
    remove: {
      confirm: (shift) => `确定删除班次「${shift.name}」吗？`,
      description: '该班次的调班与指定值班记录会一并删除。',
      request: (shift) => dutyApi.removeShift(projectId, shift.id),
      done: (shift) => `班次「${shift.name}」已删除`,
      invalidate: dutyKeys.all(projectId),
      refused: (shift) =>
        shift.rotationCount > 0 && `该班次正被 ${shift.rotationCount} 条轮班规则使用，不能删除`,
    },
  });
  const columns: TableColumnsType<Shift> = [
    {
      title: '班次',
      dataIndex: 'name',
      width: 120,
      render: (name: string, shift) => <Tag color={shift.color}>{name}</Tag>,
    },
    { title: '时间', key: 'time', width: 170, render: (_, shift) => <ShiftTime shift={shift} /> },
    { title: '轮班规则数', dataIndex: 'rotationCount', width: 100 },
    { title: '排序', dataIndex: 'sort', width: 70 },
    createdAtColumn(),
    ...actions,
  ];
  return (
    <PagedListCard<Shift>
      title="班次"
      what="班次列表"
      queryKey={dutyKeys.shifts(projectId)}
      savedAs="dutyShifts"
      fetchPage={(params) => dutyApi.shifts(projectId, params)}
      columns={columns}
      searchPlaceholder="班次名称"
      empty="还没有班次，新建白班、夜班等班次后再安排轮班"
      counted="个班次"
      noun="班次"
      create={{ text: '新建班次', onClick: () => setForm({ mode: 'create' }) }}
    >
      <ShiftFormModal projectId={projectId} state={form} onClose={() => setForm(null)} />
    </PagedListCard>
  );
}
