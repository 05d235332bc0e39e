import type { Unit } from '@iot/contracts/units';
import { type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { PagedListCard, useRowActions } from '../../../components/PagedListCard';
import { useCurrentRoute } from '../../../platform/routes/currentRoute';
import { useProjectId } from '../../../platform/routes/useProjectId';
import { unitKeys, unitsApi } from '../api';
import { UnitFormModal, type UnitFormState } from '../components/UnitFormModal';

const BUILTIN_TIP = '内置单位供所有项目使用，不能修改或删除';

/** 单位管理 (router-units): the built-in units and the project's own, which indicators pick from. */
export function Units() {
  const projectId = useProjectId();
  const route = useCurrentRoute();
  const [form, setForm] = useState<UnitFormState>(null);
  const actions = useRowActions<Unit>({
    width: 140,
    locked: (unit) => unit.builtin && BUILTIN_TIP,
    edit: (unit) => setForm({ mode: 'edit', unit }),
    remove: {
      confirm: (unit) => `确定删除单位「${unit.name}」吗？`,
      description: '被指标使用的单位不能删除。',
      request: (unit) => unitsApi.remove(projectId, unit.id),
      done: (unit) => `单位「${unit.name}」已删除`,
      invalidate: unitKeys.all(projectId),
    },
  });

  const columns: TableColumnsType<Unit> = [
    { title: '单位符号', dataIndex: 'name', width: 120, render: (name: string) => <strong>{name}</strong> },
    { title: '名称', dataIndex: 'description', width: 160, render: (text: string) => text || '—' },
    { title: '类别', dataIndex: 'category', width: 100, render: (text: string) => text || '—' },
    {
      title: '来源',
      dataIndex: 'builtin',
      width: 90,
      render: (builtin: boolean) => (builtin ? <Tag color="gold">内置</Tag> : <Tag color="blue">本项目</Tag>),
    },
    { title: '使用指标数', dataIndex: 'usedBy', width: 100 },
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      width: 170,
      render: (at: number, unit) => (unit.builtin ? '—' : dayjs(at).format('YYYY-MM-DD HH:mm:ss')),
    },
    ...actions,
  ];

  return (
    <PagedListCard<Unit>
      title={route?.title ?? '单位管理'}
      what="单位列表"
      queryKey={unitKeys.list(projectId)}
      savedAs="units"
      fetchPage={(params) => unitsApi.page(projectId, params)}
      columns={columns}
      searchPlaceholder="符号、名称或类别"
      empty="还没有单位"
      counted="个单位"
      noun="单位"
      create={{ text: '新建单位', onClick: () => setForm({ mode: 'create' }) }}
    >
      <UnitFormModal projectId={projectId} state={form} onClose={() => setForm(null)} />
    </PagedListCard>
  );
}
